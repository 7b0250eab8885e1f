"""Lean Samoa playouts: the readable engine's very games, without the bookkeeping no playout reads.

    >>> from kit.samoa import Samoa, fast
    >>> end = fast.play_out(game, Chance(1))          # plays exactly what the readable engine would
    >>> end.scores(), end.winners()

The advisor (kit/sim/advice.py) and the ISMCTS bot play thousands of games from a position to their
end and read only the final scores. The readable engine (game.py, rules.py) spends most of such a
playout on what no playout reads: it lists every legal action to pick one, checks again the action
it has just listed, writes every event into the log and keeps the history. This module plays the
same rules on the same state (a `Samoa` object), but

- picks a uniformly random legal action by *counting* the legal actions instead of listing them:
  the same index into the same order as `Samoa.legal_actions()`, from the same `below(n)` draw;
- carries out each action with the rules' own steps, minus the checks (every action here is legal
  by construction) and minus the events and the history;
- copies a position without its history, log and generator;
- lets the heuristic bot plan its tourists without copying the hotel or writing the reasons of
  every payment (`LeanHeuristicBot`: the same parameters, the same choices).

Chance comes from the same generators in the same order, so for the same position and the same
chance it plays exactly the same actions and reaches the same final state (tests/samoa/test_fast.py
checks it game for game). The readable engine stays the reference: a rule changed there and not
here makes those tests fail. A copy played here carries no history and no log of its playout.

Rollouts go faster still in the compiled kernel (kit/samoa/fast_kernel.py, with numba);
`advisor_paths` offers the advisor both. A search calls `rollout(world, policy, chance)`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from kit.core import Chance
from kit.core.game import interned

from . import rules
from .actions import Buy, Choose, Done, Keep, Pass, Place, Remove, SendHome, Swap, TakeBack
from .game import _PLACES, Samoa
from .heuristic import PLACE_FIRST, HeuristicBot
from .hotel import Hotel

ENGINE = "lean"  # this path's name in the advisor's tables (`Advice.engine`)


# ------------------------------------------------------------------------------ copies
def lean_copy(game: Samoa) -> Samoa:
    """A copy to play out: the whole position, but no history, no log and no generator (the caller
    gives it one: `copy.chance = ...`)."""
    copy = object.__new__(Samoa)
    copy.__dict__.update(game.__dict__)
    copy.chance = None
    copy.history, copy.log = [], []
    copy.hotels = [h.clone() for h in game.hotels]
    copy.money, copy.chosen = list(game.money), list(game.chosen)
    copy.hands, copy.used = [list(h) for h in game.hands], [list(u) for u in game.used]
    copy.flags, copy.offer = list(game.flags), list(game.offer)
    copy.groups = [list(g) for g in game.groups]
    copy.supply = {k: list(v) for k, v in game.supply.items()}
    copy.building_deck, copy.tourist_deck = list(game.building_deck), list(game.tourist_deck)
    copy.order = list(game.order)
    copy.bought, copy.placed, copy.earned = list(game.bought), list(game.placed), list(game.earned)
    return copy


# ------------------------------------------------------------ a uniformly random action
def random_action(game: Samoa, below) -> Any:
    """`game.legal_actions()[below(n)]` for the n legal actions, without listing them."""
    phase, player = game.phase, game.to_move
    if phase == "choose":
        hand = game.hands[player]
        pairs = rules.take_back_choices(game.used[player]) if "take_back" in game.hotels[player].specials else ()
        i = below(len(hand) + len(pairs))
        return interned(Choose, hand[i]) if i < len(hand) else interned(TakeBack, pairs[i - len(hand)])
    if phase == "swap":
        hand = game.hands[player]
        i = below(1 + len(hand))
        return interned(Keep) if i == 0 else interned(Swap, hand[i - 1])
    hotel = game.hotels[player]
    card = game._card[game.chosen[player]]
    if phase == "build":
        if game.money[player] < card.bid:
            below(1)  # the one legal action, drawn all the same
            return interned(Pass)
        kinds = sorted(set(game.offer))
        suites = [r for r in range(hotel.board_rooms) if r not in hotel.suites] if "suite" in kinds else []
        i = below(1 + sum(len(suites) if kind == "suite" else 1 for kind in kinds))
        if i == 0:
            return interned(Pass)
        for kind in kinds:
            if kind == "suite":
                if i <= len(suites):
                    return interned(Buy, kind, suites[i - 1] + 1)
                i -= len(suites)
            elif i == 1:
                return interned(Buy, kind, None)
            else:
                i -= 1
        raise AssertionError("counted more building actions than there are")  # pragma: no cover
    # the tourist phase: done; send-home pairs; then removals (grey card) or placements
    rooms = hotel.rooms
    homes = ()
    if game.committed is None and "send_home" in hotel.specials:
        occupied = [r + 1 for r, o in enumerate(rooms) if o]
        if occupied:
            homes = [(r,) for r in occupied] if len(occupied) == 1 else list(combinations(occupied, 2))
    if card.grey:
        removals = [r + 1 for r, o in enumerate(rooms) if o] if game.removed < 2 else ()
        i = below(1 + len(homes) + len(removals))
        if i == 0:
            return interned(Done)
        if i <= len(homes):
            return interned(SendHome, homes[i - 1])
        return interned(Remove, removals[i - 1 - len(homes)])
    empty = [r for r, o in enumerate(rooms) if not o]
    lovers = sorted(empty + [r for r, o in enumerate(rooms) if len(o) == 1 and o[0].kind == "lovers"])
    groups = game.groups
    chosen_groups = range(len(groups)) if game.committed is None else (game.committed,)
    count = 1 + len(homes)
    for g in chosen_groups:
        for tourist in groups[g]:
            count += len(lovers) if tourist.kind == "lovers" else len(empty)
    i = below(count)
    if i == 0:
        return interned(Done)
    if i <= len(homes):
        return interned(SendHome, homes[i - 1])
    i -= 1 + len(homes)
    for g in chosen_groups:
        by_tile = _PLACES[g]
        for t, tourist in enumerate(groups[g]):
            free = lovers if tourist.kind == "lovers" else empty
            if i < len(free):
                return by_tile[t][free[i]]
            i -= len(free)
    raise AssertionError("counted more placements than there are")  # pragma: no cover


# ------------------------------------------------------------------ the moves, lean
# Each is the move of rules.py with the same name, minus its checks and its events (the rules'
# helpers that write no events are used as they are).
_next_turn, _use_special = rules._next_turn, rules._use_special


def _choose(game: Samoa, action: Choose) -> None:
    player = game.to_move
    game.hands[player].remove(action.card)
    game.chosen[player] = action.card
    _next_turn(game, _reveal)


def _take_back(game: Samoa, action: TakeBack) -> None:
    player = game.to_move
    used, hand = game.used[player], game.hands[player]
    for card in action.cards:
        used.remove(card)
        hand.append(card)
    game.sort_hand(player)
    _use_special(game.hotels[player], "take_back")


def _reveal(game: Samoa) -> None:
    game.revealed = True
    holders = [p for p in rules.clockwise_from(game, game.hammer) if "swap_card" in game.hotels[p].specials]
    if holders:
        game.phase, game.order, game.turn = "swap", holders, 0
        game.to_move = holders[0]
    else:
        _start_building(game)


def _swap(game: Samoa, action: Swap) -> None:
    player = game.to_move
    hand = game.hands[player]
    hand.remove(action.card)
    hand.append(game.chosen[player])
    game.sort_hand(player)
    game.chosen[player] = action.card
    _use_special(game.hotels[player], "swap_card")
    _next_turn(game, _start_building)


def _keep(game: Samoa, action: Keep) -> None:
    _next_turn(game, _start_building)


def _start_building(game: Samoa) -> None:
    game.phase, game.order, game.turn = "build", rules.building_order(game), 0
    if not game.order or not game.offer:
        _start_tourist_phase(game)
    else:
        game.to_move = game.order[0]


def _buy(game: Samoa, action: Buy) -> None:
    player = game.to_move
    bid = game._card[game.chosen[player]].bid
    game.offer.remove(action.kind)
    game.money[player] -= bid
    game.bought[player] = True
    hotel = game.hotels[player]
    kind = action.kind
    if kind == "extra_room":
        hotel.rooms.append([])
    elif kind == "suite":
        hotel.suites.add(action.room - 1)
    elif kind == "pool":
        hotel.pools += 1
        game.money[player] += hotel.ring_points()
    else:
        hotel.specials.append(kind)
    _next_building_turn(game)


def _pass(game: Samoa, action: Pass) -> None:
    _next_building_turn(game)


def _next_building_turn(game: Samoa) -> None:
    if not game.offer:
        _start_tourist_phase(game)
    else:
        _next_turn(game, _start_tourist_phase)


def _start_tourist_phase(game: Samoa) -> None:
    game.phase, game.order, game.turn = "tourists", rules.tourist_order(game), 0
    rules._start_tourist_turn(game)


def _place(game: Samoa, action: Place) -> None:
    player = game.to_move
    group = game.groups[action.group - 1]
    tourist = group.pop(action.tile - 1)
    hotel = game.hotels[player]
    room = action.room - 1
    game.earned[player] += _earnings(hotel, tourist, room, game._card[game.chosen[player]].price)
    hotel.rooms[room].append(tourist)
    game.committed = action.group - 1
    game.placed[player] += 1


def _earnings(hotel: Hotel, tourist, room: int, price: int) -> int:
    """Hotel.earnings without its reasons: double once for rich, suite or a celebrity next door."""
    rooms = hotel.rooms
    double = (
        tourist.kind == "rich"
        or room in hotel.suites
        or any(o.kind == "celebrity" for n in hotel.neighbours(room) for o in rooms[n])
    )
    amount = 2 * price if double else price
    if tourist.kind == "bather" and hotel.pools:
        amount += tourist.ring * hotel.pools
    return amount


def _remove(game: Samoa, action: Remove) -> None:
    _send_home(game, (action.room,))
    game.removed += 1


def _send_home_tile(game: Samoa, action: SendHome) -> None:
    _send_home(game, action.rooms)
    _use_special(game.hotels[game.to_move], "send_home")


def _send_home(game: Samoa, rooms) -> None:
    hotel_rooms = game.hotels[game.to_move].rooms
    for room in rooms:
        game.supply_return(hotel_rooms[room - 1])
        hotel_rooms[room - 1] = []


def _done(game: Samoa, action: Done) -> None:
    game.turn += 1
    if game.turn < len(game.order):
        rules._start_tourist_turn(game)
    else:
        _payout_and_cards(game)


def _payout_and_cards(game: Samoa) -> None:
    cards = game.chosen_cards()
    for player in range(game.players):
        game.money[player] += game.earned[player]
        card = cards[player]
        if not card.grey and (game.placed[player] or game.bought[player]):
            game.used[player].append(card.key)
        else:
            game.hands[player].append(card.key)
            game.sort_hand(player)
    for group in game.groups:
        game.supply_return(group)
    game.groups = []
    game.chosen = [None] * game.players
    game.revealed = False
    game.hammer = (game.hammer + 1) % game.players
    if game.round >= game.components.rounds:
        game.phase, game.is_over, game.to_move = "over", True, None
    else:
        _start_round(game)


def _start_round(game: Samoa) -> None:
    game.round += 1
    players = game.players
    game.chosen = [None] * players
    game.revealed = False
    game.bought = [False] * players
    game.placed = [0] * players
    game.earned = [0] * players
    # SA-3.1 building tiles
    block = (game.round - 1) // 3
    count = game.components.layout[players][min(block, 3)]
    deck = game.building_deck
    game.offer.extend([deck.pop() for _ in range(min(count, len(deck)))])
    game.offer.sort()
    # SA-3.2 tourists leave and arrive
    nationality = game.flags[game.round - 1]
    for hotel in game.hotels:
        rooms = hotel.rooms
        for room, occupants in enumerate(rooms):
            if occupants and any(t.nationality == nationality for t in occupants):
                game.supply_return(occupants)
                rooms[room] = []
    card = game.tourist_deck.pop()
    sizes = game.components.tourist_cards[card][players]
    if game.round in game.components.doubled_rounds:
        sizes = tuple(2 * size for size in sizes)
    game.tourist_card = card
    draw = game.draw_tourist
    game.groups = [[draw(nationality) for _ in range(size)] for size in sizes]
    game.phase = "choose"
    game.order = list(range(players))
    game.turn = 0
    game.to_move = 0


MOVES = {
    Choose: _choose,
    TakeBack: _take_back,
    Swap: _swap,
    Keep: _keep,
    Buy: _buy,
    Pass: _pass,
    Place: _place,
    Remove: _remove,
    SendHome: _send_home_tile,
    Done: _done,
}


# --------------------------------------------------------------------------- playouts
def play_to_end(game: Samoa, bots: list, chance: Chance, record: list | None = None) -> None:
    """`kit.bots.rollout.play_to_end`, lean: each seat's bot (None: a uniformly random action drawn
    from `chance`) plays `game` to its end. Only the heuristic bot (or None) is proven identical
    here; `game`'s history and log are left as they were. record: a list to append the actions to."""
    moves, below = MOVES, chance.below
    while not game.is_over:
        bot = bots[game.to_move]
        action = random_action(game, below) if bot is None else bot.choose(game)
        if record is not None:
            record.append(action)
        moves[action.__class__](game, action)


