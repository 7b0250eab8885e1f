"""A class in its language: `dev.py class --lang pl` makes the translated lessons the course's
assignments, under the English names, and nbgrader hides from a translated lesson's student version
exactly what it hides from the English one.

The translated lesson is the repository's own when one is built (notebooks/<lang>/probability/);
until then the test builds one from a catalog it writes itself, with the translation machinery the
real ones go through (widgets/notebook_translations.py).
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import sys
import time
from pathlib import Path

import pytest

from classroom import server
from classroom.server import ClassServerError
from tests.probability import lesson_format as fmt
from tests.probability.test_grading import ASSIGNMENT, GIVEAWAYS, finish, grade_cells, nbgrader, new_course
from widgets import notebook_translations as translations

#: the lesson built from a test catalog when no translated lesson is in the repository (a quick one)
QUICK_LESSON = "04-the-flag-row.ipynb"


def catalog_translation(tmp_path: Path, lang: str, lesson: Path, monkeypatch) -> Path:
    """`lesson` translated into `lang` by a catalog made here (each markdown cell marked as
    translated), built as the real translations are, into tmp_path/notebooks/<lang>/probability/."""
    monkeypatch.setattr(translations, "LOCALE", tmp_path / "locale")
    catalog = translations.template(lesson)
    catalog.locale = lang
    for message in catalog:
        if message.id:
            message.string = f"[{lang}] {message.id}"
    translations.save(catalog, translations.catalog_path(lang, lesson))
    target = tmp_path / "notebooks" / lang / "probability" / lesson.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(translations.build(lang, lesson), ensure_ascii=False), encoding="utf-8")
    return target


@pytest.fixture
def notebooks(tmp_path, monkeypatch) -> Path:
    """An empty notebooks folder in place of the repository's translations (the English lessons stay)."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    monkeypatch.setattr(server, "NOTEBOOKS", folder)
    monkeypatch.setattr(server, "REPO", tmp_path)
    return folder


@pytest.fixture
def chowns(monkeypatch) -> list[list[str]]:
    """The sources' handing over to the grading account, recorded rather than run (no such account here)."""
    calls, run = [], server.subprocess.run
    monkeypatch.setattr(server.subprocess, "run", lambda command, **kw: calls.append(command) if command[0] == "chown"
                        else run(command, **kw))  # fmt: skip
    return calls


def translated_lesson(tmp_path: Path, monkeypatch) -> tuple[str, Path]:
    """A translated lesson: the repository's (Polish first, the quick lesson first), else one built
    from a test catalog."""
    for lang in ("pl", "nb", "sv"):
        built = sorted((server.REPO / "notebooks" / lang / "probability").glob("[0-9]*.ipynb"))
        if built:
            return lang, next((path for path in built if path.name == QUICK_LESSON), built[0])
    return "pl", catalog_translation(tmp_path, "pl", server.LESSONS / QUICK_LESSON, monkeypatch)


