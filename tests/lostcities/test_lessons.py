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


def test_draw_pile_down_to_counts_the_public_draw_pile():
    game = LostCities(seed=1, rounds=1)
    assert not lessons.draw_pile_down_to(game, 40).done  # 44 at the deal
    for _ in range(4):
        game.play(f"discard {game.hands[game.to_move][0]}", "draw deck")
    assert lessons.draw_pile_down_to(game, 40).done
    game.play(f"discard {game.hands[game.to_move][0]}", "draw deck")
    check = lessons.draw_pile_down_to(game, 40)
    assert not check.done and "went past" in str(check)


def test_draw_pile_down_to_counts_the_cards_of_the_game_it_looks_at():
    assert "60 − 2 × 8 dealt = 44" in str(lessons.draw_pile_down_to(LostCities(seed=1, rounds=1), 44))
    assert "90 − 4 × 8 dealt = 58" in str(lessons.draw_pile_down_to(LostCities(players=4, edition="six"), 58))


def test_led_into_the_next_round_needs_more_points_in_round_one():
    leads = scripted_game([["play D8", "play D9", "play D10"], ["discard H5"]], rounds=2)
    assert not lessons.led_into_the_next_round(leads).done
    run_scripts(leads, [["play D8", "play D9", "play D10"], ["discard H5"]])
    finish_round_by_discarding(leads)
    check = lessons.led_into_the_next_round(leads)
    assert check.done and "player 0 starts" in str(check)
    assert not lessons.led_into_the_next_round(leads, 1).done  # the other side trailed


def test_every_check_is_tagged_with_lost_cities_rules():
    from kit.core.lessons import rules_of

    tagged = [rules_of(getattr(lessons, name)) for name in dir(lessons) if not name.startswith("_")]
    assert all(rule.startswith("LC-") for rules in tagged for rule in rules)
    assert {"LC-2", "LC-3.1", "LC-3.3", "LC-4", "LC-5", "LC-6", "LC-7"} <= {r for rules in tagged for r in rules}
