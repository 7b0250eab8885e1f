"""Prearranged deals for lessons and tests: choose the hands and the top of the draw pile.

    >>> from kit.lostcities import LostCities
    >>> deck = arrange_deck(hands=[["Dx", "D4", "D7", "H2", "H9", "B5", "V3", "N10"],
    ...                            ["Hx", "H3", "B2", "B8", "D2", "V7", "V9", "N4"]], draw_pile=["D9", "H5"])
    >>> game = LostCities(deck=deck, rounds=1)
    >>> game.view(1)["hand"]
    ['Hx', 'H3', 'B2', 'B8', 'D2', 'V7', 'V9', 'N4']
    >>> game.apply("play D4"); game.apply("draw deck")     # the top of the draw pile: D9
    >>> "D9" in game.view(0)["hand"]
    True

Every card not named goes below, in the canonical order of the component file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from kit.core.errors import SetupRefused

from .components import Components, load_components


def arrange_deck(
    hands: Sequence[Sequence[str]],
    draw_pile: Sequence[str] = (),
    components: Components | None = None,
) -> list[str]:
    """A full deck (top card first) that deals `hands` (8 cards each, LC-2) and then `draw_pile`."""
    components = components or load_components()
    players = len(hands)
    if players not in (2, 4):
        raise SetupRefused("LC-7", "give 2 hands, or 4 for the partner game, not {players}", players=players)
    for seat, hand in enumerate(hands):
        if len(hand) != 8:
            raise SetupRefused(
                "LC-2", "each player is dealt 8 cards; hand {seat} has {count}", seat=seat, count=len(hand)
            )
    named = [components.card(text) for hand in hands for text in hand] + [components.card(t) for t in draw_pile]
    rest = Counter(components.deck(players))
    rest.subtract(named)
    short = [card.key for card, count in rest.items() if count < 0]
    if short:
        raise SetupRefused("LC-1", "more copies named than the deck holds: {cards}", cards=", ".join(short))
    return [card.key for card in named] + [card.key for card in sorted(rest.elements())]
