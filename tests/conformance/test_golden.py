"""Golden playthroughs: a stored text of a seeded game, so that any change of behaviour shows up as
a reviewable diff. Per step, one short line per item:

    step 12: player 1 draw deck               the action
      [LC-3.3] seat 1, open: Player 1 draws H7 from the draw pile.
      [LC-3.3] seat 0, spectator: Player 1 draws a card from the draw pile.
      score 14 -20                            the scores after it

An event every reader reads alike is one line; an event with a secret is one line per distinct
text, naming its readers (each seat, a spectator, the all-seeing open log). Long texts wrap.

A failure shows a unified diff of the first region that differs. After an intended change of
behaviour (a rules fix, a new generator), regenerate every file with one command:

    .venv/bin/python -m pytest -p no:cacheprovider -n 0 -q tests/conformance/test_golden.py --update-golden

(or ``python3 dev.py test tests/conformance/test_golden.py --update-golden``), then review the diff
of tests/golden/ before committing it.
"""

from __future__ import annotations

import difflib
import json
import textwrap
from pathlib import Path

import pytest

from kit.bots import RandomBot
from kit.core import Game
from kit.lostcities import LostCities
from kit.lostcities.heuristic import HeuristicBot
from kit.overbooking import Overbooking
from kit.overbooking.heuristic import HeuristicBot as OverbookingBot
from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot as SamoaBot

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
WIDTH = 100  # longer event texts wrap onto indented lines


def _wrapped(text: str, indent: str) -> list[str]:
    return textwrap.wrap(
        text, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ", break_on_hyphens=False
    ) or [indent]


def _readers(names: list[str]) -> str:
    seats = [name for name in names if name.startswith("seat")]
    rest = [name for name in names if not name.startswith("seat")]
    numbers = ", ".join(name.split()[1] for name in seats)
    return ", ".join(([f"seat{'s' if len(seats) > 1 else ''} {numbers}"] if seats else []) + rest)


def _event_lines(texts: dict[str, str], rule: str) -> list[str]:
    """One event as its readers read it: one line if all read it alike, else one per text."""
    distinct: dict[str, list[str]] = {}
    for reader, text in texts.items():
        distinct.setdefault(text, []).append(reader)
    if len(distinct) == 1:
        return _wrapped(f"[{rule}] {next(iter(distinct))}", "  ")
    lines = []
    for text, readers in distinct.items():
        lines += _wrapped(f"[{rule}] {_readers(readers)}: {text}", "  ")
    return lines


def playthrough(game: Game, bots) -> str:
    """The settings (those not None), then every action with the events it caused and the scores after it."""
    chosen = {key: value for key, value in game.settings.to_dict().items() if value is not None}
    lines = [f"{game.name} " + " ".join(f"{key}={json.dumps(value)}" for key, value in sorted(chosen.items()))]
    readers = [(f"seat {p}", p) for p in range(game.settings.players)] + [("spectator", None)]
    seen = 0

    def record(label: str) -> None:
        nonlocal seen
        lines.append(label)
        logs = {name: game.events_for(viewer, since=seen) for name, viewer in readers}  # the new events only
        logs["open"] = game.open_events(since=seen)
        for index, event in enumerate(logs["open"]):
            lines.extend(_event_lines({name: log[index]["text"] for name, log in logs.items()}, event["rule"]))
        seen = len(game.log)
        lines.append(f"  score {' '.join(map(str, game.scores()))}")

    record("setup")
    while not game.is_over:
        player = game.current_player
        action = bots[player].choose(game)
        game.apply(action)
        record(f"step {len(game.history)}: player {player} {action}")
    lines.append(f"winners {' '.join(map(str, game.winners()))}")
    return "\n".join(lines) + "\n"


PLAYTHROUGHS = {
    "lost-cities-2p-seed1": lambda: (LostCities(players=2, rounds=1, seed=1), [HeuristicBot(), RandomBot(1)]),
    "lost-cities-4p-seed2": lambda: (
        LostCities(players=4, rounds=1, seed=2),
        [HeuristicBot(), RandomBot(2), HeuristicBot(), RandomBot(3)],
    ),
    "samoa-4p-seed3": lambda: (Samoa(players=4, seed=3), [SamoaBot(), RandomBot(4), SamoaBot(), RandomBot(5)]),
    "overbooking-3p-seed4": lambda: (
        Overbooking(players=3, seed=4, score_card="beginner"),
        [OverbookingBot(), RandomBot(6), OverbookingBot()],
    ),
}


def first_difference(expected: str, got: str, name: str) -> str:
    """A unified diff of the first region where `got` differs from `expected` (empty: no difference)."""
    diff = list(
        difflib.unified_diff(
            expected.splitlines(), got.splitlines(), f"tests/golden/{name}", "this run", n=3, lineterm=""
        )
    )
    hunks = [index for index, line in enumerate(diff) if line.startswith("@@")]
    if not hunks:
        return ""
    end = hunks[1] if len(hunks) > 1 else len(diff)
    more = f"\n... and {len(hunks) - 1} more differing region(s)" if len(hunks) > 1 else ""
    return "\n".join(diff[:end]) + more


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name, request):
    game, bots = PLAYTHROUGHS[name]()
    text = playthrough(game, bots)
    path = GOLDEN / f"{name}.txt"
    if request.config.getoption("--update-golden"):
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"rewrote {path.name}; review the diff, then run again without --update-golden")
    assert path.exists(), f"no golden file {path.name}: run this module once with --update-golden and commit it"
    diff = first_difference(path.read_text(encoding="utf-8"), text, path.name)
    if diff:
        pytest.fail(f"{path.name} differs from this run (after an intended change: --update-golden):\n{diff}", False)


def test_a_difference_is_shown_as_a_unified_diff_of_its_first_region():
    expected = "".join(f"line {n}\n" for n in range(40))
    got = expected.replace("line 5\n", "line five\n").replace("line 30\n", "line thirty\n")
    diff = first_difference(expected, got, "example.txt")
    assert diff.splitlines()[:3] == ["--- tests/golden/example.txt", "+++ this run", "@@ -3,7 +3,7 @@"]
    assert "-line 5" in diff and "+line five" in diff
    assert "thirty" not in diff and diff.endswith("and 1 more differing region(s)")
    assert first_difference(expected, expected, "example.txt") == ""
