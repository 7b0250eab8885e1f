"""`simulate`: many seeded games played by bots, returned as one polars DataFrame.

    >>> from kit.sim import simulate, bot
    >>> from kit.games import names                  # every game: this layer names none of them
    >>> games = simulate(names()[0], games=10, seed=1, bots=["heuristic", "random"], progress=False)
    >>> games.height, games.columns[:6]              # one row per game
    (10, ['game', 'seed', 'players', 'bots', 'scores', 'winners'])
    >>> bold = bot("heuristic", keep_value=1.0)     # the game's heuristic bot, a parameter changed
    >>> moves = simulate(names()[2], games=4, record="decisions", bots=[bold, "random"], progress=False)
    >>> sorted(set(moves["bot"]))                    # one row per decision, with the bot that made it
    ['heuristic(keep_value=1.0)', 'random']

The columns of each record are listed, with their meaning, in docs/simulation.md (`columns()` gives
them in code).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import polars as pl

from kit.bots.arena import DEFAULT_STEP_CAP
from kit.core import ComponentError
from kit.core.game import is_whole, short

from .arguments import MAX_GAMES, BadArgument, player_counts, whole
from .bots import BotSpec, as_spec
from .components import bundle
from .executors import check_executor, run
from .games import GAMES_COLUMNS, sim_game
from .games.base import DECISION_COLUMNS
from .run import RECORDS, Plan

#: simulations of unknown length show a progress bar only once they have run this long (seconds)
PROGRESS_DELAY = 1.0


def simulate(
    game: str,
    games: int = 1000,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    bots: Sequence[str | BotSpec] = ("heuristic", "random"),
    components: str | os.PathLike | None = None,
    record: str = "games",
    executor: Any = None,
    progress: bool | Callable[[int, int], Any] | None = None,
    chunk_size: int | None = None,
    step_cap: int = DEFAULT_STEP_CAP,
    **settings: Any,
) -> pl.DataFrame:
    """Play `games` games of `game` (a name of `kit.games.names()`) and return them as data.

    - seed: game i is dealt from (seed, i) alone, so the frame is the same row for row whatever
      executor, chunk size or number of workers ran it.
    - players: seats per game (default: the game's own, its Settings' default); a list makes game i
      use players[i % len(players)].
    - bots: names ("heuristic", "random") or `bot(name, **parameters)`; seat p of game i gets
      bots[(p + i) % len(bots)], so every bot sits in every seat equally often.
    - components: a folder with an edited copy of datasets/<game>/ (see `edited_copy`).
    - record: "games" (one row per game) or "decisions" (one row per decision, with what the
      deciding player could see and what came of it).
    - executor: None (this process), k (k local processes), or a `dask.distributed.Client`.
    - progress: a tqdm bar (a widget in Jupyter, text in a terminal); None shows it only if the run
      takes over a second, False never. In notebooks checked by nbval, pass False in cells whose
      output is compared. A function instead is called as progress(games done, games) as the run
      goes (the notebooks' explorers, widgets/probability.py, draw their own bar with it).
    - chunk_size: games per task for local processes or Dask (default: chosen from the workers).
    - step_cap: a game stopped after this many actions is recorded as capped (never a rule).
    - settings: further settings of the game (the fields of its Settings), e.g. rounds=3.

    Every argument is checked before a game is played: a bad one raises `BadArgument` (a
    ValueError naming the argument; `ComponentError` for a bad component folder). At most
    `MAX_GAMES` games (ten million) per call: every row comes back into one frame in memory.
    """
    check_run(games, executor, chunk_size)  # before game 0 is dealt in `prepare`
    plan = prepare(game, seed, players, bots, components, record, step_cap, **settings)
    return play(plan, games, executor, progress, chunk_size)


def prepare(
    game: str,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    bots: Sequence[str | BotSpec] = ("heuristic", "random"),
    components: str | os.PathLike | None = None,
    record: str = "games",
    step_cap: int = DEFAULT_STEP_CAP,
    **settings: Any,
) -> Plan:
    """The checked `Plan` of a simulation (arguments as `simulate`'s): a bad argument raises
    `BadArgument` (or `ComponentError` for a bad component folder) here, before any game is played."""
    sim = sim_game(game)
    if record not in RECORDS:
        raise BadArgument(f"record must be one of {', '.join(RECORDS)}, not {short(record)}")
    if not is_whole(seed):
        raise BadArgument(f"seed must be a whole number, not {short(seed)}")
    whole("step_cap", step_cap, 1)
    if isinstance(bots, (str, BotSpec)):
        bots = [bots]
    specs = tuple(as_spec(b) for b in bots)
    if not specs:
        raise BadArgument("give at least one bot")
    counts = player_counts(players, sim.default_players)
    for reserved in ("seed", "players", "components"):
        settings.pop(reserved, None)
    plan = Plan(game, seed, counts, specs, record, tuple(sorted(settings.items())), bundle(game, components), step_cap)
    _check(plan)
    return plan


def play(
    plan: Plan,
    games: int,
    executor: Any = None,
    progress: bool | Callable[[int, int], Any] | None = None,
    chunk_size: int | None = None,
) -> pl.DataFrame:
    """The frame of `plan`'s first `games` games (see `simulate` for the other arguments)."""
    check_run(games, executor, chunk_size)
    if callable(progress):
        update = _counting(progress, games)
        bar = None
    else:
        bar = _progress_bar(games, progress, f"{plan.game} ({plan.record})")
        update = bar.update if bar is not None else None
    try:
        rows = run(plan, games, executor, update, chunk_size)
    finally:
        if bar is not None:
            bar.close()
    return _frame(rows, schema(plan.game, plan.record))


def _frame(rows: list[tuple], columns: dict[str, Any]) -> pl.DataFrame:
    """Rows as a frame, built column by column (five times faster than polars' row orientation)."""
    values = zip(*rows) if rows else [() for _ in columns]
    return pl.DataFrame(
        [pl.Series(name, list(column), dtype=dtype) for (name, dtype), column in zip(columns.items(), values)]
    )


def schema(game: str, record: str) -> dict[str, Any]:
    """Column names and polars types of a record, in frame order."""
    sim = sim_game(game)
    return sim.games_schema() if record == "games" else sim.decisions_schema()


def columns(game: str, record: str) -> list[tuple[str, Any, str]]:
    """(name, polars type, meaning) of every column of a record: the source of docs/simulation.md."""
    sim = sim_game(game)
    if record == "games":
        return GAMES_COLUMNS + sim.settings_columns
    return DECISION_COLUMNS + sim.decision_columns


def check_run(games: int, executor: Any, chunk_size: int | None) -> None:
    """How much to play and where: BadArgument unless `simulate` could run it."""
    whole("games", games, 0, MAX_GAMES)
    if chunk_size is not None:
        whole("chunk_size", chunk_size, 1)
    check_executor(executor)


def _check(plan: Plan) -> None:
    """Fail here, with a clear message, rather than in a worker: deal game 0 and make its bots."""
    sim = sim_game(plan.game)
    from .components import unpack

    for players in plan.players:
        try:
            sim.new_game(players=players, seed=0, components=unpack(plan.components), **dict(plan.settings))
        except ComponentError:
            raise
        except (TypeError, ValueError) as error:  # the game's own check of its settings
            raise BadArgument(f"{plan.game}: {error}") from None
    for spec in plan.bots:
        try:
            sim.make_bot(spec.name, dict(spec.params), 0)
        except (TypeError, ValueError) as error:
            raise BadArgument(f"bot {spec.label}: {error}") from None


def _counting(report: Callable[[int, int], Any], games: int) -> Callable[[int], None]:
    done = 0
    report(0, games)

    def update(finished: int) -> None:
        nonlocal done
        done += finished
        report(done, games)

    return update


def _progress_bar(games: int, progress: bool | None, label: str):
    if progress is False or games == 0:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=games, desc=label, unit="game", delay=0 if progress else PROGRESS_DELAY, leave=bool(progress))
