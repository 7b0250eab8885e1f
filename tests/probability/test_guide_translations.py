"""The teacher guides in the learners' languages (docs/teachers/<lang>/probability/<lesson>.md) keep
what the tests and the teacher rely on from their English source: every code block byte for byte
(the wrong answers the grading test submits, the predict-first lists), the headings, every inline
code span, formula, rule id and number (written with decimal commas in the prose), and the
`Copier may pass: exN` lines; their links lead somewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets.notebook_translations import LANGUAGES, RULE_ID

from . import lesson_format as fmt

TEACHERS = fmt.ROOT / "docs" / "teachers"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
SPAN = re.compile(r"`[^`\n]+`")
MATH = re.compile(r"\$[^$\n]+\$")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#+) ", re.M)
#: numbers in English prose (2,047 and 0.75) and in the translations' (2047, 20 000 and 0,75)
ENGLISH_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
LOCAL_NUMBER = re.compile(r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?|\d+(?:,\d+)?")


def translated_guides() -> list[Path]:
    return sorted(path for lang in LANGUAGES for path in (TEACHERS / lang / "probability").glob("*.md"))


def english_of(guide: Path) -> Path:
    return TEACHERS / "probability" / guide.name


def prose(text: str) -> str:
    """The text outside code blocks, inline code, formulas, links' targets and rule ids."""
    for pattern in (FENCE, SPAN, MATH, LINK, RULE_ID):
        text = pattern.sub(" ", text)
    return text


def numbers(text: str, pattern: re.Pattern, thousands: str, decimal: str) -> set[str]:
    found = set()
    for token in pattern.findall(prose(text)):
        for mark in thousands:
            token = token.replace(mark, "")
        found.add(token.replace(decimal, ".") if decimal else token)
    return found


GUIDES = translated_guides()


def test_the_polish_guides_are_there():
    assert {path.name for path in (TEACHERS / "pl" / "probability").glob("*.md")}, "no Polish teacher guide"


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: f"{p.parent.parent.name}-{p.stem[:2]}")
def test_a_translated_guide_keeps_what_its_english_source_says(guide):
    english = english_of(guide)
    assert english.exists(), f"{guide.relative_to(fmt.ROOT)}: no English guide {english.name}"
    lang = guide.parent.parent.name
    ours, theirs = guide.read_text(encoding="utf-8"), english.read_text(encoding="utf-8")
    ours_here = ours.replace(f"notebooks/{lang}/", "notebooks/")  # the lesson named is the translated one
    where = guide.relative_to(fmt.ROOT)
    assert FENCE.findall(ours) == FENCE.findall(theirs), f"{where}: the code blocks differ from the English"
    assert HEADING.findall(prose(ours)) == HEADING.findall(prose(theirs)), f"{where}: the headings differ"
    for what, pattern in (("code span", SPAN), ("formula", MATH), ("rule id", RULE_ID)):
        # inside code blocks they are compared above
        mine, source = set(pattern.findall(FENCE.sub("", ours_here))), set(pattern.findall(FENCE.sub("", theirs)))
        assert mine == source, f"{where}: {what}s {sorted(source - mine)} missing, {sorted(mine - source)} added"
    assert fmt.COPIER_MAY_PASS.findall(ours) == fmt.COPIER_MAY_PASS.findall(theirs), f"{where}: Copier may pass"
    local = numbers(ours, LOCAL_NUMBER, " \u00a0\u202f", ",")
    source = numbers(theirs, ENGLISH_NUMBER, ",", "")
    assert local == source, f"{where}: numbers {sorted(source - local)} missing, {sorted(local - source)} added"
    points = re.findall(r"\d\.\d", prose(ours))
    assert not points, f"{where}: a decimal point in the prose ({points[:3]}): write decimal commas"
    for target in LINK.findall(ours):
        if target.startswith(("http:", "https:", "#")):
            continue
        path = (guide.parent / target.split("#")[0]).resolve()
        lesson = fmt.LESSON_FOLDER / path.name  # a lesson's translation may land after its guide's
        found = path.exists() or (path.suffix == ".ipynb" and lesson.exists())
        assert found, f"{where}: the link {target} leads nowhere"
