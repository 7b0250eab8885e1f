"""The package layout: kit is pure Python; datasets reach a normal (non-editable) install."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_kit_imports_no_jupyter_and_no_widgets():
    code = (
        "import sys, kit, kit.core, kit.lostcities, kit.bots, kit.bots.arena, kit.bench, kit.lostcities.heuristic\n"
        "import kit.lostcities.lessons, kit.samoa, kit.samoa.heuristic\n"
        "import kit.overbooking, kit.overbooking.heuristic\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('widgets', 'ipywidgets', 'anywidget', 'IPython', 'jupyterlab', 'altair', 'polars')]\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_datasets_reach_a_normal_install(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("tablekit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "kit/datasets/lostcities/cards.csv" in names and "kit/datasets/samoa/tourist_cards.csv" in names
    assert "kit/datasets/lostcities/six/cards.csv" in names  # the six-expedition edition, in its folder
    # every student's server imports this install: nothing of the teacher's view's answers goes in it
    assert "classroom/gradebook.py" in names and not [n for n in names if n.startswith("classroom/teacher/")]
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    code = (
        "import kit, kit.core.data as d\n"
        "from kit.lostcities import LostCities\n"
        "from kit.samoa import Samoa\n"
        "g = LostCities(seed=1)\n"
        "assert len(LostCities(seed=1, edition='six').components.expeditions) == 6\n"
        "assert len(Samoa(players=3, seed=1).supply['J']) >= 9\n"
        "from kit.overbooking import Overbooking\n"
        "assert len(Overbooking(players=2, seed=1).hands[0]) == 9\n"
        "print(kit.__file__); print(d.datasets_root()); print(len(g.deck))"
    )
    # run from an empty folder, with only the installed copy on the path
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    module, root, deck = run.stdout.split()
    assert module.startswith(str(site)) and root == str(site / "kit" / "datasets") and deck == "44"


def test_the_benchmark_prints_its_figures():
    run = subprocess.run(
        [sys.executable, "-m", "kit.bench", "--seconds", "0.3", "--only", "2 players, one round"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "CPU" in lines[0] and "Python" in lines[0]
    assert "games/s" in lines[1] and "target 3000" in lines[1]
    assert float(lines[1].split("games/s")[0].split()[-1]) > 0
