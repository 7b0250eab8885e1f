"""Same seed, same game on any machine: Python randomizes string hashes per process, so anything that
iterates a set of strings could differ between two runs. Play the same seeded games, bots included,
in processes with different hash seeds and compare the results."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib
from kit.bots import RandomBot
from kit.bots.arena import play_game
from kit.lostcities import LostCities
from kit.lostcities.heuristic import HeuristicBot as LC
from kit.overbooking import Overbooking
from kit.overbooking.heuristic import HeuristicBot as OB
from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot as SA

digest = hashlib.sha256()
for seed in range(6):
    for game, bots in (
        (LostCities(players=4, seed=seed), [LC(), RandomBot(seed), LC(), RandomBot(seed + 1)]),
        (Samoa(players=5, seed=seed), [SA(), RandomBot(seed), SA(), SA(), RandomBot(seed + 2)]),
        (Overbooking(players=4, seed=seed, score_card="advanced"), [OB(), RandomBot(seed), OB(), OB()]),
    ):
        play_game(game, bots)
        digest.update(game.fingerprint().encode())
from kit.sim import simulate
for name in ("samoa", "overbooking"):  # many more bot decisions
    digest.update(simulate(name, games=30, record="decisions", progress=False).write_csv().encode())
print(digest.hexdigest())
"""


def run(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_games_and_bots_do_not_depend_on_the_hash_seed():
    outcomes = {run(str(seed)) for seed in range(10)}  # a bug shows under some seeds only
    assert len(outcomes) == 1
