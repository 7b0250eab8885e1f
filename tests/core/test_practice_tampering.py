"""An adversarial probe of practice saves: a practice game's start is saved as data, so an edited
file can describe any position. Each tampering below describes one the rules cannot reach, made
from a practice game branched at a real moment of a bots' game (the start of a round, the middle of
one, a draw step, a choice pending...); each must get the one save error, naming what is wrong, and
change nothing. Harmless edits of the same files still load as the same game."""

from __future__ import annotations

import json
import re
from bisect import insort
from functools import cache

import pytest

from kit.core import SaveFileError, loads
from kit.core.practice import start_of, started_at
from kit.core.saves import _start_data
from kit.games import game_type
from kit.i18n import language
from kit.sim.review import practice_from

INVARIANTS = "breaks the game's own invariants"
READER = 0


# ---------------------------------------------------------------------- the moments
def _moments(name: str, settings: dict, wanted: dict, seeds=range(4), limit: int = 400, first=None) -> dict:
    """The first position of a bots' game (searching `seeds`) that each predicate of `wanted` holds
    for; `first(game)` may pick an action instead of the bot."""
    kind = game_type(name)
    found = {}
    for seed in seeds:
        game = kind(seed=seed, **settings)
        bots = [kind.heuristic_bot() for _ in range(game.settings.players)]
        while not game.is_over and len(game.history) < limit and len(found) < len(wanted):
            for moment, holds in wanted.items():
                if moment not in found and holds(game):
                    found[moment] = game.clone()
            game.apply((first and first(game)) or bots[game.current_player].choose(game))
        if len(found) == len(wanted):
            return found
    raise AssertionError(f"no {sorted(set(wanted) - set(found))} in {name}'s games of seeds {seeds}")


@cache
def moments(name: str) -> dict:
    if name == "lost-cities":
        return _moments(
            name,
            {"rounds": 2},
            {
                "round start": lambda g: not g.history,
                "mid-round": lambda g: len(g.history) >= 10 and g.phase == "play",
                "draw step after a discard": lambda g: g.phase == "draw" and g.discarded_to is not None,
                "round 2": lambda g: g.round == 2 and g.phase == "play" and len(g.history) % 3 == 0,
            },
        )
    if name == "lost-cities-4":
        return _moments(
            "lost-cities",
            {"rounds": 1, "players": 4},
            {
                "after a pass": lambda g: any(len(h) != 8 for h in g.hands) and g.phase == "play",
                "draw step": lambda g: g.phase == "draw" and len(g.history) > 8,
            },
            first=lambda g: (
                next((a for a in g.legal_actions() if str(a).startswith("pass ")), None) if len(g.history) < 6 else None
            ),
        )
    if name == "samoa":
        return _moments(
            name,
            {"players": 3},
            {
                "round start": lambda g: g.phase == "choose" and g.turn == 0 and g.round == 1,
                "choosing": lambda g: g.phase == "choose" and g.turn == 1,
                "building": lambda g: g.phase == "build",
                "tourists": lambda g: g.phase == "tourists" and g.round >= 2,
            },
        )
    return _moments(
        name,
        {"players": 3},
        {
            "round start": lambda g: g.stage == 1 and g.turn == 0 and g.round == 1,
            "mid-stage 1": lambda g: g.stage == 1 and g.turn >= 4 and any(h.queue for h in g.hotels),
            "round 2": lambda g: g.stage == 1 and g.round == 2 and g.turn >= 2,
            "a choice pending": lambda g: g.stage == 2 and g.pending is not None,
        },
        seeds=range(40),
    )


@cache
def practice(name: str, moment: str):
    return practice_from(moments(name)[moment], READER, seed=77)


def tampered_save(name: str, moment: str, tamper) -> str | None:
    """The practice save with `tamper` applied to a copy of its start (None: it does not apply here)."""
    game = practice(name, moment)
    start = start_of(game).clone()
    if tamper(start) is False:
        return None
    data = json.loads(game.dumps())
    data["start"]["state"] = _start_data(start, READER)["state"]
    try:  # where the (no) saved actions lead from the edited start, as a careful tamperer would write it
        data["position"] = started_at(start, READER).open_view()
    except Exception:
        pass
    return json.dumps(data)


