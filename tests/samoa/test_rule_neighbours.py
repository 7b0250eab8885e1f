"""Rule tests set up where the rule and its plausible neighbours differ: off by one, the other
direction, the other owner, the other order (issue 15). Each names the wrong rule it tells apart."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kit.core import Chance, IllegalAction
from kit.samoa import Samoa, rules
from kit.samoa.hotel import Hotel
from tests.support import assert_rejected

from .test_rules import FLAGS, arranged, to_tourists


# ------------------------------------------------------------------------------ SA-2 flag row
class _NoShuffle:
    def shuffle(self, items: list) -> None:
        pass


def _row(piles: list[str]) -> str:
    """The flag row laid out from three piles in the given order (top first), clashes fixed."""
    flags = [(nationality, corner) for corner, pile in enumerate(piles, 1) for nationality in pile]
    game = SimpleNamespace(components=SimpleNamespace(flags=flags), chance=_NoShuffle())
    return "".join(rules.flag_row(game))


def test_sa2_a_flag_clash_moves_the_second_flag_to_the_nearest_later_one_that_fixes_it():
    """Decision: swap the SECOND flag of an equal pair with the nearest later flag that removes the
    clash. Moving the first one, or swapping with the farthest or an earlier flag, lays another row."""
    # clashes N|N at 4 and G|G at 8: the second N swaps with the J after it, the second G with the N
    assert _row(["JUGN", "NJUG", "GNJU"]) == "JUGN" + "JNUG" + "NGJU"
    # clashes N|N at 4 and G|G at 8 again, in another row
    assert _row(["JUGN", "NUJG", "GJNU"]) == "JUGN" + "UNJG" + "JGNU"
    # no clash: the row stays as stacked
    assert _row(["JUGN", "UGNJ", "GNJU"]) == "JUGNUGNJGNJU"


def test_sa2_a_seeded_flag_row_exactly():
    """A seed that stacks J U G N | N U G J | J G U N (clashes at flags 5 and 9, found by search):
    the second N swaps with the U after it, then the second J with the G after it."""
    piles = [[n for n, c in Samoa(players=3).components.flags if c == corner] for corner in (1, 2, 3)]

    def stacked(seed: int) -> str:
        chance, row = Chance(seed), []
        for corner in piles:
            pile = list(corner)
            chance.shuffle(pile)
            row += pile
        return "".join(row)

    seed = next(seed for seed in range(200_000) if stacked(seed) == "JUGNNUGJJGUN")
    assert "".join(Samoa(players=3, seed=seed).flags) == "JUGNUNGJGJUN"


# ------------------------------------------------------------------------------ SA-3.1
@pytest.mark.parametrize(
    "players, per_round",
    [(3, [1] * 9 + [0] * 3), (4, [2] * 3 + [1] * 6 + [0] * 3), (6, [3] * 3 + [2] * 3 + [1] * 3 + [0] * 3)],
)
def test_sa3_1_building_tiles_drawn_in_each_of_the_twelve_rounds(players, per_round):
    """Rounds 1-3 / 4-6 / 7-9 / 10-12 draw by the table: an off-by-one block (round // 3) draws the
    next block's number in rounds 3, 6 and 9."""
    game = Samoa(players=players, seed=21)
    chance = Chance(21)
    while not game.is_over:
        game.apply(game.random_action(chance))
    drawn = [len(event.public["drawn"]) for event in game.events() if event.kind == "buildings"]
    assert drawn == per_round


# ------------------------------------------------------------------------------ SA-3.4, SA-3.5 ties
def test_sa3_4_and_3_5_equal_bids_go_clockwise_from_the_hammer_equal_prices_counter_clockwise_from_the_suitcase():
    """Hammer at seat 1, suitcase at seat 0. Seats 0 and 2 play 8/6, seats 1 and 3 play 4/4.
    Building (bid 8 before 4): clockwise from the hammer is 1, 2, 3, 0, so 2 before 0, then 1 before 3
    (counter-clockwise would give 0, 2, 1, 3). Tourists (price 4 before 6): counter-clockwise from the
    suitcase is 0, 3, 2, 1, so 3 before 1, then 0 before 2 (clockwise from the suitcase would give
    1, 3, 0, 2; from the hammer 1, 3, 2, 0)."""
    game = arranged(["8/6", "4/4", "8/6", "4/4"], hammer=1, offer=["pool"] * 4)
    assert game.phase == "build" and game.order == [2, 0, 1, 3]
    to_tourists(game)
    assert game.order == [3, 1, 0, 2]


# ------------------------------------------------------------------------------ SA-3.6
def test_sa3_6_a_player_who_only_bought_discards_the_card_one_who_did_nothing_keeps_it():
    """Buying alone uses the card up (not only accommodating); a player who did neither keeps it."""
    game = arranged(["20/12", "18/11", "grey", "grey"], offer=["pool"], groups=[["J plain"]])
    game.apply("buy pool")  # seat 0 buys; the tile is gone, so seat 1 is never offered one
    assert game.phase == "tourists"
    while game.phase == "tourists":
        game.apply("done")  # nobody accommodates
    assert game.used[0] == ["20/12"] and "20/12" not in game.hands[0]
    assert game.used[1] == [] and "18/11" in game.hands[1]
    fates = [(e["player"], e["card"], e["fate"]) for e in game.open_events() if e["kind"] == "card"]
    assert fates[:2] == [(0, "20/12", "discarded"), (1, "18/11", "taken back")]


# ------------------------------------------------------------------------------ SA-9.4b
def test_sa9_4b_an_unused_send_home_tile_is_refused_once_the_player_has_accommodated():
    """With the tile still unused, send-home is allowed before the first tourist and refused after
    (the old test refused it only because the tile had been used already)."""
    scenario = {"specials": ["send_home"], "rooms": {1: ["U plain"], 2: ["G plain"]}}
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain"] * 2], hotels={0: scenario}))
    assert "send-home 1 2" in [str(a) for a in game.legal_actions()]
    game.apply("place 1.1 in 3")
    assert "send_home" in game.hotels[0].specials
    assert not [a for a in game.legal_actions() if str(a).startswith("send-home")]
    assert_rejected(game, "send-home 1 2", "SA-9.4", "before you accommodate")


def test_sa3_4_and_3_5_the_order_in_words_names_the_card_and_the_tie_each_player_followed():
    """The view's `order_why`, word for word. Three equal cards: each follows the one just before it
    (not the first of the tie); an unequal card follows nobody; grey cards come last (each named) in the
    tourist phase and buys nothing in the building phase."""
    hammer = "clockwise from the hammer (SA-3.4)"
    suitcase = "counter-clockwise from the suitcase (SA-3.5)"
    game = arranged(["8/6", "8/6", "8/6", "grey"], hammer=1, offer=["pool"] * 4)
    assert game.view(0)["order_why"] == [
        "player 1: bid 8",
        f"player 2: bid 8, after player 1 on equal bids: {hammer}",
        f"player 0: bid 8, after player 2 on equal bids: {hammer}",
    ]
    to_tourists(game)
    assert game.view(0)["order_why"] == [
        "player 0: price 6",
        f"player 2: price 6, after player 0 on equal prices: {suitcase}",
        f"player 1: price 6, after player 2 on equal prices: {suitcase}",
        "player 3: grey card — sends up to two guests home instead (SA-3.5)",
    ]
    game = to_tourists(arranged(["8/6", "4/4", "grey", "grey"], hammer=1, offer=["pool"] * 4))
    grey = "grey card — sends up to two guests home instead (SA-3.5)"
    assert game.view(0)["order_why"] == [
        "player 1: price 4",
        "player 0: price 6",
        f"player 3: {grey}",
        f"player 2: {grey}",
    ]


# ------------------------------------------------------------------------------ refusals
def _refusal(game: Samoa, action: str) -> str:
    with pytest.raises(IllegalAction) as raised:
        game.apply(action)
    return str(raised.value)


def test_moves_out_of_their_phase_are_refused_naming_the_move_word_for_word():
    """Each move's own words in the phase refusal (the rule tests looked for a few words only)."""
    choosing = "the players are choosing price cards (SA-3.3)"
    game = Samoa(players=4, seed=3, scenario={"flags": FLAGS})
    assert _refusal(game, "remove 1") == f"SA-3.3: you cannot send a tourist home now: {choosing}"
    assert _refusal(game, "send-home 1 2") == f"SA-3.3: you cannot use the send-home tile now: {choosing}"
    assert _refusal(game, "swap 2/3") == f"SA-3.3: you cannot swap a price card now: {choosing}"
    assert _refusal(game, "keep") == f"SA-3.3: you cannot keep the played card now: {choosing}"
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], offer=["pool"]))
    assert _refusal(game, "take-back 2/3 8/6") == (
        "SA-3.5: you cannot use the take-back tile now: it is the tourist phase (SA-3.5)"
    )
    game = arranged(["8/6", "4/4", "2/3", "2/3"], offer=["pool"])
    assert _refusal(game, "buy pool 3") == "SA-3.4: only a suite is laid on a room"


