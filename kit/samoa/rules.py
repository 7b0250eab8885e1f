"""The rules of Samoa as functions named after the rulebook's sections (SA-2 ... SA-9).

Phase functions (SA-3.1 ... SA-3.6) run the parts of a round no one decides; move functions carry
out a player's action, raising `IllegalAction` with the rule id *before* changing anything. Events
are appended to `game.log` as tuples of the `kit.core.events.Event` fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from kit.core.chance import Chance
from kit.core.errors import IllegalAction
from kit.i18n import N_, Plural, Term, Terms, render

from .actions import Buy, Choose, Done, Keep, Pass, Place, Remove, SendHome, Swap, TakeBack
from .components import tourist_message
from .hotel import Hotel

if TYPE_CHECKING:
    from .game import Samoa


# ------------------------------------------------------------------------------ SA-2 Setup
def setup(game: Samoa) -> None:
    """SA-2: hotels, price cards and 25 Tala each; the flag row; shuffled decks; the tie card."""
    c = game.components
    game.money = [c.start_money] * game.players
    game.hands = [[card.key for card in c.price_cards] for _ in range(game.players)]
    game.used = [[] for _ in range(game.players)]
    game.hotels = [Hotel(c.rows, c.columns) for _ in range(game.players)]
    game.flags = flag_row(game)
    game.tourist_deck = sorted(c.tourist_cards)
    game.chance.shuffle(game.tourist_deck)
    game.building_deck = list(c.building_tiles)
    game.chance.shuffle(game.building_deck)
    game.supply = {key: [t for t in c.tourists if t.nationality == key] for key in c.nationalities}
    game.offer = []
    game.groups = []
    game.hammer = game.settings.tie_card
    game.round = 0
    game.log.append(("SA-2", "setup", None, {"flags": list(game.flags), "hammer": game.hammer}))
    start_round(game)


def flag_row(game: Samoa) -> list[str]:
    """SA-2: the flags laid out from the three shuffled piles, then no two equal ones side by side."""
    return separate_equal_flags(lay_out_flags(game.components.flags, game.chance))


def lay_out_flags(flags: Iterable[tuple[str, int]], chance: Chance) -> list[str]:
    """SA-2: three piles by corner number, each shuffled, stacked (pile 1 on top), laid out left to
    right: the raw row, before any swap."""
    flags = list(flags)
    row = []
    for corner in (1, 2, 3):
        pile = [n for n, c in flags if c == corner]
        chance.shuffle(pile)
        row.extend(pile)
    return row


def separate_equal_flags(row: list[str]) -> list[str]:
    """SA-2 Decision: while two equal flags touch, swap the second with the nearest later flag that
    removes the clash (or, at the end of the row, the nearest earlier one). A row without a clash
    comes back unchanged."""
    row = list(row)
    for _ in range(100):
        clash = next((i for i in range(1, len(row)) if row[i] == row[i - 1]), None)
        if clash is None:
            return row
        candidates = list(range(clash + 1, len(row))) + list(range(clash - 2, -1, -1))
        for j in candidates:
            trial = list(row)
            trial[clash], trial[j] = trial[j], trial[clash]
            if trial[clash] != trial[clash - 1] and _clashes(trial) < _clashes(row):
                row = trial
                break
        else:  # pragma: no cover - a row of 12 flags in 4 nationalities can always be fixed
            break
    raise ValueError("SA-2: could not lay out the flags without two equal ones side by side")


def _clashes(row: list[str]) -> int:
    return sum(row[i] == row[i - 1] for i in range(1, len(row)))


# ----------------------------------------------------------------------- SA-3 A round
def start_round(game: Samoa) -> None:
    game.round += 1
    game.chosen = [None] * game.players
    game.revealed = False
    game.bought = [False] * game.players
    game.placed = [0] * game.players
    game.earned = [0] * game.players
    nationality = game.flags[game.round - 1]
    game.log.append(
        (
            "SA-3",
            "round",
            None,
            {"round": game.round, "nationality": nationality, "doubled": game.round in game.components.doubled_rounds},
        )
    )
    lay_out_building_tiles(game)
    tourists_leave_and_arrive(game)
    game.phase = "choose"
    game.order = list(range(game.players))
    game.turn = 0
    game.to_move = game.order[0]


def lay_out_building_tiles(game: Samoa) -> None:
    """SA-3.1: draw tiles face up by the table for the number of players; unbought ones stay."""
    block = (game.round - 1) // 3
    count = game.components.layout[game.players][min(block, 3)]
    drawn = [game.building_deck.pop() for _ in range(min(count, len(game.building_deck)))]
    game.offer.extend(drawn)
    game.offer.sort()
    game.log.append(("SA-3.1", "buildings", None, {"drawn": drawn, "offer": list(game.offer)}))


def tourists_leave_and_arrive(game: Samoa) -> None:
    """SA-3.2: this round's nationality leaves every hotel (a lovers pair leaves together when
    either's flag comes up, SA-8.2); a tourist card gives the new groups, doubled on 2X rounds."""
    nationality = game.flags[game.round - 1]
    for player, hotel in enumerate(game.hotels):
        leaving = [room for room, o in enumerate(hotel.rooms) if any(t.nationality == nationality for t in o)]
        gone = []
        for room in leaving:
            gone.extend(hotel.rooms[room])
            game.supply_return(hotel.rooms[room])
            hotel.rooms[room] = []
        if gone:
            game.log.append(("SA-3.2", "leave", player, {"tourists": [t.label for t in gone]}))
    card = game.tourist_deck.pop()
    sizes = game.components.tourist_cards[card][game.players]
    if game.round in game.components.doubled_rounds:
        sizes = tuple(2 * size for size in sizes)
    game.tourist_card = card
    game.groups = [[game.draw_tourist(nationality) for _ in range(size)] for size in sizes]
    game.log.append(("SA-3.2", "arrive", None, {"card": card, "groups": [[t.label for t in g] for g in game.groups]}))