# ------------------------------------------------------------------- Lost Cities
def lc_card_from_deck_to_hand(g):
    insort(g.hands[g.to_move], g.deck.pop())


def lc_card_from_hand_to_hand(g):
    giver = (g.to_move + 1) % g.players
    if g.players == 4:
        giver = (g.to_move + 1) % 4  # to the other team
    insort(g.hands[g.to_move], g.hands[giver].pop(0))


def lc_card_in_pile_and_hand(g):
    card = g.hands[0][0]
    g.deck.remove(next(c for c in g.deck if c != card))
    g.discards[card.expedition].append(card)


def lc_two_copies(g):
    g.deck[0] = g.hands[1][-1]


def lc_on_another_colour(g, where="expedition"):
    colours = len(g.components.expeditions)
    for index, card in enumerate(g.deck):
        other = (card.expedition + 1) % colours
        side = g.expeditions[0][other]
        if where == "expedition" and card.value and not side:
            del g.deck[index]
            side.append(card)
            g.tops[0][other] = card.value
            return True
        if where == "pile":
            del g.deck[index]
            g.discards[other].append(card)
            return True
    return False


def lc_other_seat_moves(g):
    if g.players == 2 or g.phase == "draw":
        g.to_move = (g.to_move + 1) % g.players
    else:
        g.to_move = (g.to_move + 2) % g.players  # the partner


def lc_round_over_early(g):
    g.phase, g.is_over = "over", True


def lc_round_counter_past_the_end(g):
    while len(g.starters) <= g.settings.rounds:
        g.round_scores.append([0, 0])
        g.starters.append(1 - g.starters[-1] % 2)


def lc_score_of_a_round_not_played(g):
    g.round_scores.append([10, 0])


def lc_score_no_cards_give(g):
    if not g.round_scores:
        return False
    g.round_scores[0][0] = 100_000


def lc_starter_not_lc6s(g):
    if len(g.starters) < 2 or g.players != 2:
        return False
    g.starters[-1] = 1 - g.starters[-1]


def lc_first_starter_not_the_settings(g):
    g.starters[0] = (g.starters[0] + 1) % g.players


def lc_forbidden_pile_in_play(g):
    if g.phase != "play":
        return False
    g.discarded_to = 0


def lc_forbidden_pile_empty(g):
    if g.phase != "draw":
        return False
    empty = [e for e, pile in enumerate(g.discards) if not pile]
    if not empty:
        return False
    g.discarded_to = empty[0]


def lc_unknown_phase(g):
    g.phase = "bid"


def lc_more_players(g):
    g.players = 3


def lc_no_seat(g):
    g.to_move = 7


LOST_CITIES = {
    "a hand holds a ninth card from the draw pile": (lc_card_from_deck_to_hand, "LC-3|LC-7"),
    "a hand of nine beside a hand of seven": (lc_card_from_hand_to_hand, "LC-3|LC-7"),
    "a card in a discard pile and in a hand": (lc_card_in_pile_and_hand, "lost or duplicated"),
    "two copies of a unique card": (lc_two_copies, "lost or duplicated"),
    "a card on another colour's expedition": (lc_on_another_colour, "LC-3.1"),
    "a card on another colour's discard pile": (lambda g: lc_on_another_colour(g, "pile"), "LC-3.2"),
    "the seat to move is not the one the rules say": (lc_other_seat_moves, "LC-3|LC-7"),
    "no such seat to move": (lc_no_seat, "LC-3|LC-7"),
    "the match over in the middle of a round": (lc_round_over_early, "LC-4|LC-6"),
    "a round counter past the match's end": (lc_round_counter_past_the_end, "LC-6|round"),
    "a score for a round not yet played": (lc_score_of_a_round_not_played, "LC-5|round"),
    "a round score no cards can give": (lc_score_no_cards_give, "LC-5"),
    "a round starter LC-6 does not choose": (lc_starter_not_lc6s, "LC-6"),
    "round 1's starter not the settings' first player": (lc_first_starter_not_the_settings, "LC-2"),
    "a forbidden pile while no card was discarded": (lc_forbidden_pile_in_play, "LC-3.3"),
    "a forbidden pile that is empty": (lc_forbidden_pile_empty, "LC-3.3"),
    "a phase the rules do not have": (lc_unknown_phase, "phase"),
    "more players than the settings": (lc_more_players, "players"),
}


