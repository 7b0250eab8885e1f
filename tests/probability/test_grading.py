"""The probability lessons as nbgrader assignments: the student version has every exercise and no
solution, the teacher version scores full marks, a blank student version scores zero.

One course directory holds every lesson (one assignment, every `notebooks/probability/NN-*.ipynb`
found by glob), so nbgrader runs generate_assignment once. Running the notebooks is most of the cost,
so autograde runs each lesson once: the teacher's notebook, followed by the blank release's exercise
cells, which run in the same kernel after the same set-up (see `teacher_then_blank`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "probability").glob("[0-9]*.ipynb"))
ASSIGNMENT = "probability"
#: seconds each lesson takes to run (kernel start included, quiet machine; benchmarks/notebooks.py):
#: only used to share the lessons fairly between the two autograde processes
RUN_SECONDS = {"01": 5.1, "02": 6.8, "03": 8.4, "04": 6.6, "05": 8.6, "06": 5.8, "08": 10.1}


def grade_cells(path: Path) -> dict[str, float]:
    """grade_id -> points of every autograded test cell."""
    cells = json.loads(path.read_text())["cells"]
    return {
        c["metadata"]["nbgrader"]["grade_id"]: c["metadata"]["nbgrader"]["points"]
        for c in cells
        if c["metadata"].get("nbgrader", {}).get("grade")
    }


def solution_ids(path: Path) -> list[str]:
    cells = json.loads(path.read_text())["cells"]
    return [c["metadata"]["nbgrader"]["grade_id"] for c in cells if c["metadata"].get("nbgrader", {}).get("solution")]


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
    stdout, stderr = command.communicate(timeout=900)
    assert command.returncode == 0, stdout[-3000:] + stderr[-3000:]


def test_every_lesson_has_three_graded_exercises_with_an_answer_cell_each():
    assert LESSONS, "no lessons in notebooks/probability"
    for lesson in LESSONS:
        checks, answers = grade_cells(lesson), solution_ids(lesson)
        assert len(checks) >= 3, f"{lesson.name}: only {len(checks)} graded exercises"
        assert len(answers) >= 3, f"{lesson.name}: only {len(answers)} answer cells"
        assert all(points > 0 for points in checks.values())


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """A course directory with every lesson as one assignment, its student version generated."""
    course = tmp_path_factory.mktemp("course")
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        "c.Execute.timeout = 120\n"  # a lesson simulates for a few seconds; a slow CI machine may take longer
        "c.Execute.iopub_timeout = 60\n"  # a loaded machine may send a cell's last output late
    )
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    for lesson in LESSONS:
        shutil.copy(lesson, source / lesson.name)
    finish(nbgrader(course, "generate_assignment", ASSIGNMENT))
    return course


@pytest.mark.slow
def test_the_student_version_keeps_every_exercise_and_no_solution(course):
    release = course / "release" / ASSIGNMENT
    for lesson in LESSONS:
        student = release / lesson.name
        text = student.read_text()
        assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
        assert grade_cells(student) == grade_cells(lesson), f"{lesson.name}: an exercise went missing"
        assert solution_ids(student) == solution_ids(lesson)
        # every answer cell now asks for the learner's code instead of holding the solution
        cells = {c["metadata"].get("nbgrader", {}).get("grade_id"): c for c in json.loads(text)["cells"]}
        for answer in solution_ids(lesson):
            assert "raise NotImplementedError()" in "".join(cells[answer]["source"]), f"{lesson.name}: {answer}"


def exercise_cells(path: Path) -> list[dict]:
    """The answer and check cells of a lesson, in order (the exercises close every lesson)."""
    marks = ((cell, cell["metadata"].get("nbgrader", {})) for cell in json.loads(path.read_text())["cells"])
    return [cell for cell, mark in marks if mark.get("solution") or mark.get("grade")]


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


def teacher_then_blank(teacher: Path, blank: Path) -> dict:
    """The teacher's lesson followed by the blank version's exercise cells as the student's own
    cells (nbgrader's marks dropped): nbgrader grades the teacher's answers and then runs the blank
    answers and checks in the same kernel, after the same set-up cells, so each lesson runs once.
    Each blank answer cell starts by setting its variable back to None, as the student's does; the
    teacher's other names stay defined, which can only help a check pass: a check that fails here
    fails in the blank notebook too."""
    notebook = json.loads(teacher.read_text())
    for cell in exercise_cells(blank):
        grade_id = cell["metadata"]["nbgrader"]["grade_id"]
        notebook["cells"].append(
            {**cell, "id": f"blank-{grade_id}", "metadata": {}, "outputs": [], "execution_count": None}
        )
    return notebook


@pytest.mark.slow
def test_autograde_gives_the_teacher_full_marks_and_a_blank_version_zero(course, tmp_path):
    """nbgrader autogrades every lesson once: the teacher's version must score full marks in the
    gradebook. The blank version's exercise cells, appended to each submission, run in the same
    kernel; nbgrader's own rule (`determine_grade`) must give each of its checks zero. The lessons
    are split between two copies of the course graded at the same time (sqlite gradebooks are not
    shared between processes), so the two cores of a CI machine both work."""
    from nbgrader.api import Gradebook
    from nbgrader.utils import determine_grade

    halves = dict(zip(("first", "second"), two_halves(LESSONS)))
    courses = {"first": course, "second": tmp_path / "course-second"}
    shutil.copytree(course, courses["second"])  # the generated assignment and its gradebook entries
    (courses["second"] / "nbgrader_config.py").write_text(
        (course / "nbgrader_config.py").read_text().replace(repr(str(course)), repr(str(courses["second"])))
    )
    for half, lessons in halves.items():
        target = courses[half] / "submitted" / "teacher" / ASSIGNMENT
        target.mkdir(parents=True)
        for lesson in lessons:
            submission = teacher_then_blank(course / "source" / ASSIGNMENT / lesson.name,
                                            course / "release" / ASSIGNMENT / lesson.name)  # fmt: skip
            (target / lesson.name).write_text(json.dumps(submission))
    running = [nbgrader(courses[half], "autograde", ASSIGNMENT, "--student=teacher") for half in halves]
    for command in running:
        finish(command)

    for half, lessons in halves.items():
        with Gradebook(f"sqlite:///{courses[half] / 'gradebook.db'}") as gradebook:
            for lesson in lessons:
                for grade_id, points in grade_cells(lesson).items():
                    grade = gradebook.find_grade(grade_id, lesson.stem, ASSIGNMENT, "teacher")
                    assert grade.score == points, f"teacher {lesson.stem} {grade_id}: {grade.score} of {points}"
        for lesson in lessons:
            graded = json.loads((courses[half] / "autograded" / "teacher" / ASSIGNMENT / lesson.name).read_text())
            blank = {c["id"]: c for c in graded["cells"] if c.get("id", "").startswith("blank-")}
            exercises = exercise_cells(lesson)
            assert len(blank) == len(exercises), f"{lesson.stem}: the blank exercises did not all run"
            for exercise in exercises:
                mark = exercise["metadata"]["nbgrader"]
                cell = nbformat.from_dict(blank[f"blank-{mark['grade_id']}"])
                if mark.get("solution"):  # the blank answer asks for the learner's code, and says so
                    assert any(o.get("ename") == "NotImplementedError" for o in cell.outputs), (lesson.stem, mark)
                else:
                    cell.metadata["nbgrader"] = mark
                    assert determine_grade(cell) == (0, mark["points"]), f"blank {lesson.stem} {mark['grade_id']}"
