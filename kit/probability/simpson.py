"""Lesson 7 — Simpson's paradox and many comparisons (Overbooking OB-4, OB-5.3).

Overbooking's booking odds hold a real Simpson's paradox, found in the stored games (not made up):
the heuristic's 3rd and 5th queue cards of a round, split by card size (`card_order_table`). A
reversal is the pooled comparison pointing one way and every group the other (`is_simpson`, from
`kit.sim.stats.is_reversal`); the pooled share is each group's share weighted by the group mix
(`size_mix`). The paradox was found by searching many comparisons: `gap_z` measures each gap in
standard errors, and `new_placements` plays new games to test it.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from kit.i18n import N_, Term, gettext, percent, render
from kit.sim.analyses.overbooking import POOLED
from kit.sim.stats import is_reversal, share_by

#: the ways a comparison can point, as data (English) that reads in the learner's language when shown
LATER, EARLIER, UNCLEAR = Term(N_("later")), Term(N_("earlier")), Term(N_("unclear"))
#: the rows of `order_table_markdown`, as a learner reads them
SIZE_ROWS = {
    "small": N_("small cards (1–3 beds)"),
    "large": N_("large cards (4–6 beds)"),
    POOLED: POOLED,
}
SIZE_CARDS = {"small": N_("small cards"), "large": N_("large cards")}


def words(key: str) -> str:
    """A group of the lesson's tables ("small", "heuristic", "both, pooled") as a learner reads it;
    the tables keep the keys, which code selects by."""
    return format(Term(key))


def card_order_table(decisions: pl.DataFrame, bot: str = "heuristic", cards: Sequence[int] = (3, 5)) -> pl.DataFrame:
    """Queue cards of `bot` placed as its `cards`-th card of a round: the share that booked (OB-5.3),
    within each card size and pooled over both sizes, with n and a 95% Wilson interval. Columns:
    size ("small", "large" or "both, pooled"), card_number, n, successes, share, low, high."""
    queued = decisions.filter(
        (pl.col("bot") == bot) & (pl.col("where") == "queue") & pl.col("card_number").is_in(list(cards))
    )
    split = share_by(queued, ["size", "card_number"], "booked")
    pooled = share_by(queued.with_columns(size=pl.lit(POOLED)), ["size", "card_number"], "booked")
    order = {"small": 0, "large": 1, POOLED: 2}
    return (
        pl.concat([split, pooled.select(split.columns)])
        .with_columns(n=pl.col("n").cast(pl.Int64))
        .sort(pl.col("size").replace_strict(order, return_dtype=pl.Int64), "card_number")
    )


def direction(earlier: dict, later: dict) -> str:
    """ "later" if the later card's share is higher with non-overlapping 95% intervals, "earlier" if
    lower, "unclear" if the intervals overlap (each equal to its English word, shown translated)."""
    if later["low"] > earlier["high"]:
        return LATER
    if later["high"] < earlier["low"]:
        return EARLIER
    return UNCLEAR


def reversal(table: pl.DataFrame) -> dict[str, str]:
    """For a two-card `card_order_table`: which card booked more often, per size and pooled."""
    out = {}
    for size in table["size"].unique(maintain_order=True):
        rows = table.filter(pl.col("size") == size).sort("card_number").to_dicts()
        out[Term(size)] = direction(rows[0], rows[-1])
    return out


def reversal_text(table: pl.DataFrame) -> str:
    """`reversal` in words: which card booked more often, pooled and per size."""
    ways = reversal(table)
    pooled = ways.pop(POOLED)
    sizes = "; ".join(
        render("{cards}: {way}", cards=gettext(SIZE_CARDS.get(size, size)), way=way) for size, way in ways.items()
    )
    return render("which card booked more often — pooled: {pooled}; {sizes}", pooled=pooled, sizes=sizes)


def is_simpson(table: pl.DataFrame) -> bool:
    """The pooled comparison points one way, and every size the other way, each clearly."""
    ways = reversal(table)
    pooled = ways.pop(POOLED)
    return is_reversal(ways.values(), pooled, unclear="unclear")


def size_mix(decisions: pl.DataFrame) -> pl.DataFrame:
    """The confounder: per bot and card number, the share of its queue cards that were large."""
    queued = decisions.filter(pl.col("where") == "queue").with_columns(large=pl.col("size") == "large")
    return share_by(queued, ["bot", "card_number"], "large").with_columns(n=pl.col("n").cast(pl.Int64))


def gap_z(table: pl.DataFrame) -> dict[str, float]:
    """For a two-card `card_order_table`: per size and pooled, the later card's share minus the
    earlier one's, in standard errors (each share's binomial variance, added): how far from "no
    difference" each gap lies."""
    out = {}
    for size in table["size"].unique(maintain_order=True):
        rows = table.filter(pl.col("size") == size).sort("card_number").to_dicts()
        first, last = rows[0], rows[-1]
        se = sum(r["share"] * (1 - r["share"]) / r["n"] for r in (first, last)) ** 0.5
        out[Term(size)] = (last["share"] - first["share"]) / se
    return out