# ---------------------------------------------------------------------------- Samoa
def sa_more_money_than_exists(g):
    g.money[0] = 100_000


def sa_round_past_the_end(g):
    g.round = g.components.rounds + 1


def sa_hammer_moved(g):
    g.hammer = (g.hammer + 1) % g.players


def sa_other_seat_moves(g):
    g.to_move = (g.to_move + 1) % g.players


def sa_turn_past_the_order(g):
    g.turn = len(g.order)


def sa_order_not_the_rules(g):
    if g.phase not in ("build", "tourists") or len(g.order) < 2:
        return False
    g.order = g.order[::-1]
    g.to_move = g.order[g.turn]


def sa_chosen_out_of_turn(g):
    if g.phase != "choose" or g.chosen[-1] is not None:
        return False
    g.chosen[-1] = g.hands[-1].pop(0)


def sa_not_revealed(g):
    if g.phase == "choose":
        return False
    g.revealed = False


def sa_unknown_phase(g):
    g.phase = "auction"


def sa_room_without_a_tile(g):
    g.hotels[0].rooms.append([])


def sa_suite_off_the_board(g):
    tile = next((i for i, t in enumerate(g.building_deck) if t == "suite"), None)
    if tile is None:
        return False
    del g.building_deck[tile]
    g.hotels[0].suites.add(g.hotels[0].board_rooms + 3)


def sa_group_of_another_nationality(g):
    nationality = g.flags[g.round - 1]
    group = next((group for group in g.groups if group), None)
    if group is None:
        return False
    other = next(key for key in g.supply if key != nationality and g.supply[key])
    group[0], g.supply[other][0] = g.supply[other][0], group[0]


def sa_tourist_card_twice(g):
    g.tourist_deck.append(g.tourist_card)


def sa_flag_row_changed(g):
    other = next(flag for flag in g.flags if flag != g.flags[-1])
    g.flags[-1] = other


def sa_building_tile_laid_out_early(g):
    if not g.building_deck:
        return False
    g.offer.append(g.building_deck.pop())
    g.offer.sort()


def sa_placed_while_choosing(g):
    if g.phase != "choose":
        return False
    g.placed[1] = 2


def sa_committed_to_no_group(g):
    if g.phase != "tourists":
        return False
    g.committed = len(g.groups) + 3


def sa_more_players(g):
    g.players = g.players + 1


def sa_money_negative(g):
    g.money[1] = -1


SAMOA = {
    "a purse with more money than the game can pay": (sa_more_money_than_exists, "money|Tala"),
    "money below zero": (sa_money_negative, "money"),
    "a round counter past the end": (sa_round_past_the_end, "round"),
    "the tie card's hammer not where it moves": (sa_hammer_moved, "SA-3.6|hammer"),
    "the seat to move is not the one the order says": (sa_other_seat_moves, "to move|SA-3"),
    "a turn past the order's end": (sa_turn_past_the_order, "turn|SA-3"),
    "an order the rules do not give": (sa_order_not_the_rules, "SA-3.4|SA-3.5|order"),
    "a card chosen before its player's turn": (sa_chosen_out_of_turn, "SA-3.3"),
    "cards not revealed after the choice": (sa_not_revealed, "SA-3.3|reveal"),
    "a phase the rules do not have": (sa_unknown_phase, "phase"),
    "a room without its extra-room tile": (sa_room_without_a_tile, "SA-9.1|room"),
    "a suite on a room the board has not got": (sa_suite_off_the_board, "SA-9.2|suite"),
    "a tourist of another nationality in this round's groups": (sa_group_of_another_nationality, "SA-3.2"),
    "a tourist card both drawn and in the deck": (sa_tourist_card_twice, "SA-3.2|tourist card"),
    "a flag row that is not the game's flags": (sa_flag_row_changed, "SA-2|flag"),
    "a building tile laid out before its round": (sa_building_tile_laid_out_early, "SA-3.1"),
    "tourists placed while cards are still chosen": (sa_placed_while_choosing, "SA-3|placed"),
    "tourists taken from a group that is not there": (sa_committed_to_no_group, "SA-3.5|group"),
    "more players than the settings": (sa_more_players, "players"),
}


