"""The ISMCTS bot (kit/bots/ismcts.py): legal, reproducible, fair, and offered everywhere."""

from __future__ import annotations

import pytest

from kit.bots.arena import BOT_NAMES, main
from kit.bots.ismcts import ISMCTSBot
from kit.core import Chance
from kit.lostcities import LostCities
from tests.sim.test_advice import POSITIONS


@pytest.mark.parametrize("name", POSITIONS)
def test_a_fixed_search_chooses_a_legal_action_reproducibly_and_changes_nothing(name):
    game = POSITIONS[name]()
    assert len(game.legal_actions()) > 1
    before = game.fingerprint()
    bot = ISMCTSBot(seed=5, iterations=40)
    choice = bot.choose(game)
    assert choice in game.legal_actions()
    assert game.fingerprint() == before
    assert ISMCTSBot(seed=5, iterations=40).choose(game) == choice
    assert bot.last_iterations == 40


@pytest.mark.parametrize("name", ["lost-cities", "samoa"])
def test_it_reads_only_what_its_player_may_see(name):
    game = POSITIONS[name]()
    me = game.current_player
    twin = game.determinize(me, Chance(77))
    assert ISMCTSBot(seed=2, iterations=40).choose(twin) == ISMCTSBot(seed=2, iterations=40).choose(game)


def test_a_time_limited_search_stops_in_time_and_plays_a_whole_round():
    game = LostCities(seed=9, rounds=1)
    bots = [ISMCTSBot(seed=1, seconds=0.01), ISMCTSBot(seed=2, seconds=0.01, rollout="random")]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    game.check_invariants()


def test_the_arena_and_every_board_offer_it(capsys):
    assert "ismcts" in BOT_NAMES
    main(["lost-cities", "--games", "2", "--bot", "ismcts", "--against", "heuristic", "--seconds", "0.005"])
    assert "ismcts against heuristic" in capsys.readouterr().out
    from widgets.lostcities.board import LostCitiesBoard
    from widgets.overbooking.board import OverbookingBoard
    from widgets.samoa.board import SamoaBoard

    for board in (LostCitiesBoard, SamoaBoard, OverbookingBoard):
        assert isinstance(board.bots["ismcts"](3), ISMCTSBot)
