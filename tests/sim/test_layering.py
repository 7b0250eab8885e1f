"""The arrows point down: games import neither bots nor kit.sim, nor kit.sim's libraries; the generic
layers (kit.core, kit.bots, kit.sim) name no game, and no game imports another.

A generic layer asks the game what it needs (kit/core/game.py: sides, score scale, heuristic bot,
fast path); the only modules above the games that name one are the games' own registrations in
kit.sim, one module per game named as the game's package: kit/sim/games/<game>.py (how `simulate`
deals and records it) and kit/sim/analyses/<game>.py (its notebooks' analyses). The list of games
itself is kit/games.py.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

from kit.games import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lostcities", "samoa", "overbooking", "core")
GAME_PACKAGES = tuple(package.rsplit(".", 1)[-1] for package in PACKAGES.values())
GENERIC = ("core", "bots", "sim")
#: the games' own modules inside the generic layers (see the module's docstring)
REGISTRATIONS = tuple(f"kit/sim/{folder}/{game}.py" for folder in ("games", "analyses") for game in GAME_PACKAGES)
#: known breaks of the rule, each with who owns the fix; the test fails on a new one, and on a fixed
#: one still listed here (so the list only ever shrinks)
KNOWN: dict[str, str] = {}
#: known game-to-game imports, expected to disappear: both kernels still take the Mersenne Twister
#: from the Lost Cities kernel until the shared kernel plumbing moves to a package of its own
#: (kit/kernels/); then these entries fail as "fixed" and are deleted
KNOWN_GAME_IMPORTS: dict[str, str] = {}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _name_pattern() -> re.Pattern:
    """Any spelling of a game's name: "lost-cities", "Lost Cities", LostCities, kit.lostcities, LOST_CITIES."""
    spellings = set()
    for name, package in PACKAGES.items():
        spellings.add(r"[-_ ]?".join(re.escape(word) for word in name.split("-")))
        spellings.add(re.escape(package.rsplit(".", 1)[-1]))
    return re.compile("|".join(sorted(spellings)), re.IGNORECASE)


GAME_NAME = _name_pattern()


def game_names_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of every game name in `source`: in its strings and docstrings, its identifiers
    and imports (read with `ast`), and its comments (with `tokenize`, as `ast` drops them)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        texts = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts.append(node.value)
        elif isinstance(node, ast.Name):
            texts.append(node.id)
        elif isinstance(node, ast.Attribute):
            texts.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts.append(node.name)
        elif isinstance(node, ast.arg):
            texts.append(node.arg)
        elif isinstance(node, ast.alias):
            texts += [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts.append(node.module or "")
        elif isinstance(node, ast.keyword):
            texts.append(node.arg or "")
        found += [(node.lineno, match.group()) for text in texts for match in GAME_NAME.finditer(text)]
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found += [(token.start[0], match.group()) for match in GAME_NAME.finditer(token.string)]
    return sorted(set(found))


def test_no_game_imports_bots_or_the_simulation_layer():
    offenders = []
    for game in GAMES:
        for path in sorted((ROOT / "kit" / game).glob("*.py")):
            for name in imported_modules(path):
                if name.split(".")[:2] in (["kit", "bots"], ["kit", "sim"]):
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert set(offenders) == set(KNOWN), f"new: {set(offenders) - set(KNOWN)}; fixed: {set(KNOWN) - set(offenders)}"


def test_no_game_imports_another_game():
    offenders = []
    for game in GAME_PACKAGES:
        for path in sorted((ROOT / "kit" / game).rglob("*.py")):
            for name in imported_modules(path):
                parts = name.split(".")
                if parts[0] == "kit" and len(parts) > 1 and parts[1] in GAME_PACKAGES and parts[1] != game:
                    offenders.append(f"{path.relative_to(ROOT).as_posix()} imports {name}")
    known = set(KNOWN_GAME_IMPORTS)
    assert set(offenders) == known, f"new: {set(offenders) - known}; fixed (delete from KNOWN_GAME_IMPORTS): " + str(
        known - set(offenders)
    )


def test_the_generic_layers_name_no_game():
    """kit.core, kit.bots and kit.sim ask the game (kit/core/game.py) instead of testing its name."""
    offenders = []
    for layer in GENERIC:
        for path in sorted((ROOT / "kit" / layer).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative in REGISTRATIONS:
                continue
            for line, text in game_names_in(path.read_text(encoding="utf-8")):
                offenders.append(f"{relative}:{line}: {text}")
    assert not offenders, "game names in the generic layers:\n" + "\n".join(offenders)


def test_the_scan_finds_a_game_name_wherever_it_is_written():
    for source in (
        'if game.name == "lost-cities":\n    pass\n',
        'SCALE = {"Overbooking": 8}\n',
        "from kit.samoa import fast_kernel\n",
        "def f():\n    return 1  # Lost Cities: two sides\n",
        'def f():\n    """The LOST_CITIES adapter."""\n',
        "class LostCitiesRollout:\n    pass\n",
    ):
        assert game_names_in(source), source
    assert not game_names_in(
        'def f(game):\n    """Ask the game: its sides, its score scale."""\n    return game.leads()\n'
    )


def test_the_registrations_exist():
    """Every exempted module is a game's real registration (a renamed one must not leave a hole)."""
    for relative in REGISTRATIONS:
        assert (ROOT / relative).is_file(), relative


def test_games_load_without_the_sim_extra():
    code = (
        "import sys, kit.lostcities, kit.samoa, kit.overbooking, kit.lostcities.heuristic, kit.samoa.heuristic, "
        "kit.overbooking.heuristic, kit.bots.arena, kit.games\n"
        "libraries = ('polars', 'scipy', 'tqdm', 'dask', 'distributed')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in libraries or m.startswith('kit.sim')]\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
