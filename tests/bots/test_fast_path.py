"""A game's fast path (kit/core/fastpath.py): the kernel it registers is used only when it plays the
very game, and when it is not, the bots and the advisor use the readable engine and say why. Only a
missing numba falls back quietly; any other ImportError in a kernel is raised."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from kit.bots.ismcts import ISMCTSBot
from kit.bots.rollout import engine_for, final_outcome, play_to_end, playout, rollout_bots
from kit.core import Chance
from kit.core.fastpath import NO_NUMBA
from kit.games import game_type, names
from kit.lostcities import LostCities
from kit.lostcities import fast as lost_cities_kernel
from kit.overbooking import Overbooking
from kit.sim.advice import advise

needs_numba = pytest.mark.skipif(not lost_cities_kernel.AVAILABLE, reason="numba not installed (extra 'fast')")
REFUSED = "the fast engine plays 5 expeditions; this game has 6: the readable engine is used"


def _walked(game, steps: int, seed: int = 1):
    chance = Chance(seed)
    for _ in range(steps):
        game.apply(game.random_action(chance))
    return game


def _refusing(monkeypatch, kernel, reason=REFUSED):
    """`kernel` refuses every game; the kernel's entry points fail if called anyway."""
    asked = []

    def refusal(game):
        asked.append(game)
        return reason

    def never(*args, **kwargs):
        raise AssertionError("a kernel that refused the game was called")

    monkeypatch.setattr(kernel, "refusal", refusal, raising=False)
    for entry in ("play_from", "play_after", "advisor_rollouts"):
        if hasattr(kernel, entry):
            monkeypatch.setattr(kernel, entry, never)
    return asked


@pytest.mark.parametrize("name", names())
def test_every_game_declares_its_facts(name):
    kind = game_type(name)
    game = kind(seed=1)
    assert kind.score_scale > 0 and kind.dataset
    assert type(kind.heuristic_bot()).__name__ == "HeuristicBot"
    assert kind.fast_path is not None and kind.fast_path.kernel.startswith(kind.__module__.rsplit(".", 1)[0])
    assert {game.side_of(p) for p in range(game.settings.players)} == set(range(len(game.totals())))


def test_partners_share_a_side_and_its_win():
    game = LostCities(players=4, seed=2, rounds=1)
    assert [game.side_of(p) for p in range(4)] == [0, 1, 0, 1] and len(game.totals()) == 2
    chance = Chance(3)
    while not game.is_over:
        game.apply(game.random_action(chance))
    shares, leads = game.win_shares(), game.leads()
    assert shares[0] == shares[2] and shares[1] == shares[3] and sum(shares) == pytest.approx(2.0)
    totals = game.totals()
    assert leads == [totals[0] - totals[1], totals[1] - totals[0]] * 2


@needs_numba
def test_a_kernel_that_refuses_the_game_leaves_it_to_the_readable_engine_and_says_why(monkeypatch):
    game = _walked(LostCities(seed=3, rounds=1), 20)
    assert engine_for(game, "random").kernel is lost_cities_kernel  # the kernel plays it unless it refuses
    asked = _refusing(monkeypatch, lost_cities_kernel)
    chosen = engine_for(game, "random")
    assert chosen.kernel is None and chosen.reason == REFUSED and asked == [game]

    advice = advise(game, rollouts=4, seed=2)
    assert advice.engine == "readable" and advice.engine_reason == REFUSED and REFUSED in str(advice)
    assert advice.actions == advise(game, rollouts=4, seed=2, engine="readable").actions
    with pytest.raises(ValueError, match="5 expeditions"):
        advise(game, rollouts=2, engine="kernel")

    bot = ISMCTSBot(seed=1, iterations=5)
    bot.choose(game)
    assert bot.last_engine == "readable" and bot.last_engine_reason == REFUSED


@needs_numba
def test_a_kernel_that_accepts_the_game_is_used_and_gives_no_reason(monkeypatch):
    monkeypatch.setattr(lost_cities_kernel, "refusal", lambda game: None, raising=False)
    game = _walked(LostCities(seed=3, rounds=1), 20)
    advice = advise(game, rollouts=3, seed=2)
    assert advice.engine == "kernel" and advice.engine_reason is None
    bot = ISMCTSBot(seed=1, iterations=5)
    bot.choose(game)
    assert bot.last_engine == "kernel" and bot.last_engine_reason is None


def test_a_kernel_without_refusal_is_taken_to_play_every_game(monkeypatch):
    monkeypatch.delattr(lost_cities_kernel, "refusal", raising=False)
    game = _walked(LostCities(seed=3, rounds=1), 20)
    chosen = engine_for(game, "random")
    assert (chosen.kernel is lost_cities_kernel) == lost_cities_kernel.AVAILABLE
    assert chosen.reason is None if lost_cities_kernel.AVAILABLE else chosen.reason == NO_NUMBA


def test_a_kernel_that_fails_to_import_is_an_error_not_a_quiet_fallback(monkeypatch):
    """The Overbooking kernel imports its generator outside its numba guard so that a rename fails
    loudly: the search and the advisor must let that ImportError through."""
    game = _walked(Overbooking(players=3, seed=6), 7)
    monkeypatch.setitem(sys.modules, "kit.overbooking.fast", None)  # importing it now raises ImportError
    with pytest.raises(ImportError):
        playout(game, "random")
    with pytest.raises(ImportError):
        ISMCTSBot(seed=1, iterations=3).choose(game)
    with pytest.raises(ImportError):
        advise(game, rollouts=2)


def test_only_a_missing_numba_falls_back_quietly_and_says_so(monkeypatch, tmp_path):
    (tmp_path / "kernel_needing_numba.py").write_text("import numba_that_is_not_there as numba\n")
    (tmp_path / "numba_that_is_not_there.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'numba'\", name='numba')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(Overbooking, "fast_path", replace(Overbooking.fast_path, kernel="kernel_needing_numba"))
    game = _walked(Overbooking(players=3, seed=6), 7)
    play = playout(game, "random")
    assert play.engine == "readable" and play.reason == NO_NUMBA
    world, twin = game.clone(), game.clone()
    play_to_end(twin, rollout_bots(twin, "random"), Chance(9))
    assert play(world, 9) == final_outcome(twin)
    advice = advise(game, rollouts=2)
    assert advice.engine == "readable" and advice.engine_reason == NO_NUMBA
