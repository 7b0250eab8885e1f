"""Each game's `reveals()` agrees with the definition on views (kit.core.reveals): an action reveals
when some seat's view after it rules out a position that seat held possible before. Checked on
random walks from seeds chosen here, for every kind of action, and from prearranged positions for
the kinds a walk rarely reaches (special tiles, face-up queues, back-door targets).

A position the definition finds ruled out proves a reveal, so `reveals()` saying no there is a
bug; `reveals()` saying yes must be borne out by such a position among many sampled ones."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import Chance
from kit.core.reveals import witness
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

#: sampled positions per seat: few when `reveals()` says nothing was shown (a reveal is usually
#: found at the first), many when it says something was (the rarest ruled-out positions)
QUIET_WORLDS, REVEALING_WORLDS = 4, 256


def kind_of(action) -> str:
    name = type(action).__name__
    if name == "Draw":
        return "draw deck" if action.pile is None else "draw pile"
    return name.lower()


def walk(game, seed: int, steps: int, prefer: frozenset[str] = frozenset()) -> Counter:
    """Random actions from `game`, each checked; returns how often each (kind, reveals) came up.
    Where an action of a `prefer` kind is legal, one of those is taken half of the time."""
    moves, worlds, seen = Chance(seed), Chance(seed + 1), Counter()
    for _ in range(steps):
        if game.is_over:
            break
        rare = [a for a in game.legal_actions() if kind_of(a) in prefer] if prefer else []
        action = rare[moves.below(len(rare))] if rare and moves.below(2) else game.random_action(moves)
        says = game.reveals(action)
        found = witness(game, action, worlds, REVEALING_WORLDS if says else QUIET_WORLDS)
        where = f"{type(game).__name__} seed {game.settings.seed}, step {len(game.history)}: {action}"
        if found is not None:
            assert says, f"{where} shows seat {found[0]} a hidden card, but reveals() says no"
        assert not says or found is not None, f"{where}: reveals() says yes, but no seat learns anything"
        seen[kind_of(action), says] += 1
        game.apply(action)
    return seen


def test_lost_cities_two_players_every_kind():
    seen = walk(LostCities(seed=11, rounds=2), seed=1, steps=180)
    for kind in ("play", "discard"):  # a card from a hand, unknown or known to the other seat
        assert seen[kind, True] and seen[kind, False], seen
    assert seen["draw deck", True] and seen["draw pile", False] and not seen["draw deck", False], seen


def test_lost_cities_partners_pass():
    seen = walk(LostCities(players=4, seed=12, rounds=1), seed=2, steps=50)
    assert seen["pass", True] and seen["pass", False] and seen["play", True], seen


@pytest.mark.parametrize("players", [3, 4])
def test_samoa_rounds(players):
    seen = walk(Samoa(players=players, seed=13), seed=3, steps=30 * players)
    assert seen["choose", True] and seen["choose", False] and seen["done", True] and seen["place", False], seen


def test_samoa_special_tiles():
    specials = {p: {"specials": [kind]} for p, kind in enumerate(["take_back", "swap_card", "send_home"])}
    scenario = {"round": 3, "hotels": specials, "used": {0: ["20/12", "14/8"]}}
    seen = Counter()
    for seed in range(4):
        game = Samoa(players=3, seed=seed, scenario=scenario)
        seen += walk(game, 10 + seed, 40, frozenset(["takeback", "keep", "sendhome"]))
    for kind in ("takeback", "swap", "keep", "sendhome"):
        assert seen[kind, False], seen


def test_samoa_end_of_game_shows_nothing():
    seen = walk(Samoa(players=3, seed=14, scenario={"round": 12}), seed=4, steps=200)
    assert seen["done", False], seen


def test_overbooking_rounds():
    seen = walk(Overbooking(players=3, seed=15), seed=5, steps=200)
    assert seen["place", True] and seen["place", False] and seen["target", True], seen


def test_overbooking_face_up_queues_holds_and_targets():
    hotels = [{"rule": "face_up"}, {"rule": "no:worker"}, {"rule": "two_crests"}]
    seen = Counter()
    face_up = 0
    for seed in range(2):
        game = Overbooking(players=3, seed=seed, scenario={"hotels": hotels})
        seen += walk(game, 20 + seed, 70, frozenset(["hold", "target"]))
        face_up += sum(entry[1] == "place" and "card" in entry[3] for entry in game.log)  # the card itself shown
    assert face_up, "no card was placed face up"
    assert seen["place", True] and (seen["hold", True] or seen["hold", False]) and seen["target", False], seen


def test_first_reveal_looks_at_every_action_taken_back():
    game = LostCities(seed=3, rounds=1)
    discard = next(a for a in game.legal_actions() if kind_of(a) == "discard")
    game.play(discard, "draw deck")  # a card shown to the other seat, then a draw from the deck
    game.play(next(a for a in game.legal_actions() if kind_of(a) == "discard" and a.card.key[0] != discard.card.key[0]))
    game.play(f"draw {discard.card.key[0]}")  # player 1 takes player 0's card back up: nothing hidden
    assert game.first_reveal(0) == 0 and game.first_reveal(1) == 1 and game.first_reveal(2) == 2
    assert game.first_reveal(3) is None and game.first_reveal(4) is None


def test_overbooking_players_found_with_no_legal_placement():
    """Full back doors and narrow queues leave players with nothing to place (OB-4 Decision)."""
    base = Overbooking(players=3, seed=16)
    colours, limit = base.colours, base.components.back_door_limit
    decks = {colour: [card.key for card in base.decks[seat]] for seat, colour in enumerate(colours)}
    hotels = [
        {"rule": rule, "back": [[colours[(h + k) % 3], decks[colours[(h + k) % 3]].pop()] for k in range(limit)]}
        for h, rule in enumerate(["small_only", "large_only", "no:worker"])
    ]
    game = Overbooking(players=3, seed=16, scenario={"hotels": hotels})
    walk(game, 6, 40)
    assert any(entry[1] == "no-placement" for entry in game.log)
