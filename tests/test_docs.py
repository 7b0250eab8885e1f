"""The per-game documents in docs/ list exactly the fields a view holds, and actions that parse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

DOCS = Path(__file__).resolve().parent.parent / "docs"


def documented(path: Path, heading: str) -> list[str]:
    section = path.read_text(encoding="utf-8").split(heading, 1)[1].split("\n## ", 1)[0]
    cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return [name for cell in cells[1:] for name in re.findall(r"`([^`]+)`", cell)]


@pytest.mark.parametrize("name, game", [("lost-cities", LostCities(seed=1)), ("samoa", Samoa(seed=1)),
                                        ("overbooking", Overbooking(seed=1))])
def test_docs_list_every_view_field_and_valid_actions(name, game):
    path = DOCS / f"{name}.md"
    fields = set(documented(path, "## What a view holds"))
    actual = set(game.view(0)) | set(game.open_view()) | set(game.public_view())
    assert fields == actual, f"undocumented: {actual - fields}; documented but absent: {fields - actual}"
    for text in documented(path, "## Actions"):
        game.parse_action(text)  # every example reads
