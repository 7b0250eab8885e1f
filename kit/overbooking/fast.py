"""Compiled Overbooking playouts: the readable engine's games, for the advisor's many rollouts.

    >>> from kit.core import Chance
    >>> from kit.overbooking import Overbooking, fast
    >>> game = Overbooking(players=4, seed=6)
    >>> end = fast.play_out(game, Chance(1))
    >>> readable, chance = game.clone(), Chance(1)        # the readable engine, the same chance
    >>> while not readable.is_over:
    ...     readable.apply(readable.random_action(chance))
    >>> end.scores == readable.scores()                  # the readable engine ends the same way
    True

Entry points: `play_out` (one playout, optionally recorded), `play_after` and `advisor_rollouts`
(every action from every determinized world: kit/sim/advice.py's fast path), `play_from` (one
rollout for a search such as ISMCTS, with `Outcome.shares`).

The kernel plays a position to its end (stages 1 to 3 of every round left, OB-4 ... OB-8) with a
policy per seat: the uniformly random policy of `Overbooking.random_action`, or the heuristic bot's
(`kit.overbooking.heuristic.HeuristicBot`, with its parameters). It draws chance exactly as the
readable engine does: the policy's choices from one generator, the hotel sides of new tiles (OB-7)
from the game's own, both copied from their `Chance` (the numba twin of the core's generator,
`kit.kernels.chance`). So for the same position and the same
chance it plays the same actions and reaches the same scores; tests/overbooking/test_fast.py proves
it game by game. The readable engine (rules.py) stays the reference: every function below follows
its namesake there, without the event log, the texts and the checks of actions it already knows
are legal.

numba is an optional extra (`pip install tablekit[fast]`). Without it every public function still
works, by playing the readable engine; `AVAILABLE` says which one you get.

Component data: the kernel reads the component set of the game it is given, and plays only one its
layout holds. `refusal(game)` is None for those, else the reason in one sentence; every entry point
raises `kit.core.errors.KernelRefused` (a ValueError) before playing a game it refuses (the parity
suite, tests/kernels/, proves both on edited copies of the component files).

Layout: a position is one int64 row (see `_encode`). A card is its rank in its owner's deck
(`Overbooking.card_order`, 0..23: crest * 6 + guest type), so that sorting codes sorts a hand as the
engine does; a card lying at a hotel also names its owner: ``24 * owner + rank`` (each card is one
of a kind, so that number is also the identity of its slot). Component data (beds, coins, hotel
sides, score card) goes in a separate table row (`_table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kit.core import Chance
from kit.core.errors import beyond_capacity, refuse

# the shared generator, imported outside the numba guard below: a rename there must fail loudly
# here, not fall back to the readable engine unnoticed
from kit.kernels import chance as kc

from .actions import Hold, Place, Target
from .components import GUEST_TYPES, Components
from .game import Overbooking
from .heuristic import HeuristicBot

try:  # the compiled path is optional: see the module's docstring
    import numba
    import numpy as np
except ImportError:  # pragma: no cover - exercised by the no-numba test in a subprocess
    numba = None
    np = None

AVAILABLE = numba is not None

# ------------------------------------------------------------------------------ the state row
(PLAYERS, ROUNDS, ROUND, STAGE, TO_MOVE, START, TURN, TOKENS_LEFT, CHECKING, FREE, PENDING, HAND_SIZE,
 PER_ROUND, BED_CHANGE, QUEUE_LIMIT, BACK_LIMIT, SCORE_CARD, TILES_LEN, PRIORITY_LEN, DOOR_LEN) = range(20)  # fmt: skip
ORDER = 20  # 4 seats in turn order (OB-3)
TOKENS = 24  # 4 players' point tokens
HAND_LEN = 28
DECK_LEN = 32
BOOKED_COINS = 36
BOOKED_COUNT = 40
BOOKED_CREST = 44  # [player][crest] booked cards of each family (OB-8's score card)
HANDS = 64  # 4 hands of up to CAP cards, in the engine's order
CAP = 24
DECKS = HANDS + 4 * CAP  # 4 decks, top card last
TILES = DECKS + 4 * CAP  # the stack of hotel tiles, top last
TILE_CAP = 16
PRIORITY = TILES + TILE_CAP  # stage 2: the slots nobles gave priority to (OB-5.2)
DOOR = PRIORITY + 32  # stage 2: the back-door cards still to act, nearest first
HOTELS = DOOR + 32
# a hotel: its tile, side (0 = A, 1 = B), beds, rule, the guest type its rule names, point token,
# sides used (bit 0 = A, bit 1 = B), queue and back-door lengths, which queue places lie face up
# (bit i: position i, stage 1 only: what the heuristic reads), then the queue and the back door
H_TILE, H_SIDE, H_BEDS, H_RULE, H_RULE_KIND, H_TOKEN, H_SIDES, H_QLEN, H_BLEN, H_FACE_UP = range(10)
H_QUEUE = 10
QUEUE_CAP = 48  # the stage-1 limit (at most 24) and every monk of the back door
H_BACK = H_QUEUE + QUEUE_CAP
BACK_CAP = 24
HOTEL_WIDTH = H_BACK + BACK_CAP
WIDTH = HOTELS + 4 * HOTEL_WIDTH

STAGE_OVER = 4  # the engine's stage after OB-8
RULES = ("none", "two_crests", "queue_5", "small_only", "large_only", "face_up", "first", "no")
R_NONE, R_TWO_CRESTS, R_QUEUE_5, R_SMALL, R_LARGE, R_FACE_UP, R_FIRST, R_NO = range(8)
MONK, MERCHANT, MAID, NOBLE, SOLDIER, WORKER = range(6)  # GUEST_TYPES' order: a card's ability

# --------------------------------------------------------------------------- the component table
T_BEDS, T_COINS, T_KIND, T_CREST = 0, 24, 48, 72  # per card rank
T_HOTEL_BEDS = 96  # per 2 * tile + side (tiles 1..99)
T_HOTEL_RULE = T_HOTEL_BEDS + 200
T_HOTEL_KIND = T_HOTEL_RULE + 200
T_BONUS = T_HOTEL_KIND + 200  # the score card's points for 0..24 booked cards of one family
TABLE_WIDTH = T_BONUS + 25

# Policies: what a seat does, in one float row per seat; the heuristic's parameters are HeuristicBot's
RANDOM, HEURISTIC = 0, 1
(P_POLICY, P_KEEP, P_SMALL, P_LARGE, P_SURE, P_LIKELY, P_UNLIKELY, P_SPARE, P_SMALL_BONUS,
 P_CARD_COST) = range(10)  # fmt: skip
PARAMS = 10
V_MINE = 0  # the heuristic's view of a hotel (`_hotel_views`): whether it queues there, then 1..6
VIEW_WIDTH = 7

# Recorded actions: kind * 2**16 + detail (place: rank * 2**8 + 2 * hotel index + side, 1 = queue)
PLACE, HOLD, TARGET = range(3)
STEP_CAP = 100_000  # a safety net for the compiled loop only; no game comes near it
FAILED = -1  # `_play`'s answer when it could not finish a game (an invalid action, or STEP_CAP reached)


def _check(failed) -> None:
    """Turn the kernel's failure flag into an error: an unfinished or invalid game is never scored."""
    if failed:
        raise RuntimeError(
            f"the Overbooking kernel could not finish {int(failed)} playout(s) (an invalid action or "
            f"{STEP_CAP:,} steps): a bug in the kernel, or a position the engine would not reach"
        )


