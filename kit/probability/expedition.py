"""Lesson 2 — should I start this expedition? (Lost Cities, LC-3.1, LC-5)

Starting an expedition costs 20 points (LC-5), multiplied by the investment cards; the cards still
to come pay it back. Which cards come is lesson 1's urn: the cards you draw are a random handful of
the cards you cannot see. So the expected score of starting *now* is an average over every set of
cards of this colour that could still arrive, each weighted by its hypergeometric chance.

The idealised player of the exact answer (stated in the notebook, kept here as the one definition):

1. Starting now means: the investment cards go down first, then your *lowest* number card of the
   colour (the start card). Every card of the colour you hold is played in the end.
2. A card of the colour that arrives later is played if it is higher than the start card; you hold
   cards back until they fit, so the rest go down in ascending order. One that arrives lower than
   the start card can never be played (LC-3.1: numbers rise on an expedition).
3. Every draw is from the draw pile (lesson 1: `draws` cards, a random handful of the `unseen`), and
   there is a turn for every card you play (the real game has one play per turn and may end first).
4. Only this expedition is scored: what else those turns could have done is not counted.

`simulate_start` asks the engine the same question (it redeals what the player cannot see and
scores the cards it would receive with the engine's LC-5 scoring). `bot_rollouts` asks something
else: how the expedition ends when the heuristic bot plays the rest of the round on both sides —
the policy the advisor (`kit.sim.advice`) rolls out. That is a different quantity, not a noisy copy
of the exact one; the lesson is about why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import combinations
from math import comb

from kit.bots.rollout import play_to_end, rollout_bots
from kit.core import Chance
from kit.i18n import N_, Term
from kit.lostcities import LostCities
from kit.lostcities.actions import Play
from kit.lostcities.components import Card
from kit.lostcities.scoring import BONUS, BONUS_CARDS, COST, expedition_score

from .urn import draws_left, future_draws, unseen_cards, wanted_cards

VALUES = range(2, 11)  # LC-1: the number cards of a colour
INVESTMENTS = range(4)  # LC-3.1: up to 3 investment cards
OTHER_HAND = 8  # LC-2: the cards in the other player's hand, unseen all round


def lc5(numbers: Iterable[int], investments: int) -> int:
    """LC-5 for an expedition that has been started: (sum − 20) × (1 + investments), +20 with 8 or
    more cards (investment cards count)."""
    numbers = list(numbers)
    cards = len(numbers) + investments
    return (sum(numbers) - COST) * (1 + investments) + (BONUS if cards >= BONUS_CARDS else 0)


@dataclass(frozen=True)
class Start:
    """An expedition you would start now.

    hand: the values of the number cards of this colour you hold; investments: the investment cards
    you lay down first (0–3); coming: the values of this colour's number cards among the `unseen`
    cards; draws: how many of the unseen cards you will still draw."""

    hand: tuple[int, ...]
    investments: int
    coming: tuple[int, ...]
    unseen: int
    draws: int

    def __post_init__(self):
        values = [*self.hand, *self.coming]
        if not self.hand:
            raise ValueError("an expedition starts with a number card: hold at least one")
        if self.investments not in INVESTMENTS:
            raise ValueError(f"0 to 3 investment cards (LC-3.1), not {self.investments}")
        if any(v not in VALUES for v in values) or len(set(values)) != len(values):
            raise ValueError(f"hand and coming cards must be different values 2..10, not {self.hand} and {self.coming}")
        if not len(self.coming) <= self.unseen or not 0 <= self.draws <= self.unseen:
            raise ValueError(f"need coming cards, draws <= unseen cards: {self}")
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        object.__setattr__(self, "coming", tuple(sorted(self.coming)))

    @property
    def start_card(self) -> int:
        return self.hand[0]

    def fits(self, value: int) -> bool:
        """Can an arriving card still be played? Only above the start card (LC-3.1)."""
        return value > self.start_card

    def score(self, arrived: Iterable[int]) -> int:
        """The expedition's LC-5 score if exactly the cards `arrived` (of this colour) come."""
        return lc5([*self.hand, *(v for v in arrived if self.fits(v))], self.investments)

    def chance_of_exactly(self, arrived: int) -> Fraction:
        """P(the `arrived` cards of a given set are the colour's only arrivals): the other
        draws − k of your draws all come from the unseen cards outside this colour."""
        others = self.unseen - len(self.coming)
        if arrived > self.draws:
            return Fraction(0)
        return Fraction(comb(others, self.draws - arrived), comb(self.unseen, self.draws))

    @cached_property
    def outcomes(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every set of this colour's cards that could still arrive, with its chance (sets that
        cannot arrive — more cards than draws, or too few other cards to fill the draws — left out)."""
        return [
            (arrived, self.chance_of_exactly(k))
            for k in range(len(self.coming) + 1)
            if self.chance_of_exactly(k)
            for arrived in combinations(self.coming, k)
        ]

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """Score -> its chance, exactly."""
        chances: dict[int, Fraction] = {}
        for arrived, chance in self.outcomes:
            score = self.score(arrived)
            chances[score] = chances.get(score, Fraction(0)) + chance
        return dict(sorted(chances.items()))

    def expected(self) -> Fraction:
        return sum((score * chance for score, chance in self.distribution.items()), Fraction(0))

    def chance_to_lose(self) -> Fraction:
        """P(the expedition ends below 0)."""
        return sum((chance for score, chance in self.distribution.items() if score < 0), Fraction(0))

    def fitting(self) -> tuple[int, ...]:
        """The coming cards that could still be played."""
        return tuple(v for v in self.coming if self.fits(v))


#: the predict-first question's choices: checked as these words, shown in the learner's language
BANDS = (Term(N_("below 0")), Term(N_("0 to +10")), Term(N_("above +10")))


def band(expected: Fraction) -> str:
    """Which of `BANDS` an expected score falls in."""
    return BANDS[0] if expected < 0 else BANDS[1] if expected <= 10 else BANDS[2]


def bin_width(start: Start) -> int:
    """Points per bar of a score chart: 10, or 20 when the scores spread wide (labels must not crowd)."""
    return 10 if max(start.distribution) - min(start.distribution) <= 120 else 20


def score_bins(
    start: Start, scores: Iterable[int], width: int | None = None
) -> tuple[list[str], list[Fraction], list[int]]:
    """The exact distribution and simulated `scores` in bins of `width` points (`bin_width`), for a
    bar chart: (each bin's lowest score as its label, exact chance, simulated count)."""
    low, high = min(start.distribution), max(start.distribution)
    width = width or bin_width(start)
    edges = range(low // width * width, high // width * width + 1, width)
    exact = {edge: Fraction(0) for edge in edges}
    for score, chance in start.distribution.items():
        exact[score // width * width] += chance
    counts = {edge: 0 for edge in edges}
    for score in scores:
        counts[score // width * width] += 1
    return [str(edge).replace("-", "−") for edge in edges], list(exact.values()), list(counts.values())


def what_if(hand: Iterable[int], investments: int, cards_left: int, gone: Iterable[int] = ()) -> Start:
    """A hand of this colour in a 2-player round with `cards_left` in the draw pile, you to play:
    the unseen cards are the pile and the other hand (8); you draw every other pile card, starting
    with the next (lesson 1's `draws_left`). All number cards of the colour you do not hold are
    unseen, except the values in `gone` (seen elsewhere: the other player's expedition, discards)."""
    hand = tuple(hand)
    coming = tuple(v for v in VALUES if v not in hand and v not in set(gone))
    return Start(hand, investments, coming, unseen=cards_left + OTHER_HAND, draws=(cards_left + 1) // 2)


def from_game(game: LostCities, viewer: int, expedition: int, investments: int | None = None) -> Start:
    """The expedition `viewer` could start now in a real position. `investments` defaults to the
    investment cards of that colour in the viewer's hand. The urn is lesson 1's (`unseen_cards`: it
    leaves out the cards `viewer` knows to be in the other hand, taken from a discard pile, LC-3.3)."""
    side = game.side_of(viewer)
    if game.expeditions[side][expedition]:
        raise ValueError(f"player {viewer} has started {game.components.expeditions[expedition].name} already")
    hand = [card for card in game.hands[viewer] if card.expedition == expedition]
    if investments is None:
        investments = sum(card.value == 0 for card in hand)
    unseen = unseen_cards(game, viewer)
    return Start(
        hand=tuple(card.value for card in hand if card.value),
        investments=investments,
        coming=tuple(card.value for card in wanted_cards(unseen, expedition)),
        unseen=len(unseen),
        draws=draws_left(game, viewer),
    )


def break_even(hand: Iterable[int], cards_left: Iterable[int], gone: Iterable[int] = ()) -> list[dict]:
    """The exact expected score of starting, for each number of investment cards and each number of
    cards left in the pile: rows for a chart of break-even lines."""
    hand, gone = tuple(hand), tuple(gone)
    return [
        {"investments": i, "cards left": left, "expected": what_if(hand, i, left, gone).expected()}
        for i in INVESTMENTS
        for left in cards_left
    ]


def first_worth_starting(rows: list[dict], investments: int) -> int | None:
    """The fewest cards left in the pile at which starting is expected to gain (> 0), if any."""
    good = [row["cards left"] for row in rows if row["investments"] == investments and row["expected"] > 0]
    return min(good) if good else None


def investment_cards(game: LostCities, expedition: int, count: int) -> list[Card]:
    key = game.components.expeditions[expedition].key
    return [game.components.card(f"{key}x")] * count


def expedition_played(start: Start, hand: list[Card], arrived: list[Card], investments: list[Card]) -> list[Card]:
    """The idealised player's expedition from real cards, in the order it lies (LC-3.1 holds:
    investments first, then numbers strictly rising)."""
    numbers = sorted(hand + [card for card in arrived if start.fits(card.value)], key=lambda card: card.value)
    return investments + numbers


def simulate_start(
    game: LostCities,
    viewer: int,
    expedition: int,
    trials: int,
    investments: int | None = None,
    seed: int = 0,
    steps: Callable[[range], Iterable[int]] = iter,
) -> list[int]:
    """For each trial, the engine redeals what `viewer` cannot see (`determinize`); the cards of the
    colour among the cards `viewer` would draw arrive; the idealised expedition is scored by the
    engine's LC-5 (`expedition_score`)."""
    start = from_game(game, viewer, expedition, investments)
    hand = [card for card in game.hands[viewer] if card.expedition == expedition and card.value]
    invested = investment_cards(game, expedition, start.investments)
    chance, scores = Chance(seed), []
    for _ in steps(range(trials)):
        redealt = game.determinize(viewer, chance)
        arrived = wanted_cards(future_draws(redealt, viewer), expedition)
        scores.append(expedition_score(expedition_played(start, hand, arrived, invested)))
    return scores


def simulate_what_if(
    start: Start, trials: int, seed: int = 0, steps: Callable[[range], Iterable[int]] = iter
) -> list[int]:
    """The same by shuffling: `unseen` cards (the colour's coming cards and blanks for the rest)
    shuffled with the kit's seeded chance, the first `draws` of them yours."""
    urn = [*start.coming, *[0] * (start.unseen - len(start.coming))]
    chance, scores = Chance(seed), []
    for _ in steps(range(trials)):
        chance.shuffle(urn)
        scores.append(start.score(v for v in urn[: start.draws] if v))
    return scores


def bot_rollouts(
    game: LostCities,
    viewer: int,
    expedition: int,
    trials: int,
    seed: int = 0,
    steps: Callable[[range], Iterable[int]] = iter,
) -> list[dict]:
    """What the advisor's rollouts do, for this one expedition: redeal what `viewer` cannot see,
    start the expedition (an investment card if the viewer holds one, else the lowest number card),
    then let the heuristic bot play the rest of the round on both sides. Per rollout: the score this
    expedition ends with (LC-5), its number cards, and where the viewer's other number cards of the
    colour went — still in hand when the round ended, or discarded. An observation of a bot: its own
    choices decide what is played."""
    if game.to_move != viewer or game.phase != "play":
        raise ValueError(f"player {viewer} must be about to play")
    mine = sorted((card for card in game.hands[viewer] if card.expedition == expedition), key=lambda c: c.value)
    if not any(card.value for card in mine):
        raise ValueError("the viewer holds no number card of this colour")
    key = game.components.expeditions[expedition].key
    chance, rows = Chance(seed), []
    side = game.side_of(viewer)
    for _ in steps(range(trials)):
        world = game.determinize(viewer, chance)
        world.apply(Play(mine[0]))
        before = len(world.log)
        play_to_end(world, rollout_bots(world, "heuristic"), chance.fork())
        cards = world.expeditions[side][expedition]
        discarded = [
            entry[3]["card"]
            for entry in world.log[before:]
            if entry[:3] == ("LC-3.2", "discard", viewer) and entry[3]["card"][0] == key
        ]
        rows.append(
            {
                "score": expedition_score(cards),
                "played": sum(1 for card in cards if card.value),
                "held": sum(1 for card in world.hands[viewer] if card.expedition == expedition and card.value),
                "discarded": sum(1 for name in discarded if not name.endswith("x")),
            }
        )
    return rows
