"""The notebooks' analyses (Samoa 9, Overbooking 9) and the shipped datasets they read."""

from __future__ import annotations

import json
import math
import re
import shlex
from pathlib import Path

import polars as pl
import pytest
from scipy import stats

from kit.sim import simulate
from kit.sim.analyses.overbooking import (
    booking_odds,
    pooled_reversal,
    queue_placements,
    queue_trend,
    queue_trends,
    rule_labels,
    trend_by_card,
)
from kit.sim.analyses.samoa import (
    MEASURES,
    money_differences,
    money_trend,
    price_cards,
    price_plays,
    price_summary,
    round_by_price,
)
from kit.sim.cli import parser
from kit.sim.datasets import reference
from kit.sim.stats import is_reversal

ROOT = Path(__file__).resolve().parents[2]


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
    answer, why = money_trend(samoa_plays)
    assert answer in ("it keeps rising", "it rises, then levels off and falls", "it falls from the start")
    assert "n = " in why and "95% CI" in why


@pytest.fixture(scope="module")
def stored_samoa():
    return reference("samoa-price-cards")[0]


def test_the_random_bots_peak_is_read_from_the_differences_not_the_highest_mean(stored_samoa):
    """The stored experiment's highest mean sits at one price, but its neighbours' differences to it
    have 95% intervals that hold 0: the reason must say which prices the data cannot tell apart, not
    name a peak. The Welch interval is recomputed here from the plays, by hand."""
    differences = money_differences(stored_samoa, bot="random")
    top = differences.filter(pl.col("difference") == 0).row(0, named=True)
    plays = price_plays(stored_samoa).filter(pl.col("bot") == "random")
    at_top = plays.filter(pl.col("price") == top["price"])["earned"]
    near = []
    for row in differences.filter(pl.col("price") != top["price"]).iter_rows(named=True):
        here = plays.filter(pl.col("price") == row["price"])["earned"]
        se2 = [x.var() / x.len() for x in (here, at_top)]
        df = sum(se2) ** 2 / sum(v**2 / (x.len() - 1) for v, x in zip(se2, (here, at_top)))
        half = stats.t.ppf(0.975, df) * math.sqrt(sum(se2))
        assert row["difference"] == pytest.approx(here.mean() - at_top.mean())
        assert (row["low"], row["high"]) == pytest.approx((row["difference"] - half, row["difference"] + half))
        assert row["apart"] == (not row["low"] <= 0 <= row["high"])
        if not row["apart"]:
            near.append(row["label"])
    assert near, "the stored experiment has prices next to the top that it cannot tell apart"
    answer, why = money_trend(stored_samoa, bot="random")
    assert answer == "it rises, then levels off and falls"
    assert f"the highest mean is at price {top['label']}" in why and "cannot tell it apart" in why
    for label in near:
        assert f"price {label} (" in why
    assert "peaks at" not in why


def test_the_heuristics_occupancy_dip_at_price_5_is_round_1(stored_samoa):
    """The heuristic picks the card `pressure` of the way up its hand; in round 1 the island is empty
    and the pressure low, so its full hand gives the 3rd-cheapest card, price 5: most of its price-5
    plays end the first turn of an empty hotel. Within round 1 the dip is gone."""
    summary = price_summary(stored_samoa)
    occupancy = summary.filter((pl.col("bot") == "heuristic") & (pl.col("measure") == MEASURES["occupancy"]))
    by_price = dict(occupancy.select("price", "mean").iter_rows())
    assert min(by_price, key=by_price.get) == 5 and by_price[4] > by_price[5] < by_price[6]
    rounds = {r["price"]: r for r in round_by_price(stored_samoa, bot="heuristic").iter_rows(named=True)}
    assert rounds[5]["first_round"] > 0.5 and all(r["first_round"] < 0.1 for p, r in rounds.items() if p != 5)
    assert rounds[5]["high"] < min(r["low"] for p, r in rounds.items() if p != 5)  # the earliest card
    first = price_plays(stored_samoa).filter((pl.col("bot") == "heuristic") & (pl.col("round") == 1))
    within = dict(first.group_by("price").agg(pl.col("occupancy").mean()).iter_rows())
    assert within[4] < within[5] < within[6]


