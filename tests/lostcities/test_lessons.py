"""The notebooks' "try it" checks: each says "not yet" before the task and "done" after it."""

from __future__ import annotations

from kit.bots.arena import play_game
from kit.lostcities import LostCities, lessons
from kit.lostcities.heuristic import HeuristicBot

from .helpers import finish_round_by_discarding, run_scripts, scripted_game


def test_dealt_with_seed():
    assert not lessons.dealt_with_seed(LostCities(seed=1), 2026).done
    assert lessons.dealt_with_seed(LostCities(seed=2026), 2026).done


def test_started_and_invested_then_numbered():
    scripts = [["play Dx", "play D4"], ["discard H5", "discard H6"]]
    game = scripted_game(scripts)
    assert not lessons.started_an_expedition(game).done
    game.play("play Dx", "draw deck")
    assert lessons.started_an_expedition(game).done
    assert not lessons.invested_then_numbered(game).done
    run_scripts(game, [["play D4"], ["discard H5"]])
    check = lessons.invested_then_numbered(game)
    assert check.done and "×2" in str(check) and str(check).startswith("✓ Done")


def test_drew_from_a_discard_pile():
    game = scripted_game([["discard N9"], ["discard H5"]])
    game.play("discard N9", "draw deck")
    assert not lessons.drew_from_a_discard_pile(game, 1).done
    game.play("discard H5", "draw N")
    assert lessons.drew_from_a_discard_pile(game, 1).done
    assert not lessons.drew_from_a_discard_pile(game, 0).done


def test_round_finished_and_expedition_worth():
    game = scripted_game([["play D8", "play D9", "play D10"], ["discard H5"]])
    assert not lessons.round_finished(game).done
    run_scripts(game, [["play D8", "play D9", "play D10"], ["discard H5"]])
    assert not lessons.expedition_worth_at_least(game, 20).done
    assert lessons.expedition_worth_at_least(game, 7).done
    finish_round_by_discarding(game)
    assert lessons.round_finished(game).done


def test_passed_to_partner():
    game = LostCities(players=4, seed=3)
    assert not lessons.passed_to_partner(game).done
    game.apply(f"pass {game.hands[0][0]} {game.hands[0][1]}")
    assert lessons.passed_to_partner(game).done


def test_won_the_game():
    game = LostCities(seed=3, rounds=1)
    assert not lessons.won_the_game(game).done
    play_game(game, [HeuristicBot(), HeuristicBot(start_threshold=10**6)])
    assert game.is_over
    assert lessons.won_the_game(game, 0).done != lessons.won_the_game(game, 1).done