# ------------------------------------------------------------------------------ SA-9.4c
def test_sa9_4c_with_one_used_card_the_take_back_tile_takes_that_one():
    """Decision: fewer than two used cards: all of them come back (one card is a choice too)."""
    game = Samoa(
        players=4, seed=3, scenario={"flags": FLAGS, "used": {0: ["8/6"]}, "hotels": {0: {"specials": ["take_back"]}}}
    )
    assert [str(a) for a in game.legal_actions() if str(a).startswith("take-back")] == ["take-back 8/6"]
    game.apply("take-back 8/6")
    assert "8/6" in game.hands[0] and game.used[0] == []


# ------------------------------------------------------------------------------ SA-7, SA-8.2
def test_sa7_sa8_2_the_rooms_a_tourist_may_take():
    """An empty room takes anyone; a room with one lover takes a second lover only; two lovers
    or anyone else fill a room. A hotel has room for someone while a room is empty or holds one lover."""
    c = Samoa(players=3).components
    lover, plain = (next(t for t in c.tourists if t.kind == kind) for kind in ("lovers", "plain"))
    hotel = Hotel(1, 3)
    hotel.rooms = [[], [plain], [lover]]
    assert hotel.rooms_for(lover) == [0, 2] and hotel.rooms_for(plain) == [0]
    assert hotel.has_room_for_anyone()
    hotel.rooms[0] = [plain]
    assert hotel.has_room_for_anyone() and hotel.rooms_for(lover) == [2]
    hotel.rooms[2] = [lover, lover]
    assert not hotel.has_room_for_anyone() and hotel.rooms_for(lover) == []