def play_out(game: Samoa, chance: Chance, policy: Any = "random", record: list | None = None) -> Samoa:
    """A lean copy of `game` played to its end (later deals from a clone of the game's own
    generator, as `game.clone()` would; policy draws from `chance`). `game` is left unchanged."""
    copy = lean_copy(game)
    copy.chance = game.chance.clone()
    play_to_end(copy, bots_for(copy, policy), chance, record)
    return copy


def rollout(world: Samoa, policy: Any, chance: Chance) -> list[float]:
    """A search's rollout (the ISMCTS bot's): each player's win share after `world`, a throwaway
    copy, is played to its end exactly as ``play_to_end(world, rollout_bots(world, policy), chance)``
    of kit.bots.rollout would play it, drawing the same numbers from `chance` and from the world's
    generator. In the compiled kernel when numba is installed (`world` is then left unplayed)."""
    from . import fast_kernel

    if fast_kernel.fits(policy):
        return fast_kernel.rollout(world, policy, chance)
    play_to_end(world, bots_for(world, policy), chance)
    winners = world.winners()  # a shared win is shared (as kit.bots.rollout.win_shares)
    return [1 / len(winners) if p in winners else 0.0 for p in range(world.players)]


def fits(policy: Any) -> bool:
    """Whether this path plays `policy` (proven identical): "random", "heuristic", a HeuristicBot
    (with any parameters; not a subclass, whose changes it would not know), or a list of those, one
    per seat."""
    if isinstance(policy, list | tuple):
        return all(fits(p) for p in policy)
    return policy in ("random", "heuristic") or type(policy) in (HeuristicBot, LeanHeuristicBot)


