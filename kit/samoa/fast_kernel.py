"""Compiled Samoa playouts (random and heuristic policies): the readable engine's games in numba.

    >>> from kit.core import Chance
    >>> from kit.samoa import Samoa, fast_kernel
    >>> game = Samoa(players=4, seed=1)
    >>> scores, winners, _ = fast_kernel.play_from(game, policy_seed=1)
    >>> readable, chance = game.clone(), Chance(1)        # the readable engine, the same chance
    >>> while not readable.is_over:
    ...     readable.apply(readable.random_action(chance))
    >>> (scores, winners) == (readable.scores(), readable.winners())   # as the readable engine ends
    True

The advisor's and the search's Samoa rollouts run here when numba is installed (else in the
readable engine), with the uniformly random policy or the heuristic bot's (`HeuristicBot`, its
parameters read), one per seat. A position is one int64 row (see
the layout below); chance is drawn from the numba twin of the core's generator (kit/kernels/chance.py,
shared by every kernel), the game's generator for the tourists drawn and
the policy's for the actions, in the readable engine's order. So for the same position and chance
it plays the same actions and reaches the same final state; tests/samoa/test_fast_kernel.py checks
it game for game. The functions follow the rules' steps in rules.py (minus checks and events); the
readable engine stays the reference.

Codes: price cards by their index in the component file (a hand, a used pile: bit masks, so a hand
is always in the engine's order); building tiles by kind in alphabetical order (the order
`sorted(set(offer))` lists them); tourists by `ident`; rooms and groups from 0.

Component data: sizes and values come from the game's components (`tables`: prices and bids, how
many price cards, hotel rows and columns, tourists, tourist cards, building tiles, rounds), within
the row's capacities. `refusal(game)` is None when they fit, else the reason in one sentence; every
entry point raises `kit.core.errors.KernelRefused` (a ValueError) before playing a game it refuses
(the parity suite, tests/kernels/, proves both on edited copies of the component files).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kit.core.errors import beyond_capacity, refuse
from kit.kernels import chance as kc

from .components import BUILDING_KINDS, TOURIST_KINDS
from .game import Samoa
from .heuristic import PLACE_FIRST as HEURISTIC_ORDER
from .heuristic import HeuristicBot

try:  # the compiled path is optional, like the Lost Cities kernel's
    import numba
    import numpy as np
except ImportError:  # pragma: no cover - exercised without numba
    numba = None
    np = None

AVAILABLE = numba is not None

KINDS = tuple(sorted(BUILDING_KINDS))  # extra_room, pool, send_home, suite, swap_card, take_back
EXTRA_ROOM, POOL, SEND_HOME, SUITE, SWAP_CARD, TAKE_BACK = (KINDS.index(k) for k in KINDS)
PLAIN, RICH, LOVERS, CELEBRITY, BATHER = range(len(TOURIST_KINDS))
CHOOSE, SWAP, BUILD, TOURISTS, OVER = range(5)
PHASES = {"choose": CHOOSE, "swap": SWAP, "build": BUILD, "tourists": TOURISTS, "over": OVER}

# ------------------------------------------------------------------------------ the row
# capacities of the row and the tables (not component data: `refusal` refuses a set beyond them)
P, ROOM_CAP, GROUP_CAP, TILE_CAP, SUPPLY_CAP, DECK_CAP, ROUND_CAP = 6, 40, 9, 18, 18, 24, 16
CARD_CAP, NATIONALITY_CAP = 16, 4  # price cards (hands are bit masks), nationalities (supplies)
TOURIST_CAP = NATIONALITY_CAP * SUPPLY_CAP
(PLAYERS, ROUND, PHASE, TO_MOVE, TURN, ORDER_LEN, HAMMER, COMMITTED, REMOVED, NGROUPS, BDECK_LEN, TDECK_LEN) = range(12)
MONEY = 12
HAND = MONEY + P  # bit masks of card indices
USED = HAND + P
CHOSEN = USED + P  # card index, -1 none
BOUGHT = CHOSEN + P
PLACED = BOUGHT + P
EARNED = PLACED + P
ORDER = EARNED + P
POOLS = ORDER + P
SUITES = POOLS + P  # bit masks of board rooms
NROOMS = SUITES + P
SPECIALS = NROOMS + P  # [player][kind] counts of unused special tiles
OFFER = SPECIALS + P * 6  # [kind] counts
ROOMS = OFFER + 6  # [player][room][2]: tourist ident + 1 (0: nobody)
GROUPS = ROOMS + P * ROOM_CAP * 2  # [group][tile]: tourist ident
GLEN = GROUPS + GROUP_CAP * TILE_CAP
SUPPLY = GLEN + GROUP_CAP  # [nationality][i]: tourist ident, drawn at random, returned at the end
SLEN = SUPPLY + 4 * SUPPLY_CAP
BDECK = SLEN + 4  # building tile kinds, top last
TDECK = BDECK + DECK_CAP  # tourist card indices, top last
FLAGS = TDECK + DECK_CAP  # nationality index of each round
USED_LIST = FLAGS + ROUND_CAP  # [player][i]: the used pile in the order discarded (the heuristic's ties)
USED_LEN = USED_LIST + P * CARD_CAP
WIDTH = USED_LEN + P

# the component tables: one row of constants, then per-tourist, per-card and per-tourist-card columns
ROUNDS, SPECIAL_VALUE, ROWS, COLUMNS, BOARD_ROOMS, CARDS = range(6)  # CARDS: how many price cards
LAYOUT = 6  # 4 blocks of 3 rounds
DOUBLED = LAYOUT + 4  # per round (1-based)
T_NAT = DOUBLED + ROUND_CAP + 1
T_KIND = T_NAT + TOURIST_CAP
T_RING = T_KIND + TOURIST_CAP
BID = T_RING + TOURIST_CAP
PRICE = BID + CARD_CAP
GREY = PRICE + CARD_CAP
KEY_RANK = GREY + CARD_CAP  # a card's place in the order of the keys as texts (take-back pairs are sorted so)
SIZES = KEY_RANK + CARD_CAP  # [tourist card][0] = number of groups, [1 ...] their sizes, for this table
SIZES_WIDTH = 10
PLACE_FIRST = SIZES + DECK_CAP * SIZES_WIDTH  # [tourist kind]: the heuristic's placing order
TABLES = PLACE_FIRST + len(TOURIST_KINDS)

# a seat's policy: RANDOM, or HEURISTIC with HeuristicBot's parameters (in `policy_rows`' order)
RANDOM, HEURISTIC = 0, 1
PARAMETERS = ("pressure", "single_guest", "build_bid", "build_reserve", "pool_bid", "special_bid", "take_back_hand")
SCRATCH = 4 * ROOM_CAP + TILE_CAP + 16
STEP_CAP = 100_000  # a safety net for the compiled loop only; no game comes near it
FAILED = -1  # `_play`'s answer when it could not finish a game (an invalid action, or STEP_CAP reached)

# actions: kind * 2**24 + a * 2**16 + b * 2**8 + c
A_CHOOSE, A_TAKE_BACK, A_SWAP, A_KEEP, A_BUY, A_PASS, A_PLACE, A_REMOVE, A_SEND_HOME, A_DONE = range(10)


def _a(kind: int, a: int = 0, b: int = 0, c: int = 0) -> int:
    return kind * 2**24 + a * 2**16 + b * 2**8 + c


# ------------------------------------------------------------------ position <-> kernel
def tables(game: Samoa):
    """The component tables of `game` (its components and player count) as the kernel reads them."""
    c = game.components
    out = np.zeros(TABLES, np.int64)
    out[ROUNDS], out[SPECIAL_VALUE], out[ROWS], out[COLUMNS] = c.rounds, c.special_tile_value, c.rows, c.columns
    out[BOARD_ROOMS], out[CARDS] = c.rows * c.columns, len(c.price_cards)
    out[LAYOUT : LAYOUT + 4] = c.layout[game.players]
    for r in c.doubled_rounds:
        out[DOUBLED + r] = 1
    nationalities = list(c.nationalities)
    for t in c.tourists:
        out[T_NAT + t.ident] = nationalities.index(t.nationality)
        out[T_KIND + t.ident] = TOURIST_KINDS.index(t.kind)
        out[T_RING + t.ident] = t.ring
    keys = sorted(card.key for card in c.price_cards)
    for i, card in enumerate(c.price_cards):
        out[BID + i], out[PRICE + i], out[GREY + i] = card.bid, card.price, card.grey
        out[KEY_RANK + i] = keys.index(card.key)
    for kind, place in HEURISTIC_ORDER.items():
        out[PLACE_FIRST + TOURIST_KINDS.index(kind)] = place
    for i, number in enumerate(sorted(c.tourist_cards)):
        sizes = c.tourist_cards[number][game.players]
        out[SIZES + i * SIZES_WIDTH] = len(sizes)
        out[SIZES + i * SIZES_WIDTH + 1 : SIZES + i * SIZES_WIDTH + 1 + len(sizes)] = sizes
    return out


def refusal(game: Samoa) -> str | None:
    """None when the kernel plays `game`'s component data and player count exactly as the readable
    engine does (it reads them from `tables`); else one sentence saying which part the row cannot
    hold (the entry points raise it as `kit.core.errors.KernelRefused`, a ValueError, before playing)."""
    return _refusal(game.components, game.players)


@lru_cache(maxsize=16)
def _refusal(c, players: int) -> str | None:
    rooms = c.rows * c.columns + c.building_tiles.count("extra_room")
    largest = max((len(g), 2 * sum(g)) for lines in c.tourist_cards.values() for g in lines.values())
    by_nationality = max(sum(t.nationality == key for t in c.tourists) for key in c.nationalities)
    limits = [
        (players, P, "players"),
        (len(c.price_cards), CARD_CAP, "price cards"),
        (len(c.nationalities), NATIONALITY_CAP, "nationalities"),
        (by_nationality, SUPPLY_CAP, "tourist tiles of one nationality"),
        (max(t.ident for t in c.tourists) + 1, TOURIST_CAP, "tourist tiles"),
        (c.rounds, ROUND_CAP, "rounds"),
        (len(c.tourist_cards), DECK_CAP, "tourist cards"),
        (len(c.building_tiles), DECK_CAP, "building tiles"),
        (largest[0], min(GROUP_CAP, SIZES_WIDTH - 1), "groups on one tourist card"),
        (largest[1], TILE_CAP, "tourists in one doubled group"),
        (rooms, ROOM_CAP, "hotel rooms"),
    ]
    unknown = set(c.building_tiles) - set(KINDS)
    if unknown:
        return f"the fast engine knows no building tile {sorted(unknown)[0]!r}: the readable engine is used"
    return beyond_capacity(limits)


def encode(game: Samoa):
    """One kernel row for `game`'s position (everything, hidden cards included: determinize first).
    Raises `KernelRefused` when `refusal(game)` is not None: every entry point encodes its
    positions first, so none plays a game the kernel cannot hold."""
    refuse(refusal(game))
    c = game.components
    row = np.zeros(WIDTH, np.int64)
    players = game.players
    index = {card.key: i for i, card in enumerate(c.price_cards)}
    nationalities = list(c.nationalities)
    row[PLAYERS], row[ROUND], row[PHASE] = players, game.round, PHASES[game.phase]
    row[TO_MOVE] = -1 if game.to_move is None else game.to_move
    row[TURN], row[ORDER_LEN], row[HAMMER] = game.turn, len(game.order), game.hammer
    committed = getattr(game, "committed", None)
    row[COMMITTED] = -1 if committed is None else committed
    row[REMOVED] = getattr(game, "removed", 0)
    row[ORDER : ORDER + len(game.order)] = game.order
    for p in range(players):
        hotel = game.hotels[p]
        row[MONEY + p] = game.money[p]
        if game.hands[p] != sorted(game.hands[p], key=index.__getitem__):
            raise ValueError("a hand out of the engine's order")  # pragma: no cover - the engine keeps it sorted
        row[HAND + p] = sum(1 << index[k] for k in game.hands[p])
        row[USED + p] = sum(1 << index[k] for k in game.used[p])
        row[USED_LEN + p] = len(game.used[p])
        row[USED_LIST + p * CARD_CAP : USED_LIST + p * CARD_CAP + len(game.used[p])] = [index[k] for k in game.used[p]]
        row[CHOSEN + p] = -1 if game.chosen[p] is None else index[game.chosen[p]]
        row[BOUGHT + p], row[PLACED + p], row[EARNED + p] = game.bought[p], game.placed[p], game.earned[p]
        row[POOLS + p] = hotel.pools
        row[SUITES + p] = sum(1 << r for r in hotel.suites)
        if len(hotel.rooms) > ROOM_CAP:
            raise ValueError("more rooms than the kernel's row holds")  # pragma: no cover
        row[NROOMS + p] = len(hotel.rooms)
        for kind in hotel.specials:
            row[SPECIALS + p * 6 + KINDS.index(kind)] += 1
        for r, occupants in enumerate(hotel.rooms):
            for s, tourist in enumerate(occupants):
                row[ROOMS + (p * ROOM_CAP + r) * 2 + s] = tourist.ident + 1
    for kind in game.offer:
        row[OFFER + KINDS.index(kind)] += 1
    row[NGROUPS] = len(game.groups)
    for g, group in enumerate(game.groups):
        row[GLEN + g] = len(group)
        row[GROUPS + g * TILE_CAP : GROUPS + g * TILE_CAP + len(group)] = [t.ident for t in group]
    for n, key in enumerate(nationalities):
        tiles = game.supply[key]
        row[SLEN + n] = len(tiles)
        row[SUPPLY + n * SUPPLY_CAP : SUPPLY + n * SUPPLY_CAP + len(tiles)] = [t.ident for t in tiles]
    row[BDECK_LEN] = len(game.building_deck)
    row[BDECK : BDECK + len(game.building_deck)] = [KINDS.index(k) for k in game.building_deck]
    cards = sorted(c.tourist_cards)
    row[TDECK_LEN] = len(game.tourist_deck)
    row[TDECK : TDECK + len(game.tourist_deck)] = [cards.index(k) for k in game.tourist_deck]
    row[FLAGS : FLAGS + len(game.flags)] = [nationalities.index(f) for f in game.flags]
    return row


def action_code(game: Samoa, action) -> int:
    """The kernel's code for an action of the readable engine (legal in `game`)."""
    from .actions import Buy, Choose, Done, Keep, Pass, Place, Remove, SendHome, Swap, TakeBack

    index = {card.key: i for i, card in enumerate(game.components.price_cards)}
    if isinstance(action, Choose):
        return _a(A_CHOOSE, index[action.card])
    if isinstance(action, TakeBack):
        cards = [index[k] + 1 for k in action.cards] + [0]
        return _a(A_TAKE_BACK, cards[0], cards[1])
    if isinstance(action, Swap):
        return _a(A_SWAP, index[action.card])
    if isinstance(action, Keep):
        return _a(A_KEEP)
    if isinstance(action, Buy):
        return _a(A_BUY, KINDS.index(action.kind), action.room or 0)
    if isinstance(action, Pass):
        return _a(A_PASS)
    if isinstance(action, Place):
        return _a(A_PLACE, action.group - 1, action.tile - 1, action.room - 1)
    if isinstance(action, Remove):
        return _a(A_REMOVE, action.room - 1)
    if isinstance(action, SendHome):
        rooms = list(action.rooms) + [0]
        return _a(A_SEND_HOME, rooms[0], rooms[1])
    if isinstance(action, Done):
        return _a(A_DONE)
    raise ValueError(f"not a Samoa action: {action!r}")


