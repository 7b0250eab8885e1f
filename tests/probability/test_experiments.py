"""Lesson 6 (experiments and observations): the random bot's exact chances against an independent
count and against the engine (within 4 standard errors over at least 20,000 trials), and the
Simpson's paradox of the lesson asserted from the stored games themselves."""

from __future__ import annotations

import csv
import math
from collections import Counter
from fractions import Fraction

import polars as pl
import pytest

from kit.core.data import dataset_dir
from kit.overbooking import Overbooking
from kit.overbooking.rules import placement_problem
from kit.probability import experiments as lesson
from kit.sim.datasets import reference

TRIALS = 20_000


def within_4_se(hits: int, n: int, exact: Fraction) -> None:
    p = float(exact)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se, f"simulated {hits / n:.4f}, exact {p:.4f}, 4 se = {4 * se:.4f}"


@pytest.fixture(scope="module")
def placements() -> pl.DataFrame:
    return reference("overbooking-placements")[0]


def test_lesson_6_samoa_round_1_chances_count_the_price_cards():
    """Independently: the component file's 11 price cards, each alike, against the engine's legal
    actions at the start of games of every size."""
    with open(dataset_dir("samoa") / "price_cards.csv", newline="") as file:
        cards = list(csv.DictReader(file))
    assert len(cards) == 11
    prices = [int(c["price"]) for c in cards]  # the grey card has price 0
    for players, seed in ((3, 0), (4, 5), (6, 9)):
        chances = lesson.choice_chances(lesson.samoa_round_1(players=players, seed=seed))
        assert sum(chances.values()) == 1 and set(chances.values()) == {Fraction(1, 11)}
        assert (
            lesson.chance_of(chances, lesson.is_dearest)
            == Fraction(sum(p >= 10 for p in prices), 11)
            == Fraction(3, 11)
        )
        assert lesson.chance_of(chances, lambda a: lesson.price(a) >= 8) == Fraction(5, 11)


def test_lesson_6_the_random_bots_round_1_choice_on_the_engine():
    game = lesson.samoa_round_1(players=3, seed=0)
    drawn = lesson.random_choices(game, TRIALS, seed=11)
    within_4_se(sum(map(lesson.is_dearest, drawn)), TRIALS, Fraction(3, 11))


def test_lesson_6_the_stored_round_1_plays_experiment_and_observation():
    prices = reference("samoa-price-cards")[0].filter(pl.col("round") == 1)
    random = prices.filter(pl.col("bot") == "random")
    within_4_se(random["card"].is_in(lesson.DEAREST).sum(), random.height, Fraction(3, 11))
    heuristic = prices.filter(pl.col("bot") == "heuristic")
    assert heuristic["card"].is_in(lesson.DEAREST).mean() < 0.05  # it chooses: nothing like 3/11


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_lesson_6_overbooking_first_placement_by_counting_the_legal_placements(seed):
    """The lesson's start is stated as data: its 22/49 holds whatever the seed deals."""
    game = lesson.overbooking_start(seed)
    hand, hotels = game.hands[game.to_move], game.hotels
    legal = [
        (c, h, side)
        for c in hand
        for h in hotels
        for side in ("queue", "back")
        if placement_problem(h, c, side) is None
    ]
    queue = sum(side == "queue" for *_, side in legal)
    chances = lesson.choice_chances(game)
    assert len(chances) == len(legal) == 49
    assert lesson.chance_of(chances, lambda a: a.where == "queue") == Fraction(queue, len(legal)) == Fraction(22, 49)


def test_lesson_6_exercise_2_two_hotels_counted_on_the_engine():
    """Exercise 2's 9/16 on a real engine state: hotel 1 without a rule, hotel 2 small cards only,
    5 small and 4 large cards in hand; the engine's legal placements and its random bot."""
    game = next(g for g in (Overbooking(players=2, seed=s) for s in range(200))
                if sum(c.size == "small" for c in g.hands[g.to_move]) == 5)  # fmt: skip
    game.hotels[0].rule, game.hotels[1].rule = "none", "small_only"
    chances = lesson.choice_chances(game)
    assert len(chances) == 32
    assert lesson.chance_of(chances, lambda a: a.where == "back") == Fraction(9, 16)
    drawn = lesson.random_choices(game, TRIALS, seed=5)
    within_4_se(sum(a.where == "back" for a in drawn), TRIALS, Fraction(9, 16))


def test_lesson_6_queue_or_back_door_is_a_coin_toss_for_the_random_bot(placements):
    # the rows' own test of "could it have gone to the queue": a card never queued where it could not
    random = placements.filter(pl.col("bot") == "random")
    closed = random.filter((pl.col("rule") != "two_crests") & ~lesson._queue_open())
    assert closed.height > 1_000 and (closed["where"] == "back").all()
    sides = lesson.both_sides_open(random)
    assert sides.height >= TRIALS
    within_4_se(sides["queued"].sum(), sides.height, Fraction(1, 2))
    heuristic = lesson.both_sides_open(placements.filter(pl.col("bot") == "heuristic"))
    assert heuristic["queued"].mean() > 0.9


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


def test_lesson_6_simpsons_paradox_in_the_stored_booking_odds(placements):
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


def test_lesson_6_the_exercises_second_reversal_pooled_over_the_bots(placements):
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


def test_lesson_6_new_games_and_the_guess_feedback():
    frame = lesson.new_placements(6, bots=("random",), players=2, seed=3, chunk=4)
    assert frame["seed"].n_unique() == 6  # six different deals across the two chunks
    assert set(frame["bot"]) == {"random"}
    mixed = lesson.new_placements(2, bots=("heuristic", "random"), players=2, seed=3)
    assert set(mixed["bot"]) == {"heuristic", "random"}  # as stored: both bots at every table
    assert mixed.group_by("game").agg(pl.col("bot").n_unique())["bot"].to_list() == [2, 2]
    assert lesson.guess_feedback(0.3, Fraction(3, 11), within=0.05).startswith("✓")
    assert lesson.guess_feedback(0.5, Fraction(3, 11), within=0.05).startswith("✗")
    assert lesson.guess_feedback("More", "more").startswith("✓")
    assert "no guess" in lesson.guess_feedback(None, "more")
