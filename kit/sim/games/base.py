"""The shape every game's simulation adapter has, and the columns every frame shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from kit.bots import RandomBot
from kit.core import Game

#: (name, polars type, meaning): one per column, in frame order
Column = tuple[str, Any, str]

#: record="games": one row per game
GAMES_COLUMNS: list[Column] = [
    ("game", pl.Int64, "the game's index i in the run, 0 to N-1 (its chance comes from the run's seed and i alone)"),
    ("seed", pl.Int64, "the engine seed of this game: `Game(seed=...)` deals it again"),
    ("players", pl.Int64, "players at the table"),
    ("bots", pl.List(pl.String), "the bot at each seat (seat 0 first), with its parameters if any"),
    ("scores", pl.List(pl.Int64), "each seat's final score (in a game of partners, the team's)"),
    ("winners", pl.List(pl.Int64), "the seats that won (several on a tie)"),
    ("steps", pl.Int64, "actions taken in the game"),
    ("capped", pl.Boolean, "true if the game was stopped by the step cap before its end (never a rule)"),
]

#: record="decisions": the columns every game's decision rows start with
DECISION_COLUMNS: list[Column] = [
    ("game", pl.Int64, "the game's index i in the run"),
    ("seed", pl.Int64, "the engine seed of the game"),
    ("players", pl.Int64, "players at the table"),
    ("step", pl.Int64, "the decision's place in the game: how many actions came before it"),
    ("player", pl.Int64, "the seat that decided"),
    ("bot", pl.String, "the bot at that seat, with its parameters if any"),
]


class Recorder:
    """Watches one game: `before` sees each action just before it is applied; `rows` gives the
    game's decision rows at the end, whole: `head` (game index, seed, players), then step, player,
    the player's bot label, then the game's own decision columns."""

    def __init__(self, game: Game, head: tuple, labels: list[str]):
        self.game, self.head, self.labels = game, head, labels

    def before(self, step: int, player: int, action: Any) -> None:
        raise NotImplementedError

    def rows(self) -> list[tuple]:
        raise NotImplementedError


@dataclass(frozen=True)
class SimGame:
    """A game as `simulate` sees it."""

    name: str
    new_game: Callable[..., Game]  # new_game(players=, seed=, components=, **settings)
    default_players: int
    heuristic: type  # the game's heuristic bot (its keyword arguments are its named parameters)
    settings_columns: list[Column]  # settings recorded in every games row
    decision_columns: list[Column]  # after DECISION_COLUMNS
    recorder: type[Recorder]
    extra_bots: dict[str, Callable[..., Any]] = field(default_factory=dict)

    def make_bot(self, name: str, params: dict[str, Any], seed: int):
        if name == "random":
            if params:
                raise ValueError("the random bot takes no parameters")
            return RandomBot(seed)
        if name == "heuristic":
            return self.heuristic(**params)
        if name in self.extra_bots:
            return self.extra_bots[name](seed=seed, **params)
        known = ", ".join(["random", "heuristic", *self.extra_bots])
        raise ValueError(f"{self.name} has no bot {name!r} (known: {known})")

    def games_schema(self) -> dict[str, Any]:
        return {name: dtype for name, dtype, _ in GAMES_COLUMNS + self.settings_columns}

    def decisions_schema(self) -> dict[str, Any]:
        return {name: dtype for name, dtype, _ in DECISION_COLUMNS + self.decision_columns}
