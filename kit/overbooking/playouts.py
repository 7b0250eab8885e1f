"""Overbooking's fast path as the bots and the advisor call it: the compiled kernel (fast.py)."""

from __future__ import annotations

from kit.core.fastpath import FastPath


def playout(kernel, world, policy_seed: int, policy) -> tuple[list[int], list[int]]:
    """The final scores after `world` is played out, and the winners (OB-8)."""
    end = kernel.play_from(world, policy_seed, policy)
    return end.scores, end.winners


def rollouts(kernel, worlds, actions, viewer: int, game_seeds, policy_seeds, policy):
    """The advisor's rollouts: `viewer`'s score minus the best other score, and its win share."""
    return kernel.advisor_rollouts(worlds, actions, viewer, game_seeds, policy_seeds, policy)


FAST_PATH = FastPath(f"{__package__}.fast", playout, rollouts)
