"""A stylesheet's generated content is text no catalog can reach: the boards' words come in the view
(the `words` mapping, in the board's language), and CSS shows them with `attr(...)`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
WORDS = re.compile(r"""content:\s*(["'])([^"']*[A-Za-z][^"']*)\1""")


@pytest.mark.parametrize("sheet", sorted(WIDGETS.rglob("*.css")), ids=lambda path: str(path.relative_to(WIDGETS)))
def test_no_stylesheet_writes_words(sheet):
    assert [match.group(2) for match in WORDS.finditer(sheet.read_text(encoding="utf-8"))] == []
