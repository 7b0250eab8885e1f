"""Lesson 9 — how sure can I be? (Lost Cities, LC-3.3, LC-3.4)

Three ways to say how far a number may be from what you expect:

1. **Spread.** The number of an expedition's cards a player draws (lesson 1's urn, `Urn`) has an
   exact variance. Drawing without putting cards back spreads *less* than drawing with putting
   back: the binomial variance n·p·(1 − p) times the finite-population correction (N − n)/(N − 1).
   The engine checks both: its redeals draw without putting back (`simulate_arrivals`); a fresh
   redeal before every single draw is drawing with putting back (`simulate_with_replacement`).
2. **The funnel.** The running mean of n trials stays within ±2σ/√n of the exact mean most of the
   time: `funnel` gives the band, `inside_chance` the exact chance that the mean of n trials ends
   inside it (by adding up the distribution of n trials' sum), `runs_inside` counts it on the engine.
3. **Belief about an unknown rate.** How often does the opponent take a card from a discard pile
   instead of the draw pile (LC-3.3)? Nobody at the table knows. A Beta prior, updated draw by draw
   (`Belief`), becomes a posterior; `opponent_draws` watches the engine's rounds, and `long_run`
   measures the rate over many other rounds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kit.core import Chance
from kit.lostcities import LostCities
from kit.lostcities.actions import Draw

from .urn import Urn, future_draws, wanted_cards

# ------------------------------------------------------------------------------------------ 1. spread


def variance(urn: Urn) -> Fraction:
    """Var(X) without putting back, from the distribution itself: the mean of (k − E[X])²,
    each k weighted by its exact chance."""
    mean = urn.mean()
    return sum(((k - mean) ** 2 * chance for k, chance in enumerate(urn.pmf())), Fraction(0))


def binomial_variance(urn: Urn) -> Fraction:
    """Var(X) if every draw were from the full urn again (each card put back and shuffled in):
    `draws` independent draws, each wanted with chance p = wanted/unseen: n·p·(1 − p)."""
    p = Fraction(urn.wanted, urn.unseen)
    return urn.draws * p * (1 - p)


def binomial_pmf(urn: Urn) -> list[Fraction]:
    """P(X = k) for k = 0 .. draws if every draw were from the full urn again (the binomial):
    C(n, k)·p^k·(1 − p)^(n − k), exactly."""
    p = Fraction(urn.wanted, urn.unseen)
    return [math.comb(urn.draws, k) * p**k * (1 - p) ** (urn.draws - k) for k in range(urn.draws + 1)]


def correction(urn: Urn) -> Fraction:
    """The finite-population correction (N − n)/(N − 1): how much smaller the variance is without
    putting back. 1 for a single draw; 0 when every card is drawn (then X is certain)."""
    if urn.unseen == 1:
        return Fraction(0)
    return Fraction(urn.unseen - urn.draws, urn.unseen - 1)


def simulate_with_replacement(
    game: LostCities,
    viewer: int,
    expedition: int,
    trials: int,
    draws: int,
    seed: int = 0,
    steps: Callable[[range], Iterable[int]] = iter,
) -> list[int]:
    """For each trial, `draws` single draws, each from its own redeal of everything `viewer` cannot
    see (`Game.determinize`): as if every card drawn were put back and the unseen cards shuffled
    again. Counts the number cards of `expedition` among them."""
    chance = Chance(seed)
    counts = []
    for _ in steps(range(trials)):
        drawn = [future_draws(game.determinize(viewer, chance), viewer)[0] for _ in range(draws)]
        counts.append(len(wanted_cards(drawn, expedition)))
    return counts


def squared_distances(values: Iterable[float], mean: float | Fraction) -> list[float]:
    """(x − mean)² for every value: their average estimates the variance when the mean is known."""
    centre = float(mean)
    return [(x - centre) ** 2 for x in values]


# ------------------------------------------------------------------------------------------ 2. the funnel


def funnel(mean: float | Fraction, var: float | Fraction, n: int) -> tuple[float, float]:
    """The band mean ± 2σ/√n in which the running mean of n trials usually lies."""
    half = 2 * math.sqrt(var / n)
    return float(mean) - half, float(mean) + half


def inside_chance(urn: Urn, n: int) -> Fraction:
    """The exact chance that the mean of n independent trials of `urn` lies inside the funnel
    (|mean − E[X]| <= 2σ/√n), from the exact distribution of their sum (the pmf added to itself
    n times). Compared squared, so nothing is rounded: (S − n·E[X])² <= 4·n·Var(X)."""
    one = [urn.ways(k) for k in range(urn.wanted + 1)]  # whole numbers: each over C(unseen, draws)
    ways = [1]
    for _ in range(n):
        added = [0] * (len(ways) + len(one) - 1)
        for s, w in enumerate(ways):
            for k, v in enumerate(one):
                added[s + k] += w * v
        ways = added
    centre, limit = n * urn.mean(), 4 * n * variance(urn)
    inside = sum(w for s, w in enumerate(ways) if (s - centre) ** 2 <= limit)
    return Fraction(inside, math.comb(urn.unseen, urn.draws) ** n)


def runs_inside(values: Sequence[float], n: int, mean: float | Fraction, var: float | Fraction) -> tuple[int, int]:
    """Split `values` into runs of n trials: (how many runs end with their mean inside the funnel,
    how many runs)."""
    low, high = funnel(mean, var, n)
    runs = [values[i : i + n] for i in range(0, len(values) - n + 1, n)]
    return sum(low <= sum(run) / n <= high for run in runs), len(runs)


# ------------------------------------------------------------------------------------------ 3. belief


@dataclass(frozen=True)
class Belief:
    """A Beta(a, b) belief about an unknown rate: as if a − 1 successes and b − 1 failures had been
    seen already. Each observation adds 1 to a (a success) or to b (a failure): the conjugate
    update, exact."""

    a: int | Fraction
    b: int | Fraction

    def __post_init__(self):
        if not (self.a > 0 and self.b > 0):
            raise ValueError(f"a Beta belief needs a > 0 and b > 0, not {self}")

    def update(self, success: bool) -> Belief:
        return Belief(self.a + 1, self.b) if success else Belief(self.a, self.b + 1)

    def after(self, observations: Iterable[bool]) -> Belief:
        successes = failures = 0
        for seen in observations:
            successes, failures = successes + bool(seen), failures + (not seen)
        return Belief(self.a + successes, self.b + failures)

    @property
    def mean(self) -> Fraction:
        """The posterior mean a/(a + b): also the chance that the next observation is a success."""
        return Fraction(self.a) / (self.a + self.b)

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The central credible interval: the rate lies inside with this chance, given the belief."""
        from scipy.stats import beta  # slow to import: only when an interval is asked for

        tail = (1 - confidence) / 2
        return float(beta.ppf(tail, float(self.a), float(self.b))), float(
            beta.ppf(1 - tail, float(self.a), float(self.b))
        )

    def density(self, rates: Sequence[float]) -> list[float]:
        from scipy.stats import beta

        return [float(y) for y in beta.pdf(rates, float(self.a), float(self.b))]

    def chance_of_none(self, m: int) -> Fraction:
        """The chance, given the belief, of no success in the next m observations (the
        Beta-binomial's chance of 0): the product of (b + i)/(a + b + i) for i = 0 .. m − 1."""
        chance = Fraction(1)
        for i in range(m):
            chance *= Fraction(self.b + i) / (self.a + self.b + i)
        return chance


