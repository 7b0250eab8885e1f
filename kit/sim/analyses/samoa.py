"""Samoa 9, price versus occupancy: what a price card does, with n and 95% intervals.

The input is `simulate("samoa", record="decisions")` (or the shipped dataset
`samoa-price-cards`): one row per price card played. Plays of the random bot are a randomised
experiment (its card is drawn at random from its hand); the heuristic's are observations (it picks
a high price when tourists are plenty), so everything here is split by bot.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from kit.core.data import dataset_dir, read_rows
from kit.samoa import load_components

from ..stats import interval_text, mean_by, share_by

#: what each measure is called on a chart, with its unit
MEASURES = {
    "earned": "money per play (Tala)",
    "tourists": "tourists per play",
    "occupancy": "occupancy after the turn (share of rooms filled)",
    "used_up": "share of plays that used the card up",
}
ASSUMED_MARK = "*"


def price_cards(components: str | None = None) -> pl.DataFrame:
    """The priced cards with their source: `assumed` (not printed in the rulebook, see
    datasets/samoa/price_cards.csv) and an axis `label`, the price with a "*" if assumed."""
    root = dataset_dir("samoa") if components is None else Path(components)
    assumed = {
        f"{row['bid']}/{row['price']}": row["source"] == "assumed"
        for _, row in read_rows(root / "price_cards.csv", ("bid", "price", "grey", "source"))
    }
    rows = [(c.key, c.bid, c.price, assumed[c.key]) for c in load_components(components).price_cards if not c.grey]
    schema = {"card": pl.String, "bid": pl.Int64, "price": pl.Int64, "assumed": pl.Boolean}
    mark = pl.when(pl.col("assumed")).then(pl.lit(ASSUMED_MARK)).otherwise(pl.lit(""))
    return (
        pl.DataFrame(rows, schema=schema, orient="row")
        .with_columns(label=pl.col("price").cast(pl.String) + mark)
        .sort("price")
    )


def price_plays(decisions: pl.DataFrame, components: str | None = None) -> pl.DataFrame:
    """The plays of priced cards (not the grey card), with `label`, `assumed`, `used_up` and
    `pressure` (tourists on offer per free room on the island when choosing)."""
    cards = price_cards(components).select("card", "label", "assumed")
    return (
        decisions.filter(~pl.col("grey"))
        .join(cards, on="card", how="left")
        .with_columns(
            used_up=~pl.col("kept"),
            pressure=pl.col("tourists_offered") / pl.max_horizontal(pl.col("island_free_rooms"), 1),
        )
    )


def price_summary(decisions: pl.DataFrame, components: str | None = None) -> pl.DataFrame:
    """One row per (bot, price, measure): n, mean, low, high (95%), plus the price's label and
    whether the card is assumed. Means get t intervals, the used-up share a Wilson interval."""
    plays = price_plays(decisions, components)
    keys = ["bot", "price", "label", "assumed"]
    parts = []
    for column, title in MEASURES.items():
        if column == "used_up":
            part = share_by(plays, keys, column).rename({"share": "mean"}).drop("successes")
        else:
            part = mean_by(plays, keys, column).drop("sd")
        parts.append(part.with_columns(measure=pl.lit(title)))
    return pl.concat(parts).select("measure", *keys, "n", "mean", "low", "high").sort("measure", "bot", "price")


def pressure_by_price(decisions: pl.DataFrame, components: str | None = None) -> pl.DataFrame:
    """What the player saw when choosing, by the price chosen: tourists on offer per free room."""
    plays = price_plays(decisions, components)
    return mean_by(plays, ["bot", "price", "label", "assumed"], "pressure").drop("sd")


def money_differences(decisions: pl.DataFrame, bot: str = "random", components: str | None = None) -> pl.DataFrame:
    """`bot`'s money per play at each price against the price with the highest mean (the "top"): one
    row per price with n, mean (with its own interval `mean_low`, `mean_high`), `difference` (this
    price minus the top) with its 95% interval (`low`, `high`), and `apart` (the interval leaves out
    0: told apart from the top). Plays at two prices are different plays, so the interval is Welch's
    for two independent samples, not a paired one."""
    from scipy import stats  # slow to import: only here

    plays = price_plays(decisions, components).filter(pl.col("bot") == bot)
    means = mean_by(plays, ["price", "label"], "earned")
    top = means.row(means["mean"].arg_max(), named=True)
    at_top = plays.filter(pl.col("price") == top["price"])["earned"].to_numpy()
    rows = []
    for row in means.iter_rows(named=True):
        if row["price"] == top["price"]:
            low = high = 0.0
        else:
            here = plays.filter(pl.col("price") == row["price"])["earned"].to_numpy()
            low, high = stats.ttest_ind(here, at_top, equal_var=False).confidence_interval(0.95)
        rows.append((row["price"], row["label"], row["n"], row["mean"], row["low"], row["high"],
                     row["mean"] - top["mean"], low, high))  # fmt: skip
    schema = {"price": pl.Int64, "label": pl.String, "n": pl.Int64, "mean": pl.Float64, "mean_low": pl.Float64,
              "mean_high": pl.Float64, "difference": pl.Float64, "low": pl.Float64, "high": pl.Float64}  # fmt: skip
    frame = pl.DataFrame(rows, schema=schema, orient="row")
    return frame.with_columns(apart=(pl.col("high") < 0) | (pl.col("low") > 0)).sort("price")


def money_trend(decisions: pl.DataFrame, bot: str = "random", components: str | None = None) -> tuple[str, str]:
    """How `bot`'s money per play moves as the price rises — "it keeps rising", "it rises, then
    levels off and falls" or "it falls from the start" — read from the intervals of the differences
    to the top (`money_differences`): it rises if the cheapest card is told apart below the top, it
    falls if the dearest is. The reason says which prices the data cannot tell apart from the top:
    the highest mean alone does not establish where the peak is."""
    differences = money_differences(decisions, bot, components)
    top = differences.row(differences["difference"].arg_max(), named=True)
    cheapest, dearest = differences.row(0, named=True), differences.row(-1, named=True)
    rises, falls = cheapest["apart"], dearest["apart"]
    shape = ("it rises, then levels off and falls" if rises and falls
             else "it falls from the start" if falls else "it keeps rising")  # fmt: skip
    peak = interval_text(top["mean"], top["mean_low"], top["mean_high"], top["n"])
    near = differences.filter(~pl.col("apart") & (pl.col("price") != top["price"]))
    if near.is_empty():
        told = "every other price earns less, by a difference whose 95% interval lies below 0"
    else:
        told = (
            "but the data cannot tell it apart from "
            + " or ".join(
                f"price {r['label']} ({r['difference']:+.2f} Tala, 95% CI {r['low']:+.2f} to {r['high']:+.2f})"
                for r in near.iter_rows(named=True)
            )
            + ": the interval of the difference holds 0"
        )
    why = f"the highest mean is at price {top['label']}: {peak} Tala, {told}"
    if rises and falls:
        why += "; past the top, fewer and fewer tourists find a room at a high price"
    return shape, why + "."


def round_by_price(decisions: pl.DataFrame, bot: str = "heuristic", components: str | None = None) -> pl.DataFrame:
    """When in the game `bot` played each price: per price, n, the mean round with its 95% interval,
    and `first_round` (the share of its plays in round 1, when every hotel is still empty)."""
    plays = price_plays(decisions, components).filter(pl.col("bot") == bot)
    rounds = mean_by(plays, ["price", "label"], "round").drop("sd")
    first = share_by(plays.with_columns(first=pl.col("round") == 1), ["price"], "first").select(
        "price", first_round="share"
    )
    return rounds.join(first, on="price").sort("price").with_columns(n=pl.col("n").cast(pl.Int64))
