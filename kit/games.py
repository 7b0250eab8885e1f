"""The kit's games by name: the one list of them. The layers above the games (bots, the arena,
`kit.sim`) look a game up here and then ask the game itself (`kit.core.game`) what they need.

    >>> from kit.games import game_type, names
    >>> names()
    ('lost-cities', 'samoa', 'overbooking')
    >>> game_type("samoa").score_scale
    40.0
"""

from __future__ import annotations

import importlib

from kit.core import Game
from kit.core.saves import registered

#: each game's name (as in save files) and its package, which registers the game when imported
PACKAGES = {"lost-cities": "kit.lostcities", "samoa": "kit.samoa", "overbooking": "kit.overbooking"}


def names() -> tuple[str, ...]:
    return tuple(PACKAGES)


def package_of(name: str) -> str:
    """The package of game `name`, e.g. "kit.samoa"."""
    if name not in PACKAGES:
        raise ValueError(f"no game {name!r}: choose {', '.join(PACKAGES)}")
    return PACKAGES[name]


def game_type(name: str) -> type[Game]:
    """The game class of `name` (its package imported, so registered)."""
    importlib.import_module(package_of(name))
    return registered(name)
