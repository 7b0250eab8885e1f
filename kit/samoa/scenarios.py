"""Prearranged positions for lessons and tests (boardgame.io's "override the setup").

A scenario is plain data kept in the game's settings, so a game that starts from one still replays,
undoes, saves and loads like any other. It is applied right after the normal setup (SA-2) and sets
up the start of a round, before the price cards are chosen; every tile it names is taken from the
supplies or the building deck, so all components stay accounted for. Every value is checked (types
and ranges) and the position must pass the game's own invariants, or a `ValueError` says what is wrong.

Round 1's tourist groups go back to the supply before the hotels are filled. When the scenario sets
another round (or a flag row with another first nationality) and gives no "groups", the groups are
drawn anew for that round: its nationality, its tourist card's sizes, doubled on a 2X round; and
without an "offer", the building tiles laid out are those of that round (SA-3.1).

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

from kit.core.errors import InvariantBroken
from kit.core.game import is_whole, short

from .components import BUILDING_KINDS, SPECIAL_KINDS, Tourist

if TYPE_CHECKING:
    from .game import Samoa

KEYS = ("round", "flags", "groups", "offer", "hotels", "money", "used", "hammer")
HOTEL_KEYS = ("extra_rooms", "suites", "pools", "specials", "rooms")
MAX_MONEY = 999  # Tala; a whole game earns far less
MAX_TEXT = 30  # a tile's text, like "N bather 2"


def apply_scenario(game: Samoa, scenario: dict[str, Any]) -> None:
    check_scenario(game, scenario)
    first = (game.round, game.flags[game.round - 1])
    for group in game.groups:  # round 1's groups go back first: the hotels may name any tile
        game.supply_return(group)
    old_groups, game.groups = game.groups, []
    if "flags" in scenario:
        game.flags = list(scenario["flags"])
    if "round" in scenario:
        game.round = scenario["round"]
    if "hammer" in scenario:
        game.hammer = scenario["hammer"]
    if "offer" in scenario or game.round != first[0]:
        game.building_deck.extend(game.offer)
        game.offer = []
        if "offer" in scenario:
            for kind in scenario["offer"]:
                if kind not in game.building_deck:
                    raise ValueError(f"SA-1: no {kind} building tile left for the offer")
                game.building_deck.remove(kind)
                game.offer.append(kind)
        else:  # SA-3.1: the tiles of this round's block (the deck's order is the shuffled one)
            count = game.components.layout[game.players][min((game.round - 1) // 3, 3)]
            game.offer = [game.building_deck.pop() for _ in range(min(count, len(game.building_deck)))]
        game.offer.sort()
    for player, spec in sorted(_by_seat(game, scenario.get("hotels", {})).items()):
        hotel = game.hotels[player]
        for _ in range(spec.get("extra_rooms", 0)):
            _take_tile(game, "extra_room")
            hotel.rooms.append([])
        for room in spec.get("suites", []):
            _take_tile(game, "suite")
            hotel.suites.add(room - 1)
        for _ in range(spec.get("pools", 0)):
            _take_tile(game, "pool")
            hotel.pools += 1
        for kind in spec.get("specials", []):
            _take_tile(game, kind)
            hotel.specials.append(kind)
        for room, tourists in spec.get("rooms", {}).items():
            index = _number(room, "room") - 1
            if not 0 <= index < len(hotel.rooms) or hotel.rooms[index]:
                raise ValueError(f"player {player} has no free room {room}")
            hotel.rooms[index] = [_take_tourist(game, text) for text in tourists]
    if "groups" in scenario:
        game.groups = [[_take_tourist(game, text) for text in group] for group in scenario["groups"]]
    elif (game.round, game.flags[game.round - 1]) == first:
        game.groups = [[_take_again(game, tourist) for tourist in group] for group in old_groups]
    else:
        sizes = game.components.tourist_cards[game.tourist_card][game.players]
        if game.round in game.components.doubled_rounds:
            sizes = tuple(2 * size for size in sizes)
        nationality = game.flags[game.round - 1]
        game.groups = [[game.draw_tourist(nationality) for _ in range(size)] for size in sizes]
    if "money" in scenario:
        game.money = list(scenario["money"])
    for player, cards in sorted(_by_seat(game, scenario.get("used", {})).items()):
        for card in cards:
            if card == "grey" or card not in game.hands[player]:
                raise ValueError(f"player {player} cannot have used {card!r}")
            game.hands[player].remove(card)
            game.used[player].append(card)
    try:
        game.check_invariants()
    except InvariantBroken as error:
        raise ValueError(f"the scenario sets up a position the rules never reach: {error}") from None
    game.log.append(("SA-2", "scenario", None, {"scenario": sorted(scenario)}))


def check_scenario(game: Samoa, scenario: Any) -> None:
    """Every value's type and range, before anything is changed (a ValueError says which is wrong)."""
    c = game.components
    if not isinstance(scenario, dict):
        raise ValueError(f"a scenario is a dict, not {short(scenario)}")
    unknown = set(scenario) - set(KEYS)
    if unknown:
        raise ValueError(f"unknown scenario keys: {short(sorted(map(str, unknown)))} (known: {', '.join(KEYS)})")
    if "round" in scenario and not (is_whole(scenario["round"]) and 1 <= scenario["round"] <= c.rounds):
        raise ValueError(f"round must be a whole number from 1 to {c.rounds}, not {short(scenario['round'])}")
    if "flags" in scenario:
        flags = _texts(scenario["flags"], "flags", len(c.flags))
        if sorted(flags) != sorted(n for n, _ in c.flags):
            raise ValueError(f"SA-2: the flag row must use each of the {len(c.flags)} flags once")
    if "hammer" in scenario and not (is_whole(scenario["hammer"]) and scenario["hammer"] in range(game.players)):
        raise ValueError(f"hammer must be a seat from 0 to {game.players - 1}, not {short(scenario['hammer'])}")
    if "offer" in scenario:
        for kind in _texts(scenario["offer"], "offer", len(c.building_tiles)):
            if kind not in BUILDING_KINDS:
                raise ValueError(f"offer: unknown building tile {short(kind)} ({', '.join(BUILDING_KINDS)})")
    for seat, spec in _by_seat(game, scenario.get("hotels", {}), "hotels").items():
        if not isinstance(spec, dict) or set(spec) - set(HOTEL_KEYS):
            raise ValueError(f"hotels: player {seat}'s hotel is a dict with keys {', '.join(HOTEL_KEYS)}")
        for key in ("extra_rooms", "pools"):
            if key in spec and not (is_whole(spec[key]) and 0 <= spec[key] <= len(c.building_tiles)):
                raise ValueError(f"hotels: {key} must be a whole number from 0, not {short(spec[key])}")
        suites = spec.get("suites", [])
        board = c.rows * c.columns
        if not isinstance(suites, list) or not all(is_whole(r) and 1 <= r <= board for r in suites):
            raise ValueError(f"hotels: suites lists rooms of the board, 1 to {board}, not {short(suites)}")
        if len(set(suites)) != len(suites):
            raise ValueError("hotels: a room has one suite at most (SA-9.2)")
        for kind in _texts(spec.get("specials", []), "specials", 3):
            if kind not in SPECIAL_KINDS:
                raise ValueError(f"hotels: unknown special tile {short(kind)} ({', '.join(SPECIAL_KINDS)})")
        rooms = spec.get("rooms", {})
        if not isinstance(rooms, dict):
            raise ValueError(f"hotels: rooms maps room numbers to tiles, not {short(rooms)}")
        for room, tourists in rooms.items():
            _number(room, "room")
            if not 1 <= len(_texts(tourists, "a room", 2)):
                raise ValueError("hotels: a room holds one tourist, or two lovers (SA-7)")
    if "groups" in scenario:
        groups = scenario["groups"]
        if not isinstance(groups, list) or len(groups) > 9:
            raise ValueError(f"groups is a list of at most 9 groups, not {short(groups)}")
        for group in groups:
            if not 1 <= len(_texts(group, "a group", 18)):
                raise ValueError("groups: every group holds 1 to 18 tourists")
    if "money" in scenario:
        money = scenario["money"]
        if not isinstance(money, list) or len(money) != game.players:
            raise ValueError(f"money: one amount per player ({game.players}), not {short(money)}")
        if not all(is_whole(m) and 0 <= m <= MAX_MONEY for m in money):
            raise ValueError(f"money: whole amounts of Tala from 0 to {MAX_MONEY}, not {short(money)}")
    for cards in _by_seat(game, scenario.get("used", {}), "used").values():
        _texts(cards, "used", len(c.price_cards))