def _rule_code(rule: str) -> tuple[int, int]:
    kind, _, guest = rule.partition(":")
    if guest:
        return RULES.index(kind), GUEST_TYPES.index(guest)
    return RULES.index(rule), -1


@lru_cache(maxsize=16)
def _table(components: Components, score_card: str | None):
    table = np.zeros(TABLE_WIDTH, np.int64)
    deck = components.decks[components.colours[0]]
    for rank, card in enumerate(deck):  # the decks list crest by crest, guest type by type: the rank
        table[T_BEDS + rank] = card.beds
        table[T_COINS + rank] = card.coins
        table[T_KIND + rank] = GUEST_TYPES.index(card.kind)
        table[T_CREST + rank] = components.crests.index(card.crest)
    for tile, sides in components.hotels.items():
        for s, side in enumerate("AB"):
            rule, kind = _rule_code(sides[side].rule)
            table[T_HOTEL_BEDS + 2 * tile + s] = sides[side].beds
            table[T_HOTEL_RULE + 2 * tile + s] = rule
            table[T_HOTEL_KIND + 2 * tile + s] = kind
    if score_card is not None:
        points = components.score_cards[score_card]
        for count in range(25):
            if count == 0:
                table[T_BONUS] = points.get(0, 0)
            else:
                table[T_BONUS + count] = max((p for need, p in points.items() if 0 < need <= count), default=0)
    return table


def _encode(game: Overbooking):
    """One kernel row for `game`'s position (everything, hidden cards included: determinize first
    when a player's knowledge is what counts)."""
    row = np.zeros(WIDTH, np.int64)
    c, rank = game.components, game._rank
    players = game.players
    row[PLAYERS], row[ROUNDS], row[ROUND], row[STAGE] = players, c.rounds, game.round, game.stage
    row[TO_MOVE] = -1 if game.to_move is None else game.to_move
    row[START], row[TURN], row[TOKENS_LEFT] = game.start, game.turn, game.tokens_left
    row[HAND_SIZE], row[PER_ROUND], row[BED_CHANGE] = c.hand_size, c.cards_per_round, c.bed_change
    row[QUEUE_LIMIT], row[BACK_LIMIT] = c.queue_limit, c.back_door_limit
    row[SCORE_CARD] = 0 if game.settings.score_card is None else 1
    row[ORDER : ORDER + players] = game.order
    row[TOKENS : TOKENS + players] = game.tokens
    crests = c.crests
    for p in range(players):
        hand, deck, booked = game.hands[p], game.decks[p], game.booked[p]
        row[HAND_LEN + p], row[DECK_LEN + p] = len(hand), len(deck)
        row[HANDS + CAP * p : HANDS + CAP * p + len(hand)] = [rank[card.crest, card.kind] for card in hand]
        row[DECKS + CAP * p : DECKS + CAP * p + len(deck)] = [rank[card.crest, card.kind] for card in deck]
        row[BOOKED_COINS + p] = sum(card.coins for card in booked)
        row[BOOKED_COUNT + p] = len(booked)
        for card in booked:
            row[BOOKED_CREST + 4 * p + crests.index(card.crest)] += 1
    row[TILES_LEN] = len(game.tiles)
    row[TILES : TILES + len(game.tiles)] = game.tiles

    def slot_id(slot) -> int:
        return 24 * slot.owner + rank[slot.card.crest, slot.card.kind]

    for h, hotel in enumerate(game.hotels):
        at = HOTELS + HOTEL_WIDTH * h
        rule, kind = _rule_code(hotel.rule)
        row[at + H_TILE], row[at + H_SIDE], row[at + H_BEDS] = hotel.tile, "AB".index(hotel.side), hotel.beds
        row[at + H_RULE], row[at + H_RULE_KIND], row[at + H_TOKEN] = rule, kind, hotel.token
        row[at + H_SIDES] = ("A" in hotel.sides_used) + 2 * ("B" in hotel.sides_used)
        row[at + H_QLEN], row[at + H_BLEN] = len(hotel.queue), len(hotel.back)
        row[at + H_QUEUE : at + H_QUEUE + len(hotel.queue)] = [slot_id(s) for s in hotel.queue]
        row[at + H_FACE_UP] = sum(1 << i for i, s in enumerate(hotel.queue) if s.face_up)
        row[at + H_BACK : at + H_BACK + len(hotel.back)] = [slot_id(s) for s in hotel.back]
    if game.stage == 2:
        row[CHECKING], row[FREE], row[PENDING] = game.checking, game.free, game.pending is not None
        row[PRIORITY_LEN], row[DOOR_LEN] = len(game.priority), len(game.door)
        row[PRIORITY : PRIORITY + len(game.priority)] = [slot_id(s) for s in game.priority]
        row[DOOR : DOOR + len(game.door)] = [slot_id(s) for s in game.door]
    return row


