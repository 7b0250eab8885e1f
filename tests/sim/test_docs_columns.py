"""docs/simulation.md lists exactly the columns each record has, in order, with their types."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit.sim import columns
from kit.sim.games import GAMES_COLUMNS
from kit.sim.games.base import DECISION_COLUMNS

DOC = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"
NAMES = {"lost-cities": "Lost Cities", "samoa": "Samoa", "overbooking": "Overbooking"}


def table(heading: str) -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    assert heading in text, f"docs/simulation.md has no section {heading!r}"
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    rows = [line.split("|") for line in section.splitlines() if line.startswith("| `")]
    return [(re.findall(r"`([^`]+)`", row[1])[0], row[2].strip()) for row in rows]


def listed(cols) -> list[tuple[str, str]]:
    return [(name, str(dtype)) for name, dtype, _ in cols]


def test_the_shared_columns_are_documented():
    assert table('### Every game: `record="games"`') == listed(GAMES_COLUMNS)
    assert table('### Every game: the first columns of `record="decisions"`') == listed(DECISION_COLUMNS)


@pytest.mark.parametrize("game", list(NAMES))
def test_each_games_columns_are_documented(game):
    settings = table(f'#### {NAMES[game]}: the settings columns of `record="games"`')
    assert listed(GAMES_COLUMNS) + settings == listed(columns(game, "games"))
    decisions = table(f'#### {NAMES[game]}: `record="decisions"`')
    assert listed(DECISION_COLUMNS) + decisions == listed(columns(game, "decisions"))
