"""A heuristic Overbooking player: book where the beds will last, cash in free point tokens.

It reads only what its player may see: its own cards (in hand and face down at the hotels), the
backs of the others' face-down cards (colour, crest, size: a small back counts as 2 beds, a large
one as 5), and face-up cards. Its ideas:

- OB-4: send each card to the queue where it is most likely to find a bed — the hotel's beds minus
  what the cards that book before it would take (bigger groups book first, OB-5.3) — weighted by
  the coins it earns; a cheap card at a back door that still has its point token is a sure point;
  a merchant at the back door of a hotel where it queues, a soldier where only others queue.
  As the last player it keeps its fifth card when nothing is worth playing.
- OB-5: a noble favours its best-paying queued card; a maid replaces its owner's biggest group; a
  worker replaces an opponent's worker if it can.
"""

from __future__ import annotations

from .actions import Action, Hold, Place, Target
from .components import Guest
from .game import Overbooking
from .rules import Hotel, placement_problem

GUESS = {"small": 2, "large": 5}  # beds guessed for a face-down card of another player


class HeuristicBot:
    """Its named parameters (the defaults are the tuned player; `kit.sim.vary` tries others):

    - keep_value: as the last player, keep the fifth card unless a placement is worth more.
    - small_beds, large_beds: the beds guessed behind another player's small and large back.
    - sure, likely, unlikely: the chance of a bed it assumes with at least `spare_beds` beds to spare,
      with fewer to spare, and with too few beds left.
    - small_bonus: the bonus for sending a small group (1-3 beds), which books more often.
    - card_cost: the value of one coin lost when a card goes to a back door (and then the box).
    """

    name = "heuristic"

    def __init__(
        self,
        keep_value: float = 0.5,
        small_beds: int = GUESS["small"],
        large_beds: int = GUESS["large"],
        sure: float = 0.9,
        likely: float = 0.7,
        unlikely: float = 0.1,
        spare_beds: int = 3,
        small_bonus: float = 0.3,
        card_cost: float = 0.4,
    ):
        self.keep_value = keep_value
        self.guess = {"small": small_beds, "large": large_beds}
        self.sure, self.likely, self.unlikely, self.spare_beds = sure, likely, unlikely, spare_beds
        self.small_bonus = small_bonus
        self.card_cost = card_cost

    def choose(self, game: Overbooking) -> Action:
        if game.stage == 2:
            return self._target(game)
        return self._place(game)

    def _place(self, game: Overbooking) -> Action:
        me = game.to_move
        best, best_value = None, self.keep_value  # keep the card (if allowed) unless something beats this
        for card in game.hands[me]:
            for number, hotel in enumerate(game.hotels, 1):
                for where in ("queue", "back"):
                    if placement_problem(hotel, card, where) is not None:
                        continue
                    value = self._value(game, me, hotel, card, where)
                    if value > best_value:
                        best, best_value = Place(card.key, where, number), value
        if best is not None:
            return best
        legal = game.legal_actions()
        if any(isinstance(a, Hold) for a in legal):
            return Hold()
        return min(legal, key=lambda a: game.card_in_hand(me, a.card).coins)  # the least loss

    def _value(self, game: Overbooking, me: int, hotel: Hotel, card: Guest, where: str) -> float:
        if where == "back":
            value = 1.0 if hotel.token else 0.0
            mine = any(s.owner == me for s in hotel.queue)
            if card.kind == "merchant" and mine:
                value += 1.5
            if card.kind == "soldier" and hotel.queue and not mine:
                value += 1.0
            if card.kind == "monk":
                value += 0.5 * card.coins  # it joins the queue as a small group
            return value - self.card_cost * card.coins  # the card itself is lost to the box
        before = sum(self._beds(me, s) for s in hotel.queue if self._beds(me, s) >= card.beds)
        spare = hotel.beds - before
        if spare >= card.beds:
            chance = self.sure if spare - card.beds >= self.spare_beds else self.likely
        else:
            chance = self.unlikely
        return chance * card.coins + self.small_bonus * (card.beds <= 3)

    def _beds(self, me: int, slot) -> int:
        if slot.owner == me or slot.face_up:
            return slot.card.beds
        return self.guess[slot.card.size]

    def _target(self, game: Overbooking) -> Action:
        kind, _, targets = game.pending
        queue = game.hotels[game.checking].queue
        if kind == "noble":
            pick = max(targets, key=lambda t: (queue[t].card.coins, -queue[t].card.beds))
        elif kind == "maid":
            pick = max(targets, key=lambda t: (queue[t].card.beds, -queue[t].card.coins))
        else:  # worker: prefer an opponent's card
            pick = max(targets, key=lambda t: queue[t].owner != game.to_move)
        return Target(pick + 1)
