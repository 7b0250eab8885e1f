"""The teacher's view: a gradebook built with nbgrader's own API for a few scripted students in a
temporary course (no hub), the grid of checks it shows, and the class's trials pooled from the
students' handed-in notebooks."""

from __future__ import annotations

import copy
import json
import os
import sys
import zlib
from pathlib import Path

import polars as pl
import pytest

from classroom import gradebook as view
from kit.probability import urn
from kit.sim import stats

TEACHER_NOTEBOOK = Path(view.__file__).parent / "teacher" / "gradebook.ipynb"
LESSON = "01-will-the-card-i-need-come"  # its exact value is the teacher's table's (the lesson's own computation)
TRIALS = 200

SETUP = "from fractions import Fraction\nfrom kit.probability import urn as lesson\ngame = lesson.lesson_round()\n"
EX1_ANSWER = "p_half = None\n### BEGIN SOLUTION\np_half = Fraction(1, 2)\n### END SOLUTION\n"
EX1_CHECK = (
    "from kit.probability.exercises import graded_number, graded_share, graded_trials, number_form, seed_form, "
    "trials_form\n\nnumber_form(p_half, 'a half', low=0, high=1)\n### BEGIN HIDDEN TESTS\n"
    "graded_number(p_half, Fraction(1, 2), 'a half')\n### END HIDDEN TESTS\n"
)
EX4_ANSWER = (
    "my_seed = None\nhimalaya = None\nestimate_himalaya = None\n### BEGIN SOLUTION\nmy_seed = 2027\n"
    f"himalaya = lesson.simulate_arrivals(game, viewer=0, expedition=0, trials={TRIALS}, seed=my_seed)\n"
    "estimate_himalaya = sum(c >= 3 for c in himalaya) / len(himalaya)\n### END SOLUTION\n"
)
EX4_CHECK = (
    f"seed_form(my_seed)\ntrials_form(himalaya, {TRIALS}, 'your Himalaya trials')\n"
    "number_form(estimate_himalaya, 'your estimate', low=0, high=1)\n### BEGIN HIDDEN TESTS\n"
    f"graded_trials(himalaya, lesson.simulate_arrivals(game, viewer=0, expedition=0, trials={TRIALS}, "
    "seed=my_seed),\n              'your Himalaya trials')\n"
    "graded_share(estimate_himalaya, himalaya, lambda count: count >= 3, 'your estimate of P(at least 3 Himalaya)')\n"
    "### END HIDDEN TESTS\n"
)


def cell(source: str, grade_id: str | None = None, grade: bool = False) -> dict:
    metadata = {}
    if grade_id:
        metadata["nbgrader"] = {"grade_id": grade_id, "grade": grade, "solution": not grade, "locked": grade,
                                "schema_version": 3, **({"points": 1} if grade else {})}  # fmt: skip
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": grade_id or f"c{zlib.crc32(source.encode())}",
        "metadata": metadata,
        "outputs": [],
        "source": source,
    }


def lesson_notebook(ex1: str = EX1_ANSWER, ex4: str = EX4_ANSWER) -> dict:
    cells = [
        {"cell_type": "markdown", "id": "title", "metadata": {}, "source": "# A small lesson"},
        cell(SETUP),
        cell(ex1, "ex1-answer"),
        cell(EX1_CHECK, "ex1-check", grade=True),
        cell(ex4, "ex4-answer"),
        cell(EX4_CHECK, "ex4-check", grade=True),
        cell("print('after the exercises')"),
    ]
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


def engine_answer(seed: int, estimate: str = "sum(c >= 3 for c in himalaya) / len(himalaya)") -> str:
    return (f"my_seed = {seed}\nhimalaya = lesson.simulate_arrivals(game, viewer=0, expedition=0, "
            f"trials={TRIALS}, seed=my_seed)\nestimate_himalaya = {estimate}\n")  # fmt: skip


#: the scripted class: what each student put in the simulate exercise, where their notebook is, and
#: the scores the autograder gave (None: handed in, not graded yet)
STUDENTS = {
    "alice": {"ex4": engine_answer(11), "step": "autograded", "scores": {"ex1-check": 1, "ex4-check": 1}},
    # bob chose alice's seed: the same trials, which the pooled answer must count once
    "bob": {"ex4": engine_answer(11), "step": "autograded", "scores": {"ex1-check": 0, "ex4-check": 1}},
    # carol typed a list: no engine makes it, so it is hers but it does not pool
    "carol": {
        "ex4": "my_seed = 5\nhimalaya = [3] * 200\nestimate_himalaya = 1.0\n",
        "step": "submitted",
        "scores": {"ex1-check": 1, "ex4-check": 0},
    },
    # dave's trials are the engine's, his estimate is a typed number: his trials still pool
    "dave": {"ex4": engine_answer(12, "0.5"), "step": "autograded", "scores": {"ex1-check": None, "ex4-check": 0}},
    "erin": None,  # enrolled, never handed in
}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        # nbgrader makes a new gradebook with the `alembic` command, looked up on PATH
        patch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
        return scripted_course(tmp_path_factory.mktemp("course"))