def test_assumed_price_cards_are_starred_as_the_component_file_says():
    cards = price_cards()
    assert cards.filter(pl.col("assumed"))["label"].to_list() == ["4*", "7*", "10*", "11*", "12*"]
    assert cards.filter(~pl.col("assumed"))["label"].to_list() == ["3", "5", "6", "8", "9"]
    labels = dict(rule_labels().select("rule", "label").iter_rows())
    # the learner's words, not the component file's code names
    assert labels["none"] == "no special rule" and labels["first:monk"] == "monks book first"
    assert labels["face_up"] == "queue cards lie face up*" and labels["first:maid"] == "maids book first*"
    assert labels["queue_5"] == "at most 5 cards queue*"


def test_booking_odds_split_by_bot_and_pooled():
    frame = simulate("overbooking", games=6, seed=2, record="decisions", progress=False)
    odds = booking_odds(frame, ["bot", "ahead_group"], pooled=True)
    assert set(odds["bot"]) == {"heuristic", "random", "both, pooled"}
    queued = frame.filter(pl.col("where") == "queue")
    pooled = odds.filter(pl.col("bot") == "both, pooled")
    assert pooled["n"].sum() == queued.height and pooled["successes"].sum() == queued["booked"].sum()
    trend, why = queue_trend(odds, bot="heuristic")
    assert trend in ("higher", "lower", "about the same") and why.startswith("heuristic bot:")


@pytest.fixture(scope="module")
def stored_overbooking():
    return reference("overbooking-placements")[0]


def _notebook(name: str) -> tuple[str, str]:
    cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    text = {
        kind: "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == kind) for kind in ("markdown", "code")
    }
    return text["markdown"], text["code"]


def test_is_reversal_needs_every_group_one_way_and_the_pooled_other():
    assert is_reversal(["lower", "lower"], "higher", unclear="same")
    assert not is_reversal(["lower", "higher"], "higher", unclear="same")  # the groups disagree
    assert not is_reversal(["lower", "same"], "higher", unclear="same")
    assert not is_reversal(["lower", "lower"], "same", unclear="same")
    assert not is_reversal(["lower", "lower"], "lower", unclear="same")


def test_overbooking_9s_pooled_queue_trend_is_no_simpsons_paradox(stored_overbooking):
    """3-bed cards: the random bot's share falls with the queue ahead, the heuristic's rises, and the
    pooled line follows the heuristic's many cards. The groups disagree, so nothing is reversed, and
    the notebook must not call it a Simpson's paradox."""
    three = booking_odds(stored_overbooking.filter(pl.col("beds") == 3), ["bot", "ahead_group"], pooled=True)
    assert queue_trends(three) == {"heuristic": "higher", "random": "lower", "both, pooled": "higher"}
    counts = dict(three.group_by("bot").agg(pl.col("n").sum()).iter_rows())
    assert counts["heuristic"] > 2 * counts["random"]  # why the pooled line follows the heuristic
    assert not pooled_reversal(three)
    markdown, code = _notebook("overbooking/09-chance-of-a-bed.ipynb")
    assert "pooled_reversal(" in code
    named = [s for s in re.split(r"(?<=[.!?])\s+", markdown) if "paradox" in s.lower()]
    assert named, "the notebook says what the pattern is not"
    for sentence in named:  # each mention asks, denies or defines; none asserts a paradox
        assert sentence.endswith("?") or sentence.startswith("No.") or "is a *reversal*" in sentence, sentence


def test_overbooking_9_the_random_bots_queue_ahead_comes_with_the_card_of_the_round(stored_overbooking):
    """The random bot's choice is randomised, the queue its card meets is not: cards met by a long
    queue were placed later in the round, and split by the card of the round the trend rises early
    and falls late."""
    random = queue_placements(stored_overbooking.filter((pl.col("beds") == 3) & (pl.col("bot") == "random")))
    card = dict(random.group_by("ahead_group").agg(pl.col("card_number").mean()).iter_rows())
    assert card["3+"] - card["0"] > 1.5
    odds = booking_odds(stored_overbooking.filter(pl.col("beds") == 3), ["bot", "card_number", "ahead_group"])
    trends = trend_by_card(odds, bot="random")
    early = [k for k, way in trends.items() if way == "higher"]
    late = [k for k, way in trends.items() if way == "lower"]
    assert early and late and max(early) < min(late)
    rows = {
        (r["card_number"], r["ahead_group"]): r for r in odds.filter(pl.col("bot") == "random").iter_rows(named=True)
    }
    assert rows[late[-1], "3+"]["high"] < rows[late[-1], "0"]["low"]
    _, code = _notebook("overbooking/09-chance-of-a-bed.ipynb")
    assert "trend_by_card(" in code and '"card_number", "ahead_group"' in code


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
