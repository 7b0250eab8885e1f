"""The arena's command line takes every game of kit/games.py and its settings, with no game of its own."""

from __future__ import annotations

import pytest

from kit.bots.arena import main, parse_settings
from kit.games import names


@pytest.mark.parametrize("name", names())
def test_the_arena_plays_every_game_by_its_sides(name, capsys):
    main([name, "--games", "2"])
    out = capsys.readouterr().out
    assert out.startswith(f"{name}, ") and "2 games in" in out
    two_sides = name == "lost-cities"  # two players or two teams; the others' default tables have more
    assert ("one heuristic bot against" in out) != two_sides


def test_the_arena_passes_settings_and_refuses_unknown_ones(capsys):
    main(["lost-cities", "--games", "2", "--set", "rounds=2"])
    assert "rounds=2" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["lost-cities", "--games", "1", "--set", "colours=6"])
    assert "colours" in capsys.readouterr().err
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_settings(["rounds"])
    assert parse_settings(["rounds=3", "score_card=advanced"]) == {"rounds": 3, "score_card": "advanced"}
