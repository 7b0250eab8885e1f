"""`python -m kit.sim`: simulate games and write them to a parquet file that says how it was made.

    python -m kit.sim GAME --games 100000 --bots heuristic,random --record decisions --out x.parquet
    python -m kit.sim GAME --games 2000 --players 3,4,5,6 --record decisions --processes 2 --out s.parquet
    python -m kit.sim GAME --games 5000 --scheduler tcp://10.0.0.5:8786 --out o.parquet

GAME is one of `kit.games.names()`; docs/simulation.md has a command for each game.

The file's metadata holds the command (every option that decides the rows written out, defaults
included), the seed, the tablekit version and the sha256 of the component data; running the command
again writes the same rows. How the work was spread (--processes, --scheduler) never changes them.
Columns: docs/simulation.md.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from importlib import metadata as package_metadata
from pathlib import Path

import polars as pl

from kit.bots.arena import parse_settings

from .bots import parse_bots
from .components import component_hash
from .games import GAME_NAMES, sim_game
from .run import RECORDS
from .simulate import simulate

META = "tablekit."  # prefix of every metadata key this command writes


def tablekit_version() -> str:
    try:
        return package_metadata.version("tablekit")
    except package_metadata.PackageNotFoundError:  # pragma: no cover - a plain checkout on sys.path
        return "unknown"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m kit.sim", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("--games", type=int, required=True, help="how many games")
    p.add_argument("--seed", type=int, default=0, help="the run's seed: game i is dealt from (seed, i) (default 0)")
    p.add_argument("--players", help="players per game, or a list such as 3,4,5,6 used in turn (default: the game's)")
    p.add_argument(
        "--bots", default="heuristic,random", help="bots, seats rotating; e.g. 'heuristic(keep_value=1.0),random'"
    )
    p.add_argument("--record", choices=RECORDS, default="games", help="a row per game, or per decision")
    p.add_argument("--components", help="a folder with an edited copy of datasets/<game>/")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game setting, e.g. rounds=1")
    p.add_argument("--out", required=True, help="the parquet file to write")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--processes", type=int, help="play in this many local processes")
    where.add_argument("--scheduler", help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786")
    p.add_argument("--chunk-size", type=int, help="games per task (default: chosen from the number of workers)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def command(args: argparse.Namespace, players: list[int]) -> str:
    """The canonical command: every option that decides the rows, spelled out."""
    parts = ["python", "-m", "kit.sim", args.game, "--games", str(args.games), "--seed", str(args.seed)]
    parts += ["--players", ",".join(map(str, players)), "--bots", ",".join(b.label for b in parse_bots(args.bots))]
    parts += ["--record", args.record]
    if args.components:
        parts += ["--components", args.components]
    for setting in sorted(args.set):
        parts += ["--set", setting]
    parts += ["--out", args.out]
    return shlex.join(parts)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    players = [int(p) for p in args.players.split(",")] if args.players else [sim_game(args.game).default_players]
    settings = parse_settings(args.set)
    client = None
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
    executor = client if client is not None else args.processes
    start = time.perf_counter()
    try:
        frame = simulate(
            args.game,
            games=args.games,
            seed=args.seed,
            players=players,
            bots=parse_bots(args.bots),
            components=args.components,
            record=args.record,
            executor=executor,
            progress=False if args.no_progress else None,
            chunk_size=args.chunk_size,
            **settings,
        )
    finally:
        if client is not None:
            client.close()
    seconds = time.perf_counter() - start
    info = {
        "command": command(args, players),
        "game": args.game,
        "record": args.record,
        "games": str(args.games),
        "seed": str(args.seed),
        "version": f"tablekit {tablekit_version()}",
        "components_sha256": component_hash(args.game, args.components),
        "columns": "docs/simulation.md",
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    frame.write_parquet(out, metadata={META + key: value for key, value in info.items()})
    print(f"{frame.height:,} rows from {args.games:,} games in {seconds:.1f} s -> {out}", file=sys.stderr)
    return 0


def read_info(path: str | Path) -> dict[str, str]:
    """The tablekit metadata of a file written by `python -m kit.sim` (command, seed, version, ...)."""
    raw = pl.read_parquet_metadata(path)
    return {key[len(META) :]: value for key, value in raw.items() if key.startswith(META)}
