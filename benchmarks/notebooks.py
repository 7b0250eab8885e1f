"""Benchmark: how long each notebook takes to run top to bottom, kernel start included.

    python benchmarks/notebooks.py [PATH ...] [--slowest 3]

Targets (docs/teaching.md, issue 13): a rule-path notebook (lost-cities|samoa|overbooking 01–08)
under 5 s, a probability lesson under 20 s; the analyses (09) have none. Each notebook is run in a
fresh kernel with nbclient, the way `dev.py notebooks` and nbval run it (from the repository root,
widget state not stored); the figures are the kernel start, the cells alone, and their sum, with the
slowest cells named so that a miss says what costs.

On a shared machine the wall-clock figures are noisy: the load average is printed beside them, and
so is the CPU time the kernel process spent (user + system, from its start to the last cell), which
a busy machine inflates far less; on an idle machine the two are close.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
import psutil  # installed with ipykernel
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
RULE_PATHS = ("lost-cities", "samoa", "overbooking")


def target(path: Path) -> float | None:
    """Seconds a notebook should take, or None (the analyses)."""
    if path.parent.name == "probability":
        return 20.0
    if path.parent.name in RULE_PATHS and path.name[:2] in {f"0{n}" for n in range(1, 9)}:
        return 5.0
    return None


def cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system + times.children_user + times.children_system


def timed_run(path: Path) -> tuple[float, list[tuple[int, float, float, str]], float]:
    """(kernel start, [(cell number, seconds, CPU seconds, first line)], the kernel's CPU seconds) for one fresh
    run of `path`."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}})
    cells = []
    start = time.perf_counter()
    with client.setup_kernel():
        kernel = time.perf_counter() - start
        process = psutil.Process(client.km.provisioner.pid)
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            began, began_cpu = time.perf_counter(), cpu_seconds(process)
            client.execute_cell(cell, index)
            first = next((line for line in cell.source.splitlines() if line.strip()), "")
            cells.append((index, time.perf_counter() - began, cpu_seconds(process) - began_cpu, first[:60]))
        cpu = cpu_seconds(process)
    return kernel, cells, cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--slowest", type=int, default=2, help="name this many of the slowest cells")
    args = parser.parse_args(argv)
    paths = [path.resolve() for path in args.paths] or sorted(
        path for folder in (*RULE_PATHS, "probability") for path in (ROOT / "notebooks" / folder).glob("*.ipynb")
    )
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'notebook':52} {'kernel':>7} {'cells':>7} {'total':>7} {'cpu':>7} {'target':>7}")
    misses = 0
    for path in paths:
        kernel, cells, cpu = timed_run(path)
        spent = sum(cell[1] for cell in cells)
        goal = target(path)
        verdict = "" if goal is None else ("ok" if kernel + spent < goal else "MISS")
        misses += verdict == "MISS"
        name = str(path.relative_to(ROOT / "notebooks")) if path.is_relative_to(ROOT / "notebooks") else str(path)
        goal_text = f"{goal:.0f} s" if goal is not None else "-"
        times = f"{kernel:6.2f}s {spent:6.2f}s {kernel + spent:6.2f}s {cpu:6.2f}s"
        print(f"{name[:52]:52} {times} {goal_text:>7} {verdict}")
        for index, seconds, cpu_cell, first in sorted(cells, key=lambda cell: -cell[1])[: args.slowest]:
            print(f"    cell {index:>2} {seconds:5.2f}s (cpu {cpu_cell:4.2f}s)  {first}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {misses} notebook(s) over target")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
