"""Property-based tests over random 2-, 3- and 4-player games of Overbooking."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from kit.core import Chance, loads
from kit.overbooking import Overbooking
from tests.support import choices, play

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32)
moves = choices(40, 100)


@given(players, seeds, moves)
def test_all_cards_accounted_for_and_beds_never_overbooked(n, seed, choice):
    game = Overbooking(players=n, seed=seed)
    for _ in play(game, choice):
        game.check_invariants()
        cards = Counter()
        for p in range(n):
            cards.update(game.hands[p] + game.decks[p] + game.booked[p])
        for hotel in game.hotels:
            cards.update(s.card for s in hotel.queue + hotel.back)
        cards.update(game.box)
        assert sum(cards.values()) == 24 * n and max(cards.values()) == 1
    # booked beds never exceed a hotel's beds after its abilities
    for event in game.open_events():
        if event["kind"] == "book":
            assert 0 <= event["beds_after"] <= event["beds_before"]


@given(players, seeds, moves)
def test_every_deck_is_used_up_when_all_place_five(n, seed, choice):
    picks, extra_seed, _ = choice
    game = Overbooking(players=n, seed=seed)
    chance = Chance(extra_seed)
    while not game.is_over:
        legal = [a for a in game.legal_actions() if str(a) != "hold"]
        game.apply(legal[chance.below(len(legal))])
    placed_everything = not any(e["kind"] == "no-placement" for e in game.open_events())
    if placed_everything:
        assert all(not deck for deck in game.decks)


@given(players, seeds, moves, st.integers(min_value=0, max_value=2**32))
def test_views_leak_nothing(n, seed, choice, redeal):
    game = Overbooking(players=n, seed=seed)
    for _ in play(game, choice):
        pass
    for viewer in range(n):
        view = game.view(viewer)
        assert "hands" not in view and "decks" not in view
        assert game.determinize(viewer, Chance(redeal)).view(viewer) == view
        for hotel in view["hotels"]:
            for slot in hotel["queue"] + hotel["back"]:
                if slot["owner"] != viewer and not slot["face_up"]:
                    assert set(slot) == {"owner", "colour", "crest", "size", "face_up"}


@given(players, seeds, moves)
def test_same_seed_same_game_and_save_load(n, seed, choice):
    a, b = Overbooking(players=n, seed=seed), Overbooking(players=n, seed=seed)
    for _ in zip(play(a, choice), play(b, choice)):
        assert a.fingerprint() == b.fingerprint()
    loaded = loads(a.dumps())
    assert loaded.fingerprint() == a.fingerprint()
