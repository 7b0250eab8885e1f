"""Checks for the Samoa notebooks' "try it" tasks. A check never changes the game."""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check

from .game import Samoa


def _events(game: Samoa, player: int, kind: str) -> list[dict]:
    return [e for e in game.events_for(player) if e["kind"] == kind and e["player"] == player]


def dealt_with_seed(game: Samoa, seed: int) -> Check:
    return common.dealt_with_seed(game, seed, f"flags {' '.join(game.flags)} (SA-2)")


def reached_round(game: Samoa, round_: int) -> Check:
    if game.round >= round_ or game.is_over:
        return Check(True, f"round {game.round}: you played all six phases of a round (SA-3)")
    return Check(False, f"it is round {game.round}, phase {game.phase}; play on until round {round_}")


def bought_a_tile(game: Samoa, player: int = 0) -> Check:
    bought = _events(game, player, "buy")
    if bought:
        return Check(True, f"you bought a {bought[-1]['tile'].replace('_', ' ')} for {bought[-1]['bid']} (SA-3.4)")
    return Check(False, "choose a card with a high bid, then click a building tile on offer (SA-3.4)")


def accommodated(game: Samoa, count: int, player: int = 0) -> Check:
    placed = _events(game, player, "place")
    if len(placed) >= count:
        return Check(True, f"you accommodated {len(placed)} tourists (SA-3.5)")
    return Check(False, f"{len(placed)} tourist(s) so far; click a tourist, then a free room of your hotel")


def paid_double(game: Samoa, player: int = 0) -> Check:
    for event in _events(game, player, "place"):
        if any("double" in reason for reason in event["why"]):
            return Check(True, f"{event['tourist']} paid {event['pays']}: {'; '.join(event['why'])}")
    return Check(False, "place a rich tourist, or a tourist in a suite or next to a celebrity (SA-8)")


def game_over(game: Samoa) -> Check:
    if game.is_over:
        return Check(True, f"the game is over: scores {game.scores()}, winner(s) {game.winners()} (SA-6)")
    return Check(False, f"round {game.round} of {game.components.rounds}: play on")


def won_the_game(game: Samoa, player: int = 0) -> Check:
    return common.won_the_game(game, player, "SA-6", "Tala", f"round {game.round} of {game.components.rounds}")
