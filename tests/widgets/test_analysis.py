"""The boards' "Analyse" toggle (widgets/analysis.py), from the page's side: the page may only ask;
Python picks whose information the advisor uses; what reaches the page carries intervals and n."""

from __future__ import annotations

import pytest

from widgets import analysis
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page

FEW = {"kernel": 30, "readable": 3}  # rollouts per action: enough to test, quick to run


def board_of(kind, **options):
    board = kind(**options)
    board.analysis_rollouts = FEW
    return board


@pytest.mark.parametrize("kind", [LostCitiesBoard, SamoaBoard, OverbookingBoard])
def test_the_toggle_shows_every_legal_action_with_intervals_and_n(kind):
    board = board_of(kind, seed=3, mode="hotseat")
    Page(board).send({"kind": "take-over"})  # the player to move looks at the board
    Page(board).send({"kind": "analyse", "on": True})
    table = Page(board).model()["analysis"]
    assert Page(board).model()["analyse"] is True
    assert table["information"] == "viewer" and table["seat"] == board.viewer() == board.game.current_player
    assert sorted(row["action"] for row in table["rows"]) == sorted(board.view["legal_actions"])
    for row in table["rows"]:
        assert row["n"] == table["n"] > 0
        assert row["win_low"] <= row["win"] <= row["win_high"]
        assert row["difference_low"] <= row["difference"] <= row["difference_high"]
    Page(board).send({"kind": "analyse", "on": False})
    assert Page(board).model()["analysis"] == {}


def test_the_page_cannot_switch_it_by_writing_the_trait_nor_with_a_bad_message():
    board = board_of(LostCitiesBoard, seed=3, mode="bot")
    page = Page(board)
    page.write({"analyse": True})
    assert board.analyse is False and not board.analysis
    page.send({"kind": "analyse", "on": "yes"})
    assert board.analyse is False and board.message_kind == "error" and "analyse" in board.message


def test_no_table_while_it_is_not_the_viewers_turn_or_the_device_is_being_passed():
    board = board_of(LostCitiesBoard, seed=3, mode="hotseat")
    Page(board).send({"kind": "analyse", "on": True})
    assert board.handover and "your turn" in board.analysis["note"] and "rows" not in board.analysis
    Page(board).send({"kind": "take-over"})
    assert board.analysis["seat"] == board.game.current_player and board.analysis["rows"]


def test_the_open_mode_uses_everything_and_shows_what_the_player_could_know():
    board = board_of(LostCitiesBoard, seed=3, mode="open")
    Page(board).send({"kind": "analyse", "on": True})
    assert board.analysis["information"] == "everything"
    assert all(0 <= row["known_win"] <= 1 for row in board.analysis["rows"])


def test_a_slow_analysis_sends_progress_to_the_page(monkeypatch):
    monkeypatch.setattr(analysis, "PROGRESS_AFTER", 0.0)
    board = board_of(LostCitiesBoard, seed=3, mode="open")
    Page(board).send({"kind": "analyse", "on": True})
    progress = [
        m["data"]["content"]
        for m in Page(board).received
        if m["data"] and m["data"].get("method") == "custom" and m["data"]["content"].get("kind") == "analysis-progress"
    ]
    assert progress and progress[-1]["done"] == progress[-1]["total"]


def test_the_analysis_the_page_receives_depends_only_on_the_viewers_information():
    board = board_of(LostCitiesBoard, seed=3, mode="hotseat")
    page = Page(board)
    page.send({"kind": "take-over"})  # the player to move looks at the board
    viewer = board.viewer()
    page.send({"kind": "analyse", "on": True})
    first = dict(page.model()["analysis"])
    assert first["rows"] and first["seat"] == viewer
    first.pop("seconds")
    from kit.core import Chance

    board.game = board.game.determinize(viewer, Chance(5))  # other hidden cards, the same for the viewer
    board._analysed = None
    board._refresh()
    again = dict(page.model()["analysis"])
    again.pop("seconds")
    assert again == first


def test_the_tables_words_and_notes_follow_the_boards_language():
    """The page gets the table's words in the `words` trait and the note in the board's language,
    said again when the page switches the language (no table is worked out again for it)."""
    board = board_of(LostCitiesBoard, seed=3, mode="hotseat")
    page = Page(board)
    page.send({"kind": "analyse", "on": True})
    assert page.model()["analysis"]["note"] == "The analysis of your move appears on your turn."
    assert page.model()["words"]["analyse"] == "Analyse"
    generation = board._generation
    page.write({"lang": "sv"})
    assert page.model()["analysis"]["note"] == "Analysen av ditt drag visas när det är din tur."
    assert page.model()["words"]["analyse"] == "Analysera"
    assert page.model()["words"]["show_all"]["other"] == "Visa alla {n} drag"
    assert board._generation == generation
    page.write({"lang": "pl"})
    assert page.model()["words"]["show_all"] == {
        "one": "Pokaż {n} ruch",
        "few": "Pokaż wszystkie {n} ruchy",
        "many": "Pokaż wszystkie {n} ruchów",
    }
