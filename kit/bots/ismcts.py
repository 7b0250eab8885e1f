"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, "SO-ISMCTS").

    >>> from kit.bots.ismcts import ISMCTSBot
    >>> bot = ISMCTSBot(seed=1, seconds=0.2)     # or iterations=2000 for a reproducible search
    >>> bot.choose(game)

Each iteration redeals what the searching player cannot see (`Game.determinize`, so the bot never
reads the true hidden cards; later rounds are dealt from its own generator), walks down one tree of
action sequences shared by every redeal, choosing by UCB among the actions legal in *this* redeal
(each child's "availability" counts how often it could have been chosen), adds one new node, plays
the game out with a rollout policy and credits each node with the result for the player who chose
it. The move played is the root child visited most. The game's heuristic bot guides the search:
its choice is expanded first and gets a progressive bias (BIAS / (visits + 1)) in UCB, so a short
search starts from the heuristic's move and a longer one lets the rollouts overrule it.

Rollouts: the game's heuristic bot by default ("random" also works). Lost Cities rollouts run in the
compiled kernel when numba is installed (kit/lostcities/fast.py), so many more iterations fit.
"""

from __future__ import annotations

import math
import time
from typing import Any

from kit.core import Chance, Game

from .rollout import heuristic_bot, play_to_end, rollout_bots, win_shares

#: UCB exploration constant (rewards are win shares in [0, 1])
EXPLORATION = 0.7
#: progressive bias towards the heuristic bot's choice, worth BIAS / (visits + 1) in UCB: with few
#: iterations the search starts from the heuristic's move, with many the rollouts decide
BIAS = 5.0


class _Node:
    __slots__ = ("player", "children", "visits", "available", "reward")

    def __init__(self, player: int | None):
        self.player = player  # who chose the action leading here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class ISMCTSBot:
    """seconds: thinking time per decision; iterations: a fixed number of iterations instead (the
    search is then reproducible for a seed). rollout: "heuristic" or "random"."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 0.2,
        iterations: int | None = None,
        rollout: str = "heuristic",
        exploration: float = EXPLORATION,
        bias: float = BIAS,
    ):
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout is 'heuristic' or 'random', not {rollout!r}")
        self.chance = Chance(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration
        self.bias = bias
        self.last_iterations = 0  # how many iterations the last decision used

    def choose(self, game: Game) -> Any:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = game.current_player
        root = _Node(None)
        rollout = _Rollout(game, self.rollout)
        guide = heuristic_bot(game.name) if self.bias else None
        start = time.perf_counter()
        done, now, per = 0, start, 0.0
        # a fixed number of iterations, or as many as fit the time (none started that would overrun it)
        deadline = start + self.seconds
        while (done < self.iterations) if self.iterations is not None else (not done or now + per < deadline):
            self._iterate(game, me, root, rollout, guide)
            done += 1
            now = time.perf_counter()
            per = (now - start) / done
        self.last_iterations = done
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _iterate(self, game: Game, me: int, root: _Node, rollout: _Rollout, guide) -> None:
        chance = self.chance
        world = game.determinize(me, chance)
        world.chance = chance.fork()  # later deals from our own generator, not the game's
        node, path = root, [root]
        while not world.is_over:
            actions = world.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            for action in actions:
                child = children.get(action)
                if child is not None:
                    child.available += 1
            hint = guide.choose(world) if guide is not None else None
            if untried:
                action = hint if hint in untried else untried[chance.below(len(untried))]
                child = children[action] = _Node(world.current_player)
                child.available = 1
                world.apply(action)
                path.append(child)
                break
            log_of, c, bias = math.log, self.exploration, self.bias
            action = max(
                actions,
                key=lambda a: (
                    children[a].reward / children[a].visits
                    + c * math.sqrt(log_of(children[a].available) / children[a].visits)
                    + (bias / (children[a].visits + 1) if a == hint else 0.0)
                ),
            )
            node = children[action]
            world.apply(action)
            path.append(node)
        rewards = rollout(world, chance)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.reward += rewards[visited.player]


class _Rollout:
    """Plays a determinized world to its end and returns each player's win share."""

    def __init__(self, game: Game, policy: str):
        self.policy = policy
        self.kernel = False
        if game.name == "lost-cities":
            from kit.lostcities import fast

            self.kernel = fast.AVAILABLE

    def __call__(self, world: Game, chance: Chance) -> list[float]:
        if world.is_over:
            return win_shares(world)
        if self.kernel:
            from kit.lostcities import fast

            totals = fast.play_from(world, int(chance.random() * 2**53), self.policy)
            sides = [0 if totals[0] > totals[1] else 1] if totals[0] != totals[1] else [0, 1]
            return [1 / len(sides) if p % 2 in sides else 0.0 for p in range(world.settings.players)]
        play_to_end(world, rollout_bots(world, self.policy), chance)
        return win_shares(world)
