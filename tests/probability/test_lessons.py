"""Every probability lesson has the parts a class needs, and the start page links it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "probability").glob("[0-9]*.ipynb"))
PARTS = ("**Learning goals.**", "## 1. Predict first", "**Needs:**", "**Time:**")
#: a lesson in the graded format keeps these in its teacher guide (tests/probability/test_grading.py);
#: one still in the former format keeps them in the notebook
TEACHER_PARTS = ("## Teacher notes", "**45-minute plan.**", "**Misconceptions this lesson targets.**", "**Answers.**")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def waiting(cell: dict) -> bool:
    """A code cell that shows its results only once the guesses are written, stored without them: its
    one output is `guessed`'s line (kit/probability/exercises.py)."""
    outputs = cell.get("outputs", [])
    return (
        "if guessed(" in text(cell)
        and len(outputs) == 1
        and "".join(outputs[0].get("text", "")).startswith("Write your guess in ")
    )


def waits_for_guesses(notebook: list[dict], call: str) -> bool:
    """Some cell that calls `call` waits for the guesses, and is stored waiting."""
    return any(c["cell_type"] == "code" and call in text(c) and waiting(c) for c in notebook)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_has_goals_prediction_exact_and_simulated_answers_explorer_and_teacher_notes(lesson):
    notebook = cells(lesson)
    markdown = "\n".join(text(c) for c in notebook if c["cell_type"] == "markdown")
    code = "\n".join(text(c) for c in notebook if c["cell_type"] == "code")
    for part in PARTS:
        assert part in markdown, f"{lesson.name} lacks {part}"
    for part in TEACHER_PARTS:  # the teacher's notes live in docs/teachers/, not in what students get
        assert part not in markdown, f"{lesson.name} still holds {part}"
    # the graded copy's answer cells read differently: every lesson says what to do with them
    assert "`# YOUR CODE HERE` and `raise NotImplementedError()`" in markdown.replace("\n", " ")
    # the prediction comes before anything is computed
    first_code = next(text(c) for c in notebook if c["cell_type"] == "code")
    assert first_code.lstrip().startswith("my_guess"), f"{lesson.name}: the first code cell should ask for a guess"
    assert "charts.rerun(" in code, f"{lesson.name}: no explorer"
    # what answers the guesses waits for them (`guessed`), so a stored lesson may hold no interval or
    # chart: then the code prints its intervals (`share_text`, `mean_text`) and draws its charts there
    printed = "".join(
        "".join(o.get("text", "")) for c in notebook if c["cell_type"] == "code" for o in c.get("outputs", [])
    )
    assert "95% interval" in printed or "95% interval" in markdown or waits_for_guesses(notebook, "_text(")
    # charts are stored as widgets/charts.py draws them: HTML with the chart as an image (what an
    # unrun notebook shows; trusted, it goes inline and follows the theme), never as Altair's text
    outputs = [o for c in notebook for o in c.get("outputs", [])]
    charted = [o for o in outputs if 'class="tk-chart"' in "".join(o.get("data", {}).get("text/html", ""))]
    assert charted or waits_for_guesses(notebook, "charts."), f"{lesson.name}: no stored chart"
    for output in charted:
        page = "".join(output["data"]["text/html"])
        assert '<img data-tk-chart="1" src="data:image/svg+xml;base64,' in page
    for output in outputs:
        shown = "".join(output.get("data", {}).get("text/plain", ""))
        assert not shown.startswith("alt."), f"{lesson.name}: an unrun notebook would show {shown!r}"
    assert "charts.enable()" in code and 'renderers.enable("svg")' not in code


def test_each_lesson_links_the_one_before_and_after_it():
    for i, lesson in enumerate(LESSONS):
        header = text(cells(lesson)[0])
        links = dict(re.findall(r"(previous|next): \[[^\]]+\]\(([^)]+)\)", header))
        assert links.get("previous") == (LESSONS[i - 1].name if i else None), lesson.name
        assert links.get("next") == (LESSONS[i + 1].name if i + 1 < len(LESSONS) else None), lesson.name


def test_the_start_page_links_every_lesson():
    index = "".join(text(c) for c in cells(ROOT / "notebooks" / "index.ipynb"))
    for lesson in LESSONS:
        assert f"(probability/{lesson.name})" in index, f"index.ipynb does not link {lesson.name}"
    linked = re.findall(r"\(probability/(\d\d-[^)]+\.ipynb)\)", index)
    assert linked == [lesson.name for lesson in LESSONS], "the start page lists the lessons in order, once each"
    teaching = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    for lesson in LESSONS:
        assert f"probability/{lesson.name}" in teaching, f"docs/teaching.md does not list {lesson.name}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_stored_lessons_explorer_shows_a_still_picture_and_how_to_bring_it_to_life(lesson):
    """Stored without widget state, an explorer's output must not be a dead widget id (JupyterLab:
    "Error displaying widget: model not found"): it is its first picture and the Run All line."""
    from widgets.probability import RUN_TO_EXPLORE
    from widgets.still import WIDGET_VIEW

    explorers = [c for c in cells(lesson) if c["cell_type"] == "code" and "charts.rerun(" in text(c)]
    assert explorers, f"{lesson.name}: no explorer"
    for cell in explorers:
        if waiting(cell):  # the explorer would answer the guesses: stored, it says to write them first
            continue
        [output] = [o for o in cell["outputs"] if o["output_type"] == "execute_result"]
        page = "".join(output["data"]["text/html"])
        assert WIDGET_VIEW not in output["data"] and output["metadata"]["tablekit"] == {"still": True}
        assert '<img data-tk-chart="1" src="data:image/svg+xml;base64,' in page and html.escape(RUN_TO_EXPLORE) in page
        assert "".join(output["data"]["text/plain"]) == RUN_TO_EXPLORE
    stored = json.dumps(cells(lesson))
    assert "model not found" not in stored and "Explorer: run the notebook" not in stored


def test_lesson_1_says_rightly_how_many_standard_errors_and_its_guide_gives_exercise_1s_answer():
    from fractions import Fraction
    from math import sqrt

    from kit.probability import urn

    lesson = ROOT / "notebooks" / "probability" / "01-will-the-card-i-need-come.ipynb"
    said = re.search(r"0\.03 would be about ([\d.]+) standard errors", "".join(text(c) for c in cells(lesson)))
    assert said, "exercise 4 no longer says how far 0.03 is in standard errors"
    p = float(urn.urn_for(urn.lesson_round(), 0, 0).at_least(3))
    assert float(said[1]) == round(0.03 / sqrt(p * (1 - p) / 5_000), 1)
    guide = (ROOT / "docs" / "teachers" / "probability" / f"{lesson.stem}.md").read_text(encoding="utf-8")
    answer = re.search(r"Exercise 1: .*? = (\d+)/(\d+) ≈ ([\d.]+)", guide)
    exact = urn.urn_for(urn.lesson_round(), 0, 2).pmf()[0]
    assert Fraction(int(answer[1]), int(answer[2])) == exact and float(answer[3]) == round(float(exact), 5)
