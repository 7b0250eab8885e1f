"""Compiled Lost Cities playouts: the readable engine's games, many times faster (benchmarks/fast.py says how many).

    >>> from kit.core import Chance
    >>> from kit.lostcities import LostCities, fast
    >>> game = LostCities(seed=7, rounds=1)
    >>> end = fast.play_out(game, Chance(1))
    >>> readable, chance = game.clone(), Chance(1)        # the readable engine, the same chance
    >>> while not readable.is_over:
    ...     readable.apply(readable.random_action(chance))
    >>> end.scores == readable.scores()                  # the readable engine ends the same way
    True

The kernel plays a position to its end (a round or a whole match; 2 players or the 4-player partner
variant, LC-7) with a policy per seat: the uniformly random policy of `LostCities.random_action`,
or the heuristic bot's policy (`kit.lostcities.heuristic.HeuristicBot`, with its parameters). It
draws chance exactly as the readable engine does, from the numba twin of the core's generator
(kit/kernels/chance.py: a state of two words, read from and written back to a `Chance`), so for
the same position and the same chance it plays the same actions and reaches the same scores. The test suite proves it
game by game (tests/lostcities/test_fast.py); the readable engine stays the reference.

numba is an optional extra (`pip install tablekit[fast]`). Without it every function here still
works, by playing the readable engine (slowly); `AVAILABLE` says which one you get.

Component data: the kernel reads the component set of the game it is given, and plays only one its
layout holds. `refusal(game)` is None for those, else the reason in one sentence; every entry point
raises `kit.core.errors.KernelRefused` (a ValueError) before playing a game it refuses (the parity
suite, tests/kernels/, proves both on edited copies of the component files).

Layout of a position in the kernel: one int64 row (see `_encode`), cards as ``16 * expedition +
value`` (investment cards have value 0), so that sorting codes sorts cards as the engine does.
A generator's state is two uint64 words (`kit.kernels.chance`: the key and the counter).

Speed (benchmarks/fast.py measures it against the C bitmask reference, benchmarks/lostcities_reference.c,
playing the very same games): the kernel runs without numba's runtime (`_nrt=False`), so arrays
passed between its functions are not reference-counted (those atomic counts took about 40% of the
time); it allocates nothing (the wrappers hand it its working space) and `play_new` seeds each
game's two generators just before playing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kit.core import Chance
from kit.core.errors import refuse
from kit.kernels import chance as kc

from . import heuristic, rules
from .actions import Discard, Draw, Pass, Play
from .game import LostCities
from .heuristic import HeuristicBot
from .scoring import BONUS, BONUS_CARDS, COST

try:  # the compiled path is optional: see the module's docstring
    import numba
    import numpy as np
except ImportError:  # pragma: no cover - exercised by the no-numba test in a subprocess
    numba = None
    np = None

AVAILABLE = numba is not None

# ------------------------------------------------------------------------------ the state row
PLAYERS, ROUNDS, ROUNDS_DONE, TOTAL0, TOTAL1, TO_MOVE, PHASE, DISCARDED_TO, STARTER, DECK_LEN = range(10)
PILE_LEN = 10  # 5 discard pile sizes
HAND_LEN = 15  # 4 hand sizes
BASE_LEN = 19  # size of the full deck (60 or 75)
HANDS = 20  # 4 hands of up to HAND_CAP cards, sorted
HAND_CAP = 16
DECK = HANDS + 4 * HAND_CAP  # the draw pile, top card last
DECK_CAP = 80
PILES = DECK + DECK_CAP  # 5 discard piles of up to PILE_CAP cards, top card last
PILE_CAP = 16
EXPEDITIONS = PILES + 5 * PILE_CAP  # [side][colour] -> cards, sum of values, investments, top value
BASE = EXPEDITIONS + 2 * 5 * 4  # the full deck in the order the engine shuffles it (LC-2)
WIDTH = BASE + DECK_CAP

PLAY_PHASE, DRAW_PHASE, OVER = 0, 1, 2
# Policies: what a seat does. The heuristic's parameters follow HeuristicBot's (see `policy_row`).
RANDOM, HEURISTIC = 0, 1
PARAMS = 5  # policy code, start threshold, invest threshold, tight gap, continue gap

# Recorded actions: kind * 2**16 + a * 2**8 + b
PLAY, DISCARD, DRAW, PASS, SCORE = range(5)
NO_ACTION = np.array([-1], np.int64) if AVAILABLE else None  # play_after's "no first action"
HAND_SIZE = rules.HAND_SIZE  # LC-2 (module attributes copied: the kernel reads plain globals)
PASS_MIN_HAND = rules.PASS_MIN_HAND  # LC-7
STEP_CAP = 1_000_000  # a safety net for the compiled loop only; no game of the engine comes near it
FAILED = -1  # `_play`'s answer when it could not finish a game (an invalid action, or STEP_CAP reached)


def _check(failed, what: str = "playout") -> None:
    """Turn the kernel's failure flag into an error: an unfinished or invalid game is never scored."""
    if failed:
        raise RuntimeError(
            f"the Lost Cities kernel could not finish {int(failed)} {what}(s) (an invalid action or "
            f"{STEP_CAP:,} steps): a bug in the kernel, or a position the engine would not reach"
        )


def _code(card) -> int:
    return 16 * card.expedition + card.value


