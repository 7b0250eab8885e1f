"""Simulations and the advisor on the six-expedition edition of Lost Cities."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.bots.rollout import play_to_end, rollout_bots
from kit.core import Chance
from kit.lostcities import LostCities
from kit.sim import simulate
from kit.sim.advice import advise, fast_path


def test_simulate_plays_the_six_expedition_edition_and_records_its_decisions():
    games = simulate("lost-cities", games=4, seed=3, rounds=1, edition="six", progress=False)
    decisions = simulate("lost-cities", games=4, seed=3, rounds=1, edition="six", record="decisions", progress=False)
    assert not games["capped"].any()
    # one decision per turn (a play or discard), two actions per turn (then a draw, LC-3)
    turns = Counter(decisions["game"].to_list())
    assert [2 * turns[i] for i in range(4)] == games["steps"].to_list()
    assert "U" in set(decisions["expedition"].to_list())
    purple = decisions.filter(decisions["expedition"] == "U")
    assert (purple["unseen"] <= 12 - purple["hand_cards"]).all()


def test_simulate_games_are_the_readable_engines_games():
    games = simulate("lost-cities", games=2, seed=5, rounds=1, edition="six", bots=["random"], progress=False)
    for row in games.iter_rows(named=True):
        game = LostCities(seed=row["seed"], rounds=1, edition="six")
        assert len(game.deck) == 72 - 16
        assert row["players"] == 2 and row["steps"] > 56  # at least one turn per card of the draw pile


@pytest.fixture
def six_position():
    game = LostCities(edition="six", seed=11, rounds=1)
    chance = Chance(2)
    while len(game.history) < 10:
        game.apply(game.random_action(chance))
    assert game.phase == "play"
    return game


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_advisor_takes_the_readable_engine_on_six_expeditions_and_says_why(six_position, policy):
    game = six_position
    assert fast_path(game, policy) is None
    advice = advise(game, rollouts=4, policy=policy, seed=1)
    assert advice.engine == "readable"
    assert advice.engine_reason == "the fast engine plays 5 expeditions; this game has 6: the readable engine is used"
    assert "(the fast engine plays 5 expeditions; this game has 6: the readable engine is used)" in str(advice)
    assert {v.action for v in advice.actions} == {str(a) for a in game.legal_actions()}
    with pytest.raises(ValueError, match="the fast engine plays 5 expeditions"):
        advise(game, rollouts=4, policy=policy, engine="fast")


def test_the_advisors_figures_on_six_expeditions_are_the_readable_engines_rollouts(six_position):
    """Each figure is the mean of rollouts played by the readable engine (the same seeds redone here)."""
    game = six_position
    advice = advise(game, rollouts=3, policy="random", seed=4, everything=True)
    chance = Chance(4)
    seeds = [(int(chance.random() * 2**53), int(chance.random() * 2**53)) for _ in range(3)]
    viewer = game.current_player
    for value in advice.actions:
        differences = []
        for game_seed, policy_seed in seeds:
            copy = game.clone()
            copy.chance = Chance(game_seed)
            copy.apply(value.action)
            play_to_end(copy, rollout_bots(copy, "random"), Chance(policy_seed))
            totals = copy.totals()
            differences.append(totals[viewer % 2] - totals[1 - viewer % 2])
        assert value.difference == pytest.approx(sum(differences) / 3)


def test_five_expeditions_keep_their_fast_path_when_there_is_one():
    game = LostCities(seed=11, rounds=1)
    advice = advise(game, rollouts=2, policy="random", engine="readable")
    assert advice.engine_reason == "the readable engine was asked for"
