"""Reviewing a game: its moves as one seat read them, each of that seat's decisions valued by the
advisor, and new practice games branched from any moment.

    >>> from kit.games import game_type, names          # any game: this layer names none of them
    >>> from kit.sim.review import Review
    >>> game = game_type(names()[0])(seed=5, rounds=1)
    >>> while not game.is_over and len(game.history) < 6:
    ...     game.apply(game.legal_actions()[0])
    >>> review = Review(game, reader=0)
    >>> len(review.moves) == len(game.history), review.view(0) == type(game)(game.settings).view(0)
    (True, True)
    >>> review.decisions[:2]                            # the reader's own actions, by step
    [0, 1]

A review is fair: it shows each moment as `reader` saw it then (`Game.view`, and the events as
`Game.describe` words them for that seat), so it holds nothing more than the board showed at the
time. Only when told (`everything=True`: the open teaching mode, or a finished game a teacher opens
up) does it show every hand.

The evaluation of a decision is the advisor's (kit.sim.advice) in the position before it, from the
reader's information only (hidden cards redealt in every rollout): the expected final score
difference and win chance of the action taken, each with its 95% interval, and what it cost
against the advisor's best action, a paired difference over the same redeals.

"Play from here" (`practice_from`) starts a new game at a moment of the review: what the reader
could not see is redealt from the reader's information, as the advisor's determinization does,
so the new game cannot tell the real hidden cards; its seed is new, and undo and replay go back
to that moment and no further. Its save file holds that start as data (`kit.core.saves`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from kit.core import Chance, Event, Game
from kit.core.practice import started_at

from .advice import ActionValue, Advice, advise
from .stats import mean_interval

#: the most rollouts per action a review evaluates (a value from the page is held to this)
MAX_ROLLOUTS = 1000
MIN_ROLLOUTS = 2


def bounded_rollouts(rollouts: Any) -> int:
    """A number of rollouts per action, refused (ValueError) outside 2 to `MAX_ROLLOUTS`."""
    if not isinstance(rollouts, int) or isinstance(rollouts, bool) or not MIN_ROLLOUTS <= rollouts <= MAX_ROLLOUTS:
        raise ValueError(f"rollouts must be a whole number from {MIN_ROLLOUTS} to {MAX_ROLLOUTS}, not {rollouts!r}")
    return rollouts


@dataclass(frozen=True)
class Move:
    """One action of the game as the review's reader read it."""

    step: int  # its index in the game's history (the position after it is step + 1)
    actor: int | None
    lines: tuple[str, ...]  # its events, worded for the reader
    events: tuple[dict[str, Any], ...]  # the same events as the reader may read them
    mine: bool  # one of the reader's own decisions


@dataclass(frozen=True)
class Evaluation:
    """The advisor's verdict on one of the reader's decisions."""

    step: int
    played: ActionValue
    best: ActionValue
    advice: Advice

    @property
    def cost(self) -> tuple[float, float, float]:
        """The points the action taken cost against the advisor's best (paired): (cost, low, high),
        0 for the best itself."""
        played = self.played
        return -played.vs_best, -played.vs_best_high, -played.vs_best_low

    def row(self) -> dict[str, Any]:
        """JSON-ready: the action taken, its estimates and intervals, the best action and the cost."""
        cost, low, high = self.cost
        played, best = self.played, self.best
        return {
            "step": self.step,
            "action": played.action,
            "best": best.action,
            "n": played.n,
            "difference": round(played.difference, 2),
            "difference_low": round(played.difference_low, 2),
            "difference_high": round(played.difference_high, 2),
            "win": round(played.win, 4),
            "win_low": round(played.win_low, 4),
            "win_high": round(played.win_high, 4),
            "cost": round(cost, 2),
            "cost_low": round(low, 2),
            "cost_high": round(high, 2),
            "choices": len(self.advice.actions),
        }


