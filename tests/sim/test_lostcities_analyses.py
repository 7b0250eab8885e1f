"""The numbers behind the scoring lesson."""

from __future__ import annotations

import shlex
from collections import Counter

import polars as pl

from kit.lostcities import LostCities, load_components
from kit.sim.analyses.lostcities import _deal, expedition_score_distribution, investment_risk, main
from kit.sim.cli import read_info
from kit.sim.datasets import reference


def test_every_expedition_is_counted_once_and_the_range_is_the_rulebooks():
    rows = expedition_score_distribution().to_dicts()
    assert sum(r["expeditions"] for r in rows) == 4 * 2**9 - 1
    scores = [r["score"] for r in rows]
    assert min(scores) == -80 and max(scores) == 156
    by = {(r["investments"], r["score"]): r["expeditions"] for r in rows}
    assert by[3, -80] == 1 and by[3, 156] == 1  # exactly one expedition at each extreme
    per_investment = Counter()
    for r in rows:
        per_investment[r["investments"]] += r["expeditions"]
    assert per_investment == {0: 511, 1: 512, 2: 512, 3: 512}


def test_the_risk_experiment_deals_what_it_says_and_is_reproducible():
    deck = _deal(seed=3, expedition=2, investments=2)
    game = LostCities(deck=deck, rounds=1)
    assert sum(1 for c in game.hands[0] if c.expedition == 2 and c.value == 0) == 2
    assert sorted(deck) == sorted(c.key for c in load_components().deck(2))
    frame = investment_risk(games=40, seed=5)
    assert frame.equals(investment_risk(games=40, seed=5))
    assert not frame.equals(investment_risk(games=40, seed=6))
    rows = frame.to_dicts()
    assert Counter(r["investments"] for r in rows) == {0: 10, 1: 10, 2: 10, 3: 10}
    assert all(r["cards"] >= r["investments"] for r in rows)
    assert all(-80 <= r["score"] <= 156 for r in rows)
    # the committed player really played the expedition it was dealt: every dealt investment is on it
    assert all(r["cards"] >= r["investments"] for r in rows)
    assert {r["expedition"] for r in rows} == {e.key for e in load_components().expeditions}


def test_the_shipped_risk_experiment_is_what_its_command_makes():
    """Lost Cities 5 reads the experiment from datasets/simulated/ (playing 2,000 games would take the
    lesson's whole time budget): game i depends on (seed, i) alone, so the first games played now must
    be the file's first rows. If an engine or bot changed, make the file again with its command."""
    frame, info = reference("lost-cities-investment-risk")
    command = shlex.split(info["command"])
    assert command[:3] == ["python", "-m", "kit.sim.analyses.lostcities"] and main.__module__ == command[2]
    games, seed = int(command[command.index("--games") + 1]), int(command[command.index("--seed") + 1])
    assert frame.height == games == int(info["games"]) and frame["game"].to_list() == list(range(games))
    assert frame.head(12).equals(investment_risk(games=12, seed=seed))


def test_the_risk_command_writes_what_it_says(tmp_path):
    out = tmp_path / "risk.parquet"
    assert main(["--games", "8", "--seed", "3", "--out", str(out)]) == 0
    assert pl.read_parquet(out).equals(investment_risk(games=8, seed=3))
    info = read_info(out)
    assert info["games"] == "8" and info["seed"] == "3" and "--games 8 --seed 3" in info["command"]
