"""Helpers shared by the games' tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import strategies as st

from kit.core import Chance, ComponentError, IllegalAction
from kit.core.data import dataset_dir


def assert_rejected(game, action, rule: str, text: str | None = None) -> str:
    """`action` raises IllegalAction naming `rule` (with `text` in its message) and changes nothing."""
    before = game.fingerprint()
    with pytest.raises(IllegalAction) as raised:
        game.apply(action)
    assert raised.value.rule == rule, str(raised.value)
    assert str(raised.value).startswith(f"{rule}: ")
    if text is not None:
        assert text in str(raised.value)
    assert game.fingerprint() == before
    return str(raised.value)


def assert_playout_changes_nothing(play_out, game, chance, *policies) -> None:
    """A kernel's `play_out(game, chance, *policies)` leaves the game and both generators as they
    were (it works on copies), and so gives the same outcome when called again."""
    before = game.fingerprint()
    game_state, chance_state = game.chance.state(), chance.state()
    first = play_out(game, chance, *policies)
    assert game.fingerprint() == before
    assert game.chance.state() == game_state and chance.state() == chance_state
    assert play_out(game, chance, *policies) == first


def copy_dataset(tmp_path: Path, game: str) -> Path:
    """A private copy of datasets/<game>/ to edit in a test."""
    copy = tmp_path / game
    shutil.copytree(dataset_dir(game), copy)
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def assert_file_refused(load, folder: Path, file: str, old: str, new: str, message: str) -> None:
    """After editing `file` of a dataset copy, `load(folder)` refuses it, naming the file and `message`."""
    edit(folder / file, old, new)
    with pytest.raises(ComponentError) as raised:
        load(folder)
    assert str(folder / file) in str(raised.value), str(raised.value)
    assert message in str(raised.value), str(raised.value)


def choices(max_picks: int, max_extra: int):
    """Hypothesis' own picks steer the first actions (and shrink well); a seeded random stretch of
    up to `max_extra` more actions then takes the game deep, where short pick lists would not reach."""
    return st.tuples(
        st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=max_picks),
        st.integers(min_value=0, max_value=2**32),
        st.integers(min_value=0, max_value=max_extra),
    )


def play(game, choice):
    """Advance `game` by a `choices()` draw, pausing (yielding) after every action."""
    picks, seed, extra = choice
    chance = Chance(seed)
    for step in range(len(picks) + extra):
        if game.is_over:
            return
        legal = game.legal_actions()
        pick = picks[step] if step < len(picks) else chance.below(len(legal))
        game.apply(legal[pick % len(legal)])
        yield