class Review:
    """A game replayed move by move for `reader` (a seat; None: the all-seeing teaching view).

    everything=True shows every hand and every secret event (the open teaching mode, or a finished
    game opened up by a teacher); otherwise `reader` must be a seat. `seat` is whose decisions are
    evaluated (default `reader`).
    """

    def __init__(self, game: Game, reader: int | None, everything: bool = False, seat: int | None = None):
        if reader is None and not everything:
            raise ValueError("a review without everything shown is read by a seat")
        self.game_type = type(game)
        self.settings = game.settings
        self.actions = list(game.history)
        self.reader = reader
        self.everything = everything
        self.seat = reader if seat is None else seat
        replay = self.game_type(self.settings)
        self._views = [self._view_of(replay)]
        self.opening_events = tuple(self._read(replay, 0, len(replay.log)))
        self.opening = tuple(event["text"] for event in self.opening_events)
        moves = []
        for step, action in enumerate(self.actions):
            actor, start = replay.current_player, len(replay.log)
            replay.apply(action)
            events = self._read(replay, start, len(replay.log))
            moves.append(Move(step, actor, tuple(e["text"] for e in events), tuple(events), actor == self.seat))
            self._views.append(self._view_of(replay))
        self.moves = moves
        self.decisions = [move.step for move in moves if move.mine and self.seat is not None]
        self.is_over = replay.is_over
        self._replay = replay  # words the events again (`worded`): its describe needs only the event

    def worded(self, events) -> tuple[str, ...]:
        """The sentences of `events` (a move's or the opening's), worded now: in the language in
        force, which may not be the one the review was made in (`Move.lines`)."""
        return tuple(self._replay.describe(event, self.reader) for event in events)

    def _view_of(self, game: Game) -> dict[str, Any]:
        return game.open_view() if self.everything else game.view(self.reader)

    def _read(self, game: Game, start: int, end: int) -> list[dict[str, Any]]:
        reader = None if self.everything else self.reader
        out = []
        for entry in game.log[start:end]:
            event = Event(*entry)
            shown = event.everything() if self.everything else event.visible_to(reader)
            shown["text"] = game.describe(shown, self.reader)
            out.append(shown)
        return out

    def __len__(self) -> int:
        """The number of moments: the start, and the position after each action."""
        return len(self._views)

    def view(self, moment: int) -> dict[str, Any]:
        """What the reader saw after `moment` actions (0: the start)."""
        return self._views[self._moment(moment)]

    def _moment(self, moment: int) -> int:
        if not isinstance(moment, int) or isinstance(moment, bool) or not 0 <= moment < len(self._views):
            raise ValueError(f"a moment of this game is a number from 0 to {len(self._views) - 1}, not {moment!r}")
        return moment

    def position(self, moment: int) -> Game:
        """The real game after `moment` actions: for evaluations and branching in Python only (it
        holds every hidden card; nothing of it is shown without `everything`)."""
        return self.game_type.replay(self.settings, self.actions[: self._moment(moment)])

    # ------------------------------------------------------------------ evaluations
    def evaluate(
        self,
        step: int,
        rollouts: int,
        policy: Any = "heuristic",
        seed: int = 0,
        engine: str = "auto",
        progress: Callable[[int, int], None] | None = None,
    ) -> Evaluation:
        """The advisor's verdict on the reader's decision at `step`, from the seat's information
        only (hidden cards redealt), the per-rollout results kept for `what_if`."""
        if step not in self.decisions:
            raise ValueError(f"step {step!r} is not one of player {self.seat}'s decisions")
        position = self.position(step)
        advice = advise(
            position,
            self.seat,
            bounded_rollouts(rollouts),
            policy,
            seed=seed,
            engine=engine,
            progress=progress,
            keep_rollouts=True,
            explain_ties=False,  # a review shows no ties
        )
        taken = str(self.actions[step])
        played = next(value for value in advice.actions if value.action == taken)
        return Evaluation(step, played, advice.best, advice)

    def practice_from(self, moment: int, seed: int) -> Game:
        """A new game from `moment`, for practice: see `practice_from`."""
        return practice_from(self.position(moment), None if self.everything else self.seat, seed)


def biggest_costs(evaluations: list[Evaluation], count: int = 3) -> list[Evaluation]:
    """The `count` decisions that cost the most points against the advisor's best, biggest first
    (only those that cost something)."""
    costly = [e for e in evaluations if e.cost[0] > 0]
    return sorted(costly, key=lambda e: (-e.cost[0], e.step))[:count]


def what_if(evaluation: Evaluation, alternative: str, bins: int = 12) -> dict[str, Any]:
    """The alternative's rollouts beside the action taken, on the same redeals: each one's final
    score differences (mean, 95% interval, n, a histogram on shared bins) and the paired difference
    alternative minus taken."""
    advice = evaluation.advice
    order = [value.action for value in advice.actions]
    if alternative not in order:
        raise ValueError(f"{alternative!r} was not one of the choices at step {evaluation.step}")
    played = advice.differences[:, order.index(evaluation.played.action)]
    other = advice.differences[:, order.index(alternative)]
    edges = np.histogram_bin_edges(np.concatenate([played, other]), bins=bins)
    if edges[0] == edges[-1]:
        edges = np.array([edges[0] - 0.5, edges[0] + 0.5])

    def side(action: str, values: np.ndarray, wins: np.ndarray) -> dict[str, Any]:
        mean, low, high = mean_interval(values)
        counts, _ = np.histogram(values, bins=edges)
        return {
            "action": action,
            "n": int(values.size),
            "mean": round(mean, 2),
            "low": round(low, 2),
            "high": round(high, 2),
            "win": round(float(wins.mean()), 4),
            "counts": counts.tolist(),
        }

    paired, low, high = mean_interval(other - played)
    return {
        "step": evaluation.step,
        "edges": [round(float(edge), 2) for edge in edges],
        "played": side(evaluation.played.action, played, advice.wins[:, order.index(evaluation.played.action)]),
        "alternative": side(alternative, other, advice.wins[:, order.index(alternative)]),
        "paired": {"mean": round(paired, 2), "low": round(low, 2), "high": round(high, 2), "n": int(other.size)},
    }


# --------------------------------------------------------------------------- play from here
def practice_from(position: Game, reader: int | None, seed: int) -> Game:
    """A new game that starts at `position`, redealt from `reader`'s information (None: as it is,
    for the open teaching mode, where every card was shown).

    What `reader` could not see is redealt as `Game.determinize` does; the seed is `seed` (the real
    game's seed would rebuild the real deal). Its events before the new start read as `reader` read
    them, to anyone and in every mode (`Game.events`: the secrets of other seats belong to the real
    deal), while the rules go on reading the raw log as in any determinized copy; its save file
    holds them only as `reader` read them. Undo and replay start again from this moment
    (`kit.core.practice.started_at`, which loading its save file uses too).
    """
    chance = Chance(seed)
    start = position.clone() if reader is None else position.determinize(reader, chance)
    start.history = []
    start.settings = replace(position.settings, seed=seed)
    return started_at(start, reader)
