"""Boards that stay true, from the page's side: a result stepped through is not given away before
its last step, the panels answer the latest action, the bots wait at pace "step" from the first
move on, and the log speaks to the viewer in sentences."""

from __future__ import annotations

import re

from kit.overbooking import lessons as overbooking_lessons
from widgets.lessons import live
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page
from .test_analysis import FEW
from .test_presentation import play_until


def stage_2_on_the_screen(seed: int) -> OverbookingBoard:
    board = OverbookingBoard(players=2, seed=seed)
    play_until(board, lambda b: b.summary)
    return board


# ------------------------------------------------------------------ Overbooking's step-through
def test_until_its_last_step_stage_2_gives_nothing_away_to_the_page():
    # a deal (searched, not assumed) in which player 0 books a card in round 1's stage 2
    board = next(b for b in map(stage_2_on_the_screen, range(40)) if b.game.booked[0])
    check = live(board, overbooking_lessons.booked_cards, 1)
    page = Page(board)
    full_log = [f"[{e['rule']}] {e['text']}" for e in board.game.told_to(0)]
    state = page.model()
    stage = state["summary"]["stage2"]
    total = stage["total"]
    assert total >= 3 and len(stage["steps"]) == 1 and stage["steps"][0]["kind"] == "reveal"
    assert state["summary"]["tables"] == []  # the bookings and points wait for the last step
    # the hotels not yet revealed: only their cards' backs
    later = [hotel for hotel in stage["hotels"] if hotel["hotel"] != stage["steps"][0]["hotel"]]
    assert later and all("card" not in card for hotel in later for card in hotel["queue"] + hotel["back"])
    # the log and "Since your last move" stop at the first step: no booking, no stage 3, no round 2
    at = next(i for i, line in enumerate(full_log) if "Stage 2:" in line)
    assert state["log_lines"][-1] == full_log[at + 1] and state["log_lines"][-2] == full_log[at]
    assert not any("books" in line or "Stage 3" in line or "Round 2" in line for line in state["log_lines"])
    assert not any(event["kind"] in ("book", "no-room", "prepare", "round") for event in state["recent"])
    # the side panel: nobody has booked yet (round 1), though the engine has
    assert state["view"]["booked"] == [[], []] and board.game.booked[0]
    assert not check.done and "✗" in check.value
    for shown in range(2, total):
        page.send({"kind": "next-step"})
        state = page.model()
        assert len(state["summary"]["stage2"]["steps"]) == shown == len(state["stage2"])
        assert state["log_lines"][-1] == full_log[at + shown]
        assert not check.done and state["view"]["booked"] == [[], []]
    page.send({"kind": "next-step"})  # the last step: everything is shown
    state = page.model()
    assert state["summary"]["tables"] and state["view"]["booked"] == board.game.public_view()["booked"]
    assert state["log_lines"] == full_log[-len(state["log_lines"]) :]
    assert check.done and "✓" in check.value


def test_show_all_and_skip_show_everything_at_once():
    board = stage_2_on_the_screen(6)
    page = Page(board)
    page.send({"kind": "all-steps"})
    stage = page.model()["summary"]["stage2"]
    assert len(stage["steps"]) == stage["total"] and page.model()["summary"]["tables"]
    page.send({"kind": "continue"})
    assert page.model()["summary"] == {} and board.steps_shown == len(board.stage2)


# ------------------------------------------------------------------ the panels after an action
def test_after_continue_the_analyse_panel_analyses_the_viewers_turn():
    def round_over(seed: int) -> LostCitiesBoard:
        board = LostCitiesBoard(mode="bot", seed=seed, rounds=2)
        play_until(board, lambda b: b.summary)
        return board

    # a deal (searched) after whose first round the viewer starts: Continue changes no step
    board = next(b for b in map(round_over, range(40)) if b.game.current_player == 0)
    board.analysis_rollouts = FEW
    page = Page(board)
    page.send({"kind": "analyse", "on": True})
    assert "round is over" in page.model()["analysis"]["note"]
    steps = len(board.game.history)
    page.send({"kind": "continue"})
    assert len(board.game.history) == steps and board.game.current_player == 0
    assert page.model()["analysis"].get("rows"), page.model()["analysis"]


def test_a_pace_change_answers_an_earlier_error():
    board = LostCitiesBoard(mode="bot", seed=4)
    page = Page(board)
    page.send({"kind": "pace", "pace": "sometimes"})
    assert page.model()["message_kind"] == "error"
    page.send({"kind": "pace", "pace": "step"})
    assert page.model()["message_kind"] == "info" and "Not accepted" not in page.model()["message"]


def test_pace_step_holds_the_bots_opening_moves_too():
    # a game the bot starts: first_player=1
    board = LostCitiesBoard(mode="bot", seed=4, first_player=1, pace="step")
    assert board.game.history == [] and board.bots_waiting
    page = Page(board)
    page.send({"kind": "new", "seed": 5})  # a new game at pace "step": the bot's opening waits too
    assert board.game.history == [] and page.model()["bots_waiting"] is True
    page.send({"kind": "next"})
    assert len(board.game.history) == 1 and board.game.current_player == 1  # one action (a play), then its draw
    page.send({"kind": "pace", "pace": "instant"})
    assert board.game.current_player == 0 and not page.model()["bots_waiting"]


# ------------------------------------------------------------------------- Samoa's payouts
def test_samoas_payout_screen_and_the_log_agree_on_what_each_hotel_was_paid():
    for seed in range(2, 8):
        board = SamoaBoard(mode="bot", bot="random", seed=seed)
        play_until(board, lambda b: b.summary)
        rows = dict(Page(board).model()["summary"]["tables"][0]["rows"])
        # the payments the page was told, as it was told them ("Player 1 puts N plain in room 5: pays 4.")
        told = {}
        for event in board.game.told_to(0):
            if event["kind"] == "payout":
                break
            if event["kind"] == "place":
                told.setdefault(event["player"], []).append(int(re.search(r"pays (\d+)", event["text"])[1]))
        truth = {e["player"]: e["earned"] for e in board.game.open_events() if e["kind"] == "payout"}
        for player, earned in truth.items():  # the engine's own sums: the screen shows what was announced
            assert rows[f"player {player}"].startswith(f"{earned} Tala"), rows
            assert sum(told[player]) == earned
        assert all("secret" not in paid for paid in rows.values())


# ------------------------------------------------------------------ the log speaks to the viewer
def test_the_log_speaks_to_the_viewer_and_prints_no_python_lists():
    board = LostCitiesBoard(mode="bot", seed=4)
    play_until(board, lambda b: b.game.is_over)
    lines = Page(board).model()["log_lines"]
    assert any(re.search(r"\] You (play|discard) ", line) for line in lines), lines
    assert not any("Player 0 " in line for line in lines), lines
    assert not any(re.search(r"\[-?\d", line.split("] ", 1)[1]) for line in lines), lines
    score = next(line for line in lines if "Round 1 ends" in line)
    number = r"-?\d+"
    said = rf"\[LC-5\] Round 1 ends: you {number}, player 1 {number}; match totals you {number}, player 1 {number}\."
    assert re.fullmatch(said, score), score
    assert "; you win." in lines[-1] or "player 1 wins." in lines[-1] or "share the win" in lines[-1]
    # another seat's view of the same game names player 0 in the third person
    assert "Player 0 " in " ".join(e["text"] for e in board.game.told_to(1))
