"""A translated lesson's student version hides exactly what the English one hides.

The translation build copies every code cell of a lesson, with its nbgrader metadata, and adds a first
cell that sets the language; nothing but the markdown is translated. So the student version that
`nbgrader generate_assignment` makes of a translated lesson must have the English student version's
code cells, after the language cell: the solutions replaced by the stub, the hidden tests gone, no
outputs, every exercise kept. Both student versions are made here with the content-changing
preprocessors of generate_assignment, in process (the slow test of test_grading.py runs the whole
command on the English lessons).
"""

from __future__ import annotations

import nbformat
import pytest
from nbgrader.preprocessors import ClearHiddenTests, ClearMarkScheme, ClearOutput, ClearSolutions, LockCells

from widgets import notebook_translations as nt

from . import lesson_format as fmt
from .test_grading import GIVEAWAYS

TRANSLATED = [(lang, lesson) for lang in nt.LANGUAGES for lesson in fmt.lessons() if lesson in nt.translated(lang)]


def student_version(path) -> nbformat.NotebookNode:
    """`path` as generate_assignment releases it (its preprocessors that change the notebook)."""
    notebook, resources = nbformat.read(path, as_version=4), {}
    for step in (LockCells, ClearSolutions, ClearOutput, ClearHiddenTests, ClearMarkScheme):
        notebook, resources = step().preprocess(notebook, resources)
    return notebook


def code(notebook: nbformat.NotebookNode) -> list[tuple[str, dict]]:
    return [(c.source, c.metadata.get("nbgrader", {})) for c in notebook.cells if c.cell_type == "code"]


@pytest.mark.parametrize("item", TRANSLATED, ids=lambda item: f"{item[0]}/{item[1].stem}")
def test_a_translated_lessons_student_version_hides_what_the_english_one_hides(item):
    lang, lesson = item
    english, translated = student_version(lesson), student_version(nt.built_path(lang, lesson))
    language_cell, *lesson_code = code(translated)
    assert f'set_language("{lang}")' in language_cell[0] and not language_cell[1]
    assert lesson_code == code(english), f"{lang}/{lesson.name}: its student version's code differs from the English"
    text = nbformat.writes(translated)
    for giveaway in GIVEAWAYS:
        assert giveaway not in text, f"{lang}/{lesson.name}: the student version contains {giveaway!r}"
    assert not any(c.get("outputs") for c in translated.cells if c.cell_type == "code")
    marks = [c.metadata["nbgrader"] for c in translated.cells if "nbgrader" in c.metadata]
    answers = [c.source for c in translated.cells if c.metadata.get("nbgrader", {}).get("solution")]
    assert len(answers) == len(fmt.exercises(lesson)) and all("raise NotImplementedError()" in a for a in answers)
    assert sum(m.get("points", 0) for m in marks) == sum(e.points for e in fmt.exercises(lesson))
