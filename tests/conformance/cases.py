"""The games that run the shared conformance suite. Samoa and Overbooking join this list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kit.core import Game
from kit.lostcities import LostCities


@dataclass(frozen=True)
class Case:
    id: str
    new_game: Callable[[int], Game]
    #: every action worth trying in a position, legal or not (texts); the suite checks that exactly
    #: the legal ones are accepted
    probes: Callable[[Game], list[str]]
    #: the prefix of this game's rule ids, e.g. "LC-"
    rule_prefix: str


def _lost_cities_probes(game: LostCities) -> list[str]:
    cards = sorted(set(game.components.deck(game.players)))
    texts = [f"{verb} {card}" for card in cards for verb in ("play", "discard")]
    texts += ["draw deck"] + [f"draw {e.key}" for e in game.components.expeditions]
    hand = game.hands[game.to_move] if game.to_move is not None else []
    texts += [f"pass {a} {b}" for a in hand[:3] for b in hand[-3:]]  # legal and illegal passes
    texts += ["pass H2 H3", "pass Nx Nx"]
    return texts


CASES = [
    Case("lost-cities-2p", lambda seed: LostCities(players=2, rounds=2, seed=seed), _lost_cities_probes, "LC-"),
    Case("lost-cities-4p", lambda seed: LostCities(players=4, rounds=1, seed=seed), _lost_cities_probes, "LC-"),
]