def share_text(row: dict) -> str:
    """A row's booked share as a table cell reads it, in the learner's language: "0,909 (0,897–0,921),
    n = 2 208" (a `share_by` row: share, low, high, n)."""
    return render("{share:.3f} ({low:.3f}–{high:.3f}), n = {n:,}", share=float(row["share"]), low=float(row["low"]),
                  high=float(row["high"]), n=int(row["n"]))  # fmt: skip


def order_table_markdown(table: pl.DataFrame) -> str:
    """A two-card `card_order_table` as a learner reads it: a row per size (and pooled), a column
    per card, each cell the share booked with its 95% interval and n; a last row shows the
    size mix — the share of each card's queue cards that were small — which decides the pooled row."""
    cards = sorted(set(table["card_number"]))
    cell = {(r["size"], r["card_number"]): r for r in table.iter_rows(named=True)}

    def shown(r: dict | None) -> str:
        return share_text(r) if r else gettext("none")

    head = render("share booked ({level} interval), n", level=percent(0.95))
    lines = [
        f"| {head} | " + " | ".join(render("card {k} of the round", k=k) for k in cards) + " |",
        "|---|" + "---:|" * len(cards),
    ]
    for size, name in SIZE_ROWS.items():
        texts = [shown(cell.get((size, k))) for k in cards]
        name = gettext(name)
        if size == POOLED:
            texts, name = [f"**{text}**" for text in texts], f"**{name}**"
        lines.append(f"| {name} | " + " | ".join(texts) + " |")
    mix = []
    for k in cards:
        small, pooled = cell.get(("small", k), {"n": 0}), cell.get((POOLED, k))
        mix.append(f"*{percent(small['n'] / pooled['n'])}*" if pooled else "–")
    small_share = gettext("share of the cards that were small")
    lines.append(f"| *{small_share}* | " + " | ".join(mix) + " |")
    return "\n".join(lines)


def by_beds(decisions: pl.DataFrame, bot: str = "heuristic", cards: Sequence[int] = (3, 5)) -> pl.DataFrame:
    """Like `card_order_table`, split finer: per number of beds on the card (1–6) instead of per size."""
    queued = decisions.filter(
        (pl.col("bot") == bot) & (pl.col("where") == "queue") & pl.col("card_number").is_in(list(cards))
    )
    return share_by(queued, ["beds", "card_number"], "booked").with_columns(n=pl.col("n").cast(pl.Int64))


def new_placements(
    games: int, bots: Sequence[str] = ("heuristic",), players: int = 3, seed: int = 0, chunk: int = 25, steps=iter
) -> pl.DataFrame:
    """Every card placed in `games` new Overbooking games (`kit.sim`, record="decisions"), simulated
    `chunk` games at a time so that `steps` can show progress. Seat p of game i gets
    ``bots[(p + i) % len(bots)]``: ``("heuristic",)`` puts a heuristic bot in every seat,
    ``("heuristic", "random")`` mixes them at every table as the stored games do."""
    from kit.sim import simulate

    parts = [
        simulate("overbooking", games=min(chunk, games - start), seed=seed * 100_003 + start, players=players,
                 bots=list(bots), record="decisions", progress=False)
        for start in steps(range(0, games, chunk))
    ]  # fmt: skip
    return pl.concat(parts)


def queue_ahead_table(decisions: pl.DataFrame, ahead: Sequence[int] = (0, 2), queue_only: bool = False) -> pl.DataFrame:
    """Every card placed at a hotel (queue or back door; with `queue_only`, queue cards alone) whose
    queue held `ahead` cards at the time: the share that booked, per bot and pooled over the bots (the
    exercise's paradox). A back-door card seldom books, and the random bot sends half its cards there."""
    placed = decisions.filter(pl.col("ahead").is_in(list(ahead)))
    if queue_only:
        placed = placed.filter(pl.col("where") == "queue")
    split = share_by(placed, ["bot", "ahead"], "booked")
    pooled = share_by(placed.with_columns(bot=pl.lit(POOLED)), ["bot", "ahead"], "booked")
    return pl.concat([split, pooled.select(split.columns)]).with_columns(n=pl.col("n").cast(pl.Int64))
