"""Honest numbers from simulated games: every estimate with its n and a confidence interval.

    >>> from kit.sim.stats import wilson_interval, mean_interval, share_by, mean_by
    >>> wilson_interval(7, 10)                      # 7 successes in 10 trials
    (0.3967..., 0.8922...)
    >>> import polars as pl
    >>> decisions = pl.DataFrame({"bot": ["heuristic"] * 4 + ["random"] * 4,
    ...                           "booked": [True, True, False, True, False, True, False, False],
    ...                           "earned": [3, 5, 4, 6, 1, 2, 3, 2]})
    >>> share_by(decisions, "bot", "booked").columns     # per group: n, successes, share, its interval
    ['bot', 'n', 'successes', 'share', 'low', 'high']
    >>> share_by(decisions, "bot", "booked").select("bot", "n", "successes").rows()
    [('heuristic', 4, 3), ('random', 4, 1)]
    >>> mean_by(decisions, "bot", "earned").select("bot", "n", "mean").rows()   # also sd, low, high
    [('heuristic', 4, 4.5), ('random', 4, 2.0)]

- Proportions get the **Wilson score interval** (it stays inside [0, 1] and behaves with few trials
  or shares near 0 and 1, where the textbook "p ± 1.96·se" interval fails).
- Means get the **Student t interval** (mean ± t·sd/√n), the usual interval for a mean of
  independent observations. Rows from one game are not independent of each other (a bot's plays in
  one game share that game's deal), so treat intervals over decisions as a little too narrow.
- The quantiles come from scipy (`scipy.special`); the formulas are a few lines, written out so that a whole column
  of groups is done at once (scipy's `binomtest(...).proportion_ci(method="wilson")` gives the same
  numbers one group at a time; the tests check that).

Grouped summaries always carry `n`, so a chart or table made from them can show it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import polars as pl
from scipy import special  # ndtri and stdtrit: the normal and t quantiles (scipy.stats is slow to import)

from kit.i18n import N_, number, render
from kit.i18n import percent as as_percent

CONFIDENCE = 0.95


def _z(confidence: float) -> float:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return float(special.ndtri(0.5 + confidence / 2))


def wilson_interval(successes, trials, confidence: float = CONFIDENCE):
    """The Wilson score interval for a proportion: (low, high).

    Works on single numbers or on arrays (one interval per element). With no trials the interval is
    (nan, nan): nothing is known."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("successes must lie between 0 and the number of trials")
    z = _z(confidence)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denominator = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denominator
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
        low, high = np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)
        # exactly 0 and 1 at the ends (rounding would leave 1e-17 off, and a share of 1 outside)
        low, high = np.where(k == 0, 0.0, low), np.where(k == n, 1.0, high)
        low, high = np.where(n == 0, np.nan, low), np.where(n == 0, np.nan, high)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def mean_interval(values, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(mean, low, high): the Student t interval for the mean of `values`.

    One value gives no interval (nan, nan); no values give (nan, nan, nan)."""
    data = np.asarray(values, dtype=float)
    n = data.size
    if n == 0:
        return (float("nan"),) * 3
    mean = float(data.mean())
    if n == 1:
        return mean, float("nan"), float("nan")
    half = _t(n, confidence) * data.std(ddof=1) / np.sqrt(n)
    return mean, float(mean - half), float(mean + half)


def _t(n, confidence: float):
    """The two-sided Student t quantile for samples of size `n` (nan where n < 2)."""
    _z(confidence)  # checks the confidence
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.where(n >= 2, special.stdtrit(np.maximum(n - 1, 1), 0.5 + confidence / 2), np.nan)


def share_by(frame: pl.DataFrame, by: str | Sequence[str], column: str, confidence: float = CONFIDENCE) -> pl.DataFrame:
    """Per group of `by`: n (rows), successes (rows where `column` is true), share, low, high.

    `column` must be boolean; null rows are left out (they are not trials). Sorted by `by`."""
    by = [by] if isinstance(by, str) else list(by)
    if frame.schema[column] != pl.Boolean:
        raise TypeError(f"share_by needs a true/false column; {column!r} is {frame.schema[column]}")
    groups = (
        frame.filter(pl.col(column).is_not_null())
        .group_by(by)
        .agg(pl.len().alias("n"), pl.col(column).sum().cast(pl.Int64).alias("successes"))
        .sort(by)
    )
    low, high = wilson_interval(groups["successes"].to_numpy(), groups["n"].to_numpy(), confidence)
    return groups.with_columns(
        share=pl.col("successes") / pl.col("n"),
        low=pl.Series(np.atleast_1d(low)),
        high=pl.Series(np.atleast_1d(high)),
    )


def mean_by(frame: pl.DataFrame, by: str | Sequence[str], column: str, confidence: float = CONFIDENCE) -> pl.DataFrame:
    """Per group of `by`: n, mean, sd, low, high (Student t interval for the mean). Sorted by `by`.

    Null values are left out; a group of one value has no interval (low and high are NaN)."""
    by = [by] if isinstance(by, str) else list(by)
    groups = (
        frame.filter(pl.col(column).is_not_null())
        .group_by(by)
        .agg(
            pl.len().alias("n"),
            pl.col(column).cast(pl.Float64).mean().alias("mean"),
            pl.col(column).cast(pl.Float64).std(ddof=1).alias("sd"),
        )
        .sort(by)
    )
    n = groups["n"].to_numpy()
    half = _t(n, confidence) * groups["sd"].fill_null(np.nan).to_numpy() / np.sqrt(n)
    return groups.with_columns(
        low=pl.col("mean") - pl.Series(half, dtype=pl.Float64),
        high=pl.col("mean") + pl.Series(half, dtype=pl.Float64),
    )


def interval_text(estimate: float, low: float, high: float, n: int, percent: bool = False) -> str:
    """One estimate as a learner should read it, in the language in force, e.g. "0.62 (95% CI
    0.55–0.68, n = 210)" ("0,62 (95% KI 0,55–0,68, n = 210)" in Swedish)."""
    written = as_percent if percent else (lambda value: number(value, 2))
    return render(
        N_("{estimate} (95% CI {low}–{high}, n = {n:,})"),
        estimate=written(estimate), low=written(low), high=written(high), n=int(n),
    )  # fmt: skip


def is_reversal(within: Iterable[str], pooled: str, unclear: str) -> bool:
    """Simpson's reversal, from the comparison's verdict in each group (`within`) and pooled: every
    group points the same way, clearly, and the pooled comparison clearly the other way. A verdict
    equal to `unclear` (intervals overlapping) is no direction."""
    ways = set(within)
    return len(ways) == 1 and unclear not in ways and pooled != unclear and pooled not in ways
