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
never states the expected answer: nbgrader's feedback shows it to the learner. The checks' own words
go through the catalogs (`kit.i18n`); `what` and `hint` come from the lesson, in its language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from numbers import Real

from kit.i18n import N_, Message, capitalized, gettext

#: how close a computed decimal must be to a share or mean computed from the same trials: only the
#: last bits of floating-point arithmetic may differ
SAME_NUMBER = Fraction(1, 10**9)


class NotYet(AssertionError):
    """The answer is missing, of the wrong form or wrong; the message says how to get on."""


def _missing(answer: object) -> bool:
    return answer is None or answer is Ellipsis


def _decimal_comma(answer: object) -> bool:
    """Whether `answer` is what a decimal written with a comma gives in Python (0,4 is (0, 4))."""
    return (
        isinstance(answer, tuple)
        and len(answer) >= 2
        and all(isinstance(part, int) and not isinstance(part, bool) and part >= 0 for part in answer)
    )


def _shown(answer: object) -> str | Message:
    """An answer as a message names it: short values in full, anything else (a table of 100,000
    rows, under the lessons' print-every-row table settings) by its kind and size."""
    if answer is None or isinstance(answer, (bool, int, float, Fraction, str)):
        text = repr(answer)
        return text if len(text) <= 80 else text[:77] + "..."
    if hasattr(answer, "__len__"):
        return Message("a {kind} of {size:,}", kind=type(answer).__name__, size=len(answer))
    return Message("a {kind}", kind=type(answer).__name__)


_THEN_HINT = "{text} {hint}"  # two sentences side by side, in every language: no message of the catalogs


def _not_yet(template: str, what: str, hint: str = "", /, **params: object) -> NotYet:
    """A check's refusal: "`what`: the message", then the lesson's `hint` if it gives one."""
    text = Message(template, what=what, **params)
    return NotYet(Message(_THEN_HINT, text=text, hint=capitalized(hint)) if hint else text)


def _number(answer: object, what: str) -> Fraction:
    if _missing(answer):
        raise _not_yet(N_("{what}: no answer yet — set it in the cell above and run that cell"), what)
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise _not_yet(
            N_("{what}: the answer should be a number (a Fraction, a float or an int), not {answer}"),
            what,
            answer=_shown(answer),
        )
    return Fraction(answer) if not isinstance(answer, float) else Fraction(answer).limit_denominator(10**12)


def _passed(template: str, what: str, /, **params: object) -> None:
    print(f"✓ {Message(template, what=what, **params)}")


# --- the visible part: the answer's form ------------------------------------------------------------


def number_form(answer: object, what: str, *, low: Real | None = None, high: Real | None = None,
                whole: bool = False, hint: str = "") -> None:  # fmt: skip
    """The answer is a number (a whole number if `whole`) from `low` to `high` (either may be None)."""
    given = _number(answer, what)
    if whole and given.denominator != 1:
        raise _not_yet(
            N_("{what}: the answer is a whole number (a count), not {given:g}."), what, hint, given=float(given)
        )
    if (low is not None and given < Fraction(low)) or (high is not None and given > Fraction(high)):
        span = (
            Message("from {low} to {high}", low=low, high=high)
            if low is not None and high is not None
            else (Message("at least {low}", low=low) if low is not None else Message("at most {high}", high=high))
        )
        raise _not_yet(N_("{what}: the answer is {span}; {given:g} is not."), what, hint, span=span, given=float(given))
    ready = N_("the right form; it is graded when your teacher collects the lesson")
    if low is not None and high is not None:
        template = N_("a whole number from {low} to {high}") if whole else N_("a number from {low} to {high}")
        kind = Message(template, low=low, high=high)
    else:
        kind = Message(N_("a whole number") if whole else N_("a number"))
    _passed(N_("{what}: {kind} — {ready}"), what, kind=kind, ready=Message(ready))


def choice_form(answer: object, letters: str, what: str) -> None:
    """The answer is one of `letters` (e.g. "abc"), as a string."""
    options = ", ".join(f'"{letter}"' for letter in letters)
    if _missing(answer):
        raise _not_yet(N_("{what}: no answer yet — choose one of {options}"), what, options=options)
    if not isinstance(answer, str) or answer.strip().lower() not in letters:
        raise _not_yet(N_("{what}: {answer} is not one of {options}"), what, answer=_shown(answer), options=options)
    _passed(
        N_("{what}: you chose ({letter}); it is graded when your teacher collects the lesson"),
        what,
        letter=answer.strip().lower(),
    )


