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


def money_trend(summary: pl.DataFrame, bot: str = "random") -> tuple[str, str]:
    """How `bot`'s money per play moves as the price rises — "it keeps rising", "it rises, then
    levels off and falls" or "it falls from the start" — and why, with the peak's n and interval."""
    money = summary.filter((pl.col("bot") == bot) & (pl.col("measure") == MEASURES["earned"])).sort("price")
    best = money.row(money["mean"].arg_max(), named=True)
    if best["price"] == money["price"].max():
        shape = "it keeps rising"
    elif best["price"] == money["price"].min():
        shape = "it falls from the start"
    else:
        shape = "it rises, then levels off and falls"
    peak = interval_text(best["mean"], best["low"], best["high"], best["n"])
    return (
        shape,
        f"it peaks at price {best['label']}: {peak} Tala; fewer and fewer tourists find a room at a high price.",
    )
