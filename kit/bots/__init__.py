"""Players that work for any game through the core's interface (`kit.bots.arena` pits them)."""

from .base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
