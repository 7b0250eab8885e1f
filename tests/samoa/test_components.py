"""Samoa's component files: sources marked, a user's own folder used, malformed files refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.core.data import dataset_dir
from kit.samoa import Samoa, load_components
from tests.support import assert_file_refused, copy_dataset, edit

SHIPPED = dataset_dir("samoa")


@pytest.fixture
def folder(tmp_path) -> Path:
    return copy_dataset(tmp_path, "samoa")


def test_every_value_says_where_it_comes_from():
    for path in SHIPPED.glob("*.csv"):
        header = path.read_text(encoding="utf-8").splitlines()[0].split(",")
        assert any(column == "source" or column.endswith("_source") for column in header), path.name
    prices = (SHIPPED / "price_cards.csv").read_text(encoding="utf-8")
    assert "12,9,no,rulebook" in prices and "20,12,no,assumed" in prices


def test_a_users_corrected_files_are_used(folder):
    edit(folder / "price_cards.csv", "20,12,no,assumed", "20,13,no,rulebook")
    game = Samoa(players=3, seed=1, components=str(folder))
    assert "20/13" in game.hands[0]


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        ("tourist_tiles.csv", "plain,0,7,assumed", "plain,0,8,assumed", "18 tourist tiles per nationality"),
        ("tourist_tiles.csv", "rich,0,3,assumed", "ghost,0,3,assumed", "line 3: unknown kind 'ghost'"),
        ("tourist_tiles.csv", "rich,0,3,assumed", "rich,2,3,assumed", "line 3: bathers, and only bathers"),
        ("building_tiles.csv", "pool,6,assumed", "pool,7,assumed", "19 building tiles"),
        ("building_tiles.csv", "suite,5,assumed", "castle,5,assumed", "line 3: unknown kind 'castle'"),
        ("tourist_cards.csv", "1,3,3+2,assumed", "1,3,3+x,assumed", "line 2: groups must read like 4+3"),
        ("tourist_cards.csv", "1,3,3+2,assumed", "1,7,3+2,assumed", "line 2: players must be 3 to 6"),
        ("price_cards.csv", "2,3,no,rulebook", "2,3,maybe,rulebook", "line 2: grey must be yes or no"),
        ("flags.csv", "nationality,corner", "nation,corner", "line 1: missing column(s) nationality"),
        ("flags.csv", "J,1,rulebook", "X,1,rulebook", "line 2: unknown nationality 'X'"),
        ("rules.csv", "hotel_rows,2,assumed", "hotel_rows,3,assumed", "hotel_rows x hotel_columns"),
    ],
)
def test_malformed_files_are_refused_naming_file_and_line(folder, file, old, new, message):
    assert_file_refused(load_components, folder, file, old, new, message)
