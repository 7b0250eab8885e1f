"""One or more tests per rule of the digest (LC-1 ... LC-7), illegal actions included."""

from __future__ import annotations

import pytest

from kit.core import InvariantBroken
from kit.lostcities import LostCities, expedition_score, load_components
from kit.lostcities.scenarios import arrange_deck
from tests.support import assert_rejected

from .helpers import finish_round_by_discarding, run_scripts, scripted_game

rejected = assert_rejected


# --------------------------------------------------------------------------------- LC-1
def test_lc1_components_five_expeditions_of_twelve_cards():
    components = load_components()
    names = [e.name for e in components.expeditions]
    assert names == ["Himalaya", "Brazilian rainforest", "Desert", "Volcano", "Neptune's depths"]
    deck = components.deck(2)
    assert len(deck) == 60
    for expedition in range(5):
        cards = [c for c in deck if c.expedition == expedition]
        assert sorted(c.value for c in cards if c.value) == list(range(2, 11))
        assert sum(c.is_investment for c in cards) == 3


def test_lc1_card_texts_read_back():
    components = load_components()
    assert str(components.card("d7")) == "D7"
    assert components.card("Nx").is_investment
    assert components.card("N×") == components.card("Nx")
    with pytest.raises(ValueError):
        components.card("Q7")


# --------------------------------------------------------------------------------- LC-2
def test_lc2_hands_are_kept_sorted_and_an_unsorted_hand_breaks_the_invariants():
    game = LostCities(players=4, seed=5)
    for _ in range(120):  # draws and LC-7 passes insert cards in order
        game.apply(game.random_action(game.chance))
        assert all(hand == sorted(hand) for hand in game.hands)
    game.hands[0].reverse()
    with pytest.raises(InvariantBroken, match="out of order"):
        game.check_invariants()


def test_lc2_deal_eight_each_rest_is_the_draw_pile():
    game = LostCities(seed=3)
    assert [len(h) for h in game.hands] == [8, 8]
    assert len(game.deck) == 44
    assert game.view(1)["deck_size"] == 44


def test_lc2_starting_player_is_a_parameter_default_zero():
    assert LostCities(seed=1).current_player == 0
    assert LostCities(seed=1, first_player=1).current_player == 1
    with pytest.raises(ValueError):
        LostCities(first_player=2)


def test_lc2_rounds_and_players_are_checked():
    with pytest.raises(ValueError, match="2 players, or 4"):
        LostCities(players=3)
    with pytest.raises(ValueError, match="rounds"):
        LostCities(rounds=0)


def test_lc2_a_prearranged_deck_must_be_the_whole_deck():
    deck = arrange_deck([["Hx"] * 3 + ["H2", "H3", "H4", "H5", "H6"], ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]])
    game = LostCities(deck=deck)
    assert [c.key for c in game.hands[0]] == ["Hx", "Hx", "Hx", "H2", "H3", "H4", "H5", "H6"]
    with pytest.raises(ValueError, match="missing: N10"):
        LostCities(deck=deck[:-1])
    with pytest.raises(ValueError):
        arrange_deck([["Hx"] * 4 + ["H2", "H3", "H4", "H5"], ["B2"] * 8])


# ------------------------------------------------------------------------------- LC-3
def test_lc3_a_turn_is_play_then_draw():
    game = scripted_game([["play D4"], ["discard H5"]])
    rejected(game, "draw deck", "LC-3", "before drawing")
    game.apply("play D4")
    rejected(game, "discard D5", "LC-3", "must draw")
    rejected(game, "play D5", "LC-3", "must draw")
    game.apply("draw deck")
    assert game.current_player == 1 and game.phase == "play"


def test_lc3_only_cards_in_hand_can_be_played():
    game = scripted_game([["play D4"], ["discard H5"]])
    card = next(c for c in load_components().deck(2) if c not in game.hands[0] and c.value)
    rejected(game, f"play {card}", "LC-3", "in hand")
    rejected(game, f"discard {card}", "LC-3", "in hand")


