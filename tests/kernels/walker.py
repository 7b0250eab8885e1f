"""The kernel-parity suite's shared machinery: one mid-game walker for every game, and one check
that a compiled kernel, from the walker's positions, plays exactly the readable engine's game or
refuses it loudly (`KernelRefused`, its `refusal(game)` sentence) before playing; never another
answer, never another error.

A game takes part through a `Kernel`: how to make a game on a component folder, what its kernel's
entry points answer from a position, and what the readable engine answers for the same position,
policy and seed (the same generators, as each kernel promises).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from kit.core import Chance, Game
from kit.core.errors import KernelRefused
from tests.support import copy_dataset, edit


def walk(game: Game, seed: int, fraction: float) -> Game:
    """`game` advanced `fraction` (0 to 1) of the way through a uniformly random playout whose
    choices come from ``Chance(seed)`` (the walk's own generator; deals still come from the
    game's), always leaving at least one action to play: a position early, late or in a later
    round, as the fraction says."""
    ahead = game.clone()
    start, chance = len(ahead.history), Chance(seed)
    while not ahead.is_over:
        ahead.apply(ahead.random_action(chance))
    taken = ahead.history[start:]
    for action in taken[: min(int(fraction * len(taken)), len(taken) - 1)]:
        game.apply(action)
    return game


def seats(policy: str, players: int) -> Any:
    """The seats of a policy named "random", "heuristic" or "mixed" (random and heuristic by turns)."""
    return (["random", "heuristic"] * 3)[:players] if policy == "mixed" else policy


@dataclass(frozen=True)
class Kernel:
    """One game's kernel as the parity suite drives it."""

    module: ModuleType  # exposes refusal(game) -> str | None
    new_game: Callable[[str | None, int, int], Game]  # (component folder, players, seed)
    players: tuple[int, ...]  # player counts the positions cycle through
    kernel: Callable[[Game, Any, int], Any]  # (position, seats, seed) -> every entry point's answer
    engine: Callable[[Game, Any, int], Any]  # the same answers from the readable engine


def edited_copy(tmp_path: Path, game: str, edits: dict[str, Any]) -> Path:
    """A copy of datasets/<game>/ with `edits`: per file, its whole new text, or (old, new) pairs."""
    folder = copy_dataset(tmp_path, game)
    for file, change in edits.items():
        if isinstance(change, str):
            (folder / file).write_text(change, encoding="utf-8")
        else:
            for old, new in change:
                edit(folder / file, old, new)
    return folder


def assert_parity(kernel: Kernel, folder: str | None, policy: str, count: int, base_seed: int = 0) -> dict:
    """From `count` walked positions of games on `folder`, each kernel entry point's answer is the
    readable engine's, or every entry point refuses before playing (and `refusal` said so). Raises
    AssertionError on anything else; returns how many positions were played and refused."""
    tally = {"played": 0, "refused": 0}
    for i in range(count):
        seed = base_seed + i
        players = kernel.players[i % len(kernel.players)]
        position = walk(kernel.new_game(folder, players, seed), 7919 * seed + 1, (37 * i + 5) % 100 / 100)
        before = position.fingerprint()
        reason = kernel.module.refusal(position)
        policies = seats(policy, players)
        try:
            got = kernel.kernel(position, policies, seed)
        except KernelRefused as refused:
            assert reason is not None, f"seed {seed}: refused ({refused}) although refusal() said it plays"
            assert str(refused) == reason
            tally["refused"] += 1
            continue
        except Exception as error:  # a crash is a wrong answer too: only a refusal is loud enough
            raise AssertionError(f"seed {seed}: the kernel raised {error!r} instead of refusing") from error
        assert reason is None, f"seed {seed}: the kernel played although refusal() said {reason!r}"
        assert position.fingerprint() == before, f"seed {seed}: the kernel changed its position"
        expected = kernel.engine(position, policies, seed)
        assert got == expected, f"seed {seed} ({players} players, {policy}): the kernel played another game"
        tally["played"] += 1
    return tally
