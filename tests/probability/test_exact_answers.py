"""Every exact answer of the probability lessons, against an independent computation and against
the engine's own simulation (within 4 standard errors over at least 20,000 trials)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import pytest
from scipy import stats

from kit.bots.arena import play_game
from kit.lostcities import LostCities
from kit.lostcities.actions import Discard, Draw
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.scoring import expedition_score
from kit.probability import backs, flags, scores, urn, whatif

TRIALS = 20_000
DESERT = 2


def within_4_se(hits: int, n: int, exact: Fraction | float) -> None:
    p = float(exact)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se, f"simulated {hits / n:.4f}, exact {p:.4f}, 4 se = {4 * se:.4f}"


def mean_within_4_se(values: list[int], exact: Fraction | float) -> None:
    se = stats.sem(values)
    mean = sum(values) / len(values)
    assert abs(mean - float(exact)) <= 4 * se, f"simulated mean {mean:.4f}, exact {float(exact):.4f}"


# ------------------------------------------------------------------ lesson 1: the urn
def test_lesson_1_the_issue_numbers_from_the_deal_of_seed_0():
    game = urn.lesson_round()
    desert = urn.urn_for(game, 0, DESERT)
    assert desert == urn.Urn(unseen=52, wanted=8, draws=22)
    assert round(float(desert.mean()), 2) == 3.38
    assert round(float(desert.at_least(3)), 3) == 0.750


@pytest.mark.parametrize(("unseen", "wanted", "draws"), [(52, 8, 22), (52, 9, 22), (27, 1, 10), (20, 5, 10), (9, 2, 4)])
def test_lesson_1_the_exact_pmf_is_scipys_hypergeometric(unseen, wanted, draws):
    exact = urn.Urn(unseen, wanted, draws)
    pmf = exact.pmf()
    assert sum(pmf) == 1
    reference = stats.hypergeom(unseen, wanted, draws)
    for k, chance in enumerate(pmf):
        assert float(chance) == pytest.approx(reference.pmf(k), rel=1e-9, abs=1e-15)
    assert float(exact.mean()) == pytest.approx(reference.mean())
    assert float(exact.at_least(3)) == pytest.approx(reference.sf(2), abs=1e-12)


def test_lesson_1_the_unseen_cards_and_draws_left_as_the_round_goes_on():
    for left in (44, 30, 11):
        game = urn.position(seed=3, cards_left=left)
        unseen = urn.unseen_cards(game, 0)
        known = Counter(card for card, _ in game.known_in_hands(0))  # taken from a discard pile: never drawn
        assert Counter(unseen) == Counter(game.deck + game.hands[1]) - known
        assert urn.draws_left(game, 0) == (len(game.deck) + 1) // 2


def test_lesson_1_future_draws_are_the_cards_a_round_of_pile_draws_gives():
    """Play the rest of the round on the engine, everyone discarding and drawing from the pile:
    player 0 receives exactly `future_draws`."""
    for seed in range(3):
        game = urn.position(seed=seed, cards_left=30)
        expected = urn.future_draws(game, 0)
        received = []
        while not game.is_over:
            player = game.to_move
            game.apply(Discard(game.hands[player][0]))
            before = list(game.hands[player])
            game.apply(Draw(None))
            if player == 0:
                received += list((Counter(game.hands[0]) - Counter(before)).elements())
        assert received == expected


@pytest.mark.slow
def test_lesson_1_the_engine_agrees_with_the_count_of_handfuls():
    game = urn.lesson_round()
    desert = urn.urn_for(game, 0, DESERT)
    counts = urn.simulate_arrivals(game, 0, DESERT, TRIALS, seed=11)
    within_4_se(sum(c >= 3 for c in counts), TRIALS, desert.at_least(3))
    within_4_se(sum(c == 0 for c in counts), TRIALS, desert.pmf()[0])
    mean_within_4_se(counts, desert.mean())
    # and later in a real round, for another colour
    later = urn.position(cards_left=20)
    volcano = urn.urn_for(later, 0, 3)
    counts = urn.simulate_arrivals(later, 0, 3, TRIALS, seed=12)
    mean_within_4_se(counts, volcano.mean())
    within_4_se(sum(c == 0 for c in counts), TRIALS, volcano.pmf()[0])


def test_lesson_1_played_rounds_agree_with_the_urn():
    """Independent of determinize: fresh deals (seeds) where player 0 holds exactly two Desert
    number cards leave 7 unseen; over real rounds of pile draws, the Desert number cards player 0
    draws follow the hypergeometric (52, 7, 22)."""
    exact = urn.Urn(52, 7, 22).pmf()
    drawn, seed = [], 0
    while len(drawn) < 2_000:
        game = LostCities(players=2, rounds=1, seed=seed)
        seed += 1
        if len(urn.wanted_cards(game.hands[0], DESERT)) != 2:
            continue
        drawn.append(len(urn.wanted_cards(urn.future_draws(game, 0), DESERT)))
    mean_within_4_se(drawn, sum(k * p for k, p in enumerate(exact)))
    within_4_se(sum(d >= 3 for d in drawn), len(drawn), sum(exact[3:]))


# ------------------------------------------------------------------ lesson 4: the flag row
def test_lesson_4_the_raw_rows_are_4_factorial_cubed():
    rows = list(flags.raw_rows())
    assert len(rows) == 24**3 == 13_824
    assert len(set(rows)) == 13_824


def test_lesson_4_seven_in_sixteen_rows_need_a_swap_derived():
    """A clash can only happen where two piles meet (a pile holds each nationality once). The last
    flag of pile 1 equals the first of pile 2 with chance 1/4; likewise pile 2 and pile 3; the two
    are independent (they share no flag). So P(no clash) = (3/4)²."""
    derived = 1 - Fraction(3, 4) ** 2
    assert derived == Fraction(7, 16)
    assert flags.share(flags.needs_a_swap) == derived
    assert sum(flags.clashes(row) > 0 for row in flags.raw_rows()) == 6_048


def _independent_swap(row: list[str]) -> list[str]:
    """SA-2's Decision written afresh: fix the leftmost clash by swapping its second flag with the
    nearest later flag (else the nearest earlier one) whose swap lowers the number of clashes and
    leaves the pair apart."""

    def count(r):
        return sum(r[i] == r[i + 1] for i in range(len(r) - 1))

    row = list(row)
    while count(row):
        i = min(k for k in range(1, len(row)) if row[k] == row[k - 1])
        for j in [*range(i + 1, len(row)), *range(i - 2, -1, -1)]:
            new = row[:]
            new[i], new[j] = new[j], new[i]
            if new[i] != new[i - 1] and count(new) < count(row):
                row = new
                break
    return row


def test_lesson_4_exact_answers_by_an_independent_enumeration():
    nationalities = flags.nationalities()
    finals = [_independent_swap(list(a + b + c)) for a, b, c in product(permutations(nationalities), repeat=3)]
    assert all(flags.clashes(row) == 0 for row in finals)
    total = len(finals)
    for arrival in (1, 2, 6):
        counts = Counter(flags.stay(tuple(row), arrival) for row in finals)
        assert flags.stay_distribution(arrival) == {s: Fraction(n, total) for s, n in sorted(counts.items())}
    same = sum(row[5] == row[11] for row in finals)
    assert flags.share(lambda raw, final: flags.same_on_doubled_rounds(final)) == Fraction(same, total)


def test_lesson_4_raw_answers_derived_by_hand():
    # round-1 tourists: their next flag is in pile 2, at any of its 4 places alike: stays 4..7
    raw = Counter(flags.stay(raw, 1) for raw in flags.raw_rows())
    assert {s: Fraction(n, 13_824) for s, n in raw.items()} == {s: Fraction(1, 4) for s in (4, 5, 6, 7)}
    # the 2X flags (6th and 12th) lie in piles 2 and 3, independent and uniform: 1/4
    assert flags.share(lambda raw, final: flags.same_on_doubled_rounds(raw)) == Fraction(1, 4)


@pytest.mark.slow
def test_lesson_4_the_engines_setups_agree_over_20000_seeds():
    rows = list(flags.engine_setups(range(TRIALS)))
    for raw, final in rows[:500]:  # the raw row rebuilt from the seed is the one the game swapped
        assert tuple(flags.separate_equal_flags(list(raw))) == final
    within_4_se(sum(flags.clashes(raw) > 0 for raw, _ in rows), TRIALS, Fraction(7, 16))
    within_4_se(
        sum(flags.same_on_doubled_rounds(final) for _, final in rows),
        TRIALS,
        flags.share(lambda raw, final: flags.same_on_doubled_rounds(final)),
    )
    for arrival in (1, 6):
        exact = flags.stay_distribution(arrival)
        for length, chance in exact.items():
            within_4_se(sum(flags.stay(final, arrival) == length for _, final in rows), TRIALS, chance)


# ------------------------------------------------------------------ lesson 3: counts and chances
def _sets_by_hand() -> list[int]:
    """Every expedition, counted afresh: 0-3 investment cards times each subset (a bit mask) of the
    number cards 2..10, leaving out the empty one; scored by LC-5's formula written out here."""
    scores = []
    for investments in range(4):
        for mask in range(512):
            numbers = [value for bit, value in enumerate(range(2, 11)) if mask >> bit & 1]
            cards = investments + len(numbers)
            if cards:
                scores.append((sum(numbers) - 20) * (investments + 1) + (20 if cards >= 8 else 0))
    return scores


