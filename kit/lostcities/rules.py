"""The rules of Lost Cities as functions, one per rule section (LC-2 ... LC-7).

Each function takes the game (its state) and either checks an action — raising `IllegalAction`
with the rule id and changing nothing — or carries it out and writes the events it causes to
`game.log`, as `kit.core.events.Event` fields in a plain tuple (cheap in long simulations).
`kit.lostcities.game.LostCities` wires them together.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING

from kit.core.errors import IllegalAction, SetupRefused
from kit.i18n import N_, Message, Term

from .actions import Discard, Draw, Pass, Play
from .components import Card
from .scoring import side_score

if TYPE_CHECKING:
    from .game import LostCities

HAND_SIZE = 8  # LC-2
# Event payloads that repeat, made once and shared (read-only): logging stays cheap in simulations.
FROM_DECK = MappingProxyType({"from": "deck"})
SEEN_BY = tuple((player,) for player in range(4))
_card_payloads: dict[str, MappingProxyType] = {}
_pile_payloads: dict[str, MappingProxyType] = {}


def card_payload(card: Card) -> MappingProxyType:
    payload = _card_payloads.get(card.key)
    if payload is None:
        payload = _card_payloads[card.key] = MappingProxyType({"card": card.key})
    return payload


def pile_payload(card: Card) -> MappingProxyType:
    payload = _pile_payloads.get(card.key)
    if payload is None:
        payload = _pile_payloads[card.key] = MappingProxyType({"from": card.key[0], "card": card.key})
    return payload


PASS_MIN_HAND = 6  # LC-7: passing may never bring a hand below six cards


# ----------------------------------------------------------------------------- LC-2 Setup
def setup_round(game: LostCities, starter: int) -> None:
    """LC-2: shuffle all cards, deal 8 to each player face down; the rest is the draw pile."""
    if game.settings.deck is not None and not game.starters:
        deck = stacked_deck(game)
    else:
        deck = list(game.components.deck(game.players))
        game.chance.shuffle(deck)
    game.hands = []
    for _ in range(game.players):
        hand = sorted(deck[-HAND_SIZE:])  # hands are kept sorted: by expedition, then value
        del deck[-HAND_SIZE:]
        game.hands.append(hand)
    game.deck = deck
    colours = len(game.components.expeditions)  # LC-1: one expedition per colour on each side
    game.expeditions = [[[] for _ in range(colours)] for _ in range(game.sides)]
    game.tops = [[0] * colours for _ in range(game.sides)]
    game.discards = [[] for _ in range(colours)]
    game.to_move = starter
    game.phase = "play"
    game.discarded_to = None
    game.starters.append(starter)
    game.log.append(("LC-2", "round", starter, {"round": len(game.starters), "starter": starter}))
    for player, hand in enumerate(game.hands):
        game.log.append(("LC-2", "deal", player, {"cards": len(hand)}, {"hand": [c.key for c in hand]}, (player,)))


def stacked_deck(game: LostCities) -> list[Card]:
    """The prearranged deck of `settings.deck` (top card first), checked to be exactly the real deck."""
    try:
        cards = [game.components.card(text) for text in game.settings.deck]
    except ValueError as error:  # the component set's refusal of a card text, a Message
        raise SetupRefused("LC-1", "the prearranged deck is not valid: {error}", error=error.args[0]) from None
    wanted = Counter(game.components.deck(game.players))
    if Counter(cards) != wanted:
        extra = Counter(cards) - wanted
        missing = wanted - Counter(cards)
        raise SetupRefused(
            "LC-1",
            "the prearranged deck must hold exactly the {count} cards of the game; extra: {extra}, missing: {missing}",
            count=sum(wanted.values()),
            extra=" ".join(c.key for c in extra.elements()) or Message("none"),
            missing=" ".join(c.key for c in missing.elements()) or Message("none"),
        )
    return cards[::-1]  # the top card is the last in the list


# ------------------------------------------------------------- LC-3 A turn: play, then draw
def not_in_hand(game: LostCities, card: Card) -> IllegalAction:
    return IllegalAction(
        "LC-3", "player {player} has no {card} in hand", player=game.to_move, card=game.card_name(card)
    )


def must_draw(game: LostCities, reason: str) -> IllegalAction:
    return IllegalAction("LC-3", reason, player=game.to_move)


def play_to_expedition(game: LostCities, action: Play) -> None:
    """LC-3.1: add a card to your own expedition of its colour.

    A number card must be strictly higher than the expedition's last number card; investment cards
    only before the first number card. (In LC-7 the expedition is the team's, so the same rule also
    keeps two equal values out of one expedition.)
    """
    card = action.card
    if game.phase != "play":
        raise must_draw(game, N_("player {player} must draw a card now, not play a card (play first, then draw)"))
    side = game.to_move % 2  # the player's own side, or their team's (LC-7)
    top = game.tops[side][card.expedition]
    if top and card.value <= top:
        if card not in game.hands[game.to_move]:
            raise not_in_hand(game, card)
        name = Term(game.components.expeditions[card.expedition].name)
        if card.value == 0:
            reason = N_("an investment card cannot go on {expedition} once a number card ({top}) lies there")
        elif card.value == top:
            reason = N_("a second {value} cannot go on {expedition}: values must rise strictly")
        else:
            reason = N_("a {value} cannot follow the {top} on {expedition}")
        raise IllegalAction("LC-3.1", reason, value=card.value, top=top, expedition=name)
    try:
        game.hands[game.to_move].remove(card)  # the first change: nothing happened if it fails
    except ValueError:
        raise not_in_hand(game, card) from None
    game.expeditions[side][card.expedition].append(card)
    if card.value:
        game.tops[side][card.expedition] = card.value
    game.phase = "draw"
    game.discarded_to = None
    game.log.append(("LC-3.1", "play", game.to_move, _card_payloads.get(card.key) or card_payload(card)))


def discard(game: LostCities, action: Discard) -> None:
    """LC-3.2: put a card face up on the discard pile of its colour (always allowed)."""
    card, player = action.card, game.to_move
    if game.phase != "play":
        raise must_draw(game, N_("player {player} must draw a card now, not discard (play first, then draw)"))
    try:
        game.hands[player].remove(card)  # the first change: nothing happened if it fails
    except ValueError:
        raise not_in_hand(game, card) from None
    expedition = card.expedition
    game.discards[expedition].append(card)
    game.phase = "draw"
    game.discarded_to = expedition
    game.log.append(("LC-3.2", "discard", player, _card_payloads.get(card.key) or card_payload(card)))


def draw(game: LostCities, action: Draw) -> None:
    """LC-3.3: take the top card of the draw pile, or of any discard pile but the one you just fed.

    Drawing the last card of the draw pile ends the round at once (LC-4).
    """
    player, pile = game.to_move, action.pile
    if game.phase != "draw":
        raise IllegalAction("LC-3", "player {player} must play or discard a card before drawing", player=player)
    if pile is None:
        card = game.deck.pop()
        secret = _card_payloads.get(card.key) or card_payload(card)
        game.log.append(("LC-3.3", "draw", player, FROM_DECK, secret, SEEN_BY[player]))
    else:
        cards = game.discards[pile]
        if pile == game.discarded_to or not cards:
            name = Term(game.components.expeditions[pile].name)
            if cards:
                raise IllegalAction(
                    "LC-3.3", "you may not take back the card you just discarded on {expedition}", expedition=name
                )
            raise IllegalAction("LC-3.3", "the {expedition} discard pile is empty", expedition=name)
        card = cards.pop()
        game.log.append(("LC-3.3", "draw", player, _pile_payloads.get(card.key) or pile_payload(card)))
    insort(game.hands[player], card)
    if game.deck:
        game.phase = "play"
        game.discarded_to = None
        game.to_move = (player + 1) % game.players
    else:
        end_of_round(game)


# ------------------------------------------------------------------------ LC-4 End of round
def end_of_round(game: LostCities) -> None:
    """LC-4: the round ends as soon as the last card of the draw pile is drawn; LC-5 scores it."""
    scores = [side_score(expeditions) for expeditions in game.expeditions]
    game.round_scores.append(scores)
    game.log.append(("LC-5", "score", None, {"round": len(game.starters), "scores": scores, "totals": game.totals()}))
    if len(game.round_scores) >= game.settings.rounds:
        game.phase = "over"
        game.is_over = True
        game.to_move = None
        game.log.append(("LC-6", "end", None, {"totals": game.totals(), "winners": game.winning_sides()}))
    else:
        starter = next_round_starter(game)
        setup_round(game, starter)


# ------------------------------------------------------------- LC-6 A match of several rounds
def next_round_starter(game: LostCities) -> int:
    """LC-6: the player with the most points so far starts the next round.

    Decision (2 players): on equal totals, the player who did not start the previous round starts.
    Decision (LC-7, 4 players): the next seat clockwise after the previous starter that belongs to
    the leading team; on equal totals simply the next seat clockwise.
    """
    return starter_after(game.starters[-1], game.totals(), game.players)


def starter_after(previous: int, totals: list[int], players: int) -> int:
    """`next_round_starter` from the previous round's starter and the match totals after it."""
    if players == 2:
        if totals[0] == totals[1]:
            return 1 - previous
        return 0 if totals[0] > totals[1] else 1
    following = (previous + 1) % players
    if totals[0] == totals[1]:
        return following
    leader = 0 if totals[0] > totals[1] else 1
    return following if following % 2 == leader else (following + 1) % players  # LC-7: seats 0, 2 are side 0


