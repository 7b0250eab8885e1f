"""Benchmark: does the advisor delay a move? Click-to-render with Analyse on against the same clicks
with it off, on all three boards, in a real browser.

    python benchmarks/analysis_roundtrip.py [--clicks 60] [--pause 400] [--games lost-cities samoa overbooking]

The clicks and their timing are benchmarks/board_roundtrip.py's (from a click that sends an action
to the redraw that shows the new step, the bots' replies included). The turns of one game alternate
between Analyse off and on (the advisor's table of every new position worked out on the kernel's
worker thread), so that both settings share the same minutes of a busy machine. Before each timed
click the page waits `--pause` ms, so that with Analyse on the click lands while the analysis of
the position runs (0: at once). Target: the median with Analyse on within 20% of the median off.

On a shared machine the figures are noisy: compare runs on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import board_roundtrip  # noqa: E402  (benchmarks/, beside this file)

from tests.browser.lab import browser, chromium_path, jupyter_server  # noqa: E402

TARGET_RATIO = 1.20


def alternating(game: str, times: dict[str, list[float]]):
    """One turn of `game` with Analyse off, the next with it on, and so on: both settings share the
    same minutes of a busy machine."""
    plain = board_roundtrip.TURNS[game]
    count = {"turns": 0}

    def turn(page) -> list[float | None]:
        setting = "on" if count["turns"] % 2 else "off"
        count["turns"] += 1
        toggle = page.locator(".tk-analyse")
        if toggle.get_attribute("aria-pressed") != ("true" if setting == "on" else "false"):
            toggle.click()
            page.wait_for_function(
                "(want) => document.querySelector('.tk-analyse').getAttribute('aria-pressed') === want",
                arg="true" if setting == "on" else "false",
            )
        found = plain(page)
        times[setting].extend(t for t in found if t is not None)
        return found

    return turn


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=60, help="timed clicks per game (half of them with Analyse on)")
    parser.add_argument("--pause", type=int, default=400, help="ms the page waits before each timed click")
    games = list(board_roundtrip.BOARDS)
    parser.add_argument("--games", nargs="+", choices=games, default=games)
    args = parser.parse_args()
    if chromium_path() is None:
        print("no Chromium found: apt-get install chromium")
        return 1
    plain_timed = board_roundtrip.timed

    def paused(page, selector: str, board: str) -> float | None:
        page.wait_for_timeout(args.pause)
        return plain_timed(page, selector, board)

    board_roundtrip.timed = paused  # the turns of board_roundtrip call it
    print(
        f"click -> Python (incl. the bots' replies) -> re-render, Analyse on vs off in alternate turns, "
        f"{args.pause} ms before each click; target: on within {TARGET_RATIO - 1:.0%} of off (median)",
        flush=True,
    )
    folder = Path(tempfile.mkdtemp(prefix="tablekit-bench-"))
    try:
        with jupyter_server(folder) as server, browser() as page:
            for game in args.games:
                times: dict[str, list[float]] = {"off": [], "on": []}
                try:
                    board_roundtrip.measure(page, server, folder, game, args.clicks, alternating(game, times))
                except Exception as error:  # a click the page would not take: say so, go on with the next game
                    print(f"{game:<12} stopped early: {type(error).__name__}: {str(error).splitlines()[0]}", flush=True)
                report(game, times["off"], times["on"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    busy = " (busy: other processes share the cores, so these figures are inflated)" if load > cores else ""
    print(f"machine load {load:.1f} over the last minute on {cores} cores{busy}")
    return 0


def report(game: str, off: list[float], on: list[float]) -> None:
    if not off or not on:
        print(f"{game:<12} no timed clicks", flush=True)
        return
    median_off, median_on = statistics.median(off), statistics.median(on)
    ratio = median_on / median_off
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(
        f"{game:<12} off: median {median_off:6.1f} ms ({len(off)} clicks)   on: median {median_on:6.1f} ms "
        f"(p95 {sorted(on)[int(0.95 * (len(on) - 1))]:6.1f}, {len(on)} clicks)   "
        f"on/off {ratio:4.2f}, target <= {TARGET_RATIO:.2f}: {verdict}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