def test_a_language_without_translated_lessons_is_refused_before_anything_is_made(tmp_path, notebooks, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(sys, "platform", "linux")
    roster = tmp_path / "class.txt"
    roster.write_text("alice\n")
    with pytest.raises(ClassServerError, match=r"no probability lesson is translated into Svenska \(sv\) yet"):
        server.prepare(tmp_path / "grader-x", roster, lang="sv")
    with pytest.raises(ClassServerError, match="unknown language 'de'"):
        server.prepare(tmp_path / "grader-x", roster, lang="de")
    assert not (tmp_path / "grader-x").exists()


def test_dev_py_class_passes_its_language_on(tmp_path, monkeypatch):
    from classroom import __main__ as command

    asked = []
    monkeypatch.setattr(command, "prepare", lambda *args, **options: asked.append(options["lang"]) or {})
    roster = tmp_path / "class.txt"
    roster.write_text("alice\n")
    for extra, lang in (([], "en"), (["--lang", "pl"], "pl")):
        assert command.main(["--roster", str(roster), "--root", str(tmp_path / "root"), "--prepare-only", *extra]) == 0
        assert asked.pop() == lang


def test_english_is_the_default_and_the_english_lessons_are_its_sources(tmp_path, chowns):
    course = tmp_path / "course"
    names = server.copy_lessons(course, "grader-x")
    assert len(chowns) == len(names) and all(call[2] == "grader-x:grader-x" for call in chowns)
    assert names == [lesson.stem for lesson in fmt.lessons()]
    for lesson in fmt.lessons():
        assert (course / "source" / lesson.stem / lesson.name).read_bytes() == lesson.read_bytes()


def test_a_translated_class_gets_the_translated_lessons_under_the_english_names(tmp_path, notebooks, chowns,
                                                                               monkeypatch):  # fmt: skip
    english = server.LESSONS / QUICK_LESSON
    translated = catalog_translation(tmp_path / "build", "pl", english, monkeypatch)
    (notebooks / "pl" / "probability").mkdir(parents=True)
    shutil.copy(translated, notebooks / "pl" / "probability" / english.name)
    course = tmp_path / "course"
    assert server.copy_lessons(course, "grader-x", "pl_PL.UTF-8") == [english.stem]  # the untranslated: not in it
    source = course / "source" / english.stem / english.name
    assert source.read_bytes() == translated.read_bytes()
    assert server.lesson_language(source) == "pl" and server.lesson_language(english) == "en"
    # a course prepared in English keeps its (perhaps edited) sources, and says so
    kept = tmp_path / "kept"
    server.copy_lessons(kept, "grader-x")
    said = []
    monkeypatch.setattr(server, "say", said.append)
    server.copy_lessons(kept, "grader-x", "pl")
    assert (kept / "source" / english.stem / english.name).read_bytes() == english.read_bytes()
    assert any(english.stem in line and "English" in line and "delete" in line for line in said), said


def repository_translations() -> list[Path]:
    return sorted((server.REPO / "notebooks").glob("*/probability/[0-9]*.ipynb"))


@pytest.mark.parametrize("lesson", repository_translations(), ids=lambda p: f"{p.parent.parent.name}-{p.stem[:2]}")
def test_the_teachers_view_reads_a_translated_lesson_as_the_english_one(lesson):
    from classroom import gradebook

    english = server.LESSONS / lesson.name
    read = [gradebook.simulate_exercises(json.loads(path.read_text(encoding="utf-8")), lesson.stem)
            for path in (lesson, english)]  # fmt: skip
    assert read[0] == read[1] and server.lesson_language(lesson) != "en"


def code_cells(path: Path) -> list[tuple[str, dict]]:
    """The code cells of a notebook with their nbgrader marks, the translation's language cell left out."""
    return [(fmt.source(c), fmt.mark(c)) for c in fmt.cells(path)
            if c["cell_type"] == "code" and translations.TAG not in c.get("metadata", {}).get("tags", [])]  # fmt: skip


def solved(release: Path, lesson: Path) -> str:
    """The student version with the teacher's answers written into its answer cells, as a teacher
    trying the release would (the check cells stay as released)."""
    answers = {fmt.mark(c)["grade_id"]: c["source"] for c in fmt.cells(lesson) if fmt.mark(c).get("solution")}
    notebook = json.loads(release.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if fmt.mark(cell).get("solution"):
            cell["source"] = answers[fmt.mark(cell)["grade_id"]]
    return json.dumps(notebook, ensure_ascii=False)


@pytest.mark.slow
def test_a_translated_lessons_student_version_hides_what_the_english_hides_and_grades_alike(tmp_path, monkeypatch):
    lang, lesson = translated_lesson(tmp_path / "build", monkeypatch)
    english = server.LESSONS / lesson.name
    started, cpu = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    folders = {"en": tmp_path / "en", lang: tmp_path / lang}
    for folder in folders.values():
        folder.mkdir()
    running = [new_course(folders["en"], [english]), new_course(folders[lang], [lesson])]
    for command in running:
        finish(command)

    release = folders[lang] / "release" / ASSIGNMENT / lesson.name
    text = release.read_text(encoding="utf-8")
    for giveaway in GIVEAWAYS:
        assert giveaway not in text, f"{lang} {lesson.name}: the student version contains {giveaway!r}"
    for exercise in fmt.exercises(english):
        for line in fmt.SOLUTION.search(exercise.answer)[0].splitlines()[1:-1]:
            assert line.strip() not in text or len(line.strip()) < 12, f"{lesson.name}: {line!r} is released"
        for hidden in fmt.HIDDEN.findall(exercise.check):
            for line in hidden.splitlines()[1:-1]:
                assert line.strip() not in text or len(line.strip()) < 12, f"{lesson.name}: hidden {line!r}"
    assert not any(c.get("outputs") for c in fmt.cells(release)), "stored outputs released"
    # exactly what the English student version keeps: the same code cells (their tr() words in the
    # lesson's language), the same grading marks
    catalog = translations.load(translations.catalog_path(lang, english), lang)
    english_release = code_cells(folders["en"] / "release" / ASSIGNMENT / english.name)
    expected = [(translations.translate_code(text, catalog, english.name), mark) for text, mark in english_release]
    unsummed = lambda cells: [(text, {k: v for k, v in mark.items() if k != "checksum"}) for text, mark in cells]  # noqa: E731
    assert unsummed(code_cells(release)) == unsummed(expected)  # nbgrader's checksum is of the cell's own words
    assert grade_cells(release) == grade_cells(english)

    submitted = folders[lang] / "submitted"
    for student, work in (("solved", solved(release, lesson)), ("blank", release.read_text(encoding="utf-8"))):
        (submitted / student / ASSIGNMENT).mkdir(parents=True)
        (submitted / student / ASSIGNMENT / lesson.name).write_text(work, encoding="utf-8")
    autograde = nbgrader(folders[lang], "autograde", ASSIGNMENT)
    stdout, stderr = autograde.communicate(timeout=900)
    assert autograde.returncode == 0, stdout[-3000:] + stderr[-3000:]
    # nbgrader restores each check cell's hidden tests, saying so; any other warning is a fault
    restored = re.compile(r"Attribute 'checksum' for cell (ex\d+-check) has changed")
    hidden = {f"{e.name}-check" for e in fmt.exercises(english) if fmt.HIDDEN.search(e.check)}
    warnings = [line for line in (stdout + stderr).splitlines() if re.search(r"\[\w+App \| WARNING\]", line)]
    assert all((found := restored.search(line)) and found[1] in hidden for line in warnings), warnings[:10]
    from nbgrader.api import Gradebook

    checks = grade_cells(lesson)
    with Gradebook(f"sqlite:///{folders[lang] / 'gradebook.db'}") as gradebook:
        scores = {student: sum(gradebook.find_grade(grade_id, lesson.stem, ASSIGNMENT, student).score
                               for grade_id in checks) for student in ("solved", "blank")}  # fmt: skip
    assert scores == {"solved": sum(checks.values()), "blank": 0}, scores
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
    print(f"\n{lang} {lesson.stem}: generated, compared and autograded in {time.perf_counter() - started:.0f} s "
          f"({cpu_seconds:.0f} s of nbgrader's CPU time)")
