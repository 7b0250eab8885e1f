"""The advisor's table inside a running kernel (an asyncio event loop handles the page's messages,
as ipykernel does): a move is never delayed by the analysis, the next move cancels it, and a table
made for an earlier position never reaches the page. Then the page's new inputs: picking a row."""

from __future__ import annotations

import asyncio
import time

import pytest

from widgets import analysis
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page

FEW = {"kernel": 30, "readable": 3}
#: a bound on waiting for the worker, so that a broken worker fails the test instead of hanging it
PATIENCE = 120.0


def board_of(kind, rollouts=FEW, **options):
    board = kind(**options)
    board.analysis_rollouts = rollouts
    return board


async def until(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.01)


def progress_of(page) -> list[dict]:
    return [
        m["data"]["content"]
        for m in page.received
        if m["data"] and m["data"].get("method") == "custom" and m["data"]["content"].get("kind") == "analysis-progress"
    ]


def shown_tables(page) -> list[tuple[list[str], dict]]:
    """Each table the page was sent, with the legal actions of the view it held at that moment."""
    legal, shown = [], []
    for message in page.received:
        data = message["data"] or {}
        state = data.get("state") if isinstance(data, dict) else None
        if not isinstance(state, dict):
            continue
        if "view" in state:
            legal = state["view"].get("legal_actions", [])
        if state.get("analysis", {}).get("rows"):
            shown.append((legal, state["analysis"]))
    return shown


def test_the_move_renders_first_and_the_next_move_cancels_the_running_analysis(monkeypatch):
    monkeypatch.setattr(analysis, "PROGRESS_AFTER", 0.0)

    async def scenario():
        board = board_of(LostCitiesBoard, rollouts={"kernel": 4000, "readable": 40}, seed=3, mode="bot")
        page = Page(board)
        page.send({"kind": "analyse", "on": True})
        # the handler returned at once: the page holds the position and "running", not a table
        assert page.model()["analysis"].get("running") and "rows" not in page.model()["analysis"]
        await until(lambda: progress_of(page), "the first analysis to report progress")
        first_progress = len(progress_of(page))
        card = next(a for a in board.view["legal_actions"] if a.startswith("discard"))
        started = time.perf_counter()
        page.send({"kind": "act", "action": card})  # while the analysis of the play runs
        handled = time.perf_counter() - started
        assert board.view["phase"] == "draw" and page.model()["analysis"].get("running")
        assert handled < 1.0, f"the move waited {handled:.2f} s"
        board.analysis_rollouts = FEW  # the table of the draw comes quickly
        await until(lambda: board.analysis.get("rows"), "the table of the new position")
        await asyncio.sleep(0.3)  # time enough for a stale worker to deliver, had it not stopped
        return board, page, first_progress

    board, page, first_progress = asyncio.run(scenario())
    tables = shown_tables(page)
    assert len(tables) == 1, "only the table of the position on show reached the page"
    legal, table = tables[0]
    assert sorted(row["action"] for row in table["rows"]) == sorted(legal) == sorted(board.view["legal_actions"])
    assert all(action.startswith("draw") for action in legal)
    # the cancelled analysis stopped: it never reported the end of its 4,000 rollouts
    cancelled = [p for p in progress_of(page) if p["total"] == 4000]
    assert len(cancelled) >= first_progress and all(p["done"] < p["total"] for p in cancelled)


def test_turning_the_analysis_off_stops_it_and_nothing_arrives_later(monkeypatch):
    monkeypatch.setattr(analysis, "PROGRESS_AFTER", 0.0)

    async def scenario():
        board = board_of(LostCitiesBoard, rollouts={"kernel": 4000, "readable": 40}, seed=3, mode="bot")
        page = Page(board)
        page.send({"kind": "analyse", "on": True})
        await until(lambda: progress_of(page), "the analysis to report progress")
        page.send({"kind": "analyse", "on": False})
        await asyncio.sleep(0.5)
        return board, page

    board, page = asyncio.run(scenario())
    assert board.analysis == {} and page.model()["analysis"] == {} and not shown_tables(page)


