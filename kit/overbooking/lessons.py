"""Checks for the Overbooking notebooks' "try it" tasks. A check never changes the game."""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check

from .game import Overbooking


def _events(game: Overbooking, player: int, kind: str) -> list[dict]:
    return [e for e in game.events_for(player) if e["kind"] == kind and e["player"] == player]


def dealt_with_seed(game: Overbooking, seed: int) -> Check:
    return common.dealt_with_seed(game, seed, f"9 cards in hand, {len(game.hotels)} hotels (OB-2)")


def took_a_point_token(game: Overbooking, player: int = 0) -> Check:
    if _events(game, player, "token"):
        return Check(True, "your card was the first at that back door: the point token is yours (OB-4)")
    return Check(False, "place a card at a back door (left) that still has its point token")


def booked_cards(game: Overbooking, count: int, player: int = 0) -> Check:
    booked = len(game.booked[player])
    if booked >= count:
        return Check(True, f"{booked} of your cards booked a room (OB-5)")
    return Check(False, f"{booked} booked so far; aim for {count} (bigger groups book first, OB-5.3)")


def used_an_ability(game: Overbooking, player: int = 0) -> Check:
    abilities = _events(game, player, "ability")
    if abilities:
        return Check(True, f"your {abilities[-1]['card']} {abilities[-1]['effect']} (OB-5.2)")
    return Check(False, "place a card at a back door; its ability acts in stage 2 (OB-5.2)")


def reached_round(game: Overbooking, round_: int) -> Check:
    if game.round >= round_ or game.is_over:
        return Check(True, f"round {game.round}: stage 3 drew your hand back to 9 and turned the hotels (OB-7)")
    return Check(False, f"round {game.round}, stage {game.stage}: play on")


def won_the_game(game: Overbooking, player: int = 0) -> Check:
    return common.won_the_game(game, player, "OB-8", "points", f"round {game.round} of {game.components.rounds}")
