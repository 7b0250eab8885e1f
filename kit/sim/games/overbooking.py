"""Overbooking for `simulate`: one decision row per card placed (OB-4), with what its owner could
see at that moment and whether it booked a bed in stage 2 (OB-5)."""

from __future__ import annotations

import polars as pl

from kit.overbooking import Overbooking
from kit.overbooking.actions import Place
from kit.overbooking.heuristic import HeuristicBot

from .base import Recorder, SimGame

SETTINGS_COLUMNS = [
    ("score_card", pl.String, "the score card's side (OB-8): null for a first game, `beginner` or `advanced`"),
    ("first_player", pl.Int64, "the seat that starts round 1 (OB-2)"),
]

DECISION_COLUMNS = [
    ("round", pl.Int64, "the round, 1 to 4"),
    ("card_number", pl.Int64, "which of the player's cards this round it is: 1 for the first placed"),
    ("card", pl.String, "the card, `crest-guest`, e.g. `fish-noble`"),
    ("kind", pl.String, "the guest: monk, merchant, maid, noble, soldier or worker"),
    ("beds", pl.Int64, "beds the group needs (1 to 6)"),
    ("size", pl.String, "what its back shows: `small` (1-3 beds) or `large` (4-6)"),
    ("coins", pl.Int64, "coins it is worth if booked (OB-8)"),
    ("crest", pl.String, "its family"),
    ("where", pl.String, "`queue` (the booking queue) or `back` (the back door)"),
    ("hotel", pl.Int64, "the hotel, 1 = nearest the start of the column"),
    ("hotel_beds", pl.Int64, "the beds printed on the hotel's side (before any merchant or soldier, OB-5.2)"),
    ("rule", pl.String, "the hotel's rule (OB-6), e.g. `none`, `first:monk`, `small_only`"),
    ("ahead", pl.Int64, "cards already in that hotel's queue when placing"),
    ("ahead_small", pl.Int64, "of them, cards with a small back (1-3 beds)"),
    ("ahead_large", pl.Int64, "of them, cards with a large back (4-6 beds)"),
    ("ahead_own", pl.Int64, "of them, the player's own cards"),
    ("back_door", pl.Int64, "cards already at that hotel's back door when placing"),
    ("after", pl.Int64, "cards placed in that hotel's queue after this one, the same round (null at the back door)"),
    ("booked", pl.Boolean, "true if the card got its beds in stage 2 (OB-5.3)"),
    ("token", pl.Boolean, "true if the placement took the hotel's point token (a back-door card, OB-4)"),
]


class OverbookingRecorder(Recorder):
    def __init__(self, game: Overbooking, head: tuple, labels: list[str]):
        super().__init__(game, head, labels)
        self.placements: list[list] = []

    def before(self, step: int, player: int, action) -> None:
        if type(action) is not Place:
            return
        game = self.game
        hotel = game.hotels[action.hotel - 1]
        card = game.card_in_hand(player, action.card)
        small = sum(1 for slot in hotel.queue if slot.card.beds <= 3)
        own = sum(1 for slot in hotel.queue if slot.owner == player)
        token = action.where == "back" and hotel.token
        self.placements.append(
            [step, player, game.round, game.placed[player] + 1, card.key, card.kind, card.beds, card.size, card.coins,
             card.crest, action.where, action.hotel, hotel.beds, hotel.rule, len(hotel.queue), small,
             len(hotel.queue) - small, own, len(hotel.back), 0, False, token]
        )  # fmt: skip

    def rows(self) -> list[tuple]:
        booked, round_ = set(), 0
        for event in self.game.log:
            kind = event[1]
            if kind == "round":
                round_ = event[3]["round"]
            elif kind == "book":
                booked.add((round_, event[2], event[3]["card"]))
        rows = self.placements
        later: dict[tuple[int, int], int] = {}  # (round, hotel) -> queue cards placed after, counted backwards
        for row in reversed(rows):
            if row[10] == "queue":
                key = (row[2], row[11])
                row[19] = later.get(key, 0)
                later[key] = row[19] + 1
            else:
                row[19] = None  # a back-door card has no place in the queue
            row[20] = (row[2], row[1], row[4]) in booked
        if not self.game.is_over:  # the last round, cut short by the step cap, has no outcome
            last = self.game.round
            rows = [row for row in rows if row[2] < last]
        head, labels = self.head, self.labels
        return [(*head, row[0], row[1], labels[row[1]], *row[2:]) for row in rows]


SIM_GAME = SimGame(
    name="overbooking",
    new_game=Overbooking,
    default_players=3,
    heuristic=HeuristicBot,
    settings_columns=SETTINGS_COLUMNS,
    decision_columns=DECISION_COLUMNS,
    recorder=OverbookingRecorder,
)
