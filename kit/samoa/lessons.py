"""Checks for the Samoa notebooks' "try it" tasks. A check never changes the game."""

from __future__ import annotations

from kit.core import lessons as common
from kit.core.lessons import Check, teaches
from kit.i18n import Message, Plural, Term

from .components import tourist_message, tourist_words
from .game import Samoa
from .hotel import payment_reason


def _events(game: Samoa, player: int, kind: str) -> list[dict]:
    return [e for e in game.events_for(player) if e["kind"] == kind and e["player"] == player]


def dealt_with_seed(game: Samoa, seed: int) -> Check:
    return common.dealt_with_seed(game, seed, Message("flags {flags} (SA-2)", flags=" ".join(game.flags)))


@teaches("SA-3", "SA-3.1")
def unbought_tiles_stayed(game: Samoa) -> Check:
    """SA-3.1: a round's offer holds tiles left unbought from the round before, beside the new ones."""
    for event in game.events_for(None):
        if event["kind"] == "buildings" and len(event["offer"]) > len(event["drawn"]):
            kept = len(event["offer"]) - len(event["drawn"])
            return Check(
                True,
                Message(
                    "{kept} unbought tile(s) stayed and {drawn_count} joined them (SA-3.1)",
                    kept=kept,
                    drawn_count=len(event["drawn"]),
                ),
            )
    return Check(
        False,
        Message("round {round}: pass on every tile this round, then look at the next round's offer", round=game.round),
    )


@teaches("SA-3.4", "SA-4")
def equal_bids_ordered(game: Samoa) -> Check:
    """SA-3.4/SA-4: two or more players revealed equal bids, and the tie card ordered them."""
    events = game.events_for(None)
    for index, event in enumerate(events):
        if event["kind"] != "reveal":
            continue
        bids = [card for card in event["cards"] if card != "grey"]
        tied = sorted({card for card in bids if bids.count(card) > 1})
        order = next((e["order"] for e in events[index:] if e["kind"] == "build-order"), None)
        if tied and order is not None:
            seats = [p for p in order if event["cards"][p] == tied[0]]
            return Check(
                True,
                Message(
                    "equal bids {value}: players {value2} in that order, clockwise from the hammer (SA-3.4, SA-4)",
                    value=tied[0],
                    value2=", ".join(map(str, seats)),
                ),
            )
    return Check(False, Message("choose the same card for two players, then look at the building order"))


def reached_round(game: Samoa, round_: int) -> Check:
    if game.round >= round_ or game.is_over:
        return Check(True, Message("round {round}: you played all six phases of a round (SA-3)", round=game.round))
    return Check(
        False,
        Message(
            "it is round {round}, phase {phase}; play on until round {round_}",
            round=game.round,
            phase=game.phase,
            round_=round_,
        ),
    )


@teaches("SA-3.4", "SA-9")
def bought_a_tile(game: Samoa, player: int = 0) -> Check:
    bought = _events(game, player, "buy")
    if bought:
        tile = bought[-1]["tile"].replace("_", " ")
        article = "an" if tile[0] in "aeiou" else "a"  # "an extra room", "a suite"
        tile = Term(f"{article} {tile}")  # as the catalogs have it
        return Check(True, Message("you bought {tile} for {bid} (SA-3.4)", tile=tile, bid=bought[-1]["bid"]))
    return Check(False, Message("choose a card with a high bid, then click a building tile on offer (SA-3.4)"))


@teaches("SA-3.5")
def accommodated(game: Samoa, count: int, player: int = 0) -> Check:
    placed = _events(game, player, "place")
    if len(placed) >= count:
        return Check(True, Message("you accommodated {placed_count} tourists (SA-3.5)", placed_count=len(placed)))
    return Check(
        False,
        Message(
            "{placed_count} tourist(s) so far; click a tourist, then a free room of your hotel",
            placed_count=len(placed),
        ),
    )


