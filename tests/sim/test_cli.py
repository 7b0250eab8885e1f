"""`python -m kit.sim` writes parquet that says how it was made; the recorded command remakes it."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import polars as pl

from kit.sim import component_hash, simulate
from kit.sim.cli import read_info, tablekit_version

ROOT = Path(__file__).resolve().parents[2]


def run(command: list[str], cwd: Path) -> None:
    done = subprocess.run([sys.executable, *command], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_recorded_command_reproduces_the_rows_exactly(tmp_path):
    run(["-m", "kit.sim", "lost-cities", "--games", "5", "--seed", "7", "--record", "decisions",
         "--bots", "heuristic(start_threshold=18),random", "--set", "rounds=1", "--no-progress",
         "--out", "first.parquet"], tmp_path)  # fmt: skip
    info = read_info(tmp_path / "first.parquet")
    assert info["seed"] == "7" and info["games"] == "5" and info["record"] == "decisions"
    assert info["version"] == f"tablekit {tablekit_version()}"
    assert info["components_sha256"] == component_hash("lost-cities")
    first = pl.read_parquet(tmp_path / "first.parquet")
    assert first.height > 100 and set(first["bot"]) == {"heuristic(start_threshold=18)", "random"}

    words = shlex.split(info["command"])
    assert words[:4] == ["python", "-m", "kit.sim", "lost-cities"]
    words[words.index("--out") + 1] = "again.parquet"
    run([*words[1:], "--processes", "2", "--no-progress"], tmp_path)  # spread differently: same rows
    assert pl.read_parquet(tmp_path / "again.parquet").equals(first)
    same = simulate("lost-cities", games=5, seed=7, record="decisions", rounds=1,
                    bots=["heuristic(start_threshold=18)", "random"], progress=False)  # fmt: skip
    assert same.equals(first)


def test_edited_components_are_hashed_into_the_file(tmp_path):
    from kit.sim import edited_copy

    folder = edited_copy("overbooking", {("hotels.csv", 0, "beds"): 6})
    run(["-m", "kit.sim", "overbooking", "--games", "2", "--components", str(folder), "--no-progress",
         "--out", "o.parquet"], tmp_path)  # fmt: skip
    info = read_info(tmp_path / "o.parquet")
    assert info["components_sha256"] == component_hash("overbooking", folder) != component_hash("overbooking")
    assert "--components" in info["command"]
