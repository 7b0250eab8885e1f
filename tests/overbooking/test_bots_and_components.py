"""Overbooking bots (the heuristic beats random clearly, plays fair) and component files."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.bots import RandomBot
from kit.bots.arena import one_against_many
from kit.core import Chance, ComponentError
from kit.overbooking import Overbooking, load_components
from kit.overbooking.heuristic import HeuristicBot
from tests.support import assert_file_refused, copy_dataset, edit


def test_the_heuristic_beats_random_clearly_in_3_player_games():
    summary = one_against_many(lambda seed: Overbooking(players=3, seed=seed), lambda s: HeuristicBot(), RandomBot, 150)
    assert summary.capped == 0 and summary.win_rate("heuristic") > 0.8
    assert summary.mean_score["heuristic"] > summary.mean_score["random (each)"] + 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_uses_only_what_its_player_sees(players):
    bot, chance = HeuristicBot(), Chance(3)
    game = Overbooking(players=players, seed=4, score_card="advanced")
    while not game.is_over:
        choice = bot.choose(game)
        assert choice in game.legal_actions()
        assert bot.choose(game.determinize(game.to_move, chance)) == choice
        game.apply(choice)


@pytest.fixture
def folder(tmp_path) -> Path:
    return copy_dataset(tmp_path, "overbooking")


def test_a_users_corrected_hotels_are_used(folder):
    edit(folder / "coins.csv", "monk,4,3,3,4,assumed", "monk,5,3,3,4,rulebook")
    assert load_components(folder).decks["red"][0].coins == 5


@pytest.mark.parametrize(
    "file, old, new, message",
    [
        ("hotels.csv", "1,A,13,none,rulebook", "1,A,13,haunted,rulebook", "line 2: unknown hotel rule 'haunted'"),
        ("hotels.csv", "1,A,13,none,rulebook", "1,C,13,none,rulebook", "line 2: side must be A or B"),
        ("guests.csv", "monk,1,", "hermit,1,", "line 2: unknown guest type 'hermit'"),
        ("coins.csv", "monk,4,3,3,4,assumed", "monk,4,3,x,4,assumed", "line 2: rose must be a whole number"),
        ("score_cards.csv", "beginner,4,3,assumed", "expert,4,3,assumed", "line 2: side must be beginner"),
        ("rules.csv", "rounds,4,rulebook", "laps,4,rulebook", "missing rounds"),
        ("hotels.csv", "tile,side", "tile,face", "line 1: missing column(s) side"),
    ],
)
def test_malformed_files_are_refused_naming_file_and_line(folder, file, old, new, message):
    assert_file_refused(load_components, folder, file, old, new, message)


def test_the_stage_1_limits_come_from_the_component_files(folder):
    edit(folder / "rules.csv", "back_door_limit,2,rulebook", "back_door_limit,1,rulebook")
    edit(folder / "rules.csv", "queue_limit,4,rulebook", "queue_limit,2,rulebook")
    game = Overbooking(players=2, seed=1, components=str(folder), scenario={"hotels": [{"rule": "none"}]})
    game.apply(f"back {game.hands[0][0].key} at 1")
    assert not any(str(a).startswith("back") and str(a).endswith("at 1") for a in game.legal_actions())
    game.apply(f"queue {game.hands[1][0].key} at 1")
    game.apply(f"queue {game.hands[0][0].key} at 1")
    assert not any(str(a).startswith("queue") and str(a).endswith("at 1") for a in game.legal_actions())


def test_too_few_point_tokens_for_the_hotels_of_four_players_are_refused(folder):
    edit(folder / "rules.csv", "point_tokens,20,rulebook", "point_tokens,3,rulebook")
    with pytest.raises(ComponentError, match=r"rules\.csv: OB-2 puts a point token on each player's hotel"):
        load_components(folder)
    edit(folder / "rules.csv", "point_tokens,3,rulebook", "point_tokens,4,rulebook")
    assert Overbooking(players=4, seed=1, components=folder).tokens_left == 0