# ------------------------------------------------------------------------- position <-> kernel
def _encode(game: LostCities):
    """One kernel row for `game`'s position (everything, hidden cards included: determinize first
    when a player's knowledge is what counts)."""
    row = np.zeros(WIDTH, np.int64)
    players = game.players
    row[PLAYERS], row[ROUNDS], row[ROUNDS_DONE] = players, game.settings.rounds, len(game.round_scores)
    row[TOTAL0], row[TOTAL1] = game.totals()
    row[TO_MOVE] = -1 if game.to_move is None else game.to_move
    row[PHASE] = {"play": PLAY_PHASE, "draw": DRAW_PHASE, "over": OVER}[game.phase]
    row[DISCARDED_TO] = -1 if game.discarded_to is None else game.discarded_to
    row[STARTER] = game.starters[-1]
    row[DECK_LEN] = len(game.deck)
    row[DECK : DECK + len(game.deck)] = [16 * e + v for e, v, _ in game.deck]  # _code, inlined: hot in searches
    for p, hand in enumerate(game.hands):
        row[HAND_LEN + p] = len(hand)
        row[HANDS + HAND_CAP * p : HANDS + HAND_CAP * p + len(hand)] = [16 * e + v for e, v, _ in hand]
    for e, pile in enumerate(game.discards):
        row[PILE_LEN + e] = len(pile)
        row[PILES + PILE_CAP * e : PILES + PILE_CAP * e + len(pile)] = [16 * x + v for x, v, _ in pile]
    for side, expeditions in enumerate(game.expeditions):
        for e, cards in enumerate(expeditions):
            at = EXPEDITIONS + 20 * side + 4 * e
            row[at] = len(cards)
            row[at + 1] = sum(c.value for c in cards)
            row[at + 2] = sum(1 for c in cards if c.value == 0)
            row[at + 3] = game.tops[side][e]
    row[BASE_LEN], row[BASE:] = _full_deck(game.components, players)
    return row


@lru_cache(maxsize=16)
def _full_deck(components, players: int):
    """The full deck's size, and its cards in the order LC-2 shuffles them (the same every game)."""
    base = components.deck(players)
    cards = np.zeros(DECK_CAP, np.int64)
    cards[: len(base)] = [_code(c) for c in base]
    return len(base), cards


def policy_row(policy) -> list[float]:
    """A seat's policy as kernel parameters (floats: a threshold of 12.5 stays 12.5): "random",
    "heuristic" or a HeuristicBot (its parameters read; not a subclass, which may choose otherwise:
    the kernel would play it as the plain bot). The gaps are heuristic.py's module constants, read
    when called, as the readable bot reads them."""
    if policy == "random":
        return [RANDOM] + [0.0] * (PARAMS - 1)
    if policy == "heuristic" or type(policy) is HeuristicBot:
        bot = HeuristicBot() if policy == "heuristic" else policy
        return [HEURISTIC, bot.start_threshold, bot.invest_threshold, heuristic.TIGHT_GAP, heuristic.CONTINUE_GAP]
    raise ValueError(f"the kernel plays 'random', 'heuristic' or a HeuristicBot (not a subclass), not {policy!r}")


def fits(policy) -> bool:
    """Whether the kernel plays `policy` (one for every seat, or a list of one per seat), numba installed."""
    seats = list(policy) if isinstance(policy, list | tuple) else [policy]
    return AVAILABLE and all(p in ("random", "heuristic") or type(p) is HeuristicBot for p in seats)


# --------------------------------------------------------------- the component sets it plays
# The layout above holds LC-1's deck only: 5 expeditions (5 discard piles, 5 expeditions a side),
# cards coded 16 * expedition + value, and in the bit-mask loop a hand as 12 bits an expedition:
# 3 investment cards, then the number cards 2..10 once each (LC-7's partner cards: 2, 3, 4 again).
# A component set the readable engine accepts but these do not hold is refused, never played.
KERNEL_EXPEDITIONS = 5
KERNEL_CARDS = {"base": (0, 0, 0, *range(2, 11)), "partner": (2, 3, 4)}  # values per expedition


def refusal(game: LostCities) -> str | None:
    """None when the kernel plays `game`'s component data and settings exactly as the readable
    engine does; else one sentence saying why not (the kernel's entry points raise it as
    `kit.core.errors.KernelRefused`, a ValueError, before playing)."""
    return _refusal(game.components, game.players)


@lru_cache(maxsize=16)
def _refusal(components, players: int) -> str | None:
    count = len(components.expeditions)
    if count != KERNEL_EXPEDITIONS:
        return (
            f"the fast engine plays {KERNEL_EXPEDITIONS} expeditions; this game has {count}: "
            "the readable engine is used"
        )
    if players not in (2, 4):
        return f"the fast engine plays 2 players or 4 partners; this game has {players}: the readable engine is used"
    for deck, cards in (("base", components.base_deck), ("partner", components.partner_extra)):
        for expedition in components.expeditions:
            values = tuple(sorted(c.value for c in cards if c.expedition == expedition.index))
            if values != KERNEL_CARDS[deck]:
                shown = " ".join("x" if v == 0 else str(v) for v in values) or "none"
                return (
                    f"the fast engine plays the rulebook's cards; the {deck} deck's {expedition.name} "
                    f"cards here are {shown}: the readable engine is used"
                )
    return None


def _params(policies, players: int):
    """The kernel's (4 x PARAMS) float64 parameter table: one row per seat, random for absent seats."""
    return np.array([policy_row(p) for p in policies] + [policy_row("random")] * (4 - players), np.float64)


def _policies(policies, players: int) -> list:
    if isinstance(policies, str) or isinstance(policies, HeuristicBot):
        return [policies] * players
    policies = list(policies)
    if len(policies) != players:
        raise ValueError(f"give one policy per seat ({players}), not {len(policies)}")
    return policies


def action_code(action) -> int:
    """An engine action as the kernel records it."""
    kind = type(action)
    if kind is Play:
        return (PLAY << 16) | _code(action.card)
    if kind is Discard:
        return (DISCARD << 16) | _code(action.card)
    if kind is Draw:
        return (DRAW << 16) | (0 if action.pile is None else 1 + action.pile)
    if kind is Pass:
        return (PASS << 16) | (_code(action.cards[0]) << 8) | _code(action.cards[1])
    raise TypeError(f"not a Lost Cities action: {action!r}")


