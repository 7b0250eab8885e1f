"""The six-expedition edition on the board and in still pictures: six columns, named and coloured by
the component data, as the page receives them."""

from __future__ import annotations

import json
import re

from kit.core import Chance, random_playout
from kit.lostcities import LostCities
from widgets.lostcities import LostCitiesBoard, picture
from widgets.lostcities.picture import COLUMN, LEFT

from .page import Page


def test_the_page_receives_six_expeditions_with_their_names_and_colours():
    board = LostCitiesBoard(mode="bot", seed=5, edition="six")
    view = json.loads(json.dumps(board.get_state()["view"], default=str))
    legend = {entry["key"]: entry for entry in view["legend"]}
    assert list(legend) == ["H", "B", "D", "V", "N", "U"]
    assert legend["U"]["name"] == "Uncharted world" and legend["U"]["colour"] == "#8a4fb0"
    for side in view["expeditions"]:
        assert set(side) == set(legend)
    assert set(view["discard_tops"]) == set(view["unseen"]) == set(legend)
    assert all(len(scores) == 6 for scores in view["expedition_scores"])


def test_a_new_game_from_the_page_keeps_the_edition():
    board = LostCitiesBoard(mode="bot", seed=5, edition="six")
    Page(board).send({"kind": "new", "seed": 9})
    assert board.game.settings.edition == "six" and len(board.view["legend"]) == 6


def columns(svg: str) -> set[float]:
    """The x of every card or empty slot (a 44-wide rect) in the picture."""
    return {float(x) for x in re.findall(r"<rect x='([\d.]+)' y='[\d.]+' width='44' height='60'", svg)}


def test_the_still_picture_draws_six_columns_and_names_all_six():
    game = LostCities(edition="six", seed=3, rounds=1)
    random_playout(game, Chance(1), 80)
    svg = picture(game).svg
    width = int(re.search(r"width='(\d+)'", svg).group(1))
    expected = {LEFT + e * COLUMN + 8 for e in range(6)}
    assert expected <= columns(svg)
    deck_x = LEFT + 6 * COLUMN + 18
    assert f"<rect x='{deck_x}'" in svg and deck_x + 44 < width  # the draw pile, inside the picture
    assert "U Uncharted world" in svg and svg.count("Uncharted world") >= 2
    five = picture(LostCities(seed=3, rounds=1)).svg
    assert int(re.search(r"width='(\d+)'", five).group(1)) == width - COLUMN
    assert LEFT + 5 * COLUMN + 8 not in columns(five)


def test_the_analysis_on_six_expeditions_says_it_used_the_readable_engine_and_why():
    board = LostCitiesBoard(mode="bot", seed=5, edition="six")
    board.analysis_rollouts = {"kernel": 2, "readable": 2}  # a short analysis: the path is what counts
    Page(board).send({"kind": "analyse", "on": True})
    analysis = json.loads(json.dumps(board.get_state()["analysis"], default=str))
    assert analysis["engine"] == "readable" and analysis["n"] == 2 and analysis["rows"]
    note = "the fast engine plays 5 expeditions; this game has 6: the readable engine is used"
    assert analysis["engine_note"] == note


def test_the_ismcts_bot_plays_six_expeditions_on_the_readable_engine():
    """The kernel refuses six expeditions (its layout holds five), so the search's rollouts run on
    the readable engine: the bot is offered and moves."""
    board = LostCitiesBoard(mode="bot", seed=5, edition="six", bot="ismcts", first_player=1)
    assert board.bot == "ismcts"
    assert board.game.current_player == 0 and len(board.game.history) >= 2  # the bot played and drew
