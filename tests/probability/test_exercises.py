"""The exercise checks: form checks know no answer, grading checks never print the one they expect,
and every check returns None (nbgrader would try to read a cell result as a score)."""

from __future__ import annotations

from fractions import Fraction

import polars as pl
import pytest

from kit.probability.exercises import (
    NotYet,
    choice_form,
    graded_choice,
    graded_mean,
    graded_number,
    graded_share,
    graded_trials,
    guessed,
    number_form,
    seed_form,
    trials_form,
)


def test_form_checks_pass_any_answer_of_the_right_form_and_return_none(capsys):
    assert number_form(Fraction(87, 11186), "p", low=0, high=1) is None
    assert number_form(0.9, "p", low=0, high=1) is None  # wrong, but of the right form
    assert number_form(14, "cards", low=0, high=44, whole=True) is None
    assert choice_form(" C", "abc", "q") is None
    assert seed_form(2027) is None
    assert trials_form([1] * 5, 5, "t") is None
    assert trials_form(pl.DataFrame({"score": [1, 2]}), 2, "t") is None
    assert capsys.readouterr().out.count("✓") == 7


@pytest.mark.parametrize(
    "check",
    [
        lambda: number_form(None, "p"),
        lambda: number_form(True, "p"),
        lambda: number_form("0.5", "p"),
        lambda: number_form(1.5, "p", low=0, high=1),
        lambda: number_form(14.5, "cards", whole=True),
        lambda: choice_form("d", "abc", "q"),
        lambda: choice_form(None, "abc", "q"),
        lambda: seed_form(None),
        lambda: seed_form(-1),
        lambda: seed_form(1.0),
        lambda: trials_form(None, 5, "t"),
        lambda: trials_form([1] * 4, 5, "t"),
        lambda: trials_form(0.5, 5, "t"),
    ],
)
def test_a_form_check_refuses_the_wrong_form(check):
    with pytest.raises(NotYet):
        check()


def test_grading_accepts_the_answer_within_its_tolerance_and_never_names_it(capsys):
    assert graded_number(Fraction(87, 11186), Fraction(87, 11186), "p") is None
    assert graded_number(0.0077776, Fraction(87, 11186), "p", within=1e-6) is None
    for wrong in (0.0119, Fraction(1, 52), 0.0078):
        with pytest.raises(NotYet) as refused:
            graded_number(wrong, Fraction(87, 11186), "p", within=1e-6)
        assert "87/11186" not in str(refused.value) and "0.00778" not in str(refused.value)
    assert graded_choice("C", "c", "q") is None
    with pytest.raises(NotYet) as refused:
        graded_choice("a", "c", "q", why={"a": "more rollouts do not move the average"})
    assert "(c)" not in str(refused.value) and "q: not (a). More rollouts do not" in str(refused.value)
    assert "87/11186" not in capsys.readouterr().out


def test_simulate_grading_takes_the_students_own_trials_not_a_typed_number():
    trials = [0, 3, 4, 1, 5]
    assert graded_trials(trials, list(trials), "t") is None
    assert graded_trials(pl.DataFrame({"n": trials}), pl.DataFrame({"n": trials}), "t") is None
    for other in ([0, 3, 4, 1, 6], trials[:4], None, 0.6):  # changed, cut, missing, a number
        with pytest.raises(NotYet):
            graded_trials(other, trials, "t")
    with pytest.raises(NotYet):  # another column
        graded_trials(pl.DataFrame({"m": trials}), pl.DataFrame({"n": trials}), "t")
    assert graded_share(Fraction(3, 5), trials, lambda c: c >= 3, "e") is None
    assert graded_share(0.6, trials, lambda c: c >= 3, "e") is None
    for typed in (0.5, 0.4, Fraction(2, 3)):  # the share of another event, a number typed in
        with pytest.raises(NotYet):
            graded_share(typed, trials, lambda c: c >= 3, "e")
    assert graded_mean(2.6, trials, "m") is None
    with pytest.raises(NotYet):
        graded_mean(2.5, trials, "m")
    with pytest.raises(NotYet):
        graded_share(0.0, [], bool, "e")


def test_guessed_asks_for_the_guess_first(capsys):
    assert guessed(None, 0.5) is False
    assert "Write your guess" in capsys.readouterr().out
    assert guessed(4, 0.5) is True
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(("lang", "word"), [("en", "point"), ("pl", "kropką"), ("sv", "punkt"), ("nb", "punktum")])
def test_guessed_catches_a_decimal_comma_and_says_how_to_write_it(capsys, lang, word):
    from kit.i18n import language

    my_guess = 0, 4  # what a learner who writes "0,4" gets
    with language(lang):
        assert guessed(my_guess, 0.5) is False
    said = capsys.readouterr().out
    assert "0,4" in said and "0.4" in said and word in said
    assert guessed((3, 38)) is False and "3.38" in capsys.readouterr().out
    assert guessed((1, 2.5)) is True  # a pair that is not a decimal comma is the learner's business
