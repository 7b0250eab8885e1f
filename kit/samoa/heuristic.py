"""A heuristic Samoa player: price to the demand, fill the hotel, never waste a card on one guest.

It reads only what its player may see: its own hand, used cards and money, every hotel, the groups
on offer and the revealed cards. Its ideas:

- SA-3.3 Price: with a full hotel, play the grey card (it comes back, and frees rooms). Otherwise
  compare the tourists on offer with the free rooms on the island: when tourists are plenty, ask a
  high price; when rooms are plenty, go cheap to choose first.
- SA-3.4 Build: extra rooms and suites while cheap, pools once bathers are around, a special tile
  for no more than it is worth at the end (3).
- SA-3.5 Tourists: from the group that pays most, place the best-paying tourist in the room where it
  pays most, one at a time (a celebrity first, so its neighbours pay double); decline a single
  cheap guest to keep the card (SA-3.6). With the grey card, send home the guests who would stay
  longest when the hotel is nearly full.
- SA-9.4: never swaps; takes back two cards when its hand runs low; sends guests home when full.
"""

from __future__ import annotations

from .actions import Action, Buy, Choose, Done, Keep, Pass, Place, Remove, SendHome, TakeBack
from .game import Samoa
from .hotel import Hotel

PLACE_FIRST = {"celebrity": 0, "rich": 1, "bather": 2, "lovers": 3, "plain": 4}