def test_the_first_use_of_an_uncompiled_kernel_says_it_is_being_prepared(monkeypatch):
    from kit.kernels import prepare

    monkeypatch.setattr(prepare, "needs_compiling", lambda game: True)

    async def scenario():
        board = board_of(SamoaBoard, seed=3, mode="open")
        Page(board).send({"kind": "analyse", "on": True})
        preparing = board.analysis.get("preparing")
        await until(lambda: board.analysis.get("rows"), "the table")
        return preparing

    from kit.samoa import Samoa
    from kit.sim.advice import fast_path

    expected = analysis.PREPARING if fast_path(Samoa(seed=3), "heuristic") else ""
    assert asyncio.run(scenario()) == expected


# ----------------------------------------------------------------------------- picking a row
@pytest.mark.parametrize("kind", [LostCitiesBoard, SamoaBoard, OverbookingBoard])
def test_a_picked_row_names_its_move_and_the_places_it_touches(kind):
    board = board_of(kind, seed=3, mode="open")
    page = Page(board)
    page.send({"kind": "analyse", "on": True})
    rows = board.analysis["rows"]
    assert any(row["places"] for row in rows), "the preview marks something on the board"
    page.send({"kind": "analysis-select", "row": 1})
    assert page.model()["analysis_choice"] == {"row": 1, "action": rows[1]["action"], "places": rows[1]["places"]}
    assert board.message_kind == "info"
    page.send({"kind": "analysis-select", "row": None})
    assert page.model()["analysis_choice"] == {}
    page.send({"kind": "analysis-select", "row": 0})
    page.send({"kind": "act", "action": board.analysis_choice["action"]})  # the learner confirms it
    assert board.game.history and page.model()["analysis_choice"] == {}, "a new position drops the choice"


def test_the_lost_cities_places_are_the_hand_card_and_where_it_goes():
    board = board_of(LostCitiesBoard, seed=3, mode="bot")
    view = board.view
    seat, hand = view["viewer"], view["hand"]
    card = hand[2]
    actions = {str(a): a for a in board.game.legal_actions()}
    index = hand.index(card)
    assert board.action_places(actions[f"discard {card}"], view) == [f"hand-{seat}-{index}", f"pile-{card[0]}"]
    if f"play {card}" in actions:
        assert board.action_places(actions[f"play {card}"], view) == [f"hand-{seat}-{index}", f"exp-{card[0]}"]


BAD_ROWS = [-1, 10**100, 1.5, "1", True, [0], {"row": 0}]


@pytest.mark.parametrize("row", BAD_ROWS, ids=repr)
def test_a_bad_row_is_refused_with_the_promised_error_and_changes_nothing(row):
    board = board_of(LostCitiesBoard, seed=3, mode="bot")
    page = Page(board)
    page.send({"kind": "analyse", "on": True})
    page.send({"kind": "analysis-select", "row": 0})
    before = dict(board.analysis_choice)
    page.send({"kind": "analysis-select", "row": row})
    assert board.message_kind == "error"
    assert board.message.startswith("Not accepted from the page: an 'analysis-select' row is a row of the table (0 to ")
    assert len(board.message) < 200, "the page's value is not repeated back at length"
    assert board.analysis_choice == before


def test_a_row_past_the_end_a_pick_without_a_table_and_a_written_choice_are_refused():
    board = board_of(LostCitiesBoard, seed=3, mode="bot")
    page = Page(board)
    page.send({"kind": "analysis-select", "row": 0})  # Analyse is off: no table
    assert board.message_kind == "error" and "there is no table on show" in board.message
    page.send({"kind": "analyse", "on": True})
    page.send({"kind": "analysis-select", "row": len(board.analysis["rows"])})
    assert board.message_kind == "error" and board.analysis_choice == {}
    page.send({"kind": "analysis-select", "row": 0, "places": ["deck"]})
    assert board.message_kind == "error" and "carries no 'places'" in board.message
    page.write({"analysis_choice": {"row": 0, "action": "draw deck", "places": ["deck"]}})
    assert board.message_kind == "error" and board.analysis_choice == {}