# ------------------------------------------------------------------------- entry points
def policy_rows(policy: Any, players: int):
    """Each seat's policy as a kernel row: [RANDOM] or [HEURISTIC, the bot's parameters...]."""
    seats = list(policy) if isinstance(policy, list | tuple) else [policy] * players
    rows = np.zeros((P, 1 + len(PARAMETERS)))
    for seat, one in enumerate(seats):
        bot = HeuristicBot() if one == "heuristic" else one
        if isinstance(bot, HeuristicBot):
            rows[seat] = [HEURISTIC] + [float(getattr(bot, name)) for name in PARAMETERS]
    return rows


def play_after(worlds, actions, viewer: int, game_seeds, policy_seeds, policy: Any = "random"):
    """The advisor's rollouts (see `kit.sim.advice.FastPath`): for world j and action k, `viewer`'s
    score difference and win share after the action and a playout (`policy`: see `fits`), later
    tourists drawn from ``Chance(game_seeds[j])``, random actions from ``Chance(policy_seeds[j])``."""
    rows = np.stack([encode(world) for world in worlds])
    codes = np.array([action_code(worlds[0], action) for action in actions], np.int64)
    states = kc.states(game_seeds), kc.states(policy_seeds)
    differences, wins, _ = _run(rows, codes, tables(worlds[0]), policy_rows(policy, worlds[0].players), *states, viewer)
    return differences, wins


