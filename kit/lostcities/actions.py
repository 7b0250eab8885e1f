"""The actions of Lost Cities, small immutable values with a text form.

    play D7      LC-3.1  add the Desert 7 to your own Desert expedition
    discard D7   LC-3.2  put it face up on the Desert discard pile
    draw deck    LC-3.3  take the top card of the draw pile
    draw D       LC-3.3  take the top card of the Desert discard pile
    pass D7 H3   LC-7    (4 players) give two cards face down to your partner instead of a turn

A turn is two actions by the same player: a play or discard, then a draw (LC-3).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.i18n import Message

from .components import Card, Components


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Draw:
    pile: int | None  # None: the draw pile; otherwise the expedition index of a discard pile
    letter: str = "deck"

    def __str__(self) -> str:
        return f"draw {self.letter}"


@dataclass(frozen=True, slots=True)
class Pass:
    cards: tuple[Card, Card]  # kept sorted, so "pass H3 D7" and "pass D7 H3" are the same action

    def __str__(self) -> str:
        return f"pass {self.cards[0]} {self.cards[1]}"


Action = Play | Discard | Draw | Pass


def parse(text: str, components: Components) -> Action:
    words = text.split()
    if not words:
        raise ValueError(Message("an empty action; write e.g. 'play D7', 'discard D7', 'draw deck' or 'draw D'"))
    verb, args = words[0].lower(), words[1:]
    if verb in ("play", "discard") and len(args) == 1:
        card = components.card(args[0])
        return Play(card) if verb == "play" else Discard(card)
    if verb == "draw" and len(args) == 1:
        if args[0].lower() == "deck":
            return Draw(None)
        letter = args[0].upper()
        for expedition in components.expeditions:
            if expedition.key == letter:
                return Draw(expedition.index, letter)
        piles = ", ".join(e.key for e in components.expeditions)
        raise ValueError(Message("no discard pile {pile}; piles are {piles}", pile=repr(args[0]), piles=piles))
    if verb == "pass" and len(args) == 2:
        first, second = sorted(components.card(a) for a in args)
        return Pass((first, second))
    raise ValueError(
        Message(
            "cannot read {text}; write e.g. 'play D7', 'discard Dx', 'draw deck', 'draw D' or 'pass D7 H3'",
            text=repr(text),
        )
    )
