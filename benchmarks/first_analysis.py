"""Benchmark: the first "Analyse" after setup, in a fresh process per board (as a fresh kernel).

    python benchmarks/first_analysis.py

For each board (Lost Cities, its six-expedition edition, Samoa, Overbooking) a new Python process
imports the board, shows a position against bots, and switches Analyse on: the time from the switch
to the advisor's table is the learner's wait, the compiled kernel's loading from numba's cache
included (a minute more if it had to be compiled: `python3 dev.py setup` compiles it beforehand).
Target: under 5 s each. On a shared machine the wall-clock figures are noisy: the CPU time the
process spent on the analysis (all its threads) is printed beside them. The process also says
whether the board would have shown "preparing the fast engine" (the kernel not compiled yet).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 5.0
BOARDS = {
    "lost-cities": ("widgets.lostcities", "LostCitiesBoard", {}),
    "lost-cities-six": ("widgets.lostcities", "LostCitiesBoard", {"edition": "six"}),
    "samoa": ("widgets.samoa", "SamoaBoard", {}),
    "overbooking": ("widgets.overbooking", "OverbookingBoard", {}),
}
ONE = """
import importlib, json, sys, time
start = time.perf_counter()
module, name, options = json.loads(sys.argv[1])
board = getattr(importlib.import_module(module), name)(mode="bot", seed=1, **options)
shown = time.perf_counter()
preparing = board._preparing(board.game)
cpu = time.process_time()
board.analyse = True
done, cpu = time.perf_counter(), time.process_time() - cpu
table = board.analysis
print(json.dumps({"import": shown - start, "analysis": done - shown, "cpu": cpu, "engine": table.get("engine"),
                  "rows": len(table.get("rows", [])), "n": table.get("n"), "preparing": bool(preparing)}))
"""


def main() -> int:
    print(f"the first Analyse in a fresh process, per board; target < {TARGET_S:.0f} s")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    misses = 0
    for board, spec in BOARDS.items():
        out = subprocess.run(
            [sys.executable, "-c", ONE, json.dumps(spec)], cwd=ROOT, capture_output=True, text=True, check=True
        )
        found = json.loads(out.stdout.strip().splitlines()[-1])
        verdict = "meets" if found["analysis"] < TARGET_S else "MISSES"
        misses += verdict == "MISSES"
        print(
            f"{board:<16} board shown in {found['import']:5.2f} s, first table in {found['analysis']:5.2f} s "
            f"(CPU {found['cpu']:5.2f} s) "
            f"({found['rows']} moves x {found['n']} rollouts, {found['engine']} engine"
            f"{', had to compile' if found['preparing'] else ''})   {verdict} the target"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {misses} board(s) over target")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
