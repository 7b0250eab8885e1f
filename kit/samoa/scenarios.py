"""Prearranged positions for lessons and tests (boardgame.io's "override the setup").

A scenario is plain data kept in the game's settings, so a game that starts from one still replays,
undoes, saves and loads like any other. It is applied right after the normal setup (SA-2) and sets
up the start of a round, before the price cards are chosen; every tile it names is taken from the
supplies or the building deck, so all components stay accounted for. Every value is checked (types
and ranges) and the position must pass the game's own invariants, or a `SetupRefused` (a `ValueError`) says what
is wrong, in the learner's language.

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

from kit.core.errors import InvariantBroken, SetupRefused
from kit.core.game import is_whole, short
from kit.i18n import N_, Message, Term

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
                    raise SetupRefused("SA-1", "no {tile} building tile left for the offer", tile=Term(kind))
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
                raise SetupRefused(None, "player {player} has no free room {room}", player=player, room=short(room))
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
                raise SetupRefused("SA-3.6", "player {player} cannot have used {card}", player=player, card=repr(card))
            game.hands[player].remove(card)
            game.used[player].append(card)
    try:
        game.check_invariants()
    except InvariantBroken as error:
        raise SetupRefused.never_reached(error) from None
    game.log.append(("SA-2", "scenario", None, {"scenario": sorted(scenario)}))


def check_scenario(game: Samoa, scenario: Any) -> None:
    """Every value's type and range, before anything is changed (a SetupRefused says which is wrong)."""
    c = game.components
    if not isinstance(scenario, dict):
        raise SetupRefused(None, "a scenario is a dict, not {scenario}", scenario=short(scenario))
    unknown = set(scenario) - set(KEYS)
    if unknown:
        raise SetupRefused(
            None,
            "unknown scenario keys: {keys} (known: {known})",
            keys=short(sorted(map(str, unknown))),
            known=", ".join(KEYS),
        )
    if "round" in scenario and not (is_whole(scenario["round"]) and 1 <= scenario["round"] <= c.rounds):
        raise SetupRefused(
            None,
            "round must be a whole number from 1 to {last}, not {round}",
            last=c.rounds,
            round=short(scenario["round"]),
        )
    if "flags" in scenario:
        flags = _texts(scenario["flags"], "flags", len(c.flags))
        if sorted(flags) != sorted(n for n, _ in c.flags):
            raise SetupRefused("SA-2", "the flag row must use each of the {count} flags once", count=len(c.flags))
    if "hammer" in scenario and not (is_whole(scenario["hammer"]) and scenario["hammer"] in range(game.players)):
        raise SetupRefused(
            None,
            "hammer must be a seat from 0 to {last}, not {hammer}",
            last=game.players - 1,
            hammer=short(scenario["hammer"]),
        )
    if "offer" in scenario:
        for kind in _texts(scenario["offer"], "offer", len(c.building_tiles)):
            if kind not in BUILDING_KINDS:
                raise SetupRefused(
                    "SA-1",
                    "offer: unknown building tile {tile} ({known})",
                    tile=short(kind),
                    known=", ".join(BUILDING_KINDS),
                )
    for seat, spec in _by_seat(game, scenario.get("hotels", {}), "hotels").items():
        if not isinstance(spec, dict) or set(spec) - set(HOTEL_KEYS):
            raise SetupRefused(
                None, "hotels: player {seat}'s hotel is a dict with keys {keys}", seat=seat, keys=", ".join(HOTEL_KEYS)
            )
        for key in ("extra_rooms", "pools"):
            if key in spec and not (is_whole(spec[key]) and 0 <= spec[key] <= len(c.building_tiles)):
                raise SetupRefused(
                    None, "hotels: {key} must be a whole number from 0, not {value}", key=key, value=short(spec[key])
                )
        suites = spec.get("suites", [])
        board = c.rows * c.columns
        if not isinstance(suites, list) or not all(is_whole(r) and 1 <= r <= board for r in suites):
            raise SetupRefused(
                None,
                "hotels: suites lists rooms of the board, 1 to {last}, not {suites}",
                last=board,
                suites=short(suites),
            )
        if len(set(suites)) != len(suites):
            raise SetupRefused("SA-9.2", "hotels: a room has one suite at most")
        for kind in _texts(spec.get("specials", []), "specials", 3):
            if kind not in SPECIAL_KINDS:
                raise SetupRefused(
                    "SA-1",
                    "hotels: unknown special tile {tile} ({known})",
                    tile=short(kind),
                    known=", ".join(SPECIAL_KINDS),
                )
        rooms = spec.get("rooms", {})
        if not isinstance(rooms, dict):
            raise SetupRefused(None, "hotels: rooms maps room numbers to tiles, not {rooms}", rooms=short(rooms))
        for room, tourists in rooms.items():
            _number(room, "room")
            if not 1 <= len(_texts(tourists, Message("a room"), 2)):
                raise SetupRefused("SA-7", "hotels: a room holds one tourist, or two lovers")
    if "groups" in scenario:
        groups = scenario["groups"]
        if not isinstance(groups, list) or len(groups) > 9:
            raise SetupRefused(None, "groups is a list of at most 9 groups, not {groups}", groups=short(groups))
        for group in groups:
            if not 1 <= len(_texts(group, Message("a group"), 18)):
                raise SetupRefused(None, "groups: every group holds 1 to 18 tourists")
    if "money" in scenario:
        money = scenario["money"]
        if not isinstance(money, list) or len(money) != game.players:
            raise SetupRefused(
                None, "money: one amount per player ({players}), not {money}", players=game.players, money=short(money)
            )
        if not all(is_whole(m) and 0 <= m <= MAX_MONEY for m in money):
            raise SetupRefused(
                None, "money: whole amounts of Tala from 0 to {most}, not {money}", most=MAX_MONEY, money=short(money)
            )
    for cards in _by_seat(game, scenario.get("used", {}), "used").values():
        _texts(cards, "used", len(c.price_cards))


