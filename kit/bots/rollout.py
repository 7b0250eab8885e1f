"""Playing a game to its end with simple policies: what the advisor's and ISMCTS's rollouts share.

A policy is "random" (uniformly random legal actions, drawn from a given generator, as
`Game.random_action`), "heuristic" (the game's heuristic bot) or any bot object with `choose(game)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kit.core import Chance, Game
from kit.core.fastpath import Engine
from kit.core.game import leads, shares


def heuristic_bot(game: Game | type[Game] | str, **params: Any):
    """The heuristic bot of a game (a game, its class or its name), with `params` or its defaults."""
    if isinstance(game, str):
        from kit.games import game_type

        game = game_type(game)
    return game.heuristic_bot(**params)


def rollout_bots(game: Game, policy: Any) -> list:
    """One bot per seat for `policy` (one policy for all seats, or a list of one per seat); None
    stands for a uniformly random seat."""
    if isinstance(policy, list | tuple):
        return [rollout_bots(game, p)[0] for p in policy]
    if policy == "random":
        return [None] * game.settings.players
    if policy == "heuristic":
        return [game.heuristic_bot()] * game.settings.players
    if not hasattr(policy, "choose"):
        raise ValueError(f"a rollout policy is 'random', 'heuristic' or a bot, not {policy!r}")
    return [policy] * game.settings.players


def play_to_end(game: Game, bots: list, chance: Chance) -> None:
    """Play `game` to its end: each seat's bot, or a uniformly random action drawn from `chance`."""
    while not game.is_over:
        bot = bots[game.current_player]
        game.apply(game.random_action(chance) if bot is None else bot.choose(game))


def win_shares(game: Game) -> list[float]:
    """Each player's share of the win of a finished game (`Game.win_shares`: 1/k to each seat of k
    winning sides; partners both get their side's share)."""
    return game.win_shares()


@dataclass
class Outcome:
    """How a playout ended, for each player: their share of the win (as `win_shares`) and their lead:
    their side's total minus the best other side's (`Game.leads`)."""

    wins: list[float]
    leads: list[float]


def final_outcome(game: Game) -> Outcome:
    """The `Outcome` of a finished game."""
    return Outcome(game.win_shares(), game.leads())


def outcome_of(world: Game, totals: list[int], winning_sides: list[int]) -> Outcome:
    """The `Outcome` of a playout of `world` that ended on `totals` (one per side), won by `winning_sides`."""
    return Outcome(shares(world, winning_sides), leads(world, totals))


_loaded: set[str] = set()  # the games whose compiled path this process has already loaded


@dataclass(frozen=True)
class Playout:
    """``play(world, seed)``: a world of one game played to its end with one policy (see `playout`);
    `engine` names the path ("kernel" or "readable") and `reason` says why the readable engine is
    used (None when the kernel is)."""

    play: Callable[[Game, int], Outcome]
    engine: str
    reason: str | None

    def __call__(self, world: Game, seed: int) -> Outcome:
        return self.play(world, seed)


def playout(game: Game, policy: str) -> Playout:
    """A function playing a world of `game`'s kind to its end with `policy` ("random" or
    "heuristic") for every seat: ``play(world, seed)`` draws the policy's choices from
    ``Chance(seed)`` and later deals from the world's own generator, and returns the `Outcome`.

    It takes the game's compiled kernel (`Game.fast_path`) when the kernel plays this game and this
    policy exactly as the readable engine would, else the readable engine (`play_to_end`), and says
    why. The world may be left anywhere (it is a throw-away determinization)."""
    chosen = engine_for(game, policy)
    if chosen.kernel is not None:
        kernel, fast = chosen.kernel, game.fast_path
        _load(game, lambda: fast.playout(kernel, type(game)(game.settings), 0, policy))

        def compiled(world, seed):
            return outcome_of(world, *fast.playout(kernel, world, seed, policy))

        return Playout(compiled, chosen.name, None)

    def readable(world, seed):
        play_to_end(world, rollout_bots(world, policy), Chance(seed))
        return final_outcome(world)

    return Playout(readable, chosen.name, chosen.reason)


def engine_for(game: Game, policy: Any) -> Engine:
    """The engine playouts of `game` with `policy` take: the game's kernel, or the readable engine
    and why (no fast path registered, numba missing, a policy or a game the kernel does not play)."""
    if game.fast_path is None:
        return Engine(None, f"{game.name} has no compiled kernel: the readable engine is used")
    return game.fast_path.engine_for(game, policy)


def _load(game: Game, warm: Callable[[], Any]) -> None:
    if game.name not in _loaded:  # the first call loads the compiled code (about a second): not in a search
        warm()
        _loaded.add(game.name)
