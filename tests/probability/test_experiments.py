"""Lesson 6 (experiments and observations): the random bot's exact chances against an independent
count and against the engine (within 4 standard errors over at least 20,000 trials), and the
confounded comparison of the dearest card asserted from the stored games themselves."""

from __future__ import annotations

import csv
import math
from fractions import Fraction

import polars as pl
import pytest

from kit.core.data import dataset_dir
from kit.overbooking import Overbooking
from kit.overbooking.rules import placement_problem
from kit.probability import experiments as lesson
from kit.sim.analyses.samoa import price_summary
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


def test_lesson_6_the_second_prediction_the_heuristics_dearest_card_earns_more():
    summary = price_summary(reference("samoa-price-cards")[0])
    answer, why = lesson.dearest_money(summary)
    money = summary.filter((pl.col("measure") == "money per play (Tala)") & (pl.col("price") == 12))
    rows = {r["bot"]: r for r in money.iter_rows(named=True)}
    assert rows["heuristic"]["low"] > rows["random"]["high"] and answer == "higher"
    assert f"{rows['heuristic']['mean']:.2f}" in why and f"n = {rows['random']['n']:,}" in why


def test_lesson_6_the_guess_feedback():
    assert lesson.guess_feedback(0.3, Fraction(3, 11), within=0.05).startswith("✓")
    assert lesson.guess_feedback(0.5, Fraction(3, 11), within=0.05).startswith("✗")
    assert lesson.guess_feedback("More", "more").startswith("✓")
    assert "no guess" in lesson.guess_feedback(None, "more")