def play_from(
    game: Samoa, policy_seed: int, policy: Any = "random", record: bool = False
) -> tuple[list[int], list[int], list[int]]:
    """`game` played to its end (`policy`: see `fits`), random seats drawing from
    ``Chance(policy_seed)``, later tourists from a copy of the game's own generator (`game` is left
    unchanged): the final scores, the winners and (record=True) the action codes played, as
    `action_code` gives them."""
    states = kc.state(game.chance)[None, :], kc.states([policy_seed])
    recorded = np.zeros(4096 if record else 0, np.int64)
    finals = _run(
        encode(game)[None, :], _NO_ACTION, tables(game), policy_rows(policy, game.players), *states, 0, recorded
    )[2]
    scores, winners, steps = _final(finals[0, 0], game.players)
    return scores, winners, [int(x) for x in recorded[:steps]]


def _run(rows, codes, t, params, states_game, states_policy, viewer: int, recorded=None):
    """The one compiled entry point (one compilation): (differences, wins, finals) of `_after_many`."""
    differences = np.zeros((rows.shape[0], codes.shape[0]))
    wins = np.zeros((rows.shape[0], codes.shape[0]))
    finals = np.zeros((rows.shape[0], codes.shape[0], 2 * P + 1), np.int64)
    recorded = _NO_RECORD if recorded is None else recorded
    _after_many(rows, codes, t, params, states_game, states_policy, viewer, differences, wins, finals, recorded)
    failed = int((finals[:, :, 2 * P] < 0).sum())
    if failed:  # an unfinished or invalid game is never scored
        raise RuntimeError(
            f"the Samoa kernel could not finish {failed} playout(s) (an invalid action or {STEP_CAP:,} "
            "steps): a bug in the kernel, or a position or policy the engine would not play"
        )
    return differences, wins, finals


