"""Predict first, then see: no stored output answers a predict-first question before it is answered.

Every notebook that asks a learner to predict — a `predict(...)` question (rule paths, analyses,
lesson 2) or a lesson's `my_guess_… = None` cell — is found from its JSON. What would state each
question's answer in an output is written down below (`TELLS`: the computed value, the line or the
chart that answers it; a lesson adds what its teacher guide lists under `predict-first`); every
output stored after the question — to the end of the notebook, not only up to the cell that
answers it — in the English notebook and in each translation, is searched for it: its text, its
HTML, and the text inside its charts' and boards' SVG pictures. A new question without its tells
fails, so none goes unchecked. Reads JSON only.
"""

from __future__ import annotations

import base64
import html
import json
import re
from functools import cache
from pathlib import Path

import pytest

from tests.probability import lesson_format

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGUAGES = ("nb", "pl", "sv")

PREDICT = re.compile(r"\bpredict\(")
GUESS = re.compile(r"^my_guess_\w+ = None", re.M)
SVG_DATA = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")
TAG = re.compile(r"<[^>]+>")

#: an analysis's answer is its data: any chart, table or estimate with its interval states it
RESULTS = r"⟨chart⟩|⟨table⟩|95\s?%"

#: per English notebook, per question (in the notebook's order): what in an output states its answer
TELLS: dict[str, list[list[str]]] = {
    "lost-cities/01-components-and-setup.ipynb": [[r"\b44 draw pile", r"\b44 cards in the draw pile"]],
    "lost-cities/02-playing-to-an-expedition.ipynb": [[r"player 0 to draw"], [r"(?<![\d.,])[−-]15\b"]],
    "lost-cities/03-discarding-and-drawing.ipynb": [[r"take D7|draws? D7 from"], [r"\b52 (cards )?unseen|unseen: 52"]],
    "lost-cities/04-end-of-a-round.ipynb": [[r"Round 1 ends"]],
    "lost-cities/05-scoring.ipynb": [[r"Vx V3 V5 V6 V7 V8 V9 V10.{0,40}\b76\b"]],
    "lost-cities/06-a-match-of-several-rounds.ipynb": [[r"equal totals"]],
    "lost-cities/07-partner-variant.ipynb": [[r"a 3 cannot follow the 3"]],
    "lost-cities/08-full-game-against-a-bot.ipynb": [[r"Round 3 begins; player 0 starts"]],
    "lost-cities/09-a-sixth-expedition.ipynb": [[RESULTS, r"turns in the round", r"actions in the round"]],
    "samoa/01-components-and-setup.ipynb": [[r"rooms? 1, 3 and 5"], [r"hammer → P0"]],
    "samoa/02-a-round-in-six-phases.ipynb": [[r"Round 2: flag"], [r"Round 6: flag"], [r"SA-3\.3: "]],
    "samoa/03-building-auction-and-tie-card.ipynb": [[r"after player 2 on equal bids"], [r"Building order"]],
    "samoa/04-tourist-phase-and-room-price.ipynb": [[r"Tourist order"], [r"14/8 is (taken back|discarded)"]],
    "samoa/05-special-tourists.ipynb": [
        [r"rich\b.{0,40}\bpays? 10"],
        [r"bather\b.{0,40}\bpays? 8"],
        [r"lovers? share"],
    ],
    "samoa/06-buildings-and-special-tiles.ipynb": [
        [r"touches (no|0) rooms?"],
        [r"pool pays 5|paid 5 for (its|the) pool"],
        [r"\b11 price cards in (your )?hand"],
    ],
    "samoa/07-end-of-the-game.ipynb": [[r"player 2 wins|\b41 Tala"]],
    "samoa/08-full-game-against-bots.ipynb": [[r"player 0 wins|\b53 Tala"]],
    "samoa/09-price-versus-occupancy.ipynb": [[RESULTS, r"money per play"]],
    "overbooking/01-components-and-card-backs.ipynb": [
        [r"large\b.{0,30}\b4[–-]6 beds"],
        [r"(?s)^(?!.*hotel 4 ·).*hotel 3 · \d+ beds"],
    ],
    "overbooking/02-stage-1-placement.ipynb": [[r"OB-4: .{0,60}\b(full|holds 4|fifth|5th)"]],
    "overbooking/03-stage-2-step-by-step.ipynb": [[r"needs 4 bed\(s\), only 3 free"]],
    "overbooking/04-abilities.ipynb": [[r"free beds 10 -> 7"]],
    "overbooking/05-hotel-rules.ipynb": [[r"OB-6: .{0,80}crests?"]],
    "overbooking/06-stage-3.ipynb": [[r"(?s)(\[OB-7\] prepare.*){3}"]],
    "overbooking/07-scoring-and-score-cards.ipynb": [[r"crest bonus of \d+"]],
    "overbooking/08-full-game-against-bots.ipynb": [[r"Advanced score card: [−-]2\b"]],
    "overbooking/09-chance-of-a-bed.ipynb": [[RESULTS, r"(higher|lower|about the same) with the longest queue"]],
    "probability/01-will-the-card-i-need-come.ipynb": [[r"E\[X\] = 22 × 8 / 52", r"P\(X >= 3\) =", r"\b3[.,]38\d*\b"]],
    "probability/02-should-i-start-this-expedition.ipynb": [
        [r"E\[score\]\s*=", r"[+]7[.,]8\d?\b"],
        [r"E\[score\]\s*=", r"[+]7[.,]8\d?\b"],
    ],
    "probability/03-counts-are-not-chances.ipynb": [[r"bots: losing share"]],
    "probability/04-the-flag-row.ipynb": [[r"derived \S+, counted", r"after the swap .{0,40}engine"]],
    "probability/05-reading-card-backs.ipynb": [[r"prior .{0,40}× likelihood"]],
    "probability/06-experiments-and-observations.ipynb": [
        [r"P\(one of the three dearest cards\)", r"the experiment: (it keeps rising|it rises|it falls)"]
    ],
    "probability/07-simpsons-paradox-and-many-comparisons.ipynb": [[r"Simpson's paradox \(pooled one way"]],
    "probability/08-what-if-i-play-this-instead.ipynb": [[r"rollouts for half the width"]],
    "probability/09-how-sure-can-i-be.ipynb": [[r"without putting back: Var =", r"with putting back: +Var ="]],
}

