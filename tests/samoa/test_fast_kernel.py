"""The compiled Samoa playouts (kit/samoa/fast_kernel.py) play the readable engine's very games with
the uniformly random policy: the same actions, the same final scores and winners, from the start
and from the middle of random games, with 3 to 6 players."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.bots.rollout import play_to_end, rollout_bots
from kit.core import Chance
from kit.samoa import Samoa, fast_kernel
from kit.samoa.actions import Buy
from kit.samoa.heuristic import HeuristicBot

pytestmark = pytest.mark.skipif(not fast_kernel.AVAILABLE, reason="numba not installed (extra 'fast')")


TUNED = HeuristicBot(pressure=0.6, single_guest=1.0, pool_bid=9, take_back_hand=6)


def _position(seed: int, players: int, steps: int) -> Samoa:
    """A position `steps` random actions into a game (the walk's own generator, not the game's)."""
    game = Samoa(players=players, seed=seed)
    chance = Chance(10_000 + seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.random_action(chance))
    return game


def _mixed(players: int) -> list:
    return (["random", "heuristic", TUNED] * 2)[:players]


@pytest.mark.parametrize("policy", ["random", "heuristic", "mixed"])
def test_the_kernel_plays_the_readable_engines_games(policy):
    kinds: Counter = Counter()
    for seed in range(160) if policy == "random" else range(policy == "mixed", 160, 4):
        game = _position(seed, 3 + seed % 4, (seed * 53) % 220)
        before = game.fingerprint()
        seats = _mixed(game.players) if policy == "mixed" else policy
        scores, winners, played = fast_kernel.play_from(game, seed, seats, record=True)
        readable = game.clone()
        start = len(readable.history)
        play_to_end(readable, rollout_bots(readable, seats), Chance(seed))
        expected = readable.history[start:]
        assert played == [fast_kernel.action_code(game, a) for a in expected], f"seed {seed}: other actions"
        assert (scores, winners) == (readable.scores(), readable.winners()), f"seed {seed}"
        assert game.fingerprint() == before, "play_from must leave its position alone"
        kinds.update(type(a).__name__ for a in expected)
        kinds.update("buy suite" for a in expected if isinstance(a, Buy) and a.kind == "suite")
    # the comparison must have met the rarer rules (special tiles, grey card, suites), not only the common
    needed = ("Place", "Remove", "SendHome", "Swap", "TakeBack", "Keep", "buy suite") if policy == "random" else ()
    for kind in needed or ("Place", "Remove", "TakeBack", "buy suite"):
        assert kinds[kind] > 0, kinds


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_kernels_advisor_rollouts_equal_the_readable_ones(policy):
    from kit.sim.advice import _rollout_seeded

    game = _position(5, 5, 90)
    viewer = game.current_player
    actions = game.legal_actions()
    worlds = [game.determinize(viewer, Chance(s)) for s in range(3)]
    differences, wins = fast_kernel.play_after(worlds, actions, viewer, [11, 12, 13], [21, 22, 23], policy)
    for j, world in enumerate(worlds):
        for k, action in enumerate(actions):
            expected = _rollout_seeded(world, action, viewer, 11 + j, 21 + j, policy)
            assert (differences[j, k], wins[j, k]) == expected


def test_the_kernel_takes_only_policies_it_plays():
    assert fast_kernel.fits("random") and fast_kernel.fits(["heuristic", TUNED, "random"])

    class Cautious(HeuristicBot):
        pass

    assert not fast_kernel.fits(Cautious()) and not fast_kernel.fits(object()) and not fast_kernel.fits("greedy")


def test_a_price_the_kernel_cannot_find_fails_loudly_and_a_negative_pressure_counts_from_the_end():
    from kit.samoa import Samoa

    for pressure in (-0.5, -1000.0):  # -0.5: Python's cards[-k]; -1000: out of range, IndexError
        bot = HeuristicBot(pressure=pressure)
        readable = Samoa(players=3, seed=2)
        try:
            play_to_end(readable, rollout_bots(readable, bot), Chance(1))
        except IndexError:
            with pytest.raises(RuntimeError, match="could not finish"):
                fast_kernel.play_from(Samoa(players=3, seed=2), 1, bot)
            assert pressure == -1000.0
        else:
            scores, winners, _ = fast_kernel.play_from(Samoa(players=3, seed=2), 1, bot)
            assert (scores, winners) == (readable.scores(), readable.winners())
            assert pressure == -0.5


def test_a_playout_past_the_step_cap_fails_loudly(monkeypatch):
    # the compiled loop's cap, lowered on the plain-Python twins of the kernel's loop (numba bakes globals in)
    monkeypatch.setattr(fast_kernel, "STEP_CAP", 5)
    monkeypatch.setattr(fast_kernel, "_play", fast_kernel._play.py_func)
    monkeypatch.setattr(fast_kernel, "_after_many", fast_kernel._after_many.py_func)
    with pytest.raises(RuntimeError, match="could not finish 1 playout"):
        fast_kernel.play_from(_position(3, 3, 10), 1, "random")
