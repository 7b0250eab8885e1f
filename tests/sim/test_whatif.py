"""What-if knobs: edited components, named bot parameters, and vary() over one assumed value."""

from __future__ import annotations

import csv

import polars as pl
import pytest

from kit.overbooking.heuristic import HeuristicBot as OverbookingBot
from kit.samoa.heuristic import HeuristicBot as SamoaBot
from kit.sim import bot, component_hash, edited_copy, simulate, vary
from kit.sim.bots import parse_bot, parse_bots


def test_an_edited_copy_changes_one_cell_and_the_games_use_it():
    folder = edited_copy("samoa", {("price_cards.csv", 0, "price"): 1})  # the 2/3 card now asks 1 Tala
    with open(folder / "price_cards.csv", encoding="utf-8") as handle:
        first = next(csv.DictReader(handle))
    assert (first["bid"], first["price"]) == ("2", "1")
    assert component_hash("samoa", folder) != component_hash("samoa")
    assert edited_copy("samoa", {("price_cards.csv", 0, "price"): 1}) == folder  # same edit, same folder
    plays = simulate("samoa", games=2, record="decisions", components=folder, progress=False)
    assert "2/1" in set(plays["card"]) and "2/3" not in set(plays["card"])
    with pytest.raises(KeyError):
        edited_copy("samoa", {("prices.csv", 0, "price"): 1})
    with pytest.raises(KeyError):
        edited_copy("samoa", {("price_cards.csv", 0, "cost"): 1})
    with pytest.raises(IndexError):
        edited_copy("samoa", {("price_cards.csv", 99, "price"): 1})


def test_vary_a_component_value_plays_the_same_deals_for_each_value():
    options = dict(component=("hotels.csv", 0, "beds"), games=3, record="decisions", progress=False)
    frame = vary("overbooking", "hotel_1A_beds", [4, 20], **options)
    assert frame.columns[0] == "hotel_1A_beds" and set(frame["hotel_1A_beds"]) == {4, 20}
    small, large = (frame.filter(pl.col("hotel_1A_beds") == b) for b in (4, 20))
    assert set(small["seed"]) == set(large["seed"])  # the same seeds: a paired comparison
    sides = set(small.filter(pl.col("hotel_beds") == 4)["game"]) | set(large.filter(pl.col("hotel_beds") == 20)["game"])
    assert sides  # tile 1, side A appeared with its edited beds
    with pytest.raises(ValueError, match="already has a column"):
        vary("overbooking", "beds", [4], **options)


def test_named_heuristic_parameters_change_play_and_defaults_do_not():
    assert SamoaBot().__dict__ == SamoaBot(pressure=1.0, single_guest=2.0).__dict__
    assert OverbookingBot(small_beds=1).guess == {"small": 1, "large": 5}
    options = dict(games=3, record="decisions", players=3, progress=False)
    base = simulate("samoa", bots=["heuristic"], **options)
    same = simulate("samoa", bots=[bot("heuristic", pressure=1.0)], **options)
    assert same.drop("bot").equals(base.drop("bot")) and set(same["bot"]) == {"heuristic(pressure=1.0)"}
    greedy = simulate("samoa", bots=[bot("heuristic", pressure=3.0)], **options)
    assert greedy["price"].mean() > base["price"].mean()  # more pressure: dearer cards
    frame = vary("overbooking", "keep_value", [0.5, 100.0], bot="heuristic", games=2, players=2, progress=False)
    assert set(frame["keep_value"]) == {0.5, 100.0}
    with pytest.raises(ValueError, match="no 'heuristic' bot"):
        vary("overbooking", "keep_value", [1.0], bot="heuristic", bots=["random"], games=1)
    with pytest.raises(ValueError, match="either"):
        vary("samoa", "x", [1], games=1)


def test_bots_read_from_text():
    assert parse_bot("heuristic(start_threshold=18, invest_threshold=30)") == bot(
        "heuristic", start_threshold=18, invest_threshold=30
    )
    assert [b.label for b in parse_bots("heuristic(a=1, b='x'),random")] == ["heuristic(a=1, b='x')", "random"]
    for bad in ("heuristic(", "heuristic(1)", "Heuristic", "heuristic(a=open)"):
        with pytest.raises(ValueError):
            parse_bot(bad)


def test_progress_bars_show_when_asked_and_never_when_switched_off(capsys):
    simulate("lost-cities", games=3, rounds=1, progress=True)
    assert "lost-cities (games)" in capsys.readouterr().err
    simulate("lost-cities", games=3, rounds=1, progress=False)
    simulate("lost-cities", games=3, rounds=1)  # auto: a run under a second shows no bar
    assert capsys.readouterr().err == ""