#: knowing nothing: every rate from 0 to 1 alike
UNIFORM = Belief(1, 1)


def opponent_draws(game: LostCities, viewer: int = 0) -> list[bool]:
    """Play the round with two heuristic bots and return each draw of `viewer`'s opponent, as
    `viewer` sees it (LC-3.3: draws are public): True where it took a discard pile's top card."""
    from kit.lostcities.heuristic import HeuristicBot

    if game.players != 2:
        raise ValueError("the belief lesson watches the 2-player game")
    bot, seen = HeuristicBot(), []
    while not game.is_over:
        mover, action = game.to_move, bot.choose(game)
        if mover != viewer and isinstance(action, Draw):
            seen.append(action.pile is not None)
        game.apply(action)
    return seen


def watched_rounds(rounds: int, first_seed: int) -> list[list[bool]]:
    """The opponent's draws in `rounds` rounds, dealt from seeds first_seed, first_seed + 1, …"""
    return [opponent_draws(LostCities(players=2, rounds=1, seed=first_seed + r)) for r in range(rounds)]


@dataclass(frozen=True)
class LongRun:
    """The opponent's draws over many rounds: how many came from a discard pile, out of how many;
    and, of the rounds with at least `first` draws, in how many none of the first `first` did."""

    from_discard: int
    draws: int
    first: int
    rounds_without: int
    rounds_long_enough: int


def long_run(rounds: int, first_seed: int, first: int = 22, steps: Callable[[range], Iterable[int]] = iter) -> LongRun:
    """Watch the opponent in `rounds` rounds dealt from seeds first_seed, first_seed + 1, …"""
    seen = [opponent_draws(LostCities(players=2, rounds=1, seed=first_seed + r)) for r in steps(range(rounds))]
    long_enough = [draws[:first] for draws in seen if len(draws) >= first]
    return LongRun(
        sum(map(sum, seen)), sum(map(len, seen)), first, sum(not any(d) for d in long_enough), len(long_enough)
    )
