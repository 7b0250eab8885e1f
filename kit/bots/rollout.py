"""Playing a game to its end with simple policies: what the advisor's and ISMCTS's rollouts share.

A policy is "random" (uniformly random legal actions, drawn from a given generator, as
`Game.random_action`), "heuristic" (the game's heuristic bot) or any bot object with `choose(game)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kit.core import Chance, Game


def heuristic_bot(game_name: str):
    """The heuristic bot of a game, with its default parameters."""
    if game_name == "lost-cities":
        from kit.lostcities.heuristic import HeuristicBot
    elif game_name == "samoa":
        from kit.samoa.heuristic import HeuristicBot
    elif game_name == "overbooking":
        from kit.overbooking.heuristic import HeuristicBot
    else:
        raise ValueError(f"no heuristic bot for {game_name}")
    return HeuristicBot()


def rollout_bots(game: Game, policy: Any) -> list:
    """One bot per seat for `policy` (one policy for all seats, or a list of one per seat); None
    stands for a uniformly random seat."""
    if isinstance(policy, list | tuple):
        return [rollout_bots(game, p)[0] for p in policy]
    if policy == "random":
        return [None] * game.settings.players
    if policy == "heuristic":
        return [heuristic_bot(game.name)] * game.settings.players
    if not hasattr(policy, "choose"):
        raise ValueError(f"a rollout policy is 'random', 'heuristic' or a bot, not {policy!r}")
    return [policy] * game.settings.players


def play_to_end(game: Game, bots: list, chance: Chance) -> None:
    """Play `game` to its end: each seat's bot, or a uniformly random action drawn from `chance`."""
    while not game.is_over:
        bot = bots[game.current_player]
        game.apply(game.random_action(chance) if bot is None else bot.choose(game))


def win_shares(game: Game) -> list[float]:
    """Each player's share of the win of a finished game: 1/k to each of k winners (a drawn Lost
    Cities match: half to each side; in LC-7 both partners get their side's share)."""
    players = game.settings.players
    if game.name == "lost-cities":
        sides = game.winning_sides()
        return [1 / len(sides) if p % 2 in sides else 0.0 for p in range(players)]
    winners = game.winners()
    return [1 / len(winners) if p in winners else 0.0 for p in range(players)]


@dataclass
class Outcome:
    """How a playout ended, for each player: their share of the win (as `win_shares`) and their lead:
    their score minus the best other score (Lost Cities: their side's match total minus the other
    side's)."""

    wins: list[float]
    leads: list[float]


def final_outcome(game: Game) -> Outcome:
    """The `Outcome` of a finished game."""
    players = game.settings.players
    if game.name == "lost-cities":
        totals = game.totals()
        return _sides_outcome(totals, players)
    return _outcome(game.scores(), game.winners())


def _sides_outcome(totals, players: int) -> Outcome:
    leads = [totals[p % 2] - totals[1 - p % 2] for p in range(players)]
    return Outcome([1.0 if lead > 0 else 0.5 if lead == 0 else 0.0 for lead in leads], leads)


def _outcome(scores, winners) -> Outcome:
    wins = [1 / len(winners) if p in winners else 0.0 for p in range(len(scores))]
    return Outcome(wins, [s - max(scores[:p] + scores[p + 1 :]) for p, s in enumerate(scores)])


_loaded: set[str] = set()  # the games whose compiled path this process has already loaded


def playout(game: Game, policy: str) -> Callable[[Game, int], Outcome]:
    """A function playing a world of `game`'s kind to its end with `policy` ("random" or
    "heuristic") for every seat: ``play(world, seed)`` draws the policy's choices from
    ``Chance(seed)`` and later deals from the world's own generator, and returns the `Outcome`.

    It takes the fastest path proven to play the readable engine's very games: the compiled kernels
    of all three games (with numba), Samoa's lean playouts (without), else the readable engine
    (`play_to_end`). The world may be left anywhere (it is a throw-away determinization)."""
    name = game.name
    if name == "lost-cities":
        from kit.lostcities import fast

        if fast.AVAILABLE:
            _load(name, lambda: fast.play_from(type(game)(seed=0, rounds=1), 0, policy))
            return lambda world, seed: _sides_outcome(fast.play_from(world, seed, policy), world.settings.players)
    elif name == "overbooking":
        fast = _optional("kit.overbooking.fast")
        if fast is not None and fast.AVAILABLE:
            _load(name, lambda: fast.play_from(type(game)(players=game.settings.players, seed=0), 0, policy))

            def kernel(world, seed):
                end = fast.play_from(world, seed, policy)
                return _outcome(end.scores, end.winners)

            return kernel
    elif name == "samoa":
        kernel = _optional("kit.samoa.fast_kernel")
        if kernel is not None and kernel.AVAILABLE and kernel.fits(policy):
            _load(name, lambda: kernel.play_from(type(game)(players=game.settings.players, seed=0), 0, policy))

            def compiled(world, seed):
                scores, winners, _ = kernel.play_from(world, seed, policy)
                return _outcome(scores, winners)

            return compiled
        lean = _optional("kit.samoa.fast")
        if lean is not None:

            def lean_play(world, seed):
                lean.play_to_end(world, lean.bots_for(world, policy), Chance(seed))
                return _outcome(world.scores(), world.winners())

            return lean_play

    def readable(world, seed):
        play_to_end(world, rollout_bots(world, policy), Chance(seed))
        return final_outcome(world)

    return readable


def _load(name: str, warm: Callable[[], Any]) -> None:
    if name not in _loaded:  # the first call loads the compiled code (about a second): not in a search
        warm()
        _loaded.add(name)


def _optional(module: str):
    """A fast path that may not be there (its branch not merged, or numba missing)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        return None
