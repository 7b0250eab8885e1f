"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, "SO-ISMCTS").

    >>> from kit.bots.ismcts import ISMCTSBot
    >>> from kit.games import game_type, names        # any game: this layer names none of them
    >>> game = game_type(names()[0])(seed=1)
    >>> bot = ISMCTSBot(seed=1, iterations=50)   # or seconds=0.2: as many as fit in the time
    >>> bot.choose(game) in game.legal_actions()
    True

Each iteration redeals what the searching player cannot see (`Game.determinize`, so the bot never
reads the true hidden cards; later rounds are dealt from its own generator), walks down one tree of
action sequences shared by every redeal, choosing by UCB among the actions legal in *this* redeal
(each child's "availability" counts how often it could have been chosen), adds one new node, plays
the game out with a rollout policy and credits each node with the result for the player who chose
it. The move played is the root child visited most. The game's heuristic bot guides the search:
its choice is expanded first and gets a progressive bias (BIAS / (visits + 1)) in UCB, so a short
search starts from the heuristic's move and a longer one lets the rollouts overrule it.

Rollouts: the game's heuristic bot by default ("random" also works), in the game's compiled kernel
when it plays this game exactly as the readable engine does (`kit.bots.rollout.playout`), so many
more iterations fit; else in the readable engine, and `last_engine_reason` says why. The reward is
the win share, or with reward="margin" half the win share and half the score lead squashed by the
game's `score_scale`.

Budget: `iterations=` makes a search reproducible and as strong on a busy machine as on a quiet
one (the matches in docs/simulation.md, "ISMCTS", use it); `seconds=` never starts an iteration
that the longest one so far says would not fit.
"""

from __future__ import annotations

import math
import time
from typing import Any

from kit.core import Chance, Game

from .rollout import final_outcome, playout

#: UCB exploration constant (rewards lie in [0, 1])
EXPLORATION = 0.7
#: progressive bias towards the heuristic bot's choice, worth BIAS / (visits + 1) in UCB: with few
#: iterations the search starts from the heuristic's move, with many the rollouts decide
BIAS = 5.0
#: time mode: the search stops when the longest iteration so far would no longer fit before
#: `seconds - SAFETY` (what is left covers choosing the move and returning it)
SAFETY = 0.003
REWARDS = ("win", "margin")


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
    search is then reproducible for a seed, and as strong on a busy machine as on a quiet one).
    rollout: "heuristic" or "random"; reward: "win" (win share) or "margin": half the win share, half
    the score lead squashed by tanh(lead / the game's `score_scale`) (a smoother signal than win or
    lose: a few rollouts tell a close loss from a rout).

    After each decision, `last_engine` names the rollouts' engine ("kernel" or "readable") and
    `last_engine_reason` says why the readable engine was used (None when the kernel was)."""

    name = "ismcts"
    clock = staticmethod(time.perf_counter)  # the time mode's clock (a test gives it a fake one)

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 0.2,
        iterations: int | None = None,
        rollout: str = "heuristic",
        exploration: float = EXPLORATION,
        bias: float = BIAS,
        reward: str = "win",
    ):
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout is 'heuristic' or 'random', not {rollout!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward is 'win' or 'margin', not {reward!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.chance = Chance(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration
        self.bias = bias
        self.reward = reward
        self.last_iterations = 0  # how many iterations the last decision used
        self.last_engine: str | None = None  # the rollouts' engine in the last decision
        self.last_engine_reason: str | None = None  # why it was the readable engine, if it was

    def choose(self, game: Game) -> Any:
        rollout = _Rollout(game, self.rollout, self.reward)  # (the first in a process loads a compiled path)
        self.last_engine, self.last_engine_reason = rollout.play.engine, rollout.play.reason
        clock = self.clock
        start = clock()
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        me = game.current_player
        root = _Node(None)
        guide = game.heuristic_bot() if self.bias else None
        iterate = self._iterate
        if self.iterations is not None:
            for _ in range(self.iterations):
                iterate(game, me, root, rollout, guide)
            done = self.iterations
        else:
            # as many iterations as fit: none is started unless the longest one so far still fits
            deadline = start + self.seconds - SAFETY
            done, longest, now = 0, 0.0, clock()
            while not done or now + longest < deadline:
                iterate(game, me, root, rollout, guide)
                done += 1
                before, now = now, clock()
                longest = max(longest, now - before)
        self.last_iterations = done
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _iterate(self, game: Game, me: int, root: _Node, rollout: _Rollout, guide) -> None:
        chance = self.chance
        world = game.determinize(me, chance)  # its later deals come from a fork of our generator
        node, path = root, [root]
        c, bias, log, sqrt = self.exploration, self.bias, math.log, math.sqrt
        while not world.is_over:
            actions = world.legal_actions()
            children = node.children
            untried = []
            for action in actions:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            hint = guide.choose(world) if guide is not None else None
            if untried:
                action = hint if hint in untried else untried[chance.below(len(untried))]
                child = children[action] = _Node(world.current_player)
                child.available = 1
                world.apply(action)
                path.append(child)
                break
            best, best_value = None, -math.inf
            for action in actions:
                child = children[action]
                visits = child.visits
                value = child.reward / visits + c * sqrt(log(child.available) / visits)
                if action == hint:
                    value += bias / (visits + 1)
                if value > best_value:
                    best, best_value = action, value
            node = children[best]
            world.apply(best)
            path.append(node)
        rewards = rollout(world, chance)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.reward += rewards[visited.player]


class _Rollout:
    """Plays a determinized world to its end and returns each player's reward in [0, 1].

    Each rollout draws one seed from the search's generator; its policy's choices come from
    ``Chance(seed)`` and later deals from the world's own generator, on whichever path plays the
    game (`kit.bots.rollout.playout`): the compiled kernel plays the same games as the readable
    engine, so a search makes the same choices with or without it."""

    def __init__(self, game: Game, policy: str, reward: str = "win"):
        self.policy = policy
        self.margin = game.score_scale if reward == "margin" else None
        self.play = playout(game, policy)

    def __call__(self, world: Game, chance: Chance) -> list[float]:
        if world.is_over:
            outcome = final_outcome(world)
        else:
            outcome = self.play(world, int(chance.random() * 2**53))
        if self.margin is None:
            return outcome.wins
        return [0.5 * w + 0.25 * (1 + math.tanh(lead / self.margin)) for w, lead in zip(outcome.wins, outcome.leads)]