def seed_form(seed: object, what: str | None = None) -> None:
    """The seed is a whole number the learner chose (0 or more); `what` names it ("your seed")."""
    what = gettext("your seed") if what is None else what
    if _missing(seed):
        raise _not_yet(N_("{what}: no seed yet — choose any whole number, e.g. your birthday as 1304"), what)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _not_yet(N_("{what}: a seed is a whole number, 0 or more, not {seed}"), what, seed=_shown(seed))
    print(f"✓ {what}: {seed}")


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
        raise _not_yet(N_("{what}: no trials yet — run the engine in the cell above."), what, hint)
    found = _size(trials)
    if found is None:
        raise _not_yet(
            N_("{what}: the trials should be the list the engine returns, not {kind}"), what, kind=type(trials).__name__
        )
    if found != size:
        raise _not_yet(
            N_("{what}: {found:,} trials; the exercise asks for {size:,}."), what, hint, found=found, size=size
        )
    _passed(N_("{what}: {size:,} trials"), what, size=size)


# --- the hidden part: the grading ---------------------------------------------------------------------


def graded_number(answer: object, expected: Real, what: str, *, within: Real = 0, hint: str = "") -> None:
    """Right when |answer − expected| <= `within` (0 for an exact fraction or count)."""
    given = _number(answer, what)
    target = Fraction(expected)
    if abs(given - target) > Fraction(within):
        raise _not_yet(N_("{what}: not right."), what, hint)
    _passed(N_("{what}: right"), what)


def graded_choice(answer: object, expected: str, what: str, why: dict[str, str] | None = None) -> None:
    """Right when the answer is the letter `expected`; `why` holds feedback per letter."""
    why = why or {}
    key = answer.strip().lower() if isinstance(answer, str) else answer
    if key != expected:
        raise _not_yet(N_("{what}: not ({letter})."), what, why.get(key, ""), letter=key)
    if why.get(key):
        _passed(N_("{what}: right. {why}"), what, why=capitalized(why[key]))
    else:
        _passed(N_("{what}: right."), what)


def graded_trials(trials: object, engine: object, what: str) -> None:
    """The learner's trials are the very ones the engine makes (`engine`: the lesson's engine call,
    rerun with the learner's own seed and size)."""
    if _missing(trials) or _rows(trials) is None:
        raise _not_yet(N_("{what}: no trials from the engine"), what)
    if _rows(trials) != _rows(engine):
        raise _not_yet(N_("{what}: these are not the trials the engine makes with your seed — run the "
                       "exercise's engine call with your seed and keep its result"), what)  # fmt: skip
    _passed(N_("{what}: made by the engine with your seed"), what)


def _values(trials: object) -> list:
    return trials.to_list() if hasattr(trials, "to_list") else list(trials)


def graded_share(estimate: object, trials: Sequence, event: Callable[[object], bool], what: str) -> None:
    """The estimate is the share of `trials` (the learner's own) in which `event` happened."""
    given = _number(estimate, what)
    values = _values(trials)
    if not values:
        raise _not_yet(N_("{what}: no trials to estimate from"), what)
    share = Fraction(sum(bool(event(value)) for value in values), len(values))
    if abs(given - share) > SAME_NUMBER:
        raise _not_yet(N_("{what}: not the share of your trials the exercise asks for"), what)
    _passed(N_("{what}: right, from your {n:,} trials"), what, n=len(values))


def graded_mean(estimate: object, values: Sequence[Real], what: str) -> None:
    """The estimate is the mean of `values` (computed from the learner's own trials)."""
    given = _number(estimate, what)
    values = _values(values)
    if not values:
        raise _not_yet(N_("{what}: no trials to estimate from"), what)
    if abs(given - Fraction(sum(Fraction(v) for v in values), len(values))) > SAME_NUMBER:
        raise _not_yet(N_("{what}: not the mean of your trials the exercise asks for"), what)
    _passed(N_("{what}: right, from your {n:,} trials"), what, n=len(values))


# --- predict first --------------------------------------------------------------------------------------


def guessed(*guesses: object, where: str | None = None) -> bool:
    """True when every guess is set; otherwise says so, so that a cell prints its answer only after
    the learner has predicted (and a stored notebook, run without guesses, does not show it).
    `where` names the place of the guesses ("section 1")."""
    for guess in guesses:
        if _decimal_comma(guess):  # 0,4 in a cell is the tuple (0, 4): a learner's decimal comma
            comma = ",".join(map(str, guess))
            point = f"{guess[0]}." + "".join(map(str, guess[1:]))
            print(Message("You wrote {comma}: Python reads that as two numbers. Write decimals with a point: {point}.",
                          comma=comma, point=point))  # fmt: skip
            return False
    if any(_missing(guess) for guess in guesses):
        where = Message("section 1") if where is None else where
        print(
            Message(
                "Write your guess in {where} first and run that cell, then run this cell again: "
                "the answer is printed here.",
                where=where,
            )
        )
        return False
    return True