# ----------------------------------------------------------------------- Overbooking
def ob_sorted(g, player):
    g.hands[player].sort(key=g.card_order)


def ob_card_from_deck_to_hand(g):
    g.hands[0].append(g.decks[0].pop())
    ob_sorted(g, 0)


def ob_card_of_another_colour(g):
    g.hands[0][0], g.decks[1][0] = g.decks[1][0], g.hands[0][0]
    ob_sorted(g, 0)


def ob_round_past_the_end(g):
    g.round = g.components.rounds + 1


def ob_start_not_ob7s(g):
    g.start = (g.start + 1) % g.players
    g.order = [(g.start + i) % g.players for i in range(g.players)]
    if g.stage == 1:
        g.to_move = g.order[g.turn % g.players]


def ob_order_not_from_the_start(g):
    g.order = g.order[::-1]


def ob_other_seat_moves(g):
    g.to_move = (g.to_move + 1) % g.players


def ob_turn_past_the_stage(g):
    if g.stage != 1:
        return False
    g.turn = g.players * g.components.cards_per_round


def ob_placed_not_the_cards_laid(g):
    g.placed[0] += 1


def ob_unknown_stage(g):
    g.stage = 7


def ob_beds_not_the_tiles(g):
    g.hotels[0].beds += 5


def ob_tile_on_table_and_in_stack(g):
    g.tiles.append(g.hotels[0].tile)


def ob_negative_tokens(g):
    g.tokens_left += g.tokens[0] + 1
    g.tokens[0] = -1


def ob_face_up_in_a_hidden_queue(g):
    if g.stage != 1:
        return False
    for hotel in g.hotels:
        if hotel.rule != "face_up" and hotel.queue:
            hotel.queue[0].face_up = True
            return True
    return False


def ob_slot_of_another_owner(g):
    for hotel in g.hotels:
        for slot in hotel.queue + hotel.back:
            slot.owner = (slot.owner + 1) % g.players
            return True
    return False


def ob_booked_of_another_colour(g):
    if not g.booked[0] or not g.booked[1]:
        return False
    g.booked[0][0], g.booked[1][0] = g.booked[1][0], g.booked[0][0]


def ob_no_choice_pending(g):
    if g.stage != 2:
        return False
    g.pending = None


def ob_over_early(g):
    g.stage, g.is_over = 4, True


def ob_more_players(g):
    g.players = g.players + 1


OVERBOOKING = {
    "a hand holds a tenth card from its deck": (ob_card_from_deck_to_hand, "OB-2|OB-4|hand"),
    "a card of another colour in a hand": (ob_card_of_another_colour, "OB-1"),
    "a round counter past the end": (ob_round_past_the_end, "round|OB-8"),
    "a start player OB-7 did not move there": (ob_start_not_ob7s, "OB-7|start"),
    "a turn order not from the start player": (ob_order_not_from_the_start, "OB-3|order"),
    "the seat to move is not the one the rules say": (ob_other_seat_moves, "OB-4|OB-5|to move"),
    "a turn past the end of stage 1": (ob_turn_past_the_stage, "OB-4|turn"),
    "cards placed that do not lie at a hotel": (ob_placed_not_the_cards_laid, "OB-4|placed"),
    "a stage the rules do not have": (ob_unknown_stage, "stage"),
    "a hotel whose beds are not its tile's": (ob_beds_not_the_tiles, "OB-2|OB-7|beds"),
    "a hotel tile on the table and in the stack": (ob_tile_on_table_and_in_stack, "OB-1|tile"),
    "a negative number of point tokens": (ob_negative_tokens, "OB-1|token"),
    "a face-up card in a face-down queue": (ob_face_up_in_a_hidden_queue, "OB-4|OB-6|face"),
    "a card laid at a hotel by a player who does not own it": (ob_slot_of_another_owner, "OB-1|owner|OB-4"),
    "a booked card of another colour": (ob_booked_of_another_colour, "OB-1"),
    "stage 2 waiting for no choice": (ob_no_choice_pending, "OB-5"),
    "the game over before the last round": (ob_over_early, "OB-3|OB-8"),
    "more players than the settings": (ob_more_players, "players"),
}