# ------------------------------------------------------------------- LC-7 Partners: passing
def pass_cards(game: LostCities, action: Pass) -> None:
    """LC-7: instead of a turn, give two cards face down to your partner.

    Only in the 4-player game, only as the whole turn (before playing), and never below six cards.
    """
    player, cards = game.to_move, action.cards
    if game.players != 4:
        raise IllegalAction("LC-7", "passing cards to a partner exists only in the 4-player partner game")
    if game.phase != "play":
        raise IllegalAction("LC-7", "passing replaces the whole turn; you already played a card this turn")
    hand = game.hands[player]
    if len(hand) - 2 < PASS_MIN_HAND:
        raise IllegalAction(
            "LC-7", "passing two cards would leave {left} in hand; never fewer than six", left=len(hand) - 2
        )
    first, second = cards
    if first not in hand or (first == second and hand.count(first) < 2) or second not in hand:
        raise IllegalAction(
            "LC-7", "player {player} does not hold both {first} and {second}", player=player, first=first, second=second
        )
    partner = game.partner_of(player)
    hand.remove(first)
    hand.remove(second)
    insort(game.hands[partner], first)
    insort(game.hands[partner], second)
    game.log.append(("LC-7", "pass", player, {"to": partner}, {"cards": [first.key, second.key]}, (player, partner)))
    game.to_move = (player + 1) % 4
