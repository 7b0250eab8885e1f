"""The Overbooking board on the Python side: only the viewer's view is synced, stage 2 step by step."""

from __future__ import annotations

import json

from kit.core import Chance
from widgets.overbooking import OverbookingBoard

from .page import Page


def synced(board) -> dict:
    return json.loads(json.dumps(board.get_state(), default=str))


def test_bot_mode_syncs_backs_only_for_other_players_cards():
    board = OverbookingBoard(players=3, seed=5)
    board.act(board.view["legal_actions"][0])
    state = synced(board)
    for hotel in state["view"]["hotels"]:
        for slot in hotel["queue"] + hotel["back"]:
            if slot["owner"] != 0:
                assert set(slot) == {"owner", "colour", "crest", "size", "face_up"}
    for seed in range(4):
        board.game = board.game.determinize(0, Chance(seed))
        board._refresh()
        assert synced(board) == state


def test_stage_2_is_shown_step_by_step():
    board = OverbookingBoard(players=2, seed=6)
    while board.game.round == 1:
        board.act(board.view["legal_actions"][0])
    assert board.stage2[0]["kind"] == "reveal" and board.steps_shown == len(board.stage2) == 1
    total = board.summary["stage2"]["total"]
    Page(board).send({"kind": "next-step"})
    assert board.steps_shown == len(board.stage2) == 2
    Page(board).send({"kind": "all-steps"})
    steps = board.stage2
    assert board.steps_shown == len(steps) == total
    assert all(s["text"].startswith("[OB-5") for s in steps)  # every step names its rule id
    booked = [s for s in steps if s["kind"] == "book"]
    assert all(s["beds_after"] == s["beds_before"] - int(s["text"].split(" books ")[1].split()[0]) for s in booked)


def test_an_illegal_placement_shows_the_rule():
    board = OverbookingBoard(players=2, seed=6)
    assert board.act("queue nobody-monk at 1") is False and board.message.startswith("OB-4: ")


def test_the_end_of_stage_table_is_headed_in_the_boards_language():
    board = OverbookingBoard(players=2, seed=6, lang="pl")
    while board.game.round == 1:
        board.act(board.view["legal_actions"][0])
    Page(board).send({"kind": "all-steps"})
    header = board.summary["tables"][0]["header"]
    assert header == ["gracz", "rezerwacje", "zarezerwowane łóżka", "żetony z punktami", header[-1]]
    assert header[-1] != "points"


def test_a_change_of_language_keeps_the_stage_2_steps_already_shown():
    board = OverbookingBoard(players=2, seed=6)
    while board.game.round == 1:
        board.act(board.view["legal_actions"][0])
    Page(board).send({"kind": "next-step"})
    Page(board).send({"kind": "next-step"})
    shown = board.steps_shown
    assert shown == 3 and len(board.stage2) == 3
    board.lang = "pl"
    assert board.steps_shown == shown and len(board.stage2) == shown
    assert board.summary["title"].startswith("Runda 1")
