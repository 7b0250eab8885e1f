"""The exact fields of every event of all three games, as each seat and a spectator may read them.

Checking only that a card's name is absent from a sentence misses a bed count or a kind that gives
the card away (an Overbooking back shows crest and size; crest + beds would name the card). So each
kind of event has its exact public fields, its exact secret fields and exactly who may read them;
every event of a set of seeded games (and of positions built for the rare kinds) is checked against
that table for every seat, and every kind of the table must occur.
"""

from __future__ import annotations

import pytest

from kit.core import Chance, Event
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

SELF = "self"  # the secret part is for the event's player only
PAIR = "pair"  # LC-7: for the passer and the partner


def spec(rule: str, public: set[str], secret: set[str] | None = None, seen: str | None = None):
    return rule, frozenset(public), None if secret is None else frozenset(secret), seen


LOST_CITIES = {
    "round": spec("LC-2", {"round", "starter"}),
    "deal": spec("LC-2", {"cards"}, {"hand"}, SELF),
    "play": spec("LC-3.1", {"card"}),
    "discard": spec("LC-3.2", {"card"}),
    "draw from the draw pile": spec("LC-3.3", {"from"}, {"card"}, SELF),
    "draw from a discard pile": spec("LC-3.3", {"from", "card"}),
    "pass": spec("LC-7", {"to"}, {"cards"}, PAIR),
    "score": spec("LC-5", {"round", "scores", "totals"}),
    "end": spec("LC-6", {"totals", "winners"}),
}

SAMOA = {
    "setup": spec("SA-2", {"flags", "hammer"}),
    "scenario": spec("SA-2", {"scenario"}),
    "round": spec("SA-3", {"round", "nationality", "doubled"}),
    "buildings": spec("SA-3.1", {"drawn", "offer"}),
    "leave": spec("SA-3.2", {"tourists"}),
    "arrive": spec("SA-3.2", {"card", "groups"}),
    "choose": spec("SA-3.3", set(), {"card"}, SELF),
    "take-back": spec("SA-9.4", {"cards"}),
    "reveal": spec("SA-3.3", {"cards"}),
    "swap": spec("SA-9.4", {"out", "in"}),
    "build-order": spec("SA-3.4", {"order"}),
    "buy": spec("SA-3.4", {"tile", "bid"}, {"paid"}, SELF),
    "pool-bonus": spec("SA-9.3", set(), {"earned"}, SELF),
    "pass": spec("SA-3.4", set()),
    "tourist-order": spec("SA-3.5", {"order"}),
    "place": spec("SA-3.5", {"tourist", "room", "pays", "why"}),
    "send home with the grey card": spec("SA-3.5", {"room", "tourists"}),
    "send home with the tile": spec("SA-9.4", {"room", "tourists"}),
    "done": spec("SA-3.5", {"placed"}),
    "payout": spec("SA-3.6", set(), {"earned"}, SELF),
    "card": spec("SA-3.6", {"card", "fate"}),
    "tie-card": spec("SA-3.6", {"hammer"}),
    "end": spec("SA-6", {"scores", "winners"}),
}

OVERBOOKING = {
    "setup": spec("OB-2", {"hotels", "start"}),
    "scenario": spec("OB-2", {"scenario"}),
    "round": spec("OB-3", {"round", "start"}),
    # OB-1 Decision: a back shows the owner's colour, the crest and the size, nothing more
    "place face down": spec("OB-4", {"where", "hotel", "crest", "size"}, {"card"}, SELF),
    "place face up": spec("OB-4", {"where", "hotel", "crest", "size", "card"}, {"card"}, SELF),
    "token": spec("OB-4", {"hotel"}),
    "hold": spec("OB-4", set()),
    "no-placement": spec("OB-4", set()),
    "stage-2": spec("OB-5", set()),
    "reveal": spec("OB-5.1", {"hotel", "beds", "hotel_rule", "queue", "back"}),
    "ability": spec("OB-5.2", {"hotel", "card", "beds_before", "beds_after", "effect"}),
    "book": spec("OB-5.3", {"hotel", "card", "beds", "beds_before", "beds_after"}),
    "no-room": spec("OB-5.3", {"hotel", "card", "beds", "beds_before", "beds_after"}),
    "prepare": spec("OB-7", {"hotels", "start"}),
    "end": spec("OB-8", {"scores", "winners"}),
}


def lost_cities_kind(game: LostCities, event: Event) -> str:
    if event.kind == "draw":
        # the pile it came from, as the game saw it: a card taken from a discard pile was face up
        return "draw from the draw pile" if game.history[-1].pile is None else "draw from a discard pile"
    return event.kind


def samoa_kind(game: Samoa, event: Event) -> str:
    if event.kind == "send-home":  # the grey card's removal (SA-3.5) or the special tile (SA-9.4)
        return (
            "send home with the grey card" if type(game.history[-1]).__name__ == "Remove" else "send home with the tile"
        )
    return event.kind


