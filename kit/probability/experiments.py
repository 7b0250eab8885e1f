"""Lesson 6 — experiments and observations (Samoa SA-3.3, Overbooking OB-4, OB-5.3).

A random bot takes a uniformly random legal action (`kit.bots.base.RandomBot`): the chance of each of
its choices is known exactly — one over the number of legal actions — and nothing the player sees
changes it. Comparing its plays is a **randomised experiment**. The heuristic bot chooses by what it
sees; comparing its plays is an **observation**, and what made it choose (a crowded round, a card
that fits) is mixed up with what the choice did: confounding.

The exact chances come from the engines' own legal actions; the simulated ones from the shipped
datasets of `kit.sim` (datasets/simulated/) or from new games. Overbooking's booking odds hold a real
Simpson's paradox, found in the stored games (not made up): `card_order_table`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction

import polars as pl

from kit.bots.base import RandomBot
from kit.core import Game
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from kit.sim.stats import share_by

#: the three dearest price cards (SA-1): prices 10, 11 and 12 (all three `assumed` values)
DEAREST = ("16/10", "18/11", "20/12")


# ---------------------------------------------------------------- the random bot's chances, exactly
def choice_chances(game: Game) -> dict[Hashable, Fraction]:
    """What the random bot does here: every legal action with the chance 1 / (legal actions)."""
    actions = game.legal_actions()
    return {action: Fraction(1, len(actions)) for action in actions}


def chance_of(chances: dict[Hashable, Fraction], event: Callable[[Hashable], bool]) -> Fraction:
    """P(event) for one random choice: the chances of the actions it holds for, added up."""
    return sum((chance for action, chance in chances.items() if event(action)), Fraction(0))


def samoa_round_1(players: int = 3, seed: int = 0) -> Samoa:
    """A Samoa game at its first decision: round 1, everyone choosing a price card (SA-3.3)."""
    game = Samoa(players=players, seed=seed)
    assert game.phase == "choose" and game.round == 1, "a Samoa game starts with the choice of price cards"
    return game


#: The lesson's start of a 3-player Overbooking game, stated as data (not a seed): the three hotels'
#: beds and rules and every player's hand. Red places first.
OVERBOOKING_START = {
    "hotels": [{"beds": 9, "rule": "small_only"}, {"beds": 10, "rule": "none"}, {"beds": 14, "rule": "two_crests"}],
    "hands": {
        "red": ["bird-worker", "fish-merchant", "fish-noble", "fish-soldier", "rose-maid", "rose-worker",
                "tower-monk", "tower-maid", "tower-worker"],
        "blue": ["bird-maid", "fish-maid", "fish-noble", "fish-soldier", "rose-monk", "rose-merchant",
                 "rose-soldier", "rose-worker", "tower-monk"],
        "green": ["bird-merchant", "bird-soldier", "bird-worker", "fish-maid", "rose-merchant", "rose-soldier",
                  "tower-monk", "tower-maid", "tower-noble"],
    },
}  # fmt: skip


def overbooking_start(seed: int = 0) -> Overbooking:
    """The lesson's first placement of a 3-player game (`OVERBOOKING_START`): whatever `seed` deals,
    the hotels' beds and rules and the hands are these (the seed still orders the decks)."""
    return Overbooking(players=3, seed=seed, scenario=OVERBOOKING_START)


def is_dearest(action: object) -> bool:
    """The action plays one of the three dearest price cards."""
    return getattr(action, "card", None) in DEAREST


def price(action: object) -> int:
    """The room price of the card a Samoa `Choose` action plays (`bid/price`; 0 for the grey card)."""
    card = getattr(action, "card", "grey")
    return 0 if card == "grey" else int(card.split("/")[1])


def random_choices(game: Game, trials: int, seed: int = 0, steps: Callable[[range], Iterable[int]] = iter) -> list:
    """`trials` choices of the random bot (its own seeded generator) in the same position."""
    bot = RandomBot(seed)
    return [bot.choose(game) for _ in steps(range(trials))]


# ---------------------------------------------------------------- Overbooking: queue or back door
def _queue_open() -> pl.Expr:
    """Could the card also have gone to the queue (OB-4 limits, OB-6 rules), from the row alone?"""
    limit = pl.when(pl.col("rule") == "queue_5").then(5).otherwise(4)
    allowed = (
        pl.when(pl.col("rule") == "small_only")
        .then(pl.col("size") == "small")
        .when(pl.col("rule") == "large_only")
        .then(pl.col("size") == "large")
        .when(pl.col("rule").str.starts_with("no:"))
        .then(pl.col("kind") != pl.col("rule").str.slice(3))
        .otherwise(True)
    )
    return (pl.col("ahead") < limit) & allowed


def both_sides_open(decisions: pl.DataFrame) -> pl.DataFrame:
    """Placements where the card could have gone to the hotel's queue *or* its back door (OB-4), with
    `queued` (it went to the queue). The random bot chooses a card, a hotel and a side uniformly among
    the legal ones, so given the card and the hotel, each open side has chance exactly 1/2. Hotels with
    the two-crests rule are left out: whether their queue was open depends on crests the rows omit."""
    back_open = pl.col("back_door") < 2
    return decisions.filter((pl.col("rule") != "two_crests") & _queue_open() & back_open).with_columns(
        queued=pl.col("where") == "queue"
    )


