"""The compiled kernel plays exactly the readable engine's games (kit/lostcities/fast.py).

Same position and same chance -> the same actions, the same round scores and the same totals, for
every policy, on 10,000 new rounds and on positions taken from the middle of random games.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from kit.core import Chance
from kit.kernels import chance as kc
from kit.lostcities import LostCities, fast, heuristic
from kit.lostcities.heuristic import HeuristicBot
from tests.support import assert_playout_changes_nothing

needs_numba = pytest.mark.skipif(not fast.AVAILABLE, reason="numba not installed (extra 'fast')")


def _walk(game: LostCities, seed: int, steps: int) -> LostCities:
    """`game` after up to `steps` random actions drawn from ``Chance(seed)`` (fewer if it ends)."""
    walker = Chance(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.random_action(walker))
    return game


def _records(game: LostCities, chance: Chance, policies) -> tuple[list[int], list[int]]:
    expected = fast._reference_outcome(game.clone(), chance.clone(), fast._policies(policies, game.players), True)
    got = fast.play_out(game, chance, policies, record=True)
    assert got.scores == expected.scores
    assert got.steps == expected.steps
    return got.record, expected.record


def _compare_new_games(count: int, policies, players: int = 2, rounds: int = 1, first_player: int = 0):
    mentioned = fast._policies(policies, players)
    for chunk in range(1000, 1000 + count, 500):  # the records of 500 games at a time (12 MB)
        seeds = list(range(chunk, min(chunk + 500, 1000 + count)))
        policy_seeds = [7 * seed + 3 for seed in seeds]
        totals, steps, records = fast.play_new(seeds, policy_seeds, policies, players, rounds, first_player, 3000)
        # unrecorded, as rollouts and benchmarks play (random 2-player rounds take the bit-mask loop)
        quiet_totals, quiet_steps, _ = fast.play_new(seeds, policy_seeds, policies, players, rounds, first_player)
        for i, seed in enumerate(seeds):
            game = LostCities(players=players, rounds=rounds, seed=seed, first_player=first_player)
            fast.reference_play(game, Chance(policy_seeds[i]), mentioned)
            record = fast.engine_record(game)
            assert len(record) < 3000, "record buffer too small for this test"
            assert records[i, : len(record) + 1].tolist() == record + [-1], f"seed {seed}: another game"
            assert steps[i] == quiet_steps[i] == len(game.history)
            assert list(totals[i]) == list(quiet_totals[i]) == game.totals()


@needs_numba
def test_ten_thousand_random_rounds_are_the_engines_games():
    _compare_new_games(10_000, "random")


@needs_numba
@pytest.mark.parametrize(
    "policies, players, rounds, count",
    [
        ("heuristic", 2, 1, 1000),
        (["random", "heuristic"], 2, 3, 300),  # a match: later rounds dealt by the game's own chance
        ([HeuristicBot(start_threshold=10, invest_threshold=15), "heuristic"], 2, 1, 500),  # parameters
        ("random", 2, 3, 300),  # random rounds in a match: the next deal and starter (LC-6) between them
        ("random", 4, 1, 100),  # LC-7: random seats also pass cards to their partners
        (["heuristic", "random", "random", "heuristic"], 4, 2, 150),
    ],
    ids=["heuristic", "match-mixed", "parameterised", "match-random", "4p-random", "4p-match-mixed"],
)
def test_every_policy_plays_the_engines_games(policies, players, rounds, count):
    _compare_new_games(count, policies, players, rounds, first_player=1 if players == 2 else 3)


@needs_numba
def test_positions_from_the_middle_of_random_games():
    """Any position the engine reaches: stopped after a random number of random steps (in either
    phase, in any round of a match, sometimes in a prearranged deal), then played out both ways."""
    picker = random.Random(11)
    policies = ["random", "heuristic", HeuristicBot(start_threshold=30, invest_threshold=40)]
    compared = 0
    for seed in range(300):
        players = picker.choice((2, 2, 4))
        game = LostCities(players=players, rounds=picker.choice((1, 2, 3)), seed=seed)
        _walk(game, seed + 99, picker.randrange(1, 250))
        if game.is_over:
            continue
        seats = [picker.choice(policies) for _ in range(players)]
        got, expected = _records(game, Chance(seed), seats)
        assert got == expected, f"seed {seed} at step {len(game.history)}"
        compared += 1
    assert compared > 200


@needs_numba
def test_random_two_player_rollouts_from_the_middle_of_rounds():
    """Unrecorded random 2-player playouts (the bit-mask loop, `_random_round`) from positions in
    either phase, any round, investment cards in hand and on the piles: the engine's totals and steps."""
    picker = random.Random(12)
    phases, invested = set(), 0
    for seed in range(400):
        game = LostCities(rounds=picker.choice((1, 2, 3)), seed=seed, first_player=picker.randrange(2))
        _walk(game, seed + 7, picker.randrange(0, 400))
        if game.is_over:
            continue
        phases.add(game.phase)
        invested += any(card.value == 0 for hand in game.hands for card in hand)
        copy = game.clone()
        fast.reference_play(copy, Chance(seed), ["random", "random"])
        outcome = fast.play_out(game, Chance(seed))
        assert (outcome.scores, outcome.steps) == (copy.scores(), len(copy.history) - len(game.history)), seed
        assert fast.play_from(game, seed) == copy.totals(), seed
        actions = game.legal_actions()[:2]
        after = fast.play_after([game], actions, [seed], [seed + 1])
        assert after.tolist() == fast.reference_play_after([game], actions, [seed], [seed + 1]).tolist(), seed
    assert phases == {"play", "draw"} and invested > 100