def bots_for(game: Samoa, policy: Any) -> list:
    """One bot per seat (None: uniformly random), as `kit.bots.rollout.rollout_bots` gives them (a
    game does not import the bots' layer), heuristic bots as their lean twins (the same parameters,
    the same choices)."""
    if not fits(policy):
        raise ValueError(f"the lean path plays 'random', 'heuristic' or HeuristicBot policies, not {policy!r}")
    seats = list(policy) if isinstance(policy, list | tuple) else [policy] * game.players
    return [_lean_bot(seat) for seat in seats]


def _lean_bot(seat: Any) -> LeanHeuristicBot | None:
    if seat == "random":
        return None
    if seat == "heuristic":
        return LeanHeuristicBot()
    return seat if type(seat) is LeanHeuristicBot else LeanHeuristicBot(**vars(seat))


class LeanHeuristicBot(HeuristicBot):
    """`HeuristicBot` with the same parameters and the same choices, planning its tourists without
    copying the hotel or writing the reasons of every payment (its hot spot in playouts)."""

    name = "heuristic"

    def plan(self, hotel: Hotel, group, price: int) -> list[tuple[int, int, int]]:
        return _lean_plan(hotel, group, price)


def _lean_plan(hotel: Hotel, group, price: int) -> list[tuple[int, int, int]]:
    """`heuristic._plan`: each tourist, best first, in the room where it pays most (the lowest such)."""
    rooms = [list(o) for o in hotel.rooms]
    board, columns, rows, suites, pools = (
        hotel.rows * hotel.columns,
        hotel.columns,
        hotel.rows,
        hotel.suites,
        hotel.pools,
    )
    order = sorted(range(len(group)), key=lambda i: (PLACE_FIRST[group[i].kind], -group[i].ring, i))
    plan = []
    for index in order:
        tourist = group[index]
        kind = tourist.kind
        lover, rich = kind == "lovers", kind == "rich"
        bonus = tourist.ring * pools if kind == "bather" else 0
        best, best_room = None, -1
        for room, occupants in enumerate(rooms):
            if occupants and not (lover and len(occupants) == 1 and occupants[0].kind == "lovers"):
                continue
            double = rich or room in suites
            if not double and room < board:
                row, column = divmod(room, columns)
                double = (
                    (row > 0 and any(o.kind == "celebrity" for o in rooms[room - columns]))
                    or (row < rows - 1 and any(o.kind == "celebrity" for o in rooms[room + columns]))
                    or (column > 0 and any(o.kind == "celebrity" for o in rooms[room - 1]))
                    or (column < columns - 1 and any(o.kind == "celebrity" for o in rooms[room + 1]))
                )
            amount = (2 * price if double else price) + bonus
            if best is None or amount > best:  # the first (lowest) room of the highest amount
                best, best_room = amount, room
        if best is None:
            continue
        rooms[best_room].append(tourist)
        plan.append((best, index, best_room))
    return plan


