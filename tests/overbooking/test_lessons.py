"""The Overbooking notebooks' checks: each says "not yet" on a fresh game and "done" once its rule was seen."""

from __future__ import annotations

from kit.bots import RandomBot
from kit.bots.arena import play_game
from kit.core.lessons import who_won
from kit.overbooking import Overbooking, lessons


def test_noble_booked_its_choice_depends_on_the_choice():
    hotel = {
        "beds": 9,
        "rule": "none",
        "queue": [["blue", "fish-worker"], ["red", "fish-soldier"], ["red", "fish-maid"]],
        "back": [["red", "bird-noble"]],
    }
    game = Overbooking(players=4, seed=4, scenario={"check": True, "hotels": [hotel]})
    assert game.to_move == 0 and not lessons.noble_booked_its_choice(game).done
    game.apply("target 2")  # the soldier books first: 9 -> 4, the worker no longer fits, the maid does
    check = lessons.noble_booked_its_choice(game)
    assert check.done and "soldier (fish)" in str(check)  # the card in words, as the board names it


def test_booked_under_rule_only_counts_the_hotel_with_that_rule():
    monks = {"beds": 6, "rule": "first:monk", "queue": [["blue", "fish-worker"], ["red", "fish-monk"]]}
    other = {"beds": 9, "rule": "none", "queue": [["red", "bird-worker"]]}
    game = Overbooking(players=4, seed=1, scenario={"hotels": [other, monks]})
    assert not lessons.booked_under_rule(game, "first:monk").done
    booked = Overbooking(players=4, seed=1, scenario={"hotels": [other, monks], "check": True})
    check = lessons.booked_under_rule(booked, "first:monk")
    assert check.done and "monk (fish)" in str(check)  # the card in words, as the board names it
    assert not lessons.booked_under_rule(
        booked, "first:monk", 1
    ).done  # the monk went first: 6 -> 5, no room for the worker


def test_held_back_a_fifth_card_needs_the_hold_and_stage_3():
    game = Overbooking(players=3, seed=6, first_player=1)
    assert not lessons.held_back_a_fifth_card(game).done
    while game.round == 1:  # stage 2 needs no choice here, so round 2 follows at once
        actions = [str(a) for a in game.legal_actions()]
        game.apply("hold" if "hold" in actions and game.to_move == 0 else actions[0])
    check = lessons.held_back_a_fifth_card(game)
    assert check.done and f"holds {len(game.decks[0])}" in str(check) and len(game.decks[0]) == 24 - 9 - 4


def test_earned_a_crest_bonus_and_won_the_game():
    game = Overbooking(players=3, seed=7, score_card="beginner")
    assert not lessons.earned_a_crest_bonus(game).done
    assert not lessons.won_the_game(game).done
    play_game(game, [RandomBot(1), RandomBot(2), RandomBot(3)])
    bonus = [game.crest_bonus(p) for p in range(3)]
    assert [lessons.earned_a_crest_bonus(game, p).done for p in range(3)] == [b > 0 for b in bonus]
    assert [lessons.won_the_game(game, p).done for p in range(3)] == [p in game.winners() for p in range(3)]
    for seat in range(3):  # the winners in words, as each seat reads them
        text = who_won(game, seat)
        assert ("you" in text) == (seat in game.winners()) and "[" not in text
        assert text.endswith("share the win") == (len(game.winners()) > 1)
