"""The move advisor: what each legal action is worth, from the viewer's information only.

    >>> from kit.games import game_type, names        # any game: this layer names none of them
    >>> from kit.sim.advice import advise
    >>> game = game_type(names()[0])(seed=1)
    >>> advice = advise(game, rollouts=20)            # the player to move is the viewer
    >>> len(advice.actions) == len(game.legal_actions()), advice.best.n   # every action, best first
    (True, 20)

(`print(advice)` shows the table, each figure with its 95% interval and n; a game's registration in
kit/sim/games/ shows one on a deal chosen card by card.)

For each legal action of the player to move, the advisor plays the rest of the game many times and
reports the expected final score difference and the win probability, each with a 95% interval and
n. Every rollout starts from a *determinization*: `game.determinize(viewer, chance)` redeals what
the viewer cannot see (the other hands, the order of face-down piles) from the viewer's knowledge,
and later rounds are dealt from a fresh generator, never from the game's own (whose seed would
rebuild the true deals). Every action is tried on the same determinizations with the same random
stream for the policy (common random numbers), so differences between actions are not luck of the
deal.

- score difference: the viewer's side's final total minus the best other side's (`Game.leads`: a
  side is a player, or a team of partners). Student t interval for the mean.
- win probability: the share of rollouts the viewer wins, a shared first place counting as a share
  (two tied winners: half each). Wilson score interval (the shares make it approximate on ties).
- This is an experiment on the *rollout policy's* play after the action ("random": uniformly random
  legal actions; "heuristic": the game's heuristic bot, whose own choices confound the result): it
  says how the action does if everyone then plays like that, not under best play.

The fast path: the compiled kernel the game registers (`Game.fast_path`), used when numba is
installed, the kernel plays the policy ("random", "heuristic" or the game's own HeuristicBot, never
a subclass, whose choices it would not know) and it plays this game's settings and component data
exactly as the readable engine does (the kernel's `refusal(game)`). It plays exactly the rollouts
the readable engine would (tests/sim/test_advice.py checks the numbers agree). `engine="readable"`
forces the readable engine, the reference; `Advice.engine` names the path used ("kernel" or
"readable") and `Advice.engine_reason` says why the readable engine was used.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kit.bots.rollout import engine_for, play_to_end, rollout_bots
from kit.core import Chance, Game
from kit.core.fastpath import policy_name as _policy_name

from .stats import mean_interval, wilson_interval


@dataclass(frozen=True)
class ActionValue:
    """One legal action's estimates, each with its 95% interval and n."""

    action: str
    n: int
    difference: float
    difference_low: float
    difference_high: float
    win: float
    win_low: float
    win_high: float

    def __str__(self) -> str:
        return (
            f"{self.action:<14} score difference {self.difference:+7.1f} "
            f"(95% CI {self.difference_low:+.1f} to {self.difference_high:+.1f})   "
            f"win {self.win:6.1%} (95% CI {self.win_low:.1%}–{self.win_high:.1%}), n = {self.n:,}"
        )


@dataclass
class Advice:
    """The advisor's table: `actions` best first (by expected score difference)."""

    viewer: int
    policy: str
    rollouts: int  # per action
    information: str  # "viewer" (determinized) or "everything" (the open teaching mode)
    engine: str  # the path used: "readable", or a fast path's name ("kernel": compiled)
    seconds: float
    actions: list[ActionValue] = field(default_factory=list)
    engine_reason: str | None = None  # why the readable engine was used (None: the fast path was)

    @property
    def best(self) -> ActionValue:
        return self.actions[0]

    def rows(self) -> list[dict[str, Any]]:
        """The table as plain rows (JSON-ready), best first."""
        return [vars(value) | {"rank": rank + 1} for rank, value in enumerate(self.actions)]

    def __str__(self) -> str:
        source = (
            f"player {self.viewer}'s information only (hidden cards redealt in each rollout)"
            if self.information == "viewer"
            else "everything, hidden cards included (open teaching mode)"
        )
        lines = [
            f"{len(self.actions)} actions x {self.rollouts:,} rollouts, {self.policy} play afterwards, "
            f"using {source}; {self.seconds:.2f} s ({self.engine} engine)"
        ]
        if self.engine_reason is not None:
            lines.append(f"  ({self.engine_reason})")
        lines += [f"  {value}" for value in self.actions]
        return "\n".join(lines)


