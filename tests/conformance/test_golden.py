"""Golden playthroughs: a stored text of a seeded game — every action, the events it caused, and
every player's view after it — so that any change of behaviour shows up as a diff.

After an intended change of behaviour, regenerate with ``pytest tests/conformance --update-golden``
and review the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kit.bots import RandomBot
from kit.core import Game
from kit.lostcities import LostCities
from kit.lostcities.heuristic import HeuristicBot

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def playthrough(game: Game, bots) -> str:
    lines = [f"{game.name} {json.dumps(game.settings.to_dict(), sort_keys=True)}"]
    lines.append(f"legend {json.dumps(game.public_view().get('legend'), sort_keys=True)}")
    seen = 0

    def record(label: str) -> None:
        nonlocal seen
        lines.append(label)
        for event in game.open_events()[seen:]:
            lines.append(f"  [{event['rule']}] {event['text']}")
        seen = len(game.log)
        for player in range(game.settings.players):
            view = game.view(player)
            view.pop("legend", None)  # static names and colours: printed once, at the top
            lines.append(f"  view {player}: {json.dumps(view, sort_keys=True, separators=(',', ':'))}")

    record("setup")
    while not game.is_over:
        player = game.current_player
        action = bots[player].choose(game)
        game.apply(action)
        record(f"step {len(game.history)}: player {player} {action}")
    lines.append(f"scores {game.scores()} winners {game.winners()}")
    return "\n".join(lines) + "\n"


PLAYTHROUGHS = {
    "lost-cities-2p-seed1": lambda: (LostCities(players=2, rounds=1, seed=1), [HeuristicBot(), RandomBot(1)]),
    "lost-cities-4p-seed2": lambda: (
        LostCities(players=4, rounds=1, seed=2),
        [HeuristicBot(), RandomBot(2), HeuristicBot(), RandomBot(3)],
    ),
}


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name, request):
    game, bots = PLAYTHROUGHS[name]()
    text = playthrough(game, bots)
    path = GOLDEN / f"{name}.txt"
    if request.config.getoption("--update-golden"):
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"rewrote {path.name}; review the diff, then run again without --update-golden")
    assert path.exists(), f"no golden file {path.name}: run pytest --update-golden once and commit it"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        for number, (want, got) in enumerate(zip(expected.splitlines(), text.splitlines()), 1):
            assert got == want, f"{path.name} differs first at line {number}"
        assert len(text.splitlines()) == len(expected.splitlines()), f"{path.name}: different length"
