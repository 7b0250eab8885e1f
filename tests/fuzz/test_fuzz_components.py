"""Fuzz: component folders with one file damaged (every file, every column: values, rows, fields,
encodings, sizes). Each folder either loads, and then a game plays on it, or is refused with
ComponentError naming the damaged folder's file; a game on the shipped data stays exactly as it was."""

from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile
from functools import cache
from itertools import count
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.core import Chance, ComponentError, random_playout
from kit.core.data import dataset_dir
from kit.lostcities import LostCities
from kit.lostcities import components as lost_cities
from kit.overbooking import Overbooking
from kit.overbooking import components as overbooking
from kit.samoa import Samoa
from kit.samoa import components as samoa

from .common import FUZZ, GAMES, new_game, state, state_before

MODULES = {"lost-cities": lost_cities, "samoa": samoa, "overbooking": overbooking}
FOLDERS = {"lost-cities": "lostcities", "samoa": "samoa", "overbooking": "overbooking"}
TYPES = {
    "lost-cities": (LostCities, {"players": 4, "rounds": 1}),
    "samoa": (Samoa, {}),
    "overbooking": (Overbooking, {}),
}
FIELD_VALUES = [
    "", " ", "0", "-1", "1", "2", "3", "4", "6", "7", "10", "12", "99", "1000000000", "1" * 30, "1_0", "٣", "1e3",
    "nan", "#zzzzzz", "#ABCDEF", "#12345", "<script>alert(1)</script>", "red' onload='x", "yes", "no", "base",
    "partner", "number", "investment", "A", "B", "H", "J", "rulebook", "reviews", "assumed", "guessed", "first:monk",
    "no:x", "none", "queue_5", "4+3", "9+9", "0+3", "6 12", "13", "13 14", "bird", "monk", "red", "pool",
]  # fmt: skip


@cache
def rows(name: str, file: str) -> tuple[tuple[str, ...], ...]:
    text = (dataset_dir(FOLDERS[name]) / file).read_text(encoding="utf-8")
    return tuple(tuple(row) for row in csv.reader(io.StringIO(text)))


def as_csv(table) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(table)
    return out.getvalue().encode("utf-8")


@st.composite
def damaged_files(draw, name: str):
    file = draw(st.sampled_from(MODULES[name].FILES))
    table = [list(row) for row in rows(name, file)]
    how = draw(st.sampled_from(["field", "field", "field", "row", "structure", "bytes"]))
    if how == "field":
        r = draw(st.integers(0, len(table) - 1))
        c = draw(st.integers(0, len(table[r]) - 1))
        same_column = [row[c] for row in table[1:] if c < len(row)]
        table[r][c] = draw(st.sampled_from(FIELD_VALUES) | st.sampled_from(same_column) | st.text(max_size=10))
        return file, as_csv(table)
    if how == "row":
        r = draw(st.integers(1, len(table) - 1))
        what = draw(st.sampled_from(["drop", "double", "swap", "blank"]))
        if what == "drop":
            del table[r]
        elif what == "double":
            table.insert(r, list(table[r]))
        elif what == "swap":
            other = draw(st.integers(1, len(table) - 1))
            table[r], table[other] = table[other], table[r]
        else:
            table.insert(r, [])
        return file, as_csv(table)
    if how == "structure":
        r = draw(st.integers(0, len(table) - 1))
        what = draw(st.sampled_from(["add", "drop", "giant", "absurd"]))
        if what == "add":
            table[r].append(draw(st.sampled_from(FIELD_VALUES)))
        elif what == "drop" and table[r]:
            del table[r][draw(st.integers(0, len(table[r]) - 1))]
        elif what == "giant":
            table[r][draw(st.integers(0, len(table[r]) - 1))] = "9" * 131_072
        else:
            numeric = [c for c, v in enumerate(table[r]) if v.isdigit()] or [0]
            table[r][draw(st.sampled_from(numeric))] = "1000000000"
        return file, as_csv(table)
    raw = bytearray(as_csv(table))
    what = draw(st.sampled_from(["bom", "flip", "truncate", "latin1", "crlf", "quote"]))
    if what == "bom":
        return file, b"\xef\xbb\xbf" + bytes(raw)
    if what == "flip":
        raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
    elif what == "truncate":
        del raw[draw(st.integers(0, len(raw) - 1)) :]
    elif what == "latin1":
        raw[draw(st.integers(0, len(raw) - 1))] = draw(st.sampled_from([0xE9, 0xFC, 0xFF, 0x80]))
    elif what == "crlf":
        raw = bytearray(bytes(raw).replace(b"\n", b"\r\n"))
    else:
        raw.insert(draw(st.integers(0, len(raw))), ord('"'))
    return file, bytes(raw)


def check_folder(name: str, root: Path, number: int, file: str, content: bytes) -> None:
    module = MODULES[name]
    shipped = dataset_dir(FOLDERS[name])
    folder = root / str(number)
    folder.mkdir()
    try:
        for other in module.FILES:
            if other != file:
                os.link(shipped / other, folder / other)
        (folder / file).write_bytes(content)
        try:
            components = module.load_components(folder)
        except ComponentError as error:
            assert any(f"{folder / each}" in str(error) for each in module.FILES), str(error)
            return
        game_type, options = TYPES[name]  # data that loads must make a game that plays
        game = game_type(seed=number, components=str(folder), **options)
        assert game.components is components
        random_playout(game, Chance(number), 40)
        game.check_invariants()
    finally:
        shutil.rmtree(folder)


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_component_folders(name):
    reference = new_game(name, 0)
    random_playout(reference, Chance(1), 5)
    before = state_before(reference)
    numbers = count()
    with tempfile.TemporaryDirectory(prefix="tablekit-fuzz-") as root:

        @FUZZ
        @given(damaged_files(name))
        def run(example):
            check_folder(name, Path(root), next(numbers), *example)
            assert state(reference) == before

        run()
    assert MODULES[name].load_components().digest == reference.components.digest
