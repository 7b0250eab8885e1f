"""The move advisor: what each legal action is worth, from the viewer's information only.

    >>> from kit.games import game_type, names        # any game: this layer names none of them
    >>> from kit.sim.advice import advise
    >>> game = game_type(names()[0])(seed=1)
    >>> advice = advise(game, rollouts=20)            # the player to move is the viewer
    >>> len(advice.actions) == len(game.legal_actions()), advice.best.n   # every action, best first
    (True, 20)
    >>> advice.best.vs_best, advice.actions[1].vs_best <= 0   # paired with the best, same rollouts
    (0.0, True)
    >>> advise(game, rollouts=20, keep_rollouts=True).differences.shape == (20, len(advice.actions))
    True

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
- paired difference to the best action (`vs_best`, and `win_vs_best` for the win share): the mean
  over rollouts of (this action's outcome minus the best action's outcome *in the same rollout*),
  with its Student t interval. Because both were played on the same redeal, the luck of the deal
  cancels in each rollout's difference, so this interval is narrower than the two actions' own
  intervals side by side (much narrower where a good deal helps both alike): two moves are told
  apart when their paired interval excludes 0, even while their own intervals still overlap.
  0, 0, 0 for the best itself.
- ties (`Advice.ties`): actions whose outcomes were identical in every rollout, with a sentence
  saying so and what replaying the first rollout after each of them showed (the same position at
  once, one game a few moves later, or which parts of the final positions still differed).
- The rollouts are an *experiment* on the rollout policy (the advisor chooses the action and
  redeals the hidden cards; "random": uniformly random legal actions afterwards; "heuristic": the
  game's heuristic bot, whose own choices shape the result): it says how the action does if
  everyone then plays like that, not under best play.

The fast path: the compiled kernel the game registers (`Game.fast_path`), used when numba is
installed, the kernel plays the policy ("random", "heuristic" or the game's own HeuristicBot, never
a subclass, whose choices it would not know) and it plays this game's settings and component data
exactly as the readable engine does (the kernel's `refusal(game)`). It plays exactly the rollouts
the readable engine would (tests/sim/test_advice.py checks the numbers agree). `engine="readable"`
forces the readable engine, the reference; `Advice.engine` names the path used ("kernel" or
"readable") and `Advice.engine_reason` says why the readable engine was used.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kit.bots.rollout import engine_for, play_to_end, rollout_bots
from kit.core import Chance, Game
from kit.core.fastpath import policy_name as _policy_name
from kit.i18n import N_, Message, Terms

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
    # paired with the best action over the same rollouts (this minus the best; 0, 0, 0 for the best)
    vs_best: float = 0.0
    vs_best_low: float = 0.0
    vs_best_high: float = 0.0
    win_vs_best: float = 0.0
    win_vs_best_low: float = 0.0
    win_vs_best_high: float = 0.0

    @property
    def behind_best(self) -> bool:
        """Whether the paired interval shows this action scores less than the best (all of it below 0)."""
        return self.vs_best_high < 0

    def __str__(self) -> str:
        return (
            f"{self.action:<14} score difference {self.difference:+7.1f} "
            f"(95% CI {self.difference_low:+.1f} to {self.difference_high:+.1f})   "
            f"vs best {self.vs_best:+6.2f} (95% CI {self.vs_best_low:+.2f} to {self.vs_best_high:+.2f})   "
            f"win {self.win:6.1%} (95% CI {self.win_low:.1%}–{self.win_high:.1%}), n = {self.n:,}"
        )


@dataclass(frozen=True)
class Tie:
    """Actions whose outcomes (score difference and win share) were identical in every rollout.

    `reason` is what the engine found when it replayed the first rollout after each of them move by
    move ("" when the positions stayed different all the way and only the scores agreed)."""

    actions: tuple[str, ...]
    rollouts: int
    reason: str | Message = ""
    #: the game the moves were tried in, to name them in the learner's words (`Game.action_words`)
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def sentence(self) -> str:
        """The tie in words, in the language in force (`kit.i18n`)."""
        named = [
            action if self.game is None else self.game.action_words(self.game.parse_action(action))
            for action in self.actions
        ]
        sentence = Message(
            "these {count} moves led to the same result in every one of the {n:,} rollouts: {actions}",
            count=len(self.actions),
            n=self.rollouts,
            actions=", ".join(named),
        )
        return f"{sentence}. {self.reason}" if self.reason else str(sentence)

    def __str__(self) -> str:
        return self.sentence


@dataclass
class Advice:
    """The advisor's table: `actions` best first (by expected score difference).

    `ties`: groups of actions with identical outcomes in every rollout, best first. `differences`
    and `wins` (with ``advise(..., keep_rollouts=True)``, else None): each rollout's score
    difference and win share, one row per rollout, one column per action in `actions`' order."""

    viewer: int
    policy: str
    rollouts: int  # per action
    information: str  # "viewer" (determinized) or "everything" (the open teaching mode)
    engine: str  # the path used: "readable", or a fast path's name ("kernel": compiled)
    seconds: float
    actions: list[ActionValue] = field(default_factory=list)
    engine_reason: str | None = None  # why the readable engine was used (None: the fast path was)
    ties: list[Tie] = field(default_factory=list)
    differences: np.ndarray | None = None
    wins: np.ndarray | None = None
    #: the game the moves were tried in, to name them in the learner's words (`words`)
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def best(self) -> ActionValue:
        return self.actions[0]

    def words(self, action: str) -> str:
        """An action of the table (its notation) as the learner reads it, in the language in force."""
        return action if self.game is None else self.game.action_words(self.game.parse_action(action))

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
            f"using {source}; {self.seconds:.2f} s ({self.engine} engine)",
            "  (vs best: this action minus the best one, paired over the same rollouts)",
        ]
        if self.engine_reason is not None:
            lines.append(f"  ({self.engine_reason})")
        lines += [f"  {value}" for value in self.actions]
        lines += [f"  Tied: {tie}" for tie in self.ties]
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
    keep_rollouts: bool = False,
    explain_ties: bool = True,
) -> Advice:
    """Every legal action of the player to move, valued by `rollouts` playouts each.

    viewer: whose information counts (default and only choice: the player to move, whose actions
    these are). policy: "random", "heuristic" or a bot object (`choose(game)`) for every seat after
    the action. everything=True uses the true hidden cards (the open teaching mode; say so when
    showing it). engine: "auto" (the game's fast path when there is one for this policy), "readable"
    (the reference engine), "fast" (the fast path, or an error saying why there is none), or a fast
    path's own name ("kernel": the game's compiled kernel). keep_rollouts=True keeps every
    rollout's outcomes in `Advice.differences` and `Advice.wins`. explain_ties=False leaves each
    tie's `reason` empty (its replay in the readable engine costs more than a few rollouts: a review
    of a whole game, which shows no ties, skips it).

    progress(done, total) is called before the first rollout (done = 0) and as rollouts finish (in
    about twenty steps). To cancel, raise from it: the exception propagates out of `advise`
    unchanged, the game is left as it was and nothing is returned (a board cancels a stale analysis
    this way when the next move is made).
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
    first_world = None  # the first rollout's world and seeds: replayed to explain ties
    step = max(1, rollouts // 20)
    if progress is not None:
        progress(0, rollouts)
    for first in range(0, rollouts, step):
        block = range(first, min(rollouts, first + step))
        worlds, game_seeds, policy_seeds = [], [], []
        for _ in block:
            worlds.append(game.clone() if everything else game.determinize(viewer, chance))
            game_seeds.append(_seed(chance))
            policy_seeds.append(_seed(chance))
        if first_world is None:
            first_world = worlds[0].clone(), game_seeds[0], policy_seeds[0]
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
    order = sorted(range(len(actions)), key=lambda k: (-differences[:, k].mean(), -wins[:, k].mean()))
    differences, wins = differences[:, order], wins[:, order]
    actions = [actions[k] for k in order]
    values = [_value(str(action), differences, wins, k) for k, action in enumerate(actions)]
    ties = [
        Tie(
            tuple(str(actions[k]) for k in group),
            rollouts,
            _why([actions[k] for k in group], *first_world, policy) if explain_ties else "",
            game,
        )
        for group in identical_columns(differences, wins)
    ]
    return Advice(
        viewer,
        _policy_name(policy),
        rollouts,
        "everything" if everything else "viewer",
        "readable" if path is None else path.engine,
        time.perf_counter() - start,
        values,
        reason,
        ties,
        differences if keep_rollouts else None,
        wins if keep_rollouts else None,
        game,
    )


def _value(action: str, differences: np.ndarray, wins: np.ndarray, k: int) -> ActionValue:
    """Column k's estimates, and its paired differences to column 0 (the best) over the same rollouts."""
    n = differences.shape[0]
    mean, low, high = mean_interval(differences[:, k])
    win_low, win_high = wilson_interval(wins[:, k].sum(), n)
    paired = mean_interval(differences[:, k] - differences[:, 0])
    win_paired = mean_interval(wins[:, k] - wins[:, 0])
    return ActionValue(action, n, mean, low, high, float(wins[:, k].mean()), win_low, win_high, *paired, *win_paired)


