"""Overbooking 9, the chance of a bed: booking odds with Wilson intervals, by what a player sees.

The input is `simulate("overbooking", record="decisions")` (or the shipped dataset
`overbooking-placements`): one row per card placed. The random bot's placements are the experiment
(its card and queue are drawn at random, whatever it sees); the heuristic's are observations (it
joins a long queue only when it expects beds there), so the odds are split by bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polars as pl

from kit.core.data import dataset_dir, read_rows
from kit.i18n import N_, Term, render
from kit.overbooking.components import rule_words

from ..stats import interval_text, is_reversal, share_by

#: a queue holds at most 4 cards (OB-4), so a card meets at most 3 ahead; 4 ahead happens only at the
#: hotels whose rule lets 5 queue, too few and too different to stand alone: from 3 up, one group
TOP = 3


def _capped(column: str) -> pl.Expr:
    label = pl.col(column).clip(0, TOP).cast(pl.String)
    return pl.when(pl.col(column) >= TOP).then(pl.lit(f"{TOP}+")).otherwise(label)


def queue_placements(decisions: pl.DataFrame) -> pl.DataFrame:
    """Cards placed in a booking queue, with the groupings the notebook uses: `ahead_group` and
    `after_group` ("0" ... "3+"), `large_ahead` ("0" ... "2+"), and `hotel_size` (printed beds
    "8–10", "11–13" or "14–17")."""
    return decisions.filter(pl.col("where") == "queue").with_columns(
        ahead_group=_capped("ahead"),
        after_group=_capped("after"),
        large_ahead=pl.when(pl.col("ahead_large") >= 2)
        .then(pl.lit("2+"))
        .otherwise(pl.col("ahead_large").cast(pl.String)),
        hotel_size=pl.when(pl.col("hotel_beds") <= 10)
        .then(pl.lit("8–10 beds"))
        .when(pl.col("hotel_beds") <= 13)
        .then(pl.lit("11–13 beds"))
        .otherwise(pl.lit("14–17 beds")),
    )


#: the key of the rows of all bots together (code selects by it; a learner reads it as its words,
#: the message "both, pooled")
POOLED = N_("both, pooled")


def booking_odds(decisions: pl.DataFrame, by: Sequence[str], pooled: bool = False) -> pl.DataFrame:
    """The share of queued cards that booked, per group of `by`: n, successes, share and its 95%
    Wilson interval. With pooled=True, also the rows of all bots together (bot = "both, pooled")."""
    queue = queue_placements(decisions)
    odds = share_by(queue, list(by), "booked")
    if pooled and "bot" in by:
        together = share_by(queue.with_columns(bot=pl.lit(POOLED)), list(by), "booked")
        odds = pl.concat([odds, together.select(odds.columns)])
    return odds


ASSUMED_MARK = "*"


def hotel_sides(components: str | None = None) -> pl.DataFrame:
    """The hotel tiles' sides (tile, side, beds, rule) and whether each is `assumed` (not printed in
    the rulebook: see datasets/overbooking/hotels.csv)."""
    root = dataset_dir("overbooking") if components is None else Path(components)
    rows = [
        (int(row["tile"]), row["side"], int(row["beds"]), row["rule"], row["source"] == "assumed")
        for _, row in read_rows(root / "hotels.csv", ("tile", "side", "beds", "rule", "source"))
    ]
    schema = {"tile": pl.Int64, "side": pl.String, "beds": pl.Int64, "rule": pl.String, "assumed": pl.Boolean}
    return pl.DataFrame(rows, schema=schema, orient="row")


def rule_labels(components: str | None = None) -> pl.DataFrame:
    """Each hotel rule with a `label` in the learner's words (`rule_words`), starred when every hotel
    side carrying it is assumed."""
    return (
        hotel_sides(components)
        .group_by("rule")
        .agg(pl.col("assumed").all())
        .with_columns(
            label=pl.col("rule").map_elements(rule_words, return_dtype=pl.String)
            + pl.when(pl.col("assumed")).then(pl.lit(ASSUMED_MARK)).otherwise(pl.lit(""))
        )
        .sort("rule")
    )


def _trend(rows: pl.DataFrame, min_n: int) -> tuple[str, dict, dict]:
    """No card ahead against the longest queue group holding at least `min_n` cards (the longest
    group, if none does)."""
    rows = rows.sort("ahead_group")
    big = rows.filter(pl.col("n") >= min_n)
    first, last = rows.row(0, named=True), (big if big.height else rows).row(-1, named=True)
    trend = "lower" if last["high"] < first["low"] else "higher" if last["low"] > first["high"] else "about the same"
    return trend, first, last


def queue_trend(odds: pl.DataFrame, bot: str = "random", min_n: int = 50) -> tuple[str, str]:
    """Whether `bot`'s booking share is "higher", "lower" or "about the same" with the longest queue
    ahead (of at least `min_n` cards) than with none (different only if the 95% intervals do not
    overlap), and why."""
    trend, first, last = _trend(odds.filter(pl.col("bot") == bot), min_n)
    none = interval_text(first["share"], first["low"], first["high"], first["n"], percent=True)
    most = interval_text(last["share"], last["low"], last["high"], last["n"], percent=True)
    why = render(
        N_("{bot} bot: {none} booked with no card ahead, {most} with {ahead} ahead."),
        bot=Term(bot), none=none, most=most, ahead=last["ahead_group"],
    )  # fmt: skip
    return trend, why


def queue_trends(odds: pl.DataFrame, min_n: int = 50) -> dict[str, str]:
    """`queue_trend`'s verdict for every bot of `odds` (and "both, pooled" if there)."""
    return {bot: queue_trend(odds, bot, min_n)[0] for bot in odds["bot"].unique(maintain_order=True)}


def pooled_reversal(odds: pl.DataFrame, min_n: int = 50) -> bool:
    """Is the pooled trend of `booking_odds(..., ["bot", "ahead_group"], pooled=True)` a Simpson's
    reversal: every bot's trend clearly one way and the pooled one clearly the other? Two bots whose
    trends point opposite ways, pooled into the larger one's direction, are not."""
    trends = queue_trends(odds, min_n)
    pooled = trends.pop(POOLED)
    return is_reversal(trends.values(), pooled, unclear="about the same")


def trend_by_card(odds: pl.DataFrame, bot: str = "random", min_n: int = 50) -> dict[int, str]:
    """For `booking_odds(..., ["bot", "card_number", "ahead_group"])`: per card of the round (1st …
    5th placed), `queue_trend`'s verdict for `bot`'s cards placed at that point of the round."""
    mine = odds.filter(pl.col("bot") == bot)
    return {
        card: _trend(mine.filter(pl.col("card_number") == card), min_n)[0] for card in sorted(set(mine["card_number"]))
    }
