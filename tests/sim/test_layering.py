"""The arrows point down: games import neither bots nor kit.sim, nor kit.sim's libraries."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lostcities", "samoa", "overbooking", "core")
#: known breaks of the rule, each with who owns the fix; the test fails on a new one, and on a fixed
#: one still listed here (so the list only ever shrinks)
KNOWN: dict[str, str] = {}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_game_imports_bots_or_the_simulation_layer():
    offenders = []
    for game in GAMES:
        for path in sorted((ROOT / "kit" / game).glob("*.py")):
            for name in imported_modules(path):
                if name.split(".")[:2] in (["kit", "bots"], ["kit", "sim"]):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert set(offenders) == set(KNOWN), f"new: {set(offenders) - set(KNOWN)}; fixed: {set(KNOWN) - set(offenders)}"


def test_games_load_without_the_sim_extra():
    code = (
        "import sys, kit.lostcities, kit.samoa, kit.overbooking, kit.lostcities.heuristic, kit.samoa.heuristic, "
        "kit.overbooking.heuristic, kit.bots.arena\n"
        "libraries = ('polars', 'scipy', 'tqdm', 'dask', 'distributed')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in libraries or m.startswith('kit.sim')]\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
