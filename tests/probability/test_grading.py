"""The probability lessons as nbgrader assignments: the student version has every exercise and no
solution, the teacher version scores full marks, a blank student version scores zero.

One course directory holds every lesson (one assignment), so nbgrader runs only two commands:
generate_assignment, then autograde of two "students" — the teacher's own notebooks and the blank
release. Each command takes about 10 s plus the time to run the notebooks.
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


def nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ)
    # nbgrader's gradebook set-up calls a bare `alembic`: the environment's bin/ must be on PATH
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args, "--force", "--log-level=WARN"],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


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
    )
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True)
    for lesson in LESSONS:
        shutil.copy(lesson, source / lesson.name)
    nbgrader(course, "generate_assignment", ASSIGNMENT)
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
def test_autograde_gives_the_teacher_full_marks_and_a_blank_version_zero(course):
    for student, origin in (("teacher", course / "source"), ("blank", course / "release")):
        target = course / "submitted" / student / ASSIGNMENT
        target.mkdir(parents=True)
        for lesson in LESSONS:
            shutil.copy(origin / ASSIGNMENT / lesson.name, target / lesson.name)
    nbgrader(course, "autograde", ASSIGNMENT)

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for lesson in LESSONS:
            notebook = lesson.stem
            expected = grade_cells(lesson)
            for student, full in (("teacher", True), ("blank", False)):
                for grade_id, points in expected.items():
                    grade = gradebook.find_grade(grade_id, notebook, ASSIGNMENT, student)
                    wanted = points if full else 0
                    assert grade.score == wanted, f"{student} {notebook} {grade_id}: {grade.score} of {points}"
