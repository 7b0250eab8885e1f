"""kit.sim.stats: intervals that agree with scipy's own, and summaries that always carry n."""

from __future__ import annotations

import math

import polars as pl
import pytest
from scipy import stats as scipy_stats

from kit.sim.stats import interval_text, mean_by, mean_interval, share_by, wilson_interval


@pytest.mark.parametrize("k, n", [(0, 1), (0, 10), (3, 10), (7, 10), (10, 10), (1, 1000), (512, 1000)])
def test_wilson_matches_scipys_binomtest(k, n):
    expected = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson_interval(k, n)
    assert low == pytest.approx(expected.low, abs=1e-12) and high == pytest.approx(expected.high, abs=1e-12)
    assert 0 <= low <= k / n <= high <= 1


def test_wilson_narrows_with_n_and_widens_with_confidence():
    def width(k, n):
        low, high = wilson_interval(k, n)
        return high - low

    assert width(50, 100) > width(500, 1000) > width(5000, 10000)
    narrow, wide = wilson_interval(30, 100, 0.9), wilson_interval(30, 100, 0.99)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    with pytest.raises(ValueError):
        wilson_interval(5, 3)
    with pytest.raises(ValueError):
        wilson_interval(1, 3, confidence=1.5)


def test_mean_interval_matches_scipys_t_interval():
    values = [3, 5, 4, 8, 10, 1, 6]
    mean, low, high = mean_interval(values)
    expected = scipy_stats.t.interval(0.95, len(values) - 1, loc=sum(values) / 7, scale=scipy_stats.sem(values))
    assert mean == pytest.approx(sum(values) / 7)
    assert (low, high) == pytest.approx(expected)
    assert math.isnan(mean_interval([4])[1]) and mean_interval([4])[0] == 4
    assert all(math.isnan(x) for x in mean_interval([]))


def test_share_by_counts_trials_and_successes_per_group_and_skips_nulls():
    frame = pl.DataFrame({"bot": ["a", "a", "a", "b", "b", "b"], "booked": [True, False, True, None, False, False]})
    out = share_by(frame, "bot", "booked")
    assert out.columns == ["bot", "n", "successes", "share", "low", "high"]
    assert out["n"].to_list() == [3, 2] and out["successes"].to_list() == [2, 0]
    assert out["share"].to_list() == pytest.approx([2 / 3, 0])
    assert (out["low"].to_numpy(), out["high"].to_numpy())[0][0] == pytest.approx(wilson_interval(2, 3)[0])
    with pytest.raises(TypeError):
        share_by(frame.with_columns(pl.col("booked").cast(pl.Int64)), "bot", "booked")


def test_mean_by_gives_n_mean_and_a_t_interval_per_group():
    frame = pl.DataFrame({"price": [3, 3, 3, 9, 9], "earned": [1, 2, 6, 10, None]})
    out = mean_by(frame, "price", "earned")
    assert out["n"].to_list() == [3, 1]
    assert out["mean"].to_list() == pytest.approx([3, 10])
    _, low, high = mean_interval([1, 2, 6])
    assert out["low"][0] == pytest.approx(low) and out["high"][0] == pytest.approx(high)
    assert math.isnan(out["low"][1])  # one value: no interval, but still n = 1


def test_interval_text_names_n_and_the_interval():
    assert interval_text(0.5, 0.4, 0.6, 1234) == "0.50 (95% CI 0.40–0.60, n = 1,234)"
    assert interval_text(0.5, 0.4, 0.6, 12, percent=True) == "50% (95% CI 40%–60%, n = 12)"


def test_interval_text_writes_numbers_as_the_learners_language_does():
    from kit.i18n import language

    with language("sv"):
        assert interval_text(0.5, 0.4, 0.6, 1234) == "0,50 (95 %-intervall 0,40–0,60, n = 1\xa0234)"
        assert interval_text(0.5, 0.4, 0.6, 12, percent=True) == "50\xa0% (95 %-intervall 40\xa0%–60\xa0%, n = 12)"