def test_lesson_3_the_counts_by_an_independent_enumeration():
    by_hand = _sets_by_hand()
    assert len(by_hand) == sum(scores.set_counts().values()) == 2_047
    assert dict(Counter(by_hand)) == scores.set_counts()
    assert scores.share_of_sets(lambda s: s < 0) == Fraction(sum(s < 0 for s in by_hand), 2_047) == Fraction(471, 2_047)
    assert scores.share_of_sets(lambda s: s >= 100) == Fraction(sum(s >= 100 for s in by_hand), 2_047)
    assert scores.mean_over_sets() == Fraction(sum(by_hand), 2_047)
    assert (min(by_hand), max(by_hand)) == (-80, 156)


@pytest.mark.slow
def test_lesson_3_sets_drawn_at_random_and_scored_by_the_engine_agree():
    drawn = scores.random_set_scores(TRIALS, seed=5)
    within_4_se(sum(s < 0 for s in drawn), TRIALS, scores.share_of_sets(lambda s: s < 0))
    within_4_se(sum(s >= 100 for s in drawn), TRIALS, scores.share_of_sets(lambda s: s >= 100))
    mean_within_4_se(drawn, scores.mean_over_sets())


def test_lesson_3_played_expeditions_are_the_games_own():
    rows = scores.played_expeditions(20, seed=3, players="heuristic")
    replay = []
    for seed in range(3, 23):
        game = LostCities(players=2, rounds=1, seed=seed)
        play_game(game, [HeuristicBot(), HeuristicBot()])
        replay += [expedition_score(cards) for side in game.expeditions for cards in side if cards]
    assert [row["score"] for row in rows] == replay
    # the lesson's point, kept honest: careful players lose far less often than the count of sets
    many = scores.played_expeditions(300, seed=0, players="heuristic")
    assert sum(r["score"] < 0 for r in many) / len(many) < 0.05 < float(scores.share_of_sets(lambda s: s < 0))


