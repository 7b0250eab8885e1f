"""Lesson 4 — the flag row (Samoa, SA-2).

Three piles of four flags (one per nationality, by corner number) are shuffled and laid out in a row
of 12: 4! × 4! × 4! = 13,824 raw rows, all equally likely. Where two equal flags touch, the engine
swaps them apart (SA-2's Decision). Every question here is answered twice: exactly, by going
through all 13,824 raw rows with the engine's own swap rule, and by the engine's own set-ups of
real games over many seeds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import permutations, product

from kit.core import Chance
from kit.i18n import Plural, Term, render
from kit.samoa import Samoa
from kit.samoa.components import load_components, nationality_letters
from kit.samoa.rules import lay_out_flags, separate_equal_flags

ROUNDS = 12
PILES = 3


def nationalities() -> tuple[str, ...]:
    return tuple(load_components().nationalities)


def doubled_rounds() -> tuple[int, ...]:
    """SA-2: the rounds whose flag carries a 2X tile (the 6th and the 12th)."""
    return tuple(load_components().doubled_rounds)


def raw_rows() -> Iterator[tuple[str, ...]]:
    """Every raw row: one order of each of the three piles, stacked (SA-2), each equally likely."""
    orders = list(permutations(nationalities()))
    for first, second, third in product(orders, repeat=PILES):
        yield first + second + third


def letters() -> dict[str, str]:
    """Each nationality's letter as the board's flag row shows it, in the reader's language."""
    return nationality_letters(load_components().nationalities)


def nationalities_text() -> str:
    """The nationalities with their letters, in the reader's language ("J = Japan, N = Norway, ...")."""
    names = load_components().nationalities
    shown = letters()
    return ", ".join(f"{shown[key]} = {format(Term(name))}" for key, name in names.items())


def row_text(row: Iterable[str]) -> str:
    """A row of flags as the board shows it, pile by pile ("JNUG|NGJU|..."); where a language needs
    two letters for a nationality (Polish No, Ni) the letters are spaced."""
    shown = letters()
    gap = "" if all(len(letter) == 1 for letter in shown.values()) else " "
    flags = [shown[key] for key in row]
    size = len(nationalities())
    return "|".join(gap.join(flags[start : start + size]) for start in range(0, len(flags), size))


def swap_note(raw: tuple[str, ...], final: tuple[str, ...]) -> str:
    """What the engine did to a raw row, in the reader's language: how many clashes it swapped apart."""
    if raw == final:
        return render("no clash")
    count = clashes(raw)
    return render(Plural("{count} clash, swapped apart", "{count} clashes, swapped apart", count), count=count)


def clashes(row: Iterable[str]) -> int:
    """How many neighbouring pairs of flags are equal."""
    row = list(row)
    return sum(a == b for a, b in zip(row, row[1:]))


@lru_cache(maxsize=1)
def _all_rows() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    return tuple((raw, tuple(separate_equal_flags(list(raw)))) for raw in raw_rows())


def share(event: Callable[[tuple[str, ...], tuple[str, ...]], bool]) -> Fraction:
    """P(event) over the 13,824 equally likely raw rows; `event(raw, final)` sees both rows."""
    rows = _all_rows()
    return Fraction(sum(1 for raw, final in rows if event(raw, final)), len(rows))


def needs_a_swap(raw: tuple[str, ...], final: tuple[str, ...] = ()) -> bool:
    return clashes(raw) > 0


def stay(row: tuple[str, ...], arrival: int) -> int:
    """SA-3.2: tourists who arrive in round `arrival` (1-based) leave when their flag comes up again;
    they stay that many rounds, or to the end of the game (round 12) if it never does."""
    nationality = row[arrival - 1]
    for later in range(arrival + 1, len(row) + 1):
        if row[later - 1] == nationality:
            return later - arrival
    return len(row) + 1 - arrival


def stay_distribution(arrival: int) -> dict[int, Fraction]:
    """P(stay = s) for tourists arriving in round `arrival`, over the final (swapped) rows."""
    counts = Counter(stay(final, arrival) for _, final in _all_rows())
    total = sum(counts.values())
    return {length: Fraction(n, total) for length, n in sorted(counts.items())}


def same_on_doubled_rounds(row: tuple[str, ...]) -> bool:
    """The two 2X rounds (SA-2) bring tourists of the same nationality."""
    first, second = doubled_rounds()
    return row[first - 1] == row[second - 1]


def engine_setups(
    seeds: Iterable[int], players: int = 3, steps: Callable[[Iterable[int]], Iterable[int]] = iter
) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each seed: the raw row the engine shuffled and the row it laid out for a real game.

    The raw row is rebuilt with the engine's own `lay_out_flags` from a generator seeded as the
    game's; the final row is the real game's (tests check that the two agree)."""
    flags = load_components().flags
    for seed in steps(seeds):
        game = Samoa(players=players, seed=seed)
        yield tuple(lay_out_flags(flags, Chance(seed))), tuple(game.flags)
