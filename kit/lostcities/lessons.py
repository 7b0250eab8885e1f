"""Checks for the notebooks' "try it" tasks: each looks at a game and says whether the learner did it.

A check never changes the game. It returns a `Check`, which prints as one line starting with a tick
or a cross, so a notebook can show it as it is.
"""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check, teaches
from kit.i18n import Message, Plural, Term, Terms

from . import rules
from .game import LostCities
from .scoring import expedition_score


def _mine(game: LostCities, player: int):
    return game.expeditions[game.side_of(player)]


def dealt_with_seed(game: LostCities, seed: int) -> Check:
    """LC-2: a new game was dealt from `seed`."""
    return common.dealt_with_seed(
        game, seed, Message("{cards} cards in the draw pile, 8 in each hand (LC-2)", cards=len(game.deck))
    )


@teaches("LC-2")
def draw_pile_down_to(game: LostCities, size: int) -> Check:
    """LC-2: the draw pile's size is public; play on until it holds exactly `size` cards."""
    left = len(game.deck)
    if left == size and game.round == 1:
        cards, players = len(game.components.deck(game.players)), game.players
        dealt = f"{cards} − {players} × {rules.HAND_SIZE} dealt = {cards - players * rules.HAND_SIZE}"
        return Check(
            True, Message("{left} cards in the draw pile: {dealt}, one fewer per turn (LC-2)", left=left, dealt=dealt)
        )
    if left < size:
        return Check(
            False,
            Message("{left} cards left: you went past {size}; press New game and count again", left=left, size=size),
        )
    return Check(
        False, Message("{left} cards in the draw pile; play on until it holds exactly {size}", left=left, size=size)
    )


@teaches("LC-3.1")
def started_an_expedition(game: LostCities, player: int = 0) -> Check:
    """LC-3.1: at least one expedition of `player` has a card."""
    started = [game.components.expeditions[e].name for e, cards in enumerate(_mine(game, player)) if cards]
    if started:
        return Check(True, Message("you started {expeditions} (LC-3.1)", expeditions=Terms(started)))
    return Check(False, Message("click a card in your hand, then your expedition of the same colour (LC-3.1)"))


@teaches("LC-3", "LC-3.1")
def invested_then_numbered(game: LostCities, player: int = 0) -> Check:
    """LC-3.1: an investment card, then a number card, on one expedition (each a whole turn, LC-3)."""
    for e, cards in enumerate(_mine(game, player)):
        if cards and cards[0].value == 0 and any(c.value for c in cards):
            name = game.components.expeditions[e].name
            return Check(
                True,
                Message(
                    "{name}: investment first, then a number card — worth ×{value}",
                    name=Term(name),
                    value=1 + sum(c.value == 0 for c in cards),
                ),
            )
    return Check(False, Message("play an investment card (×) on an expedition, then a number card on the same one"))


@teaches("LC-3.2", "LC-3.3")
def drew_from_a_discard_pile(game: LostCities, player: int = 0) -> Check:
    """LC-3.3: `player` took the top card of a discard pile."""
    for event in game.events_for(player):
        if event["kind"] == "draw" and event["player"] == player and event["from"] != "deck":
            return Check(True, Message("you took {card} from a discard pile (LC-3.3)", card=event["card"]))
    return Check(
        False, Message("discard a card, then on a later turn draw from a discard pile other than the one you fed")
    )


@teaches("LC-4")
def round_finished(game: LostCities) -> Check:
    """LC-4: the round (or the whole game) has ended."""
    if game.round_scores:
        return Check(True, Message("the round ended with scores {value} (LC-4, LC-5)", value=game.round_scores[0]))
    return Check(
        False,
        Message(
            "{deck_count} card(s) left in the draw pile; the round ends when the last is drawn",
            deck_count=len(game.deck),
        ),
    )


@teaches("LC-5")
def expedition_worth_at_least(game: LostCities, points: int, player: int = 0) -> Check:
    """LC-5: one of `player`'s expeditions is worth at least `points` right now."""
    best = max(expedition_score(cards) for cards in _mine(game, player))
    if best >= points:
        return Check(True, Message("your best expedition is worth {best} (LC-5)", best=best))
    return Check(False, Message("your best expedition is worth {best}; aim for {points}", best=best, points=points))


@teaches("LC-6")
def led_into_the_next_round(game: LostCities, player: int = 0) -> Check:
    """LC-6: `player`'s side scored more in round 1, so `player` starts round 2."""
    if not game.round_scores:
        return Check(
            False,
            Message(
                "round 1 is on ({deck_count} cards in the draw pile): score more than the bot",
                deck_count=len(game.deck),
            ),
        )
    mine = game.side_of(player)
    first = game.round_scores[0]
    best_other = max(score for side, score in enumerate(first) if side != mine)
    if first[mine] > best_other:
        starter = f": player {game.starters[1]} starts" if len(game.starters) > 1 else ""
        return Check(
            True,
            Message(
                "you led {value} to {best_other} after round 1, so you start round 2{starter} (LC-6)",
                value=first[mine],
                best_other=best_other,
                starter=starter,
            ),
        )
    return Check(
        False,
        Message(
            "round 1 ended {value} to {best_other}: the leader starts round 2 — press New game and try again",
            value=first[mine],
            best_other=best_other,
        ),
    )


@teaches("LC-7")
def passed_to_partner(game: LostCities, player: int = 0) -> Check:
    """LC-7: `player` passed two cards to their partner."""
    for event in game.events_for(player):
        if event["kind"] == "pass" and event["player"] == player:
            return Check(
                True,
                Message("you passed {value} to player {to} (LC-7)", value=" and ".join(event["cards"]), to=event["to"]),
            )
    return Check(False, Message("select two cards and press 'Pass 2 cards to partner' (your hand must keep six)"))


@teaches("LC-6")
def won_the_game(game: LostCities, player: int = 0) -> Check:
    """LC-6: the game is over and `player`'s side has the most points."""
    return common.won_the_game(
        game,
        player,
        "LC-6",
        lambda score: Plural("you won with {value} point ({rule})", "you won with {value} points ({rule})", score),
        game.settings.rounds,
    )