def _final(final, players: int) -> tuple[list[int], list[int], int]:
    """Scores, winners (SA-6: the richest, then the most empty rooms) and steps of one playout."""
    scores, empty = [int(x) for x in final[:players]], [int(x) for x in final[P : P + players]]
    best = [p for p in range(players) if scores[p] == max(scores)]
    return scores, [p for p in best if empty[p] == max(empty[q] for q in best)], int(final[2 * P])


_NO_RECORD = np.zeros(0, np.int64) if AVAILABLE else None
_NO_ACTION = np.array([-1], np.int64) if AVAILABLE else None  # play on from the position as it is


# ---------------------------------------------------------------------- the compiled functions
# Plain Python that `numba.njit` compiles; each follows the step of rules.py of its name (less the
# leading underscore) where there is one.
def _next_turn(row, t, after, mt_game):
    row[TURN] += 1
    if row[TURN] < row[ORDER_LEN]:
        row[TO_MOVE] = row[ORDER + row[TURN]]
    elif after == BUILD:
        _start_building(row, t, mt_game)
    elif after == TOURISTS:
        _start_tourist_phase(row, t, mt_game)
    else:
        _reveal(row, t, mt_game)


def _reveal(row, t, mt_game):
    n, hammer = row[PLAYERS], row[HAMMER]
    count = 0
    for i in range(n):
        p = (hammer + i) % n
        if row[SPECIALS + p * 6 + SWAP_CARD] > 0:
            row[ORDER + count] = p
            count += 1
    if count:
        row[PHASE], row[ORDER_LEN], row[TURN] = SWAP, count, 0
        row[TO_MOVE] = row[ORDER]
    else:
        _start_building(row, t, mt_game)


def _start_building(row, t, mt_game):
    """SA-3.4: highest bid first; equal bids clockwise from the hammer (a stable sort); no grey."""
    n, hammer = row[PLAYERS], row[HAMMER]
    count = 0
    for i in range(n):
        p = (hammer + i) % n
        card = row[CHOSEN + p]
        if t[GREY + card]:
            continue
        at = count  # insertion sort, stable: after every earlier seat with a bid as high
        while at > 0 and t[BID + row[CHOSEN + row[ORDER + at - 1]]] < t[BID + card]:
            row[ORDER + at] = row[ORDER + at - 1]
            at -= 1
        row[ORDER + at] = p
        count += 1
    row[PHASE], row[ORDER_LEN], row[TURN] = BUILD, count, 0
    offered = 0
    for k in range(6):
        offered += row[OFFER + k]
    if count == 0 or offered == 0:
        _start_tourist_phase(row, t, mt_game)
    else:
        row[TO_MOVE] = row[ORDER]


def _start_tourist_phase(row, t, mt_game):
    """SA-3.5: lowest price first, equal prices counter-clockwise from the suitcase; grey cards last."""
    n, suitcase = row[PLAYERS], (row[HAMMER] - 1) % row[PLAYERS]
    count = 0
    for i in range(n):
        p = (suitcase - i) % n
        card = row[CHOSEN + p]
        if t[GREY + card]:
            continue
        at = count
        while at > 0 and t[PRICE + row[CHOSEN + row[ORDER + at - 1]]] > t[PRICE + card]:
            row[ORDER + at] = row[ORDER + at - 1]
            at -= 1
        row[ORDER + at] = p
        count += 1
    for i in range(n):
        p = (suitcase - i) % n
        if t[GREY + row[CHOSEN + p]]:
            row[ORDER + count] = p
            count += 1
    row[PHASE], row[ORDER_LEN], row[TURN] = TOURISTS, count, 0
    _start_tourist_turn(row)


def _start_tourist_turn(row):
    row[TO_MOVE] = row[ORDER + row[TURN]]
    row[COMMITTED] = -1
    row[REMOVED] = 0


def _next_building_turn(row, t, mt_game):
    offered = 0
    for k in range(6):
        offered += row[OFFER + k]
    if offered == 0:
        _start_tourist_phase(row, t, mt_game)
    else:
        _next_turn(row, t, TOURISTS, mt_game)


def _supply_return(row, t, ident):
    n = t[T_NAT + ident]
    row[SUPPLY + n * SUPPLY_CAP + row[SLEN + n]] = ident
    row[SLEN + n] += 1


def _send_home(row, t, p, room):
    at = ROOMS + (p * ROOM_CAP + room) * 2
    for s in range(2):
        if row[at + s]:
            _supply_return(row, t, row[at + s] - 1)
            row[at + s] = 0


def _next_to_celebrity(slots, at, t, room):
    """SA-8.3: a celebrity directly above, below, left or right of board room `room` (the hotel's
    rooms as two slots each from slots[at]; extra rooms have no neighbours)."""
    if room >= t[BOARD_ROOMS]:
        return False
    columns = t[COLUMNS]
    r, c = room // columns, room % columns
    for side in range(4):
        if side == 0 and r > 0:
            other = room - columns
        elif side == 1 and r < t[ROWS] - 1:
            other = room + columns
        elif side == 2 and c > 0:
            other = room - 1
        elif side == 3 and c < columns - 1:
            other = room + 1
        else:
            continue
        for s in range(2):
            if slots[at + 2 * other + s] and t[T_KIND + slots[at + 2 * other + s] - 1] == CELEBRITY:
                return True
    return False


def _earnings(row, t, p, ident, room, price):
    double = t[T_KIND + ident] == RICH or (row[SUITES + p] >> room) & 1 == 1
    if not double:
        double = _next_to_celebrity(row, ROOMS + p * ROOM_CAP * 2, t, room)
    amount = 2 * price if double else price
    if t[T_KIND + ident] == BATHER and row[POOLS + p]:
        amount += t[T_RING + ident] * row[POOLS + p]
    return amount