def score_code(scores: Sequence[int]) -> int:
    """A round's scores (LC-5) as the kernel records them between actions (scores lie in -400..780)."""
    return (SCORE << 16) | ((scores[0] + 512) << 11) | (scores[1] + 512)


def engine_record(game: LostCities, start: int = 0) -> list[int]:
    """What the kernel records, taken from the readable engine's log: every action from history
    step `start` on, and each round's scores where the round ended."""
    record, step = [], 0
    for _rule, kind, *rest in game.log:
        if kind in ("play", "discard", "draw", "pass"):
            if step >= start:
                record.append(action_code(game.history[step]))
            step += 1
        elif kind == "score" and step > start:
            record.append(score_code(rest[1]["scores"]))
    return record


# ------------------------------------------------------------------------------- the results
@dataclass
class Outcome:
    """How a playout ended: each player's match total (as `LostCities.scores`) and, when recorded,
    every action and round score on the way (as `engine_record` writes them)."""

    scores: list[int]
    steps: int
    record: list[int] | None = None


def play_out(game: LostCities, chance: Chance, policies="random", record: bool = False) -> Outcome:
    """Play `game` (left unchanged) to its end with one policy per seat (or one for all).

    Random seats draw from `chance` (as `game.random_action(chance)` would); new rounds are dealt
    from `game.chance`. Neither generator is advanced: the kernel works on copies. Raises
    `KernelRefused` when `refusal(game)` is not None (as every entry point here does).
    """
    refuse(refusal(game))
    policies = _policies(policies, game.players)
    if not AVAILABLE:
        return _reference_outcome(game.clone(), chance.clone(), policies, record)
    rows = _encode(game)[None, :]
    params = _params(policies, game.players)
    states_game = kc.state(game.chance)[None, :]
    states_policy = kc.state(chance)[None, :]
    cap = 4096 if record else 0
    records = np.zeros((1, cap), np.int64)
    totals = np.zeros((1, 2), np.int64)
    steps = np.zeros(1, np.int64)
    _play_many(rows, params, states_game, states_policy, records, totals, steps, _scratch()[0])
    _check(steps[0] < 0)
    scores = [int(totals[0, p % 2]) for p in range(game.players)]
    recorded = None
    if record:
        if steps[0] > cap:
            raise RuntimeError("recorded playout longer than the record buffer")
        recorded = [int(c) for c in records[0] if c >= 0]
    return Outcome(scores, int(steps[0]), recorded)


def play_new(
    seeds: Sequence[int],
    policy_seeds: Sequence[int],
    policies="random",
    players: int = 2,
    rounds: int = 1,
    first_player: int = 0,
    record_cap: int = 0,
):
    """Many new games at once: game i is ``LostCities(players=players, rounds=rounds, seed=seeds[i],
    first_player=first_player)`` played out with ``Chance(policy_seeds[i])`` for its random seats;
    dealt and played in the kernel. Returns (totals: per game the two sides' match totals, steps,
    records: the first `record_cap` entries of each game's record, -1 after its end). Without
    numba the readable engine plays them (lists instead of arrays)."""
    if len(seeds) != len(policy_seeds):
        raise ValueError("give one policy seed per game seed")
    mentioned = _policies(policies, players)
    refuse(refusal(LostCities(players=players, rounds=rounds, first_player=first_player)))
    if not AVAILABLE:
        return _reference_new(seeds, policy_seeds, mentioned, players, rounds, first_player, record_cap)
    template = _encode(LostCities(players=players, rounds=rounds, first_player=first_player))
    params = _params(mentioned, players)
    totals = np.zeros((len(seeds), 2), np.int64)
    steps = np.zeros(len(seeds), np.int64)
    records = np.zeros((len(seeds), record_cap), np.int64)
    # each game's two generators are seeded in the kernel just before it is played: no big state arrays
    keys, policy_keys = kc.keys(seeds), kc.keys(policy_seeds)
    _new_many(template, first_player, params, keys, policy_keys, records, totals, steps, *_scratch())
    _check((steps < 0).sum(), "game")
    return totals, steps, records


def play_after(games: Sequence[LostCities], actions: Sequence, game_seeds, policy_seeds, policies="random"):
    """Rollouts for an advisor: for each position ``games[j]`` and each action ``actions[k]`` (legal
    in all of them), the match totals (J x K x 2) after taking the action and playing to the end.

    Position j deals later rounds from ``Chance(game_seeds[j])`` (not from its own generator) and its
    random seats draw from ``Chance(policy_seeds[j])``, the same fresh streams for every action
    (common random numbers: the actions are compared on the same luck). `reference_play_after` is
    the same on the readable engine."""
    for game in games:
        refuse(refusal(game))
    if not AVAILABLE:
        return reference_play_after(games, actions, game_seeds, policy_seeds, policies)
    players = games[0].players
    rows = np.stack([_encode(game) for game in games])
    params = _params(_policies(policies, players), players)
    codes = np.array([action_code(action) for action in actions], np.int64)
    totals = np.zeros((len(games), len(codes), 2), np.int64)
    _check(_after_many(rows, codes, params, kc.states(game_seeds), kc.states(policy_seeds), totals, *_scratch()))
    return totals


