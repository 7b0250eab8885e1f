"""The boards' numbers and words come from the engine and its component files, in the view the page
receives: edit a copy of a component file, open the board on it, and the labels follow. The
JavaScript holds no component data and no rules (the last tests read it)."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest

from kit.core import Chance
from kit.core.data import dataset_dir
from kit.overbooking import Overbooking
from kit.overbooking.components import rule_words
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.overbooking.stage2 import stage_2_picture
from widgets.samoa import SamoaBoard

from .page import Page

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
BOARD_SCRIPTS = sorted(WIDGETS.glob("*/board.js")) + [WIDGETS / "common.js"]


def edited_copy(tmp_path: Path, game: str, file: str, edit) -> Path:
    """A copy of a game's component folder with one CSV file's rows changed by `edit(rows)`."""
    folder = tmp_path / game
    shutil.copytree(dataset_dir(game), folder)
    path = folder / file
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    fields = list(rows[0])
    edit(rows)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return folder


def swap_beds(tmp_path: Path, first: str = "monk", second: str = "worker") -> Path:
    def edit(rows):
        by_type = {row["type"]: row for row in rows}
        by_type[first]["beds"], by_type[second]["beds"] = by_type[second]["beds"], by_type[first]["beds"]

    return edited_copy(tmp_path, "overbooking", "guests.csv", edit)


def page_view(board) -> dict:
    """The view as the page holds it: built from the messages it was sent."""
    return Page(board).model()["view"]


def test_the_overbooking_labels_follow_the_beds_of_the_component_files(tmp_path):
    edited = OverbookingBoard(players=2, seed=3, components=str(swap_beds(tmp_path)))
    usual = OverbookingBoard(players=2, seed=3)
    for board, monk, worker in ((edited, 6, 1), (usual, 1, 6)):
        view = page_view(board)
        faces = view["card_faces"]
        assert {faces[f"{crest}-monk"]["beds"] for crest in board.game.components.crests} == {monk}
        assert {faces[f"{crest}-worker"]["beds"] for crest in board.game.components.crests} == {worker}
        assert faces["fish-monk"]["size"] == ("large" if monk > 3 else "small")
        # every card of the hand is labelled with the beds the engine plays it with
        assert [faces[key]["beds"] for key in view["hand"]] == [card.beds for card in board.game.hands[0]]
        assert view["size_beds"] == {"small": "1-3", "large": "4-6"}
        assert [hotel["rule_words"] for hotel in view["hotels"]] == [rule_words(h.rule) for h in board.game.hotels]


def test_the_stage_2_picture_labels_follow_the_beds_of_the_component_files(tmp_path):
    scenario = {"hotels": [{"beds": 13, "rule": "none", "queue": [["red", "fish-monk"]]}], "check": True}
    shown = {}
    for folder in (None, str(swap_beds(tmp_path))):
        game = Overbooking(players=2, seed=1, scenario=scenario, components=folder)
        svg = stage_2_picture(game, hotel=1)._repr_svg_()
        # one row per step, the monk in each
        shown[folder is None] = set(re.findall(r"<title>red fish monk</title>\s*<rect[^>]*/>\s*<text[^>]*>(\d+)<", svg))
    assert shown == {True: {"1"}, False: {"6"}}


def test_the_advanced_score_cards_note_comes_from_its_component_file(tmp_path):
    def edit(rows):
        for row in rows:
            if row["side"] == "advanced" and row["guests"] == "0":
                row["points"] = "-3"

    folder = edited_copy(tmp_path, "overbooking", "score_cards.csv", edit)
    assert "−2 for each family" in page_view(OverbookingBoard(players=2, seed=1, score_card="advanced"))["score_note"]
    note = page_view(OverbookingBoard(players=2, seed=1, score_card="advanced", components=str(folder)))["score_note"]
    assert "−3 for each family" in note and "starts at −12 (OB-8)" in note
    assert page_view(OverbookingBoard(players=2, seed=1, score_card="beginner"))["score_note"] == ""


def test_the_card_a_player_may_keep_is_named_from_the_rules_file(tmp_path):
    def edit(rows):
        for row in rows:
            if row["name"] == "cards_per_round":
                row["value"] = "4"

    folder = edited_copy(tmp_path, "overbooking", "rules.csv", edit)
    assert page_view(OverbookingBoard(players=2, seed=1))["hold_words"] == "Keep my fifth card (hold)"
    edited = OverbookingBoard(players=2, seed=1, components=str(folder))
    assert page_view(edited)["hold_words"] == "Keep my fourth card (hold)"


def test_the_board_words_tell_nothing_about_the_deal_or_the_hidden_cards():
    """The words and faces the board adds are the same whatever the deal, the seat or the hidden
    cards: they carry nothing a seat may not see (a face-down card still names only its owner,
    crest and size)."""
    added = {}
    for seed in (1, 2):
        board = OverbookingBoard(players=3, seed=seed)
        board.act(board.view["legal_actions"][0])
        view = page_view(board)
        added[seed] = {key: view[key] for key in ("card_faces", "size_beds", "score_note")}
        for hotel in view["hotels"]:
            for slot in hotel["queue"] + hotel["back"]:
                if slot["owner"] != 0 and not slot["face_up"]:
                    assert set(slot) == {"owner", "colour", "crest", "size", "face_up"}
        before = page_view(board)
        board.game = board.game.determinize(0, Chance(seed))  # redeal what seat 0 cannot see
        board._refresh()
        assert page_view(board) == before
    assert added[1] == added[2]


def test_which_samoa_rooms_pay_double_comes_from_the_engines_hotel(tmp_path):
    """SA-8.3: a celebrity's neighbours follow the hotel's shape in the component files."""
    def tall(rows):
        values = {row["name"]: row for row in rows}
        values["hotel_rows"]["value"], values["hotel_columns"]["value"] = "3", "2"

    scenario = {"hotels": {0: {"rooms": {1: ["J celebrity"]}, "suites": [6]}}}
    usual = page_view(SamoaBoard(players=4, seed=5, scenario=scenario))["hotels"][0]
    folder = edited_copy(tmp_path, "samoa", "rules.csv", tall)
    edited = page_view(SamoaBoard(players=4, seed=5, scenario=scenario, components=str(folder)))["hotels"][0]
    celebrity, suite = ["next to a celebrity (SA-8.3)"], ["suite (SA-9.2)"]
    # 2 rows x 3 columns: room 1's neighbours are rooms 2 and 4; 3 x 2: rooms 2 and 3
    assert usual["doubles"] == [[], celebrity, [], celebrity, [], suite]
    assert edited["doubles"] == [[], celebrity, celebrity, [], [], suite]


def test_the_samoa_faces_and_legend_come_from_the_component_files():
    view = page_view(SamoaBoard(players=4, seed=5))
    assert view["tourist_faces"]["J bather 3"] == {
        "nationality": "J",
        "kind": "bather",
        "icon": "≈3",
        "name": "Japan bather with swim ring 3",
    }
    assert view["price_faces"]["14/8"]["name"] == "bid 14, room price 8" and view["price_faces"]["grey"]["grey"]
    assert view["tile_names"]["extra_room"] == "extra room"
    assert any("rich: pays double (SA-8.1)" in words for words in view["kind_words"])


def test_the_lost_cities_numbers_come_from_the_rules_and_the_deck():
    two = page_view(LostCitiesBoard(seed=1))
    four = page_view(LostCitiesBoard(seed=1, players=4))
    assert two["investment_words"] == "investment card (×2, ×3, ×4)" and two["passing"] is None
    assert four["passing"]["cards"] == 2 and "below 6" in four["passing"]["title"]


# ------------------------------------------------------------------ the JavaScript holds none
#: patterns of component data and rules that once lived in the boards' JavaScript
FORBIDDEN = {
    "a table of guest types' beds": r"\b(monk|merchant|maid|noble|soldier|worker)\s*:\s*\d",
    "a guest type's name": r"\b(monk|merchant|maid|noble|soldier|worker)\b",
    "the crests' names": r"\b(bird|fish|rose|tower)\s*:",
    "the bed ranges of the sizes": r"[\"'`(]\s*[1-6]\s*-\s*[1-6]\b",
    "a hotel rule's words": r"may queue|book first|in the queue`|two_crests|small_only|large_only|queue_5",
    "a size worked out from beds": r"beds\s*[<>]=?\s*[2-6]|>\s*3\s*\?",
    "the celebrity adjacency (SA-8.3)": r"celebrity|neighbours|room\s*[-+]\s*cols?\b|columns\s*-\s*1",
    "the suite rule (SA-9.2)": r"suites\.includes\([^)]*\)\)\s*reasons",
    "the tourists' rules in words": r"rich: pays|next to it pays|share a room|per pool",
    "the investment multipliers (LC-5)": r"×2, ×3",
    "a seat's side worked out by parity": r"%\s*2",
    "the partner variant by player count": r"players\s*===?\s*4",
    "a count of the rules.csv in words": r"\bfifth\b",
}


@pytest.mark.parametrize("script", BOARD_SCRIPTS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_board_script_holds_component_data_or_rules(script):
    source = script.read_text(encoding="utf-8")
    # comments may name what the view brings
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))
    found = {what: re.findall(pattern, code) for what, pattern in FORBIDDEN.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}


def test_the_script_check_finds_what_it_looks_for():
    """The patterns above catch the old tables (a check that finds nothing proves nothing)."""
    old = [
        'const BEDS = { monk: 1, merchant: 2, maid: 3, noble: 4, soldier: 5, worker: 6 };',
        'size: BEDS[kind] > 3 ? "large" : "small"',
        '`${slot.size === "small" ? "1-3" : "4-6"} beds`',
        'small_only: "only small cards (1-3) may queue",',
        'if (neighbours(hotel, room).some((n) => hotel.rooms[n].some((t) => t.includes("celebrity")))) {',
        'if (r < rows - 1) out.push(room + cols);',
        'node.title = `${info.name} investment card (×2, ×3, ×4)`;',
        "return seat % 2;",
        'rich: "$$ rich: pays double (SA-8.1)",',
        ".slice(view.players === 4 ? -2 : -1)",
    ]
    for line in old:
        assert any(re.search(pattern, line) for pattern in FORBIDDEN.values()), line
