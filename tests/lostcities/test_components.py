"""Component files: the shipped ones load; a user's own folder works; malformed files are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.core import ComponentError
from kit.core.data import dataset_dir
from kit.lostcities import LostCities, load_components
from tests.support import assert_file_refused, copy_dataset, edit

SHIPPED = dataset_dir("lostcities")


@pytest.fixture
def folder(tmp_path) -> Path:
    return copy_dataset(tmp_path, "lostcities")


def test_every_value_is_marked_with_its_source():
    for name in ("cards.csv", "expeditions.csv"):
        lines = (SHIPPED / name).read_text(encoding="utf-8").splitlines()
        assert "source" in lines[0].split(",")
        assert all(line.split(",")[lines[0].split(",").index("source")] == "rulebook" for line in lines[1:])


def test_a_users_own_folder_is_used(folder):
    edit(folder / "expeditions.csv", "Neptune's depths", "Atlantis")
    game = LostCities(seed=1, components=str(folder))
    assert game.components.expeditions[4].name == "Atlantis"
    game.apply("discard " + game.view(0)["hand"][-1])
    assert game.view(0)["legend"][4]["name"] == "Atlantis"


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        ("cards.csv", "expedition,kind,value", "expedition,sort,value", "cards.csv, line 1: missing column(s) kind"),
        ("cards.csv", "H,number,5,1,base,rulebook", "H,number,5,1,base,guessed", "line 6: source 'guessed'"),
        ("cards.csv", "H,number,5,1,base,rulebook", "H,joker,5,1,base,rulebook", "line 6: unknown kind 'joker'"),
        (
            "cards.csv",
            "H,number,5,1,base,rulebook",
            "H,number,five,1,base,rulebook",
            "line 6: value must be a whole number",
        ),
        (
            "cards.csv",
            "H,number,5,1,base,rulebook",
            "H,number,11,1,base,rulebook",
            "line 6: number cards run from 2 to 10",
        ),
        ("cards.csv", "H,number,5,1,base,rulebook", "Q,number,5,1,base,rulebook", "line 6: unknown expedition 'Q'"),
        ("cards.csv", "H,number,5,1,base,rulebook", "H,number,5,2,base,rulebook", "line 6: copies must be 1, not 2"),
        ("cards.csv", "H,number,5,1,base,rulebook", "H,number,5,1,base", "line 6: expected 6 fields"),
        ("expeditions.csv", "4,N,Neptune", "5,N,Neptune", "line 6: expeditions must be listed in order"),
        ("expeditions.csv", "0,H,", "0,h,", "line 2: key must be one capital letter"),
    ],
)
def test_malformed_files_are_refused_naming_file_and_line(folder, file, old, new, message):
    assert_file_refused(load_components, folder, file, old, new, message)


def test_a_missing_file_is_refused(folder):
    (folder / "cards.csv").unlink()
    with pytest.raises(ComponentError, match="cards.csv: cannot open"):
        load_components(folder)
