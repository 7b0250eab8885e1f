"""The ISMCTS bot (kit/bots/ismcts.py): legal, reproducible, fair, and offered everywhere."""

from __future__ import annotations

import pytest

from kit.bots.arena import BOT_NAMES, main
from kit.bots.ismcts import ISMCTSBot
from kit.bots.rollout import play_to_end, rollout_bots
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


@pytest.mark.parametrize("costs", [[0.010], [0.002, 0.012, 0.004, 0.008], [0.06]])
def test_the_time_mode_never_starts_an_iteration_that_would_overrun(costs):
    # a fake clock: iteration k takes costs[k] (the last cost repeats); the search must end within its
    # budget whenever the next iteration is no longer than the longest one so far
    game = POSITIONS["lost-cities"]()
    bot = ISMCTSBot(seed=3, seconds=0.05)
    now = [0.0]
    bot.clock = lambda: now[0]
    real = bot._iterate

    def iterate(*args):
        real(*args)
        now[0] += costs[min(bot_iterations[0], len(costs) - 1)]
        bot_iterations[0] += 1

    bot_iterations = [0]
    bot._iterate = iterate
    assert bot.choose(game) in game.legal_actions()
    assert bot.last_iterations == bot_iterations[0] >= 1
    if costs[0] <= 0.05:  # (one iteration is always made, even if it alone overruns)
        assert now[0] <= 0.05
    # and it stops only when the next iteration might not fit
    assert now[0] + max(costs[: bot.last_iterations]) >= 0.05 - 0.003 - 1e-9


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_rollouts_play_the_readable_engines_games_and_rewards_lie_in_zero_to_one(policy):
    # whichever path plays them (compiled kernel, readable engine), rollouts end as the
    # readable engine's would: a search chooses the same with or without numba and the fast paths
    from kit.bots.ismcts import _Rollout
    from kit.bots.rollout import final_outcome, playout

    for name in ("lost-cities", "samoa", "overbooking"):
        game = POSITIONS[name]()
        world = game.determinize(game.current_player, Chance(1))
        twin = world.clone()
        end = playout(game, policy)(world, 12345)
        play_to_end(twin, rollout_bots(twin, policy), Chance(12345))  # the readable engine, same seed
        assert end == final_outcome(twin)
        assert sum(end.wins) == pytest.approx(1.0 if name != "lost-cities" else game.settings.players / 2)
        margin = _Rollout(game, "heuristic", "margin")(game.determinize(game.current_player, Chance(1)), Chance(5))
        assert all(0.0 <= r <= 1.0 for r in margin)
    with pytest.raises(ValueError, match="reward"):
        ISMCTSBot(reward="score")


def test_the_arena_and_every_board_offer_it(capsys):
    assert "ismcts" in BOT_NAMES
    main(["lost-cities", "--games", "2", "--bot", "ismcts", "--against", "heuristic", "--seconds", "0.005"])
    assert "ismcts against heuristic" in capsys.readouterr().out
    from widgets.lostcities.board import LostCitiesBoard
    from widgets.overbooking.board import OverbookingBoard
    from widgets.samoa.board import SamoaBoard

    for board in (LostCitiesBoard, SamoaBoard, OverbookingBoard):
        assert isinstance(board.bots["ismcts"](3), ISMCTSBot)
