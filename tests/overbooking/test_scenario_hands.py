"""A scenario's `hands`: the cards a player holds in round 1, stated as data (no seed decides them)."""

from collections import Counter

import pytest

from kit.overbooking import Overbooking
from kit.overbooking.components import load_components

HAND = ["bird-monk", "bird-maid", "fish-merchant", "fish-noble", "rose-monk", "rose-worker",
        "tower-maid", "tower-soldier", "tower-worker"]  # fmt: skip


def test_a_stated_hand_is_held_whatever_the_seed():
    for seed in range(4):
        game = Overbooking(players=2, seed=seed, scenario={"hands": {"blue": HAND}})
        assert sorted(card.key for card in game.hands[1]) == sorted(HAND)
        game.check_invariants()  # all 24 blue cards accounted for: the rest are in the deck
        assert len(game.decks[1]) == 24 - len(HAND)
        assert not {card.key for card in game.decks[1]} & set(HAND)


def test_the_hand_is_what_is_left_once_the_hotels_cards_are_laid_out():
    hotel = {"rule": "none", "queue": [["red", "fish-monk"]], "back": [["red", "bird-worker"]]}
    game = Overbooking(players=2, seed=3, scenario={"hotels": [hotel], "hands": {"red": HAND}})
    assert sorted(card.key for card in game.hands[0]) == sorted(HAND)
    assert [slot.card.key for slot in game.hotels[0].queue + game.hotels[0].back] == ["fish-monk", "bird-worker"]
    held = Counter(card.key for card in game.hands[0] + game.decks[0])
    assert held + Counter(["fish-monk", "bird-worker"]) == Counter(c.key for c in load_components().decks["red"])


def test_a_stated_hand_plays_on_like_any_other():
    game = Overbooking(players=2, seed=0, scenario={"hands": {"red": HAND, "blue": HAND}})
    assert {action.card for action in game.legal_actions() if hasattr(action, "card")} <= set(HAND)
    game.apply(game.legal_actions()[0])
    game.check_invariants()


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["bird-monk"], "a dict from colour"),
        ({"orange": HAND}, "no 'orange' player in a 2-player game"),
        ({"red": HAND[:8]}, "a list of 9 card names"),
        ({"red": HAND + ["rose-maid"]}, "a list of 9 card names"),
        ({"red": "bird-monk"}, "a list of 9 card names"),
        ({"red": HAND[:8] + [7]}, "a list of 9 card names"),
        ({"red": HAND[:8] + ["bird-king"]}, "red has no card 'bird-king'"),
        ({"red": HAND[:8] + ["bird-monk"]}, "names a card twice"),
    ],
)
def test_a_hand_that_cannot_be_dealt_is_refused(hands, message):
    with pytest.raises(ValueError, match=message):
        Overbooking(players=2, seed=0, scenario={"hands": hands})


def test_a_hand_card_that_also_lies_at_a_hotel_is_refused():
    hotel = {"rule": "none", "queue": [["red", "fish-noble"]]}
    hand = ["fish-monk" if key == "fish-noble" else key for key in HAND]
    Overbooking(players=2, seed=0, scenario={"hotels": [hotel], "hands": {"red": hand}})  # no overlap: fine
    with pytest.raises(ValueError, match="the card fish-noble of red is laid out at a hotel"):
        Overbooking(players=2, seed=0, scenario={"hotels": [hotel], "hands": {"red": HAND}})


def test_an_unknown_key_names_the_known_ones():
    with pytest.raises(ValueError, match="known: hotels, hands, check"):
        Overbooking(players=2, seed=0, scenario={"hand": {"red": HAND}})
