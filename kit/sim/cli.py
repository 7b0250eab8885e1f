"""`python -m kit.sim`: simulate games and write them to a parquet file that says how it was made.

    python -m kit.sim GAME --games 100000 --bots heuristic,random --record decisions --out x.parquet
    python -m kit.sim GAME --games 2000 --players 3,4,5,6 --record decisions --processes 2 --out s.parquet
    python -m kit.sim GAME --games 5000 --scheduler tls://10.0.0.5:8786 \\
        --tls-ca-file ca.pem --tls-cert client.pem --tls-key client-key.pem --out o.parquet

GAME is one of `kit.games.names()`; docs/simulation.md has a command for each game.

The file's metadata holds the command (every option that decides the rows written out, defaults
included), the seed, the tablekit version and the sha256 of the component data; running the command
again writes the same rows. How the work was spread (--processes, --scheduler) never changes them.
Columns: docs/simulation.md. A bad argument gets one line (and exit code 2), never a traceback.
A Dask cluster runs whatever code its clients send: reach it only over TLS with certificates
(docs/simulation.md, "A Dask cluster, safely").
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from importlib import metadata as package_metadata
from pathlib import Path

import polars as pl

from kit.bots.arena import parse_settings, whole_number

from .arguments import MAX_GAMES, BadArgument, parse_player_counts
from .bots import parse_bots
from .components import component_hash
from .executors import client_security
from .games import GAME_NAMES, sim_game
from .run import RECORDS
from .simulate import check_run, play, prepare

META = "tablekit."  # prefix of every metadata key this command writes


def tablekit_version() -> str:
    try:
        return package_metadata.version("tablekit")
    except package_metadata.PackageNotFoundError:  # pragma: no cover - a plain checkout on sys.path
        return "unknown"


def _players(text: str) -> list[int]:
    try:
        return parse_player_counts(text)
    except BadArgument as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m kit.sim", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument(
        "--games", type=whole_number(0, MAX_GAMES), required=True, help=f"how many games (at most {MAX_GAMES:,})"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed: game i is dealt from (seed, i) (default 0)")
    p.add_argument(
        "--players",
        type=_players,
        help="players per game, or a list such as 3,4,5,6 used in turn (default: the game's)",
    )
    p.add_argument(
        "--bots", default="heuristic,random", help="bots, seats rotating; e.g. 'heuristic(keep_value=1.0),random'"
    )
    p.add_argument("--record", choices=RECORDS, default="games", help="a row per game, or per decision")
    p.add_argument("--components", help="a folder with an edited copy of datasets/<game>/")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game setting, e.g. rounds=1")
    p.add_argument("--out", required=True, help="the parquet file to write")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--processes", type=whole_number(1), help="play in this many local processes")
    where.add_argument("--scheduler", help="play on a Dask cluster, e.g. tls://10.0.0.5:8786 (see docs/simulation.md)")
    p.add_argument(
        "--chunk-size", type=whole_number(1), help="games per task (default: chosen from the number of workers)"
    )
    tls = p.add_argument_group("TLS to the Dask cluster (a tls:// scheduler; all three are needed)")
    tls.add_argument("--tls-ca-file", help="the certificate authority that signed the cluster's certificates (PEM)")
    tls.add_argument("--tls-cert", help="this client's certificate (PEM), signed by that authority")
    tls.add_argument("--tls-key", help="this client's private key (PEM)")
    p.add_argument(
        "--connect-seconds", type=whole_number(1, 600), default=30, help="how long to try to reach the scheduler"
    )
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
    p = parser()
    args = p.parse_args(argv)
    security = _security(p, args)
    try:  # every argument is checked (game 0 dealt, its bots made) before anything is played
        settings = parse_settings(args.set)
        players = args.players or [sim_game(args.game).default_players]
        plan = prepare(args.game, args.seed, players, parse_bots(args.bots), args.components, args.record, **settings)
        check_run(args.games, args.processes, args.chunk_size)
    except ValueError as error:  # BadArgument, ComponentError: the message names what is wrong
        p.error(str(error))
    client = None
    if args.scheduler:
        from distributed import Client

        try:
            client = Client(args.scheduler, security=security, timeout=args.connect_seconds)
        except (OSError, TimeoutError, ValueError) as error:
            p.exit(1, f"{p.prog}: error: cannot reach the scheduler {args.scheduler}: {error}\n")
    executor = client if client is not None else args.processes
    start = time.perf_counter()
    try:
        progress = False if args.no_progress else None
        frame = play(plan, args.games, executor, progress=progress, chunk_size=args.chunk_size)
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


def _security(p: argparse.ArgumentParser, args: argparse.Namespace):
    """The `distributed.Security` of a tls:// scheduler (None for tcp:// and local runs)."""
    files = {"--tls-ca-file": args.tls_ca_file, "--tls-cert": args.tls_cert, "--tls-key": args.tls_key}
    given = [name for name, value in files.items() if value]
    scheme = (args.scheduler or "").partition("://")[0]
    if given and scheme != "tls":
        p.error(f"{', '.join(given)} need a tls:// scheduler (--scheduler tls://HOST:8786)")
    if scheme != "tls":
        return None
    if len(given) < len(files):
        missing = ", ".join(name for name in files if name not in given)
        p.error(f"a tls:// scheduler needs --tls-ca-file, --tls-cert and --tls-key (missing: {missing})")
    for name, value in files.items():
        if not Path(value).is_file():
            p.error(f"{name}: no file {value}")
    return client_security(args.tls_ca_file, args.tls_cert, args.tls_key)


def read_info(path: str | Path) -> dict[str, str]:
    """The tablekit metadata of a file written by `python -m kit.sim` (command, seed, version, ...)."""
    raw = pl.read_parquet_metadata(path)
    return {key[len(META) :]: value for key, value in raw.items() if key.startswith(META)}
