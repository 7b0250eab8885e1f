"""Lesson 8 — what if I play this instead? (the move advisor, `kit.sim.advice`, in all three games)

The advisor values every legal action by rollouts: each an independent replay from a redeal of what
the player cannot see, and each action tried on the *same* redeals with the same random play (common
random numbers). The rollouts are an experiment on the rollout policy: the action is set, the hidden
cards are redealt at random, and everyone then plays like the policy.

An action's own interval is a Student t interval for a mean, so its half-width is t × sd / √n: four
times the rollouts, half the width. Whether two actions can be told apart is read from their *paired*
difference: per rollout, this action's result minus the other's on the same redeal, whose mean has its
own t interval (`ActionValue.vs_best`). The deal's luck cancels in each rollout's difference, so that
interval is narrower than the two own intervals side by side, and two actions are told apart as soon
as it excludes 0 — often while their own intervals still overlap.

All three games have a compiled kernel that plays exactly the readable engine's games (without numba
the advisor plays the readable engine, tens of times slower): the lesson uses one position of each with
few legal actions late in the game (short rollouts, small tables), and `advice` keeps each table it
computed, so the notebook asks for each only once.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import polars as pl

from kit.core import Game
from kit.i18n import N_, Message, gettext, percent, render
from kit.lostcities import LostCities
from kit.sim.advice import Advice, advise

from .urn import position as lost_cities_position


def position(cards_left: int = 30) -> LostCities:
    """The lessons' Lost Cities round (`kit.probability.urn.LESSON_DECK`), played by two heuristic bots
    until `cards_left` cards are left in the draw pile, player 0 to play."""
    return lost_cities_position(cards_left=cards_left)


@dataclass(frozen=True)
class Position:
    """A real position: heuristic bots play a seeded game until they reach a decision with the
    property the lesson's text relies on (`reached`); the first seed from 0 that reaches one is used,
    so the text stays true whatever the seeded generator deals."""

    game: str
    title: str
    players: int
    policy: str  # the rollout policy the lesson uses for it
    question: Message  # what the player to move is deciding (read in the language in force)
    assumed: Message | str  # the component data the values rest on that is `assumed` ("" for none)
    where: str = ""  # the property in words ("" for Lost Cities: its round is stated as data)


POSITIONS = {
    "lost-cities": Position("lost-cities", "Lost Cities", 2, "heuristic", Message("play or discard which card"),
                            ""),  # the lessons' round, stated as data: see `position`
    "samoa": Position("samoa", "Samoa", 3, "heuristic", Message("which price card to play in round 11 (SA-5)"),
                      Message("all tourist cards and 5 of the 11 price cards are `assumed` (datasets/samoa/)"),
                      "player 1's price choice in round 11, the two best cards' estimates apart"),
    "overbooking": Position("overbooking", "Overbooking", 2, "random",
                            Message("which card to place face down at the back door, and at which hotel, in the last"
                                    " round"),
                            Message("the coins, the score cards and 13 of the 16 hotel sides are `assumed`"
                                    " (datasets/overbooking/)"),
                            "the last round, player 1 to place, every legal placement at a back door, and heuristic"
                            " rollouts that all end alike"),
}  # fmt: skip

SEEDS = 200  # seeds tried for a position; the property is common, so the search ends within a few


def _samoa_reached(game: Game) -> bool:
    """Player 1's price choice in round 11, where the lesson's table (`SAMOA_ROLLOUTS`) gives the
    two best cards different estimates: its exercise asks how many rollouts would tell them apart."""
    if not (game.round == 11 and game.phase == "choose" and game.current_player == 1):
        return False
    if len(game.legal_actions()) < 2:
        return False
    best, second = advise(game, rollouts=SAMOA_ROLLOUTS, policy="heuristic", seed=0).actions[:2]
    return best.difference > second.difference


def _overbooking_reached(game: Game) -> bool:
    """The last round's stage 1, player 1 to place, and only back doors open to it. And the lesson's
    "interval of width zero": with the heuristic on both sides every rollout ends alike."""
    if not (game.round == game.components.rounds and game.stage == 1 and game.current_player == 1):
        return False
    actions = game.legal_actions()
    if len(actions) < 2 or not all(getattr(action, "where", None) == "back" for action in actions):
        return False
    table = advise(game, rollouts=HEURISTIC_ROLLOUTS, policy="heuristic", seed=0)
    return all(value.difference_low == value.difference_high for value in table.actions)


HEURISTIC_ROLLOUTS = 50  # the lesson's Overbooking table of heuristic rollouts that all agree
SAMOA_ROLLOUTS = 100  # the lesson's Samoa table
_REACHED = {"samoa": _samoa_reached, "overbooking": _overbooking_reached}


def _rules(name: str):
    if name == "samoa":
        from kit.samoa import Samoa

        return Samoa
    from kit.overbooking import Overbooking

    return Overbooking


@functools.lru_cache(maxsize=4)
def found(name: str) -> tuple[int, int]:
    """(seed, moves): the first seed whose game of heuristic bots reaches the position of `name`
    (see `POSITIONS`), and the moves it takes."""
    from kit.bots.rollout import heuristic_bot

    spec, reached, bot = POSITIONS[name], _REACHED[name], heuristic_bot(name)
    for seed in range(SEEDS):
        game = _rules(name)(players=spec.players, seed=seed)
        for moves in itertools.count():
            if game.is_over:
                break
            if reached(game):
                return seed, moves
            game.apply(bot.choose(game))
    raise RuntimeError(f"no {spec.title} game of the first {SEEDS} seeds reaches {spec.where}")


def game_position(name: str) -> Game:
    """The lesson's position of game `name` (see `POSITIONS`): a fresh copy each call."""
    if name == "lost-cities":
        return position(cards_left=30)
    from kit.bots.rollout import heuristic_bot

    seed, moves = found(name)
    game, bot = _rules(name)(players=POSITIONS[name].players, seed=seed), heuristic_bot(name)
    for _ in range(moves):
        game.apply(bot.choose(game))
    return game