# ------------------------------------------------------------- SA-3.3 Choose price cards
def choose(game: Samoa, action: Choose) -> None:
    """SA-3.3: every player chooses one price card face down; all are revealed together."""
    player = _expect(game, "choose", N_("choose a price card"))
    if action.card not in game.hands[player]:
        raise IllegalAction(
            "SA-3.3", "player {player} has no price card {card} in hand", player=player, card=action.card
        )
    game.hands[player].remove(action.card)
    game.chosen[player] = action.card
    game.log.append(("SA-3.3", "choose", player, {}, {"card": action.card}, (player,)))
    _next_turn(game, reveal)


def take_back(game: Samoa, action: TakeBack) -> None:
    """SA-9.4c: discard the special tile to take two used price cards back to hand (Decision: used
    just before choosing a card; all of them if fewer than two are used)."""
    player = _expect(game, "choose", N_("use the take-back tile"))
    hotel = game.hotels[player]
    if "take_back" not in hotel.specials:
        raise IllegalAction("SA-9.4", "player {player} has no unused take-back tile", player=player)
    used = game.used[player]
    wanted = min(2, len(used))
    if len(action.cards) != wanted or any(action.cards.count(c) > used.count(c) for c in action.cards):
        raise IllegalAction(
            "SA-9.4",
            "name {wanted} of your used price cards ({used})",
            wanted=wanted,
            used=", ".join(used) or Term("none"),
        )
    for card in action.cards:
        used.remove(card)
        game.hands[player].append(card)
    game.sort_hand(player)
    _use_special(hotel, "take_back")
    game.log.append(("SA-9.4", "take-back", player, {"cards": list(action.cards)}))


def reveal(game: Samoa) -> None:
    game.revealed = True
    game.log.append(("SA-3.3", "reveal", None, {"cards": list(game.chosen)}))
    holders = [p for p in clockwise_from(game, game.hammer) if "swap_card" in game.hotels[p].specials]
    if holders:
        game.phase, game.order, game.turn = "swap", holders, 0
        game.to_move = holders[0]
    else:
        start_building(game)


def swap(game: Samoa, action: Swap) -> None:
    """SA-9.4a: after the reveal, discard the tile to swap the played card for one from hand.
    Decision: asked clockwise from the hammer side; the grey card may be swapped in or out."""
    player = _expect(game, "swap", N_("swap a price card"))
    if action.card not in game.hands[player]:
        raise IllegalAction(
            "SA-9.4", "player {player} has no price card {card} in hand to swap in", player=player, card=action.card
        )
    hand = game.hands[player]
    hand.remove(action.card)
    hand.append(game.chosen[player])
    game.sort_hand(player)
    old, game.chosen[player] = game.chosen[player], action.card
    _use_special(game.hotels[player], "swap_card")
    game.log.append(("SA-9.4", "swap", player, {"out": old, "in": action.card}))
    _next_turn(game, start_building)


