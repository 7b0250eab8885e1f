"""The games that run the shared conformance suite. Samoa and Overbooking join this list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kit.core import Game
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa


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
    texts += ["pass H2 H3", "pass Nx Nx", "draw Q"]  # Q: a pile no edition has
    return texts


def _samoa_probes(game: Samoa) -> list[str]:
    cards = [c.key for c in game.components.price_cards]
    texts = [f"choose {c}" for c in cards] + [f"swap {c}" for c in cards] + ["keep", "pass", "done"]
    texts += [f"buy {kind}" for kind in ("extra_room", "pool", "swap_card", "send_home", "take_back", "suite")]
    texts += [f"buy suite {r}" for r in (1, 4, 7)] + [f"buy pool {r}" for r in (1,)]
    texts += [f"remove {r}" for r in (1, 2, 6, 7)] + ["send-home 1 2", "send-home 3", "take-back 2/3 4/4"]
    texts += [f"place {g}.{t} in {r}" for g in (1, 2, 4) for t in (1, 2, 9) for r in (1, 3, 6, 7, 9)]
    return texts


def _overbooking_probes(game: Overbooking) -> list[str]:
    keys = sorted({card.key for deck in game.components.decks.values() for card in deck})[:8]
    texts = [f"{where} {key} at {h}" for key in keys for where in ("queue", "back") for h in (1, 2, 5)]
    texts += ["hold", "target 1", "target 2", "target 6", "queue nobody at 1"]
    if game.to_move is not None and game.stage == 1:
        texts += [f"{w} {c.key} at {h}" for c in game.hands[game.to_move] for w in ("queue", "back") for h in (1, 2, 3)]
    return texts


CASES = [
    Case("lost-cities-2p", lambda seed: LostCities(players=2, rounds=2, seed=seed), _lost_cities_probes, "LC-"),
    Case("lost-cities-4p", lambda seed: LostCities(players=4, rounds=1, seed=seed), _lost_cities_probes, "LC-"),
    Case(
        "lost-cities-six-2p",
        lambda seed: LostCities(players=2, rounds=2, seed=seed, edition="six"),
        _lost_cities_probes,
        "LC-",
    ),
    Case(
        "lost-cities-six-4p",
        lambda seed: LostCities(players=4, rounds=1, seed=seed, edition="six"),
        _lost_cities_probes,
        "LC-",
    ),
    Case("samoa-3p", lambda seed: Samoa(players=3, seed=seed), _samoa_probes, "SA-"),
    Case("samoa-6p", lambda seed: Samoa(players=6, seed=seed), _samoa_probes, "SA-"),
    Case("overbooking-2p", lambda seed: Overbooking(players=2, seed=seed), _overbooking_probes, "OB-"),
    Case(
        "overbooking-4p",
        lambda seed: Overbooking(players=4, seed=seed, score_card="advanced"),
        _overbooking_probes,
        "OB-",
    ),
]