def advise(
    game: Game,
    viewer: int | None = None,
    rollouts: int = 1000,
    policy: Any = "random",
    seed: int = 0,
    everything: bool = False,
    engine: str = "auto",
    progress: Callable[[int, int], None] | None = None,
) -> Advice:
    """Every legal action of the player to move, valued by `rollouts` playouts each.

    viewer: whose information counts (default and only choice: the player to move, whose actions
    these are). policy: "random", "heuristic" or a bot object (`choose(game)`) for every seat after
    the action. everything=True uses the true hidden cards (the open teaching mode; say so when
    showing it). engine: "auto" (the game's fast path when there is one for this policy), "readable"
    (the reference engine), "fast" (the fast path, or an error saying why there is none), or a fast
    path's own name ("kernel": the game's compiled kernel).
    progress(done, total) is called as rollouts finish (in about twenty steps).
    """
    if game.is_over:
        raise ValueError("the game is over: there is nothing left to advise")
    viewer = game.current_player if viewer is None else viewer
    if viewer != game.current_player:
        raise ValueError(f"the advisor values the actions of the player to move ({game.current_player}), not {viewer}")
    if rollouts < 2:
        raise ValueError("at least 2 rollouts per action are needed for an interval")
    start = time.perf_counter()
    actions = game.legal_actions()
    path, reason = _choose(game, policy, engine)
    chance = Chance(seed)
    differences = np.zeros((rollouts, len(actions)))
    wins = np.zeros((rollouts, len(actions)))
    step = max(1, rollouts // 20)
    for first in range(0, rollouts, step):
        block = range(first, min(rollouts, first + step))
        worlds, game_seeds, policy_seeds = [], [], []
        for _ in block:
            worlds.append(game.clone() if everything else game.determinize(viewer, chance))
            game_seeds.append(_seed(chance))
            policy_seeds.append(_seed(chance))
        if path is not None:
            found = path.rollouts(worlds, actions, viewer, game_seeds, policy_seeds)
            differences[block.start : block.stop], wins[block.start : block.stop] = found
        else:
            for j, world in zip(block, worlds):
                for k, action in enumerate(actions):
                    differences[j, k], wins[j, k] = _rollout_seeded(
                        world, action, viewer, game_seeds[j - first], policy_seeds[j - first], policy
                    )
        if progress is not None:
            progress(block.stop, rollouts)
    values = []
    for k, action in enumerate(actions):
        mean, low, high = mean_interval(differences[:, k])
        win_low, win_high = wilson_interval(wins[:, k].sum(), rollouts)
        values.append(ActionValue(str(action), rollouts, mean, low, high, float(wins[:, k].mean()), win_low, win_high))
    values.sort(key=lambda v: (-v.difference, -v.win))
    return Advice(
        viewer,
        _policy_name(policy),
        rollouts,
        "everything" if everything else "viewer",
        "readable" if path is None else path.engine,
        time.perf_counter() - start,
        values,
        reason,
    )


def _seed(chance: Chance) -> int:
    return int(chance.random() * 2**53)


@dataclass(frozen=True)
class FastPath:
    """A game's faster rollouts for the advisor, proven to play the readable engine's very games.

    rollouts(worlds, actions, viewer, game_seeds, policy_seeds) -> (differences, wins): two arrays
    of shape (len(worlds), len(actions)) holding, for world j and action k, exactly what
    `_rollout_seeded(worlds[j], actions[k], viewer, game_seeds[j], policy_seeds[j], policy)` gives.
    """

    engine: str  # its name in `Advice.engine`: "kernel" (compiled)
    rollouts: Callable[..., tuple[np.ndarray, np.ndarray]]


def fast_path(game: Game, policy: Any, engine: str = "auto") -> FastPath | None:
    """The fast path `advise` uses for `game` and `policy` under `engine`; None: the readable engine."""
    return _choose(game, policy, engine)[0]


def _choose(game: Game, policy: Any, engine: str) -> tuple[FastPath | None, str | None]:
    """The fast path for `game` and `policy` under `engine`, or None and why the readable engine is used."""
    if not isinstance(engine, str):
        raise ValueError(f"engine is 'auto', 'readable', 'fast' or a fast path's name, not {engine!r}")
    if engine == "readable":
        return None, "the readable engine was asked for"
    chosen = engine_for(game, policy)
    paths = [] if chosen.kernel is None else [_kernel_path(game, chosen.kernel, policy)]
    if engine == "auto":
        return (paths[0], None) if paths else (None, chosen.reason)
    if not paths:
        raise ValueError(f"no fast path for {game.name} with the {_policy_name(policy)} policy: {chosen.reason}")
    if engine == "fast":
        return paths[0], None
    named = [path for path in paths if path.engine == engine]
    if not named:
        raise ValueError(f"the fast paths for {game.name} here are {[p.engine for p in paths]}, not {engine!r}")
    return named[0], None


def _kernel_path(game: Game, kernel, policy: Any) -> FastPath:
    fast = game.fast_path

    def rollouts(worlds, actions, viewer, game_seeds, policy_seeds):
        return fast.rollouts(kernel, worlds, actions, viewer, game_seeds, policy_seeds, policy)

    return FastPath("kernel", rollouts)


def _kernel_for(game: Game, policy: Any, engine: str) -> bool:
    """Whether `advise` would use a compiled kernel (kept for the boards' analysis panel)."""
    path = fast_path(game, policy, engine)
    return path is not None and path.engine == "kernel"


def outcome(game: Game, viewer: int) -> tuple[float, float]:
    """(score difference, win share) of a finished game for `viewer` (see the module's docstring)."""
    return game.leads()[viewer], game.win_shares()[viewer]


def _rollout_seeded(world: Game, action, viewer: int, game_seed: int, policy_seed: int, policy) -> tuple[float, float]:
    copy = world.clone()
    copy.chance = Chance(game_seed)
    copy.apply(action)
    play_to_end(copy, rollout_bots(copy, policy), Chance(policy_seed))
    return outcome(copy, viewer)
