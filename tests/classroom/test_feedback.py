"""The feedback a student gets back holds the marks and the hints, not the hidden tests that compute
the answers (nbgrader restores them at autograde; classroom.feedback clears them from the report)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ANSWER = "\n".join([
    "guess = None",
    "### BEGIN SOLUTION",
    "guess = Fraction(22, 52)",
    "### END SOLUTION",
])  # fmt: skip
CHECK = "\n".join([
    "from fractions import Fraction",
    "from kit.probability.exercises import number_form",
    "number_form(guess, 'P(the Desert 10 comes)', low=0, high=1)",
    "### BEGIN HIDDEN TESTS",
    "from kit.probability.exercises import graded_number",
    "graded_number(guess, Fraction(22, 52), 'P(the Desert 10 comes)', hint='22 of the 52 unseen places are yours.')",
    "### END HIDDEN TESTS",
])  # fmt: skip
SECRET = "Fraction(22, 52)"  # the answer, in the solution and in the hidden test


def cell(cell_id: str, source: str, **nbgrader) -> dict:
    metadata = {"nbgrader": {"schema_version": 3, "grade_id": cell_id, **nbgrader}} if nbgrader else {}
    return {"cell_type": "code", "id": cell_id, "metadata": metadata, "source": source, "outputs": [],
            "execution_count": None}  # fmt: skip


def nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    run = subprocess.run([sys.executable, "-m", "nbgrader", *args, "--force", "--log-level=WARN"], cwd=course,
                         env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]


@pytest.mark.slow
def test_the_feedback_shows_the_hint_and_neither_the_hidden_test_nor_its_traceback(tmp_path):
    course = tmp_path / "course"
    (course / "source" / "lesson").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        "import classroom.feedback\n"
        "classroom.feedback.configure(c)\n"
    )
    notebook = {
        "cells": [
            cell("setup", "from fractions import Fraction"),
            cell("ex1-answer", ANSWER, solution=True, grade=False, locked=False),
            cell("ex1-check", CHECK, solution=False, grade=True, locked=True, points=1),
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (course / "source" / "lesson" / "exercise.ipynb").write_text(json.dumps(notebook))
    nbgrader(course, "generate_assignment", "lesson")
    released = json.loads((course / "release" / "lesson" / "exercise.ipynb").read_text())
    assert SECRET not in json.dumps(released)
    for answer in released["cells"]:
        if answer["id"] == "ex1-answer":
            answer["source"] = "guess = Fraction(1, 52)"  # the plausible wrong answer: one card of 52
    (course / "submitted" / "ann" / "lesson").mkdir(parents=True)
    (course / "submitted" / "ann" / "lesson" / "exercise.ipynb").write_text(json.dumps(released))
    nbgrader(course, "autograde", "lesson", "--student=ann")
    autograded = (course / "autograded" / "ann" / "lesson" / "exercise.ipynb").read_text()
    assert SECRET in autograded  # what the feedback starts from: the hidden test is back, and failed
    nbgrader(course, "generate_feedback", "lesson", "--student=ann")
    html = (course / "feedback" / "ann" / "lesson" / "exercise.html").read_text()
    page = re.sub(r"<[^>]+>", "", html)  # the text a student reads (code is highlighted span by span)
    assert "22 of the 52 unseen places are yours." in page  # the check's hint reaches the student
    assert "0 / 1" in page or "0.0 / 1.0" in page  # and the mark
    for secret in ("22, 52", "graded_number", "HIDDEN TESTS", "most recent call", "---->"):
        assert secret not in page, f"the feedback shows {secret!r}"
