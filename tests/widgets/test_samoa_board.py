"""The Samoa board on the Python side: the synced state holds only the viewer's view."""

from __future__ import annotations

import json

from kit.core import Chance
from widgets.samoa import SamoaBoard

from .page import Page


def synced(board) -> dict:
    return json.loads(json.dumps(board.get_state(), default=str))


def test_bot_mode_syncs_only_the_humans_view_and_hides_secret_choices():
    board = SamoaBoard(players=4, seed=5)
    board.act("choose 6/5")
    state = synced(board)
    view = state["view"]
    assert view["viewer"] == 0 and "hands" not in view and "money_all" not in view and "chosen" not in view
    for seed in range(4):  # redealing what player 0 cannot see changes nothing synced
        board.game = board.game.determinize(0, Chance(seed))
        for other in (1, 2, 3):
            board.game.money[other] += 5
        board._refresh()
        assert synced(board) == state


def test_hotseat_hides_a_secret_choice_from_the_next_player():
    board = SamoaBoard(players=3, seed=6, mode="hotseat")
    Page(board).send({"kind": "take-over"})
    board.act("choose 20/12")
    assert board.handover and board.view["my_card"] is None and board.view["hand"] == []
    Page(board).send({"kind": "take-over"})
    assert board.view["viewer"] == 1 and board.view["played"] == [None, None, None]
    assert board.view["has_chosen"] == [True, False, False]


def test_an_illegal_click_shows_the_rule():
    board = SamoaBoard(players=4, seed=5)
    assert board.act("buy pool") is False and board.message.startswith("SA-3.3: ")
