"""The boards keep undo's verdict up to date incrementally (`widgets.base._Steps`); it must give
exactly the answers of replaying the game from its start (`Game.first_reveal`), through actions,
undos and new games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core import Event
from widgets.base import _Steps
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

BOARDS = {"lost-cities": (LostCitiesBoard, {"players": 4}), "samoa": (SamoaBoard, {"players": 3}),
          "overbooking": (OverbookingBoard, {"players": 2})}


def replayed(game):
    """Actors and each action's log entries, by replaying from the start."""
    replay = type(game)(game.settings)
    actors, events = [], []
    for action in game.history:
        actors.append(replay.current_player)
        logged = len(replay.log)
        replay.apply(action)
        events.append(replay.log[logged:])
    return actors, events


@pytest.mark.parametrize("name", sorted(BOARDS))
@settings(max_examples=15, deadline=None)
@given(
    moves=st.lists(st.tuples(st.integers(min_value=-3, max_value=10**6), st.booleans()), min_size=1, max_size=60),
    seed=st.integers(0, 99),
)
def test_the_incremental_record_agrees_with_a_replay(name, moves, seed):
    """Several actions and undos may come between two looks (`look`), as between two refreshes."""
    make, options = BOARDS[name]
    board = make(seed=seed, mode="open", **options)
    steps = _Steps()
    for move, look in moves:
        game = board.game
        if move < 0 and game.history:
            board.undo()  # the open mode takes back anything
        elif move == -3:
            board.new_game(seed + 1)
        elif not game.is_over:
            legal = game.legal_actions()
            board.act(legal[move % len(legal)])
        game = board.game
        if not look:
            continue
        record = steps.of(game)
        actors, events = replayed(game)
        assert record.actors == actors
        assert [record.events(i) for i in range(len(game.history))] == events
        for start in {0, len(game.history) // 2, max(0, len(game.history) - 2), len(game.history)}:
            assert record.first_reveal(start) == game.first_reveal(start)
    for index in range(len(board.game.history)):  # the events read back as sentences, as undo quotes them
        for entry in steps.of(board.game).events(index):
            assert board.game.describe(Event(*entry).visible_to(None))
