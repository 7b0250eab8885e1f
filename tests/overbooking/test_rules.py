"""One or more tests per rule of the digest (OB-1 ... OB-8), illegal placements included."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import Chance
from kit.overbooking import Overbooking, load_components
from tests.support import assert_rejected

rejected = assert_rejected


def first_card(game, player, test):
    return next(card for card in game.hands[player] if test(card))


def events(game, kind):
    return [e for e in game.open_events() if e["kind"] == kind]


# ------------------------------------------------------------------------------- OB-1
def test_ob1_components():
    c = load_components()
    cards = [card for deck in c.decks.values() for card in deck]
    assert len(cards) == 96 and all(len(deck) == 24 for deck in c.decks.values())
    assert Counter(card.kind for card in c.decks["red"]) == {kind: 4 for kind in c.beds}
    assert {card.kind: card.beds for card in cards} == {
        "monk": 1,
        "merchant": 2,
        "maid": 3,
        "noble": 4,
        "soldier": 5,
        "worker": 6,
    }
    assert {card.size for card in cards if card.beds <= 3} == {"small"}
    assert (c.hotels[1]["A"].beds, c.hotels[1]["B"].rule, c.hotels[2]["A"].rule) == (13, "first:monk", "two_crests")


# ------------------------------------------------------------------------------- OB-2
def test_ob2_setup():
    game = Overbooking(players=3, seed=2, first_player=1)
    assert [len(h) for h in game.hands] == [9, 9, 9] and [len(d) for d in game.decks] == [15, 15, 15]
    assert len(game.hotels) == 3 and all(h.token for h in game.hotels) and game.current_player == 1
    for bad in ({"players": 5}, {"first_player": 3}, {"score_card": "expert"}):
        with pytest.raises(ValueError):
            Overbooking(**bad)


# ------------------------------------------------------------------------------- OB-4
def test_ob4_a_face_down_card_shows_owner_crest_and_size_only():
    game = Overbooking(players=3, seed=3, scenario={"hotels": [{"rule": "none"}]})
    card = game.hands[0][0]
    game.apply(f"queue {card.key} at 1")
    mine, theirs = game.view(0)["hotels"][0]["queue"][0], game.view(1)["hotels"][0]["queue"][0]
    assert mine["card"] == card.key
    assert theirs == {"owner": 0, "colour": "red", "crest": card.crest, "size": card.size, "face_up": False}
    assert card.key not in str(game.events_for(1)[-1])


def test_ob4_limits_and_the_point_token():
    game = Overbooking(players=4, seed=4, scenario={"hotels": [{"rule": "none"}] * 4})
    for _ in range(4):  # four queue cards at hotel 1
        game.apply(f"queue {game.hands[game.to_move][0].key} at 1")
    rejected(game, f"queue {game.hands[game.to_move][0].key} at 1", "OB-4", "queue is full")
    player = game.to_move
    game.apply(f"back {game.hands[player][0].key} at 1")
    assert game.tokens[player] == 1 and not game.hotels[0].token
    game.apply(f"back {game.hands[game.to_move][0].key} at 1")
    assert sum(game.tokens) == 1  # only the first back-door card takes the token
    rejected(game, f"back {game.hands[game.to_move][0].key} at 1", "OB-4", "at most 2")
    rejected(game, f"queue {game.hands[game.to_move][0].key} at 9", "OB-4", "no hotel 9")
    missing = next(c for c in game.components.decks[game.colours[game.to_move]] if c not in game.hands[game.to_move])
    rejected(game, f"queue {missing.key} at 2", "OB-4", "in hand")


@pytest.mark.parametrize(
    "rule, bad, text",
    [
        ("small_only", lambda c: c.size == "large", "only small cards"),
        ("large_only", lambda c: c.size == "small", "only large cards"),
        ("no:soldier", lambda c: c.kind == "soldier", "no soldiers"),
        ("no:worker", lambda c: c.kind == "worker", "no workers"),
    ],
)
def test_ob6_queue_rules_are_checked_against_the_real_card(rule, bad, text):
    for seed in range(20):
        game = Overbooking(players=2, seed=seed, scenario={"hotels": [{"rule": rule}]})
        card = next((c for c in game.hands[0] if bad(c)), None)
        if card is not None:
            break
    rejected(game, f"queue {card.key} at 1", "OB-6", text)
    game.apply(f"back {card.key} at 1")  # the back door has no such rule


def test_ob6_two_crests_and_a_queue_of_five_and_face_up():
    game = Overbooking(players=2, seed=5, scenario={"hotels": [{"rule": "two_crests"}, {"rule": "queue_5"}]})
    crests = []
    while len(crests) < 2:
        card = next(c for c in game.hands[game.to_move] if c.crest not in crests)
        crests.append(card.crest)
        game.apply(f"queue {card.key} at 1")
    third = next(c for c in game.hands[game.to_move] if c.crest not in crests)
    rejected(game, f"queue {third.key} at 1", "OB-6", "two different crests")
    for _ in range(5):
        game.apply(f"queue {game.hands[game.to_move][0].key} at 2")
    assert len(game.hotels[1].queue) == 5
    game = Overbooking(players=2, seed=5, scenario={"hotels": [{"rule": "face_up"}]})
    card = game.hands[0][0]
    game.apply(f"queue {card.key} at 1")
    assert game.view(1)["hotels"][0]["queue"][0]["card"] == card.key


def test_ob4_only_the_last_player_may_hold_the_fifth_card():
    game = Overbooking(players=2, seed=6, scenario={"hotels": [{"rule": "queue_5"}, {"rule": "queue_5"}]})
    while game.turn < 9:  # passes 1-4 for both, and player 0's fifth card
        assert "hold" not in [str(a) for a in game.legal_actions()]
        rejected(game, "hold", "OB-4", "only the last player")
        game.apply(next(a for a in game.legal_actions() if str(a) != "hold"))
    assert game.to_move == 1 and "hold" in [str(a) for a in game.legal_actions()]
    game.apply("hold")
    assert events(game, "hold")[-1]["player"] == 1
    assert [e["player"] for e in events(game, "place")].count(1) == 4


# ------------------------------------------------------------------------------- OB-5
def test_ob5_maid_replaces_one_of_her_owners_cards_and_the_owner_chooses():
    game = Overbooking(
        players=2,
        seed=7,
        scenario={
            "check": True,
            "hotels": [
                {
                    "beds": 20,
                    "rule": "none",
                    "queue": [["red", "bird-monk"], ["blue", "bird-worker"], ["red", "fish-monk"]],
                    "back": [["red", "bird-maid"]],
                }
            ],
        },
    )
    assert game.stage == 2 and game.to_move == 0 and game.view(0)["pending"] == "maid"
    assert [str(a) for a in game.legal_actions()] == ["target 1", "target 3"]
    rejected(game, "target 2", "OB-5", "target queue position 1, 3")
    game.apply("target 3")
    booked = [c.key for c in game.booked[0]]
    assert booked == ["bird-maid", "bird-monk"] and ("red", "fish-monk") in [(c.colour, c.key) for c in game.box]


def test_ob5_worker_replaces_any_six_and_soldier_never_below_zero():
    game = Overbooking(
        players=2,
        seed=7,
        scenario={
            "check": True,
            "hotels": [
                {
                    "beds": 2,
                    "rule": "none",
                    "queue": [["blue", "bird-worker"], ["red", "fish-monk"]],
                    "back": [["red", "bird-soldier"], ["red", "rose-worker"], ["blue", "rose-merchant"]],
                }
            ],
        },
    )
    abilities = [(e["card"], e["beds_before"], e["beds_after"]) for e in events(game, "ability")][:3]
    assert abilities == [("bird-soldier", 2, 0), ("rose-worker", 0, 0), ("rose-merchant", 0, 3)]
    assert [c.key for c in game.booked[0]] == ["fish-monk"]  # the worker (6) does not fit in 2
    assert ("blue", "bird-worker") in [(c.colour, c.key) for c in game.box]


def test_ob5_a_replaced_card_loses_priority_and_a_noble_without_target_does_nothing():
    game = Overbooking(
        players=2,
        seed=8,
        scenario={
            "check": True,
            "hotels": [
                {
                    "beds": 6,
                    "rule": "none",
                    "queue": [["red", "bird-worker"], ["blue", "bird-soldier"]],
                    "back": [
                        ["red", "bird-noble"],
                        ["blue", "fish-worker"],
                        ["blue", "rose-noble"],
                        ["red", "rose-noble"],
                    ],
                }
            ],
        },
    )
    assert game.to_move == 1 and game.view(1)["pending"] == "noble"  # blue chooses between two cards
    game.apply("target 2")
    texts = [e["effect"] for e in events(game, "ability")[:4]]
    assert texts[0].startswith("gives priority to bird-worker")
    assert texts[1].startswith("replaces bird-worker")
    assert texts[2].startswith("gives priority to bird-soldier")
    assert texts[3] == "has no target and does nothing"  # red has no card left in the queue
    books = [(e["kind"], e["card"]) for e in game.open_events() if e["kind"] in ("book", "no-room")][:2]
    assert books == [("book", "bird-soldier"), ("no-room", "fish-worker")]  # the newcomer has no priority


def test_ob5_hotel_rule_first_books_before_the_rest():
    game = Overbooking(
        players=2,
        seed=9,
        scenario={
            "check": True,
            "hotels": [
                {
                    "beds": 6,
                    "rule": "first:maid",
                    "queue": [["red", "bird-worker"], ["blue", "bird-maid"]],
                }
            ],
        },
    )
    books = [(e["kind"], e["card"]) for e in game.open_events() if e["kind"] in ("book", "no-room")][:2]
    assert books == [("book", "bird-maid"), ("no-room", "bird-worker")]


# ------------------------------------------------------------------------------- OB-7
def test_ob7_prepare_the_next_round():
    game = Overbooking(players=3, seed=10)
    chance = Chance(3)
    tiles = [(h.tile, h.side) for h in game.hotels]
    while game.round == 1:
        game.apply(game.random_action(chance))
    assert all(len(h) == 9 for h in game.hands) and game.start == 1
    assert [(h.tile, h.side) for h in game.hotels] == [(t, "B" if s == "A" else "A") for t, s in tiles]
    assert all(h.token for h in game.hotels)
    while game.round == 2:
        game.apply(game.random_action(chance))
    assert not {t for t, _ in tiles} & {h.tile for h in game.hotels}  # both sides used: new tiles
    game.check_invariants()


def test_ob7_decks_are_used_up_exactly_when_everyone_places_five():
    game = Overbooking(players=4, seed=11)
    chance = Chance(11)
    while not game.is_over:
        legal = [a for a in game.legal_actions() if str(a) != "hold"]
        game.apply(legal[chance.below(len(legal))])
    assert all(not deck for deck in game.decks) and all(len(h) == 4 for h in game.hands)


# ------------------------------------------------------------------------------- OB-8
def test_ob8_scores_coins_tokens_and_score_cards():
    for side in (None, "beginner", "advanced"):
        game = Overbooking(players=3, seed=12, score_card=side)
        chance = Chance(12)
        while not game.is_over:
            game.apply(game.random_action(chance))
        for p in range(3):
            counts = Counter(c.crest for c in game.booked[p])
            table = game.components.score_cards[side] if side else {}
            bonus = 0
            for crest in game.components.crests:
                n = counts[crest]
                if n == 0:
                    bonus += table.get(0, 0)
                else:
                    bonus += max((pts for need, pts in table.items() if 0 < need <= n), default=0)
            assert game.scores()[p] == sum(c.coins for c in game.booked[p]) + game.tokens[p] + bonus
        assert game.events()[-1].rule == "OB-8" and game.winners()
        assert game.view(0)["stage"] == 4  # the number the board and the picture read as "game over"


def test_a_placement_shows_its_back_and_the_last_one_turns_the_cards_over():
    game = Overbooking(players=2, seed=14)
    assert all(game.reveals(a) for a in game.legal_actions())  # OB-1: crest and size of a hidden card
    while game.turn < 9:
        game.apply(next(a for a in game.legal_actions() if str(a) != "hold"))
    assert all(game.reveals(a) for a in game.legal_actions())  # the last card of stage 1