def test_sa2_a_clash_at_the_end_of_the_row_moves_to_the_nearest_earlier_flag_that_fixes_it():
    """Decision: no later flag is left at the row's end, so the nearest EARLIER flag that removes
    the clash is used (three Ns at the end need it twice)."""
    assert "".join(rules.separate_equal_flags(list("JUGJUGJUGNNN"))) == "JUGJUGNUNJGN"
    assert "".join(rules.separate_equal_flags(list("JUGJUGNJUGNN"))) == "JUGJUGNJNGNU"


def test_sa8_a_rich_tourist_in_a_suite_pays_double_once_and_says_why():
    """SA-8.1 and SA-9.2 each double; two doublings make one (3 x 2 = 6, not 12), and the place
    event names both reasons and that double never stacks."""
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J rich"]], hotels={0: {"suites": [1]}}))
    game.apply("place 1.1 in 1")
    assert [(e["pays"], e["why"]) for e in game.open_events() if e["kind"] == "place"] == [
        (6, ["SA-8.1 rich: double", "SA-9.2 suite: double", "SA-8 double never stacks"])
    ]


def test_sa8_3_next_door_is_above_below_left_or_right_on_the_board_only():
    """On a 3 x 3 board: the centre has four neighbours, a side room three, a corner two; the left
    edge does not wrap to the row above, and an extra room (SA-9.1) is next to nothing."""
    hotel = Hotel(3, 3)
    hotel.rooms.append([])
    assert [hotel.neighbours(room) for room in range(10)] == [
        [3, 1], [4, 0, 2], [5, 1], [0, 6, 4], [1, 7, 3, 5], [2, 8, 4], [3, 7], [4, 6, 8], [5, 7], []
    ]  # fmt: skip


def test_sa9_4c_the_take_back_tile_with_no_used_card_says_none():
    game = Samoa(players=4, seed=3, scenario={"flags": FLAGS, "hotels": {0: {"specials": ["take_back"]}}})
    assert _refusal(game, "take-back 2/3") == "SA-9.4: name 0 of your used price cards (none)"