@teaches("SA-3.6")
def card_came_back(game: Samoa, player: int = 0) -> Check:
    """SA-3.6: `player` took no tourist and bought nothing, so a (non-grey) price card came back."""
    for event in game.events_for(player):
        if event["kind"] == "card" and event["player"] == player and event["fate"] != "discarded":
            if event["card"] != "grey":
                return Check(
                    True, Message("your {card} came back to hand: no guest, no tile (SA-3.6)", card=event["card"])
                )
    return Check(False, Message("play a round with a price card but take no tourist and buy nothing"))


def _paid(event: dict) -> Message:
    """What a placed tourist paid, and why (the log's reasons, in the reader's language)."""
    why = "; ".join(payment_reason(reason) for reason in event["why"])
    return Message("{tourist} paid {pays}: {why}", tourist=tourist_words(event["tourist"]), pays=event["pays"], why=why)


@teaches("SA-8", "SA-8.1", "SA-8.3", "SA-9.2")
def paid_double(game: Samoa, player: int = 0) -> Check:
    for event in _events(game, player, "place"):
        if any("double" in reason for reason in event["why"]):
            return Check(True, _paid(event))
    return Check(False, Message("place a rich tourist, or a tourist in a suite or next to a celebrity (SA-8)"))


@teaches("SA-7", "SA-8.2")
def lovers_share_a_room(game: Samoa, player: int = 0) -> Check:
    """SA-8.2: two lovers lie in one room of `player`'s hotel."""
    for number, room in enumerate(game.hotels[player].rooms, 1):
        if len(room) == 2:
            return Check(
                True,
                Message(
                    "room {number} holds two lovers, {label} and {label2} (SA-7, SA-8.2)",
                    number=number,
                    label=tourist_message(room[0].label, game.components.nationalities),
                    label2=tourist_message(room[1].label, game.components.nationalities),
                ),
            )
    return Check(False, Message("put a lover into the room where a lover already stays"))


@teaches("SA-8.4", "SA-9.3")
def bather_paid_the_pool(game: Samoa, player: int = 0) -> Check:
    """SA-8.4: `player` placed a bather and it paid its ring value for each pool."""
    for event in _events(game, player, "place"):
        if any("pool" in reason for reason in event["why"]):
            return Check(True, _paid(event))
    return Check(False, Message("place the bather (≈) in your hotel, which has a pool"))


@teaches("SA-9.4")
def used_a_special_tile(game: Samoa, player: int = 0) -> Check:
    """SA-9.4: `player` discarded a special tile to use it."""
    for event in game.events_for(player):
        if event["rule"] == "SA-9.4" and event["player"] == player:
            return Check(True, Message("you used your special tile: {text} (SA-9.4)", text=event["text"]))
    return Check(False, Message("use your special tile at its moment (see the board's buttons)"))


@teaches("SA-6")
def unused_tile_counted(game: Samoa, player: int = 0) -> Check:
    """SA-6: the game ended and `player`'s unused special tiles were worth 3 Tala each."""
    if not game.is_over:
        return Check(
            False,
            Message(
                "round {round} of {rounds}: play on, and keep your special tile",
                round=game.round,
                rounds=game.components.rounds,
            ),
        )
    unused = len(game.hotels[player].specials)
    if unused:
        value = game.components.special_tile_value
        return Check(
            True,
            Message(
                "{value} Tala + {unused} × {value2} for unused tiles = {value3} (SA-6); {value4}",
                value=game.money[player],
                unused=unused,
                value2=value,
                value3=game.scores()[player],
                value4=common.who_won(game, player),
            ),
        )
    return Check(False, Message("the game is over, but you used your special tile: it counts 3 only unused — New game"))


@teaches("SA-6")
def won_the_game(game: Samoa, player: int = 0) -> Check:
    return common.won_the_game(
        game,
        player,
        "SA-6",
        lambda score: Plural("you won with {value} Tala ({rule})", "you won with {value} Tala ({rule})", score),
        game.components.rounds,
    )