def action_code(game: Overbooking, action) -> int:
    """An engine action as the kernel records it."""
    kind = type(action)
    if kind is Place:
        card = game.card_in_hand(game.to_move, action.card)
        rank = game.card_order(card)
        return (PLACE << 16) | (rank << 8) | (2 * (action.hotel - 1)) | (action.where == "queue")
    if kind is Hold:
        return HOLD << 16
    if kind is Target:
        return (TARGET << 16) | action.position
    raise TypeError(f"not an Overbooking action: {action!r}")


def engine_record(game: Overbooking, start: int = 0) -> list[int]:
    """The actions from history step `start` on, as the kernel records them (replayed to know each
    card's rank in the hand of the player who placed it)."""
    replay = type(game)(game.settings)
    record = []
    for step, action in enumerate(game.history):
        if step >= start:
            record.append(action_code(replay, action))
        replay.apply(action)
    return record


# ------------------------------------------------------------------------------- the results
@dataclass
class Outcome:
    """How a playout ended: each player's final score (as `Overbooking.scores`), the winners (as
    `Overbooking.winners`) and, when recorded, every action on the way (as `engine_record`)."""

    scores: list[int]
    winners: list[int]
    steps: int
    record: list[int] | None = None

    @property
    def shares(self) -> list[float]:
        """Each player's share of the win (as `kit.bots.rollout.win_shares`: 1/k to each of k winners)."""
        return [1 / len(self.winners) if p in self.winners else 0.0 for p in range(len(self.scores))]


def policy_row(policy) -> list[float]:
    """A seat's policy as kernel parameters: "random", "heuristic" or a HeuristicBot (its parameters
    read; a subclass, which may choose otherwise, is not the kernel's to play)."""
    if policy == "random":
        return [RANDOM] + [0.0] * (PARAMS - 1)
    if policy == "heuristic" or type(policy) is HeuristicBot:
        bot = HeuristicBot() if policy == "heuristic" else policy
        return [
            HEURISTIC,
            bot.keep_value,
            bot.guess["small"],
            bot.guess["large"],
            bot.sure,
            bot.likely,
            bot.unlikely,
            bot.spare_beds,
            bot.small_bonus,
            bot.card_cost,
        ]
    raise ValueError(f"the Overbooking kernel plays 'random', 'heuristic' or a HeuristicBot, not {policy!r}")


def fits(policy) -> bool:
    """Whether the kernel plays `policy` (one for every seat, or a list of one per seat)."""
    policies = policy if isinstance(policy, list | tuple) else [policy]
    try:
        for one in policies:
            policy_row(one)
    except ValueError:
        return False
    return True


def refusal(game: Overbooking) -> str | None:
    """None when the kernel plays `game`'s component data and player count exactly as the readable
    engine does (it reads them from `_table` and the row); else one sentence saying which part the
    row cannot hold (the entry points raise it as `kit.core.errors.KernelRefused`, a ValueError,
    before playing)."""
    return _refusal(game.components, game.players)