# ------------------------------------------------------------------ lesson 5: card backs
def _books_by_hand(queue_kind: str, back_kind: str) -> bool:
    """The lesson's position booked by reasoning, not by the engine: 10 beds; a soldier at the back
    door takes 3; a noble there gives blue's queue card priority; a worker has no 6 to replace but
    blue's own (same beds). Then biggest first, nearer first; my soldier (5) is third in the queue."""
    beds = {"noble": 4, "soldier": 5, "worker": 6}
    free = 10 - (3 if back_kind == "soldier" else 0)
    blue = beds[queue_kind]
    if back_kind == "noble" or blue >= 5:  # blue books before me (priority, or bigger/equal and nearer)
        free -= blue if blue <= free else 0
    return free >= 5


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_lesson_5_the_position_is_stated_as_data(seed):
    """The lesson's table is the same whatever the seed deals: hotel 1's cards, the other hotels'
    beds and rules, and every hand."""
    game = backs.position(seed=seed)
    hotel = game.view(0)["hotels"][0]
    assert (hotel["beds"], hotel["rule"]) == (backs.POSITION["beds"], backs.POSITION["rule"])
    assert [[s["colour"], s["crest"], s["size"]] for s in hotel["queue"]] == [
        ["blue", "fish", "large"],
        ["green", "rose", "small"],
        ["red", "bird", "large"],
    ]
    assert [(h.beds, h.rule) for h in game.hotels[1:]] == [(h["beds"], h["rule"]) for h in backs.OTHER_HOTELS]
    for player, colour in enumerate(game.colours):
        assert sorted(card.key for card in game.hands[player]) == sorted(backs.HANDS[colour])


