"""The move advisor (kit/sim/advice.py): honest tables, the viewer's information only, and the
compiled Lost Cities rollouts giving exactly the readable engine's numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from kit.core import Chance
from kit.lostcities import LostCities, fast
from kit.overbooking import Overbooking
from kit.overbooking import fast as overbooking_fast
from kit.samoa import Samoa
from kit.sim.advice import advise

needs_numba = pytest.mark.skipif(not fast.AVAILABLE, reason="numba not installed (extra 'fast')")


def _walked(game, steps: int, seed: int = 1):
    chance = Chance(seed)
    for _ in range(steps):
        game.apply(game.random_action(chance))
    return game


POSITIONS = {  # each with a real choice to make (the ISMCTS tests use them too)
    "lost-cities": lambda: _walked(LostCities(seed=3, rounds=2), 20),
    "lost-cities-4p": lambda: _walked(LostCities(players=4, seed=4, rounds=1), 8),
    "samoa": lambda: _walked(Samoa(players=4, seed=5), 12),
    "overbooking": lambda: _walked(Overbooking(players=3, seed=6), 7),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_every_legal_action_gets_estimates_with_intervals_and_n(name):
    game = POSITIONS[name]()
    before = game.fingerprint()
    advice = advise(game, rollouts=12, seed=2)
    assert game.fingerprint() == before, "the advisor must not change the game"
    assert sorted(v.action for v in advice.actions) == sorted(str(a) for a in game.legal_actions())
    differences = [v.difference for v in advice.actions]
    assert differences == sorted(differences, reverse=True)
    for value in advice.actions:
        assert value.n == 12
        assert value.difference_low <= value.difference <= value.difference_high
        assert 0 <= value.win_low <= value.win <= value.win_high <= 1
        assert not math.isnan(value.difference_low)
    assert advice.information == "viewer" and advice.viewer == game.current_player
    assert str(advice.best.action) in str(advice)


@needs_numba
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_kernel_advisor_gives_the_readable_engines_numbers(policy):
    game = POSITIONS["lost-cities"]()
    kernel = advise(game, rollouts=15, policy=policy, seed=4, everything=True)
    readable = advise(game, rollouts=15, policy=policy, seed=4, everything=True, engine="readable")
    assert kernel.engine == "kernel" and readable.engine == "readable"
    assert kernel.actions == readable.actions


@needs_numba
def test_the_kernel_advisor_gives_the_readable_engines_numbers_on_determinized_positions():
    game = POSITIONS["lost-cities-4p"]()
    kernel = advise(game, rollouts=10, policy="heuristic", seed=4)
    readable = advise(game, rollouts=10, policy="heuristic", seed=4, engine="readable")
    assert kernel.actions == readable.actions


@pytest.mark.parametrize("name", POSITIONS)
def test_advice_depends_only_on_what_the_viewer_knows(name):
    """Two games that differ only in what the viewer cannot see (the other hands, the order of the
    face-down piles, the game's own generator) get exactly the same advice."""
    game = POSITIONS[name]()
    viewer = game.current_player
    other = game.determinize(viewer, Chance(1234))
    assert other.view(viewer) == game.view(viewer)
    assert other.open_view() != game.open_view(), "the test needs games that differ in hidden cards"
    assert advise(other, rollouts=6, seed=8).actions == advise(game, rollouts=6, seed=8).actions


def test_the_open_mode_says_it_uses_everything_and_can_differ():
    game = POSITIONS["lost-cities"]()
    advice = advise(game, rollouts=6, everything=True)
    assert advice.information == "everything" and "hidden cards included" in str(advice)


def test_progress_is_reported_up_to_the_total():
    seen = []
    advise(POSITIONS["overbooking"](), rollouts=8, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (8, 8) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_only_the_player_to_move_can_be_advised():
    game = POSITIONS["lost-cities"]()
    with pytest.raises(ValueError, match="player to move"):
        advise(game, viewer=1 - game.current_player)


class _FirstAction:
    """A rollout policy no fast path knows (always the first legal action)."""

    name = "first-action"

    def choose(self, game):
        return game.legal_actions()[0]


def test_the_fast_path_hook_falls_back_to_the_readable_engine_and_names_it():
    game = POSITIONS["lost-cities"]()
    assert advise(game, rollouts=2, policy=_FirstAction()).engine == "readable"
    assert advise(game, rollouts=2, engine="readable").engine == "readable"
    with pytest.raises(ValueError, match="not .lean."):
        advise(game, rollouts=2, engine="lean")  # a name no fast path has
    with pytest.raises(ValueError, match="no fast path"):
        advise(game, rollouts=2, policy=_FirstAction(), engine="fast")
    with pytest.raises(ValueError, match="engine is"):
        advise(game, rollouts=2, engine=None)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_fast_samoa_advisor_gives_the_readable_engines_numbers(policy):
    """Rollouts in the compiled kernel (the readable engine without numba)."""
    from kit.samoa import fast_kernel

    # a round-4 position (shorter rollouts than POSITIONS' round 1) with a choice of at least three
    game = next(
        game
        for seed in range(5, 60)
        if len((game := _walked(Samoa(players=4, seed=seed), 60)).legal_actions()) >= 3 and not game.is_over
    )
    fast = advise(game, rollouts=5, policy=policy, seed=4)
    readable = advise(game, rollouts=5, policy=policy, seed=4, engine="readable")
    expected = "kernel" if fast_kernel.AVAILABLE else "readable"
    assert fast.engine == expected and readable.engine == "readable"
    assert fast.actions == readable.actions


def test_without_numba_samoa_rollouts_take_the_readable_engine_and_say_why(monkeypatch):
    from kit.samoa import fast_kernel

    monkeypatch.setattr(fast_kernel, "AVAILABLE", False)
    game = _walked(Samoa(players=3, seed=8), 100)
    advice = advise(game, rollouts=4, seed=1)
    assert advice.engine == "readable" and "numba is not installed" in advice.engine_reason
    assert "numba is not installed" in str(advice)
    assert advice.actions == advise(game, rollouts=4, seed=1, engine="readable").actions


@pytest.mark.skipif(not overbooking_fast.AVAILABLE, reason="numba not installed (extra 'fast')")
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_overbooking_kernel_advisor_gives_the_readable_engines_numbers(policy):
    game = _walked(Overbooking(players=4, seed=6), 55)  # round 3, 17 legal actions
    kernel = advise(game, rollouts=6, policy=policy, seed=4)
    readable = advise(game, rollouts=6, policy=policy, seed=4, engine="readable")
    assert kernel.engine == "kernel" and readable.engine == "readable"
    assert kernel.actions == readable.actions
    assert len({v.difference for v in kernel.actions}) > 3, "the test needs actions that differ"
    assert advise(game, rollouts=3, policy=_FirstAction()).engine == "readable"


def test_without_numba_overbooking_rollouts_take_the_readable_engine(monkeypatch):
    monkeypatch.setattr(overbooking_fast, "AVAILABLE", False)
    game = _walked(Overbooking(players=2, seed=3), 25)
    advice = advise(game, rollouts=2, seed=1)
    assert advice.engine == "readable" and "numba is not installed" in advice.engine_reason
    with pytest.raises(ValueError, match="no fast path.*numba is not installed"):
        advise(game, rollouts=2, engine="fast")


@needs_numba
def test_a_lost_cities_bots_subclass_takes_the_readable_engine_and_says_so():
    from kit.lostcities.heuristic import HeuristicBot

    class FirstAction(HeuristicBot):  # the kernel reads only a bot's thresholds: it cannot play this
        def choose(self, game):
            return game.legal_actions()[0]

    game = POSITIONS["lost-cities"]()
    advice = advise(game, rollouts=4, policy=FirstAction(), seed=3, everything=True)
    assert advice.engine == "readable" and "does not play" in advice.engine_reason
    readable = advise(game, rollouts=4, policy=FirstAction(), seed=3, everything=True, engine="readable")
    assert advice.actions == readable.actions
    with pytest.raises(ValueError, match="no fast path"):
        advise(game, rollouts=2, policy=FirstAction(), engine="kernel")


# ------------------------------------------------------------------ paired differences and ties
def test_the_paired_differences_match_an_independent_computation():
    """vs_best: the mean of per-rollout (this - best) differences with scipy's Student t interval."""
    from scipy import stats

    game = POSITIONS["overbooking"]()
    advice = advise(game, rollouts=40, seed=3, keep_rollouts=True)
    best = advice.differences[:, 0]
    assert (advice.best.vs_best, advice.best.vs_best_low, advice.best.vs_best_high) == (0.0, 0.0, 0.0)
    for k, value in enumerate(advice.actions[1:], start=1):
        paired = advice.differences[:, k] - best
        low, high = stats.t.interval(0.95, len(paired) - 1, loc=paired.mean(), scale=stats.sem(paired))
        assert value.vs_best == pytest.approx(paired.mean(), abs=1e-12)
        assert (value.vs_best_low, value.vs_best_high) == (pytest.approx(low), pytest.approx(high))
        # the same as the independent paired t-test's verdict at 5%
        assert (value.vs_best_high < 0) == (
            stats.ttest_rel(advice.differences[:, k], best).pvalue < 0.05 and paired.mean() < 0
        )
        wins = advice.wins[:, k] - advice.wins[:, 0]
        assert value.win_vs_best == pytest.approx(wins.mean(), abs=1e-12)


def test_the_paired_interval_tells_moves_apart_where_the_marginal_intervals_overlap():
    """Common random numbers: per rollout the deal's luck cancels. The paired interval of the second
    best is narrower than the two marginal half-widths together, and on some seeded position the
    marginal intervals overlap while the paired one already excludes 0 (searched, not assumed)."""
    found = None
    for seed in range(1, 40):
        advice = advise(_walked(LostCities(seed=seed, rounds=1), 30), rollouts=60, policy="heuristic", seed=seed)
        best, second = advice.actions[:2]
        paired = (second.vs_best_high - second.vs_best_low) / 2
        marginal = (best.difference_high - best.difference_low + second.difference_high - second.difference_low) / 2
        assert paired < marginal
        if second.difference_high >= best.difference_low and second.vs_best_high < 0:
            found = advice
            break
    assert found is not None, "no position where the paired interval tells apart what the marginal ones cannot"
    assert found.actions[1].behind_best and not found.best.behind_best


@needs_numba
def test_the_kernel_and_the_readable_engine_give_the_same_paired_numbers_ties_and_rollouts():
    game = POSITIONS["lost-cities"]()
    kernel = advise(game, rollouts=12, policy="heuristic", seed=5, keep_rollouts=True)
    readable = advise(game, rollouts=12, policy="heuristic", seed=5, keep_rollouts=True, engine="readable")
    assert kernel.engine == "kernel" and readable.engine == "readable"
    assert [(v.vs_best, v.vs_best_low, v.vs_best_high, v.win_vs_best) for v in kernel.actions] == [
        (v.vs_best, v.vs_best_low, v.vs_best_high, v.win_vs_best) for v in readable.actions
    ]
    assert (kernel.differences == readable.differences).all() and (kernel.wins == readable.wins).all()
    assert kernel.ties == readable.ties


def test_keep_rollouts_gives_rollouts_by_actions_arrays_in_the_tables_order():
    game = POSITIONS["samoa"]()
    advice = advise(game, rollouts=7, seed=2, keep_rollouts=True)
    assert advice.differences.shape == advice.wins.shape == (7, len(game.legal_actions()))
    for k, value in enumerate(advice.actions):
        assert advice.differences[:, k].mean() == pytest.approx(value.difference)
        assert advice.wins[:, k].mean() == pytest.approx(value.win)
    assert ((0 <= advice.wins) & (advice.wins <= 1)).all()
    plain = advise(game, rollouts=7, seed=2)
    assert plain.differences is None and plain.wins is None and plain.actions == advice.actions
    rows = plain.rows()
    assert {"vs_best", "vs_best_low", "vs_best_high", "win_vs_best", "rank"} <= rows[1].keys()
    assert rows[0]["vs_best"] == 0.0 and "vs best" in str(plain)


def test_ties_group_only_columns_identical_in_every_rollout():
    from kit.sim.advice import identical_columns

    differences = np.array([[3.0, 3.0, 3.0, 1.0], [-2.0, -2.0, -2.0, 4.0], [5.0, 5.0, 5.0, 5.0]])
    wins = np.array([[1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0], [1.0, 1.0, 0.5, 1.0]])
    assert identical_columns(differences, wins) == [[0, 1]]  # column 2 ties on score, not on the win
    near = differences.copy()
    near[2, 1] = 5.0 + 1e-9  # a near-tie: one rollout in one column a hair apart
    assert identical_columns(near, wins) == []


def _back_door_position():
    """An Overbooking position from the last round where player 1 may only place at back doors
    (searched over seeds, not taken from one): heuristic rollouts there tie many placements."""
    from kit.probability import whatif

    return whatif.game_position("overbooking")


@pytest.mark.slow
def test_ties_are_the_identical_columns_and_say_what_the_replay_showed():
    advice = advise(_back_door_position(), rollouts=30, policy="heuristic", seed=1, keep_rollouts=True)
    assert advice.ties, "the position's heuristic rollouts tie placements"
    column = {value.action: k for k, value in enumerate(advice.actions)}
    tied = set()
    for tie in advice.ties:
        columns = [column[action] for action in tie.actions]
        for k in columns[1:]:
            assert (advice.differences[:, k] == advice.differences[:, columns[0]]).all()
            assert (advice.wins[:, k] == advice.wins[:, columns[0]]).all()
        assert f"these {len(tie.actions)} moves led to the same result in every one of the 30 rollouts" in tie.sentence
        assert tie.reason and str(tie.reason) in tie.sentence and str(tie) == tie.sentence
        tied |= set(columns)
    for a in range(len(advice.actions)):  # every pair not grouped differs in some rollout
        for b in range(a + 1, len(advice.actions)):
            if not any({a, b} <= {column[x] for x in tie.actions} for tie in advice.ties):
                assert not (
                    (advice.differences[:, a] == advice.differences[:, b]).all()
                    and (advice.wins[:, a] == advice.wins[:, b]).all()
                )
    assert f"Tied: {advice.ties[0].sentence}" in str(advice)


def test_the_tie_reason_is_computed_from_the_replayed_positions():
    from kit.sim.advice import _why

    game = POSITIONS["overbooking"]()
    world = game.determinize(game.current_player, Chance(3))
    first, second = game.legal_actions()[:2]
    assert "each of them leaves the same position" in str(_why([first, first], world, 5, 6, "random"))
    reason = str(_why([first, second], world, 5, 6, "random"))
    assert "each of them leaves" not in reason  # two different placements leave different positions


def test_samoa_ties_get_each_kind_of_reason_the_replay_can_give():
    """Identical tourist tiles leave the same position; other tied placements become one game later or
    end in positions that differ only where the scores do not (searched over seeds, not assumed)."""
    kinds = {"each of them leaves the same position": None, "became one and the same game within": None,
             "differ only in": None}  # fmt: skip
    for seed in range(1, 12):
        game, chance = Samoa(players=4, seed=seed), Chance(seed)
        for step in range(170):
            if game.is_over or all(kinds.values()):
                break
            if step % 7 == 0 and game.phase == "tourists" and len(game.legal_actions()) >= 4:
                advice = advise(game, rollouts=8, seed=1, keep_rollouts=True)
                for tie in advice.ties:
                    for kind in kinds:
                        if kind in str(tie.reason) and kinds[kind] is None:
                            kinds[kind] = (seed, step, tie)
            game.apply(game.random_action(chance))
    assert all(kinds.values()), f"not every kind of reason was found: {kinds}"


# ------------------------------------------------------------------ cancelling
class _Stop(Exception):
    pass


class _Counting:
    """Always the first legal action, its moves counted (a bot object: the readable engine plays it)."""

    name = "counting"

    def __init__(self):
        self.moves = 0

    def choose(self, game):
        self.moves += 1
        return game.legal_actions()[0]


def test_raising_from_progress_cancels_advise_and_changes_nothing():
    game = POSITIONS["lost-cities"]()
    before = game.fingerprint()
    policy, calls = _Counting(), []

    def stop_at_once(done, total):
        calls.append(done)
        raise _Stop

    with pytest.raises(_Stop):
        advise(game, rollouts=40, policy=policy, progress=stop_at_once)
    assert calls == [0] and policy.moves == 0, "cancelled before the first rollout"
    assert game.fingerprint() == before

    def stop_after_first_block(done, total):
        calls.append(done)
        if done > 0:
            raise _Stop

    calls.clear()
    with pytest.raises(_Stop):
        advise(game, rollouts=40, policy=policy, progress=stop_after_first_block)
    assert calls == [0, 2], "no rollout after the callback raised"
    assert game.fingerprint() == before