def keep(game: Samoa, action: Keep) -> None:
    _expect(game, "swap", N_("keep the played card"))
    _next_turn(game, start_building)


# ------------------------------------------------------------------- SA-3.4 Building phase
def building_order(game: Samoa) -> list[int]:
    """SA-3.4: highest bid first; equal bids clockwise from the hammer side; grey cards do not buy."""
    seats = clockwise_from(game, game.hammer)
    cards = game.chosen_cards()
    return sorted((p for p in seats if not cards[p].grey), key=lambda p: (-cards[p].bid, seats.index(p)))


def order_reasons(game: Samoa) -> list[str]:
    """The order of this phase in words: each player's bid or price, and how the tie card settled
    equal ones (SA-3.4 clockwise from the hammer, SA-3.5 counter-clockwise from the suitcase), in
    the reader's language."""
    cards = game.chosen_cards()
    building = game.phase == "build"
    value = (lambda p: cards[p].bid) if building else (lambda p: cards[p].price)
    out = []
    for index, player in enumerate(game.order):
        card = cards[player]
        if card.grey:
            out.append(
                render(N_("player {player}: grey card — sends up to two guests home instead (SA-3.5)"), player=player)
            )
            continue
        earlier = [p for p in game.order[:index] if not cards[p].grey and value(p) == value(player)]
        if not earlier:
            template = N_("player {player}: bid {value}") if building else N_("player {player}: price {value}")
        elif building:
            template = N_(
                "player {player}: bid {value}, after player {earlier} on equal bids: clockwise from the hammer (SA-3.4)"
            )
        else:
            template = N_(
                "player {player}: price {value}, after player {earlier} on equal prices: "
                "counter-clockwise from the suitcase (SA-3.5)"
            )
        out.append(render(template, player=player, value=value(player), earlier=earlier[-1] if earlier else None))
    return out


def start_building(game: Samoa) -> None:
    game.phase, game.order, game.turn = "build", building_order(game), 0
    game.log.append(("SA-3.4", "build-order", None, {"order": list(game.order)}))
    if not game.order or not game.offer:
        start_tourist_phase(game)
    else:
        game.to_move = game.order[0]


def buy(game: Samoa, action: Buy) -> None:
    """SA-3.4: buy one tile on offer for your bid (Decision: only if you can pay it)."""
    player = _expect(game, "build", N_("buy a building tile"))
    bid = game.chosen_cards()[player].bid
    if action.kind not in game.offer:
        raise IllegalAction(
            "SA-3.4", "no {tile} tile is on offer ({offer})", tile=Term(action.kind), offer=Terms(game.offer)
        )
    if game.money[player] < bid:
        raise IllegalAction("SA-3.4", "player {player} cannot pay the bid of {bid}", player=player, bid=bid)
    hotel = game.hotels[player]
    if action.kind == "suite":
        room = (action.room or 0) - 1
        if not 0 <= room < hotel.board_rooms or room in hotel.suites:
            raise IllegalAction("SA-9.2", "a suite goes on one of your hotel board's rooms without a suite")
    elif action.room is not None:
        raise IllegalAction("SA-3.4", "only a suite is laid on a room")
    game.offer.remove(action.kind)
    game.money[player] -= bid
    game.bought[player] = True
    game.log.append(("SA-3.4", "buy", player, {"tile": action.kind, "bid": bid}, {"paid": bid}, (player,)))
    if action.kind == "extra_room":
        hotel.rooms.append([])  # SA-9.1
    elif action.kind == "suite":
        hotel.suites.add(room)  # SA-9.2: the present occupant does not pay again
    elif action.kind == "pool":
        hotel.pools += 1  # SA-9.3: 1 Tala per swim-ring point already in the hotel
        points = hotel.ring_points()
        if points:
            game.money[player] += points
            game.log.append(("SA-9.3", "pool-bonus", player, {}, {"earned": points}, (player,)))
    else:
        hotel.specials.append(action.kind)  # SA-9.4
    _next_building_turn(game)


def pass_building(game: Samoa, action: Pass) -> None:
    player = _expect(game, "build", N_("pass"))
    game.log.append(("SA-3.4", "pass", player, {}))
    _next_building_turn(game)


def _next_building_turn(game: Samoa) -> None:
    if not game.offer:
        start_tourist_phase(game)
    else:
        _next_turn(game, start_tourist_phase)


