"""Fuzz: malformed save files (structural edits, wrong types, huge and non-finite numbers, byte
flips, truncation), a practice game's saved start among them. Each either loads a complete game or
raises SaveFileError through one of the loader's own checks (not its safety net), and the game it
was saved from stays exactly as it was."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.core import Chance, SaveFileError, loads, random_playout
from kit.sim.review import practice_from

from .common import FUZZ, GAMES, new_game, state, state_before

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "deck", "grey", "/etc", ".", "lost-cities", "samoa", "overbooking", "sha256:00"]),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)
TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "9" * 5000, "[" * 3000, "{", "}", "\\ud800", "\x00", "ÿ"]


@cache
def saved(name: str) -> tuple:
    """(game, its save as parsed JSON) for a few games of each kind, at several depths."""
    out = []
    for variant in range(3):
        game = new_game(name, variant)
        random_playout(game, Chance(variant), [6, 20, 3][variant])
        out.append((game, json.loads(game.dumps())))
    # a practice game from a moment of the last one: its start is saved as data (format version 3)
    practice = practice_from(game, 0, seed=5)
    random_playout(practice, Chance(9), 4)
    out.append((practice, json.loads(practice.dumps())))
    return tuple(out)


def paths(value, prefix=()):
    """Every place in a parsed save (dict keys and list indexes), outermost first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


def at(value, path):
    for step in path:
        value = value[step]
    return value


@st.composite
def bad_saves(draw, name: str):
    game, data = draw(st.sampled_from(saved(name)))
    data = json.loads(json.dumps(data))  # a private copy to edit
    how = draw(st.sampled_from(["replace", "replace", "delete", "insert", "bytes", "truncate", "token", "scale"]))
    if how in ("replace", "delete", "insert", "scale"):
        places = [p for p in paths(data) if p]
        path = draw(st.sampled_from(places))
        parent, last = at(data, path[:-1]), path[-1]
        if how == "replace":
            parent[last] = draw(JSON_VALUES)
        elif how == "delete":
            del parent[last]
        elif how == "insert":
            target = at(data, path)
            if isinstance(target, list):
                target.insert(draw(st.integers(0, len(target))), draw(JSON_VALUES))
            elif isinstance(target, dict):
                target[draw(st.text(max_size=8))] = draw(JSON_VALUES)
            else:
                parent[last] = [target, draw(JSON_VALUES)]
        else:  # a number made huge, negative or fractional; a text doubled
            value = parent[last]
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                parent[last] = draw(JSON_VALUES)
            elif isinstance(value, str):
                parent[last] = value * draw(st.integers(0, 3))
            else:
                parent[last] = draw(st.sampled_from([-value, value * 10**30, value + 0.5, -1, 10**9, 2**64]))
        return game, json.dumps(data)
    text = json.dumps(data)
    if how == "bytes":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 3))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        return game, bytes(raw)
    if how == "truncate":
        return game, text[: draw(st.integers(0, len(text) - 1))]
    spot = draw(st.integers(0, len(text)))
    return game, text[:spot] + draw(st.sampled_from(TOKENS)) + text[spot:]


def check_save(game, text) -> None:
    before = state_before(game)
    try:
        loaded = loads(text)
    except SaveFileError as error:
        assert error.__cause__ is None, f"only the safety net caught it: {error}"
    else:  # an edit that still describes a real game (a key moved, an equal number rewritten)
        loaded.check_invariants()
        assert loads(loaded.dumps()).fingerprint() == loaded.fingerprint()
    assert state(game) == before


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_saves(name):
    @FUZZ
    @given(bad_saves(name))
    def run(example):
        check_save(*example)

    run()
