"""Seeded chance, identical on every machine and every Python version.

`random.Random(seed).random()` is the one part of the standard library's generator whose output
Python promises never to change; `shuffle`, `choice` and `randrange` may change between versions.
So all chance here is built on `random()` alone.
"""

from __future__ import annotations

import random


class Chance:
    """The random generator a game carries in its state. Never use the global `random` module."""

    __slots__ = ("seed", "_generator", "random")

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed must be an integer, not {seed!r}")
        self.seed = seed
        self._generator = random.Random(seed)
        #: a float in [0, 1); engines' hot loops may call it directly: ``int(chance.random() * n)``
        self.random = self._generator.random

    def below(self, n: int) -> int:
        """A uniformly drawn integer in ``range(n)`` (bias below 2**-40 for any n a game uses)."""
        return int(self.random() * n)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        rand = self.random
        for i in range(len(items) - 1, 0, -1):
            j = int(rand() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Chance:
        """An independent generator that will produce exactly what this one would."""
        copy = Chance(self.seed)
        copy._generator.setstate(self._generator.getstate())
        return copy

    def fork(self) -> Chance:
        """A new independent generator seeded from this one (for bots, determinization, ...)."""
        return Chance(int(self.random() * 2**53))
