"""One test per hole of issue 9 (points 1-5 and 13) on the boards, each driven from the page's side
(comm messages and trait writes, see page.py) and each failing on the boards as they were."""

from __future__ import annotations

import json
import logging

import pytest
import traitlets

from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page

REFUSED = "Not accepted from the page: "


def saved(board) -> str:
    return board.game.dumps()


def seen(board) -> str:
    """The viewer's view and log, as JSON (what a refused message must not change)."""
    return json.dumps([board.view, board.log_lines, board.steps, board.seed, board.human, board.handover])


def assert_refused(board, before: tuple[str, str], text: str = REFUSED) -> None:
    assert board.message_kind == "error" and text in board.message, board.message
    assert (saved(board), seen(board)) == before


# --------------------------------------------------------------- 1. undo against bots
def samoa_after_the_bots_revealed_every_price_card():
    board = SamoaBoard(players=3, seed=6)
    Page(board).send({"kind": "act", "action": "choose 2/3"})  # the bots choose after: all turn over
    assert board.game.phase != "choose" and board.view["played"][1] is not None
    return board


def overbooking_after_a_bot_ended_stage_1():
    """A board whose last placement, a bot's, ended stage 1 with stage 2 waiting for a choice:
    the first seat from 0 up where playing the first legal action does that (searched here)."""
    for seed in range(60):
        board = OverbookingBoard(players=2, seed=seed)
        while board.view["legal_actions"]:  # none: a summary to read, or the game over
            before = len(board.game.history)
            board.act(board.view["legal_actions"][0])
            if board.game.stage != 1:
                break
        if board.game.stage == 2 and len(board.game.history) > before + 1:  # the bots placed after the human
            return board
    raise AssertionError("no seed from 0 to 59 stops in stage 2 after a bot's placement")


def lost_cities_after_a_bot_draw_ended_the_round():
    """The human's last action draws from a discard pile (nothing hidden); then the bot draws the
    last card of the draw pile, which ends round 1 and deals round 2."""
    board = LostCitiesBoard(seed=0, rounds=2)
    game = board.game
    while True:
        legal = board.view["legal_actions"]
        if game.phase == "play":
            board.act(next(a for a in legal if a.startswith("discard")))
            continue
        piles = [a for a in legal if a != "draw deck"]
        if piles and len(game.deck) <= 3:
            board.act(piles[0])
            if game.round == 2:
                return board
        else:
            board.act("draw deck")
        assert game.round == 1


@pytest.mark.parametrize(
    "make",
    [samoa_after_the_bots_revealed_every_price_card, overbooking_after_a_bot_ended_stage_1,
     lost_cities_after_a_bot_draw_ended_the_round],
)
def test_undo_refuses_when_a_bot_action_it_would_take_back_revealed_something(make):
    board = make()
    before = (saved(board), seen(board))
    Page(board).send({"kind": "undo"})
    assert_refused(board, before, "revealed what was hidden")


def samoa_at_a_tourist_turn(mode: str):
    """A Samoa board played from the page until the seat on view may place a tourist (SA-3.5)."""
    board = SamoaBoard(players=3, seed=6, mode=mode)
    page = Page(board)
    while not any(action.startswith("place") for action in board.view["legal_actions"]):
        if board.handover or board.summary:
            page.send({"kind": "take-over" if board.handover else "continue"})
            continue
        legal = board.view["legal_actions"]
        page.send({"kind": "act", "action": "pass" if "pass" in legal else legal[0]})
    return board, page


def test_undo_against_bots_still_takes_back_quiet_moves():
    board, page = samoa_at_a_tourist_turn("bot")
    steps = board.steps
    page.send({"kind": "act", "action": next(a for a in board.view["legal_actions"] if a.startswith("place"))})
    page.send({"kind": "undo"})  # a tourist taken from the open groups shows nothing hidden
    assert board.message == "Undone." and board.steps == steps