#: stored outputs that answer their question today, outside the analyses' own notebooks: each
#: should wait for the prediction (as `widgets.lessons.after` does); remove an entry once it does.
#: A translation's outputs are searched with the same tells, which find what its boards and logs
#: say in English or in numbers, not what they say in its words
KNOWN: set[tuple[str, str, int]] = set()  # (language, "" for English; notebook; question)


def english_notebooks() -> list[str]:
    return sorted(
        str(path.relative_to(NOTEBOOKS))
        for path in NOTEBOOKS.glob("*/*.ipynb")
        if path.parent.name not in LANGUAGES and path.parent.name != "locale"
    )


@cache
def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def questions(path: Path) -> list[int]:
    """The indices of the code cells that ask a predict-first question."""
    found = []
    for index, cell in enumerate(cells(path)):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            found += [index] * (len(PREDICT.findall(source)) + bool(GUESS.search(source)))
    return found


def searchable(output: dict) -> str:
    """An output as text: its plain text, its HTML without tags, and the text of every SVG picture
    in it (charts and boards are images whose words are inside the SVG), charts and tables marked."""
    parts = []
    if "text" in output:
        parts.append("".join(output["text"]))
    for mime, value in output.get("data", {}).items():
        value = "".join(value) if isinstance(value, list) else str(value)
        if mime == "text/plain":
            parts.append(value)
        elif mime in ("text/html", "image/svg+xml"):
            pictures = [base64.b64decode(data).decode("utf-8", "replace") for data in SVG_DATA.findall(value)]
            if mime == "image/svg+xml":
                pictures.append(value)
            for svg in pictures:
                parts.append(
                    ("⟨chart⟩ " if "tk-chart" in svg else "") + html.unescape(" ".join(TAG.sub(" ", svg).split()))
                )
            if "data-tk-chart" in value:
                parts.append("⟨chart⟩")
            if "tk-table" in value:
                parts.append("⟨table⟩")
            parts.append(html.unescape(" ".join(TAG.sub(" ", SVG_DATA.sub("", value)).split())))
    return "\n".join(parts)


def tells(name: str, number: int) -> list[str]:
    """What states the answer of the notebook's question `number`: its tells, and for a lesson the
    giveaways its teacher guide lists."""
    lesson = NOTEBOOKS / name
    listed = lesson_format.predict_first(lesson) if lesson.parent.name == "probability" else []
    return TELLS[name][number] + [re.escape(giveaway) for giveaway in listed]


def leaks(path: Path, question: int, tells: list[str]) -> list[str]:
    """Where a stored output after the question states its answer: 'cell N: tell: text'."""
    found = []
    for index, cell in enumerate(cells(path)[question + 1 :], question + 1):
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            text = searchable(output)
            for tell in tells:
                if match := re.search(tell, text):
                    found.append(f"cell {index}: {tell!r}: …{text[max(0, match.start() - 40) : match.end() + 40]!r}…")
    return found


def test_every_question_is_found_and_has_its_tells():
    asked = {name: len(questions(NOTEBOOKS / name)) for name in english_notebooks()}
    asked = {name: count for name, count in asked.items() if count}
    assert {name: len(tells) for name, tells in TELLS.items()} == asked
    assert len(asked) >= 30, "rule paths, analyses and lessons all ask"


def cases() -> list:
    found = []
    for name in TELLS:
        for lang in ("", *LANGUAGES):
            path = NOTEBOOKS / lang / name
            if path.exists():
                for number in range(len(TELLS[name])):
                    known = (lang, name, number) in KNOWN
                    mark = [pytest.mark.xfail(strict=True, reason="stored output answers it")] if known else []
                    found.append(pytest.param(lang, name, number, id=f"{lang or 'en'}/{name}#{number + 1}", marks=mark))
    return found


@pytest.mark.parametrize(("lang", "name", "number"), cases())
def test_no_stored_output_answers_a_question_before_it_is_answered(lang, name, number):
    path = NOTEBOOKS / lang / name
    asked = questions(path)
    assert len(asked) == len(TELLS[name]), "the translation asks what the English asks"
    assert leaks(path, asked[number], tells(name, number)) == []


def test_the_searched_text_reads_charts_tables_and_boards():
    """The search sees inside pictures: a tell in a chart's SVG is found, and a chart is marked."""
    svg = '<svg class="marks tk-chart"><text>money per play</text></svg>'
    data = base64.b64encode(svg.encode()).decode()
    output = {"output_type": "display_data", "data": {
        "text/html": f'<div class="tk-chart"><img data-tk-chart="1" src="data:image/svg+xml;base64,{data}"></div>',
        "text/plain": "chart: x"}}  # fmt: skip
    text = searchable(output)
    assert "money per play" in text and "⟨chart⟩" in text
    assert "⟨table⟩" in searchable({"data": {"text/html": "<table class='tk-table'></table>"}})
    assert re.search(RESULTS, "15.53 (95% CI 15.03–16.02, n = 3,994)")
