"""Property-based tests over random 3- to 6-player games of Samoa (hypothesis chooses seeds and moves)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from kit.core import Chance, loads
from kit.samoa import Samoa

players = st.sampled_from([3, 4, 5, 6])
seeds = st.integers(min_value=0, max_value=2**32)
# Hypothesis' own picks steer the first actions (and shrink well); a seeded random stretch of up to
# 400 more actions then takes the game deep, where short pick lists alone would not reach.
choices = st.tuples(
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=60),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=400),
)


def play(game, choice):
    picks, seed, extra = choice
    chance = Chance(seed)
    for step in range(len(picks) + extra):
        if game.is_over:
            return
        legal = game.legal_actions()
        pick = picks[step] if step < len(picks) else chance.below(len(legal))
        game.apply(legal[pick % len(legal)])
        yield


def money_from_the_log(game, player):
    money = game.components.start_money
    for event in game.open_events():
        if event["player"] == player:
            money += event.get("earned", 0) - event.get("paid", 0)
    return money


@given(players, seeds, choices)
def test_components_money_and_rooms_are_conserved_after_every_action(n, seed, picks):
    game = Samoa(players=n, seed=seed)
    for _ in play(game, picks):
        game.check_invariants()  # 72 tourist tiles, 19 building tiles, 11 price cards each, rooms
        tiles = Counter(t for s in game.supply.values() for t in s)
        tiles.update(t for g in game.groups for t in g)
        for hotel in game.hotels:
            tiles.update(hotel.tourists())
        assert sum(tiles.values()) == 72 and max(tiles.values()) == 1
        for player in range(n):
            assert game.money[player] == money_from_the_log(game, player)
            for occupants in game.hotels[player].rooms:
                assert len(occupants) <= 2
                lovers = [t for t in occupants if t.kind == "lovers"]
                # a pair always leaves together: a room never keeps a lover of this round's flag
                nationality = game.flags[game.round - 1]
                if game.phase == "choose" and lovers:
                    assert all(t.nationality != nationality for t in occupants)


@given(players, seeds, choices, st.integers(min_value=0, max_value=2**32))
def test_a_view_hides_other_hands_money_and_unrevealed_choices(n, seed, picks, redeal):
    game = Samoa(players=n, seed=seed)
    for _ in play(game, picks):
        pass
    for viewer in range(n):
        view = game.view(viewer)
        assert view["money"] == game.money[viewer] and "money_all" not in view and "hands" not in view
        other = game.determinize(viewer, Chance(redeal))
        for player in range(n):  # hidden money may differ too
            if player != viewer:
                other.money[player] += 7
        assert other.view(viewer) == view
        if game.phase == "choose":
            hidden = [p for p in range(n) if p != viewer and game.chosen[p] is not None]
            assert all(view["played"][p] is None for p in hidden)


@given(players, seeds, choices)
def test_same_seed_same_game(n, seed, picks):
    a, b = Samoa(players=n, seed=seed), Samoa(players=n, seed=seed)
    for _ in zip(play(a, picks), play(b, picks)):
        assert a.fingerprint() == b.fingerprint()


@given(players, seeds, choices, choices)
def test_save_then_load_mid_game(n, seed, before, after):
    game = Samoa(players=n, seed=seed)
    for _ in play(game, before):
        pass
    loaded = loads(game.dumps())
    assert loaded.fingerprint() == game.fingerprint()
    for _ in zip(play(game, after), play(loaded, after)):
        assert loaded.fingerprint() == game.fingerprint()
