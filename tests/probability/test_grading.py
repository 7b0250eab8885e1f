"""The probability lessons as nbgrader assignments, played by scripted students.

Every lesson in the graded format (`lesson_format.converted()`; the format: docs/teaching.md,
"Writing a lesson's exercises") is one notebook of one assignment, in one of two courses generated
and graded at the same time (one per core). nbgrader autogrades each lesson once: the submission is
the teacher's version, and appended to it the other students' cells, which run in the same kernel
after the same set-up cells:

- the teacher's answers must score full marks in the gradebook;
- the blank student (the release's answer cells) scores 0 on every check;
- the wrong student submits every wrong answer the teacher guide lists: each passes the visible
  form check of the student version and fails the full check (the hidden tests restored);
- the copier pastes every number and expression of the student version's visible cells (and every
  number its lesson prints) into every answer variable: no check passes (but where the guide says
  `Copier may pass`).

Each appended answer cell first sets its variables back to None, as the student's does; the
teacher's other names stay defined, which can only help a check pass.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from . import lesson_format as fmt

LESSONS = fmt.converted()
ASSIGNMENT = "probability"
#: seconds each lesson's submission takes to autograde (kernel start, the lesson, then its blank, wrong
#: and copying students; timed cell by cell with nbclient): only used to share the lessons fairly
#: between the two autograde processes
RUN_SECONDS = {"01": 10, "02": 12.5, "03": 10.5, "04": 9, "05": 14, "06": 12, "07": 11, "08": 14, "09": 22}
#: what must not be in any student version: the teacher's parts, the grading, the solutions
GIVEAWAYS = ("Teacher notes", "Answers", "BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS", "graded_")


def grade_cells(path: Path) -> dict[str, float]:
    """grade_id -> points of every autograded test cell."""
    return {fmt.mark(c)["grade_id"]: fmt.mark(c)["points"] for c in fmt.cells(path) if fmt.mark(c).get("grade")}


def solution_ids(path: Path) -> list[str]:
    return [fmt.mark(c)["grade_id"] for c in fmt.cells(path) if fmt.mark(c).get("solution")]


def nbgrader(course: Path, *args: str) -> subprocess.Popen:
    """Start an nbgrader command in `course`; `finish` waits for it and checks it worked."""
    env = dict(os.environ)
    # nbgrader's gradebook set-up calls a bare `alembic`: the environment's bin/ must be on PATH
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.Popen(
        [sys.executable, "-m", "nbgrader", *args, "--force", "--log-level=WARN"],
        cwd=course,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(command: subprocess.Popen) -> None:
    """Wait for an nbgrader command: it must succeed and warn about nothing (a check cell whose
    result is an object, for one, gives "cannot be converted to a float")."""
    stdout, stderr = command.communicate(timeout=900)
    assert command.returncode == 0, stdout[-3000:] + stderr[-3000:]
    warnings = [line for line in (stdout + stderr).splitlines() if re.search(r"\[\w+App \| WARNING\]", line)]
    assert not warnings, "\n".join(warnings[:20])


# --- the format ---------------------------------------------------------------------------------------


def test_every_lesson_has_three_graded_exercises_with_an_answer_cell_each():
    assert fmt.lessons(), "no lessons in notebooks/probability"
    for lesson in fmt.lessons():
        checks, answers = grade_cells(lesson), solution_ids(lesson)
        assert len(checks) >= 3, f"{lesson.name}: only {len(checks)} graded exercises"
        assert len(answers) >= 3, f"{lesson.name}: only {len(answers)} answer cells"
        assert all(points > 0 for points in checks.values())


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_grades_in_hidden_tests_and_keeps_its_teacher_parts_in_a_guide(lesson):
    notebook = fmt.cells(lesson)
    text = "\n".join(fmt.source(c) for c in notebook)
    assert "Teacher notes" not in text and "Answers" not in text, f"{lesson.name}: teacher parts in the notebook"
    needs = next(line for c in notebook for line in fmt.source(c).split("\n\n") if "**Needs:**" in line)
    assert "writing a little Python" in needs.replace("\n", " "), f"{lesson.name}: {needs!r}"

    guide = fmt.guide_path(lesson)
    assert guide.exists(), f"{lesson.name}: no teacher guide at {guide.relative_to(fmt.ROOT)}"
    guide_text = guide.read_text(encoding="utf-8")
    places = [guide_text.find(heading + "\n") for heading in fmt.GUIDE_HEADINGS]
    assert -1 not in places and places == sorted(places), f"{guide.name}: the headings {fmt.GUIDE_HEADINGS}"

    exercises = fmt.exercises(lesson)
    assert [e.name for e in exercises] == [f"ex{n}" for n in range(1, len(exercises) + 1)]
    assert len(grade_cells(lesson)) == len(solution_ids(lesson)) == len(exercises)
    for exercise in exercises:
        where = f"{lesson.name} {exercise.name}"
        assert exercise.variables, f"{where}: the answer cell sets no variable to None before its solution"
        assert fmt.HIDDEN.search(exercise.check), f"{where}: no hidden tests"
        shown = fmt.visible(exercise.check)
        assert "graded_" not in shown and "close_to" not in shown and "one_of(" not in shown, where
        assert exercise.wrong, f"{where}: the guide lists no wrong answer"
    for cell in notebook:  # a check's last statement has no value: no result for nbgrader to read
        if fmt.mark(cell).get("grade"):
            assert not [o for o in cell.get("outputs", []) if o["output_type"] == "execute_result"], lesson.name
    assert fmt.copier_may_pass(lesson) <= {e.name for e in exercises}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_the_stored_lesson_shows_no_answer_to_its_prediction_before_the_learner_predicts(lesson):
    """Up to the cell that prints the predict-first answer once the guesses are set, no stored output
    gives it away; that cell, stored without guesses, asks for them."""
    notebook = fmt.cells(lesson)
    giveaways = fmt.predict_first(lesson)
    reveal = next((i for i, c in enumerate(notebook) if c["cell_type"] == "code" and "guessed(" in fmt.source(c)), None)
    assert reveal is not None, f"{lesson.name}: no cell prints the predict-first answer only after the guesses"
    assert giveaways, f"{lesson.name}: the guide lists no predict-first answer"
    for cell in notebook[: reveal + 1]:
        for output in cell.get("outputs", []):
            shown = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
            for giveaway in giveaways:
                assert giveaway not in shown, f"{lesson.name}: {giveaway!r} is shown before the learner predicts"
    stored = "".join("".join(o.get("text", "")) for o in notebook[reveal].get("outputs", []))
    assert "Write your guess" in stored, f"{lesson.name}: the stored reveal cell should ask for the guesses"


def test_the_multiple_choice_letters_vary():
    letters = []
    for lesson in LESSONS:
        for exercise in fmt.exercises(lesson):
            for call in fmt.HIDDEN.findall(exercise.check):
                if "graded_choice(" in call:
                    letters.append(call.split("graded_choice(")[1].split(",")[1].strip().strip("\"'"))
    if len(letters) < 2:
        pytest.skip(f"{len(letters)} multiple-choice exercise(s) in the graded format")
    assert len(set(letters)) >= 2, f"every multiple-choice answer is {letters}"


# --- the student versions -------------------------------------------------------------------------------


def new_course(folder: Path, lessons: list[Path]) -> subprocess.Popen:
    """A course directory with `lessons` as one assignment; starts generating its student version."""
    (folder / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(folder)!r}\n"
        "c.Execute.timeout = 120\n"  # a lesson simulates for a few seconds; a slow CI machine may take longer
        "c.Execute.iopub_timeout = 60\n"  # a loaded machine may send a cell's last output late
    )
    source = folder / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    for lesson in lessons:
        shutil.copy(lesson, source / lesson.name)
    return nbgrader(folder, "generate_assignment", ASSIGNMENT)


@pytest.fixture(scope="module")
def courses(tmp_path_factory) -> dict[Path, Path]:
    """Every lesson in the graded format, in one of two courses (the lessons shared by run time, so that
    the two cores autograde one course each; an sqlite gradebook is not shared between processes),
    their student versions generated. Maps each lesson to its course."""
    halves = [half for half in two_halves(LESSONS) if half]
    folders = [tmp_path_factory.mktemp("course") for _ in halves]
    for command in [new_course(folder, half) for folder, half in zip(folders, halves)]:
        finish(command)
    return {lesson: folder for folder, half in zip(folders, halves) for lesson in half}


@pytest.mark.slow
def test_the_student_version_keeps_every_exercise_and_gives_nothing_away(courses):
    for lesson in LESSONS:
        student = courses[lesson] / "release" / ASSIGNMENT / lesson.name
        text = student.read_text(encoding="utf-8")
        for giveaway in GIVEAWAYS:
            assert giveaway not in text, f"{lesson.name}: the student version contains {giveaway!r}"
        assert grade_cells(student) == grade_cells(lesson), f"{lesson.name}: an exercise went missing"
        assert solution_ids(student) == solution_ids(lesson)
        cells = {fmt.mark(c).get("grade_id"): c for c in fmt.cells(student)}
        for exercise in fmt.exercises(lesson):
            answer = fmt.source(cells[f"{exercise.name}-answer"])
            assert "raise NotImplementedError()" in answer, f"{lesson.name}: {exercise.name}"
            for line in fmt.SOLUTION.search(exercise.answer)[0].splitlines()[1:-1]:
                assert line.strip() not in text or len(line.strip()) < 12, f"{lesson.name}: {line!r} is released"
            assert fmt.source(cells[f"{exercise.name}-check"]).strip() == fmt.visible(exercise.check).strip()
        assert not any(c.get("outputs") for c in fmt.cells(student)), f"{lesson.name}: stored outputs released"


# --- the scripted students -----------------------------------------------------------------------------

COPIER = '''
import contextlib as _contextlib, hashlib as _hashlib, io as _io, json as _json, pickle as _pickle, time as _time


def _same_paste(value):
    """A key equal for equal values: the pickled bytes' digest, cheap even for a frame of 300,000
    rows (whose repr, with the lessons' plain-table settings, prints every row); repr when a value
    does not pickle."""
    try:
        return type(value).__name__, _hashlib.blake2b(_pickle.dumps(value, protocol=5)).hexdigest()
    except Exception:
        return type(value).__name__, repr(value)


def _copy_everything(candidates, exercises, namespace):
    """Paste every candidate into every answer variable and run each exercise's full check."""
    started = _time.perf_counter()
    values = []
    for text in candidates:
        try:
            with _contextlib.redirect_stdout(_io.StringIO()), _contextlib.redirect_stderr(_io.StringIO()):
                values.append((text, eval(text, dict(namespace))))
        except Exception:
            pass
    distinct = {}
    for text, value in values:  # one value reached by two expressions is one paste
        try:
            key = _same_paste(value)
        except Exception:
            continue
        distinct.setdefault(key, (text, value))
    values = list(distinct.values())
    passed = {}
    for exercise in exercises:
        names = exercise["variables"]
        targets = [[name] for name in names] + ([names] if len(names) > 1 else [])
        for text, value in values:
            for target in targets:
                trial = {**namespace, **{name: None for name in names}, **{name: value for name in target}}
                try:
                    with _contextlib.redirect_stdout(_io.StringIO()), _contextlib.redirect_stderr(_io.StringIO()):
                        exec(exercise["check"], trial)
                except Exception:
                    continue
                passed.setdefault(exercise["name"], []).append(f"{' = '.join(target)} = {text}")
    return {"tried": len(values), "passed": passed, "seconds": round(_time.perf_counter() - started, 1)}


print("COPIER " + _json.dumps(_copy_everything(_json.loads({candidates}), _json.loads({exercises}), globals())))
'''


def code_cell(cell_id: str, text: str) -> dict:
    return {"cell_type": "code", "id": cell_id, "metadata": {}, "source": text, "outputs": [], "execution_count": None}


def submission(lesson: Path, release: Path) -> dict:
    """The teacher's lesson, then the blank, wrong and copying students' cells (see the module)."""
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    released = {fmt.mark(c).get("grade_id"): fmt.source(c) for c in fmt.cells(release)}
    exercises = fmt.exercises(lesson)
    for exercise in exercises:
        name = exercise.name
        notebook["cells"] += [code_cell(f"blank-{name}-answer", released[f"{name}-answer"]),
                              code_cell(f"blank-{name}-check", exercise.check)]  # fmt: skip
        for k, wrong in enumerate(exercise.wrong):
            notebook["cells"] += [code_cell(f"wrong-{name}-{k}-answer", fmt.blank_answer(exercise.answer) + wrong),
                                  code_cell(f"wrong-{name}-{k}-form", fmt.visible(exercise.check)),
                                  code_cell(f"wrong-{name}-{k}-check", exercise.check)]  # fmt: skip
    candidates = fmt.copied_candidates(release, lesson)
    checks = [{"name": e.name, "variables": e.variables, "check": e.check} for e in exercises]
    copier = COPIER.replace("{candidates}", repr(json.dumps(candidates)))
    copier = copier.replace("{exercises}", repr(json.dumps(checks)))
    notebook["cells"].append(code_cell("copier", copier))
    return notebook


def failed(cell: dict) -> bool:
    """nbgrader's rule for a test cell: an error or anything on stderr scores 0."""
    node = nbformat.from_dict({**cell, "metadata": {"nbgrader": {"grade": True, "solution": False, "points": 1,
                                                                  "grade_id": cell["id"]}}})  # fmt: skip
    from nbgrader.utils import determine_grade

    return determine_grade(node)[0] == 0


def two_halves(lessons: list[Path]) -> list[list[Path]]:
    """The lessons in two groups of about the same run time (longest first, each to the lighter group);
    a lesson not in RUN_SECONDS counts as the slowest."""
    halves: list[list[Path]] = [[], []]
    seconds = [0.0, 0.0]
    weight = {lesson: RUN_SECONDS.get(lesson.name[:2], max(RUN_SECONDS.values())) for lesson in lessons}
    for lesson in sorted(lessons, key=weight.get, reverse=True):
        lighter = seconds.index(min(seconds))
        halves[lighter].append(lesson)
        seconds[lighter] += weight[lesson]
    return halves


@pytest.mark.slow
def test_scripted_students_score_as_their_answers_deserve(courses):
    """Autograde every lesson once (the two courses at the same time); score the teacher in the
    gradebook and the others by nbgrader's own rule on their cells."""
    from nbgrader.api import Gradebook

    halves: dict[Path, list[Path]] = {}
    for lesson, folder in courses.items():
        halves.setdefault(folder, []).append(lesson)
    for folder, lessons in halves.items():
        target = folder / "submitted" / "students" / ASSIGNMENT
        target.mkdir(parents=True)
        for lesson in lessons:
            source, release = (folder / part / ASSIGNMENT / lesson.name for part in ("source", "release"))
            work = submission(source, release)
            (target / lesson.name).write_text(json.dumps(work))
    started = time.perf_counter()
    running = [nbgrader(folder, "autograde", ASSIGNMENT, "--student=students") for folder in halves]
    for command in running:
        finish(command)
    seconds = time.perf_counter() - started

    report, problems = [], []
    for folder, lessons in halves.items():
        with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as gradebook:
            teacher = {lesson: sum(gradebook.find_grade(grade_id, lesson.stem, ASSIGNMENT, "students").score
                                   for grade_id in grade_cells(lesson)) for lesson in lessons}  # fmt: skip
        for lesson in lessons:
            graded = json.loads((folder / "autograded" / "students" / ASSIGNMENT / lesson.name).read_text())
            ran = {c.get("id"): c for c in graded["cells"]}
            exercises = fmt.exercises(lesson)
            full = sum(e.points for e in exercises)
            if teacher[lesson] != full:
                problems.append(f"{lesson.stem}: the teacher scores {teacher[lesson]} of {full}")
            blank = sum(e.points for e in exercises if not failed(ran[f"blank-{e.name}-check"]))
            if blank:
                problems.append(f"{lesson.stem}: the blank student scores {blank}")
            wrong_total = wrong_passed = 0
            for e in exercises:
                for k, code in enumerate(e.wrong):
                    wrong_total += 1
                    if failed(ran[f"wrong-{e.name}-{k}-form"]):
                        problems.append(f"{lesson.stem} {e.name}: the wrong answer {code!r} fails the form check: "
                                        "list a plausible answer of the right form")  # fmt: skip
                    if not failed(ran[f"wrong-{e.name}-{k}-check"]):
                        wrong_passed += 1
                        problems.append(f"{lesson.stem} {e.name}: the wrong answer {code!r} passes")
            printed = "".join("".join(o.get("text", "")) for o in ran["copier"]["outputs"] if o.get("name") == "stdout")
            assert "COPIER " in printed, f"{lesson.stem}: the copier did not run: {ran['copier']['outputs']}"
            copier = json.loads(printed.split("COPIER ", 1)[1].splitlines()[0])
            allowed = fmt.copier_may_pass(lesson)
            for name, pastes in copier["passed"].items():
                if name not in allowed:
                    problems.append(f"{lesson.stem} {name}: the copier passes with {pastes[:3]}")
            copied = sum(e.points for e in exercises if e.name in copier["passed"])
            report.append(f"{lesson.stem}: teacher {teacher[lesson]:g}/{full:g}, blank {blank:g}, "
                          f"wrong answers passing {wrong_passed} of {wrong_total}, copier {copied:g} "
                          f"({copier['tried']} values pasted, {copier['seconds']} s)")  # fmt: skip
    print(f"\nscripted students (autograde {seconds:.0f} s):\n  " + "\n  ".join(report))
    assert not problems, "\n".join(problems)
