"""Playing a game to its end with simple policies: what the advisor's and ISMCTS's rollouts share.

A policy is "random" (uniformly random legal actions, drawn from a given generator, as
`Game.random_action`), "heuristic" (the game's heuristic bot) or any bot object with `choose(game)`.
"""

from __future__ import annotations

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
