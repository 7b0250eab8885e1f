"""One or more tests per rule of the digest (SA-1 ... SA-9), illegal actions included."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import Chance, random_playout
from kit.samoa import Samoa, load_components
from tests.support import assert_rejected

FLAGS = ["J", "U", "G", "N", "J", "U", "G", "N", "J", "U", "G", "N"]


rejected = assert_rejected


def arranged(cards, players=4, **scenario):
    """A game at the start of a round (scenario), with every player's price card chosen."""
    scenario.setdefault("flags", FLAGS)
    game = Samoa(players=players, seed=3, scenario=scenario)
    for card in cards:
        game.apply(f"choose {card}")
    return game


def to_tourists(game):
    while game.phase in ("swap", "build"):
        game.apply("keep" if game.phase == "swap" else "pass")
    return game


# ------------------------------------------------------------------------------ SA-1
def test_sa1_components():
    c = load_components()
    assert len(c.tourists) == 72 and Counter(t.nationality for t in c.tourists) == {"J": 18, "N": 18, "U": 18, "G": 18}
    assert len(c.building_tiles) == 19 and {"swap_card", "send_home", "take_back"} <= set(c.building_tiles)
    assert len(c.price_cards) == 11 and sum(card.grey for card in c.price_cards) == 1
    lines = [line for card in c.tourist_cards.values() for line in card.values()]
    assert len(c.tourist_cards) == 13 and all(sum(line) <= 9 for line in lines)
    assert len(c.flags) == 12 and c.doubled_rounds == (6, 12) and c.start_money == 25


# ------------------------------------------------------------------------------ SA-2
def test_sa2_setup():
    game = Samoa(players=5, seed=4)
    assert game.money == [25] * 5 and all(len(hand) == 11 for hand in game.hands)
    assert game.hammer == 0 and game.view(0)["tie_card"] == {"hammer": 0, "suitcase": 4}
    assert game.view(0)["doubled_rounds"] == [6, 12]
    with pytest.raises(ValueError, match="3 to 6"):
        Samoa(players=2)
    with pytest.raises(ValueError, match="tie_card"):
        Samoa(players=3, tie_card=3)


def test_sa2_no_two_equal_flags_side_by_side():
    for seed in range(300):
        flags = Samoa(players=3, seed=seed).flags
        assert Counter(flags) == {"J": 3, "N": 3, "U": 3, "G": 3}
        assert all(flags[i] != flags[i - 1] for i in range(1, 12)), flags


# ------------------------------------------------------------------------------ SA-3.1
@pytest.mark.parametrize("players, first", [(3, 1), (4, 2), (5, 2), (6, 3)])
def test_sa3_1_building_tiles_laid_out_and_unbought_ones_stay(players, first):
    game = Samoa(players=players, seed=5)
    assert len(game.offer) == first and len(game.building_deck) == 19 - first
    for _ in range(players):
        game.apply("choose 2/3")
    while game.phase == "build":
        game.apply("pass")
    while game.phase == "tourists":
        game.apply("done")
    assert game.round == 2 and len(game.offer) == 2 * first  # nobody bought: they stay


# ------------------------------------------------------------------------------ SA-3.2
def test_sa3_2_groups_come_from_the_tourist_card_and_are_doubled_on_2x_rounds():
    c = load_components()
    game = Samoa(players=4, seed=6)
    assert [len(g) for g in game.groups] == list(c.tourist_cards[game.tourist_card][4])
    assert all(t.nationality == game.flags[0] for g in game.groups for t in g)
    game = Samoa(players=4, seed=6, scenario={"round": 5, "flags": FLAGS, "groups": [["J plain"]]})
    for _ in range(4):
        game.apply("choose grey")
    while game.phase == "tourists":
        game.apply("done")
    assert game.round == 6 and game.view(0)["nationality"] == "U"
    assert [len(g) for g in game.groups] == [2 * s for s in c.tourist_cards[game.tourist_card][4]]
    assert all(t.nationality == "U" for g in game.groups for t in g)


def test_sa3_2_a_nationality_leaves_and_lovers_leave_together():
    game = arranged(
        ["grey"] * 4,
        round=1,
        groups=[["J plain"]],
        hotels={0: {"rooms": {1: ["U plain"], 2: ["U lovers", "G lovers"], 3: ["G plain"]}}},
    )
    to_tourists(game)
    while game.phase == "tourists":
        game.apply("done")
    # round 2 is the United Kingdom: the U plain leaves, and the lovers pair with it (SA-8.2)
    assert [len(o) for o in game.hotels[0].rooms[:3]] == [0, 0, 1]
    assert game.supply["G"].count(next(t for t in game.supply["G"] if t.kind == "lovers")) == 1
    game.check_invariants()