def reference_play_after(games, actions, game_seeds, policy_seeds, policies="random"):
    """`play_after` on the readable engine (the reference, and the path without numba)."""
    totals = []
    for game, game_seed, policy_seed in zip(games, game_seeds, policy_seeds):
        per_action = []
        for action in actions:
            copy = game.clone()
            copy.chance = Chance(game_seed)
            copy.apply(action)
            reference_play(copy, Chance(policy_seed), _policies(policies, copy.players))
            per_action.append(copy.totals())
        totals.append(per_action)
    return np.array(totals, np.int64) if np is not None else totals


def play_from(game: LostCities, policy_seed: int, policies="random") -> list[int]:
    """The two sides' match totals after playing `game` out with ``Chance(policy_seed)`` for its
    random seats and its own generator for later deals (a rollout for a search: one call, no copies)."""
    refuse(refusal(game))
    if not AVAILABLE:
        copy = game.clone()
        reference_play(copy, Chance(policy_seed), _policies(policies, game.players))
        return copy.totals()
    players = game.players
    params = _params(_policies(policies, players), players)
    more_rounds = len(game.round_scores) + 1 < game.settings.rounds
    states_game = kc.state(game.chance)[None, :] if more_rounds else np.zeros((1, kc.STATE), np.uint64)
    totals = np.zeros((1, 1, 2), np.int64)
    states_policy = kc.states([policy_seed])
    _check(_after_many(_encode(game)[None, :], NO_ACTION, params, states_game, states_policy, totals, *_scratch()))
    return [int(totals[0, 0, 0]), int(totals[0, 0, 1])]


def reference_play(game: LostCities, chance: Chance, policies) -> None:
    """The same playout on the readable engine (the reference; `game` and `chance` are advanced)."""
    bots = [None if p == "random" else (HeuristicBot() if p == "heuristic" else p) for p in policies]
    while not game.is_over:
        bot = bots[game.to_move]
        game.apply(game.random_action(chance) if bot is None else bot.choose(game))


def _reference_new(seeds, policy_seeds, policies, players, rounds, first_player, record_cap):
    """`play_new` on the readable engine."""
    totals, steps, records = [], [], []
    for seed, policy_seed in zip(seeds, policy_seeds):
        game = LostCities(players=players, rounds=rounds, seed=seed, first_player=first_player)
        reference_play(game, Chance(policy_seed), policies)
        record = engine_record(game)[:record_cap]
        totals.append(game.totals())
        steps.append(len(game.history))
        records.append(record + [-1] * (record_cap - len(record)))
    return totals, steps, records


def _reference_outcome(game: LostCities, chance: Chance, policies, record: bool) -> Outcome:
    start = len(game.history)
    reference_play(game, chance, policies)
    return Outcome(game.scores(), len(game.history) - start, engine_record(game, start) if record else None)


def _scratch():
    """The kernel's working space (it allocates nothing itself: see `_compile` at the end): a
    buffer for listing actions, a position row, and two generator states."""
    states = np.empty(kc.STATE, np.uint64), np.empty(kc.STATE, np.uint64)
    return np.empty(256, np.int64), np.empty(WIDTH, np.int64), *states


# ---------------------------------------------------------------------- the compiled functions
# Written once as plain Python; `numba.njit` compiles them when numba is there. They are also the
# documentation of the kernel, so they follow rules.py and heuristic.py line by line.
def _copy(source, target):
    """target[:] = source (a slice assignment would need numba's runtime, which the kernel goes without)."""
    for i in range(source.shape[0]):
        target[i] = source[i]


def _insort(row, at, length, card):
    """Insert `card` into the sorted cards row[at : at + length] (bisect.insort)."""
    i = at + length
    while i > at and row[i - 1] > card:
        row[i] = row[i - 1]
        i -= 1
    row[i] = card


def _remove(row, at, length, card):
    """Remove the first `card` from row[at : at + length] (list.remove)."""
    i = at
    while row[i] != card:
        i += 1
    for k in range(i, at + length - 1):
        row[k] = row[k + 1]


def _extend(row, at, value):
    """LC-3: a card of `value` (0: an investment card) joins the expedition kept at row[at : at + 4]."""
    row[at] += 1
    row[at + 1] += value
    if value:
        row[at + 3] = value
    else:
        row[at + 2] += 1


def _side_score(row, side):
    """LC-5 for one side's five expeditions."""
    total = 0
    for e in range(5):
        at = EXPEDITIONS + 20 * side + 4 * e
        count = row[at]
        if count:
            total += (row[at + 1] - COST) * (1 + row[at + 2]) + (BONUS if count >= BONUS_CARDS else 0)
    return total


def _setup_round(row, mt_game, starter):
    """LC-2: shuffle the full deck (Fisher-Yates as Chance.shuffle), deal 8 from its end to each."""
    size = row[BASE_LEN]
    for i in range(size):
        row[DECK + i] = row[BASE + i]
    for i in range(size - 1, 0, -1):
        j = kc.below(mt_game, i + 1)
        row[DECK + i], row[DECK + j] = row[DECK + j], row[DECK + i]
    for p in range(row[PLAYERS]):
        at = HANDS + HAND_CAP * p
        for k in range(HAND_SIZE):
            _insort(row, at, k, row[DECK + size - HAND_SIZE + k])
        row[HAND_LEN + p] = HAND_SIZE
        size -= HAND_SIZE
    row[DECK_LEN] = size
    for i in range(40):
        row[EXPEDITIONS + i] = 0
    for e in range(5):
        row[PILE_LEN + e] = 0
    row[TO_MOVE] = starter
    row[PHASE] = PLAY_PHASE
    row[DISCARDED_TO] = -1
    row[STARTER] = starter