def test_lesson_5_the_chance_to_book_by_hand():
    kinds = ("noble", "soldier", "worker")
    by_hand = Fraction(sum(_books_by_hand(q, b) for q in kinds for b in kinds), 9)
    assert by_hand == Fraction(5, 9) == backs.chance_to_book()
    for back in kinds:
        only = {k: Fraction(k == back) for k in kinds}
        expected = Fraction(sum(_books_by_hand(q, back) for q in kinds), 3)
        assert backs.chance_to_book(weights={("back", "blue"): only}) == expected
    weights = {"noble": Fraction(1, 10), "soldier": Fraction(3, 10), "worker": Fraction(3, 5)}
    expected = sum(weights[b] * Fraction(sum(_books_by_hand(q, b) for q in kinds), 3) for b in kinds)
    assert backs.chance_to_book(weights={("back", "blue"): weights}) == expected


def test_lesson_5_bayes_rule_on_counts():
    prior = {k: Fraction(1, 3) for k in backs.LARGE}
    likelihood = {"noble": Fraction(1, 50), "soldier": Fraction(1, 10), "worker": Fraction(1, 10)}
    assert backs.posterior(prior, likelihood)["worker"] == Fraction(5, 11)
    # with a uniform prior and equal numbers of cards per kind, the posterior is the share of each
    # kind among the back-door cards: Bayes's rule as an identity on the counts
    counts = backs.placements(60, seed=2)
    post = backs.posterior(prior, backs.likelihood(counts))
    doors = sum(c["back door"] for c in counts.values())
    assert post == {k: Fraction(c["back door"], doors) for k, c in counts.items()}
    with pytest.raises(ValueError):
        backs.posterior(prior, {k: Fraction(0) for k in backs.LARGE})


@pytest.mark.slow
def test_lesson_5_determinized_redeals_agree_with_the_enumeration():
    booked = backs.simulate_booking(TRIALS, seed=9)
    within_4_se(sum(booked), TRIALS, backs.chance_to_book())


@pytest.mark.slow
def test_lesson_5_the_posterior_predicts_new_games():
    """The posterior from one batch of games against the back-door kinds of another batch: the two
    estimates differ by less than 4 standard errors of their difference."""
    prior = {k: Fraction(1, 3) for k in backs.LARGE}
    counts = backs.placements(400, seed=0)
    post = backs.posterior(prior, backs.likelihood(counts))
    first = sum(counts[k]["back door"] for k in backs.LARGE)
    held_out = backs.back_door_kinds(400, seed=50_000)
    second = sum(held_out.values())
    for kind in backs.LARGE:
        p, q = float(post[kind]), held_out[kind] / second
        se = math.sqrt(p * (1 - p) / first + q * (1 - q) / second)
        assert abs(p - q) <= 4 * se, f"{kind}: posterior {p:.3f}, new games {q:.3f}"


# ------------------------------------------------------------------ lesson 8: the advisor's intervals
def test_lesson_8_rollouts_for_a_width_by_the_square_law():
    assert whatif.rollouts_for(2.2, 100, 0.5) == 1936
    assert whatif.rollouts_for(2.0, 100, 1.0) == 400
    assert whatif.rollouts_for(3.0, 50, 3.0) == 50


@pytest.mark.slow
def test_lesson_8_four_times_the_rollouts_halve_the_interval_on_the_engine():
    """The advisor's half-widths at n and 4n over 20,000 rollouts in all: the ratio is 1/2 up to the
    sampling error of the standard deviation (well under 4 of its standard errors, ~3% here)."""
    game = whatif.position(cards_left=10)  # short rollouts: the end of a round
    rows = whatif.widths(game, [4_000, 16_000], policy="heuristic", seed=3)
    ratio = rows[1]["best_half_width"] / rows[0]["best_half_width"]
    assert ratio == pytest.approx(0.5, rel=0.1)
    assert rows[1]["best_half_width"] < rows[0]["best_half_width"]


