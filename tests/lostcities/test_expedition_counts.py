"""Two to six expeditions: the six-expedition edition, and component sets of other sizes.

The rules do not change with the number of expeditions (LC-1 only counts the cards), so every
test here plays the same rules over 2, 3, 5 and 6 expeditions and checks what follows from the data:
the deck, the piles, the draw actions, the scores, saves.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core import Chance, ComponentError, IllegalAction, SaveFileError, loads, random_playout
from kit.lostcities import LostCities, load_components
from kit.lostcities.components import EDITIONS, MAX_DECK, _load, edition_folder
from kit.lostcities.scenarios import arrange_deck
from kit.lostcities.scoring import MAX_EXPEDITION_SCORE, MIN_EXPEDITION_SCORE, expedition_score
from tests.support import assert_rejected, choices, edit, play

from .helpers import expedition_folder

SIX = edition_folder("six")


def test_the_six_expedition_edition_adds_a_purple_expedition_of_twelve_cards():
    five, six = load_components(), load_components(edition="six")
    assert [e.key for e in six.expeditions[:5]] == [e.key for e in five.expeditions]
    purple = six.expeditions[5]
    assert (purple.key, purple.name) == ("U", "Uncharted world")
    assert len(six.base_deck) == 72 and len(six.deck(4)) == 90 == MAX_DECK
    values = sorted(card.value for card in six.base_deck if card.expedition == 5)
    assert values == [0, 0, 0, *range(2, 11)]
    assert six.digest != five.digest and six.folder == SIX


def test_the_six_expedition_files_say_where_each_value_comes_from():
    """The five rulebook expeditions stay `rulebook`; the purple cards come from the newer editions'
    rulebook and reviews (`reviews`); its name and its partner cards are `assumed`."""
    expeditions = list(csv.DictReader(io.StringIO((SIX / "expeditions.csv").read_text(encoding="utf-8"))))
    assert [row["source"] for row in expeditions] == ["rulebook"] * 5 + ["reviews"]
    assert expeditions[5]["name_source"] == expeditions[5]["colour_source"] == "assumed"
    cards = list(csv.DictReader(io.StringIO((SIX / "cards.csv").read_text(encoding="utf-8"))))
    purple = Counter((row["deck"], row["source"]) for row in cards if row["expedition"] == "U")
    assert purple == {("base", "reviews"): 10, ("partner", "assumed"): 3}
    assert all(row["source"] == "rulebook" for row in cards if row["expedition"] != "U")


@pytest.mark.parametrize("players, pile", [(2, 72 - 16), (4, 90 - 32)])
def test_a_six_expedition_game_deals_its_whole_deck(players, pile):
    game = LostCities(players=players, edition="six", seed=4, rounds=1)
    assert len(game.deck) == pile
    assert len(game.expeditions[0]) == len(game.discards) == 6
    view = game.view(0)
    assert [entry["key"] for entry in view["legend"]] == ["H", "B", "D", "V", "N", "U"]
    assert set(view["discard_tops"]) == set(view["expeditions"][0]) == set(view["unseen"]) == set("HBDVNU")


def test_the_purple_expedition_follows_the_rules_of_every_other():
    deck = arrange_deck(
        [["Ux", "U3", "U5", "U9", "H2", "H3", "H4", "H5"], ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]],
        draw_pile=["U10", "D2", "D3"],
        components=load_components(edition="six"),
    )
    game = LostCities(edition="six", deck=deck, rounds=1)
    game.apply("play U3")
    game.apply("draw deck")  # U10
    game.apply("discard B2")
    game.apply("draw deck")
    assert_rejected(game, "play Ux", "LC-3.1", "an investment card cannot go on Uncharted world")
    game.apply("play U9")
    assert_rejected(game, "draw U", "LC-3.3", "the Uncharted world discard pile is empty")
    game.apply("draw B")
    assert game.view(0)["expedition_scores"][0][5] == 3 + 9 - 20
    game.apply("discard B3")
    game.apply("draw deck")
    assert_rejected(game, "play U5", "LC-3.1", "a 5 cannot follow the 9 on Uncharted world")


def test_the_draw_pile_is_one_of_seven_sources_with_six_expeditions():
    """random_action draws uniformly among the draw pile and the six discard piles."""
    game = LostCities(edition="six", seed=2, rounds=1)
    chance = Chance(5)
    while not all(game.discards) or game.phase != "draw":
        game.apply(game.random_action(chance))
    legal = {str(a) for a in game.legal_actions()}
    assert len(legal) == 6  # the draw pile and five piles: the one just fed is forbidden
    counts = Counter(str(game.random_action(chance)) for _ in range(3000))
    assert set(counts) == legal and all(abs(n - 500) < 6 * 500**0.5 for n in counts.values())


# ------------------------------------------------------------------- other component sets
@pytest.mark.parametrize("count", [2, 3, 4, 6])
def test_a_folder_of_two_to_six_expeditions_plays_a_match(tmp_path, count):
    folder = expedition_folder(tmp_path, count)
    game = LostCities(components=str(folder), seed=count, rounds=2)
    assert len(game.components.expeditions) == count
    assert len(game.deck) == 12 * count - 16
    random_playout(game, Chance(count))
    assert game.is_over and len(game.round_scores) == 2
    game.check_invariants()


@pytest.mark.parametrize("count", [0, 1])
def test_fewer_than_two_expeditions_are_refused_with_file_and_line(tmp_path, count):
    folder = expedition_folder(tmp_path, count)
    with pytest.raises(ComponentError, match=rf"expeditions.csv, line {count + 1}: LC-1 allows 2 to 6 expeditions"):
        load_components(folder)


def test_a_seventh_expedition_is_refused_with_file_and_line(tmp_path):
    folder = expedition_folder(tmp_path, 6)
    with (folder / "expeditions.csv").open("a", encoding="utf-8") as out:
        out.write("6,Z,Zanzibar,Zanzibar,#123456,assumed,assumed,assumed\n")
    with pytest.raises(ComponentError, match=r"expeditions.csv, line 8: LC-1 allows 2 to 6 expeditions"):
        load_components(folder)


def test_two_expeditions_are_too_few_cards_for_four_players(tmp_path):
    folder = expedition_folder(tmp_path, 2)
    LostCities(components=str(folder), players=2)  # 24 cards: 16 dealt, 8 to draw
    with pytest.raises(ComponentError, match=r"cards.csv: LC-2 deals 8 cards to each of 4 players .* only 30 cards"):
        LostCities(components=str(folder), players=4)


players = st.sampled_from([2, 4])
sizes = st.sampled_from([3, 5, 6])
seeds = st.integers(min_value=0, max_value=2**32)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("expeditions")
    return {3: str(expedition_folder(root, 3)), 5: None, 6: str(SIX)}


@settings(max_examples=20)  # each example plays up to 300 actions; test_properties covers 5 at length
@given(players, sizes, seeds, choices(60, 300), st.data())
def test_rules_hold_over_three_five_and_six_expeditions(folders, n, size, seed, picks, data):
    """Every card is somewhere, only legal actions are accepted (and a refused one changes
    nothing), and every expedition's score stays in LC-5's range."""
    game = LostCities(players=n, seed=seed, rounds=1, components=folders[size])
    full = Counter(game.components.deck(n))
    assert len(game.components.expeditions) == size
    cards = sorted(full)
    every = [f"{verb} {c}" for c in cards for verb in ("play", "discard")]
    every += ["draw deck"] + [f"draw {e.key}" for e in game.components.expeditions]
    for _ in play(game, picks):
        seen = Counter(game.deck)
        for zone in game.hands + game.discards + [cards for side in game.expeditions for cards in side]:
            seen.update(zone)
        assert seen == full
        for side in game.expeditions:
            assert len(side) == size
            assert all(MIN_EXPEDITION_SCORE <= expedition_score(cards) <= MAX_EXPEDITION_SCORE for cards in side)
        if game.is_over:
            break
        attempt = data.draw(st.sampled_from(every))
        before = game.fingerprint()
        try:
            game.clone().apply(attempt)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (attempt in {str(a) for a in game.legal_actions()}), attempt
        assert game.fingerprint() == before


# ----------------------------------------------------------------------------------- saves
def test_a_six_expedition_save_records_its_edition_and_loads_without_a_folder():
    game = LostCities(edition="six", seed=8, rounds=2)
    random_playout(game, Chance(1), 150)
    text = game.dumps()
    saved = json.loads(text)
    assert saved["settings"]["edition"] == "six" and saved["settings"]["components"] is None
    assert saved["components"] == load_components(edition="six").digest
    loaded = loads(text)
    assert loaded.settings.edition == "six" and loaded.fingerprint() == game.fingerprint()


def test_a_save_whose_edition_was_changed_is_refused_by_the_content_hash():
    game = LostCities(edition="six", seed=8, rounds=1)
    game.apply(game.legal_actions()[0])
    saved = json.loads(game.dumps())
    saved["settings"]["edition"] = "five"
    with pytest.raises(SaveFileError, match="differs from the data the game was saved with"):
        loads(json.dumps(saved))
    saved["settings"]["edition"] = "seven"
    with pytest.raises(SaveFileError, match="invalid settings: edition must be one of 'five', 'six'"):
        loads(json.dumps(saved))


def test_a_folder_passed_for_a_six_expedition_save_is_refused_as_a_save_error(tmp_path):
    text = LostCities(edition="six", seed=8, rounds=1).dumps()
    with pytest.raises(SaveFileError, match="not both"):
        loads(text, components=str(expedition_folder(tmp_path, 6)))


def test_a_save_of_an_own_six_expedition_folder_needs_that_folder(tmp_path):
    folder = expedition_folder(tmp_path, 6)
    game = LostCities(components=str(folder), seed=3, rounds=1)
    text = game.dumps()
    assert loads(text, components=str(folder)).fingerprint() == game.fingerprint()
    edit(folder / "expeditions.csv", "Uncharted world", "Atlantis")
    _load.cache_clear()  # a new session: the folder is read afresh
    with pytest.raises(SaveFileError, match="differs from the data"):
        loads(text, components=str(folder))


@pytest.mark.parametrize("settings", [{"edition": "seven"}, {"edition": 6}, {"edition": "six", "components": "x"}])
def test_bad_edition_settings_are_refused(settings):
    with pytest.raises(ValueError, match="edition"):
        LostCities(**settings)


def test_every_shipped_edition_loads():
    for edition in EDITIONS:
        assert len(load_components(edition=edition).expeditions) == {"five": 5, "six": 6}[edition]


def test_a_five_expedition_save_reads_as_before_editions_existed():
    saved = json.loads(LostCities(seed=8, rounds=1).dumps())
    assert "edition" not in saved["settings"]
    assert loads(json.dumps(saved)).settings.edition == "five"
