"""Compile every game's numba kernel once, before anybody waits for it.

    python -m kit.kernels.prepare        (dev.py setup runs it: so do lab, test and class)

numba compiles a kernel the first time it is called (about a minute for each game) and keeps it in
its on-disk cache (kit/kernels/kernel_cache.py says where, and clears it when a source changes).
This plays a few rollouts of each game with every policy the advisor and the bots use, so that all
the compiled code is in the cache, and leaves a "compiled" mark beside the cache: the boards read
it to tell a learner, before the first analysis, that the fast engine must still be prepared.
The mark is removed with the cache whenever the kernel's sources change.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from kit.core import Game

from .kernel_cache import cache_dir

#: the policies whose compiled code the advisor and the bots' playouts use
POLICIES = ("heuristic", "random")
#: games this process has compiled or loaded (no mark needs reading again)
_ready: set[str] = set()


def _mark(game: Game) -> tuple[Path, str] | None:
    """Where the game's "compiled" mark lives and what it must say (the kernel's source stamps, so
    that an edit makes it stale), or None when the game has no compiled kernel here."""
    fast = game.fast_path
    kernel = None if fast is None else fast.module()
    if kernel is None:
        return None
    directory = cache_dir(kernel.__file__)
    stamps = "".join(path.read_text() for path in sorted(directory.glob("*.sources.sha256")))
    return directory / f"{game.name}.compiled", stamps


def needs_compiling(game: Game) -> bool:
    """Whether the first use of `game`'s kernel in this process must compile it (no mark, or a
    stale one); False when the game has no kernel here (numba missing)."""
    if game.name in _ready:
        return False
    mark = _mark(game)
    if mark is None:
        return False
    path, wanted = mark
    try:
        return path.read_text() != wanted
    except OSError:
        return True


def mark_compiled(game: Game) -> None:
    """Note that `game`'s kernel is compiled and cached (a directory it may not write: this
    process only)."""
    _ready.add(game.name)
    mark = _mark(game)
    if mark is not None:
        try:
            mark[0].write_text(mark[1])
        except OSError:
            pass


def compile_game(game: Game) -> None:
    """Call every compiled entry point the advisor and the playouts use, on a few rollouts."""
    from kit.bots.rollout import playout
    from kit.sim.advice import advise

    for policy in POLICIES:
        advise(game, rollouts=2, policy=policy)
        playout(game, policy)(game.clone(), 0)
    mark_compiled(game)


def prepare(say: Callable[[str], None] = print) -> dict[str, float]:
    """Compile the kernel of every game that needs it; returns the seconds each took."""
    from kit.games import game_type, names

    took = {}
    for name in names():
        game = game_type(name)(seed=0)
        if not needs_compiling(game):
            continue
        say(f"compiling the fast engine for {name} once (about a minute; later runs load it in a second)")
        start = time.perf_counter()
        compile_game(game)
        took[name] = time.perf_counter() - start
        say(f"  {name}: ready in {took[name]:.0f} s, cached in {cache_dir(game.fast_path.module().__file__)}")
    return took


def main() -> int:
    prepare(lambda line: print(f"[kernels] {line}", flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