def _advice(*rows: tuple, n: int = 100):
    """A table from rows (action, mean, low, high[, vs_best, vs_best_low, vs_best_high]), best first."""
    from kit.sim.advice import ActionValue, Advice

    values = [ActionValue(action, n, mean, low, high, 0.5, 0.4, 0.6, *vs) for action, mean, low, high, *vs in rows]
    return Advice(0, "random", n, "viewer", "readable", 0.0, values)


def test_lesson_8_the_verdict_comes_from_the_paired_interval_not_from_overlapping_intervals():
    """Own intervals that overlap (23–29 and 18–24) with a paired interval of b − a wholly below 0:
    told apart. The overlap reading ("cannot yet be told apart") is the error the lesson corrects."""
    table = _advice(("a", 26, 23, 29, 0, 0, 0), ("b", 21, 18, 24, -5, -6, -4), ("c", 20.5, 19.5, 21.5, -5.5, -9, 1))
    assert table.actions[1].difference_high >= table.actions[0].difference_low  # the own intervals overlap
    assert whatif.told_apart(table)
    assert "told apart" in whatif.verdict(table) and "not yet" not in whatif.verdict(table)
    assert "+5.00 (95% CI +4.00 to +6.00, n = 100)" in whatif.verdict(table)
    close = _advice(("a", 26, 23, 29, 0, 0, 0), ("b", 25, 22, 28, -1, -2.5, 0.5))
    assert not whatif.told_apart(close) and "not yet told apart" in whatif.verdict(close)
    assert whatif.told_apart_from_best(table) == 1  # b; c's paired interval reaches 0


def test_lesson_8_rollouts_to_tell_apart_use_the_paired_half_width():
    """Exercise 5: the paired half-width (1) must shrink below the gap (5): 100 x (1/5)^2 = 4, where
    the two own half-widths together (3 + 3) would ask for 100 x (6/5)^2 = 144."""
    table = _advice(("a", 26, 23, 29, 0, 0, 0), ("b", 21, 18, 24, -5, -6, -4))
    assert whatif.rollouts_to_tell_apart(table) == 4
    wide = _advice(("a", 1, 0, 2, 0, 0, 0), ("b", 0, -1, 1, -1, -3, 1))
    assert whatif.rollouts_to_tell_apart(wide) == 400  # half-width 2, gap 1: 100 x 4
    twins = _advice(("a", 1, 0, 2, 0, 0, 0), ("b", 1, 0, 2, 0, 0, 0), ("c", -5, -6, -4, -6, -7, -5))
    assert whatif.rollouts_to_tell_apart(twins) is None


def test_lesson_8_the_stored_notebook_teaches_the_paired_verdict():
    """The lesson's verdicts are computed (`whatif.verdict`), its stored outputs show them, and no cell
    reads a verdict off overlapping own intervals."""
    import json
    from pathlib import Path

    path = Path(__file__).parents[2] / "notebooks/probability/08-what-if-i-play-this-instead.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells]
    outputs = "".join(
        "".join(output.get("text", "")) for cell in cells if cell["cell_type"] == "code" for output in cell["outputs"]
    )
    assert sum("lesson.verdict(" in source for source in sources) >= 3  # Lost Cities, Samoa, Overbooking
    assert not any("difference_low > second.difference_high" in source for source in sources)
    overlap_verdicts = ("overlap: they cannot", "intervals overlap; more rollouts")
    assert not any(verdict in source for verdict in overlap_verdicts for source in sources)
    assert whatif.verdict(whatif.advice("samoa", 100)) in outputs
    assert "writing a little Python" in sources[0]
    assert not any("Teacher notes" in source or "**Answers.**" in source for source in sources)