# -------------------------------------------------------------------- SA-3.5 Tourist phase
def tourist_order(game: Samoa) -> list[int]:
    """SA-3.5: lowest price first; equal prices counter-clockwise from the suitcase side.
    Decision: grey-card players act after everyone with a price, in the same tie order."""
    seats = counter_clockwise_from(game, (game.hammer - 1) % game.players)
    cards = game.chosen_cards()
    priced = sorted((p for p in seats if not cards[p].grey), key=lambda p: (cards[p].price, seats.index(p)))
    return priced + [p for p in seats if cards[p].grey]


def start_tourist_phase(game: Samoa) -> None:
    game.phase, game.order, game.turn = "tourists", tourist_order(game), 0
    game.log.append(("SA-3.5", "tourist-order", None, {"order": list(game.order)}))
    _start_tourist_turn(game)


def _start_tourist_turn(game: Samoa) -> None:
    game.to_move = game.order[game.turn]
    game.committed = None  # the one group this player takes tourists from
    game.removed = 0  # grey card: tourists (rooms) sent home so far


def place(game: Samoa, action: Place) -> None:
    """SA-3.5: accommodate tourists from ONE group, one free room each, in the order you choose."""
    player = _expect(game, "tourists", N_("accommodate tourists"))
    card = game.chosen_cards()[player]
    if card.grey:
        raise IllegalAction("SA-3.5", "with the grey card no tourists can be accommodated this round")
    group = action.group - 1
    if not 0 <= group < len(game.groups) or not 0 < action.tile <= len(game.groups[group]):
        raise IllegalAction(
            "SA-3.5", "there is no tourist {group}.{tile} on offer", group=action.group, tile=action.tile
        )
    if game.committed is not None and group != game.committed:
        raise IllegalAction(
            "SA-3.5", "tourists come from one group only; you took from group {group}", group=game.committed + 1
        )
    tourist = game.groups[group][action.tile - 1]
    hotel = game.hotels[player]
    room = action.room - 1
    if not hotel.can_take(tourist, room):
        if 0 <= room < len(hotel.rooms):
            raise IllegalAction(
                "SA-7",
                "room {room} is not free for {tourist} (one tourist per room, or two lovers)",
                room=action.room,
                tourist=tourist_message(tourist.label, game.components.nationalities),
            )
        raise IllegalAction("SA-7", "your hotel has no room {room}", room=action.room)
    amount, reasons = hotel.earnings(tourist, room, card.price)
    game.groups[group].pop(action.tile - 1)
    hotel.rooms[room].append(tourist)
    game.committed = group
    game.placed[player] += 1
    game.earned[player] += amount
    game.log.append(
        ("SA-3.5", "place", player, {"tourist": tourist.label, "room": action.room, "pays": amount, "why": reasons})
    )


def remove(game: Samoa, action: Remove) -> None:
    """SA-3.5: with the grey card, optionally send up to two of your tourists home (a lovers pair
    in one room counts as one, SA-8.2)."""
    player = _expect(game, "tourists", N_("send a tourist home"))
    if not game.chosen_cards()[player].grey:
        raise IllegalAction("SA-3.5", "only a player who played the grey card sends tourists home this way")
    if game.removed >= 2:
        raise IllegalAction("SA-3.5", "the grey card sends at most two tourists home")
    _send_home(game, player, [action.room], "SA-3.5")
    game.removed += 1


def send_home(game: Samoa, action: SendHome) -> None:
    """SA-9.4b: before accommodating, discard the tile to send two of your tourists home (a lovers
    pair in one room counts as one; Decision: a grey-card player may use it too)."""
    player = _expect(game, "tourists", N_("use the send-home tile"))
    hotel = game.hotels[player]
    if "send_home" not in hotel.specials:
        raise IllegalAction("SA-9.4", "player {player} has no unused send-home tile", player=player)
    if game.committed is not None:
        raise IllegalAction("SA-9.4", "the send-home tile is used before you accommodate new tourists")
    occupied = hotel.occupied_rooms()
    wanted = min(2, len(occupied))
    if wanted == 0 or len(action.rooms) != wanted or len(set(action.rooms)) != wanted:
        raise IllegalAction(
            "SA-9.4",
            Plural(
                "name {wanted} different occupied room(s) of your hotel",
                "name {wanted} different occupied room(s) of your hotel",
                wanted,
            ),
            wanted=wanted,
        )
    _send_home(game, player, list(action.rooms), "SA-9.4")
    _use_special(hotel, "send_home")


