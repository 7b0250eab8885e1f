"""Lesson 6 — experiments and observations (Samoa SA-3.3, Overbooking OB-4).

A random bot takes a uniformly random legal action (`kit.bots.base.RandomBot`): the chance of each of
its choices is known exactly — one over the number of legal actions — and nothing the player sees
changes it. Comparing its plays is a **randomised experiment**. The heuristic bot chooses by what it
sees; comparing its plays is an **observation**, and what made it choose (a crowded round, a card
that fits) is mixed up with what the choice did: confounding.

The exact chances come from the engines' own legal actions; the simulated ones from the shipped
datasets of `kit.sim` (datasets/simulated/) or from new games. Lesson 7 (`kit.probability.simpson`)
goes on to Simpson's paradox and many comparisons in Overbooking's booking odds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction

import polars as pl

from kit.bots.base import RandomBot
from kit.core import Game
from kit.i18n import N_, Message, Term, percent, render
from kit.overbooking import Overbooking
from kit.samoa import Samoa

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


def guess_feedback(guess: object, answer: object, within: float = 0.0) -> str:
    """How a prediction of section 1 did, once the answer is on the page (never an error: a guess is
    not graded)."""
    if guess is None:
        return render("no guess written; the answer is {answer}", answer=answer)
    if isinstance(answer, str):
        right = str(guess).strip().lower() == answer
    else:
        try:
            right = abs(float(guess) - float(answer)) <= within
        except (TypeError, ValueError):
            return render(
                "your guess {guess} is not a number; the answer is {answer:.3f}",
                guess=repr(guess),
                answer=float(answer),
            )
    shown = answer if isinstance(answer, str) else Message("{answer} ≈ {value:.3f}", answer=answer, value=float(answer))
    template = (
        N_("✓ close: you guessed {guess}, the answer is {answer}")
        if right
        else N_("✗ not quite: you guessed {guess}, the answer is {answer}")
    )
    return render(template, guess=guess, answer=shown)


def dearest_money(summary: pl.DataFrame) -> tuple[str, str]:
    """Section 1's second question, from `kit.sim.analyses.samoa.price_summary`: at the dearest price
    card, the heuristic's money per play against the random bot's — "higher", "about the same" or
    "lower" (the 95% intervals apart or not; equal to those English words, shown translated) — and
    both numbers with n and interval."""
    money = summary.filter(pl.col("measure") == "money per play (Tala)")
    dearest = money["price"].max()
    rows = {r["bot"]: r for r in money.filter(pl.col("price") == dearest).iter_rows(named=True)}
    heuristic, random = rows["heuristic"], rows["random"]
    if heuristic["low"] > random["high"]:
        answer = Term(N_("higher"))
    elif heuristic["high"] < random["low"]:
        answer = Term(N_("lower"))
    else:
        answer = Term(N_("about the same"))
    text = "; ".join(
        render(
            "{bot} {mean:.2f} Tala ({level} interval {low:.2f} to {high:.2f}, n = {n:,})",
            bot=Term(bot),
            mean=float(r["mean"]),
            level=percent(0.95),
            low=float(r["low"]),
            high=float(r["high"]),
            n=int(r["n"]),
        )
        for bot, r in rows.items()
    )
    return answer, render("money per play at price {price}: {text}", price=heuristic["label"], text=text)