def _texts(value: Any, what: str, most: int) -> list[str]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{what}: a list of at most {most} texts, not {short(value)}")
    if not all(isinstance(v, str) and 0 < len(v) <= MAX_TEXT for v in value):
        raise ValueError(f"{what}: every entry is a short text, not {short(value)}")
    return value


def _number(key: Any, what: str) -> int:
    """A seat or room number; JSON turns a dict's number keys into text."""
    if is_whole(key):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3:
        return int(key)
    raise ValueError(f"{what} numbers are whole numbers, not {short(key)}")


def _by_seat(game: Samoa, mapping: Any, what: str = "seat") -> dict[int, Any]:
    if not isinstance(mapping, dict):
        raise ValueError(f"{what}: a dict from seat to value, not {short(mapping)}")
    out = {}
    for seat, value in mapping.items():
        seat = _number(seat, "seat")
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
    nationality, kind = (words + ["", ""])[:2]
    ring = int(words[2]) if len(words) == 3 and words[2].isascii() and words[2].isdigit() else 0
    if len(words) > 3 or (len(words) == 3 and not ring):
        raise ValueError(f"SA-1: no tile {text!r}; write e.g. 'N plain' or 'N bather 2'")
    for tourist in game.supply.get(nationality, []):
        if tourist.kind == kind and tourist.ring == ring:
            game.supply[nationality].remove(tourist)
            return tourist
    raise ValueError(f"SA-1: no {text!r} tile left in the supply")


def _take_again(game: Samoa, tourist: Tourist) -> Tourist:
    """Round 1's tile back into its group: the same tile if no hotel took it, else one that looks the
    same, else one drawn at random from the supply of its nationality."""
    supply = game.supply[tourist.nationality]
    if tourist in supply:
        supply.remove(tourist)
        return tourist
    for other in supply:
        if other.label == tourist.label:
            supply.remove(other)
            return other
    if not supply:
        raise ValueError(f"SA-1: the scenario's hotels leave no {tourist.nationality} tile for this round's groups")
    return game.draw_tourist(tourist.nationality)