def _send_home(game: Samoa, player: int, rooms: list[int], rule: str) -> None:
    hotel = game.hotels[player]
    for room in rooms:
        if not 0 < room <= len(hotel.rooms) or not hotel.rooms[room - 1]:
            raise IllegalAction(rule, "room {room} of your hotel has no tourist to send home", room=room)
    for room in rooms:
        gone = hotel.rooms[room - 1]
        hotel.rooms[room - 1] = []
        game.supply_return(gone)
        game.log.append((rule, "send-home", player, {"room": room, "tourists": [t.label for t in gone]}))


def done(game: Samoa, action: Done) -> None:
    player = _expect(game, "tourists", N_("end the turn"))
    game.log.append(("SA-3.5", "done", player, {"placed": game.placed[player]}))
    game.turn += 1
    if game.turn < len(game.order):
        _start_tourist_turn(game)
    else:
        payout_and_cards(game)


# ----------------------------------------------------------------- SA-3.6 Payout, cards
def payout_and_cards(game: Samoa) -> None:
    """SA-3.6: new tourists pay; players who took tourists or bought discard their card, the others
    (and the grey card always) take it back; leftover tourists return; the tie card moves."""
    cards = game.chosen_cards()
    for player in range(game.players):
        if game.earned[player]:
            game.money[player] += game.earned[player]
            game.log.append(("SA-3.6", "payout", player, {}, {"earned": game.earned[player]}, (player,)))
        card = cards[player]
        if not card.grey and (game.placed[player] or game.bought[player]):
            game.used[player].append(card.key)
            fate = "discarded"
        else:
            game.hands[player].append(card.key)
            game.sort_hand(player)
            fate = "taken back"
        game.log.append(("SA-3.6", "card", player, {"card": card.key, "fate": fate}))
    for group in game.groups:
        game.supply_return(group)
    game.groups = []
    game.chosen = [None] * game.players
    game.revealed = False
    game.hammer = (game.hammer + 1) % game.players
    game.log.append(("SA-3.6", "tie-card", None, {"hammer": game.hammer}))
    if game.round >= game.components.rounds:
        end_of_game(game)
    else:
        start_round(game)


# -------------------------------------------------------------------------- SA-6 End
def end_of_game(game: Samoa) -> None:
    """SA-6: unused special tiles are worth 3 each; the richest wins; then most empty rooms."""
    game.phase, game.is_over, game.to_move = "over", True, None
    game.log.append(("SA-6", "end", None, {"scores": game.scores(), "winners": game.winners()}))


# ------------------------------------------------------------------------------ helpers
def clockwise_from(game: Samoa, seat: int) -> list[int]:
    return [(seat + i) % game.players for i in range(game.players)]


def counter_clockwise_from(game: Samoa, seat: int) -> list[int]:
    return [(seat - i) % game.players for i in range(game.players)]


def _expect(game: Samoa, phase: str, what: str) -> int:
    if game.phase != phase:
        raise IllegalAction(
            _PHASE_RULES[game.phase],
            "you cannot {what} now: {phase}",
            what=Term(what),
            phase=Term(_PHASE_TEXT[game.phase]),
        )
    return game.to_move


def _next_turn(game: Samoa, after) -> None:
    game.turn += 1
    if game.turn < len(game.order):
        game.to_move = game.order[game.turn]
    else:
        after(game)


def _use_special(hotel: Hotel, kind: str) -> None:
    hotel.specials.remove(kind)
    hotel.used_specials.append(kind)


def take_back_choices(used: list[str]) -> list[tuple[str, ...]]:
    if len(used) < 2:
        return [tuple(used)] if used else []
    return sorted(set(tuple(sorted(pair)) for pair in combinations(used, 2)))


_PHASE_RULES = {"choose": "SA-3.3", "swap": "SA-9.4", "build": "SA-3.4", "tourists": "SA-3.5", "over": "SA-6"}
_PHASE_TEXT = {
    "choose": N_("the players are choosing price cards (SA-3.3)"),
    "swap": N_("players with the swap tile decide whether to swap (SA-9.4)"),
    "build": N_("it is the building phase (SA-3.4)"),
    "tourists": N_("it is the tourist phase (SA-3.5)"),
    "over": N_("the game is over (SA-6)"),
}

MOVES = {
    Choose: choose,
    TakeBack: take_back,
    Swap: swap,
    Keep: keep,
    Buy: buy,
    Pass: pass_building,
    Place: place,
    Remove: remove,
    SendHome: send_home,
    Done: done,
}