ONLY_IN_A_LONGER_MATCH = {"a round score no cards can give", "a round starter LC-6 does not choose"}
TAMPERINGS = {"lost-cities": LOST_CITIES, "lost-cities-4": LOST_CITIES, "samoa": SAMOA, "overbooking": OVERBOOKING}
CASES = [(name, how) for name, table in TAMPERINGS.items() for how in table]


@pytest.mark.parametrize("name, how", CASES, ids=[f"{name}: {how}" for name, how in CASES])
def test_a_start_the_rules_cannot_reach_gets_the_save_error(name, how):
    tamper, says = TAMPERINGS[name][how]
    tried = 0
    for moment in moments(name):
        game = practice(name, moment)
        before = game.fingerprint(), start_of(game).fingerprint()
        text = tampered_save(name, moment, tamper)
        if text is None:
            continue
        tried += 1
        with pytest.raises(SaveFileError) as caught:
            loads(text)
        message = str(caught.value)
        assert caught.value.__cause__ is None, f"{moment}: {message}"
        assert INVARIANTS in message, f"{moment}: {message}"
        assert any(word in message for word in says.split("|")), f"{moment}: {message}"
        assert (game.fingerprint(), start_of(game).fingerprint()) == before  # nothing changed
    if name != "lost-cities-4" or how not in ONLY_IN_A_LONGER_MATCH:
        assert tried, f"{how} applies at none of the moments {list(moments(name))}"


#: a tampering per game whose refusal holds data (cards, seats, counts, a country, a hotel rule)
IN_EVERY_LANGUAGE = [
    ("lost-cities", "a card in a discard pile and in a hand"),
    ("lost-cities", "the seat to move is not the one the rules say"),
    ("lost-cities-4", "a hand of nine beside a hand of seven"),
    ("samoa", "a purse with more money than the game can pay"),
    ("samoa", "a tourist of another nationality in this round's groups"),
    ("overbooking", "a hotel whose beds are not its tile's"),
    ("overbooking", "a card of another colour in a hand"),
]
#: words of the English refusals that no translation holds (card codes and rule ids are no words)
ENGLISH = re.compile(
    r"\b(the|saved|breaks|invariants|cards?|lost|duplicated|missing|player|seat|should|more|than|beds|"
    r"tourists?|from|round|Counter|not|hotel tile)\b"
)
RULE = re.compile(r"invariants: ((?:LC|SA|OB)-\d+(?:\.\d+)?): ")


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
@pytest.mark.parametrize("name, how", IN_EVERY_LANGUAGE, ids=[f"{name}: {how}" for name, how in IN_EVERY_LANGUAGE])
def test_a_tampered_starts_refusal_reads_in_the_learners_language_with_its_rule_id(name, how, lang):
    tamper, _ = TAMPERINGS[name][how]
    texts = (tampered_save(name, moment, tamper) for moment in moments(name))
    text = next(text for text in texts if text is not None)
    with pytest.raises(SaveFileError) as caught:
        loads(text)
    with language("en"):
        english = str(caught.value)
    rule = RULE.search(english)
    assert rule, english  # the English names the rule, for a developer
    with language(lang):
        told = str(caught.value)
    assert f" {rule.group(1)}: " in told, told
    assert "{" not in told and not ENGLISH.findall(told), (told, ENGLISH.findall(told))