def test_lc3_unreadable_actions_are_illegal_actions_too():
    game = LostCities(seed=1)
    rejected(game, "jump D4", "LC-3", "cannot read")
    rejected(game, "play Q4", "LC-3", "no card")


def test_lc3_1_number_cards_rise_with_gaps_allowed():
    game = scripted_game([["play D4", "play D9"], ["discard H5", "discard H6"]])
    run_scripts(game, [["play D4", "play D9"], ["discard H5", "discard H6"]])
    assert [c.key for c in game.expeditions[0][2]] == ["D4", "D9"]


def test_lc3_1_a_lower_card_cannot_follow_with_the_rulebook_message():
    scripts = [["play D8", "play D7"], ["discard H5"]]
    game = scripted_game(scripts)
    game.play("play D8", "draw deck", "discard H5", "draw deck")
    assert rejected(game, "play D7", "LC-3.1") == "LC-3.1: a 7 cannot follow the 8 on Desert"


def test_lc3_1_investment_cards_only_before_the_first_number():
    scripts = [["play Vx", "play Vx", "play V3", "play Vx"], ["discard H5", "discard H6", "discard H7"]]
    game = scripted_game(scripts)
    game.play("play Vx", "draw deck", "discard H5", "draw deck")
    game.play("play Vx", "draw deck", "discard H6", "draw deck")
    game.play("play V3", "draw deck", "discard H7", "draw deck")
    rejected(game, "play Vx", "LC-3.1", "investment card cannot go on Volcano")


