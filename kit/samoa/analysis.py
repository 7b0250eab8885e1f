"""The price-versus-occupancy trade-off, from simulated games (rows for polars)."""

from __future__ import annotations

from kit.bots import RandomBot
from kit.bots.arena import play_game

from .game import Samoa
from .heuristic import HeuristicBot


def price_card_outcomes(games: int = 100, players: tuple[int, ...] = (3, 4, 5, 6), seed: int = 0) -> list[dict]:
    """For every price card played in `games` games per player count — heuristic bots in the even
    seats, random bots in the odd ones, so that every card gets played — the tourists it took, the
    money they paid, whether it bought a tile, and whether the card was kept (SA-3.6)."""
    rows = []
    for count in players:
        for index in range(games):
            game = Samoa(players=count, seed=seed + index)
            play_game(game, [HeuristicBot() if p % 2 == 0 else RandomBot(seed + index * 10 + p) for p in range(count)])
            played: dict[tuple[int, int], dict] = {}
            round_ = 0
            for event in game.open_events():
                kind, player = event["kind"], event["player"]
                if kind == "round":
                    round_ = event["round"]
                elif kind == "reveal":
                    for p, card in enumerate(event["cards"]):
                        played[round_, p] = {
                            "players": count,
                            "round": round_,
                            "card": card,
                            "tourists": 0,
                            "earned": 0,
                            "bought": False,
                            "kept": False,
                        }
                elif kind == "place":
                    played[round_, player]["tourists"] += 1
                    played[round_, player]["earned"] += event["pays"]
                elif kind == "buy":
                    played[round_, player]["bought"] = True
                elif kind == "card":
                    row = played[round_, player]
                    row["kept"] = event["fate"] == "taken back"
                    row["card"] = event["card"]  # after a swap (SA-9.4a), the card actually played
            rows.extend(played.values())
    return rows
