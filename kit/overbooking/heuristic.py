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
    name = "heuristic"

    def choose(self, game: Overbooking) -> Action:
        if game.stage == 2:
            return self._target(game)
        return self._place(game)

    def _place(self, game: Overbooking) -> Action:
        me = game.to_move
        best, best_value = None, 0.5  # keep the card (if allowed) unless something beats this
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
            return value - 0.4 * card.coins  # the card itself is lost to the box
        before = sum(self._beds(me, s) for s in hotel.queue if self._beds(me, s) >= card.beds)
        spare = hotel.beds - before
        if spare >= card.beds:
            chance = 0.9 if spare - card.beds >= 3 else 0.7
        else:
            chance = 0.1
        return chance * card.coins + 0.3 * (card.beds <= 3)

    @staticmethod
    def _beds(me: int, slot) -> int:
        if slot.owner == me or slot.face_up:
            return slot.card.beds
        return GUESS[slot.card.size]

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
