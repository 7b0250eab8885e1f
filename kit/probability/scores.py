"""Lesson 3 — counts are not chances (Lost Cities, LC-5).

The chart of every possible expedition score (−80 … 156) counts each *set* of cards once: 2,047 sets.
That is a probability distribution only for a set drawn at random, all sets alike — which is not how
expeditions come about. In play, which sets occur depends on the deal and on the players' choices.
Here: the exact counts, a random set scored by the engine, and the expeditions bots really finish.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from kit.bots import RandomBot
from kit.bots.arena import play_game
from kit.core import Chance
from kit.lostcities import LostCities
from kit.lostcities.components import load_components
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.scoring import expedition_score
from kit.sim.analyses.lostcities import NUMBERS, expedition_score_distribution

INVESTMENT_CARDS = 3


def set_counts() -> dict[int, int]:
    """Score -> how many of the 2,047 expeditions (sets of cards of one colour) reach it, exactly."""
    counts: dict[int, int] = {}
    for row in expedition_score_distribution().iter_rows(named=True):
        counts[row["score"]] = counts.get(row["score"], 0) + row["expeditions"]
    return dict(sorted(counts.items()))


def share_of_sets(event: Callable[[int], bool]) -> Fraction:
    """The share of the 2,047 sets whose score satisfies `event`: a ratio of counts."""
    counts = set_counts()
    return Fraction(sum(n for score, n in counts.items() if event(score)), sum(counts.values()))


def mean_over_sets() -> Fraction:
    counts = set_counts()
    return Fraction(sum(score * n for score, n in counts.items()), sum(counts.values()))


def random_set_scores(
    trials: int, seed: int = 0, expedition: int = 0, steps: Callable[[range], Iterable[int]] = iter
) -> list[int]:
    """Draw sets at random, every one of the 2,047 alike — 0 to 3 investment cards (equally likely)
    and each number card 2..10 in or out (a fair coin), again if nothing was drawn — and score
    each with the engine's LC-5 scoring."""
    components = load_components()
    key = components.expeditions[expedition].key
    investment = components.card(f"{key}x")
    numbers = [components.card(f"{key}{value}") for value in NUMBERS]
    chance, scores = Chance(seed), []
    for _ in steps(range(trials)):
        cards: list = []
        while not cards:
            cards = [investment] * chance.below(INVESTMENT_CARDS + 1)
            cards += [card for card in numbers if chance.random() < 0.5]
        scores.append(expedition_score(cards))
    return scores


PLAYERS = ("heuristic", "random")


def played_expeditions(
    games: int, seed: int = 0, players: str = "heuristic", steps: Callable[[range], Iterable[int]] = iter
) -> list[dict]:
    """One round each of `games` games (seeds seed, seed+1, ...) between two heuristic bots or two
    random bots: every expedition a player started, with its investment cards, cards and final
    score (LC-5). Observed play: which expeditions exist depends on the bots' own choices."""
    if players not in PLAYERS:
        raise ValueError(f"players must be one of {PLAYERS}, not {players!r}")
    rows = []
    for index in steps(range(games)):
        game = LostCities(players=2, rounds=1, seed=seed + index)
        if players == "heuristic":
            bots = [HeuristicBot(), HeuristicBot()]
        else:
            bots = [RandomBot(seed + index), RandomBot(seed + index + 1_000_003)]
        play_game(game, bots)
        for side in game.expeditions:
            for expedition, cards in enumerate(side):
                if cards:
                    rows.append(
                        {
                            "expedition": expedition,
                            "investments": sum(card.value == 0 for card in cards),
                            "cards": len(cards),
                            "score": expedition_score(cards),
                        }
                    )
    return rows