def _end_of_round(row, mt_game, record, recorded):
    """LC-4, LC-5 and LC-6: score the round; the next one (its starter by LC-6), or the end."""
    s0, s1 = _side_score(row, 0), _side_score(row, 1)
    if recorded < record.shape[0]:
        record[recorded] = (SCORE << 16) | ((s0 + 512) << 11) | (s1 + 512)
    recorded += 1
    row[TOTAL0] += s0
    row[TOTAL1] += s1
    row[ROUNDS_DONE] += 1
    if row[ROUNDS_DONE] >= row[ROUNDS]:
        row[PHASE] = OVER
        row[TO_MOVE] = -1
        return recorded
    previous, players = row[STARTER], row[PLAYERS]
    t0, t1 = row[TOTAL0], row[TOTAL1]
    if players == 2:
        starter = 1 - previous if t0 == t1 else (0 if t0 > t1 else 1)
    else:
        following = (previous + 1) % players
        if t0 == t1:
            starter = following
        else:
            leader = 0 if t0 > t1 else 1
            starter = following if following % 2 == leader else (following + 1) % players
    _setup_round(row, mt_game, starter)
    return recorded


def _apply(row, action, mt_game, record, recorded):
    """Carry out one legal action (rules.play_to_expedition, discard, draw, pass_cards)."""
    if recorded < record.shape[0]:
        record[recorded] = action
    recorded += 1
    kind, a, b = action >> 16, (action >> 8) & 255, action & 255
    player = row[TO_MOVE]
    hand_at, length = HANDS + HAND_CAP * player, row[HAND_LEN + player]
    if kind == PLAY:
        _remove(row, hand_at, length, b)
        row[HAND_LEN + player] = length - 1
        _extend(row, EXPEDITIONS + 20 * (player % 2) + 4 * (b >> 4), b & 15)
        row[PHASE] = DRAW_PHASE
        row[DISCARDED_TO] = -1
    elif kind == DISCARD:
        _remove(row, hand_at, length, b)
        row[HAND_LEN + player] = length - 1
        e = b >> 4
        row[PILES + PILE_CAP * e + row[PILE_LEN + e]] = b
        row[PILE_LEN + e] += 1
        row[PHASE] = DRAW_PHASE
        row[DISCARDED_TO] = e
    elif kind == DRAW:
        if b == 0:
            row[DECK_LEN] -= 1
            card = row[DECK + row[DECK_LEN]]
        else:
            row[PILE_LEN + b - 1] -= 1
            card = row[PILES + PILE_CAP * (b - 1) + row[PILE_LEN + b - 1]]
        _insort(row, hand_at, length, card)
        row[HAND_LEN + player] = length + 1
        if row[DECK_LEN]:
            row[PHASE] = PLAY_PHASE
            row[DISCARDED_TO] = -1
            row[TO_MOVE] = (player + 1) % row[PLAYERS]
        else:
            recorded = _end_of_round(row, mt_game, record, recorded)
    else:  # PASS (LC-7)
        _remove(row, hand_at, length, a)
        _remove(row, hand_at, length - 1, b)
        row[HAND_LEN + player] = length - 2
        partner = (player + 2) % 4
        partner_at, partner_length = HANDS + HAND_CAP * partner, row[HAND_LEN + partner]
        _insort(row, partner_at, partner_length, a)
        _insort(row, partner_at, partner_length + 1, b)
        row[HAND_LEN + partner] = partner_length + 2
        row[TO_MOVE] = (player + 1) % 4
    return recorded


def _random_action(row, chance, buffer):
    """LostCities.random_action: one ``below(n)`` over the n distinct legal actions, counted in its
    order: the draw pile, then the discard piles by expedition; or each distinct card's discard,
    then each playable distinct card's play (hand order), then the 4-player game's passes."""
    player = row[TO_MOVE]
    if row[PHASE] == DRAW_PHASE:
        forbidden = row[DISCARDED_TO]
        n = 1
        for e in range(5):
            if e != forbidden and row[PILE_LEN + e]:
                n += 1
        pick = kc.below(chance, n)
        if pick:
            for e in range(5):
                if e != forbidden and row[PILE_LEN + e]:
                    pick -= 1
                    if not pick:
                        return (DRAW << 16) | (1 + e)
        return DRAW << 16
    hand_at, length = HANDS + HAND_CAP * player, row[HAND_LEN + player]
    tops_at = EXPEDITIONS + 20 * (player % 2) + 3
    cards, plays = 0, 0
    for i in range(length):
        card = row[hand_at + i]
        if i and row[hand_at + i - 1] == card:
            continue
        cards += 1
        top = row[tops_at + 4 * (card >> 4)]
        if not top or (card & 15) > top:
            plays += 1
    passes = 0
    if row[PLAYERS] == 4 and length - 2 >= PASS_MIN_HAND:
        for i in range(length):
            first = row[hand_at + i]
            if i and row[hand_at + i - 1] == first:
                continue
            if i + 1 < length and row[hand_at + i + 1] == first:
                buffer[passes] = (PASS << 16) | (first << 8) | first
                passes += 1
            for k in range(i + 1, length):
                second = row[hand_at + k]
                if second == first or row[hand_at + k - 1] == second:
                    continue
                buffer[passes] = (PASS << 16) | (first << 8) | second
                passes += 1
    pick = kc.below(chance, cards + plays + passes)
    if pick >= cards + plays:
        return buffer[pick - cards - plays]
    playing = pick >= cards
    if playing:
        pick -= cards
    for i in range(length):
        card = row[hand_at + i]
        if i and row[hand_at + i - 1] == card:
            continue
        if playing:
            top = row[tops_at + 4 * (card >> 4)]
            if top and (card & 15) <= top:
                continue
        if not pick:
            return ((PLAY if playing else DISCARD) << 16) | card
        pick -= 1
    return -1  # counted more actions than there are: a kernel bug (`_play` fails loudly)


def _popcount(bits):
    """How many bits are set (numba: one instruction, see the end of the module)."""
    return int(bits).bit_count()


