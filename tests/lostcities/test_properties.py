"""Property-based tests over random 2- and 4-player games (hypothesis chooses the seeds and moves)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from kit.core import Chance, IllegalAction, loads
from kit.lostcities import LostCities
from kit.lostcities.scoring import MAX_EXPEDITION_SCORE, MIN_EXPEDITION_SCORE
from tests.support import choices, play

players = st.sampled_from([2, 4])
seeds = st.integers(min_value=0, max_value=2**32)
moves = choices(60, 300)


def all_cards(game):
    counted = Counter(game.deck)
    for zone in game.hands + game.discards + [cards for side in game.expeditions for cards in side]:
        counted.update(zone)
    return counted


@given(players, seeds, moves)
def test_every_card_is_accounted_for_after_every_action(n, seed, picks):
    game = LostCities(players=n, seed=seed, rounds=2)
    full = Counter(game.components.deck(n))
    assert sum(full.values()) == (60 if n == 2 else 75)
    for _ in play(game, picks):
        assert all_cards(game) == full


@given(players, seeds, moves, st.data())
def test_no_illegal_action_is_ever_accepted(n, seed, picks, data):
    game = LostCities(players=n, seed=seed, rounds=1)
    cards = sorted(set(game.components.deck(n)))
    every = [f"{verb} {c}" for c in cards for verb in ("play", "discard")]
    every += ["draw deck"] + [f"draw {e.key}" for e in game.components.expeditions]
    for _ in play(game, picks):
        if game.is_over:
            break
        legal = {str(a) for a in game.legal_actions()}
        attempt = data.draw(st.sampled_from(every))
        before = game.fingerprint()
        try:
            game.clone().apply(attempt)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (attempt in legal), attempt
        assert game.fingerprint() == before


@given(players, seeds, moves)
def test_scores_stay_in_bounds(n, seed, picks):
    game = LostCities(players=n, seed=seed, rounds=1)
    for _ in play(game, picks):
        for side in game.view(0)["expedition_scores"]:
            assert all(MIN_EXPEDITION_SCORE <= s <= MAX_EXPEDITION_SCORE for s in side)
        assert all(5 * MIN_EXPEDITION_SCORE <= s <= 5 * MAX_EXPEDITION_SCORE for s in game.scores())


@given(players, seeds, moves, st.integers(min_value=0, max_value=2**32))
def test_a_view_does_not_change_when_only_hidden_information_changes(n, seed, picks, redeal):
    game = LostCities(players=n, seed=seed, rounds=1)
    for _ in play(game, picks):
        pass
    for viewer in range(n):
        other = game.determinize(viewer, Chance(redeal))
        assert other.view(viewer) == game.view(viewer)
        # the hidden cards really were redealt (unless the deck is tiny and the hands equal by chance)
        hidden = [game.hands[p] for p in range(n) if p != viewer] + [game.deck]
        hidden_other = [other.hands[p] for p in range(n) if p != viewer] + [other.deck]
        assert Counter(c for z in hidden for c in z) == Counter(c for z in hidden_other for c in z)


@given(players, seeds, moves)
def test_same_seed_same_game(n, seed, picks):
    a, b = LostCities(players=n, seed=seed), LostCities(players=n, seed=seed)
    for _ in zip(play(a, picks), play(b, picks)):
        assert a.fingerprint() == b.fingerprint()
    assert a.history == b.history


@given(players, seeds, moves, moves)
def test_save_then_load_mid_game_gives_an_identical_game(n, seed, before, after):
    game = LostCities(players=n, seed=seed, rounds=2)
    for _ in play(game, before):
        pass
    loaded = loads(game.dumps())
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.open_events() == game.open_events()
    for _ in zip(play(game, after), play(loaded, after)):
        assert loaded.fingerprint() == game.fingerprint()