def test_sa3_the_round_announces_its_own_flag_and_a_room_past_the_last_does_not_exist():
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain"]]))
    seeded = Samoa(players=3, seed=12)  # flags J U G N U N G J G J U N (test above)
    assert [e["nationality"] for e in seeded.open_events() if e["kind"] == "round"] == ["J"]
    past = len(game.hotels[0].rooms) + 1
    assert _refusal(game, f"place 1.1 in {past}") == f"SA-7: your hotel has no room {past}"


# ------------------------------------------------------------------------------ batch 3 (issue 15)
def test_sa8_celebrity_next_door_doubles_says_so_and_a_single_doubling_never_claims_to_stack():
    """SA-8.3 names its reason word for word; one doubling alone does not add "never stacks"; pools
    add ring value for a bather only (SA-8.4), not for anyone in a hotel with a pool."""
    c = Samoa(players=3).components
    kinds = {t.kind: t for t in reversed(c.tourists)}
    hotel = Hotel(1, 3)
    hotel.rooms[0] = [kinds["celebrity"]]
    hotel.pools = 1
    assert hotel.earnings(kinds["plain"], 1, 4) == (8, ["SA-8.3 next to a celebrity: double"])
    assert hotel.earnings(kinds["plain"], 2, 4) == (4, [])
    assert hotel.earnings(kinds["bather"], 2, 4) == (
        4 + kinds["bather"].ring,
        [f"SA-8.4 bather: {kinds['bather'].ring} x 1 pool(s)"],
    )


def test_sa9_a_hotel_as_the_view_shows_it_key_by_key():
    """The view's hotel: every key by its own name, suites numbered from 1 (room 0 is suite 1)."""
    hotel = Hotel(2, 3)
    hotel.suites = {0, 4}
    hotel.pools = 2
    hotel.specials = ["take_back", "send_home"]
    hotel.used_specials = ["swap_card"]
    assert hotel.to_dict() == {
        "rooms": [[]] * 6, "board_rooms": 6, "columns": 3, "suites": [1, 5], "pools": 2,
        "specials": ["send_home", "take_back"], "used_specials": 1,
    }  # fmt: skip


def test_sa3_5_each_tourist_phase_refusal_word_for_word_and_the_count_of_tourists_placed():
    """Seat 0 (price 3) places two tourists from group 1, so a second group, the grey card's send-home
    and the send-home tile are refused with their own words; the done event counts 2 (not 1 or 3).
    The grey seat then may not accommodate and sends at most two tourists home."""
    grey_rooms = {1: ["U plain"], 2: ["G plain"], 3: ["N plain"]}
    hotels = {0: {"specials": ["send_home"], "rooms": {4: ["U plain"]}}, 3: {"rooms": grey_rooms}}
    game = to_tourists(
        arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain", "J plain"], ["G plain"]], hotels=hotels)
    )
    assert game.to_move == 0
    game.apply("place 1.1 in 1")
    game.apply("place 1.1 in 2")
    assert _refusal(game, "place 2.1 in 3") == "SA-3.5: tourists come from one group only; you took from group 1"
    assert _refusal(game, "remove 1") == "SA-3.5: only a player who played the grey card sends tourists home this way"
    assert _refusal(game, "send-home 1 2") == "SA-9.4: the send-home tile is used before you accommodate new tourists"
    game.apply("done")
    assert [e["placed"] for e in game.open_events() if e["kind"] == "done"] == [2]
    assert game.to_move == 3
    assert _refusal(game, "place 2.1 in 4") == "SA-3.5: with the grey card no tourists can be accommodated this round"
    game.apply("remove 1")
    game.apply("remove 2")
    assert _refusal(game, "remove 3") == "SA-3.5: the grey card sends at most two tourists home"


def test_phase_refusals_of_pass_done_and_place_and_the_building_refusals_word_for_word():
    choosing = "the players are choosing price cards (SA-3.3)"
    game = Samoa(
        players=4,
        seed=3,
        scenario={"flags": FLAGS, "used": {0: ["8/6", "4/4"]}, "hotels": {0: {"specials": ["take_back"]}}},
    )
    assert _refusal(game, "pass") == f"SA-3.3: you cannot pass now: {choosing}"
    assert _refusal(game, "done") == f"SA-3.3: you cannot end the turn now: {choosing}"
    assert _refusal(game, "place 1.1 in 1") == f"SA-3.3: you cannot accommodate tourists now: {choosing}"
    assert _refusal(game, "take-back 8/6") == "SA-9.4: name 2 of your used price cards (8/6, 4/4)"
    game = arranged(["8/6", "4/4", "2/3", "2/3"], offer=["pool", "suite"])
    assert _refusal(game, "buy extra_room") == "SA-3.4: no extra_room tile is on offer (pool, suite)"
    past = game.hotels[game.to_move].board_rooms + 1
    assert (
        _refusal(game, f"buy suite {past}") == "SA-9.2: a suite goes on one of your hotel board's rooms without a suite"
    )


