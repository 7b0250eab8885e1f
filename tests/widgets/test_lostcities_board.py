"""The Lost Cities board on the Python side: modes, messages from the browser, and above all that
the synced state (everything that reaches the browser) never holds what its viewer may not see."""

from __future__ import annotations

import json

import pytest
import traitlets

from kit.core import Chance
from widgets.lostcities import LostCitiesBoard

from .page import Page


def synced(board) -> dict:
    """Exactly what the browser receives: every synced trait."""
    return json.loads(json.dumps(board.get_state(), default=str))


def click(board, **message):
    Page(board).send(message)


def first_legal(board, prefix):
    return next(a for a in board.view["legal_actions"] if a.startswith(prefix))


def redeal_hidden(board, viewer, seed):
    """Redeal what `viewer` cannot see, as if the hidden cards were different."""
    board.game = board.game.determinize(viewer, Chance(seed))
    board._refresh()


@pytest.mark.parametrize("players", [2, 4])
def test_bot_mode_sends_only_the_humans_view(players):
    board = LostCitiesBoard(players=players, seed=4, mode="bot")
    click(board, kind="act", action=first_legal(board, "discard"))
    click(board, kind="act", action="draw deck")
    state = synced(board)
    assert state["view"]["viewer"] == 0 and state["view"]["open"] is False
    assert "hands" not in state["view"] and "deck" not in state["view"]
    for seed in range(5):  # nothing synced may change when only hidden cards change
        redeal_hidden(board, 0, seed)
        assert synced(board) == state


def test_bots_move_at_once_and_the_log_names_rules():
    board = LostCitiesBoard(seed=4, mode="bot")
    assert board.steps == 0
    board.act(first_legal(board, "discard"))
    board.act("draw deck")
    assert board.steps == 4 and board.game.current_player == 0
    assert all(line.startswith("[LC-") for line in board.log_lines)


def test_the_bot_starts_when_the_human_is_not_first():
    board = LostCitiesBoard(seed=4, mode="bot", human=1)
    assert board.steps == 2 and board.game.current_player == 1


def test_an_illegal_click_shows_the_engines_message_and_changes_nothing():
    board = LostCitiesBoard(seed=4, mode="bot")
    before = board.game.fingerprint()
    click(board, kind="act", action="draw deck")
    assert board.message_kind == "error" and board.message.startswith("LC-3: ")
    assert board.game.fingerprint() == before
    click(board, kind="act", action="play Q9")
    assert board.message.startswith("LC-3: ") and board.game.fingerprint() == before


def test_hotseat_hides_the_hand_between_turns():
    board = LostCitiesBoard(seed=5, mode="hotseat")
    assert board.handover and board.view["hand"] == [] and board.view["viewer"] is None
    click(board, kind="take-over")
    assert not board.handover and board.view["viewer"] == 0 and len(board.view["hand"]) == 8
    click(board, kind="act", action=first_legal(board, "discard"))
    assert not board.handover  # the same player still has to draw
    click(board, kind="act", action="draw deck")
    assert board.handover and board.view["hand"] == [] and board.game.current_player == 1
    spectator = synced(board)
    redeal_hidden(board, 0, 1)  # not even player 0's hand may show on the pass-the-device screen
    assert synced(board) == spectator
    assert board.act("discard " + board.game.view(1)["hand"][0]) is False
    assert "pass the device" in board.message
    click(board, kind="take-over")
    assert board.view["viewer"] == 1
    state = synced(board)
    redeal_hidden(board, 1, 2)
    assert synced(board) == state


def test_open_mode_shows_everything_and_says_so():
    board = LostCitiesBoard(seed=5, mode="open")
    assert board.view["open"] is True and len(board.view["hands"]) == 2 and len(board.view["deck"]) == 44
    board.mode = "bot"
    assert board.view["open"] is False and "hands" not in board.view
    board.mode = "open"
    assert "every card is visible" in board.message


def test_bot_move_on_request_in_open_mode_only():
    board = LostCitiesBoard(seed=5, mode="open")
    click(board, kind="bot-move")
    assert board.steps == 1
    board.mode = "hotseat"
    assert board.bot_move() is False and board.steps == 1


def test_undo_against_bots_refuses_past_a_card_shown_or_a_deck_draw():
    board = LostCitiesBoard(seed=4, mode="bot")
    click(board, kind="act", action=first_legal(board, "discard"))  # shows the card to the bot
    click(board, kind="undo")
    assert board.message_kind == "error" and "revealed what was hidden" in board.message and board.steps == 1
    click(board, kind="act", action="draw deck")
    click(board, kind="undo")
    assert board.message_kind == "error" and "revealed what was hidden" in board.message and board.steps == 4


def test_undo_in_open_mode_takes_back_anything():
    board = LostCitiesBoard(seed=4, mode="open")
    board.act(first_legal(board, "discard"))
    board.act("draw deck")
    board.undo()
    assert board.steps == 1


def test_new_game_with_a_seed_and_the_next_seed():
    board = LostCitiesBoard(seed=4, mode="bot")
    click(board, kind="new", seed="11")
    assert board.seed == 11 and board.game.settings.seed == 11 and board.steps == 0
    click(board, kind="new", seed=None)
    assert board.seed is None and board.game.settings.seed != 12  # unguessable, and kept from the page


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="mode"):
        LostCitiesBoard(mode="spectate")
    with pytest.raises(ValueError, match="bot"):
        LostCitiesBoard(bot="genius")
    with pytest.raises(ValueError, match="human"):
        LostCitiesBoard(human=3)
    board = LostCitiesBoard()
    with pytest.raises(traitlets.TraitError, match="mode"):
        board.mode = "nonsense"
    assert board.mode == "bot"


def test_a_stable_repr_for_saved_notebooks():
    assert repr(LostCitiesBoard(seed=9)) == "<LostCitiesBoard mode=bot seed=9 step 0>"
