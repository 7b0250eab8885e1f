"""Playing one chunk of a simulation: games `start` to `stop - 1` of a `Plan`, as row tuples.

A `Plan` holds everything that decides the rows, and nothing about how the work is spread, so any
executor (this process, local processes, Dask workers) turns the same plan into the same rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kit.bots.arena import DEFAULT_STEP_CAP

from .bots import BotSpec
from .components import Bundle, unpack
from .games import sim_game
from .seeding import bot_seed, game_seed

RECORDS = ("games", "decisions")


@dataclass(frozen=True)
class Plan:
    game: str  # a name of kit.games.names()
    seed: int
    players: tuple[int, ...]  # game i has players[i % len(players)] seats
    bots: tuple[BotSpec, ...]  # seat p of game i: bots[(p + i) % len(bots)], so seats rotate
    record: str  # games or decisions
    settings: tuple[tuple[str, Any], ...]  # further game settings (rounds, score_card, ...)
    components: Bundle
    step_cap: int = DEFAULT_STEP_CAP

    def seats(self, index: int) -> list[BotSpec]:
        players = self.players[index % len(self.players)]
        return [self.bots[(seat + index) % len(self.bots)] for seat in range(players)]


def play_chunk(plan: Plan, start: int, stop: int, progress: Callable[[int], Any] | None = None) -> list[tuple]:
    """The rows of games `start` to `stop - 1` (in the order of the frame's columns)."""
    sim = sim_game(plan.game)
    folder = unpack(plan.components)
    settings = dict(plan.settings)
    decisions = plan.record == "decisions"
    cap = plan.step_cap
    rows: list[tuple] = []
    for index in range(start, stop):
        seed = game_seed(plan.seed, index)
        specs = plan.seats(index)
        players = len(specs)
        game = sim.new_game(players=players, seed=seed, components=folder, **settings)
        bots = [
            sim.make_bot(spec.name, dict(spec.params), bot_seed(plan.seed, index, p)) for p, spec in enumerate(specs)
        ]
        labels = [spec.label for spec in specs]
        recorder = sim.recorder(game, (index, seed, players), labels) if decisions else None
        steps = 0
        apply = game.apply
        if recorder is None:
            while not game.is_over and steps < cap:
                apply(bots[game.current_player].choose(game))
                steps += 1
        else:
            before = recorder.before
            while not game.is_over and steps < cap:
                player = game.current_player
                action = bots[player].choose(game)
                before(steps, player, action)
                apply(action)
                steps += 1
        if decisions:
            rows.extend(recorder.rows())
        else:
            over = game.is_over
            rows.append(
                (index, seed, players, labels, game.scores(), game.winners() if over else [], steps, not over,
                 *(getattr(game.settings, name) for name, _, _ in sim.settings_columns))
            )  # fmt: skip
        if progress is not None:
            progress(1)
    return rows
