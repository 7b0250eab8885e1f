"""Issue 9 points 11 and 14: action objects built in Python are checked exactly like action texts, and
Lost Cities' shared action objects belong to one component set."""

from __future__ import annotations

import pytest

from kit.core import Chance, loads
from kit.lostcities import LostCities
from kit.lostcities import actions as lc
from kit.overbooking import Overbooking
from kit.overbooking import actions as ob
from kit.samoa import Samoa
from kit.samoa import actions as sa
from tests.support import assert_rejected, copy_dataset


# ------------------------------------------------------------------------------- point 14
def lost_cities_at_draw() -> LostCities:
    game = LostCities(seed=3, rounds=1)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, lc.Discard)))
    return game


@pytest.mark.parametrize(
    "action",
    [
        lc.Draw(7),  # IndexError before
        lc.Draw(-5),  # drew from a discard pile, recorded as "draw deck": the save then failed to load
        lc.Draw(1, "H"),  # pile 1 is not the Himalaya's
        lc.Draw(None, "D"),
        lc.Draw(True),
        lc.Draw("deck"),
    ],
)
def test_malformed_lost_cities_draws_are_refused_naming_the_rule(action):
    game = lost_cities_at_draw()
    assert_rejected(game, action, "LC-3")


def test_malformed_lost_cities_plays_and_passes_are_refused():
    game = LostCities(seed=3, rounds=1)
    card = game.hands[0][0]
    for action in (lc.Play(tuple(card)), lc.Play(card.key), lc.Discard(None), lc.Play(card._replace(expedition=4))):
        assert_rejected(game, action, "LC-3")
    partners = LostCities(players=4, seed=3, rounds=1)
    hand = partners.hands[0]
    for action in (lc.Pass((hand[0],)), lc.Pass([hand[0], hand[1]]), lc.Pass((hand[1], hand[0]))):
        assert_rejected(partners, action, "LC-3")


def test_overbooking_place_is_checked_as_its_text_would_be():
    game = Overbooking(players=2, seed=1)
    card = game.hands[0][0].key
    assert_rejected(game, ob.Place(card, "Queue", 1), "OB-4")  # was checked as a queue move, laid at the back door
    for action in (ob.Place(card, "queue", True), ob.Place(card, "queue", 1.0), ob.Place(card.upper(), "back", 1)):
        assert_rejected(game, action, "OB-4")
    assert_rejected(game, ob.Target(1), "OB-4")  # well-formed, but not in stage 1


def test_samoa_objects_are_checked_as_their_texts_would_be():
    game = Samoa(players=3, seed=1)
    for action in (sa.Choose("GREY"), sa.Choose(None), sa.TakeBack("2/3"), sa.Buy("pool", True), sa.Place(1, 1, "3")):
        assert_rejected(game, action, "SA-3.3")


def test_well_formed_objects_built_by_hand_are_applied_and_recorded_as_the_games_own():
    game = LostCities(seed=3, rounds=1)
    card = game.hands[0][0]
    game.apply(lc.Discard(card))
    game.apply(lc.Draw(None))
    assert [str(a) for a in game.history] == [f"discard {card}", "draw deck"]
    assert loads(game.dumps()).fingerprint() == game.fingerprint()
    over = Overbooking(players=2, seed=1)
    legal = over.legal_actions()[0]
    over.apply(ob.Place(legal.card, legal.where, legal.hotel))
    assert over.history == [legal]


# ------------------------------------------------------------------------------- point 11
def reordered_folder(tmp_path):
    """The same cards with the expeditions listed in another order: "H3" is another Card there."""
    folder = copy_dataset(tmp_path, "lostcities")
    path = folder / "expeditions.csv"
    header, *rows = path.read_text(encoding="utf-8").splitlines()
    rows = rows[::-1]
    path.write_text(
        "\n".join([header] + [f"{i},{row.split(',', 1)[1]}" for i, row in enumerate(rows)]) + "\n", encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize("players", [2, 4])
def test_two_component_sets_in_one_process_do_not_break_each_other(tmp_path, players):
    custom = LostCities(players=players, seed=5, rounds=1, components=str(reordered_folder(tmp_path)))
    shipped = LostCities(players=players, seed=5, rounds=1)
    assert custom.components.card("H3") != shipped.components.card("H3")
    chance = Chance(9)
    while not (custom.is_over and shipped.is_over):
        for game in (shipped, custom):  # interleaved: each asks for the other's shared objects first
            if not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[chance.below(len(legal))])
        for game in (custom, shipped):
            if not game.is_over:
                game.apply(game.random_action(chance))
    for game in (custom, shipped):
        game.check_invariants()
        assert loads(game.dumps(), components=game.settings.components).fingerprint() == game.fingerprint()
