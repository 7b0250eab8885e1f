"""The arguments of a simulation, checked before any game is played: one error, `BadArgument`, that
names the argument and the values it takes (the command line shows its text as one line).

The bounds say what one simulation can hold, not what the rules allow: every row comes back into
one frame in memory, so `MAX_GAMES` games is the most one call plays (a longer study runs several
calls with different seeds and concatenates their frames).
"""

from __future__ import annotations

from typing import Any

from kit.core.game import is_whole, short

#: the most games one simulation plays: ten million rows of games, or many more of decisions,
#: are what one frame in memory can hold
MAX_GAMES = 10_000_000


class BadArgument(ValueError):
    """An argument of `simulate` (or of `python -m kit.sim`) that no simulation can run with."""


def whole(name: str, value: Any, low: int, high: int | None = None) -> int:
    """`value` as a whole number from `low` to `high` (no upper bound when None), else BadArgument."""
    if not is_whole(value) or value < low or (high is not None and value > high):
        span = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
        raise BadArgument(f"{name} must be a whole number {span}, not {short(value)}")
    return value


def player_counts(value: int | Any, default: int) -> tuple[int, ...]:
    """Seats per game: a number, a non-empty list of numbers (used in turn), or None (`default`)."""
    if value is None:
        return (default,)
    if is_whole(value):
        return (value,)
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise BadArgument(f"players must be a number of seats or a list of them, not {short(value)}")
    counts = tuple(value)
    if not counts:
        raise BadArgument("players must name at least one number of seats, not an empty list")
    for count in counts:
        if not is_whole(count):
            raise BadArgument(f"players must be whole numbers of seats, not {short(count)}")
    return counts


def parse_player_counts(text: str) -> list[int]:
    """The command line's --players: "3" or "3,4,5,6"."""
    parts = [part.strip() for part in text.split(",")]
    if not all(parts):
        raise BadArgument(f"--players wants numbers separated by commas, such as 3,4,5, not {short(text)}")
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise BadArgument(f"--players wants numbers separated by commas, such as 3,4,5, not {short(text)}") from None
