"""Samoa bots: the heuristic beats random clearly, every game ends, and the heuristic plays fair."""

from __future__ import annotations

import pytest

from kit.bots import RandomBot
from kit.bots.arena import one_against_many, play_game
from kit.core import Chance
from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot


def test_the_heuristic_beats_random_clearly_in_4_player_games():
    summary = one_against_many(lambda seed: Samoa(players=4, seed=seed), lambda s: HeuristicBot(), RandomBot, 120)
    assert summary.capped == 0
    assert summary.win_rate("heuristic") > 0.8
    assert summary.mean_score["heuristic"] > summary.mean_score["random (each)"] + 50


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_tables_end_and_keep_the_invariants(players):
    for seed in range(6):
        game = Samoa(players=players, seed=seed)
        result = play_game(game, [HeuristicBot() for _ in range(players)])
        assert not result.capped and game.is_over
        game.check_invariants()


def test_the_heuristic_uses_only_what_its_player_sees():
    bot = HeuristicBot()
    game = Samoa(players=4, seed=8)
    chance = Chance(5)
    while not game.is_over:
        player = game.current_player
        choice = bot.choose(game)
        assert choice in game.legal_actions(), choice
        other = game.determinize(player, chance)
        for p in range(4):
            if p != player:
                other.money[p] += 11  # other players' money is hidden too
        assert bot.choose(other) == choice
        game.apply(choice)
