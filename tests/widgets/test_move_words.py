"""Moves in the learner's words on the boards: the advisor's table and the review name each move in
the board's language; the notation ("play V3") is only what the page sends back."""

from __future__ import annotations

import pytest

from kit.i18n import language
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page
from .test_review import finished

FEW = {"kernel": 20, "readable": 3}


@pytest.mark.parametrize("kind", [LostCitiesBoard, SamoaBoard, OverbookingBoard])
def test_the_advisors_table_names_every_move_in_the_boards_language(kind):
    board = kind(seed=3, mode="hotseat", lang="pl")
    board.analysis_rollouts = FEW
    page = Page(board)
    page.send({"kind": "take-over"})
    page.send({"kind": "analyse", "on": True})
    table = page.model()["analysis"]
    words = table["words"]
    assert set(words) == {row["action"] for row in table["rows"]}
    with language("pl"):
        expected = {
            row["action"]: board.game.action_words(board.game.parse_action(row["action"])) for row in table["rows"]
        }
    assert words == expected
    assert all(text != notation for notation, text in words.items()), words
    generation = board._generation
    page.write({"lang": "sv"})  # said again in the new language, the table itself not worked out again
    swedish = page.model()["analysis"]["words"]
    assert board._generation == generation and set(swedish) == set(words)
    assert all(swedish[a] != words[a] for a in words if not words[a].startswith(tuple("0123456789")))


def test_the_review_names_the_moves_in_the_boards_language():
    board = finished("lost-cities", lang="sv")
    page = Page(board)
    page.send({"kind": "review", "on": True})
    page.send({"kind": "review-evaluate"})
    board.wait_review()
    decision = board.review["points"][-1]["step"]
    page.send({"kind": "review-step", "to": decision + 1})
    review = page.model()["review"]
    named = {p["action"] for p in review["points"]} | {p["best"] for p in review["points"]} | set(review["choices"])
    assert named <= set(review["words"])
    assert all(review["words"][a] != a for a in named), review["words"]
    for entry in review["biggest"]:  # the three costliest decisions, in words
        assert not any(f" {notation} " in entry["text"] for notation in named if " " in notation), entry["text"]