def test_undo_against_bots_refuses_past_your_own_card_shown_to_the_bot():
    board = LostCitiesBoard(seed=4)
    page = Page(board)
    discard = next(a for a in board.view["legal_actions"] if a.startswith("discard"))
    page.send({"kind": "act", "action": discard})
    page.send({"kind": "undo"})  # the bot has seen the card: taking it back would let you choose again
    assert board.message_kind == "error" and "revealed what was hidden" in board.message, board.message
    assert discard.split()[1] in board.message and board.steps == 1
    assert "revealed what was hidden" in board.undo_blocked  # the page's Undo button says why, before a press


# --------------------------------------------------------- 2. the page and secrecy
def test_the_page_switching_to_the_open_mode_mid_game_gets_a_new_game_not_the_hands():
    board = LostCitiesBoard(seed=4)
    page = Page(board)
    page.send({"kind": "act", "action": next(a for a in board.view["legal_actions"] if a.startswith("discard"))})
    old = board.game
    hidden = old.open_view()
    sent = len(page.received)
    page.write({"mode": "open"})
    assert board.game is not old and board.game.history == [] and board.mode == "open"
    assert old.settings.seed != board.game.settings.seed
    for message in page.received[sent:]:  # nothing of the old game's hidden cards reached the page
        state = message["data"].get("state", {})
        assert state.get("view", {}).get("hands") != hidden["hands"]
        assert state.get("view", {}).get("deck") != hidden["deck"]
    page.write({"mode": "bot"})  # and back: again a new game, not the one seen openly
    assert board.game.settings.seed not in (old.settings.seed,) and board.view["open"] is False


def test_a_forged_human_never_shows_the_bots_hand():
    board = LostCitiesBoard(seed=4)
    page = Page(board)
    before = (saved(board), seen(board))
    sent = len(page.received)
    page.write({"human": 1})
    assert_refused(board, before)
    assert board.human == 0 and page.model()["human"] == 0  # the page's copy is set back
    assert all(view["viewer"] != 1 for view in page.views()[sent:] if "viewer" in view)


def test_hotseat_switched_to_bots_from_the_page_does_not_show_a_secret_price_card():
    board = SamoaBoard(players=3, seed=6, mode="hotseat")
    page = Page(board)
    page.send({"kind": "take-over"})
    page.send({"kind": "act", "action": "choose 20/12"})  # secret; player 1 now holds the device
    sent = len(page.received)
    page.write({"mode": "bot"})
    assert "choose 20/12" not in [str(a) for a in board.game.history]
    assert all(view.get("my_card") != "20/12" for view in page.views()[sent:])


@pytest.mark.parametrize("value", [False, True])
def test_the_page_cannot_write_handover(value):
    board = SamoaBoard(players=3, seed=6, mode="hotseat")
    page = Page(board)
    if not value:
        page.send({"kind": "take-over"})
        page.send({"kind": "act", "action": "choose 20/12"})
    before = (saved(board), seen(board))
    page.write({"handover": value})
    assert_refused(board, before)
    assert board.view["viewer"] is None or value is True


def test_with_allow_peeking_a_mode_change_from_the_page_is_logged_and_marks_practice():
    board = LostCitiesBoard(seed=4, allow_peeking=True)
    page = Page(board)
    page.send({"kind": "act", "action": next(a for a in board.view["legal_actions"] if a.startswith("discard"))})
    game = board.game
    page.write({"mode": "open"})
    assert board.game is game and board.view["open"] is True and board.practice
    assert any(line.startswith("[peek] the page switched to the open mode at step 1") for line in board.log_lines)
    page.write({"mode": "bot"})
    assert board.game is game and board.practice and page.model()["practice"] is True
    board.new_game()
    assert not board.practice and not any(line.startswith("[peek]") for line in board.log_lines)


def test_python_may_change_human_and_handover():
    board = LostCitiesBoard(seed=4)
    board.human = 1
    assert board.view["viewer"] == 1 and board.game.current_player == 1  # the bot played seat 0's turn
    with pytest.raises(traitlets.TraitError):
        board.human = 5
    hot = LostCitiesBoard(seed=4, mode="hotseat")
    hot.handover = False
    assert hot.view["viewer"] == 0
    hot.handover = True
    assert hot.view["viewer"] is None and hot.view["hand"] == []


