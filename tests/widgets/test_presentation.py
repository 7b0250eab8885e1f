"""What the boards show between moves (issue 12): marks of what changed since the viewer's last
action, the pace of the bots, end-of-round screens, undo's reason, and Overbooking's stage 2 as
pictures. Everything comes from what the viewer may see."""

from __future__ import annotations

import re

import pytest

from kit.overbooking import Overbooking
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.overbooking.stage2 import stage_2_picture


def play_until(board, done, limit=600):
    for _ in range(limit):
        if done(board):
            return
        board.act(board.game.legal_actions()[0])
    raise AssertionError("never got there")


def test_marks_are_the_viewers_events_since_their_last_action_and_hide_the_bots_draws():
    board = LostCitiesBoard(mode="bot", bot="random", seed=3)
    board.act(board.game.legal_actions()[1])  # a discard
    board.act("draw deck")
    kinds = [(event["kind"], event["player"]) for event in board.recent]
    assert kinds[:2] == [("draw", 0), ("discard", 1)] or kinds[0] == ("draw", 0)
    mine = board.recent[0]
    assert mine["card"] in board.game.view(0)["hand"]  # your own drawn card is marked
    bot_draws = [event for event in board.recent if event["kind"] == "draw" and event["player"] == 1]
    assert bot_draws and all(event["from"] != "deck" or "card" not in event for event in bot_draws)
    board.act(board.game.legal_actions()[0])
    assert [event["player"] for event in board.recent] == [0]  # your new action starts the marks again


def test_step_pace_waits_for_next_and_a_bot_moves_one_action_per_next():
    board = LostCitiesBoard(mode="bot", seed=3)
    board.pace = "step"
    board.act(board.game.legal_actions()[1])
    board.act("draw deck")
    assert board.bots_waiting and len(board.game.history) == 2
    assert not board.act("draw deck") and "wait for the bots" in board.message
    board.next_move()
    assert len(board.game.history) == 3 and board.bots_waiting
    board.next_move()
    assert not board.bots_waiting and board.game.current_player == 0
    board.pace = "instant"  # nothing was waiting: nothing changes
    assert len(board.game.history) == 4


def test_the_page_sets_the_pace_by_message_and_a_bad_pace_is_refused():
    board = LostCitiesBoard(mode="bot", seed=3)
    board._on_message(board, {"kind": "pace", "pace": "step"}, [])
    assert board.pace == "step"
    board._on_message(board, {"kind": "pace", "pace": "slow"}, [])
    assert board.pace == "step" and board.message_kind == "error"


def test_lost_cities_end_of_round_screen_shows_lc5_per_expedition_and_waits():
    board = LostCitiesBoard(mode="bot", bot="random", seed=2, rounds=2)
    play_until(board, lambda b: b.summary)
    summary = board.summary
    assert summary["title"] == "Round 1 of 2 is over (LC-5)"
    for table in summary["tables"]:
        *expeditions, total = table["rows"]
        for name, cards, numbers, minus, times, bonus, score in expeditions:
            if not cards:
                continue
            expected = minus * int(times[1:]) + (20 if bonus else 0)
            assert numbers - 20 == minus and int(score) == expected, (name, cards)
        assert int(total[-1]) == sum(int(row[-1]) for row in expeditions)
    assert board.undo_blocked and not board.act(board.game.legal_actions()[0])
    assert "Continue" in board.message
    history = len(board.game.history)
    board.continue_play()
    assert board.summary == {} and board.game.round == 2 and len(board.game.history) == history


def test_overbooking_stage_2_screen_lists_every_step_and_the_next_round_waits():
    board = OverbookingBoard(mode="bot", bot="random", seed=5)
    play_until(board, lambda b: b.summary)
    stage = board.summary["stage2"]
    assert [step["kind"] for step in stage["steps"]][0] == "reveal"
    assert {step["kind"] for step in stage["steps"]} <= {"reveal", "ability", "book", "no-room"}
    for step in stage["steps"]:
        if step["kind"] == "book":
            assert step["beds_before"] - step["beds"] == step["beds_after"]
    assert len(stage["hotels"]) == board.game.settings.players  # one hotel per player
    assert not board.act(board.game.legal_actions()[0])


def test_undo_is_disabled_with_its_reason_when_it_cannot_act():
    board = LostCitiesBoard(mode="bot", seed=3)
    assert board.undo_blocked == "nothing to undo yet"
    board.act(next(a for a in board.game.legal_actions() if str(a).startswith("discard")))
    assert "revealed what was hidden" in board.undo_blocked  # the bot saw the card
    board.mode = "open"  # the teacher, from Python: the game goes on, and undo takes back anything
    assert board.undo_blocked == ""


@pytest.mark.parametrize(
    ("rule", "hotel", "beds"),
    [
        ("first:monk", {"beds": 8, "queue": [["red", "fish-noble"], ["blue", "fish-maid"], ["green", "fish-merchant"],
                                             ["orange", "fish-monk"]], "back": [["red", "rose-merchant"]]},
         ["8 → 11", "11 → 10", "10 → 6", "6 → 3", "3 → 1"]),
        ("two_crests", {"beds": 15, "queue": [["blue", "fish-noble"], ["green", "rose-worker"], ["orange", "fish-maid"],
                                              ["green", "rose-soldier"]],
                        "back": [["orange", "tower-noble"], ["blue", "bird-monk"]]},
         ["15 → 15", "15 → 15", "15 → 12", "12 → 6", "6 → 1", "1 → 1", "1 → 0"]),
    ],
)  # fmt: skip
def test_the_rulebook_booking_examples_as_pictures_step_by_step(rule, hotel, beds):
    game = Overbooking(players=4, seed=1, scenario={"hotels": [{"rule": rule, **hotel}], "check": True})
    svg = stage_2_picture(game, hotel=1, rule=rule).svg
    assert re.findall(r"free beds (\d+ → \d+)", svg) == beds
    assert len(re.findall(r">step \d+: ", svg)) == len(beds)
    assert ("monks book first" if rule == "first:monk" else "at most two crests queue") in svg