def _middle_positions(count: int, seed: int):
    """`count` positions from the middle of random games (2 or 4 players, 1 to 3 rounds)."""
    picker = random.Random(seed)
    positions = []
    while len(positions) < count:
        game = LostCities(players=picker.choice((2, 4)), rounds=picker.choice((1, 3)), seed=picker.randrange(10**6))
        _walk(game, picker.randrange(10**6), picker.randrange(1, 200))
        if not game.is_over:
            positions.append(game)
    return positions


@needs_numba
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_searches_rollouts_are_the_engines(policy):
    """play_from (ISMCTS's rollouts: later rounds dealt by the position's own generator) and
    play_after (the advisor's: every first action, later rounds from a fresh seed)."""
    for n, game in enumerate(_middle_positions(12, seed=5)):
        copy = game.clone()
        fast.reference_play(copy, Chance(n), fast._policies(policy, game.players))
        assert fast.play_from(game, n, policy) == copy.totals(), n
        actions = game.legal_actions()[:4]
        got = fast.play_after([game, game], actions, [n, n + 1], [2 * n, 2 * n + 1], policy)
        expected = fast.reference_play_after([game, game], actions, [n, n + 1], [2 * n, 2 * n + 1], policy)
        assert got.tolist() == expected.tolist(), n


@needs_numba
def test_a_playout_changes_neither_the_game_nor_either_chance():
    assert_playout_changes_nothing(fast.play_out, LostCities(seed=5, rounds=2), Chance(3), "random")


