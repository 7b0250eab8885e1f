#!/usr/bin/env python3
"""Set up tablekit in a local virtual environment, then open it or test it.

    python3 dev.py lab      set up (first time only) and open JupyterLab on notebooks/
    python3 dev.py test     set up (first time only) and run the whole test suite
    python3 dev.py setup    only set up
    python3 dev.py mutate [GAME ...]   mutation testing of the rules, scoring and determinize
                            (slow, on demand, never in CI; see docs/mutation-testing.md)

Needs nothing but Python 3.11+. The environment lives in .venv/ and is reinstalled whenever
pyproject.toml changes. Extra arguments go to JupyterLab or pytest, e.g. `python3 dev.py test -x -k LC-5`.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / "tablekit-installed.txt"


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def run(*command: str | Path, **options) -> None:
    subprocess.run([str(part) for part in command], check=True, **options)


def setup() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script must say so on an older Python
        sys.exit(f"tablekit needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        say(f"creating a virtual environment in {VENV}")
        venv.create(VENV, with_pip=True)
    say("installing tablekit with its Jupyter and test extras (about a minute the first time)")
    run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "pip")
    run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f"{ROOT}[jupyter,test]")
    STAMP.write_text(wanted + "\n")


def lab(args: list[str]) -> int:
    setup()
    # open the starting page itself, inside a file browser rooted at notebooks/
    command = [
        str(BIN / "jupyter"),
        "lab",
        f"--notebook-dir={ROOT / 'notebooks'}",
        str(ROOT / "notebooks" / "index.ipynb"),
        *args,
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        command.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    say("opening JupyterLab on notebooks/ (start with index.ipynb; Ctrl-C to stop)")
    return subprocess.call(command, cwd=ROOT)


def test(args: list[str]) -> int:
    setup()
    say("running the test suite")
    return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT)


#: what `dev.py mutate` mutates, per game: the rules, the scoring and determinize (mutmut's names)
_LC, _SA, _OB = "kit.lostcities.game.xǁLostCitiesǁ", "kit.samoa.game.xǁSamoaǁ", "kit.overbooking.game.xǁOverbookingǁ"
MUTATION_TARGETS = {
    "lostcities": ["kit.lostcities.rules.*", "kit.lostcities.scoring.*"]
    + [f"{_LC}{m}__mutmut_*" for m in ("determinize", "known_in_hands", "totals", "scores", "winning_sides")],
    "samoa": ["kit.samoa.rules.*", "kit.samoa.hotel.*"]
    + [f"{_SA}{m}__mutmut_*" for m in ("determinize", "scores", "winners")],
    "overbooking": ["kit.overbooking.rules.*"]
    + [f"{_OB}{m}__mutmut_*" for m in ("determinize", "crest_bonus", "scores", "winners")],
}


def mutate(args: list[str]) -> int:
    """Run mutmut (settings in pyproject.toml [tool.mutmut]) game by game and print the score."""
    import fnmatch

    setup()
    mutmut = BIN / "mutmut"
    if not mutmut.exists():
        run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "mutmut>=3.3")
    games = args or list(MUTATION_TARGETS)
    env = {**os.environ, "CI": "true"}  # the derandomized hypothesis profile: the same examples each run
    for game in games:
        say(f"mutating {game} (slow: an hour or more on 2 cores; results are cached in mutants/)")
        subprocess.call([str(mutmut), "run", *MUTATION_TARGETS[game]], cwd=ROOT, env=env)
    listing = subprocess.run(
        [str(mutmut), "results", "--all", "true"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    for game in games:
        counts: dict[str, int] = {}
        for line in listing.stdout.splitlines():
            name, _, status = line.strip().rpartition(": ")
            if any(fnmatch.fnmatch(name, pattern) for pattern in MUTATION_TARGETS[game]):
                counts[status] = counts.get(status, 0) + 1
        tried = sum(n for status, n in counts.items() if status != "not checked")
        killed = counts.get("killed", 0) + counts.get("timeout", 0)
        score = f"{100 * killed / tried:.1f}%" if tried else "n/a"
        say(f"{game}: {killed} of {tried} mutants killed ({score}); {counts}")
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "mutate":
        return mutate(argv[1:])
    if not argv or argv[0] not in ("lab", "test", "setup"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "setup":
        setup()
        return 0
    return lab(rest) if command == "lab" else test(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
