"""Games that start at a given position rather than at a deal: practice games branched from a
moment of another game ("play from here", `kit.sim.review.practice_from`), and the same games
loaded from their save files (`kit.core.saves`), built here in one way for both.

The game's own type is extended by one whose start is `origin` (a position with an empty history):
undo and replay go back to it and no further, a copy is a practice game too, and its events before
the start read as `reader` read them (None: every event as it was, for the open teaching mode).
"""

from __future__ import annotations

from .events import Event
from .game import Game


def started_at(origin: Game, reader: int | None) -> Game:
    """A new game whose start is `origin` (its settings, position and log; its history must be
    empty); `origin` itself is kept as the start and never played."""
    if origin.history:
        raise ValueError("a practice game's start has no history of its own")
    base = getattr(type(origin), "practice_base", type(origin))
    practice_type = type(
        f"Practice{base.__name__}",
        (base,),
        {
            "_origin": origin,
            "_start": _start_at_origin,
            "clone": _clone_of_practice,
            "events": _events_as_read,
            "practice_base": base,
            "practice_reader": reader,
            "practice_start": len(origin.log),
        },
    )
    game = practice_type(origin.settings)
    game.secret_seed = True
    return game


def is_practice_start(game: Game) -> bool:
    """Whether `game` starts at a given position (`started_at`) rather than at a deal."""
    return hasattr(type(game), "_origin")


def start_of(game: Game) -> Game | None:
    """The position a practice game starts at (None for a game that starts at a deal)."""
    return getattr(type(game), "_origin", None)


def as_read(entry: tuple, reader: int | None) -> tuple:
    """A raw event without the secret `reader` was not shown (None: as it is)."""
    if reader is not None and len(entry) > 4 and entry[4] is not None and reader not in entry[5]:
        return (*entry[:4], None, ())
    return entry


def _start_at_origin(self: Game) -> None:
    origin = type(self)._origin.clone()
    settings = self.settings
    self.__dict__.update(origin.__dict__)
    self.settings = settings
    self.history, self.log = [], list(origin.log)


def _clone_of_practice(self: Game) -> Game:
    """A copy that is a practice game too: its undo and replay also start at the practice start."""
    copy = type(self).practice_base.clone(self)
    copy.__class__ = type(self)
    return copy


def _events_as_read(self: Game) -> list[Event]:
    """The event log, its entries before the practice game's start as its reader read them."""
    reader, start = type(self).practice_reader, type(self).practice_start
    return [Event(*(as_read(entry, reader) if index < start else entry)) for index, entry in enumerate(self.log)]
