"""Lesson 7 (Simpson's paradox and many comparisons): the reversal of the lesson and its second one
asserted from the stored games themselves, counted row by row in plain Python."""

from __future__ import annotations

import math
from collections import Counter

import polars as pl
import pytest

from kit.probability import simpson as lesson
from kit.sim.datasets import reference


@pytest.fixture(scope="module")
def placements() -> pl.DataFrame:
    return reference("overbooking-placements")[0]


def _booked_by_hand(placements: pl.DataFrame, bot: str, key: str, values) -> dict:
    """(group, value) -> [booked, n], counted row by row in plain Python."""
    counts: dict = {}
    for row in placements.filter(pl.col("bot") == bot).iter_rows(named=True):
        if row[key] in values and (key != "card_number" or row["where"] == "queue"):
            for group in (row["size"], "both, pooled"):
                tally = counts.setdefault((group, row[key]), [0, 0])
                tally[0] += row["booked"]
                tally[1] += 1
    return counts


def test_lesson_7_simpsons_paradox_in_the_stored_booking_odds(placements):
    table = lesson.card_order_table(placements, bot="heuristic", cards=(3, 5))
    by_hand = _booked_by_hand(placements, "heuristic", "card_number", (3, 5))
    for row in table.iter_rows(named=True):
        assert [row["successes"], row["n"]] == by_hand[row["size"], row["card_number"]]
    # the reversal, with every 95% interval apart: later is better for each size, worse pooled
    assert lesson.reversal(table) == {"small": "later", "large": "later", "both, pooled": "earlier"}
    assert lesson.is_simpson(table)
    share = {(g, k): b / n for (g, k), (b, n) in by_hand.items()}
    assert share["small", 5] > share["small", 3] and share["large", 5] > share["large", 3]
    assert share["both, pooled", 5] < share["both, pooled", 3]
    # why: the heuristic's 5th cards are mostly large, its 3rd mostly small; the random bot's are mixed
    mix = {(r["bot"], r["card_number"]): r["share"] for r in lesson.size_mix(placements).iter_rows(named=True)}
    assert mix["heuristic", 3] < 0.5 < mix["heuristic", 5]
    assert all(abs(mix["random", k] - 0.5) < 0.05 for k in range(1, 6))
    # the experiment shows no paradox
    assert not lesson.is_simpson(lesson.card_order_table(placements, bot="random", cards=(3, 5)))
    # the word of honesty's third safeguard: between neighbouring cards the paradox is not clear
    for cards in ((3, 4), (4, 5)):
        assert not lesson.is_simpson(lesson.card_order_table(placements, bot="heuristic", cards=cards))
    # the gaps in standard errors, by hand; the learner's table shows the mix row from the same counts
    z = lesson.gap_z(table)
    for size in ("small", "large", "both, pooled"):
        (b3, n3), (b5, n5) = by_hand[size, 3], by_hand[size, 5]
        p3, p5 = b3 / n3, b5 / n5
        assert z[size] == pytest.approx((p5 - p3) / math.sqrt(p3 * (1 - p3) / n3 + p5 * (1 - p5) / n5))
    assert min(abs(v) for v in z.values()) > 4  # what the notebook's word of honesty rests on
    small_share = [f"*{by_hand['small', k][1] / by_hand['both, pooled', k][1]:.0%}*" for k in (3, 5)]
    assert lesson.order_table_markdown(table).splitlines()[-1].endswith(" | ".join(small_share) + " |")
    # split finer, by beds: the 6-bed workers placed 5th booked less often than those placed 3rd
    beds = {(r["beds"], r["card_number"]): r for r in lesson.by_beds(placements).iter_rows(named=True)}
    assert sum(beds[b, 5]["n"] for b in (4, 5, 6)) == by_hand["large", 5][1]
    assert lesson.direction(beds[6, 3], beds[6, 5]) == "earlier"


def test_lesson_7_the_exercises_second_reversal_pooled_over_the_bots(placements):
    table = {(r["bot"], r["ahead"]): r for r in lesson.queue_ahead_table(placements).iter_rows(named=True)}
    for bot in ("heuristic", "random"):
        assert lesson.direction(table[bot, 0], table[bot, 2]) == "earlier"  # an empty queue was better
    assert lesson.direction(table["both, pooled", 0], table["both, pooled", 2]) == "later"
    counted = Counter()
    for ahead, booked in placements.select("ahead", "booked").iter_rows():
        if ahead in (0, 2):
            counted[ahead, booked] += 1
    for ahead in (0, 2):
        assert table["both, pooled", ahead]["successes"] == counted[ahead, True]


def test_lesson_7_the_second_reversal_comes_from_counting_back_door_cards(placements):
    """Exercise 1's reversal counts every card placed at the hotel: the random bot sends half of its
    cards to back doors, where few book. Count the queue cards alone and pooled agrees with each bot."""
    queue_only = {
        (r["bot"], r["ahead"]): r for r in lesson.queue_ahead_table(placements, queue_only=True).iter_rows(named=True)
    }
    for bot in ("heuristic", "random", "both, pooled"):
        assert lesson.direction(queue_only[bot, 0], queue_only[bot, 2]) == "earlier", bot
    back = placements.filter(pl.col("where") == "back")
    queued = placements.filter(pl.col("where") == "queue")
    assert back["booked"].mean() < 0.5 * queued["booked"].mean()
    random = placements.filter(pl.col("bot") == "random")
    assert (random["where"] == "back").mean() > 0.4


def test_lesson_7_new_games():
    frame = lesson.new_placements(6, bots=("random",), players=2, seed=3, chunk=4)
    assert frame["seed"].n_unique() == 6  # six different deals across the two chunks
    assert set(frame["bot"]) == {"random"}
    mixed = lesson.new_placements(2, bots=("heuristic", "random"), players=2, seed=3)
    assert set(mixed["bot"]) == {"heuristic", "random"}  # as stored: both bots at every table
    assert mixed.group_by("game").agg(pl.col("bot").n_unique())["bot"].to_list() == [2, 2]


def test_a_booked_share_reads_with_the_learners_decimal_comma_and_grouping():
    from kit.i18n import language

    row = {"share": 0.9091, "low": 0.8972, "high": 0.9213, "n": 2208}
    assert lesson.share_text(row) == "0.909 (0.897–0.921), n = 2,208"
    for lang in ("nb", "pl", "sv"):
        with language(lang):
            assert lesson.share_text(row) == "0,909 (0,897–0,921), n = 2\xa0208"
