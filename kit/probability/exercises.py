"""Auto-checked exercises: one check per answer, with a tolerance and a hint.

A check returns a `Check` (it prints as "✓ Done: ...") when the answer is right, and raises
`NotYet` — an AssertionError, which is what nbgrader's autograder counts as a failed test cell —
with feedback when it is not. So the same cell gives a learner instant feedback in a plain
notebook and gives a teacher the points in `nbgrader autograde`.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Real

from kit.core.lessons import Check


class NotYet(AssertionError):
    """The answer is missing or wrong; the message says how to get on."""


def _number(answer: object, what: str) -> Fraction:
    if answer is None or answer is Ellipsis:
        raise NotYet(f"{what}: no answer yet — set it in the cell above and run that cell")
    if isinstance(answer, bool) or not isinstance(answer, Real):
        raise NotYet(f"{what}: the answer should be a number (a Fraction, a float or an int), not {answer!r}")
    return Fraction(answer) if not isinstance(answer, float) else Fraction(answer).limit_denominator(10**12)


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
