"""Fuzz: action objects built in Python with any field values. Each is either a legal action (applied
and recorded as the game's own action) or refused with IllegalAction naming the game's rule, leaving
the save text and the open view exactly as they were."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.core import IllegalAction
from kit.lostcities import actions as lc
from kit.lostcities.components import Card
from kit.overbooking import actions as ob
from kit.samoa import actions as sa

from .common import FUZZ, GAMES, RULE_PREFIX, legal_texts, positions, state, state_before

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(-(10**40), 10**40),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(["deck", "grey", "queue", "back", "Queue", "pool", "suite", "14/8", "fish-monk", "D7", "Dx"]),
    st.tuples(st.integers(-2, 9)),
    st.lists(st.text(max_size=4), max_size=3),
)
FOREIGN_CARDS = st.builds(Card, st.integers(-1, 6), st.integers(-1, 11), st.sampled_from(["D7", "H3", "Bx", "Q2", ""]))


def fields_of(name: str, game):
    """Field values that are plausible for this game (its own cards, texts, numbers) or odd."""
    if name == "lost-cities":
        cards = sorted(set(game.components.base_deck + game.components.partner_extra))
        own = st.sampled_from(cards)
        card = st.one_of(own, own, FOREIGN_CARDS, own.map(tuple), own.map(str), ODD)
        pile = st.one_of(st.none(), st.integers(-6, 6), ODD)
        letter = st.one_of(st.sampled_from(["deck"] + [e.key for e in game.components.expeditions]), ODD)
        pair = st.one_of(st.tuples(card, card), st.lists(card, max_size=3), st.tuples(card), ODD)
        return {
            lc.Play: st.tuples(card),
            lc.Discard: st.tuples(card),
            lc.Draw: st.tuples(pile, letter),
            lc.Pass: st.tuples(pair),
        }
    if name == "samoa":
        keys = [card.key for card in game.components.price_cards]
        text = st.one_of(st.sampled_from(keys + ["pool", "suite", "extra_room", "swap_card", "x"]), ODD)
        number = st.one_of(st.integers(-2, 30), ODD)
        return {
            sa.Choose: st.tuples(text),
            sa.TakeBack: st.tuples(st.one_of(st.lists(text, max_size=3).map(tuple), st.lists(text, max_size=3), ODD)),
            sa.Swap: st.tuples(text),
            sa.Keep: st.just(()),
            sa.Buy: st.tuples(text, st.one_of(st.none(), number)),
            sa.Pass: st.just(()),
            sa.SendHome: st.tuples(st.one_of(st.lists(number, max_size=3).map(tuple), ODD)),
            sa.Place: st.tuples(number, number, number),
            sa.Remove: st.tuples(number),
            sa.Done: st.just(()),
        }
    keys = sorted({card.key for deck in game.components.decks.values() for card in deck})
    return {
        ob.Place: st.tuples(
            st.one_of(st.sampled_from(keys), ODD),
            st.one_of(st.sampled_from(["queue", "back"]), ODD),
            st.one_of(st.integers(-1, 6), ODD),
        ),
        ob.Hold: st.just(()),
        ob.Target: st.tuples(st.one_of(st.integers(-1, 8), ODD)),
    }


@st.composite
def action_objects(draw, name: str):
    game = draw(st.sampled_from(positions(name)))
    legal = game.legal_actions()
    if legal and draw(st.integers(0, 4)) == 0:  # a legal action, or one with one field changed
        action = draw(st.sampled_from(legal))
        names = [f.name for f in dataclasses.fields(action)]
        if names and draw(st.booleans()):
            field = draw(st.sampled_from(names))
            action = dataclasses.replace(action, **{field: draw(ODD)})
        return game, action
    kind, args = draw(st.sampled_from(sorted(fields_of(name, game).items(), key=lambda item: item[0].__name__)))
    return game, kind(*draw(args))


def check_object(game, action, name: str) -> None:
    before = state_before(game)
    legal = set(legal_texts(game))
    game = game.clone()
    try:
        game.apply(action)
    except IllegalAction as error:
        assert re.fullmatch(rf"{RULE_PREFIX[name]}[0-9.]+", error.rule), error.rule
        assert state(game) == before, f"{action!r} was refused but changed the game"
        return
    recorded = game.history[-1]
    assert str(recorded) in legal, f"{action!r} was applied but was not a legal action"
    assert recorded == action and type(recorded) is type(action)
    assert game.parse_action(str(recorded)) == recorded
    game.check_invariants()


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_action_objects(name):
    @FUZZ
    @given(action_objects(name))
    def run(example):
        check_object(*example, name)

    run()