def test_rooms_and_tiles_are_numbered_from_one_and_send_home_names_different_rooms():
    """Tile 0 and room 0 do not exist (not the last ones, as index -1 would read them); the
    send-home tile names two DIFFERENT occupied rooms, no more; no take-back is offered with no used
    card (the tile would be spent on nothing)."""
    hotels = {0: {"specials": ["send_home"], "rooms": {1: ["U plain"], 2: ["G plain"]}}, 3: {"rooms": {6: ["N plain"]}}}
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain", "J rich"]], hotels=hotels))
    assert _refusal(game, "place 1.0 in 3") == "SA-3.5: there is no tourist 1.0 on offer"
    assert_rejected(game, "send-home 1 1", "SA-9.4", "different occupied room")
    game.apply("done")
    assert game.to_move == 3  # the grey seat; its last room (6) is occupied
    assert _refusal(game, "remove 0") == "SA-3.5: room 0 of your hotel has no tourist to send home"
    one = {0: {"specials": ["send_home"], "rooms": {1: ["U plain"]}}}
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["J plain"]], hotels=one))
    assert_rejected(game, "send-home 1 1", "SA-9.4", "name 1 different occupied room")
    game = Samoa(players=4, seed=3, scenario={"flags": FLAGS, "hotels": {0: {"specials": ["take_back"]}}})
    assert not [a for a in game.legal_actions() if str(a).startswith("take-back")]


def test_sa2_a_clash_is_two_equal_flags_side_by_side_the_first_two_included_the_row_does_not_wrap():
    """On rows no game lays out (every stacked row, all 13,824, is laid out alike either way): counting
    a clash between the last and the first flag, or not between the first two, moves other flags."""
    assert "".join(rules.separate_equal_flags(list("JGNUUNGUNGJJ"))) == "JGNUNUGUJGJN"
    assert "".join(rules.separate_equal_flags(list("JJNGUUUGGNNJ"))) == "JNJGUGUGUNJN"
    # a clash between the first two flags is fixed too; the earlier flags are tried down to the first
    assert "".join(rules.separate_equal_flags(list("NNUJGGUJUNGJ"))) == "NUNJGUGJUNGJ"
    assert "".join(rules.separate_equal_flags(list("GNJJJGUUNJJJ"))) == "JNJGJUJUJGNJ"
    with pytest.raises(ValueError) as refused:
        rules.separate_equal_flags(list("JJJJ"))  # a row that cannot be fixed is refused, not returned
    assert str(refused.value) == "SA-2: could not lay out the flags without two equal ones side by side"


def test_sa9_4a_during_the_swap_the_played_cards_are_shown_and_the_first_holder_has_turn_0():
    """The cards are revealed before the swap tile is used (SA-3.3, SA-9.4a): the view shows them,
    the swap phase starts at turn 0, and choosing again is refused with the move's own words."""
    game = arranged(["8/6", "4/4", "2/3", "2/3"], hotels={1: {"specials": ["swap_card"]}})
    assert game.phase == "swap" and game.to_move == 1
    view = game.view(0)
    assert view["played"] == ["8/6", "4/4", "2/3", "2/3"] and view["turn"] == 0
    assert _refusal(game, "choose 8/6") == (
        "SA-9.4: you cannot choose a price card now: players with the swap tile decide whether to swap (SA-9.4)"
    )


def test_sa3_2_the_round_event_says_whether_the_round_is_doubled():
    """Rounds 6 and 12 are doubled (SA-3.2); the round's event says so, and only for them."""
    game, chance = Samoa(players=3, seed=21), Chance(21)
    while game.round < 6:
        game.apply(game.random_action(chance))
    assert [e["doubled"] for e in game.open_events() if e["kind"] == "round"] == [False] * 5 + [True]
