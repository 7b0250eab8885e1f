"""What `simulate` needs to know about each game: how to deal one, its bots, and what a decision
record holds (each column with its type and meaning, the source of docs/simulation.md).

Each game's adapter is the module of this package named as the game's package (`kit.games`), and
its `SIM_GAME`: those modules are the games' own registrations in `kit.sim`, the only modules of
kit.sim (with the analyses of kit.sim.analyses, one per game) that name a game.
"""

from __future__ import annotations

import importlib

from kit.core.game import short
from kit.games import names, package_of

from ..arguments import BadArgument
from .base import GAMES_COLUMNS, SimGame


def sim_game(name: str) -> SimGame:
    """The simulation adapter of a game, by its name in saves (one of `kit.games.names()`)."""
    if name not in names():
        raise BadArgument(f"no game {short(name)}: choose {', '.join(names())}")
    module = package_of(name).rsplit(".", 1)[-1]
    return importlib.import_module(f"{__name__}.{module}").SIM_GAME


GAME_NAMES = names()

__all__ = ["GAMES_COLUMNS", "GAME_NAMES", "SimGame", "sim_game"]