# ---------------------------------------------------------------------------- advisor
def advisor_paths(policy: Any) -> list[tuple[str, Any]]:
    """The advisor's fast paths for `policy` (see `kit.sim.advice.FastPath`), fastest first, each as
    (engine name, rollouts): the compiled kernel when numba is installed, and these lean playouts,
    for the policies they play (none for any other policy)."""
    from . import fast_kernel

    paths = []
    if fast_kernel.fits(policy):
        paths.append(("kernel", lambda *args: fast_kernel.play_after(*args, policy)))
    if fits(policy):
        paths.append((ENGINE, lambda *args: advisor_rollouts(*args, policy)))
    return paths


def advisor_rollouts(worlds, actions, viewer: int, game_seeds, policy_seeds, policy):
    """The advisor's rollouts (see `kit.sim.advice.FastPath`): for world j and action k, the score
    difference and win share of `viewer` after `actions[k]` and a playout, exactly as the readable
    `_rollout_seeded` finds them."""
    import numpy as np

    differences = np.zeros((len(worlds), len(actions)))
    wins = np.zeros((len(worlds), len(actions)))
    moves = MOVES
    for j, world in enumerate(worlds):
        for k, action in enumerate(actions):
            copy = lean_copy(world)
            copy.chance = Chance(game_seeds[j])
            moves[action.__class__](copy, action)
            play_to_end(copy, bots_for(copy, policy), Chance(policy_seeds[j]))
            scores = copy.scores()
            differences[j, k] = scores[viewer] - max(s for p, s in enumerate(scores) if p != viewer)
            winners = copy.winners()
            wins[j, k] = 1 / len(winners) if viewer in winners else 0.0
    return differences, wins
