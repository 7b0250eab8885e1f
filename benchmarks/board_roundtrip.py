"""Benchmark: click → Python → re-render round trip of the Lost Cities board, in a real browser.

    python benchmarks/board_roundtrip.py [--clicks 40]

Opens a board in JupyterLab (Debian's Chromium, driven by Playwright), then times, inside the page,
from the click on a pile to the moment the board has re-rendered with the engine's new view. Two
kinds of click are timed: a discard (Python applies one action) and a draw (Python applies it, and
the heuristic bot then takes its whole turn before the view comes back). Target: under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.lab import browser, chromium_path, jupyter_server, run_all_in_lab  # noqa: E402

BOARD = "from widgets.lostcities import LostCitiesBoard\nboard = LostCitiesBoard(mode='bot', seed=1, rounds=50)\nboard"
NOTEBOOK = json.dumps(
    {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {}, "outputs": [], "source": BOARD}
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
)

TIMED_CLICK = """async (selector) => {
    const board = document.querySelector('.lc-board');
    const before = board.dataset.steps;
    const start = performance.now();
    document.querySelector(selector).click();
    await new Promise((resolve) => {
        const changed = () => document.querySelector('.lc-board').dataset.steps !== before;
        const check = () => (changed() ? resolve() : requestAnimationFrame(check));
        check();
    });
    return performance.now() - start;
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=40, help="turns to time (two clicks each)")
    args = parser.parse_args()
    if chromium_path() is None:
        print("no Chromium found: apt-get install chromium")
        return 1
    folder = Path(tempfile.mkdtemp(prefix="tablekit-bench-"))
    (folder / "board.ipynb").write_text(NOTEBOOK)
    discards, draws = [], []
    try:
        with jupyter_server(folder) as server, browser() as page:
            run_all_in_lab(page, server, "board.ipynb")
            page.wait_for_selector(".lc-board .lc-in-hand")
            for _ in range(args.clicks):
                card = page.locator(".lc-in-hand").first
                key = card.get_attribute("data-card")
                card.click()
                discards.append(page.evaluate(TIMED_CLICK, f".lc-pile[data-pile='{key[0]}']"))
                draws.append(page.evaluate(TIMED_CLICK, ".lc-deck-pile"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for label, times in (("discard (one action)", discards), ("draw + the bot's turn", draws)):
        times = sorted(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{label:<24} median {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   "
            f"max {times[-1]:6.1f} ms   ({len(times)} clicks; target < 100 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