@lru_cache(maxsize=16)
def _refusal(c: Components, players: int) -> str | None:
    queue_5 = any(side.rule == "queue_5" for sides in c.hotels.values() for side in sides.values())
    scored = max((guests for card in c.score_cards.values() for guests in card), default=0)
    limits = [
        (players, 4, "players"),
        (max(len(deck) for deck in c.decks.values()), CAP, "cards in a deck"),
        (c.hand_size, CAP, "cards in a hand"),
        (len(c.crests), 4, "crests"),
        (max(c.beds.values()), VIEW_WIDTH - 1, "beds on a guest card"),
        (max(c.queue_limit, 5 if queue_5 else 0) + c.back_door_limit, QUEUE_CAP, "cards in a queue"),
        (c.back_door_limit, BACK_CAP, "cards at a back door"),
        (len(c.hotels), TILE_CAP, "hotel tiles"),
        (max(c.hotels), (T_HOTEL_RULE - T_HOTEL_BEDS) // 2 - 1, "hotel tile numbers"),
        (scored, TABLE_WIDTH - T_BONUS - 1, "guests on a score card"),
    ]
    return beyond_capacity(limits)


def _policies(policy, players: int) -> list:
    policies = list(policy) if isinstance(policy, list | tuple) else [policy] * players
    if len(policies) != players:
        raise ValueError(f"give one policy per seat ({players}), not {len(policies)}")
    for one in policies:
        policy_row(one)  # refused here, before anything is played
    return policies


def _params(policies):
    return np.array([policy_row(p) for p in policies] + [policy_row("random")] * (4 - len(policies)), np.float64)


def play_out(game: Overbooking, chance: Chance, policy="random", record: bool = False) -> Outcome:
    """Play `game` (left unchanged) to its end with one policy for every seat (or a list of one per
    seat): random seats draw uniformly random legal actions from `chance` (as
    `game.random_action(chance)`); new hotel tiles' sides come from `game.chance`. Neither generator
    is advanced: the kernel works on copies. Raises `KernelRefused` when `refusal(game)` is not
    None (as every entry point here does)."""
    refuse(refusal(game))
    policies = _policies(policy, game.players)
    if not AVAILABLE:
        copy = game.clone()
        start = len(copy.history)
        reference_play(copy, chance.clone(), policies)
        recorded = engine_record(copy, start) if record else None
        return Outcome(copy.scores(), copy.winners(), len(copy.history) - start, recorded)
    return _compiled_play(game, kc.state(chance), policies, record)


def _compiled_play(game: Overbooking, mt_policy, policies, record: bool) -> Outcome:
    row = _encode(game)
    table = _table(game.components, game.settings.score_card)
    records = np.zeros(4096 if record else 0, np.int64)
    # the game's generator only draws new hotel sides between rounds (OB-7): none after the last
    mt_game = kc.state(game.chance) if game.round < game.components.rounds else np.zeros_like(mt_policy)
    steps = _play(row, table, _params(policies), mt_game, mt_policy, records)
    _check(steps < 0)
    if record and steps > len(records):
        raise RuntimeError("recorded playout longer than the record buffer")
    scores, counts = np.zeros(game.players, np.int64), np.zeros(game.players, np.int64)
    _scores(row, table, scores, counts)
    recorded = [int(code) for code in records[:steps]] if record else None
    return Outcome(scores.tolist(), _winners(scores.tolist(), counts.tolist()), int(steps), recorded)


def _winners(scores, counts) -> list[int]:
    best = [p for p in range(len(scores)) if scores[p] == max(scores)]
    most = max(counts[p] for p in best)
    return [p for p in best if counts[p] == most]


def play_after(games: Sequence[Overbooking], actions: Sequence, game_seeds, policy_seeds, policy="random"):
    """Rollouts for an advisor: for each position ``games[j]`` and each action ``actions[k]`` (legal
    in all of them), each player's final score and booked cards (two J x K x P arrays) after taking
    the action and playing to the end.

    Position j draws new hotel sides from ``Chance(game_seeds[j])`` (not from its own generator) and
    its seats play from ``Chance(policy_seeds[j])``, the same fresh streams for every action (common
    random numbers). `reference_play_after` is the same on the readable engine."""
    for game in games:
        refuse(refusal(game))
    policies = _policies(policy, games[0].players)
    if not AVAILABLE:
        return reference_play_after(games, actions, game_seeds, policy_seeds, policies)
    first = games[0]
    rows = np.stack([_encode(game) for game in games])
    codes = np.array([action_code(first, action) for action in actions], np.int64)
    scores = np.zeros((len(games), len(codes), first.players), np.int64)
    counts = np.zeros_like(scores)
    table = _table(first.components, first.settings.score_card)
    states_game, states_policy = kc.states(game_seeds), kc.states(policy_seeds)
    _check(_after_many(rows, codes, table, _params(policies), states_game, states_policy, scores, counts))
    return scores, counts


def advisor_rollouts(worlds, actions, viewer: int, game_seeds, policy_seeds, policy="random"):
    """`play_after` as the advisor reads it (kit/sim/advice.py's fast-path hook): for world j and
    action k, `viewer`'s final score minus the best other score, and `viewer`'s share of the win
    (OB-8's winners: most points, then most booked cards; k tied winners get 1/k each)."""
    scores, counts = play_after(worlds, actions, game_seeds, policy_seeds, policy)
    scores, counts = np.asarray(scores), np.asarray(counts)
    others = np.delete(scores, viewer, axis=2).max(axis=2)
    best = scores == scores.max(axis=2, keepdims=True)
    booked = np.where(best, counts, -1)
    winners = booked == booked.max(axis=2, keepdims=True)
    return scores[:, :, viewer] - others, winners[:, :, viewer] / winners.sum(axis=2)


def reference_play_after(games, actions, game_seeds, policy_seeds, policy="random"):
    """`play_after` on the readable engine (the reference, and the path without numba)."""
    scores, counts = [], []
    policies = _policies(policy, games[0].players)
    for game, game_seed, policy_seed in zip(games, game_seeds, policy_seeds):
        row_scores, row_counts = [], []
        for action in actions:
            copy = game.clone()
            copy.chance = Chance(game_seed)
            copy.apply(action)
            reference_play(copy, Chance(policy_seed), policies)
            row_scores.append(copy.scores())
            row_counts.append([len(b) for b in copy.booked])
        scores.append(row_scores)
        counts.append(row_counts)
    if np is None:
        return scores, counts
    return np.array(scores, np.int64), np.array(counts, np.int64)


def play_from(game: Overbooking, policy_seed: int, policy="random") -> Outcome:
    """Play `game` (left unchanged) to its end with ``Chance(policy_seed)`` for every seat and its
    own generator for new hotel sides: one rollout for a search (ISMCTS: `Outcome.shares` are the
    players' win shares), with no copy of the game and the seat's generator seeded in the kernel."""
    refuse(refusal(game))
    policies = _policies(policy, game.players)
    if not AVAILABLE:
        return play_out(game, Chance(policy_seed), policies)
    return _compiled_play(game, kc.states([policy_seed])[0], policies, False)


def reference_play(game: Overbooking, chance: Chance, policy="random") -> None:
    """The same playout on the readable engine (the reference; `game` and `chance` are advanced)."""
    policies = _policies(policy, game.players)
    bots = [None if p == "random" else (HeuristicBot() if p == "heuristic" else p) for p in policies]
    while not game.is_over:
        bot = bots[game.to_move]
        game.apply(game.random_action(chance) if bot is None else bot.choose(game))


# ---------------------------------------------------------------------- the compiled functions
# Written once as plain Python; `numba.njit` compiles them when numba is there. They follow
# rules.py function by function (the names say which).
def _placement_ok(row, table, h, card):
    """rules.placement_problem is None, for `card` (rank; side in bit 0 of `h`: 1 = queue)."""
    at = HOTELS + HOTEL_WIDTH * (h >> 1)
    if h & 1 == 0:
        return row[at + H_BLEN] < row[BACK_LIMIT]
    length = row[at + H_QLEN]
    rule = row[at + H_RULE]
    if length >= (5 if rule == R_QUEUE_5 else row[QUEUE_LIMIT]):
        return False
    if rule == R_TWO_CRESTS:
        crests = 1 << table[T_CREST + card]
        for i in range(length):
            crests |= 1 << table[T_CREST + row[at + H_QUEUE + i] % 24]
        different = 0
        while crests:
            different += crests & 1
            crests >>= 1
        return different <= 2
    if rule == R_SMALL:
        return table[T_BEDS + card] <= 3
    if rule == R_LARGE:
        return table[T_BEDS + card] > 3
    if rule == R_NO:
        return table[T_KIND + card] != row[at + H_RULE_KIND]
    return True


def _may_hold(row, player):
    players = row[PLAYERS]
    return row[TURN] // players == row[PER_ROUND] - 1 and player == row[ORDER + players - 1]


def _can_place(row, table, player):
    hand = HANDS + CAP * player
    for i in range(row[HAND_LEN + player]):
        for h in range(2 * row[PLAYERS]):
            if _placement_ok(row, table, h, row[hand + i]):
                return True
    return False


def _next_placement(row, table):
    """OB-4 Decision: a player with no legal placement places nothing. True if someone is to
    place; False when stage 1 is over."""
    players = row[PLAYERS]
    while row[TURN] < players * row[PER_ROUND]:
        player = row[ORDER + row[TURN] % players]
        if row[HAND_LEN + player] > 0 and _can_place(row, table, player):
            row[TO_MOVE] = player
            return True
        row[TURN] += 1
    return False


def _begin_hotel(row):
    """OB-5.1 for the hotel being checked: its beds free, its back door about to act."""
    at = HOTELS + HOTEL_WIDTH * row[CHECKING]
    row[FREE] = row[at + H_BEDS]
    row[PRIORITY_LEN] = 0
    length = row[at + H_BLEN]
    for i in range(length):
        row[DOOR + i] = row[at + H_BACK + i]
    row[DOOR_LEN] = length


def _start_stage2(row):
    row[STAGE] = 2
    row[CHECKING] = 0
    row[PENDING] = 0
    _begin_hotel(row)


def _targets(row, table, at, slot, out):
    """rules.ability_targets into `out`; returns their number, or -1 for an ability without one."""
    kind = table[T_KIND + slot % 24]
    count = 0
    if kind == MAID or kind == NOBLE:
        for i in range(row[at + H_QLEN]):
            if row[at + H_QUEUE + i] // 24 == slot // 24:
                out[count] = i
                count += 1
        return count
    if kind == WORKER:
        for i in range(row[at + H_QLEN]):
            if table[T_BEDS + row[at + H_QUEUE + i] % 24] == 6:
                out[count] = i
                count += 1
        return count
    return -1


def _remove_back(row, at, slot):
    length = row[at + H_BLEN]
    i = 0
    while row[at + H_BACK + i] != slot:
        i += 1
    for k in range(i, length - 1):
        row[at + H_BACK + k] = row[at + H_BACK + k + 1]
    row[at + H_BLEN] = length - 1


def _use_ability(row, table, at, slot, target):
    """rules._use_ability (the box is not kept: nothing in it ever comes back)."""
    kind = table[T_KIND + slot % 24]
    if kind == MONK:
        _remove_back(row, at, slot)
        row[at + H_QUEUE + row[at + H_QLEN]] = slot
        row[at + H_QLEN] += 1
    elif kind == MERCHANT:
        row[FREE] += row[BED_CHANGE]
    elif kind == SOLDIER:
        row[FREE] = max(0, row[FREE] - row[BED_CHANGE])
    elif target < 0:
        pass
    elif kind == NOBLE:
        row[PRIORITY + row[PRIORITY_LEN]] = row[at + H_QUEUE + target]
        row[PRIORITY_LEN] += 1
    else:  # maid or worker: replace the target, which goes to the box
        replaced = row[at + H_QUEUE + target]
        _remove_back(row, at, slot)
        row[at + H_QUEUE + target] = slot
        length = row[PRIORITY_LEN]
        for i in range(length):
            if row[PRIORITY + i] == replaced:  # list.remove: the first one only
                for k in range(i, length - 1):
                    row[PRIORITY + k] = row[PRIORITY + k + 1]
                row[PRIORITY_LEN] = length - 1
                break


def _holds(values, start, length, value):
    """`value in values[start : start + length]`."""
    for i in range(start, start + length):
        if values[i] == value:
            return True
    return False


def _book(row, table, at, order):
    """rules.booking_order and rules.book (OB-5.3/5.4)."""
    queue, length = at + H_QUEUE, row[at + H_QLEN]
    count = 0
    for i in range(row[PRIORITY_LEN]):  # two nobles may pick the same card: it still books once
        slot = row[PRIORITY + i]
        if _holds(row, queue, length, slot) and not _holds(order, 0, count, slot):
            order[count] = slot
            count += 1
    if row[at + H_RULE] == R_FIRST:
        for q in range(length):
            slot = row[queue + q]
            if table[T_KIND + slot % 24] == row[at + H_RULE_KIND] and not _holds(order, 0, count, slot):
                order[count] = slot
                count += 1
    first_rest = count
    for q in range(length):  # the rest, from 6 beds down to 1; the nearer card first on a tie
        slot = row[queue + q]
        if not _holds(order, 0, first_rest, slot):
            beds = table[T_BEDS + slot % 24]
            i = count
            while i > first_rest and table[T_BEDS + order[i - 1] % 24] < beds:
                order[i] = order[i - 1]
                i -= 1
            order[i] = slot
            count += 1
    for o in range(count):
        slot = order[o]
        card = slot % 24
        beds = table[T_BEDS + card]
        if beds <= row[FREE]:
            row[FREE] -= beds
            owner = slot // 24
            row[BOOKED_COINS + owner] += table[T_COINS + card]
            row[BOOKED_COUNT + owner] += 1
            row[BOOKED_CREST + 4 * owner + table[T_CREST + card]] += 1
    row[at + H_QLEN] = 0
    row[at + H_BLEN] = 0
    row[at + H_FACE_UP] = 0


def _draw_up(row, player):
    """OB-2, OB-7: draw from your own deck back up to the hand size; the hand sorted."""
    hand, deck = HANDS + CAP * player, DECKS + CAP * player
    while row[HAND_LEN + player] < row[HAND_SIZE] and row[DECK_LEN + player] > 0:
        row[DECK_LEN + player] -= 1
        card = row[deck + row[DECK_LEN + player]]
        i = hand + row[HAND_LEN + player]
        while i > hand and row[i - 1] > card:
            row[i] = row[i - 1]
            i -= 1
        row[i] = card
        row[HAND_LEN + player] += 1


def _set_side(row, table, at, side):
    tile = row[at + H_TILE]
    row[at + H_SIDE] = side
    row[at + H_BEDS] = table[T_HOTEL_BEDS + 2 * tile + side]
    row[at + H_RULE] = table[T_HOTEL_RULE + 2 * tile + side]
    row[at + H_RULE_KIND] = table[T_HOTEL_KIND + 2 * tile + side]
    row[at + H_SIDES] |= 1 << side


def _prepare_next_round(row, table, mt_game):
    """rules.prepare_next_round (OB-7)."""
    players = row[PLAYERS]
    for player in range(players):
        _draw_up(row, player)
    for h in range(players):
        at = HOTELS + HOTEL_WIDTH * h
        if row[at + H_SIDES] == 3 and row[TILES_LEN] > 0:  # rules.new_hotel; the token stays
            row[TILES_LEN] -= 1
            row[at + H_TILE] = row[TILES + row[TILES_LEN]]
            row[at + H_SIDES] = 0
            _set_side(row, table, at, 0 if kc.below(mt_game, 2) == 0 else 1)
        else:
            _set_side(row, table, at, 1 - row[at + H_SIDE])
        if row[at + H_TOKEN] == 0 and row[TOKENS_LEFT] > 0:
            row[at + H_TOKEN] = 1
            row[TOKENS_LEFT] -= 1
    row[START] = (row[START] + 1) % players


def _start_round(row):
    row[ROUND] += 1
    row[STAGE] = 1
    players = row[PLAYERS]
    for i in range(players):
        row[ORDER + i] = (row[START] + i) % players
    row[TURN] = 0


def _run_stage2(row, table, mt_game, buffer):
    """rules._resolve_doors, book and _begin_hotel, then OB-7 and the next round's stage 1, until
    someone must choose (a target, or a card to place) or the game is over."""
    players = row[PLAYERS]
    while True:
        at = HOTELS + HOTEL_WIDTH * row[CHECKING]
        while row[DOOR_LEN] > 0:
            slot = row[DOOR]
            count = _targets(row, table, at, slot, buffer)
            if count > 1:
                row[PENDING] = 1
                row[TO_MOVE] = slot // 24
                return
            length = row[DOOR_LEN]
            for k in range(length - 1):
                row[DOOR + k] = row[DOOR + k + 1]
            row[DOOR_LEN] = length - 1
            _use_ability(row, table, at, slot, buffer[0] if count == 1 else -1)
        _book(row, table, at, buffer)
        row[CHECKING] += 1
        if row[CHECKING] < players:
            _begin_hotel(row)
            continue
        if row[ROUND] >= row[ROUNDS]:  # OB-8
            row[STAGE] = STAGE_OVER
            row[TO_MOVE] = -1
            return
        row[STAGE] = 3
        _prepare_next_round(row, table, mt_game)
        _start_round(row)
        if _next_placement(row, table):
            return
        _start_stage2(row)


def _apply(row, table, action, mt_game, buffer):
    """Carry out a legal action (rules.place, rules.hold, rules.target)."""
    kind = action >> 16
    if kind == TARGET:
        row[PENDING] = 0
        slot = row[DOOR]
        length = row[DOOR_LEN]
        for k in range(length - 1):
            row[DOOR + k] = row[DOOR + k + 1]
        row[DOOR_LEN] = length - 1
        _use_ability(row, table, HOTELS + HOTEL_WIDTH * row[CHECKING], slot, (action & 0xFF) - 1)
        _run_stage2(row, table, mt_game, buffer)
        return
    if kind == PLACE:
        player = row[TO_MOVE]
        card = (action >> 8) & 0xFF
        hand, length = HANDS + CAP * player, row[HAND_LEN + player]
        i = hand
        while row[i] != card:
            i += 1
        for k in range(i, hand + length - 1):
            row[k] = row[k + 1]
        row[HAND_LEN + player] = length - 1
        at = HOTELS + HOTEL_WIDTH * ((action & 0xFF) >> 1)
        if action & 1:
            if row[at + H_RULE] == R_FACE_UP:
                row[at + H_FACE_UP] |= 1 << row[at + H_QLEN]
            row[at + H_QUEUE + row[at + H_QLEN]] = 24 * player + card
            row[at + H_QLEN] += 1
        else:
            row[at + H_BACK + row[at + H_BLEN]] = 24 * player + card
            row[at + H_BLEN] += 1
            if row[at + H_TOKEN]:
                row[at + H_TOKEN] = 0
                row[TOKENS + player] += 1
    row[TURN] += 1  # a placement or a hold
    if _next_placement(row, table):
        return
    _start_stage2(row)
    _run_stage2(row, table, mt_game, buffer)


def _random_action(row, table, mt, buffer):
    """Overbooking.random_action: by rejection in stage 1, one of the targets in stage 2."""
    player = row[TO_MOVE]
    if row[STAGE] == 2:
        at = HOTELS + HOTEL_WIDTH * row[CHECKING]
        count = _targets(row, table, at, row[DOOR], buffer)
        return (TARGET << 16) | (buffer[kc.below(mt, count)] + 1)
    length = row[HAND_LEN + player]
    sides = 2 * row[PLAYERS]
    places = length * sides
    candidates = places + (1 if _may_hold(row, player) else 0)
    while True:
        pick = kc.below(mt, candidates)
        if pick == places:
            return HOLD << 16
        card = row[HANDS + CAP * player + pick // sides]
        h = pick % sides  # hotel index * 2 + side, side 1 = queue: divmod(pick, sides) as the engine
        if _placement_ok(row, table, h, card):
            return (PLACE << 16) | (card << 8) | h


def _hotel_views(row, table, params, me, views):
    """What HeuristicBot._value reads of each hotel, worked out once per decision (it is the same
    for every card): whether `me` queues there, and for each bed count b = 1..6 the beds `me` sees
    queueing in groups of b or more (HeuristicBot._beds: its own cards and face-up ones as they are,
    the others guessed by the size their backs show), summed in queue order as the bot sums them."""
    for hotel in range(row[PLAYERS]):
        at = HOTELS + HOTEL_WIDTH * hotel
        view = VIEW_WIDTH * hotel
        views[view + V_MINE] = 0.0
        for b in range(1, 7):
            views[view + b] = 0.0
        for i in range(row[at + H_QLEN]):
            slot = row[at + H_QUEUE + i]
            card = slot % 24
            if slot // 24 == me:
                views[view + V_MINE] = 1.0
            if slot // 24 == me or (row[at + H_FACE_UP] >> i) & 1:
                seen = float(table[T_BEDS + card])
            else:
                seen = params[P_SMALL] if table[T_BEDS + card] <= 3 else params[P_LARGE]
            for b in range(1, 7):
                if seen >= b:
                    views[view + b] += seen


def _value(row, table, params, views, h, card):
    """HeuristicBot._value of placing `card` (rank) at hotel h >> 1, side h & 1 (1 = queue)."""
    at = HOTELS + HOTEL_WIDTH * (h >> 1)
    view = VIEW_WIDTH * (h >> 1)
    beds, coins = table[T_BEDS + card], table[T_COINS + card]
    if h & 1 == 0:
        value = 1.0 if row[at + H_TOKEN] else 0.0
        mine = views[view + V_MINE] > 0.0
        kind = table[T_KIND + card]
        if kind == MERCHANT and mine:
            value += 1.5
        if kind == SOLDIER and row[at + H_QLEN] > 0 and not mine:
            value += 1.0
        if kind == MONK:
            value += 0.5 * coins
        return value - params[P_CARD_COST] * coins
    spare = row[at + H_BEDS] - views[view + beds]  # the beds the groups of `beds` or more would take
    if spare >= beds:
        chance = params[P_SURE] if spare - beds >= params[P_SPARE] else params[P_LIKELY]
    else:
        chance = params[P_UNLIKELY]
    return chance * coins + params[P_SMALL_BONUS] * (1.0 if beds <= 3 else 0.0)


def _heuristic_action(row, table, params, buffer, views):
    """HeuristicBot.choose (kit/overbooking/heuristic.py) with the parameters in `params`."""
    me = row[TO_MOVE]
    if row[STAGE] == 2:  # HeuristicBot._target: the first of the best targets
        at = HOTELS + HOTEL_WIDTH * row[CHECKING]
        slot = row[DOOR]
        count = _targets(row, table, at, slot, buffer)
        kind = table[T_KIND + slot % 24]
        pick = buffer[0]
        for t in range(1, count):
            new, old = row[at + H_QUEUE + buffer[t]], row[at + H_QUEUE + pick]
            if kind == WORKER:  # an opponent's card, the first such
                if old // 24 == me and new // 24 != me:
                    pick = buffer[t]
                continue
            if kind == NOBLE:  # the most coins, then the fewest beds
                a1, a2 = table[T_COINS + new % 24], -table[T_BEDS + new % 24]
                b1, b2 = table[T_COINS + old % 24], -table[T_BEDS + old % 24]
            else:  # maid: the most beds, then the fewest coins
                a1, a2 = table[T_BEDS + new % 24], -table[T_COINS + new % 24]
                b1, b2 = table[T_BEDS + old % 24], -table[T_COINS + old % 24]
            if a1 > b1 or (a1 == b1 and a2 > b2):
                pick = buffer[t]
        return (TARGET << 16) | (pick + 1)
    hand, length = HANDS + CAP * me, row[HAND_LEN + me]
    sides = 2 * row[PLAYERS]
    best, best_value = -1, params[P_KEEP]
    _hotel_views(row, table, params, me, views)
    for i in range(length):
        card = row[hand + i]
        for hotel in range(0, sides, 2):
            for h in (hotel + 1, hotel):  # the queue, then the back door
                if _placement_ok(row, table, h, card):
                    value = _value(row, table, params, views, h, card)
                    if value > best_value:
                        best, best_value = (PLACE << 16) | (card << 8) | h, value
    if best >= 0:
        return best
    if _may_hold(row, me):
        return HOLD << 16
    cheapest = -1  # the least loss: the first legal placement of a card with the fewest coins
    for i in range(length):
        card = row[hand + i]
        for hotel in range(0, sides, 2):
            for h in (hotel + 1, hotel):
                if _placement_ok(row, table, h, card) and (
                    cheapest < 0 or table[T_COINS + card] < table[T_COINS + ((cheapest >> 8) & 0xFF)]
                ):
                    cheapest = (PLACE << 16) | (card << 8) | h
    return cheapest


def _play(row, table, params, mt_game, mt_policy, record):
    """Play the position in `row` to its end, each seat by its policy (params[seat]); returns the
    number of actions taken, or FAILED (an invalid action code, or STEP_CAP actions without an end:
    the wrappers raise, never score it)."""
    buffer = np.empty(64, np.int64)
    views = np.empty(4 * VIEW_WIDTH, np.float64)
    steps = 0
    while row[STAGE] != STAGE_OVER:
        if steps >= STEP_CAP:
            return FAILED
        seat = row[TO_MOVE]
        if params[seat, P_POLICY] == RANDOM:
            action = _random_action(row, table, mt_policy, buffer)
        else:
            action = _heuristic_action(row, table, params[seat], buffer, views)
        if action < 0:
            return FAILED
        if steps < record.shape[0]:
            record[steps] = action
        _apply(row, table, action, mt_game, buffer)
        steps += 1
    return steps


def _scores(row, table, out, counts):
    """Overbooking.scores (OB-8): coins, point tokens and the score card's bonus; and booked cards."""
    for p in range(row[PLAYERS]):
        score = row[BOOKED_COINS + p] + row[TOKENS + p]
        if row[SCORE_CARD]:
            for crest in range(4):
                score += table[T_BONUS + row[BOOKED_CREST + 4 * p + crest]]
        out[p] = score
        counts[p] = row[BOOKED_COUNT + p]


def _after_many(rows, actions, table, params, states_game, states_policy, scores, counts):
    """`play_after` in the kernel: every row with every first action; returns how many playouts failed."""
    failed = 0
    buffer = np.empty(64, np.int64)
    no_record = np.empty(0, np.int64)
    row = np.empty(rows.shape[1], np.int64)
    mt_game = states_game[0].copy()  # the generator's own word type (uint64)
    mt_policy = states_policy[0].copy()
    for j in range(rows.shape[0]):
        for k in range(actions.shape[0]):
            row[:] = rows[j]
            mt_game[:] = states_game[j]
            mt_policy[:] = states_policy[j]
            _apply(row, table, actions[k], mt_game, buffer)
            if _play(row, table, params, mt_game, mt_policy, no_record) < 0:
                failed += 1
            _scores(row, table, scores[j, k], counts[j, k])
    return failed


if AVAILABLE:
    # numba's cache watches this file only: the generator inlined from kit/kernels/chance.py and the
    # constants from components.py are watched by a stamp (kit/kernels/kernel_cache.py)
    from pathlib import Path

    from kit.kernels.kernel_cache import compile_in_place, refresh

    from . import components

    _CACHE_SOURCES = [Path(__file__), *kc.SOURCES, Path(components.__file__)]
    refresh(__file__, _CACHE_SOURCES)
    # inlined: small helpers, and _value, called for every placement a heuristic seat weighs (a
    # compiled call costs the reference counts of its four arrays: inlining halved heuristic rollouts)
    compile_in_place(
        globals(),
        [
            "_placement_ok",
            "_may_hold",
            "_can_place",
            "_next_placement",
            "_begin_hotel",
            "_start_stage2",
            "_targets",
            "_remove_back",
            "_use_ability",
            "_holds",
            "_book",
            "_draw_up",
            "_set_side",
            "_prepare_next_round",
            "_start_round",
            "_run_stage2",
            "_apply",
            "_random_action",
            "_hotel_views",
            "_value",
            "_heuristic_action",
            "_play",
            "_scores",
            "_after_many",
        ],
        inlined={"_placement_ok", "_may_hold", "_targets", "_remove_back", "_holds", "_value"},
    )
