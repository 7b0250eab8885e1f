"""Lesson 9's exact answers (kit/probability/spread.py) against independent computations (scipy,
numpy, brute force) and against the engine's simulations, within 4 standard errors."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from kit.lostcities import LostCities
from kit.lostcities.actions import Draw
from kit.probability import spread, urn

DESERT, VOLCANO = 2, 3


@pytest.fixture(scope="module")
def desert() -> urn.Urn:
    return urn.urn_for(urn.lesson_round(), 0, DESERT)


def within_4_se(values: list[float], exact: Fraction | float) -> None:
    mean, se = float(np.mean(values)), float(stats.sem(values))
    assert abs(mean - float(exact)) <= 4 * se, f"simulated {mean:.4f}, exact {float(exact):.4f}, 4 se = {4 * se:.4f}"


# ------------------------------------------------------------------------------ 1. spread
def test_the_variances_are_scipys_hypergeometric_and_binomial_ones(desert):
    assert (desert.unseen, desert.wanted, desert.draws) == (52, 8, 22)
    assert spread.variance(desert) == Fraction(4840, 2873)
    assert float(spread.variance(desert)) == pytest.approx(stats.hypergeom(52, 8, 22).var(), rel=1e-12)
    assert spread.binomial_variance(desert) == Fraction(484, 169)
    assert float(spread.binomial_variance(desert)) == pytest.approx(stats.binom(22, 8 / 52).var(), rel=1e-12)
    assert spread.correction(desert) == Fraction(30, 51)
    assert spread.variance(desert) == spread.binomial_variance(desert) * spread.correction(desert)
    assert [float(p) for p in spread.binomial_pmf(desert)] == pytest.approx(stats.binom(22, 8 / 52).pmf(range(23)))


def test_the_correction_holds_for_every_urn_and_vanishes_when_every_card_is_drawn():
    for unseen, wanted, draws in [(52, 7, 22), (10, 3, 1), (10, 3, 10), (5, 0, 2), (1, 1, 1), (30, 12, 17)]:
        u = urn.Urn(unseen, wanted, draws)
        assert spread.variance(u) == spread.binomial_variance(u) * spread.correction(u), u
    assert spread.variance(urn.Urn(52, 8, 52)) == 0
    assert spread.correction(urn.Urn(52, 8, 1)) == 1


def test_exercise_1_the_volcano_variance():
    volcano = urn.urn_for(urn.lesson_round(), 0, VOLCANO)
    assert (volcano.unseen, volcano.wanted, volcano.draws) == (52, 7, 22)  # V5, V7 in hand; Vx are not numbers
    assert spread.variance(volcano) == Fraction(17325, 11492)
    assert float(spread.variance(volcano)) == pytest.approx(stats.hypergeom(52, 7, 22).var(), rel=1e-12)


def test_the_engines_redeals_spread_as_the_exact_variances_say(desert):
    game = urn.lesson_round()
    kept = urn.simulate_arrivals(game, 0, DESERT, 6_000, seed=11)
    back = spread.simulate_with_replacement(game, 0, DESERT, 1_500, draws=22, seed=12)
    within_4_se(kept, desert.mean())
    within_4_se(back, desert.mean())
    kept_sq, back_sq = spread.squared_distances(kept, desert.mean()), spread.squared_distances(back, desert.mean())
    within_4_se(kept_sq, spread.variance(desert))
    within_4_se(back_sq, spread.binomial_variance(desert))
    # and the two spreads are told apart: the difference is many standard errors wide
    gap = np.mean(back_sq) - np.mean(kept_sq)
    assert gap > 4 * math.hypot(stats.sem(back_sq), stats.sem(kept_sq))


def test_each_single_draw_with_putting_back_is_any_unseen_card_alike(desert):
    """A redeal's first card for player 0 is uniform over the 52 unseen cards, so 22 of them are a
    binomial count: P(one draw is a Desert number card) = 8/52."""
    counts = spread.simulate_with_replacement(urn.lesson_round(), 0, DESERT, 4_000, draws=1, seed=5)
    within_4_se(counts, Fraction(8, 52))


# ------------------------------------------------------------------------------ 2. the funnel
def test_the_funnel_is_two_standard_errors_and_halves_with_four_times_the_trials(desert):
    low, high = spread.funnel(desert.mean(), spread.variance(desert), 1_000)
    assert (high - low) / 2 == pytest.approx(2 * math.sqrt(4840 / 2873 / 1_000))
    low4, high4 = spread.funnel(desert.mean(), spread.variance(desert), 4_000)
    assert (high4 - low4) == pytest.approx((high - low) / 2)


def test_the_chance_to_end_inside_the_funnel_matches_numpys_convolution(desert):
    pmf = np.array([float(p) for p in desert.pmf()])
    mean, var = float(desert.mean()), float(spread.variance(desert))
    for n in (1, 5, 20):
        sums = np.array([1.0])
        for _ in range(n):
            sums = np.convolve(sums, pmf)
        inside = sum(p for s, p in enumerate(sums) if abs(s / n - mean) <= 2 * math.sqrt(var / n) + 1e-12)
        assert float(spread.inside_chance(desert, n)) == pytest.approx(inside, abs=1e-9), n
    assert float(spread.inside_chance(desert, 20)) == pytest.approx(0.9525, abs=5e-4)


def test_the_engines_runs_end_inside_the_funnel_as_often_as_the_exact_chance_says(desert):
    kept = urn.simulate_arrivals(urn.lesson_round(), 0, DESERT, 20_000, seed=21)
    inside, runs = spread.runs_inside(kept, 20, desert.mean(), spread.variance(desert))
    assert runs == 1_000
    within_4_se([1] * inside + [0] * (runs - inside), spread.inside_chance(desert, 20))


# ------------------------------------------------------------------------------ 3. belief
def test_a_belief_updated_draw_by_draw_is_the_batch_update_and_scipys_beta():
    draws = [False, True, False, False, True, False, False]
    belief = spread.UNIFORM
    for draw in draws:
        belief = belief.update(draw)
    assert belief == spread.UNIFORM.after(draws) == spread.Belief(3, 6)
    assert belief.mean == Fraction(3, 9)
    low, high = belief.interval()
    assert stats.beta(3, 6).cdf(low) == pytest.approx(0.025) and stats.beta(3, 6).cdf(high) == pytest.approx(0.975)
    # the posterior of a grid of rates (prior × likelihood, normalised) has the same mean
    rates = np.linspace(0, 1, 200_001)
    weights = rates**2 * (1 - rates) ** 5
    assert float((rates * weights).sum() / weights.sum()) == pytest.approx(3 / 9, abs=1e-6)


def test_the_predicted_chance_of_no_success_is_the_beta_binomials():
    for a, b, m in [(1, 24, 22), (354, 21_815, 22), (2, 50, 40), (Fraction(1, 2), Fraction(1, 2), 5)]:
        belief = spread.Belief(a, b)
        assert float(belief.chance_of_none(m)) == pytest.approx(stats.betabinom(m, float(a), float(b)).pmf(0), rel=1e-9)


def test_exercise_2_the_friends_prior_and_forty_draws():
    assert spread.Belief(2, 50).after([True] * 2 + [False] * 38).mean == Fraction(1, 23)


def test_a_belief_needs_positive_parameters():
    with pytest.raises(ValueError):
        spread.Belief(0, 3)


def test_the_opponents_draws_are_the_other_players_draws_in_the_history():
    game = LostCities(players=2, rounds=1, seed=3)
    seen = spread.opponent_draws(game, viewer=0)
    replay = LostCities(players=2, rounds=1, seed=3)
    expected = []
    for action in game.history:
        if replay.to_move == 1 and isinstance(action, Draw):
            expected.append(action.pile is not None)
        replay.apply(action)
    assert seen == expected and len(seen) >= 22


def test_the_lessons_round_opponent_never_draws_from_a_discard_pile():
    """The lesson's text reads the lessons' round (a stated deck, deterministic bots) as it is
    printed; this keeps its story — 0 of 23 — honest."""
    seen = spread.opponent_draws(urn.lesson_round())
    assert (len(seen), sum(seen)) == (23, 0)
    assert spread.UNIFORM.after(seen) == spread.Belief(1, 24)


def test_the_posterior_holds_the_long_run_rate_and_predicts_whole_rounds():
    watched = spread.watched_rounds(60, first_seed=1)
    posterior = spread.UNIFORM.after(draw for round_ in watched for draw in round_)
    far = spread.long_run(600, first_seed=50_000)
    low, high = posterior.interval()
    assert low <= far.from_discard / far.draws <= high
    everything = spread.UNIFORM.after([True] * far.from_discard + [False] * (far.draws - far.from_discard))
    share = [1] * far.rounds_without + [0] * (far.rounds_long_enough - far.rounds_without)
    within_4_se(share, everything.chance_of_none(22))