def test_without_numba_the_same_functions_play_the_readable_engine():
    """Block numba's import in a fresh interpreter: the module falls back and still plays."""
    script = (
        "import sys; sys.modules['numba'] = None\n"
        "from kit.core import Chance\n"
        "from kit.lostcities import LostCities, fast\n"
        "assert not fast.AVAILABLE\n"
        "totals, steps, records = fast.play_new([5, 6], [7, 8], ['random', 'heuristic'], record_cap=4)\n"
        "print(totals, steps, records)\n"
        "out = fast.play_out(LostCities(seed=3), Chance(4), 'heuristic', record=True)\n"
        "print(out.scores, out.steps, len(out.record))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    game = LostCities(seed=3)
    fast.reference_play(game, Chance(4), ["heuristic", "heuristic"])
    new_games, played_out = done.stdout.splitlines()
    assert played_out.split()[-1] == str(len(fast.engine_record(game)))
    assert played_out.startswith(str(game.scores()))
    if fast.AVAILABLE:  # and play_new's readable fallback plays the kernel's games
        totals, steps, records = fast.play_new([5, 6], [7, 8], ["random", "heuristic"], record_cap=4)
        assert new_games == f"{totals.tolist()} {steps.tolist()} {records.tolist()}"


@needs_numba
def test_a_bots_subclass_is_refused_and_the_gaps_are_the_readable_bots():
    class FirstAction(HeuristicBot):  # the kernel reads only a bot's thresholds: it would play the plain bot
        def choose(self, game):
            return game.legal_actions()[0]

    assert fast.fits("random") and fast.fits(["heuristic", HeuristicBot()]) and not fast.fits(FirstAction())
    with pytest.raises(ValueError, match="subclass"):
        fast.play_out(LostCities(seed=1), Chance(1), FirstAction())
    # the gaps come from heuristic.py's module constants, which the readable bot reads
    bot = HeuristicBot()
    bot.tight_gap = bot.continue_gap = 99  # attributes the readable bot never looks at
    assert fast.policy_row(bot)[3:] == [heuristic.TIGHT_GAP, heuristic.CONTINUE_GAP]


@needs_numba
def test_non_integer_parameters_play_the_engines_games_at_every_entry_point():
    bot = HeuristicBot(start_threshold=12.5, invest_threshold=20.5)
    policies = [bot, "random"]
    _compare_new_games(20, policies)  # play_new
    differ = 0
    for n, game in enumerate(_middle_positions(8, seed=9)):
        got, expected = _records(game, Chance(n), [bot] * game.players)  # play_out
        assert got == expected, n
        copy = game.clone()
        fast.reference_play(copy, Chance(n), [bot] * game.players)
        assert fast.play_from(game, n, bot) == copy.totals(), n  # play_from
        actions = game.legal_actions()[:3]
        after = fast.play_after([game], actions, [n], [n + 1], bot)  # play_after
        assert after.tolist() == fast.reference_play_after([game], actions, [n], [n + 1], bot).tolist(), n
        truncated = HeuristicBot(start_threshold=12, invest_threshold=20)
        differ += fast.play_out(game, Chance(n), truncated, record=True).record != got
    assert differ, "the test needs positions where 12.5 and 12 play differently"


def _plain_loops(monkeypatch):
    """The kernel's loops as their plain-Python twins (numba bakes globals in: the caps can then be
    lowered); the bit counts are LLVM intrinsics, usable in compiled code only: their plain twins too."""
    for name in ("_play", "_random_round", "_random_action", "_bit", "_mask", "_unmask", "_playable"):
        monkeypatch.setattr(fast, name, getattr(fast, name).py_func)
    for name in ("_play_many", "_new_many", "_after_many"):
        monkeypatch.setattr(fast, name, getattr(fast, name).py_func)
    for name, plain in fast.PLAIN_BIT_COUNTS.items():
        monkeypatch.setattr(fast, name, plain)


@needs_numba
def test_a_playout_past_the_step_cap_fails_loudly(monkeypatch):
    monkeypatch.setattr(fast, "STEP_CAP", 5)
    _plain_loops(monkeypatch)
    game = LostCities(seed=1)
    with pytest.raises(RuntimeError, match="could not finish 1 playout"):
        fast.play_out(game, Chance(1))
    with pytest.raises(RuntimeError, match="could not finish 2 game"):
        fast.play_new([1, 2], [3, 4])
    with pytest.raises(RuntimeError, match="could not finish 2 playout"):
        fast.play_after([game], game.legal_actions()[:2], [1], [2])
    with pytest.raises(RuntimeError, match="could not finish 1 playout"):
        fast.play_from(game, 1, "heuristic")


@needs_numba
def test_the_bit_mask_loop_leaves_the_engines_position_at_the_rounds_end():
    """`_random_round` stops after the draw that empties the deck, the row then as the engine's
    one-round game at its end (hands, piles, expeditions), the player who drew still to move."""
    for seed in range(40):
        game = _walk(LostCities(seed=seed, rounds=1), seed + 5, seed * 3)
        row = fast._encode(game)
        taken = fast._random_round(row, kc.state(Chance(seed)))
        ended, chance = game.clone(), Chance(seed)
        while not ended.is_over:  # the same random actions, to the last draw
            last = ended.to_move
            ended.apply(ended.random_action(chance))
        assert taken == len(ended.history) - len(game.history), seed
        expected = fast._encode(ended)
        # sizes and hands, expeditions (the draw pile and the piles' slots past their tops may hold old cards)
        for start, stop in ((fast.PILE_LEN, fast.DECK), (fast.EXPEDITIONS, fast.BASE)):
            assert row[start:stop].tolist() == expected[start:stop].tolist(), seed
        for e in range(5):
            pile = slice(fast.PILES + fast.PILE_CAP * e, fast.PILES + fast.PILE_CAP * e + row[fast.PILE_LEN + e])
            assert row[pile].tolist() == expected[pile].tolist(), seed
        assert row[fast.DECK_LEN] == 0 and row[fast.TO_MOVE] == last, seed
