"""Prearranged positions for lessons and tests (boardgame.io's "override the setup").

A scenario is plain data kept in the game's settings, so a game that starts from one still replays,
undoes, saves and loads like any other. It is applied right after the normal setup (SA-2) and sets
up the start of a round, before the price cards are chosen; every tile it names is taken from the
supplies or the building deck, so all components stay accounted for.

    Samoa(players=4, scenario={
        "round": 4,                                   # the round being played
        "flags": ["J", "U", "G", "N", ...],           # the whole flag row (optional)
        "groups": [["N plain"] * 4, ["N plain"] * 3], # this round's tourist groups
        "offer": ["pool"],                            # the building tiles on offer
        "hotels": {2: {"rooms": {1: ["J plain"], 2: ["U plain"]}, "pools": 1}},
        "money": [25, 25, 25, 25],
        "used": {0: ["20/12"]},                       # price cards already discarded
        "hammer": 1,                                  # the seat the tie card's hammer points to
    })
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import SPECIAL_KINDS, Tourist

if TYPE_CHECKING:
    from .game import Samoa

KEYS = ("round", "flags", "groups", "offer", "hotels", "money", "used", "hammer")


def apply_scenario(game: Samoa, scenario: dict[str, Any]) -> None:
    unknown = set(scenario) - set(KEYS)
    if unknown:
        raise ValueError(f"unknown scenario keys: {', '.join(sorted(unknown))} (known: {', '.join(KEYS)})")
    if "flags" in scenario:
        flags = list(scenario["flags"])
        if sorted(flags) != sorted(n for n, _ in game.components.flags):
            raise ValueError("SA-2: the flag row must use each of the 12 flags once")
        game.flags = flags
    if "round" in scenario:
        if not 1 <= scenario["round"] <= game.components.rounds:
            raise ValueError(f"round must be 1 to {game.components.rounds}")
        game.round = scenario["round"]
    if "hammer" in scenario:
        if scenario["hammer"] not in range(game.players):
            raise ValueError(f"hammer must be a seat from 0 to {game.players - 1}")
        game.hammer = scenario["hammer"]
    if "offer" in scenario:
        game.building_deck.extend(game.offer)
        game.offer = []
        for kind in scenario["offer"]:
            if kind not in game.building_deck:
                raise ValueError(f"SA-1: no {kind} building tile left for the offer")
            game.building_deck.remove(kind)
            game.offer.append(kind)
        game.offer.sort()
    for player, spec in sorted(_by_seat(game, scenario.get("hotels", {})).items()):
        hotel = game.hotels[player]
        for _ in range(spec.get("extra_rooms", 0)):
            _take_tile(game, "extra_room")
            hotel.rooms.append([])
        for room in spec.get("suites", []):
            _take_tile(game, "suite")
            hotel.suites.add(int(room) - 1)
        for _ in range(spec.get("pools", 0)):
            _take_tile(game, "pool")
            hotel.pools += 1
        for kind in spec.get("specials", []):
            if kind not in SPECIAL_KINDS:
                raise ValueError(f"unknown special tile {kind!r}")
            _take_tile(game, kind)
            hotel.specials.append(kind)
        for room, tourists in spec.get("rooms", {}).items():
            index = int(room) - 1
            if not 0 <= index < len(hotel.rooms) or hotel.rooms[index]:
                raise ValueError(f"player {player} has no free room {room}")
            hotel.rooms[index] = [_take_tourist(game, text) for text in tourists]
    if "groups" in scenario:
        for group in game.groups:
            game.supply_return(group)
        game.groups = [[_take_tourist(game, text) for text in group] for group in scenario["groups"]]
    if "money" in scenario:
        if len(scenario["money"]) != game.players:
            raise ValueError("money: one amount per player")
        game.money = list(scenario["money"])
    for player, cards in sorted(_by_seat(game, scenario.get("used", {})).items()):
        for card in cards:
            if card == "grey" or card not in game.hands[player]:
                raise ValueError(f"player {player} cannot have used {card!r}")
            game.hands[player].remove(card)
            game.used[player].append(card)
    game.log.append(("SA-2", "scenario", None, {"scenario": sorted(scenario)}))


def _by_seat(game: Samoa, mapping: dict) -> dict[int, Any]:
    out = {}
    for seat, value in mapping.items():
        seat = int(seat)  # JSON turns the keys into text
        if seat not in range(game.players):
            raise ValueError(f"no seat {seat}")
        out[seat] = value
    return out


def _take_tile(game: Samoa, kind: str) -> None:
    if kind in game.building_deck:
        game.building_deck.remove(kind)
    elif kind in game.offer:
        game.offer.remove(kind)
    else:
        raise ValueError(f"SA-1: no {kind} building tile left")


def _take_tourist(game: Samoa, text: str) -> Tourist:
    """A tile like "N plain", "J rich", "U lovers", "G celebrity" or "N bather 2" from its supply."""
    words = text.split()
    nationality, kind = words[0], words[1] if len(words) > 1 else ""
    ring = int(words[2]) if len(words) > 2 else 0
    for tourist in game.supply.get(nationality, []):
        if tourist.kind == kind and tourist.ring == ring:
            game.supply[nationality].remove(tourist)
            return tourist
    raise ValueError(f"SA-1: no {text!r} tile left in the supply")