def scripted_course(root):
    from nbgrader.api import Gradebook

    (root / "source" / LESSON).mkdir(parents=True)
    (root / "source" / LESSON / f"{LESSON}.ipynb").write_text(json.dumps(lesson_notebook()))
    course = view.course_directory(root=root)
    course.course_id = "tk-test"
    with Gradebook(course.db_url, course.course_id) as gradebook:
        gradebook.add_assignment(LESSON)
        gradebook.add_notebook(LESSON, LESSON)
        for check in ("ex4-check", "ex1-check"):  # not in order: the grid sorts them
            gradebook.add_grade_cell(check, LESSON, LESSON, max_score=1, cell_type="code")
        for student, work in STUDENTS.items():
            gradebook.add_student(student)
            if work is None:
                continue
            gradebook.add_submission(LESSON, student)
            for check, score in work["scores"].items():
                grade = gradebook.find_grade(check, LESSON, LESSON, student)
                grade.auto_score = score
                grade.needs_manual_grade = score is None
            gradebook.db.commit()
            folder = root / work["step"] / student / LESSON
            folder.mkdir(parents=True)
            (folder / f"{LESSON}.ipynb").write_text(json.dumps(lesson_notebook(EX1_ANSWER, work["ex4"])))
    return course


def test_the_grid_shows_who_passed_which_check(course):
    marks = view.checks(course)
    status = {(r["student"], r["check"]): r["status"] for r in marks.iter_rows(named=True)}
    assert status == {
        ("alice", "ex1-check"): "passed", ("alice", "ex4-check"): "passed",
        ("bob", "ex1-check"): "not yet", ("bob", "ex4-check"): "passed",
        ("carol", "ex1-check"): "passed", ("carol", "ex4-check"): "not yet",
        ("dave", "ex1-check"): "not graded yet", ("dave", "ex4-check"): "not yet",
        ("erin", "ex1-check"): "not handed in", ("erin", "ex4-check"): "not handed in",
    }  # fmt: skip
    sums = {r["student"]: (r["passed"], r["checks"], r["handed in"]) for r in view.totals(marks).iter_rows(named=True)}
    assert sums == {"alice": (2, 2, True), "bob": (1, 2, True), "carol": (1, 2, True), "dave": (0, 2, True),
                    "erin": (0, 2, False)}  # fmt: skip
    per_check = {r["check"]: (r["passed"], r["handed in"]) for r in view.by_check(marks).iter_rows(named=True)}
    assert per_check == {"ex1-check": (2, 4), "ex4-check": (2, 4)}
    assert view.by_check(marks)["check"].to_list() == ["ex1-check", "ex4-check"]
    spec = json.dumps(view.grid(marks).to_dict())
    assert all(name in spec for name in STUDENTS) and "1/2" in spec and "2/2" in spec


def share_of(seed: int) -> int:
    game = urn.lesson_round()
    counts = urn.simulate_arrivals(game, viewer=0, expedition=0, trials=TRIALS, seed=seed)
    return sum(c >= 3 for c in counts)


@pytest.fixture(scope="module")
def answers(course):
    return view.class_answers(course, LESSON, workers=2)


def test_each_students_answer_is_read_from_their_own_notebook(answers):
    rows = {r["student"]: r for r in answers.iter_rows(named=True)}
    assert set(rows) == set(STUDENTS) and set(answers["exercise"]) == {"ex4"}
    assert rows["alice"]["seed"] == 11 and rows["alice"]["n"] == TRIALS and rows["alice"]["engine_made"]
    assert rows["alice"]["from_trials"] == pytest.approx(share_of(11) / TRIALS)
    assert rows["alice"]["estimate"] == pytest.approx(rows["alice"]["from_trials"])
    low, high = stats.wilson_interval(share_of(11), TRIALS)
    assert (rows["alice"]["low"], rows["alice"]["high"]) == pytest.approx((low, high))
    assert rows["dave"]["estimate"] == 0.5 and rows["dave"]["from_trials"] == pytest.approx(share_of(12) / TRIALS)
    assert rows["carol"]["engine_made"] is False and "left out" in rows["carol"]["problem"]  # from submitted/
    assert rows["carol"]["from_trials"] == 1.0
    assert rows["erin"]["n"] is None and rows["erin"]["problem"] == "not handed in"
    exact = float(urn.urn_for(urn.lesson_round(), viewer=0, expedition=0).at_least(3))
    assert rows["alice"]["exact"] == pytest.approx(exact)


