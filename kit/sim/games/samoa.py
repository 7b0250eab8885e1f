"""Samoa for `simulate`: one decision row per price card played (SA-3.3), followed to its end.

What if a price card were different (`kit.sim.vary` on a component's value):

    >>> from kit.sim import vary
    >>> prices = vary("samoa", "price", [3, 5], component=("price_cards.csv", 1, "price"), games=4, progress=False)
    >>> prices.height, prices.columns[:3]            # 4 games per value, the value in its own column
    (8, ['price', 'game', 'seed'])
"""

from __future__ import annotations

import polars as pl

from kit.samoa import Samoa
from kit.samoa.actions import Choose, Done
from kit.samoa.heuristic import HeuristicBot

from .base import Recorder, SimGame

SETTINGS_COLUMNS = [("tie_card", pl.Int64, "the seat the tie card's hammer points to at the start (SA-2)")]

DECISION_COLUMNS = [
    ("round", pl.Int64, "the round, 1 to 12"),
    ("card", pl.String, "the price card played, `bid/price` or `grey` (after a swap, SA-9.4a, the card swapped in)"),
    ("bid", pl.Int64, "its bid in the building phase (SA-3.4); 0 for the grey card"),
    ("price", pl.Int64, "its room price in Tala (SA-3.5); 0 for the grey card"),
    ("grey", pl.Boolean, "true for the grey card"),
    ("swapped", pl.Boolean, "true if the player swapped the chosen card after the reveal (SA-9.4a)"),
    ("hand_cards", pl.Int64, "price cards in hand when choosing, the chosen one included"),
    ("money", pl.Int64, "the player's Tala when choosing"),
    ("rooms", pl.Int64, "rooms of the player's hotel when choosing"),
    ("rooms_filled", pl.Int64, "of them, rooms with a guest when choosing"),
    ("rooms_free", pl.Int64, "of them, empty rooms when choosing"),
    ("tourists_offered", pl.Int64, "tourists on offer this round, all groups together (SA-3.2)"),
    ("island_free_rooms", pl.Int64, "empty rooms in all hotels together when choosing"),
    ("tourists", pl.Int64, "tourists the player accommodated this round (SA-3.5)"),
    ("earned", pl.Int64, "Tala those tourists paid (SA-3.5, SA-8, SA-9)"),
    ("bought", pl.Boolean, "true if the player bought a building tile this round (SA-3.4)"),
    ("kept", pl.Boolean, "true if the card went back to the hand (SA-3.6); false: discarded, used up"),
    ("rooms_after", pl.Int64, "rooms of the player's hotel at the end of their tourist turn"),
    ("filled_after", pl.Int64, "of them, rooms with a guest then"),
    (
        "occupancy",
        pl.Float64,
        "filled_after / rooms_after: the share of the hotel's rooms filled after the tourist turn",
    ),
]


def _filled(hotel) -> int:
    return sum(1 for occupants in hotel.rooms if occupants)


class SamoaRecorder(Recorder):
    def __init__(self, game: Samoa, head: tuple, labels: list[str]):
        super().__init__(game, head, labels)
        self.chosen: dict[tuple[int, int], tuple] = {}  # (round, player) -> what the player saw
        self.after: dict[tuple[int, int], tuple[int, int]] = {}  # (round, player) -> rooms, filled

    def before(self, step: int, player: int, action) -> None:
        kind = type(action)
        game = self.game
        if kind is Choose:
            hotel = game.hotels[player]
            filled = _filled(hotel)
            rooms = len(hotel.rooms)
            island = sum(len(h.rooms) - _filled(h) for h in game.hotels)
            offered = sum(len(group) for group in game.groups)
            self.chosen[game.round, player] = (
                step,
                player,
                len(game.hands[player]),
                game.money[player],
                rooms,
                filled,
                rooms - filled,
                offered,
                island,
            )
        elif kind is Done:
            hotel = game.hotels[player]
            self.after[game.round, player] = (len(hotel.rooms), _filled(hotel))

    def rows(self) -> list[tuple]:
        game = self.game
        cards = game._card
        outcome: dict[tuple[int, int], list] = {}
        round_ = 0
        for event in game.log:
            kind, player = event[1], event[2]
            if kind == "round":
                round_ = event[3]["round"]
            elif kind == "place":
                row = outcome[round_, player]
                row[0] += 1
                row[1] += event[3]["pays"]
            elif kind == "reveal":
                for p in range(game.players):
                    outcome[round_, p] = [0, 0, False, None, False]  # tourists, earned, bought, kept, swapped
            elif kind == "buy":
                outcome[round_, player][2] = True
            elif kind == "swap":
                outcome[round_, player][4] = True
            elif kind == "card":
                outcome[round_, player][3] = (event[3]["fate"] == "taken back", event[3]["card"])
        out = []
        for (round_, player), seen in sorted(self.chosen.items(), key=lambda item: item[1][0]):
            result = outcome.get((round_, player))
            if result is None or result[3] is None:
                continue  # a round cut short by the step cap
            tourists, earned, bought, (kept, key), swapped = result
            card = cards[key]
            rooms, filled = self.after.get((round_, player), (None, None))
            occupancy = filled / rooms if rooms else None
            step, _, *view = seen
            out.append(
                (*self.head, step, player, self.labels[player], round_, key, card.bid, card.price, card.grey,
                 swapped, *view, tourists, earned, bought, kept, rooms, filled, occupancy)
            )  # fmt: skip
        return out


SIM_GAME = SimGame(
    name="samoa",
    new_game=Samoa,
    default_players=4,
    heuristic=HeuristicBot,
    settings_columns=SETTINGS_COLUMNS,
    decision_columns=DECISION_COLUMNS,
    recorder=SamoaRecorder,
)
