"""Bots: the heuristic beats random clearly, every bot ends every round, and bots play fair."""

from __future__ import annotations

import pytest

from kit.bots import RandomBot
from kit.bots.arena import head_to_head, play_game
from kit.core import Chance
from kit.lostcities import LostCities
from kit.lostcities.heuristic import HeuristicBot


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_beats_random_clearly(players):
    summary = head_to_head(
        lambda seed: LostCities(players=players, rounds=1, seed=seed),
        lambda seed: HeuristicBot(),
        lambda seed: RandomBot(seed),
        games=200,
    )
    assert summary.capped == 0
    assert summary.win_rate("heuristic") > 0.9
    assert summary.mean_score["heuristic"] > summary.mean_score["random"] + 50


@pytest.mark.parametrize("players", [2, 4])
def test_every_bot_pairing_ends_every_round(players):
    for seed in range(40):
        bots = [HeuristicBot(), HeuristicBot(), RandomBot(seed), RandomBot(seed + 1)]
        chosen = [bots[(seed + p) % len(bots)] for p in range(players)]
        result = play_game(LostCities(players=players, rounds=3, seed=seed), chosen, step_cap=20_000)
        assert not result.capped, f"seed {seed} did not end"


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_uses_only_what_its_player_sees(players):
    bot = HeuristicBot()
    game = LostCities(players=players, rounds=1, seed=9)
    chance = Chance(4)
    while not game.is_over:
        player = game.current_player
        choice = bot.choose(game)
        for _ in range(3):
            assert bot.choose(game.determinize(player, chance)) == choice
        assert choice in game.legal_actions()
        game.apply(choice)


def test_random_bot_is_reproducible():
    a = play_game(LostCities(seed=3, rounds=1), [RandomBot(1), RandomBot(2)])
    b = play_game(LostCities(seed=3, rounds=1), [RandomBot(1), RandomBot(2)])
    assert a == b
