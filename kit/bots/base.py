"""What a bot is: something that, shown a game, chooses the action for the player to move.

Bots get the game object (so they can read it fast), but a fair bot reads only what its player may
see; the test suite checks this for every bot by redealing the hidden cards (`Game.determinize`)
and asking for the same choice.
"""

from __future__ import annotations

from typing import Any, Protocol

from kit.core import Chance, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Any:
        """The action this bot takes for `game.current_player`."""
        ...


class RandomBot:
    """Takes a uniformly random legal action (its own seeded generator, not the game's)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.chance = Chance(seed)

    def choose(self, game: Game) -> Any:
        return game.random_action(self.chance)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.chance.seed})"
