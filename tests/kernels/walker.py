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


def walk(game: Game, seed: int, steps: int) -> Game:
    """`game` advanced by up to `steps` uniformly random actions drawn from ``Chance(seed)`` (the
    walk's own generator, not the game's), stopping one action short of the end: a mid-game
    position with something left to play."""
    chance = Chance(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.random_action(chance))
    if not game.is_over:
        return game
    shorter = type(game)(game.settings)  # the same walk, replayed without its last action
    for action in game.history[:-1]:
        shorter.apply(action)
    return shorter


def seats(policy: str, players: int) -> Any:
    """"random", "heuristic", or "mixed": random and heuristic seats taking turns."""
    return (["random", "heuristic"] * 3)[:players] if policy == "mixed" else policy


@dataclass(frozen=True)
class Kernel:
    """One game's kernel as the parity suite drives it."""

    module: ModuleType  # exposes refusal(game) -> str | None
    new_game: Callable[[str | None, int, int], Game]  # (component folder, players, seed)
    players: tuple[int, ...]  # player counts the positions cycle through
    depth: int  # walks go 0 .. depth - 1 random actions deep
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
        position = walk(kernel.new_game(folder, players, seed), 7919 * seed + 1, (53 * i + 11) % kernel.depth)
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
