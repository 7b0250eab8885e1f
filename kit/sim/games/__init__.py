"""What `simulate` needs to know about each game: how to deal one, its bots, and what a decision
record holds (each column with its type and meaning, the source of docs/simulation.md)."""

from __future__ import annotations

from kit.core.game import short

from ..arguments import BadArgument
from .base import GAMES_COLUMNS, SimGame


def sim_game(name: str) -> SimGame:
    """The simulation adapter of a game, by its name in saves: lost-cities, samoa, overbooking."""
    if name == "lost-cities":
        from .lostcities import LOST_CITIES

        return LOST_CITIES
    if name == "samoa":
        from .samoa import SAMOA

        return SAMOA
    if name == "overbooking":
        from .overbooking import OVERBOOKING

        return OVERBOOKING
    raise BadArgument(f"no game {short(name)}: choose lost-cities, samoa or overbooking")


GAME_NAMES = ("lost-cities", "samoa", "overbooking")

__all__ = ["GAMES_COLUMNS", "GAME_NAMES", "SimGame", "sim_game"]
