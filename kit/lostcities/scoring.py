"""LC-5 Scoring: what an expedition is worth at the end of a round."""

from __future__ import annotations

from collections.abc import Iterable

from .components import Card

COST = 20  # LC-5: every started expedition costs 20
BONUS = 20  # LC-5: an expedition of 8 or more cards earns 20 more, added after the multiplication
BONUS_CARDS = 8


def expedition_score(cards: Iterable[Card]) -> int:
    """LC-5: (sum of number cards - 20) x (1 + investment cards), +20 with 8 or more cards.

    An expedition never started is worth 0, not -20. Investment cards count towards the 8 of the
    bonus (the rulebook's example: two investment cards and six number cards earn it).
    """
    total = investments = count = 0
    for card in cards:
        count += 1
        if card.value == 0:
            investments += 1
        else:
            total += card.value
    if count == 0:
        return 0
    return (total - COST) * (1 + investments) + (BONUS if count >= BONUS_CARDS else 0)


def side_score(expeditions: Iterable[Iterable[Card]]) -> int:
    """LC-5: a player's (or, in LC-7, a team's) round score is the sum over their expeditions."""
    return sum(expedition_score(cards) for cards in expeditions)


#: LC-5: the range of one expedition
MIN_EXPEDITION_SCORE = -80
MAX_EXPEDITION_SCORE = 156