def identical_columns(differences: np.ndarray, wins: np.ndarray) -> list[list[int]]:
    """Groups of two or more columns equal in both arrays in every row, in column order."""
    groups: dict[bytes, list[int]] = {}
    for k in range(differences.shape[1]):
        groups.setdefault(differences[:, k].tobytes() + wins[:, k].tobytes(), []).append(k)
    return [group for group in groups.values() if len(group) > 1]


def _why(actions: list, world: Game, game_seed: int, policy_seed: int, policy: Any) -> Message:
    """What the first rollout shows about tied actions, replayed move by move in the readable engine
    (a position here: the open view with the generators' states, so that equal positions go on as
    one game): whether they left the same position, met in one later, or which parts of the final
    position still differed when the scores agreed."""
    paths = [_states(world, action, game_seed, policy_seed, policy) for action in actions]
    if all(path[0] == paths[0][0] for path in paths):
        return Message(
            "Replaying the first rollout, each of them leaves the same position (only the record of the move "
            "differs), so the rest is one game"
        )
    later = {state: moves for moves, state in enumerate(paths[0])}
    met = [
        next((max(moves, later[state]) for moves, state in enumerate(path) if state in later), None) for path in paths
    ]
    if None not in met:
        return Message(
            "Replaying the first rollout move by move, the games after them became one and the same game "
            "within {moves} more moves",
            moves=max(met),
        )
    ends = [json.loads(path[-1])[0] for path in paths]
    parts = set().union(*(_differing(ends[0], end) for end in ends[1:]))
    return Message(
        "Replaying the first rollout move by move, the games after them ended with the same scores in positions "
        "that differ only in {parts}",
        parts=view_parts(parts),
    )


