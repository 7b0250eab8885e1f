"""The move advisor (kit/sim/advice.py): honest tables, the viewer's information only, and the
compiled Lost Cities rollouts giving exactly the readable engine's numbers."""

from __future__ import annotations

import math

import pytest

from kit.core import Chance
from kit.lostcities import LostCities, fast
from kit.overbooking import Overbooking
from kit.overbooking import fast as overbooking_fast
from kit.samoa import Samoa
from kit.sim.advice import advise

needs_numba = pytest.mark.skipif(not fast.AVAILABLE, reason="numba not installed (extra 'fast')")


def _walked(game, steps: int, seed: int = 1):
    chance = Chance(seed)
    for _ in range(steps):
        game.apply(game.random_action(chance))
    return game


POSITIONS = {  # each with a real choice to make (the ISMCTS tests use them too)
    "lost-cities": lambda: _walked(LostCities(seed=3, rounds=2), 20),
    "lost-cities-4p": lambda: _walked(LostCities(players=4, seed=4, rounds=1), 8),
    "samoa": lambda: _walked(Samoa(players=4, seed=5), 12),
    "overbooking": lambda: _walked(Overbooking(players=3, seed=6), 7),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_every_legal_action_gets_estimates_with_intervals_and_n(name):
    game = POSITIONS[name]()
    before = game.fingerprint()
    advice = advise(game, rollouts=12, seed=2)
    assert game.fingerprint() == before, "the advisor must not change the game"
    assert sorted(v.action for v in advice.actions) == sorted(str(a) for a in game.legal_actions())
    differences = [v.difference for v in advice.actions]
    assert differences == sorted(differences, reverse=True)
    for value in advice.actions:
        assert value.n == 12
        assert value.difference_low <= value.difference <= value.difference_high
        assert 0 <= value.win_low <= value.win <= value.win_high <= 1
        assert not math.isnan(value.difference_low)
    assert advice.information == "viewer" and advice.viewer == game.current_player
    assert str(advice.best.action) in str(advice)


@needs_numba
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_kernel_advisor_gives_the_readable_engines_numbers(policy):
    game = POSITIONS["lost-cities"]()
    kernel = advise(game, rollouts=15, policy=policy, seed=4, everything=True)
    readable = advise(game, rollouts=15, policy=policy, seed=4, everything=True, engine="readable")
    assert kernel.engine == "kernel" and readable.engine == "readable"
    assert kernel.actions == readable.actions


@needs_numba
def test_the_kernel_advisor_gives_the_readable_engines_numbers_on_determinized_positions():
    game = POSITIONS["lost-cities-4p"]()
    kernel = advise(game, rollouts=10, policy="heuristic", seed=4)
    readable = advise(game, rollouts=10, policy="heuristic", seed=4, engine="readable")
    assert kernel.actions == readable.actions


@pytest.mark.parametrize("name", POSITIONS)
def test_advice_depends_only_on_what_the_viewer_knows(name):
    """Two games that differ only in what the viewer cannot see (the other hands, the order of the
    face-down piles, the game's own generator) get exactly the same advice."""
    game = POSITIONS[name]()
    viewer = game.current_player
    other = game.determinize(viewer, Chance(1234))
    assert other.view(viewer) == game.view(viewer)
    assert other.open_view() != game.open_view(), "the test needs games that differ in hidden cards"
    assert advise(other, rollouts=6, seed=8).actions == advise(game, rollouts=6, seed=8).actions


def test_the_open_mode_says_it_uses_everything_and_can_differ():
    game = POSITIONS["lost-cities"]()
    advice = advise(game, rollouts=6, everything=True)
    assert advice.information == "everything" and "hidden cards included" in str(advice)


def test_progress_is_reported_up_to_the_total():
    seen = []
    advise(POSITIONS["overbooking"](), rollouts=8, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (8, 8) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_only_the_player_to_move_can_be_advised():
    game = POSITIONS["lost-cities"]()
    with pytest.raises(ValueError, match="player to move"):
        advise(game, viewer=1 - game.current_player)


class _FirstAction:
    """A rollout policy no fast path knows (always the first legal action)."""

    name = "first-action"

    def choose(self, game):
        return game.legal_actions()[0]


def test_the_fast_path_hook_falls_back_to_the_readable_engine_and_names_it():
    game = POSITIONS["lost-cities"]()
    assert advise(game, rollouts=2, policy=_FirstAction()).engine == "readable"
    assert advise(game, rollouts=2, engine="readable").engine == "readable"
    with pytest.raises(ValueError, match="not .lean."):
        advise(game, rollouts=2, engine="lean")  # a name no fast path has
    with pytest.raises(ValueError, match="no fast path"):
        advise(game, rollouts=2, policy=_FirstAction(), engine="fast")
    with pytest.raises(ValueError, match="engine is"):
        advise(game, rollouts=2, engine=None)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_fast_samoa_advisor_gives_the_readable_engines_numbers(policy):
    """Rollouts in the compiled kernel (the readable engine without numba)."""
    from kit.samoa import fast_kernel

    # a round-4 position (shorter rollouts than POSITIONS' round 1) with a choice of at least three
    game = next(
        game
        for seed in range(5, 60)
        if len((game := _walked(Samoa(players=4, seed=seed), 60)).legal_actions()) >= 3 and not game.is_over
    )
    fast = advise(game, rollouts=5, policy=policy, seed=4)
    readable = advise(game, rollouts=5, policy=policy, seed=4, engine="readable")
    expected = "kernel" if fast_kernel.AVAILABLE else "readable"
    assert fast.engine == expected and readable.engine == "readable"
    assert fast.actions == readable.actions


def test_without_numba_samoa_rollouts_take_the_readable_engine_and_say_why(monkeypatch):
    from kit.samoa import fast_kernel

    monkeypatch.setattr(fast_kernel, "AVAILABLE", False)
    game = _walked(Samoa(players=3, seed=8), 100)
    advice = advise(game, rollouts=4, seed=1)
    assert advice.engine == "readable" and "numba is not installed" in advice.engine_reason
    assert "numba is not installed" in str(advice)
    assert advice.actions == advise(game, rollouts=4, seed=1, engine="readable").actions


@pytest.mark.skipif(not overbooking_fast.AVAILABLE, reason="numba not installed (extra 'fast')")
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_overbooking_kernel_advisor_gives_the_readable_engines_numbers(policy):
    game = _walked(Overbooking(players=4, seed=6), 55)  # round 3, 17 legal actions
    kernel = advise(game, rollouts=6, policy=policy, seed=4)
    readable = advise(game, rollouts=6, policy=policy, seed=4, engine="readable")
    assert kernel.engine == "kernel" and readable.engine == "readable"
    assert kernel.actions == readable.actions
    assert len({v.difference for v in kernel.actions}) > 3, "the test needs actions that differ"
    assert advise(game, rollouts=3, policy=_FirstAction()).engine == "readable"


def test_without_numba_overbooking_rollouts_take_the_readable_engine(monkeypatch):
    monkeypatch.setattr(overbooking_fast, "AVAILABLE", False)
    game = _walked(Overbooking(players=2, seed=3), 25)
    advice = advise(game, rollouts=2, seed=1)
    assert advice.engine == "readable" and "numba is not installed" in advice.engine_reason
    with pytest.raises(ValueError, match="no fast path.*numba is not installed"):
        advise(game, rollouts=2, engine="fast")


@needs_numba
def test_a_lost_cities_bots_subclass_takes_the_readable_engine_and_says_so():
    from kit.lostcities.heuristic import HeuristicBot

    class FirstAction(HeuristicBot):  # the kernel reads only a bot's thresholds: it cannot play this
        def choose(self, game):
            return game.legal_actions()[0]

    game = POSITIONS["lost-cities"]()
    advice = advise(game, rollouts=4, policy=FirstAction(), seed=3, everything=True)
    assert advice.engine == "readable" and "does not play" in advice.engine_reason
    readable = advise(game, rollouts=4, policy=FirstAction(), seed=3, everything=True, engine="readable")
    assert advice.actions == readable.actions
    with pytest.raises(ValueError, match="no fast path"):
        advise(game, rollouts=2, policy=FirstAction(), engine="kernel")
