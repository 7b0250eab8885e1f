"""Graded exercises: the functions a lesson's check cells call.

A check cell has two parts (the format: docs/teaching.md, "Writing a lesson's exercises"):

- the **visible** part calls *form* checks (`number_form`, `choice_form`, `seed_form`,
  `trials_form`): they tell the learner whether the answer has the right form — a number in a range,
  one of the letters, a list of the asked size — and never see the answer;
- the **hidden** part, between nbgrader's `### BEGIN HIDDEN TESTS` and `### END HIDDEN TESTS`, calls
  *grading* checks (`graded_number`, `graded_choice`, `graded_trials`, `graded_share`,
  `graded_mean`). nbgrader removes it from the student version and puts it back when it autogrades;
  the teacher's version (the repository notebook) keeps it, so running that checks fully.

Every check prints one ✓ line and returns None, so no object becomes the cell's result (nbgrader
would try to read it as a score). A check that fails raises `NotYet` — an AssertionError, which
nbgrader counts as a failed test cell — whose message says what to do. A grading check's message
never states the expected answer: nbgrader's feedback shows it to the learner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from numbers import Real

from kit.core.lessons import Check

#: how close a computed decimal must be to a share or mean computed from the same trials: only the
#: last bits of floating-point arithmetic may differ
SAME_NUMBER = Fraction(1, 10**9)


class NotYet(AssertionError):
    """The answer is missing, of the wrong form or wrong; the message says how to get on."""


def _missing(answer: object) -> bool:
    return answer is None or answer is Ellipsis


def _shown(answer: object) -> str:
    """An answer as a message names it: short values in full, anything else (a table of 100,000
    rows, under the lessons' print-every-row table settings) by its kind and size."""
    if answer is None or isinstance(answer, (bool, int, float, Fraction, str)):
        text = repr(answer)
        return text if len(text) <= 80 else text[:77] + "..."
    size = f" of {len(answer):,}" if hasattr(answer, "__len__") else ""
    return f"a {type(answer).__name__}{size}"


def _number(answer: object, what: str) -> Fraction:
    if _missing(answer):
        raise NotYet(f"{what}: no answer yet — set it in the cell above and run that cell")
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise NotYet(f"{what}: the answer should be a number (a Fraction, a float or an int), not {_shown(answer)}")
    return Fraction(answer) if not isinstance(answer, float) else Fraction(answer).limit_denominator(10**12)


def _passed(text: str) -> None:
    print(f"✓ {text}")


# --- the visible part: the answer's form ------------------------------------------------------------


def number_form(answer: object, what: str, *, low: Real | None = None, high: Real | None = None,
                whole: bool = False, hint: str = "") -> None:  # fmt: skip
    """The answer is a number (a whole number if `whole`) from `low` to `high` (either may be None)."""
    given = _number(answer, what)
    if whole and given.denominator != 1:
        raise NotYet(f"{what}: the answer is a whole number (a count), not {float(given):g}. {hint}".strip())
    if (low is not None and given < Fraction(low)) or (high is not None and given > Fraction(high)):
        span = (
            f"from {low} to {high}"
            if low is not None and high is not None
            else (f"at least {low}" if low is not None else f"at most {high}")
        )
        raise NotYet(f"{what}: the answer is {span}; {float(given):g} is not. {hint}".strip())
    kind = "a whole number" if whole else "a number"
    span = f" from {low} to {high}" if low is not None and high is not None else ""
    _passed(f"{what}: {kind}{span} — the right form; it is graded when your teacher collects the lesson")


def choice_form(answer: object, letters: str, what: str) -> None:
    """The answer is one of `letters` (e.g. "abc"), as a string."""
    options = ", ".join(f'"{letter}"' for letter in letters)
    if _missing(answer):
        raise NotYet(f"{what}: no answer yet — choose one of {options}")
    if not isinstance(answer, str) or answer.strip().lower() not in letters:
        raise NotYet(f"{what}: {_shown(answer)} is not one of {options}")
    _passed(f"{what}: you chose ({answer.strip().lower()}); it is graded when your teacher collects the lesson")


def seed_form(seed: object, what: str = "your seed") -> None:
    """The seed is a whole number the learner chose (0 or more)."""
    if _missing(seed):
        raise NotYet(f"{what}: no seed yet — choose any whole number, e.g. your birthday as 1304")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NotYet(f"{what}: a seed is a whole number, 0 or more, not {_shown(seed)}")
    _passed(f"{what}: {seed}")


def _rows(trials: object) -> list | None:
    """The trials as a list of rows (a list, a tuple, a polars Series or DataFrame), or None."""
    if isinstance(trials, (list, tuple)):
        return list(trials)
    if hasattr(trials, "rows") and hasattr(trials, "columns"):  # a polars DataFrame
        return [tuple(trials.columns), *trials.rows()]
    if hasattr(trials, "to_list"):  # a polars Series
        return list(trials.to_list())
    return None


def _size(trials: object) -> int | None:
    rows = _rows(trials)
    if rows is None:
        return None
    return len(rows) - 1 if hasattr(trials, "columns") else len(rows)


def trials_form(trials: object, size: int, what: str, hint: str = "") -> None:
    """The trials are a list (or polars frame) of `size` rows."""
    if _missing(trials):
        raise NotYet(f"{what}: no trials yet — run the engine in the cell above. {hint}".strip())
    found = _size(trials)
    if found is None:
        raise NotYet(f"{what}: the trials should be the list the engine returns, not {type(trials).__name__}")
    if found != size:
        raise NotYet(f"{what}: {found:,} trials; the exercise asks for {size:,}. {hint}".strip())
    _passed(f"{what}: {size:,} trials")


# --- the hidden part: the grading ---------------------------------------------------------------------


def graded_number(answer: object, expected: Real, what: str, *, within: Real = 0, hint: str = "") -> None:
    """Right when |answer − expected| <= `within` (0 for an exact fraction or count)."""
    given = _number(answer, what)
    target = Fraction(expected)
    if abs(given - target) > Fraction(within):
        raise NotYet(f"{what}: not right. {hint}".strip())
    _passed(f"{what}: right")


def graded_choice(answer: object, expected: str, what: str, why: dict[str, str] | None = None) -> None:
    """Right when the answer is the letter `expected`; `why` holds feedback per letter."""
    why = why or {}
    key = answer.strip().lower() if isinstance(answer, str) else answer
    if key != expected:
        raise NotYet(f"{what}: not ({key}). {why.get(key, '')}".strip())
    _passed(f"{what}: right. {why.get(key, '')}".strip())


def graded_trials(trials: object, engine: object, what: str) -> None:
    """The learner's trials are the very ones the engine makes (`engine`: the lesson's engine call,
    rerun with the learner's own seed and size)."""
    if _missing(trials) or _rows(trials) is None:
        raise NotYet(f"{what}: no trials from the engine")
    if _rows(trials) != _rows(engine):
        raise NotYet(f"{what}: these are not the trials the engine makes with your seed — run the "
                     "exercise's engine call with your seed and keep its result")  # fmt: skip
    _passed(f"{what}: made by the engine with your seed")


def _values(trials: object) -> list:
    return trials.to_list() if hasattr(trials, "to_list") else list(trials)


def graded_share(estimate: object, trials: Sequence, event: Callable[[object], bool], what: str) -> None:
    """The estimate is the share of `trials` (the learner's own) in which `event` happened."""
    given = _number(estimate, what)
    values = _values(trials)
    if not values:
        raise NotYet(f"{what}: no trials to estimate from")
    share = Fraction(sum(bool(event(value)) for value in values), len(values))
    if abs(given - share) > SAME_NUMBER:
        raise NotYet(f"{what}: not the share of your trials the exercise asks for")
    _passed(f"{what}: right, from your {len(values):,} trials")


def graded_mean(estimate: object, values: Sequence[Real], what: str) -> None:
    """The estimate is the mean of `values` (computed from the learner's own trials)."""
    given = _number(estimate, what)
    values = _values(values)
    if not values:
        raise NotYet(f"{what}: no trials to estimate from")
    if abs(given - Fraction(sum(Fraction(v) for v in values), len(values))) > SAME_NUMBER:
        raise NotYet(f"{what}: not the mean of your trials the exercise asks for")
    _passed(f"{what}: right, from your {len(values):,} trials")


# --- predict first --------------------------------------------------------------------------------------


def guessed(*guesses: object, where: str = "section 1") -> bool:
    """True when every guess is set; otherwise says so, so that a cell prints its answer only after
    the learner has predicted (and a stored notebook, run without guesses, does not show it)."""
    if any(_missing(guess) for guess in guesses):
        print(
            f"Write your guess in {where} first and run that cell, then run this cell again: "
            "the answer is printed here."
        )
        return False
    return True


# --- the former format: the check itself holds the answer ----------------------------------------------
# Lessons still in it are listed in tests/probability/lesson_format.py; use the functions above.


def close_to(answer: object, expected: Real, within: float, what: str, hint: str = "") -> Check:
    """Right when |answer − expected| <= `within` (use 0 for an exact fraction or count)."""
    given = _number(answer, what)
    target = Fraction(expected) if not isinstance(expected, float) else Fraction(expected)
    if abs(given - target) <= Fraction(within):
        shown = _show(target, exact=not isinstance(expected, float))
        if abs(given - target) < Fraction(1, 10**12):  # equal but for the float's last bits
            return Check(True, f"{what}: {shown}")
        return Check(True, f"{what}: {float(given):.4g}, within {within:g} of the answer {shown}")
    direction = "too high" if given > target else "too low"
    raise NotYet(f"{what}: {float(given):.4g} is {direction}. {hint}".strip())


def _show(value: Fraction, exact: bool) -> str:
    """A number as a learner reads it: a whole number, or a decimal with its fraction when the
    answer is an exact ratio of counts."""
    if value.denominator == 1:
        return str(value)
    if exact and value.denominator < 10**9:
        return f"{float(value):.4g} = {value}"
    return f"{float(value):.4g}"


def one_of(answer: object, expected: str, choices: dict[str, str], what: str) -> Check:
    """A multiple-choice answer: `choices` maps each letter to the feedback for choosing it."""
    if answer is None or answer is Ellipsis:
        raise NotYet(f"{what}: no answer yet — choose one of {', '.join(map(repr, choices))}")
    key = str(answer).strip().lower()
    if key not in choices:
        raise NotYet(f"{what}: {answer!r} is not one of {', '.join(map(repr, choices))}")
    if key == expected:
        return Check(True, f"{what}: ({key}) — {choices[key]}")
    raise NotYet(f"{what}: not ({key}) — {choices[key]}")