def view_parts(parts: Iterable[str]) -> Terms:
    """Named parts of a view ("booked", "hands.0") as a learner reads them: each top-level part's
    words ("the booked cards"), in the language in force where they are read."""
    return Terms(VIEW_PARTS.get(top, top.replace("_", " ")) for top in sorted({part.split(".")[0] for part in parts}))


#: the parts of the games' open views that can differ when the scores agree, in words (`_why`); a
#: part not named here reads as its key
VIEW_PARTS = {
    "booked": N_("the booked cards"),
    "hands": N_("the hands"),
    "hand_sizes": N_("the sizes of the hands"),
    "deck": N_("the draw pile"),
    "decks": N_("the draw piles"),
    "discard_piles": N_("the discard piles"),
    "expeditions": N_("the expeditions"),
    "unseen": N_("the unseen cards"),
    "box": N_("the cards in the box"),
    "placed": N_("the cards placed"),
    "hotels": N_("the hotels"),
    "tokens": N_("the point tokens"),
    "tiles": N_("the hotel tiles"),
    "chosen": N_("the price cards chosen"),
    "used_cards": N_("the price cards used"),
    "groups": N_("the tourist groups"),
    "supply": N_("the tourists' supply"),
    "money_all": N_("the money"),
    "offer": N_("the building tiles on offer"),
    "order": N_("the order of play"),
}


def _differing(a: Any, b: Any, part: str = "") -> set[str]:
    """The named parts of two views that differ (a dictionary's keys, down to the deepest one named)."""
    if isinstance(a, dict) and isinstance(b, dict):
        found = set()
        for key in a.keys() | b.keys():
            found |= _differing(a.get(key), b.get(key), f"{part}.{key}" if part else str(key))
        return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return set().union(*(_differing(x, y, part) for x, y in zip(a, b)))
    return set() if a == b else {part or "the whole position"}


def _states(world: Game, action, game_seed: int, policy_seed: int, policy: Any) -> list[str]:
    """The positions of one rollout after `action`, one per move (`_rollout_seeded`, step by step)."""
    game, chance = world.clone(), Chance(policy_seed)
    game.chance = Chance(game_seed)
    game.apply(action)
    bots = rollout_bots(game, policy)
    states = [_state(game, chance)]
    while not game.is_over:
        bot = bots[game.current_player]
        game.apply(game.random_action(chance) if bot is None else bot.choose(game))
        states.append(_state(game, chance))
    return states


def _state(game: Game, chance: Chance) -> str:
    return json.dumps([game.open_view(), game.chance.state(), chance.state()], sort_keys=True, default=str)


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
        return None, N_("the readable engine was asked for")
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
