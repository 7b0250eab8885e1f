"""The notebooks' analyses (Samoa 9, Overbooking 9) and the shipped datasets they read."""

from __future__ import annotations

import shlex

import polars as pl
import pytest

from kit.sim import simulate
from kit.sim.analyses.overbooking import booking_odds, queue_trend, rule_labels
from kit.sim.analyses.samoa import MEASURES, money_trend, price_cards, price_summary
from kit.sim.cli import parser
from kit.sim.datasets import reference


@pytest.fixture(scope="module")
def samoa_plays():
    return simulate("samoa", games=8, seed=2, players=[3, 5], record="decisions", progress=False)


def test_price_summary_has_every_measure_with_n_and_an_interval(samoa_plays):
    summary = price_summary(samoa_plays)
    assert set(summary["measure"]) == set(MEASURES.values()) and set(summary["bot"]) == {"heuristic", "random"}
    assert (summary["n"] > 0).all()
    inside = summary.filter(pl.col("n") > 1)
    assert ((inside["low"] <= inside["mean"] + 1e-12) & (inside["mean"] <= inside["high"] + 1e-12)).all()
    plays = samoa_plays.filter(~pl.col("grey") & (pl.col("bot") == "random") & (pl.col("price") == 5))
    money = pl.col("measure") == MEASURES["earned"]
    row = summary.filter((pl.col("bot") == "random") & (pl.col("price") == 5) & money)
    assert row["n"][0] == plays.height and row["mean"][0] == pytest.approx(plays["earned"].mean())
    answer, why = money_trend(summary)
    assert answer in ("it keeps rising", "it rises, then levels off and falls", "it falls from the start")
    assert "n = " in why and "95% CI" in why


def test_assumed_price_cards_are_starred_as_the_component_file_says():
    cards = price_cards()
    assert cards.filter(pl.col("assumed"))["label"].to_list() == ["4*", "7*", "10*", "11*", "12*"]
    assert cards.filter(~pl.col("assumed"))["label"].to_list() == ["3", "5", "6", "8", "9"]
    labels = dict(rule_labels().select("rule", "label").iter_rows())
    assert labels["none"] == "none" and labels["first:monk"] == "first:monk" and labels["face_up"] == "face_up*"


def test_booking_odds_split_by_bot_and_pooled():
    frame = simulate("overbooking", games=6, seed=2, record="decisions", progress=False)
    odds = booking_odds(frame, ["bot", "ahead_group"], pooled=True)
    assert set(odds["bot"]) == {"heuristic", "random", "both, pooled"}
    queued = frame.filter(pl.col("where") == "queue")
    pooled = odds.filter(pl.col("bot") == "both, pooled")
    assert pooled["n"].sum() == queued.height and pooled["successes"].sum() == queued["booked"].sum()
    trend, why = queue_trend(odds, bot="heuristic")
    assert trend in ("higher", "lower", "about the same") and why.startswith("heuristic bot:")


@pytest.mark.parametrize("name", ["samoa-price-cards", "overbooking-placements", "lost-cities-rounds"])
def test_the_shipped_datasets_are_what_their_commands_make(name):
    """Game i depends on (seed, i) alone, so the first games of the recorded command, run now, must
    give the dataset's first rows: if an engine or bot changed, regenerate with the command."""
    frame, info = reference(name)
    args = parser().parse_args(shlex.split(info["command"])[3:])
    players = args.players  # --players reads as a list of numbers
    settings = dict(setting.split("=") for setting in args.set)
    first = simulate(args.game, games=3, seed=args.seed, players=players, bots=args.bots.split(","),
                     record=args.record, progress=False, **{k: int(v) for k, v in settings.items()})  # fmt: skip
    assert frame.filter(pl.col("game") < 3).equals(first)
    assert frame["game"].n_unique() == args.games