# ----------------------------------------------------------------- 3. unguessable seeds
def test_a_seed_not_chosen_is_unguessable_and_reaches_the_page_only_at_the_end():
    boards = [LostCitiesBoard(mode=mode) for mode in ("bot", "hotseat", "open", "bot")]
    seeds = {board.game.settings.seed for board in boards}
    assert len(seeds) == 4 and not seeds & set(range(100))
    for board in boards:
        assert board.seed is None and Page(board).model()["seed"] is None
    board = boards[0]
    page = Page(board)
    page.send({"kind": "new", "seed": None})
    assert board.seed is None and board.game.settings.seed not in seeds | {max(seeds) + 1}
    while not board.game.is_over:
        board.act(board.view["legal_actions"][0])
        assert board.seed is None or board.game.is_over
    assert page.model()["seed"] == board.game.settings.seed


def test_a_chosen_seed_is_a_known_deal():
    board = LostCitiesBoard(seed=7)
    page = Page(board)
    assert page.model()["seed"] == 7
    page.send({"kind": "new", "seed": "7"})
    assert board.game.open_view() == LostCitiesBoard(seed=7, mode="open").game.open_view()
    assert "a chosen seed is a known deal" in board.message


# ------------------------------------------------------- 4. messages from the seat's view
def test_an_undo_refusal_never_names_a_bots_face_down_card():
    board = overbooking_after_a_bot_ended_stage_1()
    bots_action = str(board.game.history[-1])
    Page(board).send({"kind": "undo"})
    assert board.message_kind == "error" and bots_action not in board.message
    assert bots_action.split()[1] not in board.message  # the card itself (e.g. "bird-soldier")


def test_the_pass_the_device_screen_never_hears_the_previous_players_action():
    for seed in range(60):  # a game whose stage-1-ending placement leaves stage 2 waiting (searched here)
        board = OverbookingBoard(players=2, seed=seed, mode="hotseat")
        page = Page(board)
        while True:  # play until a placement ends stage 1 (and shows every card), or nothing is left
            page.send({"kind": "take-over"})
            if not board.view["legal_actions"]:
                break
            action = board.view["legal_actions"][0]
            page.send({"kind": "act", "action": action})
            if board.game.stage != 1:
                break
        if board.game.stage == 2:
            break
    else:
        raise AssertionError("no seed from 0 to 59 stops in stage 2")
    page.send({"kind": "undo"})  # pressed on the pass-the-device screen
    assert board.message_kind == "error" and action not in board.message and action.split()[1] not in board.message


# ----------------------------------------------------------------- 5. hot-seat undo
def test_hotseat_undo_cannot_take_back_the_previous_players_turn():
    board = SamoaBoard(players=3, seed=6, mode="hotseat")
    page = Page(board)
    page.send({"kind": "take-over"})
    page.send({"kind": "act", "action": "choose 20/12"})  # player 0's secret choice
    before, sent = (saved(board), seen(board)), len(page.received)
    page.send({"kind": "undo"})  # player 1, on the pass-the-device screen
    assert_refused(board, before, "only your own actions of this turn")
    page.send({"kind": "take-over"})
    page.send({"kind": "undo"})  # player 1, showing their own hand
    assert board.game.history and board.view["viewer"] == 1 and board.message_kind == "error"
    assert all(view["viewer"] != 0 and view.get("my_card") != "20/12" for view in page.views()[sent:])


def test_hotseat_undo_takes_back_your_own_action_of_this_turn():
    board, page = samoa_at_a_tourist_turn("hotseat")
    steps, seat = board.steps, board.view["viewer"]
    page.send({"kind": "act", "action": next(a for a in board.view["legal_actions"] if a.startswith("place"))})
    page.send({"kind": "undo"})
    assert board.message == "Undone." and board.steps == steps and board.view["viewer"] == seat and not board.handover


