"""The lean Samoa playouts (kit/samoa/fast.py) play the readable engine's very games: the same
actions and the same final state, from the start and from the middle of random games, with 3 to 6
players, under the random and the heuristic policy."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.bots.rollout import play_to_end, rollout_bots
from kit.core import Chance
from kit.samoa import Samoa, fast
from kit.samoa.actions import Buy, Pass, Place, Remove, SendHome, Swap, TakeBack
from kit.samoa.heuristic import HeuristicBot


def _position(seed: int, players: int, steps: int) -> Samoa:
    """A position `steps` random actions into a game (the walk's own generator, not the game's)."""
    game = Samoa(players=players, seed=seed)
    chance = Chance(10_000 + seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.random_action(chance))
    return game


def _final_state(game: Samoa) -> tuple:
    return (
        game.scores(),
        game.winners(),
        list(game.money),
        [hotel.to_dict() for hotel in game.hotels],
        [hotel.used_specials for hotel in game.hotels],
        game.hands,
        game.used,
        game.supply,
        game.building_deck,
        game.tourist_deck,
        game.offer,
        game.hammer,
        game.round,
        game.phase,
    )


def _both(game: Samoa, policy, seed: int) -> tuple[Samoa, list, Samoa, list]:
    readable = game.clone()
    start = len(readable.history)
    play_to_end(readable, rollout_bots(readable, policy), Chance(seed))
    record: list = []
    lean = fast.play_out(game, Chance(seed), policy, record)
    return readable, readable.history[start:], lean, record


# 3 to 6 players; positions from the start to late in the game (a game is about 150-250 actions)
CASES = [(seed, 3 + seed % 4, (seed * 37) % 200) for seed in range(160)]


TUNED = HeuristicBot(pressure=0.6, single_guest=1.0, pool_bid=9)


@pytest.mark.parametrize("policy", ["random", "heuristic", TUNED, "mixed"])
def test_lean_playouts_play_the_readable_engines_games(policy):
    cases = CASES if policy == "random" else CASES[::4] if policy == "heuristic" else CASES[1::8]
    kinds: Counter = Counter()
    for seed, players, steps in cases:
        game = _position(seed, players, steps)
        before = game.fingerprint()
        seats = (["random", TUNED, "heuristic"] * 2)[:players] if policy == "mixed" else policy
        readable, played, lean, record = _both(game, seats, seed)
        assert record == played, f"seed {seed}: the lean playout took other actions"
        assert _final_state(lean) == _final_state(readable), f"seed {seed}: another final state"
        assert lean.is_over and game.fingerprint() == before, "play_out must leave its position alone"
        kinds.update(type(action).__name__ for action in record)
        kinds.update("buy suite" for action in record if isinstance(action, Buy) and action.kind == "suite")
    # the comparison must have met the rarer rules, not only the common ones
    needed = {Place, Remove, SendHome, Swap, TakeBack} if policy == "random" else {Place, Remove}
    assert {kind.__name__ for kind in needed} <= set(kinds), kinds
    if policy == "random":
        assert kinds["buy suite"] > 0


def test_the_lean_random_action_is_the_legal_action_at_the_same_index():
    """For every index i of every position along some games, a draw that picks i in the readable
    engine (`legal_actions()[below(n)]`) picks the same action here."""
    positions = 0
    for seed in range(8):
        game, chance = Samoa(players=3 + seed % 4, seed=seed), Chance(seed)
        while not game.is_over:
            actions = game.legal_actions()
            n = len(actions)
            for i in range(n):
                assert fast.random_action(game, lambda count, i=i, n=n: i if count == n else -1) is actions[i]
            positions += 1
            game.apply(actions[chance.below(n)])
    assert positions > 1000


def test_the_lean_heuristic_plans_as_the_heuristic_bot():
    """Its choices, position by position (a playout compares only the positions it passes)."""
    checked = 0
    for seed in range(6):
        game, chance = Samoa(players=3 + seed % 4, seed=seed), Chance(seed)
        bots = [HeuristicBot(), HeuristicBot(pressure=1.5, single_guest=0.5)]
        lean = [fast.LeanHeuristicBot(**vars(bot)) for bot in bots]
        while not game.is_over:
            for bot, twin in zip(bots, lean):
                assert twin.choose(game) == bot.choose(game)
                checked += 1
            game.apply(game.random_action(chance))
    assert checked > 1000


class _Cautious(HeuristicBot):
    def _build(self, game):
        return Pass()


def test_only_proven_policies_are_taken():
    assert fast.fits("random") and fast.fits("heuristic") and fast.fits(HeuristicBot(pressure=0.5))
    assert fast.fits(["random", "heuristic", HeuristicBot(), "random"])
    assert not fast.fits("greedy") and not fast.fits(object())
    assert not fast.fits(_Cautious()), "a subclass may choose otherwise: its lean twin would not know"
    with pytest.raises(ValueError, match="lean path"):
        fast.play_out(Samoa(players=3, seed=1), Chance(1), policy=object())


@pytest.mark.parametrize("kernel", [True, False])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_a_search_rollout_is_the_readable_rollout(policy, kernel, monkeypatch):
    from kit.bots.rollout import win_shares
    from kit.samoa import fast_kernel

    if kernel and not fast_kernel.AVAILABLE:
        pytest.skip("numba not installed (extra 'fast')")
    monkeypatch.setattr(fast_kernel, "AVAILABLE", kernel)

    for seed in range(6):
        world = _position(seed, 3 + seed % 4, 60 + 20 * seed)
        readable, lean = world.clone(), world.clone()
        mine, theirs = Chance(seed), Chance(seed)
        play_to_end(readable, rollout_bots(readable, policy), theirs)
        assert fast.rollout(lean, policy, mine) == win_shares(readable)
        assert mine.random() == theirs.random() and lean.chance.random() == readable.chance.random()
