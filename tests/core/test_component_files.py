"""Component files as they arrive from spreadsheets and from mischief (issue 9 points 9 and 10, issue 15
point 9): each fault is refused with `ComponentError` naming the file and line and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.core import ComponentError
from kit.lostcities import LostCities
from kit.lostcities import load_components as lost_cities
from kit.overbooking import load_components as overbooking
from kit.samoa import load_components as samoa
from tests.support import assert_file_refused, copy_dataset, edit

LOADERS = {"lostcities": lost_cities, "samoa": samoa, "overbooking": overbooking}


def refused(game: str, tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    assert_file_refused(LOADERS[game], copy_dataset(tmp_path, game), file, old, new, message)


# ------------------------------------------------------------------ point 9: text and sizes
@pytest.mark.parametrize(
    "game, file", [("lostcities", "cards.csv"), ("samoa", "rules.csv"), ("overbooking", "hotels.csv")]
)
def test_a_spreadsheets_csv_utf8_with_a_byte_order_mark_is_accepted(tmp_path, game, file):
    folder = copy_dataset(tmp_path, game)
    path = folder / file
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert LOADERS[game](folder) is not None


def test_a_file_that_is_not_utf8_is_refused_with_its_line(tmp_path):
    folder = copy_dataset(tmp_path, "lostcities")
    path = folder / "expeditions.csv"
    path.write_bytes(path.read_bytes().replace(b"Neptune", b"Nept\xfcne"))  # Latin-1, as an old spreadsheet saves
    with pytest.raises(ComponentError, match=r"expeditions.csv, line 6: not UTF-8"):
        lost_cities(folder)


def test_a_giant_field_is_refused_with_file_and_line(tmp_path):
    folder = copy_dataset(tmp_path, "samoa")
    edit(folder / "nationalities.csv", "Japan", "J" * 131_072)
    with pytest.raises(ComponentError, match=r"nationalities.csv, line 2: a field of 131,072 characters"):
        samoa(folder)
    edit(folder / "nationalities.csv", "J" * 131_072, '"J' + "x" * 200_000)  # an unclosed quote swallows the file
    with pytest.raises(ComponentError, match=r"nationalities.csv, line \d+"):
        samoa(folder)


@pytest.mark.parametrize(
    "game, file, old, new, message",
    [
        ("lostcities", "cards.csv", "H,investment,0,3", "H,investment,0,1000000000", "line 2: copies must be 1 to 3"),
        ("samoa", "building_tiles.csv", "pool,6", "pool,1000000000", "line 4: count must be 1 to 19"),
        ("samoa", "tourist_tiles.csv", "plain,0,7", "plain,0,1000000000", "line 2: per_nationality must be 1 to 18"),
        ("overbooking", "hotels.csv", "1,A,13", "1,A,1000000000", "line 2: beds must be 1 to 99"),
        ("samoa", "building_tiles.csv", "pool,6", "pool,1_0", "line 4: count must be a whole number"),
    ],
)
def test_absurd_counts_are_refused_not_allocated(tmp_path, game, file, old, new, message):
    refused(game, tmp_path, file, old, new, message)


# ------------------------------------------------------------------- point 10: the values
@pytest.mark.parametrize(
    "game, file, old, new, message",
    [
        # colours that pictures and boards insert as they are
        ("lostcities", "expeditions.csv", "#", "red' onload='x", "line 2: colour must be a colour written #rrggbb"),
        ("samoa", "nationalities.csv", "#d7263d", "#d7263", "line 2: colour must be a colour written #rrggbb"),
        ("overbooking", "colours.csv", "#c62828", "red", "line 2: display must be a colour written #rrggbb"),
        # the Lost Cities deck: two H3 and no H2
        (
            "lostcities",
            "cards.csv",
            "H,number,2,1,base",
            "H,number,3,1,base",
            "line 4: the base deck's card 'H3' is given twice",
        ),
        ("lostcities", "cards.csv", "H,number,2,1,base,rulebook\n", "", "the base deck's Himalaya cards are x x x 3 4"),
        # duplicate keys: the last one would silently win
        ("overbooking", "colours.csv", "blue,", "red,", "line 3: colour 'red' is given twice"),
        ("overbooking", "crests.csv", "fish,", "bird,", "line 3: crest 'bird' is given twice"),
        ("overbooking", "rules.csv", "hand_size,9", "rounds,9", "line 3: name 'rounds' is given twice"),
        ("samoa", "rules.csv", "start_money,25", "rounds,25", "line 4: name 'rounds' is given twice"),
        ("samoa", "nationalities.csv", "N,Norway", "J,Norway", "line 3: nationality 'J' is given twice"),
        ("lostcities", "expeditions.csv", "1,B,", "1,H,", "line 3: key 'H' is given twice"),
        ("overbooking", "hotels.csv", "1,B,8", "1,A,8", "line 3: side A of tile 1 is given twice"),
        # non-positive sizes, prices, bids, beds, coins, hand sizes, rounds
        ("samoa", "price_cards.csv", "2,3,no", "-2,3,no", "line 2: bid must be 1 to 999, not -2"),
        ("samoa", "price_cards.csv", "2,3,no", "2,0,no", "line 2: price must be 1 to 999, not 0"),
        ("samoa", "rules.csv", "hotel_rows,2", "hotel_rows,0", "line 7: hotel_rows must be 1 to 4, not 0"),
        ("samoa", "rules.csv", "start_money,25", "start_money,-25", "line 4: start_money must be 0 to 999, not -25"),
        ("samoa", "tourist_cards.csv", "1,3,3+2", "1,3,3+0", "line 2: groups must read like 4+3"),
        ("overbooking", "hotels.csv", "1,A,13", "1,A,-13", "line 2: beds must be 1 to 99, not -13"),
        ("overbooking", "coins.csv", "monk,4,", "monk,0,", "line 2: bird must be 1 to 99, not 0"),
        ("overbooking", "rules.csv", "hand_size,9", "hand_size,0", "line 3: hand_size must be 1 to 24, not 0"),
        ("overbooking", "rules.csv", "rounds,4", "rounds,0", "line 2: rounds must be 1 to 99, not 0"),
        ("overbooking", "guests.csv", "monk,1,", "monk,0,", "line 2: beds must be 1 to 6, not 0"),
    ],
)
def test_bad_values_are_refused_with_file_line_and_what_is_allowed(tmp_path, game, file, old, new, message):
    refused(game, tmp_path, file, old, new, message)


def test_errors_about_a_whole_file_name_the_file_not_only_the_folder(tmp_path):
    refused("overbooking", tmp_path / "a", "crests.csv", "tower,assumed\n", "", "crests.csv: OB-1 has 4 crests")
    refused(
        "overbooking",
        tmp_path / "b",
        "colours.csv",
        "orange,",
        "Orange,",
        "colours.csv, line 5: a colour key is one lower-case word",
    )
    folder = copy_dataset(tmp_path / "c", "overbooking")
    edit(folder / "colours.csv", "orange,rulebook,#ef6c00,assumed\n", "")
    with pytest.raises(ComponentError, match=r"colours.csv: OB-1 has 4 player colours, the file lists 3"):
        overbooking(folder)


# --------------------------------------------------------- issue 15 point 9: *_source columns
@pytest.mark.parametrize(
    "game, file, old, new, message",
    [
        ("samoa", "nationalities.csv", "Japan,rulebook", "Japan,folklore", "line 2: flag_source 'folklore'"),
        ("samoa", "nationalities.csv", "#d7263d,assumed", "#d7263d,", "line 2: colour_source ''"),
        ("overbooking", "colours.csv", "#c62828,assumed", "#c62828,Assumed", "line 2: display_source 'Assumed'"),
        (
            "overbooking",
            "guests.csv",
            "queue,rulebook,rulebook",
            "queue,rulebook,blog",
            "line 2: ability_source 'blog'",
        ),
        ("lostcities", "cards.csv", "H,number,5,1,base,rulebook", "H,number,5,1,base,guessed", "line 6: source"),
    ],
)
def test_every_source_column_holds_rulebook_reviews_or_assumed(tmp_path, game, file, old, new, message):
    refused(game, tmp_path, file, old, new, message)


def test_a_header_naming_a_column_twice_is_refused(tmp_path):
    refused(
        "lostcities",
        tmp_path,
        "cards.csv",
        "copies,deck,source",
        "copies,deck,source,deck",
        "line 1: column(s) deck appear more than once",
    )


def test_the_shipped_folders_load_and_a_game_runs_from_a_bom_copy(tmp_path):
    folder = copy_dataset(tmp_path, "lostcities")
    for name in ("cards.csv", "expeditions.csv"):
        (folder / name).write_bytes(b"\xef\xbb\xbf" + (folder / name).read_bytes())
    game = LostCities(seed=3, components=str(folder))
    assert len(game.components.base_deck) == 60 and game.legal_actions()
