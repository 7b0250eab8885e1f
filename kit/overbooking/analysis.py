"""The chance that a card gets a bed, from simulated games (rows for polars)."""

from __future__ import annotations

from kit.bots import RandomBot
from kit.bots.arena import play_game

from .game import Overbooking
from .heuristic import HeuristicBot


def booking_chances(games: int = 300, players: int = 3, seed: int = 0) -> list[dict]:
    """Every card placed in a queue (OB-4): its beds, the cards already waiting in that queue when it
    was placed (what its owner could see: their backs), and whether it booked (OB-5). A player's
    card is one of a kind in their deck, so (player, card) names it for the whole game.

    Half the seats are heuristic bots, half random, so that cards go everywhere."""
    rows = []
    for index in range(games):
        game = Overbooking(players=players, seed=seed + index)
        bots = [HeuristicBot() if p % 2 == 0 else RandomBot(seed + index * 10 + p) for p in range(players)]
        play_game(game, bots)
        waiting: dict[int, int] = {}
        placed: list[dict] = []
        for event in game.open_events():
            kind = event["kind"]
            if kind == "round":
                waiting = {}
            elif kind == "place" and event["where"] == "queue":
                hotel = event["hotel"]
                placed.append({"player": event["player"], "card": event["card"], "ahead": waiting.get(hotel, 0)})
                waiting[hotel] = waiting.get(hotel, 0) + 1
        booked = {(e["player"], e["card"]) for e in game.open_events() if e["kind"] == "book"}
        for row in placed:
            beds = game.components.beds[row["card"].split("-")[1]]
            rows.append(
                {
                    "beds": beds,
                    "size": "small (1-3)" if beds <= 3 else "large (4-6)",
                    "cards ahead": row["ahead"],
                    "booked": (row["player"], row["card"]) in booked,
                }
            )
    return rows
