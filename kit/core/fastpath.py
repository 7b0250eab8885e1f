"""A game's fast path: the compiled kernel it registers for playouts, and when it may be used.

A game names its kernel module (`Game.fast_path`); the bots and the advisor import it only when a
playout asks for it, and use it only when it plays this very game exactly as the readable engine
would. The kernel module offers

- ``AVAILABLE``: False when numba is not installed (the module still imports);
- ``fits(policy) -> bool``: whether it plays that rollout policy;
- ``refusal(game) -> str | None``: None when it plays this game's settings and component data
  exactly as the readable engine does, else one sentence for the learner saying why not.

`FastPath.engine_for` asks those three questions and answers with the kernel, or with the reason
the readable engine is used, which the advisor and the search show to the user. Only a missing
numba falls back quietly; any other ImportError in a kernel (a renamed function it imports, a
broken module) is a bug and propagates.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from kit.i18n import N_

if TYPE_CHECKING:
    from .game import Game

#: the reason given when numba, the kernels' one optional dependency, is missing (an English
#: message of the catalogs, translated where it is shown)
NO_NUMBA = N_("numba is not installed (pip install tablekit[fast]): the readable engine is used")


@dataclass(frozen=True)
class Engine:
    """The engine chosen for a game and a policy: `kernel` (a module) or None for the readable
    engine, and `reason`: why the readable engine is used (None when the kernel is)."""

    kernel: ModuleType | None
    reason: str | None

    @property
    def name(self) -> str:
        return "readable" if self.kernel is None else "kernel"


@dataclass(frozen=True)
class FastPath:
    """The compiled kernel a game registers for its playouts (`Game.fast_path`).

    kernel: the module's import path, imported only when asked for.
    playout(kernel, world, policy_seed, policy) -> (totals, winning sides): `world` played to its
        end, later deals from its own generator and the policy's choices from
        ``Chance(policy_seed)``; each side's final total and the sides that won (as
        `Game.totals` and `Game.winning_sides` of the readable engine's game).
    rollouts(kernel, worlds, actions, viewer, game_seeds, policy_seeds, policy) -> (differences,
        wins): the advisor's rollouts (see `kit.sim.advice.FastPath`).
    """

    kernel: str
    playout: Callable[..., tuple[list[int], list[int]]]
    rollouts: Callable[..., tuple[Any, Any]]

    def module(self) -> ModuleType | None:
        """The kernel module, or None when numba is not installed."""
        try:
            module = importlib.import_module(self.kernel)
        except ImportError as error:
            if _numba_missing(error):
                return None
            raise
        return module if getattr(module, "AVAILABLE", True) else None

    def engine_for(self, game: Game, policy: Any) -> Engine:
        """The kernel when it plays `game` (its settings and component data) with `policy`, else
        the readable engine and why."""
        kernel = self.module()
        if kernel is None:
            return Engine(None, NO_NUMBA)
        if not kernel.fits(policy):
            return Engine(None, f"the fast engine does not play {policy_name(policy)!r}: the readable engine is used")
        refusal = getattr(kernel, "refusal", None)  # kernels without it play every game they are given
        reason = refusal(game) if refusal is not None else None
        return Engine(None, reason) if reason is not None else Engine(kernel, None)


def policy_name(policy: Any) -> str:
    """A rollout policy in words: its name, a bot's name, or the names of one policy per seat."""
    if isinstance(policy, list | tuple):
        return "/".join(policy_name(p) for p in policy)
    return policy if isinstance(policy, str) else getattr(policy, "name", type(policy).__name__)


def _numba_missing(error: ImportError) -> bool:
    name = getattr(error, "name", None) or ""
    return name == "numba" or name.startswith("numba.")
