"""Bad arguments to a simulation get one clear error before any game is played, on the command line
as one line with exit code 2; the chunks of a huge run are made one at a time."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from kit.core import ComponentError
from kit.sim import simulate
from kit.sim.arguments import MAX_GAMES, BadArgument
from kit.sim.executors import chunks

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"players": []}, "at least one number of seats"),
        ({"players": [3, "4"]}, "whole numbers of seats"),
        ({"players": "3"}, "number of seats or a list"),
        ({"players": 1}, "3–6 players|3 to 6|not 1"),
        ({"games": -1}, "games must be a whole number from 0"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"games": True}, "games must be a whole number"),
        ({"games": 10**12}, f"games must be a whole number from 0 to {MAX_GAMES:,}"),
        ({"step_cap": 0}, "step_cap must be a whole number of at least 1"),
        ({"step_cap": -1}, "step_cap must be a whole number of at least 1"),
        ({"chunk_size": -5, "executor": 2}, "chunk_size must be a whole number of at least 1"),
        ({"chunk_size": 0}, "chunk_size must be a whole number of at least 1"),
        ({"executor": 0}, "executor"),
        ({"executor": "dask"}, "executor must be None"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"bots": []}, "at least one bot"),
        ({"bots": [3]}, "a bot is a name"),
        ({"bots": ["heuristic("]}, "cannot read"),
        ({"record": "moves"}, "record must be one of"),
    ],
)
def test_every_bad_argument_raises_the_one_documented_error(arguments, words):
    options = {"games": 3, "progress": False, **arguments}
    start = time.perf_counter()
    with pytest.raises(BadArgument, match=words):
        simulate("samoa", **options)
    assert time.perf_counter() - start < 5  # refused before playing, not after


def test_the_error_is_a_value_error_and_names_unknown_games():
    assert issubclass(BadArgument, ValueError)
    with pytest.raises(BadArgument, match="no game"):
        simulate("chess", games=1)


def test_a_bad_component_folder_keeps_its_own_error(tmp_path):
    from kit.sim import edited_copy

    folder = tmp_path / "overbooking"
    shutil.copytree(edited_copy("overbooking", {}), folder)
    (folder / "hotels.csv").write_text("not,a,hotel\n1,2\n")
    with pytest.raises(ComponentError):
        simulate("overbooking", games=1, components=folder, progress=False)


def test_the_chunks_of_a_huge_run_are_made_one_at_a_time():
    tracemalloc.start()
    start = time.perf_counter()
    pieces = chunks(10**12, 8, largest=2000)
    first = next(pieces)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert first == (0, 2000) and next(pieces) == (2000, 4000)
    assert peak < 100_000 and time.perf_counter() - start < 0.5
    assert list(chunks(0, 4)) == [] and list(chunks(5, 2)) == [(0, 3), (3, 5)]


def test_local_processes_keep_only_a_few_chunks_in_flight(monkeypatch):
    """The executor takes the next chunk only as one finishes: never the whole list at once."""
    from kit.sim import executors

    taken = []

    def counted(games, parts, largest=2000):
        for piece in chunks(games, parts, largest):
            taken.append(piece)
            yield piece

    monkeypatch.setattr(executors, "chunks", counted)
    monkeypatch.setattr(executors, "IN_FLIGHT", 1)
    frame = simulate("lost-cities", games=6, seed=2, rounds=1, executor=2, chunk_size=1, progress=False)
    assert frame["game"].to_list() == list(range(6)) and len(taken) == 6
    assert frame.equals(simulate("lost-cities", games=6, seed=2, rounds=1, progress=False))


def cli(*words: str, module: str = "kit.sim") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *words], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--games", "-1"], "--games: a whole number from 0"),
        (["--games", "1000000000000"], "--games: a whole number from 0 to 10,000,000"),
        (["--games", "3", "--players", ",,"], "--players wants numbers"),
        (["--games", "3", "--players", "1"], "samoa"),
        (["--games", "3", "--chunk-size", "-4"], "--chunk-size: a whole number of at least 1"),
        (["--games", "3", "--processes", "0"], "--processes: a whole number of at least 1"),
        (["--games", "3", "--bots", "genius"], "no bot"),
        (["--games", "3", "--set", "rounds"], "--set wants NAME=VALUE"),
        (["--games", "3", "--tls-cert", "c.pem"], "need a tls:// scheduler"),
        (["--games", "3", "--scheduler", "tls://127.0.0.1:1", "--tls-ca-file", "ca.pem"], "needs --tls-ca-file"),
    ],
)
def test_the_command_line_refuses_bad_arguments_in_one_line(words, says, tmp_path):
    done = cli("samoa", *words, "--out", str(tmp_path / "x.parquet"))
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and lines[-1].startswith("python -m kit.sim: error:"), done.stderr
    assert says in lines[-1] and not (tmp_path / "x.parquet").exists()


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--games", "-1"], "--games: a whole number from 1"),
        (["--games", "0"], "--games: a whole number from 1"),
        (["--players", "1"], "players"),
        (["--set", "rounds=0"], "rounds"),
        (["--seconds", "-1"], "--seconds"),
    ],
)
def test_the_arena_refuses_bad_arguments_in_one_line(words, says):
    done = cli("lost-cities", *words, module="kit.bots.arena")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and says in done.stderr.strip().splitlines()[-1], done.stderr