def test_lc3_1_up_to_three_investment_cards():
    scripts = [["play Bx", "play Bx", "play Bx", "play B2"], ["discard H5", "discard H6", "discard H7"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    assert [c.key for c in game.expeditions[0][1]] == ["Bx", "Bx", "Bx", "B2"]


def test_lc3_1_each_player_plays_on_their_own_side():
    scripts = [["play D4"], ["play D5"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    assert [c.key for c in game.expeditions[0][2]] == ["D4"]
    assert [c.key for c in game.expeditions[1][2]] == ["D5"]


def test_lc3_2_discard_is_always_allowed_and_only_the_top_is_visible():
    scripts = [["discard N9", "discard N3"], ["discard H5"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    view = game.view(1)
    assert view["discard_tops"]["N"] == "N3"
    assert view["discard_sizes"]["N"] == 2
    # the buried N9 shows nowhere, except as one of the cards the viewer cannot see (LC-3.4)
    shown = {field: value for field, value in view.items() if field != "unseen"}
    assert "N9" not in str(shown)
    assert "N9" in view["unseen"]["N"]


def test_lc3_3_draw_from_a_discard_pile_but_not_the_card_just_discarded():
    scripts = [["discard N9"], ["play H5"]]
    game = scripted_game(scripts)
    game.apply("discard N9")
    rejected(game, "draw N", "LC-3.3", "just discarded on Neptune's depths")
    rejected(game, "draw D", "LC-3.3", "discard pile is empty")
    game.apply("draw deck")
    game.apply("play H5")
    game.apply("draw N")  # the opponent may take it
    assert game.components.card("N9") in game.hands[1]
    assert game.view(0)["discard_tops"]["N"] is None


def test_lc3_3_your_own_earlier_discard_may_be_taken_back_later():
    scripts = [["discard N9", "discard D4"], ["discard H5"]]
    game = scripted_game(scripts)
    game.play("discard N9", "draw deck", "discard H5", "draw deck", "discard D4", "draw N")
    assert game.components.card("N9") in game.hands[0]


def test_lc3_3_a_player_always_has_a_legal_move():
    game = LostCities(seed=8)
    for _ in range(100):
        assert game.legal_actions()
        game.apply(game.legal_actions()[-1])


def test_lc3_4_views_show_what_everyone_sees():
    scripts = [["play D4", "discard N9"], ["play B6"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    view = game.view(1)
    assert view["expeditions"][0]["D"] == ["D4"] and view["expeditions"][1]["B"] == ["B6"]
    assert view["discard_tops"]["N"] == "N9"
    assert view["deck_size"] == len(game.deck)
    assert view["hand"] == [c.key for c in game.hands[1]]
    assert all(card.key not in view["hand"] for card in game.hands[0] if card not in game.hands[1])
    assert view["hand_sizes"] == [8, 8]


def test_open_view_is_clearly_named_and_shows_everything():
    game = LostCities(seed=2)
    view = game.open_view()
    assert view["open"] is True and view["viewer"] is None
    assert view["hands"] == [[c.key for c in h] for h in game.hands]
    assert view["deck"][0] == game.deck[-1].key and len(view["deck"]) == 44


# --------------------------------------------------------------------------------- LC-4
def test_lc4_the_round_ends_right_after_the_last_card_is_drawn():
    game = LostCities(seed=4, rounds=1)
    while len(game.deck) > 1:
        game.apply(game.legal_actions()[1])  # discard the first card
        game.apply("draw deck")
    game.apply(game.legal_actions()[1])
    assert not game.is_over
    game.apply("draw deck")
    assert game.is_over and game.current_player is None
    rejected(game, "draw deck", "LC-6", "game is over")
    assert [e.rule for e in game.events()[-2:]] == ["LC-5", "LC-6"]


def test_lc4_drawing_from_discard_piles_delays_the_end():
    game = scripted_game([["discard N9"], ["discard H5"]])
    game.play("discard N9", "draw deck")
    size = len(game.deck)
    game.play("discard H5", "draw N")
    assert len(game.deck) == size


# --------------------------------------------------------------------------------- LC-5
def cards(*keys):
    components = load_components()
    return [components.card(k) for k in keys]


def test_lc5_expedition_values():
    assert expedition_score([]) == 0  # never started: no cost
    assert expedition_score(cards("D4", "D9", "D10")) == 3
    assert expedition_score(cards("Hx")) == -40
    assert expedition_score(cards("V2", "V8")) == -10
    assert expedition_score(cards("Nx", "Nx", "N2", "N3", "N4", "N7", "N9", "N10")) == 65  # 45 + bonus 20
    assert expedition_score(cards("Bx", "B2", "B3", "B4", "B5", "B6", "B7")) == 14  # 7 cards: no bonus


RULEBOOK_EXAMPLE = [  # LC-5: 3 + 0 - 40 - 10 + 45 + 20 (bonus) = 18
    "play Hx",
    "play B4",
    "play B9",
    "play B10",
    "play V2",
    "play V8",
    "play Nx",
    "play Nx",
    "play N2",
    "play N3",
    "play N4",
    "play N7",
    "play N9",
    "play N10",
]


def test_lc5_the_rulebook_example_scores_18_in_a_real_round():
    scripts = [RULEBOOK_EXAMPLE, ["discard D2"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    view = game.view(0)
    assert view["expedition_scores"][0] == [-40, 3, 0, -10, 65]
    assert view["round_score"][0] == 18
    finish_round_by_discarding(game)
    assert game.is_over and game.round_scores == [[18, game.round_scores[0][1]]]
    assert game.scores()[0] == 18


def test_lc5_minus_80_and_156_are_reached_by_real_expeditions():
    best = ["play Dx", "play Dx", "play Dx"] + [f"play D{v}" for v in range(2, 11)]
    worst = ["play Hx", "play Hx", "play Hx"]
    scripts = [best, worst]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    assert game.view(0)["expedition_scores"][0][2] == 156
    assert game.view(0)["expedition_scores"][1][0] == -80


# --------------------------------------------------------------------------------- LC-6
def play_round(game, loser):
    """Seat `loser` plays a single number card (a sure loss: under 20); everyone else discards."""
    start, played = game.round, False
    while game.round == start and not game.is_over:
        seat = game.to_move
        numbers = [c for c in game.hands[seat] if c.value]
        if seat == loser and not played and numbers:
            game.apply(f"play {numbers[0]}")
            played = True
        else:
            game.apply(f"discard {game.hands[seat][0]}")
        game.apply("draw deck")


def test_lc6_scores_add_up_and_the_leader_starts_the_next_round():
    game = LostCities(seed=21, rounds=3)
    play_round(game, loser=0)
    assert len(game.round_scores) == 1
    totals = game.totals()
    assert totals[1] > totals[0]
    assert game.current_player == 1 and game.starters == [0, 1]
    play_round(game, loser=1)
    after_two = game.totals()  # the third round's starter is the leader after two rounds
    play_round(game, loser=1)
    assert game.is_over and len(game.round_scores) == 3
    assert game.totals() == [sum(s[i] for s in game.round_scores) for i in (0, 1)]
    assert after_two[0] != after_two[1] and game.starters[-1] == (0 if after_two[0] > after_two[1] else 1)


def test_lc6_on_equal_totals_the_player_who_did_not_start_starts():
    game = LostCities(seed=5, rounds=2)
    finish_round_by_discarding(game)  # nobody plays: 0 : 0
    assert game.totals() == [0, 0]
    assert game.starters == [0, 1]


def test_lc6_all_cards_are_reshuffled_between_rounds():
    game = LostCities(seed=5, rounds=2)
    first_hand = list(game.hands[0])
    finish_round_by_discarding(game)
    assert game.round == 2 and len(game.deck) == 44 and not any(game.discards)
    assert game.hands[0] != first_hand


def test_lc6_most_points_wins_and_equal_totals_are_a_draw():
    game = LostCities(seed=5, rounds=1)
    finish_round_by_discarding(game)
    assert game.is_over and game.winning_sides() == [0, 1] and game.winners() == [0, 1]
    game = LostCities(seed=21, rounds=1)
    play_round(game, loser=0)
    assert game.winners() == [1] and game.events()[-1].public["winners"] == [1]


# --------------------------------------------------------------------------------- LC-7
def test_lc7_seventy_five_cards_and_eight_each():
    components = load_components()
    deck = components.deck(4)
    assert len(deck) == 75
    for expedition in range(5):
        values = sorted(c.value for c in deck if c.expedition == expedition)
        assert values == [0, 0, 0, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10]
    game = LostCities(players=4, seed=1)
    assert [len(h) for h in game.hands] == [8, 8, 8, 8] and len(game.deck) == 43


def test_lc7_partners_share_expeditions_and_turns_go_round_the_table():
    scripts = [["play D3"], ["discard H9"], ["play D5"], ["discard H10"]]
    game = scripted_game(scripts)
    assert [game.current_player] == [0]
    run_scripts(game, scripts)
    assert [c.key for c in game.expeditions[0][2]] == ["D3", "D5"]
    assert game.view(1)["teams"] == [[0, 2], [1, 3]]


def test_lc7_two_equal_values_never_lie_in_one_expedition():
    scripts = [["play D3"], ["discard H9"], ["play D3"], ["discard H10"]]
    game = scripted_game(scripts)
    game.play("play D3", "draw deck", "discard H9", "draw deck")
    rejected(game, "play D3", "LC-3.1", "a second 3 cannot go on Desert")


def test_lc7_passing_two_cards_face_down_replaces_the_turn():
    game = LostCities(players=4, seed=6)
    first, second = game.hands[0][0], game.hands[0][5]
    game.apply(f"pass {second} {first}")
    assert len(game.hands[0]) == 6 and len(game.hands[2]) == 10
    assert first in game.hands[2] and second in game.hands[2]
    assert game.current_player == 1 and game.phase == "play"
    # opponents see that two cards were passed, not which
    for viewer in (1, 3):
        last = game.events_for(viewer)[-1]
        assert last["rule"] == "LC-7" and "cards" not in last
        assert first.key not in last["text"] and "two cards" in last["text"]
    assert game.events_for(2)[-1]["cards"] == sorted([first.key, second.key], key=lambda k: game.components.card(k))


def test_lc7_passing_never_below_six_cards():
    game = LostCities(players=4, seed=6)
    game.apply(f"pass {game.hands[0][0]} {game.hands[0][1]}")
    game.play(f"discard {game.hands[1][0]}", "draw deck")
    game.apply(f"pass {game.hands[2][0]} {game.hands[2][1]}")  # 10 cards down to 8
    game.play(f"discard {game.hands[3][0]}", "draw deck")
    assert len(game.hands[0]) == 8
    game.apply(f"pass {game.hands[0][0]} {game.hands[0][1]}")
    game.play(f"discard {game.hands[1][0]}", "draw deck")
    game.play(f"discard {game.hands[2][0]}", "draw deck")
    game.play(f"discard {game.hands[3][0]}", "draw deck")
    assert len(game.hands[0]) == 6
    rejected(game, f"pass {game.hands[0][0]} {game.hands[0][1]}", "LC-7", "would leave 4 in hand; never fewer than six")
    assert not any(str(a).startswith("pass") for a in game.legal_actions())


def test_lc7_passing_needs_both_cards_the_partner_game_and_the_start_of_a_turn():
    game = LostCities(players=4, seed=6)
    missing = next(c for c in game.components.deck(4) if c not in game.hands[0])
    rejected(game, f"pass {game.hands[0][0]} {missing}", "LC-7", "does not hold both")
    single = next(c for c in game.hands[0] if game.hands[0].count(c) == 1)
    rejected(game, f"pass {single} {single}", "LC-7", "does not hold both")
    game.apply(f"discard {game.hands[0][0]}")
    rejected(game, f"pass {game.hands[0][0]} {game.hands[0][1]}", "LC-7", "replaces the whole turn")
    two = LostCities(seed=1)
    rejected(two, f"pass {two.hands[0][0]} {two.hands[0][1]}", "LC-7", "4-player")


def test_lc7_team_scores_and_hidden_partner_hands():
    scripts = [["play D3"], ["discard H9"], ["play D5"], ["discard H10"]]
    game = scripted_game(scripts)
    run_scripts(game, scripts)
    assert game.view(0)["round_score"][0] == expedition_score(cards("D3", "D5"))
    assert "hands" not in game.view(0)
    assert game.view(0)["hand"] != game.view(2)["hand"]
    finish_round_by_discarding(game)
    assert game.scores()[0] == game.scores()[2] and game.scores()[1] == game.scores()[3]


def test_lc7_next_starter_is_the_next_seat_of_the_leading_team():
    game = LostCities(players=4, seed=21, rounds=2)
    play_round(game, loser=2)  # team 1 (seats 1 and 3) leads after round 1
    assert game.totals()[1] > game.totals()[0]
    assert game.starters == [0, 1]  # seat 0 started; the next seat clockwise of team 1 is 1
    game = LostCities(players=4, seed=21, rounds=2, first_player=1)
    play_round(game, loser=0)
    assert game.totals()[1] > game.totals()[0]
    assert game.starters == [1, 3]  # from seat 1, the next seat of team 1 is 3
    game = LostCities(players=4, seed=5, rounds=2, first_player=2)
    finish_round_by_discarding(game)
    assert game.starters == [2, 3]  # equal totals: simply the next seat


def test_lc7_random_action_finds_each_pass_where_the_list_of_passes_has_it():
    from kit.lostcities.game import _pass_at, _passes

    checked = copies = 0
    for seed in range(10):
        game = LostCities(players=4, seed=seed, rounds=1)
        while not game.is_over:
            hand = game.hands[game.to_move]
            if game.phase == "play" and len(hand) >= 8:
                table = game._actions
                cards = list(dict.fromkeys(hand))
                twice = {card for card in cards if hand.count(card) > 1}
                copies += bool(twice)
                passes = _passes(hand, table)
                assert [_pass_at(cards, twice, i, table) for i in range(len(passes))] == passes
                checked += 1
            game.apply(game.random_action(game.chance))
    assert checked > 300 and copies > 20  # hands with LC-7 copies (equal cards) among them
