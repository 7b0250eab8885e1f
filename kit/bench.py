"""Benchmarks: full random games per CPU second, one process on one core, with this machine's details.

    python -m kit.bench                 # every benchmark, about 5 s each
    python -m kit.bench --seconds 2     # quicker, noisier

A "random game" is played by `kit.core.random_playout`: every action uniformly random among the
legal ones, through the ordinary `Game.apply` (every action checked, logged and recorded). Figures
are the best of three timed runs, timed in the process's CPU time (`time.process_time`), so that
other work on a busy machine does not count. Targets are printed beside the figures; nothing here changes
the rules to meet them.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from kit.core import Chance, Game, random_playout


@dataclass(frozen=True)
class Benchmark:
    label: str
    new_game: Callable[[int], Game]
    target: float | None = None  # games per second


def _lost_cities(players: int, rounds: int) -> Callable[[int], Game]:
    from kit.lostcities import LostCities

    def new_game(seed: int) -> Game:
        return LostCities(players=players, rounds=rounds, seed=seed)

    return new_game


def _samoa(players: int) -> Callable[[int], Game]:
    from kit.samoa import Samoa

    def new_game(seed: int) -> Game:
        return Samoa(players=players, seed=seed)

    return new_game


def _overbooking(players: int) -> Callable[[int], Game]:
    from kit.overbooking import Overbooking

    def new_game(seed: int) -> Game:
        return Overbooking(players=players, seed=seed)

    return new_game


BENCHMARKS = [
    Benchmark("Lost Cities, 2 players, one round", _lost_cities(2, 1), target=3000),
    Benchmark("Lost Cities, 2 players, 3-round match", _lost_cities(2, 3)),
    Benchmark("Lost Cities, 4 players (LC-7), one round", _lost_cities(4, 1)),
    Benchmark("Samoa, 3 players, 12 rounds", _samoa(3)),
    Benchmark("Samoa, 4 players, 12 rounds", _samoa(4), target=500),
    Benchmark("Samoa, 6 players, 12 rounds", _samoa(6)),
    Benchmark("Overbooking, 2 players, 4 rounds", _overbooking(2)),
    Benchmark("Overbooking, 4 players, 4 rounds", _overbooking(4), target=1000),
]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{platform.python_implementation()} {platform.python_version()} on {platform.system()} "
        f"{platform.release()} ({platform.machine()}); CPU: {cpu}; {os.cpu_count()} logical cores "
        "(this benchmark uses one; games per CPU second)"
    )


def measure(bench: Benchmark, seconds: float, repeats: int = 3) -> tuple[float, float]:
    """Best games per CPU second over `repeats` runs of about `seconds / repeats` CPU seconds each; and
    mean steps per game."""
    chance = Chance(20261130)
    best, steps_total, games_total, seed = 0.0, 0, 0, 0
    for _ in range(repeats):
        games, start = 0, time.process_time()
        deadline = start + seconds / repeats
        while True:
            steps_total += random_playout(bench.new_game(seed), chance)
            games += 1
            seed += 1
            now = time.process_time()
            if now >= deadline:
                break
        best = max(best, games / (now - start))
        games_total += games
    return best, steps_total / games_total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per benchmark (default 5)")
    parser.add_argument("--only", help="run only benchmarks whose label contains this text")
    args = parser.parse_args(argv)
    print(machine())
    for bench in BENCHMARKS:
        if args.only and args.only.lower() not in bench.label.lower():
            continue
        rate, steps = measure(bench, args.seconds)
        line = f"{bench.label:<45} {rate:9.0f} games/s   ({steps:.0f} actions per game)"
        if bench.target:
            verdict = "meets" if rate >= bench.target else f"MISSES by {1 - rate / bench.target:.0%}"
            line += f"   target {bench.target:.0f}: {verdict}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