# ---------------------------------------------------------------- Simpson's paradox
def card_order_table(decisions: pl.DataFrame, bot: str = "heuristic", cards: Sequence[int] = (3, 5)) -> pl.DataFrame:
    """Queue cards of `bot` placed as its `cards`-th card of a round: the share that booked (OB-5.3),
    within each card size and pooled over both sizes, with n and a 95% Wilson interval. Columns:
    size ("small", "large" or "both, pooled"), card_number, n, successes, share, low, high."""
    queued = decisions.filter(
        (pl.col("bot") == bot) & (pl.col("where") == "queue") & pl.col("card_number").is_in(list(cards))
    )
    split = share_by(queued, ["size", "card_number"], "booked")
    pooled = share_by(queued.with_columns(size=pl.lit("both, pooled")), ["size", "card_number"], "booked")
    order = {"small": 0, "large": 1, "both, pooled": 2}
    return (
        pl.concat([split, pooled.select(split.columns)])
        .with_columns(n=pl.col("n").cast(pl.Int64))
        .sort(pl.col("size").replace_strict(order, return_dtype=pl.Int64), "card_number")
    )


def direction(earlier: dict, later: dict) -> str:
    """ "later" if the later card's share is higher with non-overlapping 95% intervals, "earlier" if
    lower, "unclear" if the intervals overlap."""
    if later["low"] > earlier["high"]:
        return "later"
    if later["high"] < earlier["low"]:
        return "earlier"
    return "unclear"


def reversal(table: pl.DataFrame) -> dict[str, str]:
    """For a two-card `card_order_table`: which card booked more often, per size and pooled."""
    out = {}
    for size in table["size"].unique(maintain_order=True):
        rows = table.filter(pl.col("size") == size).sort("card_number").to_dicts()
        out[size] = direction(rows[0], rows[-1])
    return out


def reversal_text(table: pl.DataFrame) -> str:
    """`reversal` in words: which card booked more often, pooled and per size."""
    ways = reversal(table)
    pooled = ways.pop("both, pooled")
    sizes = "; ".join(f"{size} cards: {way}" for size, way in ways.items())
    return f"which card booked more often — pooled: {pooled}; {sizes}"


def is_simpson(table: pl.DataFrame) -> bool:
    """The pooled comparison points one way, and every size the other way, each clearly."""
    ways = reversal(table)
    pooled = ways.pop("both, pooled")
    return pooled != "unclear" and all(way not in ("unclear", pooled) for way in ways.values())


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
        out[size] = (last["share"] - first["share"]) / se
    return out


def order_table_markdown(table: pl.DataFrame) -> str:
    """A two-card `card_order_table` as a learner reads it: a row per size (and pooled), a column
    per card, each cell the share booked with its 95% interval and n; a last row shows the
    size mix — the share of each card's queue cards that were small — which decides the pooled row."""
    cards = sorted(set(table["card_number"]))
    cell = {(r["size"], r["card_number"]): r for r in table.iter_rows(named=True)}

    def shown(r: dict | None) -> str:
        return f"{r['share']:.3f} ({r['low']:.3f}–{r['high']:.3f}), n = {r['n']:,}" if r else "none"

    names = {"small": "small cards (1–3 beds)", "large": "large cards (4–6 beds)", "both, pooled": "**both, pooled**"}
    lines = [
        "| share booked (95% interval), n | " + " | ".join(f"card {k} of the round" for k in cards) + " |",
        "|---|" + "---:|" * len(cards),
    ]
    for size, name in names.items():
        texts = [shown(cell.get((size, k))) for k in cards]
        if size == "both, pooled":
            texts = [f"**{text}**" for text in texts]
        lines.append(f"| {name} | " + " | ".join(texts) + " |")
    mix = []
    for k in cards:
        small, pooled = cell.get(("small", k), {"n": 0}), cell.get(("both, pooled", k))
        mix.append(f"*{small['n'] / pooled['n']:.0%}*" if pooled else "–")
    lines.append("| *share of the cards that were small* | " + " | ".join(mix) + " |")
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


def queue_ahead_table(decisions: pl.DataFrame, ahead: Sequence[int] = (0, 2)) -> pl.DataFrame:
    """Every card placed at a hotel (queue or back door) whose queue held `ahead` cards at the time:
    the share that booked, per bot and pooled over the bots (the exercise's paradox)."""
    placed = decisions.filter(pl.col("ahead").is_in(list(ahead)))
    split = share_by(placed, ["bot", "ahead"], "booked")
    pooled = share_by(placed.with_columns(bot=pl.lit("both, pooled")), ["bot", "ahead"], "booked")
    return pl.concat([split, pooled.select(split.columns)]).with_columns(n=pl.col("n").cast(pl.Int64))


def guess_feedback(guess: object, answer: object, within: float = 0.0) -> str:
    """How a prediction of section 1 did, once the answer is on the page (never an error: a guess is
    not graded)."""
    if guess is None:
        return f"no guess written; the answer is {answer}"
    if isinstance(answer, str):
        right = str(guess).strip().lower() == answer
    else:
        try:
            right = abs(float(guess) - float(answer)) <= within
        except (TypeError, ValueError):
            return f"your guess {guess!r} is not a number; the answer is {float(answer):.3f}"
    shown = answer if isinstance(answer, str) else f"{answer} ≈ {float(answer):.3f}"
    return f"{'✓ close' if right else '✗ not quite'}: you guessed {guess}, the answer is {shown}"