def _engine_at_a_loss(*args, **kwargs):
    raise KeyError("lost")


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
@pytest.mark.parametrize("where", ["apply", "scores"])
def test_a_start_the_rules_cannot_play_on_says_so_in_the_learners_language(monkeypatch, where, lang):
    """A start that holds together but that the rules cannot play on (here an engine made to fail
    in replaying the save's first action, or in counting the start's scores): the sentence is the
    catalog's, naming the step, and Python's own words follow in parentheses."""
    game = loads(practice("lost-cities", "mid-round").dumps())
    action = str(game.legal_actions()[0])
    game.apply(action)
    text = game.dumps()
    monkeypatch.setattr(game.practice_base, where, _engine_at_a_loss)  # the engine each load makes a practice game of
    with pytest.raises(SaveFileError) as caught:
        loads(text)
    assert caught.value.__cause__ is None
    with language("en"):
        english = str(caught.value)
    with language(lang):
        told = str(caught.value)
    assert told.endswith("(KeyError: 'lost')") and told != english, told
    assert (f" 1 ({action}) " in told) is (where == "apply"), told  # the step, and the action as it is written
    words = told.replace(action, "")  # the action's notation is the engine's, in every language
    assert not re.findall(r"\b(the|saved|start|step|rules|play|position)\b", words), told


# ------------------------------------------------------- edits of the file's own data
def json_chance(state, value):
    state["chance"] = {"chance": value}


def first_queue(state):
    return next(h["fields"]["queue"] for h in state["hotels"] if h["fields"]["queue"])


DATA_EDITS = {
    "a generator state of two numbers": lambda s: json_chance(s, s["chance"]["chance"][:2]),
    "a generator counter past 64 bits": lambda s: json_chance(s, [*s["chance"]["chance"][:2], 2**64]),
    "a generator counter below zero": lambda s: json_chance(s, [*s["chance"]["chance"][:2], -1]),
    "a generator state of fractions": lambda s: json_chance(s, [0.5, 1.5, 2.5]),
    "a reference to a piece of state never written": lambda s: first_queue(s).append({"same": 99}),
    "a reference that is not a number": lambda s: first_queue(s).append({"same": True}),
    "a hotel whose queue holds the hotel itself": lambda s: first_queue(s).append({"same": 0}),
}


@pytest.mark.parametrize("how", list(DATA_EDITS))
def test_a_start_whose_data_no_game_holds_gets_the_save_error(how):
    game = practice("overbooking", "mid-stage 1")
    data = json.loads(game.dumps())
    DATA_EDITS[how](data["start"]["state"])
    with pytest.raises(SaveFileError) as caught:
        loads(json.dumps(data))
    assert caught.value.__cause__ is None, str(caught.value)
    assert "saved start" in str(caught.value)


def reindented(data):
    return json.dumps(data, indent=4)


def keys_in_another_order(data):
    data["start"]["state"] = dict(reversed(list(data["start"]["state"].items())))
    return json.dumps(dict(reversed(list(data.items()))))


def non_ascii_escaped(data):
    return json.dumps(data, ensure_ascii=True, separators=(",", ":"))


def a_set_listed_in_another_order(data):
    def reverse_sets(value):
        if isinstance(value, dict):
            if set(value) == {"set"}:
                value["set"].reverse()
            for item in value.values():
                reverse_sets(item)
        elif isinstance(value, list):
            for item in value:
                reverse_sets(item)

    reverse_sets(data["start"]["state"])
    return json.dumps(data)


HARMLESS = [reindented, keys_in_another_order, non_ascii_escaped, a_set_listed_in_another_order]


@pytest.mark.parametrize("edit", HARMLESS, ids=[edit.__name__ for edit in HARMLESS])
@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_a_harmless_edit_still_loads_as_the_same_game(name, edit):
    for moment in moments(name):
        game = practice(name, moment)
        loaded = loads(edit(json.loads(game.dumps())))
        assert loaded.fingerprint() == game.fingerprint(), moment
        assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in game.legal_actions()]
