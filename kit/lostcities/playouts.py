"""Lost Cities' fast path as the bots and the advisor call it: the compiled kernel (fast.py), its
answers read as the readable engine's (`LostCities.totals`, `LostCities.winning_sides`)."""

from __future__ import annotations

from kit.core.fastpath import FastPath


def playout(kernel, world, policy_seed: int, policy) -> tuple[list[int], list[int]]:
    """The sides' match totals after `world` is played out, and the sides that won (LC-6; a draw: both)."""
    totals = kernel.play_from(world, policy_seed, policy)
    return totals, [side for side, total in enumerate(totals) if total == max(totals)]


def rollouts(kernel, worlds, actions, viewer: int, game_seeds, policy_seeds, policy):
    """The advisor's rollouts: `viewer`'s side's match total minus the other side's, and its win share."""
    totals = kernel.play_after(worlds, actions, game_seeds, policy_seeds, policy)
    side = worlds[0].side_of(viewer)
    mine, theirs = totals[:, :, side], totals[:, :, 1 - side]
    return mine - theirs, (mine > theirs) + 0.5 * (mine == theirs)


FAST_PATH = FastPath(f"{__package__}.fast", playout, rollouts)