def test_the_class_trials_pool_each_seed_once_and_only_the_engines(answers):
    (row,) = view.pooled(answers).iter_rows(named=True)
    hits = share_of(11) + share_of(12)  # alice's (bob's are the same) and dave's; carol's typed list is out
    assert (row["students"], row["pooled"], row["n"]) == (4, 2, 2 * TRIALS)
    assert row["estimate"] == pytest.approx(hits / (2 * TRIALS))
    assert (row["low"], row["high"]) == pytest.approx(stats.wilson_interval(hits, 2 * TRIALS))
    assert row["exact"] == pytest.approx(float(urn.urn_for(urn.lesson_round(), 0, 0).at_least(3)))


def test_bob_who_chose_alices_seed_is_counted_once(answers):
    rows = {r["student"]: r for r in answers.iter_rows(named=True)}
    assert rows["alice"]["in_pool"] and rows["dave"]["in_pool"]
    assert not rows["bob"]["in_pool"] and rows["bob"]["problem"].startswith("shares trials with alice")
    assert rows["bob"]["from_trials"] == rows["alice"]["from_trials"]  # still his own estimate, and a dot


def test_overlapping_runs_of_trials_pool_once_and_unrelated_ones_pool():
    """A lesson whose seed starts a run of deals (seeds s, s+1, …): nearby seeds share trials."""
    import random

    deals = random.Random(5).choices(range(9), k=2_000)  # the trials of deals 0 … 1999, fingerprints alike often

    def row(student, first, n=500, engine_made=True):
        return {"student": student, "engine_made": engine_made, "keys": deals[first : first + n], "problem": None}

    rows = view.pool_members([row("ann", 0), row("ben", 300), row("cat", 1_000), row("dan", 1_400), row("eve", 500)])
    assert [r["in_pool"] for r in rows] == [True, False, True, False, True]
    assert rows[1]["problem"].startswith("shares trials with ann") and "cat" in rows[3]["problem"]
    assert view.pool_members([row("fay", 0, engine_made=False)])[0]["in_pool"] is False


def test_the_funnel_shows_every_student_against_the_exact_value(answers):
    chart = view.funnel(answers)
    spec = chart.to_dict()
    frames = [layer["data"] for layer in spec["layer"] if "data" in layer]
    text = json.dumps(spec, ensure_ascii=False)
    assert "2σ/√n" in text and f"n = {2 * TRIALS:,}" in text
    dots = [d for d in spec["datasets"].values() if d and {"student", "seed", "low", "high"} <= set(d[0])]
    assert sorted(d["student"] for d in dots[0]) == ["alice", "bob", "dave"]  # carol's typed list is no dot
    assert frames  # every layer draws from its own data
    from widgets import charts

    assert "<svg" in charts.svg(chart)