def test_hotseat_undo_refuses_a_card_shown_to_the_table():
    board = LostCitiesBoard(seed=5, mode="hotseat")
    page = Page(board)
    page.send({"kind": "take-over"})
    page.send({"kind": "act", "action": next(a for a in board.view["legal_actions"] if a.startswith("discard"))})
    page.send({"kind": "undo"})  # the discard pile shows the card to every seat
    assert board.message_kind == "error" and "revealed what was hidden" in board.message and board.steps == 1


def test_the_teacher_takes_back_anything_from_python():
    board = SamoaBoard(players=3, seed=6, mode="hotseat")
    page = Page(board)
    page.send({"kind": "take-over"})
    page.send({"kind": "act", "action": "choose 20/12"})
    board.take_back(1)
    assert board.steps == 0 and board.handover and "teacher" in board.message


# ------------------------------------------------------------ 13. the message handler
@pytest.mark.parametrize("content", ["undo", ["undo"], None, 5, {"kind": 5}, {"kind": "fly"}, {"action": "draw deck"}])
def test_a_message_that_is_not_a_known_object_is_refused(content):
    board = LostCitiesBoard(seed=4)
    before = (saved(board), seen(board))
    Page(board).send(content)
    assert_refused(board, before)


@pytest.mark.parametrize(
    "seed", ["²", "٣", "1" * 5000, 10**5000, "1e3", 1.5, True, "--1", [1], {"a": 1}, 2**53], ids=range(11)
)
def test_a_bad_seed_from_the_page_is_refused(seed):
    board = LostCitiesBoard(seed=4)
    before = (saved(board), seen(board))
    Page(board).send({"kind": "new", "seed": seed})
    assert_refused(board, before)


def test_a_forged_human_out_of_range_is_refused_and_the_board_still_refreshes():
    board = SamoaBoard(players=4, seed=5)
    before = (saved(board), seen(board))
    Page(board).write({"human": 5})
    assert_refused(board, before)
    assert board.act(board.view["legal_actions"][0]) and board.view["viewer"] == 0


def test_a_malformed_comm_message_is_refused():
    board = LostCitiesBoard(seed=4)
    before = (saved(board), seen(board))
    page = Page(board)
    for data in ({}, {"method": "update", "state": [1]}, {"method": "delete"}, "update", None,
                 {"method": "update", "state": {"mode": "open"}, "buffer_paths": [["mode"]]}):
        page.raw(data)
        assert_refused(board, before)
    page.raw({"method": "custom", "content": {"kind": "undo"}}, buffers=[b"x"])
    assert_refused(board, before)


def test_the_log_trait_no_longer_shadows_the_widget_logger():
    board = LostCitiesBoard(seed=4)
    assert isinstance(board.log, logging.Logger)
    assert "log" not in board.keys and board.log_lines and Page(board).model()["log_lines"] == board.log_lines


# ------------------------------------------------- 2. every trait the page can write
def _every_trait():
    for make in (LostCitiesBoard, SamoaBoard, OverbookingBoard):
        for name in sorted(make(seed=1).keys):
            yield pytest.param(make, name, id=f"{make.__name__}.{name}")


@pytest.mark.parametrize(("make", "name"), list(_every_trait()))
def test_every_trait_the_page_writes(make, name):
    """`mode` and `bot` take their allowed values (a mode change starts a new game); every other
    trait, whatever the value, is refused, changes nothing and is set back on the page."""
    board = make(seed=2)
    page = Page(board)
    page.send({"kind": "act", "action": board.view["legal_actions"][0]})
    game, before = board.game, (saved(board), seen(board))
    for value in (1, "open", None, {"viewer": 1}, [0]):
        if name in ("mode", "bot") and value == "open":
            continue
        page.write({name: value})
        assert_refused(board, before)
        assert page.model()[name] == json.loads(json.dumps(board.get_state(name)[name], default=str))
    if name == "bot":
        page.write({"bot": "random"})
        assert board.bot == "random" and board.game is game and board.message_kind != "error"
    if name == "mode":
        page.write({"mode": "hotseat"})
        assert board.mode == "hotseat" and board.game is not game and board.game.history == [] and board.handover