def overbooking_kind(game: Overbooking, event: Event) -> str:
    if event.kind == "place":
        action = game.history[-1]
        hotel = game.hotels[action.hotel - 1]
        face_up = action.where == "queue" and hotel.rule == "face_up"
        return "place face up" if face_up else "place face down"
    return event.kind


def _placed_card(game: Overbooking, event: Event):
    hotel = game.hotels[event.public["hotel"] - 1]
    slot = (hotel.queue if event.public["where"] == "queue" else hotel.back)[-1]
    return slot.card


#: what some fields must say: the back of a placed card, the card drawn, the size of a deal
VALUES = {
    ("overbooking", "place face down"): lambda game, e: (
        (e.public["crest"], e.public["size"], e.secret["card"])
        == (_placed_card(game, e).crest, _placed_card(game, e).size, _placed_card(game, e).key)
    ),
    ("overbooking", "place face up"): lambda game, e: e.public["card"] == _placed_card(game, e).key,
    ("lost-cities", "deal"): lambda game, e: e.public["cards"] == len(e.secret["hand"]) == 8,
    ("lost-cities", "draw from the draw pile"): lambda game, e: (
        e.secret["card"] in [c.key for c in game.hands[e.player]]
    ),
    ("samoa", "choose"): lambda game, e: e.secret["card"] == game.chosen[e.player] or game.phase != "choose",
    ("samoa", "buy"): lambda game, e: e.secret["paid"] == e.public["bid"],
}


GAMES = {
    "lost-cities": (LOST_CITIES, lost_cities_kind),
    "samoa": (SAMOA, samoa_kind),
    "overbooking": (OVERBOOKING, overbooking_kind),
}


def check_new_events(game, start: int, seen_kinds: set[str]) -> None:
    """Check the events from `start` on, just after the action that made them, for every seat."""
    table, kind_of = GAMES[game.name]
    players = game.settings.players
    new = game.events()[start:]
    moved_on = any(e.kind in ("stage-2", "score", "round") for e in new[1:])  # the table was cleared since
    for event in new:
        kind = kind_of(game, event)
        assert kind in table, f"an event kind with no entry in the table: {kind} {event.public}"
        rule, public, secret, seen = table[kind]
        seen_kinds.add(kind)
        check = VALUES.get((game.name, kind))
        if check is not None and not moved_on:
            assert check(game, event), (kind, event.public, event.secret)
        assert event.rule == rule, (kind, event.rule)
        assert set(event.public) == public, (kind, sorted(event.public))
        assert (None if event.secret is None else set(event.secret)) == secret, (kind, event.secret)
        readers = {SELF: (event.player,), None: ()}.get(seen)
        if seen == PAIR:
            readers = (event.player, event.public["to"])
        assert tuple(event.seen_by) == readers, (kind, event.seen_by)
        for viewer in [None, *range(players)]:
            shown = event.visible_to(viewer)
            expected = {"rule", "kind", "player"} | public
            if secret is not None and viewer in readers:
                expected |= secret
            assert set(shown) == expected, (kind, viewer, sorted(shown))
            for key in (secret or set()) - public:
                if viewer not in readers:
                    assert key not in shown


def play_and_check(game, seed: int, seen_kinds: set[str]) -> None:
    chance = Chance(seed)
    check_new_events(game, 0, seen_kinds)
    while not game.is_over:
        start = len(game.log)
        game.apply(game.random_action(chance))
        check_new_events(game, start, seen_kinds)


def _logs_no_placement(seed: int) -> bool:
    """Whether the random 2-player game of `seed` (actions from ``Chance(seed)``) skips a player."""
    game, chance = Overbooking(players=2, seed=seed), Chance(seed)
    while not game.is_over:
        game.apply(game.random_action(chance))
    return any(entry[1] == "no-placement" for entry in game.log)


@pytest.mark.parametrize("name", ["lost-cities", "samoa", "overbooking"])
def test_every_event_has_exactly_its_fields_for_every_seat(name):
    seen: set[str] = set()
    if name == "lost-cities":
        for players, seed in ((2, 1), (4, 2)):
            play_and_check(LostCities(players=players, seed=seed, rounds=1), seed, seen)
    elif name == "samoa":
        for players, seed in ((3, 1), (4, 2), (6, 3), (5, 4)):
            play_and_check(Samoa(players=players, seed=seed), seed, seen)
        play_and_check(Samoa(players=3, seed=5, scenario={"hammer": 1}), 5, seen)
    else:
        # a 2-player seed in which a player has no legal placement, found by playing from seed 0 on
        stuck = next(seed for seed in range(1000) if _logs_no_placement(seed))
        for players, seed in ((2, 1), (3, 2), (4, 3), (2, stuck)):
            play_and_check(Overbooking(players=players, seed=seed), seed, seen)
        play_and_check(Overbooking(players=2, seed=5, scenario={"hotels": [{"beds": 9}]}), 5, seen)
    assert seen == set(GAMES[name][0]), f"kinds that never occurred: {set(GAMES[name][0]) - seen}"
