"""Rule tests set up where the rule and its plausible neighbours differ (issue 15), written for the
mutants that survived the older tests (docs/mutation-testing.md)."""

from __future__ import annotations

import pytest

from kit.core import IllegalAction
from kit.lostcities import LostCities, load_components, rules

from .helpers import scripted_game


def after_rounds(players: int, starters: list[int], totals: list[int]) -> int:
    """LC-6: who starts the next round, after rounds begun by `starters` that left these totals."""
    game = LostCities(players=players, seed=1, rounds=5)
    game.starters = list(starters)
    game.round_scores = [list(totals)] + [[0, 0] for _ in starters[1:]]
    return rules.next_round_starter(game)


@pytest.mark.parametrize(
    "starters, totals, starter",
    [
        ([0], [30, 10], 0),  # the leader started the last round too: the leader, not "the other one"
        ([1], [30, 10], 0),
        ([0], [10, 30], 1),
        ([1], [10, 30], 1),
        ([0], [20, 20], 1),  # Decision: equal totals, the player who did not start the last round
        ([0, 1], [20, 20], 0),
    ],
)
def test_lc6_two_players_the_leader_starts_and_on_equal_totals_the_other_starter(starters, totals, starter):
    assert after_rounds(2, starters, totals) == starter


@pytest.mark.parametrize(
    "previous, totals, starter",
    [
        (0, [30, 10], 2),  # team 0 leads: seat 1 follows seat 0 but is team 1, so seat 2
        (0, [10, 30], 1),
        (3, [30, 10], 0),  # clockwise wraps round to seat 0
        (3, [10, 30], 1),
        (1, [20, 20], 2),  # Decision: equal totals, simply the next seat clockwise
        (3, [20, 20], 0),
    ],
)
def test_lc7_four_players_the_next_seat_of_the_leading_team(previous, totals, starter):
    assert after_rounds(4, [previous], totals) == starter


def test_lc2_a_wrong_prearranged_deck_names_the_extra_and_the_missing_cards():
    deck = [card.key for card in load_components().deck(2)]
    wrong = [{"N10": "D2", "N9": "D3"}.get(key, key) for key in deck]
    with pytest.raises(ValueError) as raised:
        LostCities(deck=wrong)
    assert str(raised.value) == (
        "LC-1: the prearranged deck must hold exactly the 60 cards of the game; extra: D2 D3, missing: N9 N10"
    )
    with pytest.raises(ValueError) as raised:
        LostCities(deck=deck[:-1] + ["Q9"])
    assert str(raised.value).startswith("LC-1: the prearranged deck is not valid: no card 'Q9'")
    assert "extra: none, missing: none" not in str(raised.value)


def test_lc2_a_prearranged_deck_short_of_a_card_or_with_one_too_many_says_none_for_the_other_side():
    deck = [card.key for card in load_components().deck(2)]
    with pytest.raises(ValueError) as raised:
        LostCities(deck=[key for key in deck if key != "N10"])
    assert str(raised.value).endswith("extra: none, missing: N10")
    with pytest.raises(ValueError) as raised:
        LostCities(deck=deck + ["D2"])
    assert str(raised.value).endswith("extra: D2, missing: none")


def test_lc3_events_name_the_card_also_when_their_payload_is_first_made():
    """The play, discard and draw events share one remembered payload per card: emptied first, so
    the making itself is what this test reads (a made payload without the card, or none, fails)."""
    rules._card_payloads.clear()
    rules._pile_payloads.clear()
    game = scripted_game([["discard N9", "play D4"], ["play H5"]])
    game.apply("discard N9")
    before = list(game.hands[0])
    game.play("draw deck", "play H5", "draw N")
    (drawn,) = [card.key for card in game.hands[0] if card not in before]
    assert [(e.kind, dict(e.public), e.secret and dict(e.secret)) for e in game.events()[-4:]] == [
        ("discard", {"card": "N9"}, None),
        ("draw", {"from": "deck"}, {"card": drawn}),
        ("play", {"card": "H5"}, None),
        ("draw", {"from": "N", "card": "N9"}, None),
    ]


def test_lc3_lc7_each_refusal_gives_its_own_reason_word_for_word():
    """The reasons learners read, exactly: a reason lost, blanked or garbled fails here (the rule
    tests only look for a few words of each)."""

    def reason(game, action: str) -> str:
        with pytest.raises(IllegalAction) as raised:
            game.apply(action)
        return str(raised.value)

    game = scripted_game([["play D8", "play Dx"], ["discard H5"]])
    missing = next(card for card in game.components.deck(2) if card not in game.hands[0] and card.value)
    assert reason(game, "draw deck") == "LC-3: player 0 must play or discard a card before drawing"
    assert reason(game, f"play {missing}") == f"LC-3: player 0 has no {game.card_name(missing)} in hand"
    game.apply("play D8")
    assert reason(game, "discard D4") == "LC-3: player 0 must draw a card now, not discard (play first, then draw)"
    assert reason(game, "play D4") == "LC-3: player 0 must draw a card now, not play a card (play first, then draw)"
    assert reason(game, "draw D") == "LC-3.3: the Desert discard pile is empty"
    game.play("draw deck", "discard H5")
    assert reason(game, "draw H") == "LC-3.3: you may not take back the card you just discarded on Himalaya"
    game.play("draw deck")
    assert reason(game, "play Dx") == "LC-3.1: an investment card cannot go on Desert once a number card (8) lies there"
    partners = scripted_game([["play D3"], ["discard H9"], ["play D3"], ["discard H10"]])
    partners.play("play D3", "draw deck", "discard H9", "draw deck")
    assert reason(partners, "play D3") == "LC-3.1: a second 3 cannot go on Desert: values must rise strictly"

    assert reason(LostCities(seed=1), "pass D4 D5") == (
        "LC-7: passing cards to a partner exists only in the 4-player partner game"
    )
    four = LostCities(players=4, seed=6)
    held = four.hands[0][0]
    absent = next(card for card in four.components.deck(4) if card not in four.hands[0])
    first, second = sorted([held, absent])  # the reason names the two cards in the deck's order
    assert reason(four, f"pass {held} {absent}") == f"LC-7: player 0 does not hold both {first} and {second}"
    four.apply(f"discard {four.hands[0][0]}")
    assert reason(four, f"pass {four.hands[0][0]} {four.hands[0][1]}") == (
        "LC-7: passing replaces the whole turn; you already played a card this turn"
    )