def _lowest_bit(bits):
    """The index of the lowest set bit (numba: one instruction)."""
    return (int(bits) & -int(bits)).bit_length() - 1


def _kth_bit(bits, k):
    """The index of the k-th set bit, from 0 (numba on a CPU with BMI2: pdep and cttz)."""
    for _ in range(k):
        bits &= bits - 1
    return _lowest_bit(bits)


# A 2-player hand as a bit mask (the random rounds' fast loop, `_random_round`): bit 12 * e + r
# for a card of expedition e, r = 3..11 for the number cards 2..10 and r = 0, 1, 2 for its
# investment cards, packed from 0 (they are equal cards, so only how many counts). Set bits read
# from the lowest are the hand in the engine's sorted order. LC-1 fixes the 2-player deck (each
# expedition: 3 investment cards, 2..10 once), and components.py refuses any other.
def _bit(hand, code):
    """The bit that card `code` takes when it joins `hand`."""
    colour, value = code >> 4, code & 15
    if value:
        return 12 * colour + value + 1
    return 12 * colour + _popcount(hand & (7 << (12 * colour)))


def _mask(row, at, length):
    """The cards row[at : at + length] as a hand mask."""
    hand = 0
    for i in range(length):
        hand |= 1 << _bit(hand, row[at + i])
    return hand


def _unmask(hand, row, at):
    """Write the hand's cards, sorted, to row[at:]; returns how many."""
    n = 0
    while hand:
        bit = _lowest_bit(hand)
        hand &= hand - 1
        colour = bit // 12
        rank = bit - 12 * colour
        row[at + n] = 16 * colour + (rank - 1 if rank >= 3 else 0)
        n += 1
    return n


REPEATS = sum(6 << (12 * e) for e in range(5))  # a colour's 2nd and 3rd investment cards: one action with the 1st


def _playable(row, side):
    """The cards `side` may still play (LC-3.1), as a hand mask: a colour's every card while no
    number card lies there (investment cards too), else its numbers above the last one."""
    allowed = 0
    for e in range(5):
        top = row[EXPEDITIONS + 20 * side + 4 * e + 3]
        allowed |= (4095 & -(1 << (top + 2)) if top else 4095) << (12 * e)
    return allowed


def _random_round(row, chance):
    """The rest of a 2-player round with both seats random: what `_random_action` and `_apply` do,
    step by step, drawing the same numbers, with hands as bit masks (a card in and out in one
    operation, the k-th distinct or playable card a few bit operations). Stops after the draw that
    empties the draw pile (LC-4), hands written back; the caller scores the round. Returns the
    steps taken, or FAILED."""
    hands_0 = _mask(row, HANDS, row[HAND_LEN])
    hands_1 = _mask(row, HANDS + HAND_CAP, row[HAND_LEN + 1])
    playable_0, playable_1 = _playable(row, 0), _playable(row, 1)
    player, phase, forbidden, deck_len = row[TO_MOVE], row[PHASE], row[DISCARDED_TO], row[DECK_LEN]
    piles = 0  # bit e: discard pile e holds a card
    for e in range(5):
        if row[PILE_LEN + e]:
            piles |= 1 << e
    steps = 0
    while True:
        hand = hands_0 if player == 0 else hands_1
        if phase == PLAY_PHASE:
            playable = playable_0 if player == 0 else playable_1
            distinct = hand & ~REPEATS
            cards = _popcount(distinct)
            chosen = distinct & playable
            pick = kc.below(chance, cards + _popcount(chosen))
            playing = pick >= cards
            bit = _kth_bit(chosen, pick - cards) if playing else _kth_bit(distinct, pick)
            colour = bit // 12
            rank = bit - 12 * colour
            value = rank - 1 if rank >= 3 else 0
            if playing:
                _extend(row, EXPEDITIONS + 20 * player + 4 * colour, value)
                if value:  # LC-3.1: from now on only higher numbers of this colour
                    playable &= ~(((2 << rank) - 1) << (12 * colour))
                    if player == 0:
                        playable_0 = playable
                    else:
                        playable_1 = playable
                forbidden = -1
            else:
                size = row[PILE_LEN + colour]
                row[PILES + PILE_CAP * colour + size] = 16 * colour + value
                row[PILE_LEN + colour] = size + 1
                piles |= 1 << colour
                forbidden = colour
            if rank == 0:  # an investment card leaves: the highest of the packed ones
                bit = 12 * colour + _popcount(hand & (7 << (12 * colour))) - 1
            hand &= ~(1 << bit)
            steps += 1
        # the draw pile, or a discard pile other than the one just fed (LC-3.3)
        sources = piles & ~(1 << forbidden) if forbidden >= 0 else piles
        pick = kc.below(chance, 1 + _popcount(sources))
        if not pick:
            deck_len -= 1
            code = row[DECK + deck_len]
        else:
            e = _kth_bit(sources, pick - 1)
            size = row[PILE_LEN + e] - 1
            row[PILE_LEN + e] = size
            code = row[PILES + PILE_CAP * e + size]
            if not size:
                piles &= ~(1 << e)
        hand |= 1 << _bit(hand, code)
        steps += 1
        if player == 0:
            hands_0 = hand
        else:
            hands_1 = hand
        if not deck_len or steps >= STEP_CAP:
            break
        player = 1 - player
        phase = PLAY_PHASE
    row[DECK_LEN] = deck_len
    row[HAND_LEN] = _unmask(hands_0, row, HANDS)
    row[HAND_LEN + 1] = _unmask(hands_1, row, HANDS + HAND_CAP)
    row[TO_MOVE], row[PHASE], row[DISCARDED_TO] = player, DRAW_PHASE, forbidden
    return FAILED if deck_len else steps


