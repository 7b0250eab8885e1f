"""The probability lessons as nbgrader assignments: the student version has every exercise and no
solution, the teacher version scores full marks, a blank student version scores zero.

One course directory holds every lesson (one assignment, every `notebooks/probability/NN-*.ipynb`
found by glob), so nbgrader runs generate_assignment once. Autograde runs every notebook of two
"students" — the teacher's own notebooks and the blank release — and running the notebooks is most of
the cost; the two students are graded at the same time, each in its own copy of the course (its own
gradebook: sqlite is not shared between processes), so the two cores of a CI machine both work.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "probability").glob("[0-9]*.ipynb"))
ASSIGNMENT = "probability"


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


@pytest.mark.slow
def test_autograde_gives_the_teacher_full_marks_and_a_blank_version_zero(course, tmp_path):
    courses = {"teacher": course, "blank": tmp_path / "course-blank"}
    shutil.copytree(course, courses["blank"])  # the generated assignment and its gradebook entries
    (courses["blank"] / "nbgrader_config.py").write_text(
        (course / "nbgrader_config.py").read_text().replace(repr(str(course)), repr(str(courses["blank"])))
    )
    for student, origin in (("teacher", course / "source"), ("blank", course / "release")):
        target = courses[student] / "submitted" / student / ASSIGNMENT
        target.mkdir(parents=True)
        for lesson in LESSONS:
            shutil.copy(origin / ASSIGNMENT / lesson.name, target / lesson.name)
    running = [nbgrader(courses[student], "autograde", ASSIGNMENT, f"--student={student}") for student in courses]
    for command in running:
        finish(command)

    from nbgrader.api import Gradebook

    for student, full in (("teacher", True), ("blank", False)):
        with Gradebook(f"sqlite:///{courses[student] / 'gradebook.db'}") as gradebook:
            for lesson in LESSONS:
                for grade_id, points in grade_cells(lesson).items():
                    grade = gradebook.find_grade(grade_id, lesson.stem, ASSIGNMENT, student)
                    wanted = points if full else 0
                    assert grade.score == wanted, f"{student} {lesson.stem} {grade_id}: {grade.score} of {points}"
