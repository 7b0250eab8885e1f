"""The stored outputs of the translated lessons 5, 7 and 8 and Overbooking 2 and 7 (what a learner
reads before running anything, and what nbval holds the next run to) carry none of the English the
kit used to print there: card codes, a card back described in English, the groups' keys ("both,
pooled", the bots), the advisor tables' column names and the chart legend's "best" and "second"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = (
    "probability/05-reading-card-backs.ipynb",
    "probability/07-simpsons-paradox-and-many-comparisons.ipynb",
    "probability/08-what-if-i-play-this-instead.ipynb",
    "overbooking/02-stage-1-placement.ipynb",
    "overbooking/07-scoring-and-score-cards.ipynb",
)
ENGLISH = re.compile(
    r"\b(?:bird|fish|rose|tower)-(?:monk|merchant|maid|noble|soldier|worker)\b"  # card codes
    r"|\bback door\b|\bqueue\b|\bface down\b|\bboth, pooled\b|\bheuristic\b|\brandom\b"
    r"|<th[^>]*>(?:action|score difference|low|high|vs best[^<]*|win chance|rollouts|best\w*|second|"
    r"overlap|gap\w*|told_apart|game|side|guests|points|source)</th>"
    r"|\bplay the price card\b|\bgrey\b|\bdiffer only in\b"
)


SAME = {"nb": {'<th style="text-align:left;white-space:nowrap">side</th>'}}  # Norwegian spells "side" so


def _texts(notebook: dict) -> list[str]:
    """Every text output (streams, plain text, HTML tables), not the pictures."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            found.append("".join(output.get("text", "")))
            data = output.get("data", {})
            found += ["".join(data.get(kind, "")) for kind in ("text/plain", "text/markdown")]
            found += [html for html in ["".join(data.get("text/html", ""))] if "<img" not in html]
    return [text for text in found if text]


@pytest.mark.parametrize("path", NOTEBOOKS)
@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_the_stored_outputs_carry_no_english_the_kit_printed(lang, path):
    notebook = json.loads((ROOT / "notebooks" / lang / path).read_text(encoding="utf-8"))
    texts = _texts(notebook)
    assert texts, "no stored outputs: python3 dev.py notebooks"
    english = sorted({match.group(0) for text in texts for match in ENGLISH.finditer(text)} - SAME.get(lang, set()))
    assert english == []


RAW = {  # what Samoa 2 and the review notebooks printed as the kit's keys, not as words
    "samoa/02-a-round-in-six-phases.ipynb": r"\b(?:extra_room|swap_card|send_home|take_back)\b|\bflag [A-Z]\b"
    r"|\b[A-Z] (?:plain|rich|lovers|celebrity|bather)\b",
    "lost-cities/10-reviewing-a-game.ipynb": r": (?:True|False)\b",
    "samoa/10-reviewing-a-game.ipynb": r": (?:True|False)\b",
    "overbooking/10-reviewing-a-game.ipynb": r": (?:True|False)\b",
}


@pytest.mark.parametrize("path", RAW)
@pytest.mark.parametrize("lang", ["en", "nb", "pl", "sv"])
def test_the_stored_outputs_name_tiles_tourists_and_a_practice_game_in_words(lang, path):
    folder = ROOT / "notebooks" if lang == "en" else ROOT / "notebooks" / lang
    texts = _texts(json.loads((folder / path).read_text(encoding="utf-8")))
    assert texts, "no stored outputs: python3 dev.py notebooks"
    assert sorted({m.group(0) for text in texts for m in re.finditer(RAW[path], text)}) == []