def _colour_value(row, hand_at, length, colour):
    """heuristic._hand_value of the hand's cards of one colour."""
    total = 0
    for i in range(length):
        card = row[hand_at + i]
        if card >> 4 == colour:
            total += card & 15
    return total


def _heuristic_action(row, params, seat, buffer):
    """HeuristicBot.choose, step by step (see kit/lostcities/heuristic.py for the ideas)."""
    start_threshold, invest_threshold = params[seat, 1], params[seat, 2]
    tight_gap, continue_gap = params[seat, 3], params[seat, 4]
    player = row[TO_MOVE]
    side = player % 2
    mine = EXPEDITIONS + 20 * side
    if row[PHASE] == DRAW_PHASE:
        best_gap, best = 0, -1
        for colour in range(5):
            size = row[PILE_LEN + colour]
            if not size or colour == row[DISCARDED_TO] or not row[mine + 4 * colour]:
                continue
            value = row[PILES + PILE_CAP * colour + size - 1] & 15
            top = row[mine + 4 * colour + 3]
            if value > top:
                gap = value - max(top, 1) - 1
                if gap <= tight_gap and (best < 0 or gap < best_gap):
                    best_gap, best = gap, colour
        return (DRAW << 16) | (best + 1)
    hand_at, length = HANDS + HAND_CAP * player, row[HAND_LEN + player]
    turns_left = row[DECK_LEN] / row[PLAYERS]
    gap_allowed = continue_gap if turns_left > 4 else 10
    # 1. continue a started expedition (colours in the order the sorted hand shows them)
    best_gap, best = 0, -1
    i = 0
    while i < length:
        colour = row[hand_at + i] >> 4
        end = i
        while end < length and row[hand_at + end] >> 4 == colour:
            end += 1
        at = mine + 4 * colour
        if row[at]:
            top = row[at + 3]
            first = row[hand_at + i]
            if top == 0 and first & 15 == 0 and turns_left > 10:
                if _colour_value(row, hand_at, length, colour) >= invest_threshold:
                    return (PLAY << 16) | first
            for k in range(i, end):
                card = row[hand_at + k]
                if card & 15 > top:
                    gap = (card & 15) - max(top, 1) - 1
                    if gap <= gap_allowed and (best < 0 or gap < best_gap):
                        best_gap, best = gap, card
                    break
        i = end
    if best >= 0:
        return (PLAY << 16) | best
    # 2. start a new expedition, colours by hand value, highest first (a stable sort)
    if turns_left > 6:
        colours, values = buffer[200:205], buffer[205:210]  # scratch space
        count = 0
        i = 0
        while i < length:
            colour = row[hand_at + i] >> 4
            value = 0
            while i < length and row[hand_at + i] >> 4 == colour:
                value += row[hand_at + i] & 15
                i += 1
            k = count
            while k > 0 and values[k - 1] < value:
                colours[k], values[k] = colours[k - 1], values[k - 1]
                k -= 1
            colours[k], values[k] = colour, value
            count += 1
        for c in range(count):
            colour = colours[c]
            if row[mine + 4 * colour]:
                continue
            if values[c] < start_threshold:
                break
            investment, number = -1, -1
            for k in range(length):
                card = row[hand_at + k]
                if card >> 4 == colour:
                    if card & 15 == 0:
                        if investment < 0:
                            investment = card
                    elif number < 0:
                        number = card
            if investment >= 0 and values[c] >= invest_threshold and turns_left > 10:
                return (PLAY << 16) | investment
            if number >= 0:
                return (PLAY << 16) | number
    # 3. discard what matters least to us and helps the opponent least (the first such card)
    theirs = EXPEDITIONS + 20 * (1 - side)
    best_cost, best = 0.0, -1
    for k in range(length):
        card = row[hand_at + k]
        colour, value = card >> 4, card & 15
        started = row[mine + 4 * colour] > 0
        useful = value > row[mine + 4 * colour + 3] or (value == 0 and not started)
        cost = 0.0
        if useful:
            if started:
                cost = 10.0 + value
            else:
                cost = _colour_value(row, hand_at, length, colour) / 3
        if row[theirs + 4 * colour] and value > row[theirs + 4 * colour + 3]:
            cost = cost + (8 + value)
        if best < 0 or cost < best_cost:
            best_cost, best = cost, card
    return (DISCARD << 16) | best


def _play(row, params, mt_game, mt_policy, record, buffer):
    """Play the position in `row` to its end; returns the number of actions taken, or FAILED (an
    invalid action code, or STEP_CAP actions without an end: the wrappers raise, never score it)."""
    recorded = 0
    steps = 0
    # random 2-player rounds, unrecorded (rollouts, benchmarks): the bit-mask loop, a round at a time
    random_rounds = row[PLAYERS] == 2 and params[0, 0] == RANDOM and params[1, 0] == RANDOM and not record.shape[0]
    while row[PHASE] != OVER:
        if steps >= STEP_CAP:
            return FAILED
        if random_rounds:
            taken = _random_round(row, mt_policy)
            if taken < 0:
                return FAILED
            steps += taken
            recorded = _end_of_round(row, mt_game, record, recorded)
            continue
        seat = row[TO_MOVE]
        if params[seat, 0] == RANDOM:
            action = _random_action(row, mt_policy, buffer)
        else:
            action = _heuristic_action(row, params, seat, buffer)
        if action < 0:
            return FAILED
        recorded = _apply(row, action, mt_game, record, recorded)
        steps += 1
    for k in range(recorded, record.shape[0]):
        record[k] = -1
    return steps


