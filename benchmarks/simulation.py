"""Benchmarks of kit.sim: what recording costs, and what more processes or a Dask cluster buy.

    python benchmarks/simulation.py                  # everything (a few minutes on 2 cores)
    python benchmarks/simulation.py --only overhead  # or: --only scaling
    python benchmarks/simulation.py --games 5000     # scaling on fewer rounds (noisier)

1. Overhead: the same games (same seeds, same bots) played by a bare loop — the arena's
   `play_game`, no rows kept — and by `simulate(record="games")` and `simulate(record="decisions")`
   (frame building included). Targets: games <= 10%, decisions <= 35% over the bare playouts.
2. Scaling: 20,000 one-round Lost Cities games (heuristic against random) in this process, in 2 local
   processes and on a 2-worker Dask LocalCluster (started beforehand; its start-up time is printed
   apart). Targets: 2 processes >= 1.7x, the cluster >= 1.5x one process. Each run also checks
   that the frame equals the serial one.

Each figure is the best of `--repeats` runs. On a machine shared with other work the figures are
noisy, and the speed-ups can only be as good as the cores that are free: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kit.bots.arena import play_game  # noqa: E402
from kit.sim import simulate  # noqa: E402
from kit.sim.bots import as_spec  # noqa: E402
from kit.sim.games import sim_game  # noqa: E402
from kit.sim.seeding import bot_seed, game_seed  # noqa: E402

OVERHEAD_CASES = [  # game, games, players, settings: about 1.5 s of bare play each, so noise stays small
    ("lost-cities", 2000, 2, {"rounds": 1}),
    ("samoa", 400, 4, {}),
    ("overbooking", 750, 3, {}),
]
BOTS = ("heuristic", "random")


def best(seconds: list[float]) -> float:
    return min(seconds)


def bare(game: str, games: int, players: int, settings: dict, seed: int = 0) -> None:
    """The same games as simulate plays, with nothing recorded."""
    sim = sim_game(game)
    specs = [as_spec(b) for b in BOTS]
    for index in range(games):
        table = sim.new_game(players=players, seed=game_seed(seed, index), **settings)
        seats = [specs[(p + index) % len(specs)] for p in range(players)]
        bots = [sim.make_bot(s.name, dict(s.params), bot_seed(seed, index, p)) for p, s in enumerate(seats)]
        play_game(table, bots)


def timed(function, repeats: int) -> float:
    """Best wall-clock seconds of `repeats` runs."""
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        runs.append(time.perf_counter() - start)
    return best(runs)


def cpu_timed(function, repeats: int) -> tuple[float, float]:
    """Best (CPU seconds of this process, wall seconds) of `repeats` runs. On a shared machine the
    CPU time is the fair measure of one process's work; wall time includes waiting for a core."""
    cpu, wall = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return best(cpu), best(wall)


def verdict(value: float, target: float, higher_is_better: bool) -> str:
    ok = value >= target if higher_is_better else value <= target
    return "meets" if ok else "MISSES"


def overhead(repeats: int) -> None:
    print(f"\n1. simulate overhead over bare playouts (same seeds, same bots {'/'.join(BOTS)}; best of {repeats} runs;")
    print("   CPU seconds of this process, which other work on the machine does not inflate; wall seconds beside)")
    for game, games, players, settings in OVERHEAD_CASES:
        base, base_wall = cpu_timed(lambda: bare(game, games, players, settings), repeats)  # noqa: B023
        for record, target in (("games", 0.10), ("decisions", 0.35)):
            options = dict(games=games, players=players, bots=BOTS, record=record, progress=False, **settings)
            run, run_wall = cpu_timed(lambda: simulate(game, **options), repeats)  # noqa: B023
            extra = run / base - 1
            print(
                f"   {game:<12} {games:>4} games  bare {base:5.2f} s  record={record:<9} {run:5.2f} s  "
                f"overhead {extra:+6.1%}  target <= {target:.0%}: {verdict(extra, target, False):<6}  "
                f"(wall {base_wall:5.2f} s / {run_wall:5.2f} s)",
                flush=True,
            )


def scaling(games: int, repeats: int) -> None:
    print(f"\n2. {games:,} one-round Lost Cities games, heuristic against random (best of {repeats} runs)")
    options = dict(games=games, seed=0, rounds=1, bots=BOTS, progress=False)
    reference = None

    def serial():
        nonlocal reference
        reference = simulate("lost-cities", **options)

    one = timed(serial, repeats)
    print(f"   one process          {one:6.1f} s   {games / one:7.0f} games/s", flush=True)
    frames = {}

    def local():
        frames["local"] = simulate("lost-cities", executor=2, **options)

    two = timed(local, repeats)
    same = frames["local"].equals(reference)
    print(
        f"   2 local processes    {two:6.1f} s   {games / two:7.0f} games/s   speed-up {one / two:4.2f}x   "
        f"target >= 1.70x: {verdict(one / two, 1.7, True)}   same frame: {same}",
        flush=True,
    )
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            client.run(lambda: __import__("kit.sim.run"))  # workers import the simulation code before timing
            started = time.perf_counter() - start

            def dask():
                frames["dask"] = simulate("lost-cities", executor=client, **options)

            cluster_time = timed(dask, repeats)
    same = frames["dask"].equals(reference)
    print(
        f"   2-worker LocalCluster {cluster_time:5.1f} s   {games / cluster_time:7.0f} games/s   "
        f"speed-up {one / cluster_time:4.2f}x   target >= 1.50x: {verdict(one / cluster_time, 1.5, True)}   "
        f"same frame: {same}   (cluster start-up {started:.1f} s, not counted)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["overhead", "scaling"])
    parser.add_argument("--games", type=int, default=20_000, help="rounds for the scaling benchmark (default 20,000)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} logical cores, "
        f"load average {load:.1f} at start"
    )
    if args.only in (None, "overhead"):
        overhead(args.repeats)
    if args.only in (None, "scaling"):
        scaling(args.games, args.repeats)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    busy = f" (above {os.cpu_count()}: other work shared the cores)" if load > (os.cpu_count() or 1) else ""
    print(f"\nload average {load:.1f} at the end{busy}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
