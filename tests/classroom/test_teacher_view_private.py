"""The teacher's view is the teacher's: nbgrader can release only the course's source folder, and the
teacher notebook is never in it; the Voila class site serves no copy of it."""

from __future__ import annotations

import os
import pwd

from classroom.server import TEACHER_VIEW, copy_lessons
from classroom.voila_site import build


def test_the_teacher_notebook_is_in_no_release_and_not_on_the_voila_site(tmp_path):
    teacher, marker = TEACHER_VIEW.read_bytes(), b"from classroom import gradebook"
    assert marker in teacher  # what the check below looks for: a copy, or a notebook that opens the gradebook

    def copies(folder):
        return [p for p in folder.rglob("*") if p.is_file() and (p.read_bytes() == teacher or marker in p.read_bytes())]

    course = tmp_path / "course"
    (course / "source").mkdir(parents=True)
    lessons = copy_lessons(course, pwd.getpwuid(os.getuid()).pw_name)
    assert lessons and TEACHER_VIEW.stem not in lessons
    assert sorted(p.name for p in (course / "source").iterdir()) == sorted(lessons)
    assert copies(course / "source") == []

    site = build(tmp_path / "site")
    assert any(site.rglob("*.ipynb")) and copies(site) == []