# ------------------------------------------------------------------------------ SA-3.3
def test_sa3_3_choices_stay_hidden_until_all_have_chosen():
    game = Samoa(players=4, seed=7)
    game.apply("choose 14/8")
    other = game.view(1)
    assert other["has_chosen"] == [True, False, False, False] and other["played"] == [None] * 4
    assert "14/8" not in str(other["hand"]) or other["hand"].count("14/8") == 1
    assert game.view(0)["my_card"] == "14/8" and other["my_card"] is None
    assert "14/8" not in [e.get("card") for e in game.events_for(1)]
    for card in ("2/3", "4/4", "6/5"):
        game.apply(f"choose {card}")
    assert game.view(1)["played"] == ["14/8", "2/3", "4/4", "6/5"]


def test_sa3_3_only_a_card_in_hand_and_only_now():
    game = Samoa(players=3, seed=7, scenario={"used": {0: ["20/12"]}})
    rejected(game, "choose 20/12", "SA-3.3", "no price card 20/12")
    rejected(game, "buy pool", "SA-3.3", "cannot buy a building tile now")
    rejected(game, "place 1.1 in 1", "SA-3.3")
    rejected(game, "choose gold", "SA-3.3")


# ------------------------------------------------------------------------------ SA-3.4
def test_sa3_4_grey_cannot_buy_and_who_cannot_pay_must_pass():
    game = arranged(["20/12", "grey", "18/11", "2/3"], offer=["pool", "pool"], money=[25, 25, 10, 25])
    assert game.order == [0, 2, 3]  # grey is never offered a tile
    game.apply("buy pool")
    assert game.money[0] == 5
    assert [str(a) for a in game.legal_actions()] == ["pass"]  # 10 Tala cannot pay 18
    rejected(game, "buy pool", "SA-3.4", "cannot pay the bid of 18")
    game.apply("pass")
    rejected(game, "buy suite 1", "SA-3.4", "no suite tile is on offer")
    rejected(game, "buy pool 2", "SA-3.4", "only a suite")
    game.apply("buy pool")
    assert game.phase == "tourists"  # no tile left


def test_sa3_4_a_suite_goes_on_a_board_room_without_one():
    game = arranged(
        ["20/12", "18/11", "16/10", "2/3"], offer=["suite", "suite"], hotels={0: {"extra_rooms": 1}, 1: {"suites": [2]}}
    )
    rejected(game, "buy suite 7", "SA-9.2")  # the extra room is no board room
    rejected(game, "buy suite", "SA-9.2")
    game.apply("buy suite 2")
    rejected(game, "buy suite 2", "SA-9.2")
    game.apply("buy suite 1")
    assert game.hotels[0].suites == {1} and game.hotels[1].suites == {1, 0}


# ------------------------------------------------------------------------------ SA-3.5
def test_sa3_5_one_group_only_and_free_rooms_only():
    game = to_tourists(arranged(["2/3", "4/4", "6/5", "8/6"], groups=[["J plain"] * 2, ["J rich"]]))
    game.apply("place 1.1 in 1")
    rejected(game, "place 2.1 in 2", "SA-3.5", "one group only")
    rejected(game, "place 1.1 in 1", "SA-7", "not free")
    rejected(game, "place 1.1 in 9", "SA-7", "no room 9")
    rejected(game, "place 1.5 in 2", "SA-3.5", "no tourist 1.5")
    game.apply("done")
    assert game.current_player == 1


def test_sa3_5_grey_removes_up_to_two_and_cannot_accommodate():
    game = to_tourists(
        arranged(
            ["2/3", "grey", "6/5", "8/6"],
            groups=[["J plain"]],
            hotels={1: {"rooms": {1: ["U plain"], 2: ["U lovers", "G lovers"], 3: ["G plain"]}}},
        )
    )
    assert game.order == [0, 2, 3, 1]  # grey acts after everyone with a price
    for _ in range(3):
        game.apply("done")
    rejected(game, "place 1.1 in 4", "SA-3.5", "grey card")
    game.apply("remove 2")  # the lovers pair counts as one
    game.apply("remove 1")
    rejected(game, "remove 3", "SA-3.5", "at most two")
    rejected(game, "remove 5", "SA-3.5")
    game.apply("done")
    assert [len(o) for o in game.hotels[1].rooms[:3]] == [0, 0, 1]