@functools.lru_cache(maxsize=64)
def advice(name: str, rollouts: int, policy: str | None = None, seed: int = 0) -> Advice:
    """The advisor's table for the lesson's position of `name`, kept once computed (without numba
    the readable engines take seconds per table). `policy` defaults to the position's own."""
    return advise(game_position(name), rollouts=rollouts, policy=policy or POSITIONS[name].policy, seed=seed)


def verdict(result: Advice) -> str:
    """Whether the table's best two moves are told apart, read from their paired difference (best
    minus second over the same rollouts) and its 95% interval — not from whether their own intervals
    overlap."""
    best, second = result.actions[0], result.actions[1]
    moves = {"best": result.words(best.action), "second": result.words(second.action)}
    if any({best.action, second.action} <= set(tie.actions) for tie in result.ties):
        return render(
            "{best} and {second} have the same result in every rollout: no number of rollouts tells them apart", **moves
        )
    gap, low, high = -second.vs_best, -second.vs_best_high, -second.vs_best_low
    difference = Message(
        "best minus second = {gap:+.2f} ({level} CI {low:+.2f} to {high:+.2f}, n = {n:,})",
        gap=float(gap),
        level=percent(0.95),
        low=float(low),
        high=float(high),
        n=result.rollouts,
    )
    if told_apart(result):
        return render(
            "{best} beats {second}: {difference} excludes 0, so they are told apart", difference=difference, **moves
        )
    return render("{best} and {second} are not yet told apart: {difference} includes 0", difference=difference, **moves)


def told_apart(result: Advice) -> bool:
    """Whether the paired interval of the second-best move minus the best lies wholly below 0."""
    return result.actions[1].vs_best_high < 0


def rollouts_to_tell_apart(result: Advice) -> int | None:
    """About how many rollouts per move make the paired interval of the best two exclude 0, if the
    mean difference and the spread of the per-rollout differences stay where they are: its half-width
    must shrink below the gap, and widths go as 1/√n (fewer than now when it excludes 0 already). None
    when the gap is 0 (no number of rollouts separates them)."""
    second = result.actions[1]
    gap = -second.vs_best
    if gap <= 0:
        return None
    return rollouts_for(half_width(second.vs_best_low, second.vs_best_high), result.rollouts, gap)


def told_apart_from_best(result: Advice) -> int:
    """How many moves' paired intervals with the best lie wholly below 0: the moves told apart from it."""
    return sum(value.vs_best_high < 0 for value in result.actions[1:])


def half_width(low: float, high: float) -> float:
    return (high - low) / 2