def _play_many(rows, params, states_game, states_policy, records, totals, steps, buffer):
    """Play every row to its end (rows and states are changed in place)."""
    for r in range(rows.shape[0]):
        steps[r] = _play(rows[r], params, states_game[r], states_policy[r], records[r], buffer)
        totals[r, 0] = rows[r, TOTAL0]
        totals[r, 1] = rows[r, TOTAL1]


def _new_many(
    template,
    first_player,
    params,
    keys_game,
    keys_policy,
    records,
    totals,
    steps,
    buffer,
    row,
    mt_game,
    mt_policy,
):
    """Deal a new game for each pair of seeds (LC-2, as the engine's set-up) and play it out."""
    for r in range(keys_game.shape[0]):
        _copy(template, row)
        mt_game[kc.KEY], mt_game[kc.COUNTER] = keys_game[r], 0
        mt_policy[kc.KEY], mt_policy[kc.COUNTER] = keys_policy[r], 0
        _setup_round(row, mt_game, first_player)
        steps[r] = _play(row, params, mt_game, mt_policy, records[r], buffer)
        totals[r, 0] = row[TOTAL0]
        totals[r, 1] = row[TOTAL1]


def _after_many(rows, actions, params, states_game, states_policy, totals, buffer, row, mt_game, mt_policy):
    """`play_after` in the kernel: every row with every first action; returns how many playouts failed."""
    no_record = buffer[:0]
    failed = 0
    for j in range(rows.shape[0]):
        for k in range(actions.shape[0]):
            _copy(rows[j], row)
            _copy(states_game[j], mt_game)
            _copy(states_policy[j], mt_policy)
            if actions[k] >= 0:
                _apply(row, actions[k], mt_game, no_record, 0)
            if _play(row, params, mt_game, mt_policy, no_record, buffer) < 0:
                failed += 1
            totals[j, k, 0] = row[TOTAL0]
            totals[j, k, 1] = row[TOTAL1]
    return failed


def _bit_intrinsics():
    """`_popcount` and `_lowest_bit` as the single LLVM instructions (ctpop, cttz) for int64 masks."""
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    def unary(build):
        @intrinsic
        def bits_of(typingctx, bits):
            def codegen(context, builder, signature, args):
                value = context.cast(builder, args[0], signature.args[0], types.int64)
                return build(builder, value)

            return types.int64(bits), codegen

        return bits_of

    return unary(lambda b, v: b.ctpop(v)), unary(lambda b, v: b.cttz(v, cgutils.false_bit))


def _deposit_kth_bit():
    """`_kth_bit` as two instructions, pdep and cttz, for a CPU with BMI2 (None on other CPUs, or
    when numba compiles for another CPU than this one: the loop then stays)."""
    from llvmlite import binding, ir
    from numba.core import cgutils, config, types
    from numba.extending import intrinsic

    if config.CPU_NAME or config.CPU_FEATURES or not binding.get_host_cpu_features().get("bmi2"):
        return None

    @intrinsic
    def kth_bit(typingctx, bits, k):
        def codegen(context, builder, signature, args):
            word = ir.IntType(64)
            mask = context.cast(builder, args[0], signature.args[0], types.int64)
            index = context.cast(builder, args[1], signature.args[1], types.int64)
            pdep_type = ir.FunctionType(word, [word, word])
            pdep = cgutils.get_or_insert_function(builder.module, pdep_type, "llvm.x86.bmi.pdep.64")
            deposited = builder.call(pdep, [builder.shl(ir.Constant(word, 1), index), mask])
            return builder.cttz(deposited, cgutils.false_bit)

        return types.int64(bits, k), codegen

    return kth_bit


if AVAILABLE:
    # numba's cache watches this file only: the constants baked in from rules.py and scoring.py are
    # watched by a stamp (kit/kernels/kernel_cache.py), which clears the cache when either changes
    from pathlib import Path

    from kit.kernels.kernel_cache import compile_in_place, refresh

    from . import scoring

    _CACHE_SOURCES = [Path(__file__), Path(rules.__file__), Path(scoring.__file__), *kc.SOURCES]
    refresh(__file__, _CACHE_SOURCES)
    # _nrt=False: no numba runtime, so no reference counting of the arrays passed from function to
    # function (atomic increments and decrements that took about 40% of the time); the kernel
    # allocates nothing itself, the wrappers above hand it its working space (`_scratch`).
    # `_nrt` is a private option of numba's CPU target (there since 0.4x): should a later numba drop
    # it, the kernel compiles with the runtime instead, slower but the same games.
    try:
        from numba.core.options import DefaultOptions

        _runtime_free = hasattr(DefaultOptions, "_nrt")
    except ImportError:  # pragma: no cover - a numba laid out otherwise
        _runtime_free = False
    _options = dict(boundscheck=False, _nrt=False) if _runtime_free else dict(boundscheck=False)
    PLAIN_BIT_COUNTS = {"_popcount": _popcount, "_lowest_bit": _lowest_bit}  # for tests of the plain twins
    _popcount, _lowest_bit = _bit_intrinsics()
    _deposit = _deposit_kth_bit()
    if _deposit is not None:
        PLAIN_BIT_COUNTS["_kth_bit"] = _kth_bit
        _kth_bit = _deposit
    compile_in_place(
        globals(),
        [
            "_copy",
            "_insort",
            "_remove",
            "_extend",
            "_side_score",
            "_setup_round",
            "_end_of_round",
            "_apply",
            "_random_action",
            "_bit",
            "_mask",
            "_unmask",
            "_playable",
            *(["_kth_bit"] if _deposit is None else []),  # the loop, where pdep is not at hand
            "_random_round",
            "_colour_value",
            "_heuristic_action",
            "_play",
            "_play_many",
            "_new_many",
            "_after_many",
        ],
        inlined={"_insort", "_remove", "_extend", "_random_action", "_apply", "_bit"},
        **_options,
    )
