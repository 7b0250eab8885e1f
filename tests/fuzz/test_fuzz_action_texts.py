"""Fuzz: action texts. Each text is either a legal action (and is applied) or refused with
IllegalAction naming the game's rule, leaving the save text and the open view exactly as they were."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.core import IllegalAction

from .common import FUZZ, GAMES, RULE_PREFIX, legal_texts, positions, state, state_before

ODD_WORDS = [
    "",
    " ",
    "deck",
    "DECK",
    "in",
    "at",
    "grey",
    "0",
    "-1",
    "1",
    "99",
    "1_0",
    "٣",
    "²",
    "1e9",
    "9" * 30,
    "9" * 5000,
    "nan",
    "inf",
    "x",
    "×",
    "1.1",
    "1.2.3",
    ".",
    "\x00",
    "\u200b",
    "queue",
    "back",
    "Queue",
    "draw",
    "play",
    "pass",
    "target",
    "buy",
    "suite",
    "place",
    "send-home",
    "take-back",
]


@st.composite
def texts(draw, name: str):
    game = draw(st.sampled_from(positions(name)))
    legal = legal_texts(game) or ["done"]
    base = draw(st.sampled_from(legal))
    words = base.split()
    how = draw(st.sampled_from(["legal", "word", "drop", "add", "case", "space", "random", "join"]))
    if how == "word" and words:
        words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(ODD_WORDS) | st.text(max_size=6))
    elif how == "drop" and words:
        del words[draw(st.integers(0, len(words) - 1))]
    elif how == "add":
        words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(ODD_WORDS) | st.text(max_size=6)))
    elif how == "case":
        words = [w.upper() if draw(st.booleans()) else w for w in words]
    elif how == "space":
        return game, draw(st.sampled_from(["\t", "  ", "\n", "\u00a0"])).join(words)
    elif how == "random":
        return game, draw(st.text(max_size=40))
    elif how == "join":
        return game, "".join(words)
    return game, " ".join(words)


def check_text(game, text: str, name: str) -> None:
    before = state_before(game)
    legal = set(legal_texts(game))
    game = game.clone()
    try:
        game.apply(text)
    except IllegalAction as error:
        assert re.fullmatch(rf"{RULE_PREFIX[name]}[0-9.]+", error.rule), error.rule
        assert str(error).startswith(f"{error.rule}: ")
        assert state(game) == before, f"{text!r} was refused but changed the game"
        return
    assert str(game.history[-1]) in legal, f"{text!r} was applied but was not a legal action"
    game.check_invariants()


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_action_texts(name):
    @FUZZ
    @given(texts(name))
    def run(example):
        check_text(*example, name)

    run()
