"""The browser tests themselves, read as text: under load a fixed pause is too short and a timeout
taken as an answer ("refused, try the next card") is wrong, so no test pauses for a time or treats a
timeout as logic, and every board a test writes into a notebook is dealt from a seed it chose.
(A plain check of the source: it needs no browser.)"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = sorted(HERE.glob("*.py"))


def lines_matching(pattern: str) -> list[str]:
    found = []
    for path in SOURCES:
        if path.name == Path(__file__).name:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_no_browser_test_pauses_for_a_time_or_takes_a_timeout_as_an_answer():
    assert not lines_matching(r"wait_for_timeout\(")
    assert not lines_matching(r"TimeoutError|PlaywrightTimeout")  # a timeout is a failure, never a branch
    # the one sleep: polling for the server to answer, within a deadline, before any page opens
    assert [line.split(": ", 1)[1] for line in lines_matching(r"time\.sleep\(")] == ["time.sleep(0.3)"]


def test_every_board_a_test_writes_is_dealt_from_a_seed_it_chose():
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for call in re.findall(r"\b(?:LostCities|Samoa|Overbooking)Board\(([^)]*)\)", text):
            if call.startswith("**"):  # a board made in Python from a test's options: checked below
                continue
            assert "seed=" in call, f"{path.name}: a board without a seed: {call!r}"
    teaching = (HERE / "test_teaching_boards.py").read_text(encoding="utf-8")
    assert re.search(r'def board_notebook\(.*options: str = "[^"]*seed=\d+', teaching)  # the default
    chosen = re.findall(r'board_notebook\(server, "[^"]*", "[^"]*", "([^"]*)"\)', teaching)
    assert chosen and all("seed=" in options for options in chosen), chosen
