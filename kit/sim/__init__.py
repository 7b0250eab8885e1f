"""Simulation as data: many seeded games played by bots, as polars frames, with honest statistics.

    >>> from kit.sim import simulate, bot
    >>> from kit.games import names                  # every game: this layer names none of them
    >>> frame = simulate(names()[1], games=4, record="decisions", bots=["heuristic", "random"], progress=False)
    >>> frame.columns[:6]                            # one row per decision of every game
    ['game', 'seed', 'players', 'step', 'player', 'bot']

A layer above the games and the bots: no game imports it. It needs the `sim` extra
(polars, scipy, tqdm, dask[distributed]). Columns: docs/simulation.md.
"""

from .arguments import MAX_GAMES, BadArgument
from .bots import BotSpec, bot
from .components import component_hash, edited_copy
from .frames import by_seat
from .simulate import columns, schema, simulate
from .whatif import vary

__all__ = [
    "MAX_GAMES",
    "BadArgument",
    "BotSpec",
    "bot",
    "by_seat",
    "columns",
    "component_hash",
    "edited_copy",
    "schema",
    "simulate",
    "vary",
]