def _texts(value: Any, what: str | Message, most: int) -> list[str]:
    """`value` as a list of at most `most` short texts; `what` is the scenario's key, or a Message."""
    if not isinstance(value, list) or len(value) > most:
        raise SetupRefused(
            None, "{what}: a list of at most {most} texts, not {value}", what=what, most=most, value=short(value)
        )
    if not all(isinstance(v, str) and 0 < len(v) <= MAX_TEXT for v in value):
        raise SetupRefused(None, "{what}: every entry is a short text, not {value}", what=what, value=short(value))
    return value


#: a number that is not one, by what it numbers
NOT_A_NUMBER = {
    "room": N_("room numbers are whole numbers, not {key}"),
    "seat": N_("seat numbers are whole numbers, not {key}"),
}


def _number(key: Any, what: str) -> int:
    """A seat or room number; JSON turns a dict's number keys into text."""
    if is_whole(key):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 3:
        return int(key)
    raise SetupRefused(None, NOT_A_NUMBER[what], key=short(key))


def _by_seat(game: Samoa, mapping: Any, what: str = "seat") -> dict[int, Any]:
    if not isinstance(mapping, dict):
        raise SetupRefused(None, "{what}: a dict from seat to value, not {value}", what=what, value=short(mapping))
    out = {}
    for seat, value in mapping.items():
        seat = _number(seat, "seat")
        if seat not in range(game.players):
            raise SetupRefused(None, "no seat {seat} in a {players}-player game", seat=seat, players=game.players)
        out[seat] = value
    return out


def _take_tile(game: Samoa, kind: str) -> None:
    if kind in game.building_deck:
        game.building_deck.remove(kind)
    elif kind in game.offer:
        game.offer.remove(kind)
    else:
        raise SetupRefused("SA-1", "no {tile} building tile left", tile=Term(kind))


def _take_tourist(game: Samoa, text: str) -> Tourist:
    """A tile like "N plain", "J rich", "U lovers", "G celebrity" or "N bather 2" from its supply."""
    words = text.split()
    nationality, kind = (words + ["", ""])[:2]
    ring = int(words[2]) if len(words) == 3 and words[2].isascii() and words[2].isdigit() else 0
    if len(words) > 3 or (len(words) == 3 and not ring):
        raise SetupRefused("SA-1", "no tile {tile}; write e.g. 'N plain' or 'N bather 2'", tile=repr(text))
    for tourist in game.supply.get(nationality, []):
        if tourist.kind == kind and tourist.ring == ring:
            game.supply[nationality].remove(tourist)
            return tourist
    raise SetupRefused("SA-1", "no {tile} tile left in the supply", tile=repr(text))


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
        raise SetupRefused(
            "SA-1",
            "the scenario's hotels leave no {nationality} tile for this round's groups",
            nationality=tourist.nationality,
        )
    return game.draw_tourist(tourist.nationality)
