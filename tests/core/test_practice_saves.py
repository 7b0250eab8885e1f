"""A practice game branched from a reviewed moment saves its start as data and loads as the same
game; a tampered start gets the one save error."""

from __future__ import annotations

import json

import pytest

from kit.core import SaveFileError, loads
from kit.core.practice import is_practice_start
from kit.games import game_type
from kit.sim.review import Review

SHORT = {"lost-cities": {"rounds": 1}, "samoa": {"players": 3}, "overbooking": {"players": 2}}


def practice_game(name: str, moment: int = 12, moves: int = 6):
    """A practice game from `moment` of a bots' game, as seat 0 saw it, after `moves` more bot moves."""
    kind = game_type(name)
    game = kind(seed=4, **SHORT[name])
    bots = [kind.heuristic_bot() for _ in range(game.settings.players)]
    while not game.is_over and len(game.history) < moment + 4:
        game.apply(bots[game.current_player].choose(game))
    practice = Review(game, 0).practice_from(moment, seed=77)
    while not practice.is_over and len(practice.history) < moves:
        practice.apply(bots[practice.current_player].choose(practice))
    return game, practice


@pytest.mark.parametrize("name", list(SHORT))
def test_a_practice_game_saves_and_loads_as_the_same_practice_game(name):
    real, practice = practice_game(name)
    text = practice.dumps()
    loaded = loads(text)
    assert is_practice_start(loaded) and type(loaded).practice_base is type(real)
    assert loaded.history == practice.history and loaded.fingerprint() == practice.fingerprint()
    for seat in range(real.settings.players):
        assert loaded.view(seat) == practice.view(seat)
        assert loaded.told_to(seat) == practice.told_to(seat)
    assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in practice.legal_actions()]
    loaded.undo(len(loaded.history))  # back to the practice start and no further
    practice.undo(len(practice.history))
    assert loaded.fingerprint() == practice.fingerprint() and loaded.history == []
    assert loads(loaded.dumps()).fingerprint() == loaded.fingerprint()
    # the file holds no secret of the real game that seat 0 was not shown
    start = json.loads(text)["start"]
    assert start["reader"] == 0
    for entry in start["log"]:
        secret, seen = entry["tuple"][4:6] if len(entry["tuple"]) > 4 else (None, None)
        assert secret is None or 0 in seen["tuple"]


def test_a_save_of_a_game_that_starts_at_a_deal_is_as_before():
    game = game_type("lost-cities")(seed=3, rounds=1)
    game.apply(game.legal_actions()[1])
    data = game.save()
    assert data["version"] == 2 and "start" not in data
    assert loads(json.dumps(data)).fingerprint() == game.fingerprint()
    data["start"] = {"reader": 0, "state": {}, "log": []}  # a start needs format version 3
    with pytest.raises(SaveFileError, match="has no"):
        loads(json.dumps(data))


def component(item):
    return isinstance(item, dict) and set(item) == {"component"}


def lost_cities_tamper(state, how):
    hands, deck = state["hands"], state["deck"]
    if how == "a card twice":
        hands[0][0] = next(card for card in deck if card != hands[0][0])
    elif how == "a card missing":
        del deck[0]
    else:  # a hand of 7 cards, the eighth put on the draw pile
        deck.append(hands[0].pop())


def samoa_tamper(state, how):
    supply = state["supply"]["dict"]
    tiles = next(tiles for _, tiles in supply if len(tiles) >= 3)
    if how == "a card twice":
        state["hands"][0][0] = state["hands"][0][1]  # a price card twice, another gone
    elif how == "a card missing":
        tiles.pop()  # a tourist tile gone
    else:  # three tourists in one room (SA-7)
        room = state["hotels"][0]["fields"]["rooms"][0]
        room[:] = [tiles.pop(), tiles.pop(), tiles.pop()]


def overbooking_tamper(state, how):
    hands, decks = state["hands"], state["decks"]
    if how == "a card twice":
        hands[0][0] = decks[0][0]
    elif how == "a card missing":
        del decks[0][0]
    else:  # one point token too many
        state["tokens_left"] += 1


TAMPER = {"lost-cities": lost_cities_tamper, "samoa": samoa_tamper, "overbooking": overbooking_tamper}


@pytest.mark.parametrize("how", ["a card twice", "a card missing", "a wrong count"])
@pytest.mark.parametrize("name", list(SHORT))
def test_a_tampered_start_gets_the_save_error(name, how):
    _, practice = practice_game(name, moves=0)
    data = json.loads(practice.dumps())
    TAMPER[name](data["start"]["state"], how)
    with pytest.raises(SaveFileError, match="the saved start breaks the game.s own invariants") as caught:
        loads(json.dumps(data))
    assert caught.value.__cause__ is None, caught.value  # one of the loader's own checks


@pytest.mark.parametrize(
    "start",
    [
        None,
        [],
        {"reader": 0, "state": {}},
        {"reader": 9, "state": {}, "log": []},
        {"reader": True, "state": {}, "log": []},
    ],
)
def test_a_malformed_start_gets_the_save_error(start):
    _, practice = practice_game("lost-cities", moves=0)
    data = json.loads(practice.dumps())
    data["start"] = start
    with pytest.raises(SaveFileError):
        loads(json.dumps(data))


@pytest.mark.parametrize(
    "field, value",
    [
        ("hands", [[{"component": [0, 99, "Q9"]}]]),  # a card this game has not got
        ("hands", [[{"object": "Hotel", "fields": {}}]]),  # a class of another game
        ("hands", [[{"object": "Card", "fields": {}}]]),  # a component made rather than found
        ("chance", {"chance": [1, 2, 3]}),  # a generator state that is not its seed's
        ("deck", {"set": [[1]]}),  # an unhashable member
        ("legal_actions", []),  # a method's name
        ("hands", {"eval": "print"}),
    ],
)
def test_a_start_holds_only_what_a_game_state_holds(field, value):
    _, practice = practice_game("lost-cities", moves=0)
    data = json.loads(practice.dumps())
    data["start"]["state"][field] = value
    with pytest.raises(SaveFileError) as caught:
        loads(json.dumps(data))
    assert caught.value.__cause__ is None


def test_a_loaded_partner_practice_game_after_the_passes_is_playable_by_every_seats_bot():
    """The loaded log keeps only what its reader saw: the other team's passes hold no cards, and a
    bot that redeals hidden cards (ISMCTS, through determinize) must read them as unknown cards."""
    from kit.bots.ismcts import ISMCTSBot
    from kit.core import Chance
    from kit.lostcities import LostCities

    game = LostCities(seed=4, players=4, rounds=1)
    bots = [LostCities.heuristic_bot() for _ in range(4)]
    while len(game.history) < 8:  # every seat passes two cards to its partner (LC-7) on its turn
        passes = [a for a in game.legal_actions() if str(a).startswith("pass ")]
        game.apply(passes[0] if passes else bots[game.current_player].choose(game))
    while len(game.history) < 12:
        game.apply(bots[game.current_player].choose(game))
    loaded = loads(Review(game, 0).practice_from(10, seed=77).dumps())
    assert any(entry[1] == "pass" and entry[4] is None for entry in loaded.log), "a pass the reader did not see"
    for seat in range(4):
        loaded.known_in_hands(seat)
        copy = loaded.determinize(seat, Chance(seat))
        assert copy.view(seat) == loaded.view(seat)
    ISMCTSBot(iterations=8, seed=1).choose(loaded)