class HeuristicBot:
    """Its named parameters (the defaults are the tuned player; `kit.sim.vary` tries others):

    - pressure: how strongly the price follows demand; the card is picked at
      ``pressure * tourists on offer / free rooms on the island`` of the way up the hand (capped at 1).
    - single_guest: decline a lone guest paying less than ``single_guest`` x the card's price.
    - build_bid, build_reserve: buy extra rooms and suites only for a bid up to `build_bid`, keeping
      `build_reserve` Tala; pool_bid, special_bid: the highest bid for a pool and a special tile.
    - take_back_hand: use the take-back tile once the hand holds this many priced cards or fewer.
    """

    name = "heuristic"

    def __init__(
        self,
        pressure: float = 1.0,
        single_guest: float = 2.0,
        build_bid: int = 10,
        build_reserve: int = 8,
        pool_bid: int = 6,
        special_bid: int = 3,
        take_back_hand: int = 4,
    ):
        self.pressure = pressure
        self.single_guest = single_guest
        self.build_bid = build_bid
        self.build_reserve = build_reserve
        self.pool_bid = pool_bid
        self.special_bid = special_bid
        self.take_back_hand = take_back_hand

    def choose(self, game: Samoa) -> Action:
        phase = game.phase
        if phase == "choose":
            return self._price(game)
        if phase == "swap":
            return Keep()
        if phase == "build":
            return self._build(game)
        return self._tourists(game)

    # ------------------------------------------------------------------------ SA-3.3
    def _price(self, game: Samoa) -> Action:
        player = game.to_move
        hand, hotel = game.hands[player], game.hotels[player]
        cards = sorted((game._card[k] for k in hand if k != "grey"), key=lambda c: c.price)
        if "take_back" in hotel.specials and len(cards) <= self.take_back_hand and len(game.used[player]) >= 2:
            best = sorted(game.used[player], key=lambda k: -game._card[k].price)[:2]
            return TakeBack(tuple(sorted(best)))
        free = _free_rooms(hotel)
        if free == 0 or not cards:
            return Choose("grey")
        tourists = sum(len(group) for group in game.groups)
        rooms = sum(_free_rooms(h) for h in game.hotels)
        pressure = min(1.0, self.pressure * tourists / max(rooms, 1))
        return Choose(cards[int(pressure * (len(cards) - 1))].key)

    # ------------------------------------------------------------------------ SA-3.4
    def _build(self, game: Samoa) -> Action:
        player = game.to_move
        bid, money, hotel = game._card[game.chosen[player]].bid, game.money[player], game.hotels[player]
        if money < bid:
            return Pass()
        late = game.round >= 10
        bathers = sum(t.kind == "bather" for h in game.hotels for t in h.tourists())
        wishes = []
        for kind in sorted(set(game.offer)):  # sorted: set order changes with Python's hash seed
            affordable = bid <= self.build_bid and money - bid >= self.build_reserve and not late
            if kind == "extra_room" and affordable:
                wishes.append((0, Buy(kind)))
            elif kind == "suite" and affordable:
                free = [r for r in range(hotel.board_rooms) if r not in hotel.suites and not hotel.rooms[r]]
                if free:
                    wishes.append((1, Buy(kind, free[0] + 1)))
            elif kind == "pool" and bid <= self.pool_bid and (bathers >= 2 or hotel.ring_points() >= 2):
                wishes.append((2, Buy(kind)))
            elif kind in ("swap_card", "send_home", "take_back") and bid <= self.special_bid:
                wishes.append((3, Buy(kind)))
        return min(wishes, key=lambda w: w[0])[1] if wishes else Pass()

    # ------------------------------------------------------------------------ SA-3.5
    def plan(self, hotel: Hotel, group, price: int) -> list[tuple[int, int, int]]:
        """The placements of `group` worth most in `hotel` at `price` (`_plan`)."""
        return _plan(hotel, group, price)

    def _tourists(self, game: Samoa) -> Action:
        player = game.to_move
        hotel, card = game.hotels[player], game._card[game.chosen[player]]
        if card.grey:
            return self._send_home(game, hotel)
        if game.committed is None and "send_home" in hotel.specials and _free_rooms(hotel) == 0:
            occupied = hotel.occupied_rooms()
            if len(occupied) >= 2 and any(game.groups):
                rooms = _longest_staying(game, hotel, occupied)[:2]
                return SendHome(tuple(sorted(r + 1 for r in rooms)))
        groups = range(len(game.groups)) if game.committed is None else [game.committed]
        best, best_total = None, 0
        for g in groups:
            plan = self.plan(hotel, game.groups[g], card.price)
            total = sum(amount for amount, _, _ in plan)
            if plan and total > best_total:
                best, best_total = (g, plan), total
        if best is None:
            return Done()
        g, plan = best
        cheap = best_total < self.single_guest * card.price
        if game.committed is None and len(plan) == 1 and cheap and game.round < 11:
            return Done()  # one cheap guest is not worth a price card (SA-3.6)
        _, tile, room = plan[0]
        return Place(g + 1, tile + 1, room + 1)

    def _send_home(self, game: Samoa, hotel: Hotel) -> Action:
        occupied = hotel.occupied_rooms()
        if game.removed < 2 and occupied and _free_rooms(hotel) < 2:
            return Remove(_longest_staying(game, hotel, occupied)[0] + 1)
        return Done()


def _free_rooms(hotel: Hotel) -> int:
    return sum(1 for occupants in hotel.rooms if not occupants)


def _plan(hotel: Hotel, group, price: int) -> list[tuple[int, int, int]]:
    """Greedy: (earnings, tile, room) for the tourists of `group`, best first, each in its best room."""
    trial = hotel.clone()
    order = sorted(range(len(group)), key=lambda i: (PLACE_FIRST[group[i].kind], -group[i].ring, i))
    plan = []
    for index in order:
        tourist = group[index]
        rooms = trial.rooms_for(tourist)
        if not rooms:
            continue
        amount, room = max((trial.earnings(tourist, r, price)[0], -r) for r in rooms)
        room = -room
        trial.rooms[room].append(tourist)
        plan.append((amount, index, room))
    return plan


def _longest_staying(game: Samoa, hotel: Hotel, rooms: list[int]) -> list[int]:
    """Rooms whose guests' flag comes back last (they would block the room longest)."""
    upcoming = game.flags[game.round :]

    def stay(room: int) -> int:
        nationalities = {t.nationality for t in hotel.rooms[room]}
        return min((upcoming.index(n) for n in nationalities if n in upcoming), default=len(upcoming))

    return sorted(rooms, key=lambda r: -stay(r))