def test_a_submission_runs_once_then_its_answers_are_kept(course, answers, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("ran again")

    monkeypatch.setattr(view, "read_answers", never)
    again = view.class_answers(course, LESSON)
    assert again.equals(answers)
    # a changed notebook is run again
    path = course.root + f"/autograded/alice/{LESSON}/{LESSON}.ipynb"
    changed = json.loads(open(path).read())
    changed["cells"][-1]["source"] = "print('edited')"
    with open(path, "w") as out:
        out.write(json.dumps(changed))
    with pytest.raises(AssertionError, match="ran again"):
        view.class_answers(course, LESSON, ["alice"])


def test_the_simulate_exercise_is_read_off_the_lessons_check_cell():
    (exercise,) = view.simulate_exercises(lesson_notebook(), LESSON)
    assert (exercise.exercise, exercise.seed, exercise.trials, exercise.estimate, exercise.values) == (
        "ex4", "my_seed", "himalaya", "estimate_himalaya", "himalaya")  # fmt: skip
    assert exercise.event == "lambda count: count >= 3"
    assert exercise.engine.startswith("lesson.simulate_arrivals(") and exercise.what.startswith("your estimate of")
    no_simulation = copy.deepcopy(lesson_notebook())
    no_simulation["cells"] = no_simulation["cells"][:4]
    assert view.simulate_exercises(no_simulation, LESSON) == []


def test_a_course_without_a_gradebook_is_not_given_one(tmp_path):
    with pytest.raises(FileNotFoundError, match="no gradebook at"):
        view.checks(view.course_directory(root=tmp_path))
    assert not (tmp_path / "gradebook.db").exists()


def test_an_empty_gradebook_says_so(tmp_path, monkeypatch):
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # alembic
    empty = view.course_directory(root=tmp_path)
    Gradebook(empty.db_url).close()
    marks = view.checks(empty)
    assert marks.is_empty() and marks.schema["status"] == pl.String
    with pytest.raises(ValueError, match="no lessons yet"):
        view.grid(marks)


def test_the_teacher_notebook_shows_the_grid_and_the_funnel(course, answers):
    """The teacher's notebook itself, run from the top in the course folder as the grading account
    runs it: nbgrader's configuration there names the course, and every chart is drawn."""
    import nbformat
    from nbclient import NotebookClient

    root = Path(course.root)
    (root / "nbgrader_config.py").write_text(f"c = get_config()\nc.CourseDirectory.root = {str(root)!r}\n"
                                             f"c.CourseDirectory.course_id = {course.course_id!r}\n")  # fmt: skip
    notebook = nbformat.read(TEACHER_NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(root)}}).execute()
    shown = "\n".join(
        json.dumps(output.get("data", {})) + output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    )
    assert "course 'tk-test'" in shown and "on sqlite" in shown
    assert "chart: Who passed which check" in shown and "chart: ex4: your estimate of P(at least 3 Himalaya)" in shown
    assert f"lessons with simulate exercises: {LESSON}" in shown


LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "probability"


@pytest.mark.parametrize("path", sorted(LESSONS.glob("[0-9]*.ipynb")), ids=lambda path: path.stem)
def test_every_simulate_exercise_of_the_lessons_is_read_and_has_its_exact_value(path):
    """Every check cell that regrades a student's trials is one the teacher's view reads, and the
    view knows the exact value it estimates (classroom/teacher/exact.json)."""
    notebook = json.loads(path.read_text())
    checks = ["".join(c["source"]) for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    found = view.simulate_exercises(notebook, path.stem)
    assert len(found) == sum("graded_trials(" in source for source in checks)
    for exercise in found:
        assert exercise.exact, f"{path.stem} {exercise.exercise}: add its exact value to classroom/teacher/exact.json"
        assert exercise.seed != "None" and exercise.trials and exercise.engine and exercise.values


def test_a_real_lesson_handed_in_is_read_with_its_exact_value(tmp_path, monkeypatch):
    """Lesson 1 as the class server releases it: the teacher's version handed in with a seed of the
    student's own; its simulate exercise is read from the running lesson and the engine confirms it."""
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")  # alembic
    source = LESSONS / f"{LESSON}.ipynb"
    notebook = json.loads(source.read_text())
    (exercise,) = view.simulate_exercises(notebook, LESSON)
    answer = next(c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") ==
                  f"{exercise.exercise}-answer")  # fmt: skip
    answer["source"] = "".join(answer["source"]).replace("### BEGIN SOLUTION\n", "### BEGIN SOLUTION\nmy_seed = 7\n")
    answer["source"] = answer["source"].replace("my_seed = 2027\n", "")
    (tmp_path / "source" / LESSON).mkdir(parents=True)
    (tmp_path / "source" / LESSON / source.name).write_bytes(source.read_bytes())
    (tmp_path / "autograded" / "ann" / LESSON).mkdir(parents=True)
    (tmp_path / "autograded" / "ann" / LESSON / source.name).write_text(json.dumps(notebook))
    course = view.course_directory(root=tmp_path)
    with Gradebook(course.db_url) as gradebook:
        gradebook.add_student("ann")
    (row,) = view.class_answers(course, LESSON).iter_rows(named=True)
    assert (row["seed"], row["engine_made"], row["problem"]) == (7, True, None)
    trials = eval(exercise.engine, {"lesson": urn, "game": urn.lesson_round(), exercise.seed: 7})  # the lesson's call
    assert row["n"] == len(trials) > 1000
    assert row["from_trials"] == pytest.approx(sum(count >= 3 for count in trials) / len(trials))
    assert row["estimate"] == pytest.approx(row["from_trials"])
    assert row["exact"] == pytest.approx(float(urn.urn_for(urn.lesson_round(), viewer=0, expedition=0).at_least(3)))