@pytest.mark.slow
def test_lesson_8_samoa_and_overbooking_positions_are_the_ones_the_lesson_describes():
    """Found by the properties the lesson's text relies on (not by what one seed deals)."""
    samoa, overbooking = whatif.game_position("samoa"), whatif.game_position("overbooking")
    assert (samoa.current_player, samoa.round, samoa.phase) == (1, 11, "choose")
    assert len(samoa.legal_actions()) >= 2 and all(str(a).startswith("choose ") for a in samoa.legal_actions())
    rounds = overbooking.view(1)["rounds"]
    assert (overbooking.current_player, overbooking.round, overbooking.stage) == (1, rounds, 1)
    assert len(overbooking.legal_actions()) >= 2
    assert all(action.where == "back" for action in overbooking.legal_actions())
    assert all(whatif.POSITIONS[name].assumed and whatif.POSITIONS[name].where for name in ("samoa", "overbooking"))
    seed, moves = whatif.found("samoa")
    assert 0 <= seed < whatif.SEEDS and len(samoa.history) == moves
    from kit.sim.advice import advise

    best, second = whatif.advice("samoa", whatif.SAMOA_ROLLOUTS).actions[:2]
    assert best.difference > second.difference  # exercise 5 can be answered
    kept = whatif.advice("samoa", 10)  # the position's own policy, on a position rebuilt alike each time
    assert kept.actions == advise(whatif.game_position("samoa"), rollouts=10, policy="heuristic").actions


@pytest.mark.slow
def test_lesson_8_overbooking_twins_zero_width_and_the_square_law_on_the_engine():
    """Moves that play out alike are the advisor's ties (common random numbers); heuristic play from the
    lesson's Overbooking position ends alike in every rollout (width 0); with random play the width
    at 4n is half the width at n, up to the sampling error of the standard deviation."""
    small, large = whatif.advice("overbooking", 100), whatif.advice("overbooking", 400)
    heuristic = whatif.advice("overbooking", whatif.HEURISTIC_ROLLOUTS, "heuristic")
    assert all(v.difference_low == v.difference_high for v in heuristic.actions)
    assert heuristic.ties, "the lesson explains its identical rows with the advisor's ties"
    rows = {value.action: value for value in heuristic.actions}
    for first, *others in (tie.actions for tie in heuristic.ties):
        for other in others:  # identical rows, as the lesson's table shows them
            assert vars(rows[first]) | {"action": "", "vs_best": 0} == vars(rows[other]) | {"action": "", "vs_best": 0}
    ratios = [
        whatif.half_width(b.difference_low, b.difference_high) / whatif.half_width(a.difference_low, a.difference_high)
        for a, b in zip(sorted(small.actions, key=lambda v: v.action), sorted(large.actions, key=lambda v: v.action))
    ]
    assert sum(ratios) / len(ratios) == pytest.approx(0.5, abs=0.1)


def test_lesson_8_the_lost_cities_position_shows_what_section_4_says():
    """Section 4's premises on the lesson's own position (100 heuristic rollouts, seed 0): the paired
    interval of best minus second is far narrower than either move's own interval, and at some n of
    the lesson's table the own intervals overlap while the paired one already excludes 0."""
    from kit.sim.advice import advise

    game = whatif.position(cards_left=30)
    advice = advise(game, rollouts=100, policy="heuristic", seed=0, keep_rollouts=True)
    best, second = advice.actions[:2]
    paired = whatif.half_width(second.vs_best_low, second.vs_best_high)
    own = min(whatif.half_width(v.difference_low, v.difference_high) for v in (best, second))
    assert paired < own / 2
    per_rollout = advice.differences[:, 0] - advice.differences[:, 1]
    assert per_rollout.std(ddof=1) < advice.differences[:, 1].std(ddof=1) / 2
    rows = whatif.widths(game, [25, 50, 100, 200, 400, 800, 1600], policy="heuristic", seed=0)
    assert any(row["overlap"] and row["told_apart"] for row in rows)


def test_lesson_4_shows_the_flags_by_the_letters_of_the_boards_flag_row():
    from kit.i18n import language
    from kit.probability import flags as lesson
    from kit.samoa.components import load_components, nationality_letters

    raw, final = next((raw, final) for raw, final in lesson.engine_setups(range(50)) if raw != final)
    for lang in ("en", "nb", "pl", "sv"):
        with language(lang):
            board = nationality_letters(load_components().nationalities)
            shown = lesson.row_text(raw).replace("|", " ").split()
            assert len(lesson.row_text(raw).split("|")) == 3
            if all(len(letter) == 1 for letter in board.values()):
                shown = list("".join(shown))
            assert shown == [board[key] for key in raw]
            assert str(lesson.clashes(raw)) in lesson.swap_note(raw, final)
    with language("pl"):
        assert lesson.swap_note(raw, raw) == "bez zderzenia" and "Ni = Niemcy" in lesson.nationalities_text()
