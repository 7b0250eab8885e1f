"""Lesson 7 — what if I play this instead? (the move advisor, `kit.sim.advice`)

The advisor values every legal action by rollouts: each an independent replay from a redeal of what
the player cannot see. Its intervals are Student t intervals for a mean, so their half-width is
t × sd / √n: four times the rollouts, half the width. Two actions can be told apart only once their
intervals stop overlapping — which may take many rollouts when their values are close.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from kit.lostcities import LostCities
from kit.sim.advice import Advice, advise

from .urn import position as lost_cities_position


def position(seed: int = 0, cards_left: int = 30) -> LostCities:
    """A real Lost Cities round from `seed`, played by two heuristic bots until `cards_left` cards are
    left in the draw pile, player 0 to play."""
    return lost_cities_position(seed=seed, cards_left=cards_left)


def half_width(low: float, high: float) -> float:
    return (high - low) / 2


def widths(
    game: LostCities,
    rollouts: Iterable[int],
    policy: str = "heuristic",
    seed: int = 0,
    steps: Callable[[list[int]], Iterable[int]] = iter,
) -> list[dict]:
    """For each number of rollouts n: the advisor's best action, its estimate and the half-width of
    its 95% interval, and the same for the runner-up; whether the two intervals overlap."""
    rows = []
    for n in steps(list(rollouts)):
        advice = advise(game, rollouts=n, policy=policy, seed=seed)
        best, second = advice.actions[0], advice.actions[1]
        rows.append(
            {
                "rollouts": n,
                "best": best.action,
                "best_value": best.difference,
                "best_half_width": half_width(best.difference_low, best.difference_high),
                "second": second.action,
                "second_value": second.difference,
                "second_half_width": half_width(second.difference_low, second.difference_high),
                "overlap": best.difference_low <= second.difference_high,
                "seconds": advice.seconds,
            }
        )
    return rows


def rollouts_for(half_width_now: float, rollouts_now: int, half_width_wanted: float) -> int:
    """The rollouts needed to shrink an interval from `half_width_now` (with `rollouts_now`) to
    `half_width_wanted`: the width goes as 1/√n, so n grows with the square of the shrinking."""
    return math.ceil(round(rollouts_now * (half_width_now / half_width_wanted) ** 2, 9))  # round: float noise


def table(advice: Advice, top: int = 8) -> list[dict]:
    """The advisor's table as rows for a frame: the `top` actions, best first."""
    return [
        {
            "action": value.action,
            "score difference": round(value.difference, 2),
            "low": round(value.difference_low, 2),
            "high": round(value.difference_high, 2),
            "win": round(value.win, 3),
            "n": value.n,
        }
        for value in advice.actions[:top]
    ]