# ------------------------------------------------------------------------------ SA-3.6
def test_sa3_6_cards_payout_leftovers_and_tie_card():
    game = to_tourists(arranged(["2/3", "4/4", "grey", "8/6"], groups=[["J plain"] * 3], offer=["pool"]))
    game.play("place 1.1 in 1", "done", "done", "done", "done")
    assert game.round == 2
    assert game.used[0] == ["2/3"] and "4/4" in game.hands[1] and "grey" in game.hands[2]
    assert game.money[0] == 25 + 3 and game.hammer == 1
    assert sum(len(s) for s in game.supply.values()) == 72 - sum(len(g) for g in game.groups) - 1


def test_sa3_6_the_grey_card_is_always_there():
    game = Samoa(players=3, seed=9)
    random_playout(game, Chance(2))
    assert all("grey" in hand for hand in game.hands)


# ------------------------------------------------------------------------------ SA-6
def test_sa6_special_tiles_count_and_ties_go_to_empty_rooms():
    game = Samoa(
        players=3,
        seed=10,
        scenario={
            "money": [30, 30, 33],
            "hotels": {0: {"specials": ["swap_card"], "rooms": {1: ["J plain"]}}, 1: {"specials": ["send_home"]}},
        },
    )
    assert game.scores() == [33, 33, 33]
    assert game.winners() == [1, 2]  # 6 empty rooms each beat player 0's 5
    game = Samoa(players=3, seed=11)
    random_playout(game, Chance(11))
    assert game.is_over and game.events()[-1].rule == "SA-6"
    assert game.winners() == game.events()[-1].public["winners"]


# ------------------------------------------------------------------------------ SA-7, SA-8
def placed(scenario, tourist, room, card="6/5"):
    game = to_tourists(arranged([card, "grey", "grey", "grey"], groups=[[tourist]], **scenario))
    game.apply(f"place 1.1 in {room}")
    return game.log[-1][3]


def test_sa8_1_rich_pays_double():
    assert placed({}, "J rich", 1)["pays"] == 10


def test_sa8_3_a_celebrity_next_door_doubles_not_diagonally_nor_from_extra_rooms():
    celeb = {"hotels": {0: {"rooms": {2: ["U celebrity"]}, "extra_rooms": 1}}}
    assert placed(celeb, "J plain", 1)["pays"] == 10  # beside room 2
    assert placed(celeb, "J plain", 5)["pays"] == 10  # below room 2
    assert placed(celeb, "J plain", 4)["pays"] == 5  # diagonal
    assert placed(celeb, "J plain", 7)["pays"] == 5  # an extra room is adjacent to nothing
    assert placed(celeb, "J celebrity", 3)["pays"] == 10  # a celebrity next to one pays double too


def test_sa8_3_placement_order_matters_within_a_turn():
    game = to_tourists(arranged(["6/5", "grey", "grey", "grey"], groups=[["J celebrity", "J plain"]]))
    game.play("place 1.1 in 1", "place 1.1 in 2")
    assert [e[3]["pays"] for e in game.log[-2:]] == [5, 10]


def test_sa8_double_never_stacks_and_bathers_add_their_ring_per_pool():
    rich_in_suite_by_celeb = {"hotels": {0: {"suites": [1], "rooms": {2: ["U celebrity"]}}}}
    event = placed(rich_in_suite_by_celeb, "J rich", 1)
    assert event["pays"] == 10 and "SA-8 double never stacks" in event["why"]
    pools = {"hotels": {0: {"suites": [1], "pools": 3}}}
    assert placed(pools, "J bather 2", 1)["pays"] == 10 + 2 * 3  # double price plus the normal bonus


def test_sa8_2_lovers_share_a_room_and_leave_together():
    game = to_tourists(
        arranged(
            ["6/5", "grey", "grey", "grey"],
            groups=[["J lovers", "J plain"]],
            hotels={0: {"rooms": {1: ["U lovers"], 2: ["G plain"]}}},
        )
    )
    rejected(game, "place 1.2 in 1", "SA-7")  # a plain tourist cannot join a lover
    game.apply("place 1.1 in 1")
    assert len(game.hotels[0].rooms[0]) == 2
    rejected(game, "place 1.1 in 1", "SA-7")  # the pair is complete
    game.check_invariants()


# ------------------------------------------------------------------------------ SA-9
def test_sa9_1_an_extra_room_and_9_2_a_suite_on_an_occupied_room():
    game = arranged(
        ["20/12", "18/11", "grey", "grey"], offer=["extra_room", "suite"], hotels={1: {"rooms": {1: ["J plain"]}}}
    )
    game.apply("buy extra_room")
    game.apply("buy suite 1")
    assert len(game.hotels[0].rooms) == 7 and game.hotels[1].suites == {0}
    assert game.money[1] == 25 - 18  # the occupant of the suite does not pay again