def _start_round(row, t, mt_game):
    row[ROUND] += 1
    n, rnd = row[PLAYERS], row[ROUND]
    for p in range(n):
        row[CHOSEN + p], row[BOUGHT + p], row[PLACED + p], row[EARNED + p] = -1, 0, 0, 0
    count = t[LAYOUT + min((rnd - 1) // 3, 3)]  # SA-3.1
    for _ in range(min(count, row[BDECK_LEN])):
        row[BDECK_LEN] -= 1
        row[OFFER + row[BDECK + row[BDECK_LEN]]] += 1
    nationality = row[FLAGS + rnd - 1]  # SA-3.2
    for p in range(n):
        for r in range(row[NROOMS + p]):
            at = ROOMS + (p * ROOM_CAP + r) * 2
            leaves = False
            for s in range(2):
                if row[at + s] and t[T_NAT + row[at + s] - 1] == nationality:
                    leaves = True
            if leaves:
                _send_home(row, t, p, r)
    row[TDECK_LEN] -= 1
    card = row[TDECK + row[TDECK_LEN]]
    groups = t[SIZES + card * SIZES_WIDTH]
    row[NGROUPS] = groups
    supply, length = SUPPLY + nationality * SUPPLY_CAP, SLEN + nationality
    for g in range(groups):
        size = t[SIZES + card * SIZES_WIDTH + 1 + g] * (2 if t[DOUBLED + rnd] else 1)
        row[GLEN + g] = size
        for i in range(size):
            pick = kc.below(mt_game, row[length])
            row[GROUPS + g * TILE_CAP + i] = row[supply + pick]
            for j in range(pick, row[length] - 1):
                row[supply + j] = row[supply + j + 1]
            row[length] -= 1
    row[PHASE], row[ORDER_LEN], row[TURN], row[TO_MOVE] = CHOOSE, n, 0, 0
    for p in range(n):
        row[ORDER + p] = p


def _payout_and_cards(row, t, mt_game):
    n = row[PLAYERS]
    for p in range(n):
        row[MONEY + p] += row[EARNED + p]
        card = row[CHOSEN + p]
        if not t[GREY + card] and (row[PLACED + p] or row[BOUGHT + p]):
            row[USED + p] |= 1 << card
            row[USED_LIST + p * CARD_CAP + row[USED_LEN + p]] = card
            row[USED_LEN + p] += 1
        else:
            row[HAND + p] |= 1 << card
    for g in range(row[NGROUPS]):
        for i in range(row[GLEN + g]):
            _supply_return(row, t, row[GROUPS + g * TILE_CAP + i])
        row[GLEN + g] = 0
    row[NGROUPS] = 0
    for p in range(n):
        row[CHOSEN + p] = -1
    row[HAMMER] = (row[HAMMER] + 1) % n
    if row[ROUND] >= t[ROUNDS]:
        row[PHASE], row[TO_MOVE] = OVER, -1
    else:
        _start_round(row, t, mt_game)


def _apply(row, t, code, mt_game):
    kind, a, b, c = code >> 24, (code >> 16) & 255, (code >> 8) & 255, code & 255
    p = row[TO_MOVE]
    if kind == A_CHOOSE:
        row[HAND + p] &= ~(1 << a)
        row[CHOSEN + p] = a
        _next_turn(row, t, CHOOSE, mt_game)
    elif kind == A_TAKE_BACK:
        for card in (a, b):
            if card:
                row[USED + p] &= ~(1 << (card - 1))
                row[HAND + p] |= 1 << (card - 1)
                pile, length = USED_LIST + p * CARD_CAP, row[USED_LEN + p]
                at = 0
                while row[pile + at] != card - 1:
                    at += 1
                for i in range(at, length - 1):
                    row[pile + i] = row[pile + i + 1]
                row[USED_LEN + p] = length - 1
        row[SPECIALS + p * 6 + TAKE_BACK] -= 1
    elif kind == A_SWAP:
        row[HAND + p] = (row[HAND + p] & ~(1 << a)) | (1 << row[CHOSEN + p])
        row[CHOSEN + p] = a
        row[SPECIALS + p * 6 + SWAP_CARD] -= 1
        _next_turn(row, t, BUILD, mt_game)
    elif kind == A_KEEP:
        _next_turn(row, t, BUILD, mt_game)
    elif kind == A_BUY:
        row[OFFER + a] -= 1
        row[MONEY + p] -= t[BID + row[CHOSEN + p]]
        row[BOUGHT + p] = 1
        if a == EXTRA_ROOM:
            row[NROOMS + p] += 1
        elif a == SUITE:
            row[SUITES + p] |= 1 << (b - 1)
        elif a == POOL:
            row[POOLS + p] += 1
            for r in range(row[NROOMS + p]):
                at = ROOMS + (p * ROOM_CAP + r) * 2
                for s in range(2):
                    if row[at + s]:
                        row[MONEY + p] += t[T_RING + row[at + s] - 1]
        else:
            row[SPECIALS + p * 6 + a] += 1
        _next_building_turn(row, t, mt_game)
    elif kind == A_PASS:
        _next_building_turn(row, t, mt_game)
    elif kind == A_PLACE:
        group = GROUPS + a * TILE_CAP
        ident = row[group + b]
        for j in range(b, row[GLEN + a] - 1):
            row[group + j] = row[group + j + 1]
        row[GLEN + a] -= 1
        row[EARNED + p] += _earnings(row, t, p, ident, c, t[PRICE + row[CHOSEN + p]])
        at = ROOMS + (p * ROOM_CAP + c) * 2
        row[at + (1 if row[at] else 0)] = ident + 1
        row[COMMITTED] = a
        row[PLACED + p] += 1
    elif kind == A_REMOVE:
        _send_home(row, t, p, a)
        row[REMOVED] += 1
    elif kind == A_SEND_HOME:
        _send_home(row, t, p, a - 1)
        if b:
            _send_home(row, t, p, b - 1)
        row[SPECIALS + p * 6 + SEND_HOME] -= 1
    else:  # A_DONE
        row[TURN] += 1
        if row[TURN] < row[ORDER_LEN]:
            _start_tourist_turn(row)
        else:
            _payout_and_cards(row, t, mt_game)


def _occupied(row, p, r):
    return row[ROOMS + (p * ROOM_CAP + r) * 2] != 0


def _random_action(row, t, mt):
    """`legal_actions()[int(random() * n)]`, found by counting the legal actions, not listing them."""
    phase, p = row[PHASE], row[TO_MOVE]
    if phase == CHOOSE:
        hand, used = row[HAND + p], row[USED + p]
        cards = 0
        for i in range(t[CARDS]):
            cards += (hand >> i) & 1
        pairs, u = 0, 0
        if row[SPECIALS + p * 6 + TAKE_BACK] > 0:
            for i in range(t[CARDS]):
                u += (used >> i) & 1
            pairs = 1 if u == 1 else u * (u - 1) // 2
        i = kc.below(mt, cards + pairs)
        if i < cards:
            for card in range(t[CARDS]):
                if (hand >> card) & 1:
                    if i == 0:
                        return _a(A_CHOOSE, card)
                    i -= 1
        i -= cards
        for first_rank in range(t[CARDS]):  # pairs in the order of the keys as texts
            for card in range(t[CARDS]):
                if (used >> card) & 1 and t[KEY_RANK + card] == first_rank:
                    if u == 1:
                        return _a(A_TAKE_BACK, card + 1)
                    for second_rank in range(first_rank + 1, t[CARDS]):
                        for other in range(t[CARDS]):
                            if (used >> other) & 1 and t[KEY_RANK + other] == second_rank:
                                if i == 0:
                                    return _a(A_TAKE_BACK, card + 1, other + 1)
                                i -= 1
        return -1
    if phase == SWAP:
        hand = row[HAND + p]
        cards = 0
        for i in range(t[CARDS]):
            cards += (hand >> i) & 1
        i = kc.below(mt, 1 + cards)
        if i == 0:
            return _a(A_KEEP)
        i -= 1
        for card in range(t[CARDS]):
            if (hand >> card) & 1:
                if i == 0:
                    return _a(A_SWAP, card)
                i -= 1
        return -1
    card = row[CHOSEN + p]
    if phase == BUILD:
        if row[MONEY + p] < t[BID + card]:
            kc.below(mt, 1)  # the one legal action, drawn all the same
            return _a(A_PASS)
        free = 0
        for r in range(t[BOARD_ROOMS]):
            if not (row[SUITES + p] >> r) & 1:
                free += 1
        n = 1
        for k in range(6):
            if row[OFFER + k] > 0:
                n += free if k == SUITE else 1
        i = kc.below(mt, n)
        if i == 0:
            return _a(A_PASS)
        i -= 1
        for k in range(6):
            if row[OFFER + k] > 0:
                if k == SUITE:
                    for r in range(t[BOARD_ROOMS]):
                        if not (row[SUITES + p] >> r) & 1:
                            if i == 0:
                                return _a(A_BUY, k, r + 1)
                            i -= 1
                else:
                    if i == 0:
                        return _a(A_BUY, k)
                    i -= 1
        return -1
    rooms = row[NROOMS + p]
    occupied, empty, lovers = 0, 0, 0
    for r in range(rooms):
        at = ROOMS + (p * ROOM_CAP + r) * 2
        if row[at]:
            occupied += 1
            if not row[at + 1] and t[T_KIND + row[at] - 1] == LOVERS:
                lovers += 1
        else:
            empty += 1
    homes = 0
    if row[COMMITTED] < 0 and row[SPECIALS + p * 6 + SEND_HOME] > 0 and occupied:
        homes = 1 if occupied == 1 else occupied * (occupied - 1) // 2
    if t[GREY + card]:
        removals = occupied if row[REMOVED] < 2 else 0
        n = 1 + homes + removals
    else:
        n = 1 + homes
        for g in range(row[NGROUPS]):
            if row[COMMITTED] >= 0 and g != row[COMMITTED]:
                continue
            for i in range(row[GLEN + g]):
                n += empty + lovers if t[T_KIND + row[GROUPS + g * TILE_CAP + i]] == LOVERS else empty
    i = kc.below(mt, n)
    if i == 0:
        return _a(A_DONE)
    i -= 1
    if i < homes:
        for r in range(rooms):
            if _occupied(row, p, r):
                if occupied == 1:
                    return _a(A_SEND_HOME, r + 1)
                for s in range(r + 1, rooms):
                    if _occupied(row, p, s):
                        if i == 0:
                            return _a(A_SEND_HOME, r + 1, s + 1)
                        i -= 1
        return -1
    i -= homes
    if t[GREY + card]:
        for r in range(rooms):
            if _occupied(row, p, r):
                if i == 0:
                    return _a(A_REMOVE, r)
                i -= 1
        return -1
    for g in range(row[NGROUPS]):
        if row[COMMITTED] >= 0 and g != row[COMMITTED]:
            continue
        for tile in range(row[GLEN + g]):
            is_lover = t[T_KIND + row[GROUPS + g * TILE_CAP + tile]] == LOVERS
            for r in range(rooms):
                at = ROOMS + (p * ROOM_CAP + r) * 2
                if not row[at] or (is_lover and not row[at + 1] and t[T_KIND + row[at] - 1] == LOVERS):
                    if i == 0:
                        return _a(A_PLACE, g, tile, r)
                    i -= 1
    return -1


def _free_rooms(row, p):
    free = 0
    for r in range(row[NROOMS + p]):
        if not _occupied(row, p, r):
            free += 1
    return free


def _heuristic_action(row, t, params, scratch):
    """HeuristicBot.choose (kit/samoa/heuristic.py), with LeanHeuristicBot's plan."""
    phase = row[PHASE]
    if phase == CHOOSE:
        return _heuristic_price(row, t, params)
    if phase == SWAP:
        return _a(A_KEEP)
    if phase == BUILD:
        return _heuristic_build(row, t, params)
    return _heuristic_tourists(row, t, params, scratch)


def _heuristic_price(row, t, params):
    p = row[TO_MOVE]
    hand, used = row[HAND + p], row[USED + p]
    cards, grey = 0, -1
    for card in range(t[CARDS]):
        if (hand >> card) & 1:
            if t[GREY + card]:
                grey = card
            else:
                cards += 1
    used_count = 0
    for card in range(t[CARDS]):
        used_count += (used >> card) & 1
    if row[SPECIALS + p * 6 + TAKE_BACK] > 0 and cards <= params[7] and used_count >= 2:
        first, second = -1, -1  # the two dearest used cards; equal prices in the pile's order
        pile = USED_LIST + p * CARD_CAP
        for i in range(row[USED_LEN + p]):
            card = row[pile + i]
            if first < 0 or t[PRICE + card] > t[PRICE + first]:
                first, second = card, first
            elif second < 0 or t[PRICE + card] > t[PRICE + second]:
                second = card
        if t[KEY_RANK + first] < t[KEY_RANK + second]:
            return _a(A_TAKE_BACK, first + 1, second + 1)
        return _a(A_TAKE_BACK, second + 1, first + 1)
    if _free_rooms(row, p) == 0 or cards == 0:
        return _a(A_CHOOSE, grey)
    tourists, rooms = 0, 0
    for g in range(row[NGROUPS]):
        tourists += row[GLEN + g]
    for other in range(row[PLAYERS]):
        rooms += _free_rooms(row, other)
    pressure = min(1.0, params[1] * tourists / max(rooms, 1))
    wanted = int(pressure * (cards - 1))
    if wanted < 0:  # a negative pressure: Python's cards[wanted] counts from the end (or fails: -1 below)
        wanted += cards
    # the hand's priced cards sorted by price (a stable sort of the hand's order): the wanted-th
    for card in range(t[CARDS]):
        if (hand >> card) & 1 and not t[GREY + card]:
            below = 0
            for other in range(t[CARDS]):
                if (hand >> other) & 1 and not t[GREY + other]:
                    if t[PRICE + other] < t[PRICE + card] or (t[PRICE + other] == t[PRICE + card] and other < card):
                        below += 1
            if below == wanted:
                return _a(A_CHOOSE, card)
    return -1


def _heuristic_build(row, t, params):
    p = row[TO_MOVE]
    bid, money = t[BID + row[CHOSEN + p]], row[MONEY + p]
    if money < bid:
        return _a(A_PASS)
    late = row[ROUND] >= 10
    bathers = 0
    for other in range(row[PLAYERS]):
        for r in range(row[NROOMS + other]):
            at = ROOMS + (other * ROOM_CAP + r) * 2
            for s in range(2):
                if row[at + s] and t[T_KIND + row[at + s] - 1] == BATHER:
                    bathers += 1
    ring = 0
    for r in range(row[NROOMS + p]):
        at = ROOMS + (p * ROOM_CAP + r) * 2
        for s in range(2):
            if row[at + s]:
                ring += t[T_RING + row[at + s] - 1]
    affordable = bid <= params[3] and money - bid >= params[4] and not late
    best, code = 99, _a(A_PASS)
    for k in range(6):
        if row[OFFER + k] == 0:
            continue
        wish, wished = 99, 0
        if k == EXTRA_ROOM and affordable:
            wish, wished = 0, _a(A_BUY, k)
        elif k == SUITE and affordable:
            for r in range(t[BOARD_ROOMS]):
                if not (row[SUITES + p] >> r) & 1 and not _occupied(row, p, r):
                    wish, wished = 1, _a(A_BUY, k, r + 1)
                    break
        elif k == POOL and bid <= params[5] and (bathers >= 2 or ring >= 2):
            wish, wished = 2, _a(A_BUY, k)
        elif (k == SWAP_CARD or k == SEND_HOME or k == TAKE_BACK) and bid <= params[6]:
            wish, wished = 3, _a(A_BUY, k)
        if wish < best:
            best, code = wish, wished
    return code


def _stay(row, t, p, room):
    """heuristic._longest_staying's measure: rounds until a guest's flag comes back."""
    upcoming = t[ROUNDS] - row[ROUND]
    stay = upcoming
    at = ROOMS + (p * ROOM_CAP + room) * 2
    for s in range(2):
        if row[at + s]:
            nationality = t[T_NAT + row[at + s] - 1]
            for i in range(upcoming):
                if row[FLAGS + row[ROUND] + i] == nationality:
                    stay = min(stay, i)
                    break
    return stay


def _longest_staying(row, t, p, skip):
    """The occupied room whose guests stay longest (the lowest on ties), other than `skip`."""
    best, best_stay = -1, -1
    for r in range(row[NROOMS + p]):
        if r != skip and _occupied(row, p, r):
            stay = _stay(row, t, p, r)
            if stay > best_stay:
                best, best_stay = r, stay
    return best


def _heuristic_tourists(row, t, params, scratch):
    p = row[TO_MOVE]
    card = row[CHOSEN + p]
    free = _free_rooms(row, p)
    occupied = row[NROOMS + p] - free
    if t[GREY + card]:
        if row[REMOVED] < 2 and occupied and free < 2:
            return _a(A_REMOVE, _longest_staying(row, t, p, -1))
        return _a(A_DONE)
    if row[COMMITTED] < 0 and row[SPECIALS + p * 6 + SEND_HOME] > 0 and free == 0:
        tourists = 0
        for g in range(row[NGROUPS]):
            tourists += row[GLEN + g]
        if occupied >= 2 and tourists > 0:
            first = _longest_staying(row, t, p, -1)
            second = _longest_staying(row, t, p, first)
            return _a(A_SEND_HOME, min(first, second) + 1, max(first, second) + 1)
    price = t[PRICE + card]
    best_total, best_group, best_tile, best_room, best_count = 0, -1, -1, -1, 0
    for g in range(row[NGROUPS]):
        if row[COMMITTED] >= 0 and g != row[COMMITTED]:
            continue
        total, count, tile, room = _plan(row, t, p, g, price, scratch)
        if count and total > best_total:
            best_total, best_group, best_tile, best_room, best_count = total, g, tile, room, count
    if best_group < 0:
        return _a(A_DONE)
    cheap = best_total < params[2] * price
    if row[COMMITTED] < 0 and best_count == 1 and cheap and row[ROUND] < 11:
        return _a(A_DONE)
    return _a(A_PLACE, best_group, best_tile, best_room)


def _plan(row, t, p, g, price, scratch):
    """heuristic._plan (as LeanHeuristicBot's): (total, tourists placed, the first's tile and room)."""
    rooms = row[NROOMS + p]
    trial, order = scratch, 2 * ROOM_CAP
    for i in range(2 * rooms):
        trial[i] = row[ROOMS + p * ROOM_CAP * 2 + i]
    group, length = GROUPS + g * TILE_CAP, row[GLEN + g]
    for i in range(length):  # stable insertion sort by (placing order, -ring)
        ident = row[group + i]
        key = t[PLACE_FIRST + t[T_KIND + ident]] * 100 - t[T_RING + ident]
        at = i
        while at > 0:
            before = row[group + trial[order + at - 1]]
            if t[PLACE_FIRST + t[T_KIND + before]] * 100 - t[T_RING + before] <= key:
                break
            trial[order + at] = trial[order + at - 1]
            at -= 1
        trial[order + at] = i
    suites, pools = row[SUITES + p], row[POOLS + p]
    total, count, first_tile, first_room = 0, 0, -1, -1
    for n in range(length):
        index = trial[order + n]
        ident = row[group + index]
        kind = t[T_KIND + ident]
        bonus = t[T_RING + ident] * pools if kind == BATHER else 0
        best, best_room = -1, -1
        for room in range(rooms):
            if trial[2 * room] and not (
                kind == LOVERS and not trial[2 * room + 1] and t[T_KIND + trial[2 * room] - 1] == LOVERS
            ):
                continue
            double = kind == RICH or (suites >> room) & 1 == 1
            if not double:
                double = _next_to_celebrity(trial, 0, t, room)
            amount = (2 * price if double else price) + bonus
            if best_room < 0 or amount > best:
                best, best_room = amount, room
        if best_room < 0:
            continue
        trial[2 * best_room + (1 if trial[2 * best_room] else 0)] = ident + 1
        if count == 0:
            first_tile, first_room = index, best_room
        total += best
        count += 1
    return total, count, first_tile, first_room


def _play(row, t, params, mt_game, mt_policy, recorded, scratch):
    """Play the position to its end: the number of actions taken, or FAILED (an action the kernel
    could not find, -1, or STEP_CAP actions without an end: `_run` raises, never scores it)."""
    steps = 0
    while row[PHASE] != OVER:
        if steps >= STEP_CAP:
            return FAILED
        if params[row[TO_MOVE], 0] == HEURISTIC:
            code = _heuristic_action(row, t, params[row[TO_MOVE]], scratch)
        else:
            code = _random_action(row, t, mt_policy)
        if code < 0:
            return FAILED
        if steps < recorded.shape[0]:
            recorded[steps] = code
        steps += 1
        _apply(row, t, code, mt_game)
    return steps


def _scores(row, t, scores, empty):
    for p in range(row[PLAYERS]):
        specials = 0
        for k in range(6):
            specials += row[SPECIALS + p * 6 + k]
        scores[p] = row[MONEY + p] + t[SPECIAL_VALUE] * specials
        empty[p] = 0
        for r in range(row[NROOMS + p]):
            if not _occupied(row, p, r):
                empty[p] += 1


def _after_many(rows, codes, t, params, states_game, states_policy, viewer, differences, wins, finals, recorded):
    """Every row with every first action (codes[k] < 0: none), played to the end: `viewer`'s
    difference and win share, and each playout's scores, empty rooms and steps (`finals`). The last
    playout's generators are written back to the last rows of `states_game` and `states_policy`."""
    scratch = np.zeros(SCRATCH, np.int64)
    row = np.empty(rows.shape[1], np.int64)
    mt_game = np.empty(kc.STATE, np.uint64)
    mt_policy = np.empty(kc.STATE, np.uint64)
    scores = np.zeros(P, np.int64)
    empty = np.zeros(P, np.int64)
    for j in range(rows.shape[0]):
        for k in range(codes.shape[0]):
            row[:] = rows[j]
            mt_game[:] = states_game[j]
            mt_policy[:] = states_policy[j]
            if codes[k] >= 0:
                _apply(row, t, codes[k], mt_game)
            steps = _play(row, t, params, mt_game, mt_policy, recorded, scratch)
            _scores(row, t, scores, empty)
            finals[j, k, :P] = scores
            finals[j, k, P : 2 * P] = empty
            finals[j, k, 2 * P] = steps
            n = row[PLAYERS]
            best, other = scores[0], -(2**62)
            for p in range(n):
                best = max(best, scores[p])
                if p != viewer:
                    other = max(other, scores[p])
            differences[j, k] = scores[viewer] - other
            most, winners = -1, 0
            for p in range(n):
                if scores[p] == best:
                    most = max(most, empty[p])
            for p in range(n):
                if scores[p] == best and empty[p] == most:
                    winners += 1
            mine = scores[viewer] == best and empty[viewer] == most
            wins[j, k] = 1.0 / winners if mine else 0.0
    states_game[rows.shape[0] - 1][:] = mt_game
    states_policy[rows.shape[0] - 1][:] = mt_policy


def fits(policy: Any) -> bool:
    """Whether the kernel plays `policy`: "random", "heuristic" or a HeuristicBot (not a subclass,
    whose changes it would not know), or a list of those, one per seat; and numba is installed."""
    seats = list(policy) if isinstance(policy, list | tuple) else [policy]
    return AVAILABLE and all(p in ("random", "heuristic") or type(p) is HeuristicBot for p in seats)


if AVAILABLE:
    # numba's cache watches this file only: the generator inlined from kit/kernels/chance.py and the
    # constants from components.py and heuristic.py are watched by a stamp (kit/kernels/kernel_cache.py)
    from pathlib import Path

    from kit.kernels.kernel_cache import compile_in_place, refresh

    from . import components, heuristic

    _CACHE_SOURCES = [Path(__file__), *kc.SOURCES, Path(components.__file__)]
    _CACHE_SOURCES.append(Path(heuristic.__file__))
    refresh(__file__, _CACHE_SOURCES)
    compile_in_place(
        globals(),
        [
            "_a",
            "_next_turn",
            "_reveal",
            "_start_building",
            "_start_tourist_phase",
            "_start_tourist_turn",
            "_next_building_turn",
            "_supply_return",
            "_send_home",
            "_next_to_celebrity",
            "_earnings",
            "_start_round",
            "_payout_and_cards",
            "_apply",
            "_occupied",
            "_random_action",
            "_free_rooms",
            "_heuristic_action",
            "_heuristic_price",
            "_heuristic_build",
            "_stay",
            "_longest_staying",
            "_heuristic_tourists",
            "_plan",
            "_play",
            "_scores",
            "_after_many",
        ],
    )