def widths(
    game: Game,
    rollouts: Iterable[int],
    policy: str = "heuristic",
    seed: int = 0,
    steps: Callable[[list[int]], Iterable[int]] = iter,
) -> list[dict]:
    """For each number of rollouts n: the advisor's best action, its estimate and the half-width of
    its 95% interval, and the same for the runner-up; whether the two intervals overlap; the paired
    difference best minus runner-up ("gap") with its interval, and whether that tells them apart."""
    return [width_row(advise(game, rollouts=n, policy=policy, seed=seed)) for n in steps(list(rollouts))]


def widths_for(name: str, rollouts: Iterable[int], policy: str | None = None) -> list[dict]:
    """`widths` for the lesson's position of game `name`, from the kept tables (`advice`)."""
    return [width_row(advice(name, n, policy)) | {"game": POSITIONS[name].title} for n in rollouts]


def width_row(result: Advice) -> dict:
    best, second = result.actions[0], result.actions[1]
    return {
        "rollouts": result.rollouts,
        "best": result.words(best.action),
        "best_value": best.difference,
        "best_half_width": half_width(best.difference_low, best.difference_high),
        "second": result.words(second.action),
        "second_value": second.difference,
        "second_half_width": half_width(second.difference_low, second.difference_high),
        "overlap": best.difference_low <= second.difference_high,
        "gap": -second.vs_best,  # best minus second, paired over the same rollouts
        "gap_low": -second.vs_best_high,
        "gap_high": -second.vs_best_low,
        "gap_half_width": half_width(second.vs_best_low, second.vs_best_high),
        "told_apart": told_apart(result),
        "seconds": result.seconds,
    }


#: the columns of `table` and `width_row` as a learner's table heads them (`widgets.charts.table(...,
#: words=True)`: "best_half_width" reads "best half width"); code keeps the names
COLUMN_WORDS = (
    N_("action"),
    N_("score difference"),
    N_("low"),
    N_("high"),
    N_("vs best"),
    N_("vs best low"),
    N_("vs best high"),
    N_("win chance"),
    N_("rollouts"),
    N_("best"),
    N_("best value"),
    N_("best half width"),
    N_("predicted"),
    N_("second"),
    N_("overlap"),
    N_("gap"),
    N_("gap low"),
    N_("gap high"),
    N_("told apart"),
    N_("game"),
)
#: the two moves of `own_intervals`, as a chart's legend names them
MOVES = {"best": N_("best"), "second": N_("second")}


def move_words() -> list[str]:
    """The legend's words for the best and the second move, in the language in force, in that order."""
    return [gettext(words) for words in MOVES.values()]


def own_intervals(rows: pl.DataFrame) -> pl.DataFrame:
    """`widths` rows as one row per number of rollouts and move (the best, the second): its estimate
    and its own 95% interval, `move` in the learner's words and `label` naming the move, for a chart."""
    return pl.concat(
        [
            rows.select(
                "rollouts",
                move=pl.lit(gettext(words)),
                action=move,
                value=f"{move}_value",
                half=f"{move}_half_width",
            )
            for move, words in MOVES.items()
        ]
    ).with_columns(
        low=pl.col("value") - pl.col("half"),
        high=pl.col("value") + pl.col("half"),
        label=pl.col("move") + ": " + pl.col("action"),
    )


def rollouts_for(half_width_now: float, rollouts_now: int, half_width_wanted: float) -> int:
    """The rollouts needed to shrink an interval from `half_width_now` (with `rollouts_now`) to
    `half_width_wanted`: the width goes as 1/√n, so n grows with the square of the shrinking."""
    return math.ceil(round(rollouts_now * (half_width_now / half_width_wanted) ** 2, 9))  # round: float noise


def table(advice: Advice, top: int = 8) -> list[dict]:
    """The advisor's table as rows for a frame: the `top` actions, best first, each with its own
    estimate and interval and its paired difference to the best ("vs best") with that interval.
    The column names stay English in code (code selects columns by them; `widgets.charts.table(...,
    words=True)` heads them in the learner's language); the moves are in the learner's words."""
    return [
        {
            "action": advice.words(value.action),
            "score difference": round(value.difference, 2),
            "low": round(value.difference_low, 2),
            "high": round(value.difference_high, 2),
            "vs best": round(value.vs_best, 2),
            "vs best low": round(value.vs_best_low, 2),
            "vs best high": round(value.vs_best_high, 2),
            "win chance": round(value.win, 3),
            "n": value.n,
        }
        for value in advice.actions[:top]
    ]
