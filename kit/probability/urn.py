"""Lesson 1 — will the card I need come? (Lost Cities, LC-2, LC-3.3)

From one player's seat the cards it has not seen and cannot know (the other hand, less the cards
taken there from a discard pile, and the draw pile, LC-3.4) are an urn. If every draw from now on
is from the draw pile, the cards this player will draw are a random handful of that urn, so the
number of cards of one colour among them follows the hypergeometric distribution. `Urn` gives it
exactly, as fractions; `simulate_arrivals` asks the engine instead, redealing what the player
cannot see (`Game.determinize`) trial after trial.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from kit.core import Chance
from kit.lostcities import LostCities
from kit.lostcities.components import Card


@dataclass(frozen=True)
class Urn:
    """`unseen` cards, `wanted` of them good; the player will draw `draws` of them at random."""

    unseen: int
    wanted: int
    draws: int

    def __post_init__(self):
        if not 0 <= self.wanted <= self.unseen or not 0 <= self.draws <= self.unseen:
            raise ValueError(f"an urn needs 0 <= wanted, draws <= unseen, not {self}")

    def ways(self, k: int) -> int:
        """How many handfuls of `draws` cards hold exactly `k` wanted cards."""
        if not 0 <= k <= self.draws:
            return 0  # (math.comb refuses a negative count of other cards)
        return comb(self.wanted, k) * comb(self.unseen - self.wanted, self.draws - k)

    def pmf(self) -> list[Fraction]:
        """P(X = k) for k = 0 .. wanted: favourable handfuls over all handfuls, exactly."""
        total = comb(self.unseen, self.draws)
        return [Fraction(self.ways(k), total) for k in range(self.wanted + 1)]

    def at_least(self, k: int) -> Fraction:
        return sum(self.pmf()[max(k, 0) :], Fraction(0))

    def mean(self) -> Fraction:
        """E[X] = draws × wanted / unseen (each drawn card is wanted with chance wanted/unseen)."""
        return Fraction(self.draws * self.wanted, self.unseen)


def unseen_cards(game: LostCities, viewer: int) -> list[Card]:
    """LC-3.4: the cards `viewer` cannot see and cannot know — the other hands and the draw pile,
    less what `viewer` knows.

    The engine's `unseen` also counts the cards buried under the top of a discard pile (only the top
    shows); a player who remembers every discard knows those, and they never come from the draw
    pile. Likewise a card another player took from a discard pile is known to be in that hand (the
    engine's `known_in_hands`; `determinize` keeps it there): it can never be drawn. The urn leaves
    both out."""
    buried = Counter(card for pile in game.discards for card in pile[:-1])
    known = Counter(card for card, _ in game.known_in_hands(viewer))
    return sorted((Counter(game.unseen(viewer)) - buried - known).elements())


def draws_left(game: LostCities, viewer: int) -> int:
    """How many cards `viewer` still draws if every draw is from the draw pile (2 players, LC-3.3,
    LC-4): the players take turns, and the round ends with the last card of the pile."""
    if game.players != 2:
        raise ValueError("the urn lesson is about the 2-player game")
    viewer_next = game.to_move == viewer
    pile = len(game.deck)
    return (pile + 1) // 2 if viewer_next else pile // 2


def wanted_cards(cards: Iterable[Card], expedition: int) -> list[Card]:
    """The number cards of one expedition (investment cards are played first, LC-3.1, so a
    player waiting for cards waits for number cards)."""
    return [card for card in cards if card.expedition == expedition and card.value]


def urn_for(game: LostCities, viewer: int, expedition: int) -> Urn:
    """The urn `viewer` faces now for the number cards of `expedition`."""
    unseen = unseen_cards(game, viewer)
    return Urn(len(unseen), len(wanted_cards(unseen, expedition)), draws_left(game, viewer))


def future_draws(game: LostCities, viewer: int) -> list[Card]:
    """The cards `viewer` would draw if every draw from now on is from the draw pile: every other
    card of the pile from the top, starting with the first if `viewer` draws next."""
    from_top = game.deck[::-1]  # the top of the pile is the end of the list
    return from_top[0 if game.to_move == viewer else 1 :: 2]


def simulate_arrivals(
    game: LostCities,
    viewer: int,
    expedition: int,
    trials: int,
    seed: int = 0,
    steps: Callable[[range], Iterable[int]] = iter,
) -> list[int]:
    """For each trial, redeal everything `viewer` cannot see (the engine's `determinize`) and count
    the number cards of `expedition` among the cards `viewer` would draw. `steps` wraps the loop
    (pass a progress bar such as ``tqdm``)."""
    chance = Chance(seed)
    counts = []
    for _ in steps(range(trials)):
        redealt = game.determinize(viewer, chance)
        counts.append(len(wanted_cards(future_draws(redealt, viewer), expedition)))
    return counts


#: The round the Lost Cities lessons discuss, stated as data so that their text stays true whatever
#: the shuffle: every card top first, player 0's 8 (Bx B3 B9 Dx D3 V5 V7 Nx), then player 1's 8, then
#: the draw pile (LC-2).
LESSON_DECK = tuple(
    "Bx B3 B9 Dx D3 V5 V7 Nx H10 Bx D4 D10 V8 N2 N6 N8 V3 N4 D9 Vx Bx Nx V4 Dx N3 H2 N7 B7 N10 D6 D8 V6 "
    "H6 B8 D5 Hx B4 H8 B5 Vx Nx N5 B2 H3 H4 V10 Hx D2 D7 H9 H7 V9 B6 N9 Vx Dx V2 Hx H5 B10".split()
)


def lesson_round() -> LostCities:
    """The lessons' round at its deal (`LESSON_DECK`), player 0 to play."""
    return LostCities(players=2, rounds=1, deck=LESSON_DECK)


def position(cards_left: int, viewer: int = 0, seed: int | None = None) -> LostCities:
    """A real 2-player round played by two heuristic bots until the draw pile holds at most
    `cards_left` cards and it is `viewer`'s turn to play (at the deal when `cards_left` >= 44): the
    lessons' round (`LESSON_DECK`), or the round dealt from `seed`."""
    from kit.lostcities.heuristic import HeuristicBot

    game = lesson_round() if seed is None else LostCities(players=2, rounds=1, seed=seed)
    bot = HeuristicBot()
    while not game.is_over and not (len(game.deck) <= cards_left and game.to_move == viewer and game.phase == "play"):
        game.apply(bot.choose(game))
    if game.is_over:
        raise ValueError(f"the round ended before {cards_left} cards were left")
    return game