def test_sa9_3_a_pool_pays_for_the_bathers_already_there():
    game = arranged(
        ["20/12", "grey", "grey", "grey"],
        offer=["pool"],
        hotels={0: {"rooms": {1: ["J bather 3"], 2: ["U bather 1"]}, "pools": 1}},
    )
    game.apply("buy pool")
    assert game.money[0] == 25 - 20 + 4 and game.hotels[0].pools == 2


def test_sa9_4a_swap_after_the_reveal():
    game = arranged(["2/3", "4/4", "6/5", "8/6"], hotels={2: {"specials": ["swap_card"]}}, offer=["pool"])
    assert game.phase == "swap" and game.current_player == 2
    rejected(game, "swap 6/5", "SA-9.4", "no price card 6/5 in hand")
    game.apply("swap 20/12")
    assert game.chosen[2] == "20/12" and "6/5" in game.hands[2] and "swap_card" not in game.hotels[2].specials
    assert game.phase == "build" and game.order[0] == 2


def test_sa9_4b_send_home_before_accommodating():
    game = to_tourists(
        arranged(
            ["2/3", "grey", "grey", "grey"],
            groups=[["J plain"]],
            hotels={0: {"specials": ["send_home"], "rooms": {1: ["U plain"], 2: ["G plain"]}}},
        )
    )
    rejected(game, "send-home 1", "SA-9.4", "2 different occupied")
    game.apply("send-home 1 2")
    assert game.hotels[0].occupied_rooms() == [] and game.hotels[0].used_specials == ["send_home"]
    game.apply("place 1.1 in 1")
    rejected(game, "send-home 1", "SA-9.4")


def test_sa9_4c_take_back_before_choosing():
    game = Samoa(
        players=3,
        seed=12,
        scenario={"used": {0: ["20/12", "18/11", "16/10"]}, "hotels": {0: {"specials": ["take_back"]}}},
    )
    assert "take-back 18/11 20/12" in [str(a) for a in game.legal_actions()]
    rejected(game, "take-back 20/12", "SA-9.4", "name 2")
    game.apply("take-back 18/11 20/12")
    assert "20/12" in game.hands[0] and game.used[0] == ["16/10"]
    assert game.current_player == 0  # still to choose
    game.apply("choose 20/12")
    rejected(Samoa(players=3, seed=12), "take-back 2/3 4/4", "SA-9.4", "no unused take-back tile")


def test_sa3_5_a_full_hotel_takes_nothing_and_keeps_its_card():
    full = {r: [f"{n} plain"] for r, n in zip(range(1, 7), "UGUGUG")}
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain"]], hotels={0: {"rooms": full}}))
    assert [str(a) for a in game.legal_actions()] == ["done"]
    rejected(game, "place 1.1 in 1", "SA-7")
    game.play("done", "done", "done", "done")
    assert "2/3" in game.hands[0]


def test_sa3_4_the_grey_card_is_never_offered_a_tile():
    game = arranged(["grey", "grey", "grey", "grey"], offer=["pool"])
    assert game.phase == "tourists" and game.offer == ["pool"]
    rejected(game, "buy pool", "SA-3.5", "cannot buy a building tile now")


def test_the_last_price_card_and_the_end_of_a_round_reveal_hidden_things():
    game = Samoa(players=3, seed=13)
    assert not game.reveals(game.legal_actions()[0])
    game.play("choose 2/3", "choose 4/4")
    assert game.reveals(game.legal_actions()[0])  # the third choice turns all cards over
    game.apply("choose 6/5")
    while game.phase == "build":
        assert not game.reveals(game.parse_action("pass"))
        game.apply("pass")
    done = game.parse_action("done")
    for _ in range(2):
        assert not game.reveals(done)
        game.apply(done)
    assert game.reveals(done)  # the last "done" ends the round: new tiles and tourists are drawn


@pytest.mark.parametrize(
    ("lang", "tourist"),
    [("en", "plain (Japan)"), ("nb", "vanlig turist fra Japan"), ("pl", "(Japonia)"), ("sv", "(Japan)")],
)
def test_sa7_names_the_tourist_in_words_not_by_its_code(lang, tourist):
    from kit.core.errors import IllegalAction
    from kit.i18n import language

    game = to_tourists(arranged(["2/3", "4/4", "6/5", "8/6"], groups=[["J plain"] * 2, ["J rich"]]))
    game.apply("place 1.1 in 1")
    with pytest.raises(IllegalAction) as refused:
        game.apply("place 1.1 in 1")
    with language(lang):
        text = str(refused.value)
    assert text.startswith("SA-7: ") and tourist in text and "J plain" not in text
