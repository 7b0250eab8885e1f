"""Where each simulated game's chance comes from: the run's seed S and the game's index i, nothing else.

So game i is the same game whichever process, chunk or Dask worker plays it, and a frame of N games
is identical row for row however the work was split. The seeds are hashed (not S + i) so that the
games of two runs with nearby seeds never overlap.
"""

from __future__ import annotations

from hashlib import blake2b


def _hashed(text: str) -> int:
    return int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "big") >> 11  # 53 bits


def game_seed(seed: int, index: int) -> int:
    """The engine seed of game `index` in a run seeded `seed` (the frame's `seed` column)."""
    return _hashed(f"tablekit-sim/{seed}/{index}")


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at `seat` in game `index` (random bots draw their own chance from it)."""
    return _hashed(f"tablekit-sim/{seed}/{index}/seat/{seat}")
