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
from kit.overbooking import Overbooking
from kit.overbooking.heuristic import HeuristicBot as OverbookingBot
from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot as SamoaBot

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


STATIC = (
    "game",
    "players",
    "rounds",
    "legend",
    "flags",
    "doubled_rounds",
    "nationalities",
    "nationality_colours",
    "colours",
    "colour_codes",
    "abilities",
)


def compact(data: dict) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def playthrough(game: Game, bots) -> str:
    """Every action, the events it caused (the open log), the spectator's view, and for each player
    what their own view adds to it. Fields that never change are printed once, at the top."""
    public = game.public_view()
    lines = [f"{game.name} {compact(game.settings.to_dict())}"]
    lines.append(f"static {compact({k: public[k] for k in STATIC if k in public})}")
    seen = 0

    def record(label: str) -> None:
        nonlocal seen
        lines.append(label)
        for event in game.open_events()[seen:]:
            lines.append(f"  [{event['rule']}] {event['text']}")
        seen = len(game.log)
        public = {k: v for k, v in game.public_view().items() if k not in STATIC}
        lines.append(f"  public: {compact(public)}")
        for player in range(game.settings.players):
            own = {k: v for k, v in game.view(player).items() if k not in STATIC and public.get(k) != v}
            lines.append(f"  view {player}: {compact(own)}")

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
    "samoa-4p-seed3": lambda: (Samoa(players=4, seed=3), [SamoaBot(), RandomBot(4), SamoaBot(), RandomBot(5)]),
    "overbooking-3p-seed4": lambda: (
        Overbooking(players=3, seed=4, score_card="beginner"),
        [OverbookingBot(), RandomBot(6), OverbookingBot()],
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
