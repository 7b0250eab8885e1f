"""Checks for the Overbooking notebooks' "try it" tasks. A check never changes the game."""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check, teaches
from kit.i18n import Message, Plural, Term, gettext

from .components import rule_words
from .game import Overbooking
from .rules import card_words, effect_words


def _events(game: Overbooking, player: int, kind: str) -> list[dict]:
    return [e for e in game.events_for(player) if e["kind"] == kind and e["player"] == player]


def dealt_with_seed(game: Overbooking, seed: int) -> Check:
    return common.dealt_with_seed(
        game, seed, Message("9 cards in hand, {hotels} hotels (OB-2)", hotels=len(game.hotels))
    )


@teaches("OB-4")
def took_a_point_token(game: Overbooking, player: int = 0) -> Check:
    if _events(game, player, "token"):
        return Check(True, Message("your card was the first at that back door: the point token is yours (OB-4)"))
    return Check(False, Message("place a card at a back door (left) that still has its point token"))


@teaches("OB-5")
def booked_cards(game: Overbooking, count: int, player: int = 0) -> Check:
    booked = len(game.booked[player])
    if booked >= count:
        return Check(True, Message("{booked} of your cards booked a room (OB-5)", booked=booked))
    return Check(
        False,
        Message(
            "{booked} booked so far; aim for {count} (bigger groups book first, OB-5.3)", booked=booked, count=count
        ),
    )


@teaches("OB-5")
def used_an_ability(game: Overbooking, player: int = 0) -> Check:
    abilities = _events(game, player, "ability")
    if abilities:
        return Check(
            True,
            Message(
                "your {card} {effect} (OB-5.2)",
                card=card_words(abilities[-1]["card"]),
                effect=effect_words(abilities[-1]["effect"]),
            ),
        )
    return Check(False, Message("place a card at a back door; its ability acts in stage 2 (OB-5.2)"))


@teaches("OB-5")
def noble_booked_its_choice(game: Overbooking, player: int = 0) -> Check:
    """OB-5.2/5.3: `player`'s noble gave priority to one of their queue cards, and that card booked."""
    events = game.events_for(player)
    for index, event in enumerate(events):
        if event["kind"] == "ability" and event["player"] == player and "priority" in event["effect"]:
            chosen = event["effect"].split()[3]
            for later in events[index:]:
                if later["kind"] in ("book", "no-room") and later["card"] == chosen and later["player"] == player:
                    if later["kind"] == "book":
                        return Check(
                            True,
                            Message(
                                "your noble put {chosen} first: it booked, beds {beds_before} -> {beds_after} (OB-5)",
                                chosen=card_words(chosen),
                                beds_before=later["beds_before"],
                                beds_after=later["beds_after"],
                            ),
                        )
                    return Check(
                        False,
                        Message(
                            "your noble chose {chosen}, but even first it found too few beds: New game",
                            chosen=card_words(chosen),
                        ),
                    )
    return Check(False, Message("choose which of your queue cards your noble puts first (click it in the queue)"))


@teaches("OB-6")
def booked_under_rule(game: Overbooking, rule: str, player: int = 0) -> Check:
    """OB-6: one of `player`'s cards booked at a hotel whose rule was `rule` ("first:monk", ...) when
    it was checked (hotel tiles turn in stage 3, so the rule is read from that stage 2's reveal)."""
    rule_now: dict[int, str] = {}
    for event in game.events_for(player):
        if event["kind"] == "reveal":
            rule_now[event["hotel"]] = event["hotel_rule"]
        elif event["kind"] == "book" and event["player"] == player and rule_now.get(event["hotel"]) == rule:
            return Check(
                True,
                Message(
                    "your {card} booked at hotel {hotel} ({rule}), beds {beds_before} -> {beds_after} (OB-6)",
                    card=card_words(event["card"]),
                    hotel=event["hotel"],
                    rule=rule_words(rule),
                    beds_before=event["beds_before"],
                    beds_after=event["beds_after"],
                ),
            )
    numbers = ", ".join(str(n) for n, hotel in enumerate(game.hotels, 1) if hotel.rule == rule) or gettext("none now")
    return Check(
        False,
        Message(
            "book a card at the hotel whose rule is {rule} (hotel {numbers})", rule=rule_words(rule), numbers=numbers
        ),
    )


@teaches("OB-3", "OB-7")
def held_back_a_fifth_card(game: Overbooking, player: int = 0) -> Check:
    """OB-4/OB-7: `player` kept their fifth card in stage 1; stage 3 then drew the hand back to 9
    and left cards in the deck."""
    if not _events(game, player, "hold"):
        return Check(False, Message("you place last this round: keep your fifth card (press 'keep my 5th card')"))
    if game.round < 2 and not game.is_over:
        return Check(
            False,
            Message(
                "you kept a card; play on to stage 3 (round {round}, stage {stage})", round=game.round, stage=game.stage
            ),
        )
    return Check(
        True,
        Message(
            "you kept a card: stage 3 drew you back to 9 with one card fewer, so your deck still holds {value} (OB-7)",
            value=len(game.decks[player]),
        ),
    )


@teaches("OB-8")
def earned_a_crest_bonus(game: Overbooking, player: int = 0) -> Check:
    """OB-8: `player`'s booked cards of one crest earn a score-card bonus."""
    bonus = game.crest_bonus(player)
    if bonus > 0:
        return Check(
            True,
            Message(
                "your crests earn a bonus of {bonus} points on the {score_card} card (OB-8)",
                bonus=bonus,
                score_card=game.settings.score_card,
            ),
        )
    counts = {}
    for card in game.booked[player]:
        counts[card.crest] = counts.get(card.crest, 0) + 1
    best = max(counts.items(), key=lambda item: item[1], default=("none", 0))  # "none": a word of the catalogs
    return Check(
        False,
        Message(
            "most booked of one crest so far: {value} ({value2}); the bonus starts at 4",
            value=best[1],
            value2=Term(best[0]),
        ),
    )


def reached_round(game: Overbooking, round_: int) -> Check:
    if game.round >= round_ or game.is_over:
        return Check(
            True,
            Message("round {round}: stage 3 drew your hand back to 9 and turned the hotels (OB-7)", round=game.round),
        )
    return Check(False, Message("round {round}, stage {stage}: play on", round=game.round, stage=game.stage))


@teaches("OB-8")
def won_the_game(game: Overbooking, player: int = 0) -> Check:
    return common.won_the_game(
        game,
        player,
        "OB-8",
        lambda score: Plural("you won with {value} point ({rule})", "you won with {value} points ({rule})", score),
        game.components.rounds,
    )
