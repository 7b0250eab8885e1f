"""Checks for the notebooks' "try it" tasks: each looks at a game and says whether the learner did it.

A check never changes the game. It returns a `Check`, which prints as one line starting with a tick
or a cross, so a notebook can show it as it is.
"""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check

from .game import LostCities
from .scoring import expedition_score


def _mine(game: LostCities, player: int):
    return game.expeditions[game.side_of(player)]


def dealt_with_seed(game: LostCities, seed: int) -> Check:
    """LC-2: a new game was dealt from `seed`."""
    return common.dealt_with_seed(game, seed, f"{len(game.deck)} cards in the draw pile, 8 in each hand (LC-2)")


def started_an_expedition(game: LostCities, player: int = 0) -> Check:
    """LC-3.1: at least one expedition of `player` has a card."""
    started = [game.components.expeditions[e].name for e, cards in enumerate(_mine(game, player)) if cards]
    if started:
        return Check(True, f"you started {', '.join(started)} (LC-3.1)")
    return Check(False, "click a card in your hand, then your expedition of the same colour (LC-3.1)")


def invested_then_numbered(game: LostCities, player: int = 0) -> Check:
    """LC-3.1: an investment card followed by a higher... any number card on one expedition."""
    for e, cards in enumerate(_mine(game, player)):
        if cards and cards[0].value == 0 and any(c.value for c in cards):
            name = game.components.expeditions[e].name
            return Check(
                True, f"{name}: investment first, then a number card — worth ×{1 + sum(c.value == 0 for c in cards)}"
            )
    return Check(False, "play an investment card (×) on an expedition, then a number card on the same one")


def drew_from_a_discard_pile(game: LostCities, player: int = 0) -> Check:
    """LC-3.3: `player` took the top card of a discard pile."""
    for event in game.events_for(player):
        if event["kind"] == "draw" and event["player"] == player and event["from"] != "deck":
            return Check(True, f"you took {event['card']} from a discard pile (LC-3.3)")
    return Check(False, "discard a card, then on a later turn draw from a discard pile other than the one you fed")


def round_finished(game: LostCities) -> Check:
    """LC-4: the round (or the whole game) has ended."""
    if game.round_scores:
        return Check(True, f"the round ended with scores {game.round_scores[0]} (LC-4, LC-5)")
    return Check(False, f"{len(game.deck)} card(s) left in the draw pile; the round ends when the last is drawn")


def expedition_worth_at_least(game: LostCities, points: int, player: int = 0) -> Check:
    """LC-5: one of `player`'s expeditions is worth at least `points` right now."""
    best = max(expedition_score(cards) for cards in _mine(game, player))
    if best >= points:
        return Check(True, f"your best expedition is worth {best} (LC-5)")
    return Check(False, f"your best expedition is worth {best}; aim for {points}")


def passed_to_partner(game: LostCities, player: int = 0) -> Check:
    """LC-7: `player` passed two cards to their partner."""
    for event in game.events_for(player):
        if event["kind"] == "pass" and event["player"] == player:
            return Check(True, f"you passed {' and '.join(event['cards'])} to player {event['to']} (LC-7)")
    return Check(False, "select two cards and press 'Pass 2 cards to partner' (your hand must keep six)")


def won_the_game(game: LostCities, player: int = 0) -> Check:
    """LC-6: the game is over and `player`'s side has the most points."""
    return common.won_the_game(game, player, "LC-6", "points", f"round {game.round} of {game.settings.rounds}")
