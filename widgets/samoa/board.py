"""The live Samoa board (anywidget): choose a price card, buy a building tile, take tourists into
your hotel by clicking. The engine judges every click; an illegal one shows its rule id.

    from widgets.samoa import SamoaBoard
    board = SamoaBoard(players=4, mode="bot", seed=7)   # or mode="hotseat" (3-6 people) / "open"
"""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Term, gettext, render
from kit.samoa import Samoa
from kit.samoa.actions import Buy, Choose, Place, Remove, SendHome, Swap
from kit.samoa.components import Components, nationality_letters
from kit.samoa.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from ..review import ReviewedBoard
from ..words import counted
from .picture import ICONS
from .picture import svg as still_svg
from .summary import end_of_round


class SamoaBoard(ReviewedBoard, AnalysedBoard):
    """A live board for Samoa, 3 to 6 players. Options: mode, bot, human, seed, allow_peeking (see
    LostCitiesBoard and docs/boards.md), and the game's own settings (players, tie_card, scenario, ...)."""

    _esm = bundle("samoa/board.js")
    _css = bundle("samoa/board.css")
    game_type = Samoa
    default_settings = {"players": 4}
    bots = bot_choices(HeuristicBot)
    analysis_rollouts = {"kernel": 200, "readable": 20}  # a longer game than Lost Cities: 200 per action
    still_picture = staticmethod(still_svg)
    end_of_round = staticmethod(end_of_round)
    words_extra = {
        "sa_arriving_label": N_("tourists arriving"),
        "sa_tiles_label": N_("building tiles on offer"),
        "sa_cards_label": N_("price cards this round"),
        "sa_cards_title": N_("Price cards this round"),
        "sa_hammer": N_("hammer"),
        "sa_suitcase": N_("suitcase"),
        "sa_chosen": N_("chosen"),
        "sa_building_order": N_("Building order (SA-3.4)"),
        "sa_tourist_order": N_("Tourist order (SA-3.5)"),
        "sa_your_hotel": N_("your hotel"),
        "sa_players_hotel": N_("player {seat}'s hotel"),
        "you_suffix": N_(" (you)"),
        "sa_pools": counted("{n} pool", "{n} pools"),
        "sa_your_cards_label": N_("your price cards"),
        "sa_your_cards": N_("Your price cards"),
        "sa_secret": N_("secret"),
        "sa_final_tala": N_("final Tala"),
        "sa_tala": N_("Tala"),
        "sa_money": N_("{money} Tala"),
        "sa_guests": N_("guests"),
        "sa_cards": N_("cards"),
        "you_seat": N_("you ({seat})"),
        "sa_legend_label": N_("what the tourists and flags mean"),
        "sa_bid": N_("bid {bid}"),
        "sa_price": N_("price {price}"),
        "sa_round_over": N_("The round is over: read the payouts, then press Continue."),
        "sa_game_over": N_("The game is over (SA-6)."),
        "sa_status": N_("Round {round} · {nationality} · {who}: {help}"),
        "sa_flags_label": N_("flags: round {round} of {rounds}"),
        "sa_flag_title": N_("round {round}: {nationality}"),
        "sa_arriving": N_("Tourists arriving (card {card})"),
        "sa_group": N_("group {group}"),
        "sa_tourist_label": N_("{tourist}, group {group}{selected}"),
        "sa_tourists_when": N_("Tourists are taken in the tourist phase (SA-3.5); now: {help}."),
        "sa_now_room": N_("Now click a free room of your hotel for the {tourist}."),
        "sa_all_taken": N_("(all taken this round)"),
        "sa_tiles_on_offer": N_("Building tiles on offer ({deck} face down)"),
        "sa_tile_label": N_("building tile: {tile}"),
        "sa_tiles_when": N_("Tiles are bought in the building phase (SA-3.4); now: {help}."),
        "sa_suite_room": N_("Now click the room of your hotel that becomes the suite (SA-9.2)."),
        "sa_no_tiles": N_("(no tiles left on offer)"),
        "sa_seat_name": N_("player {seat}{you}"),
        "sa_tie_marks": N_("tie card: {marks}"),
        "sa_pays_double": N_("a tourist placed here pays double: {reasons}"),
        "sa_not_your_hotel": N_('That is player {seat}\'s hotel: your guests go into your own (marked "you").'),
        "sa_click_tourist_first": N_("Click a tourist of the arriving groups first, then a free room."),
        "sa_rooms_when": N_("Rooms take guests in the tourist phase; now: {help}."),
        "sa_other_hand": N_("player {seat} · {money} Tala:"),
        "sa_price_card_label": N_("price card {card}, in your hand"),
        "sa_price_when": N_("Price cards are chosen at the start of a round (SA-3.3); now: {help}."),
        "sa_open_banner": N_(
            "every hand, purse and secret choice is visible (the player to move's hand on top, the others below it)."
        ),
        "sa_double_legend": N_("×2 in a room: a guest placed there pays double"),
        "sa_placed_here": N_("{who} placed {tourist} here"),
        "sa_bought": N_("{who} bought {tile} for {bid}"),
        "sa_sent_home": N_("{who} sent {tourists} home"),
        "sa_chose": N_("{who} chose a price card"),
        "sa_room_label": N_("room {room} of player {seat}'s hotel{suite}: {guests}"),
        "sa_suite_suffix": N_(" (suite)"),
        "and_separator": N_(" and "),
        "sa_free": N_("free"),
    }

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus what the board shows of the rules and the component files: each
        room that makes a tourist placed there pay double and why (SA-9.2, SA-8.3: every hotel is
        public), every tourist tile's and price card's face, the building tiles' names, and the
        words of the rules the board explains."""
        hotels = [
            {
                **shown,
                "doubles": [
                    [render(N_("{what} ({rule})"), what=Term(what), rule=rule) for rule, what in hotel.doubling(room)]
                    for room in rooms
                ],
            }
            for shown, hotel in zip(view["hotels"], self.game.hotels)
            for rooms in [range(len(hotel.rooms))]
        ]
        words = board_words(self.game.components)
        help_text = gettext(PHASE_HELP[view["phase"]]) if view["phase"] in PHASE_HELP else ""
        nationalities = {key: format(Term(name)) for key, name in view["nationalities"].items()}
        letters = nationality_letters(view["nationalities"])
        return {
            **view,
            "hotels": hotels,
            "phase_help": help_text,
            "nationalities": nationalities,
            "nationality_letters": letters,
            **words,
        }

    def action_places(self, action, view: dict[str, Any]) -> list[str]:
        """The advisor's preview: the price card, the tourist and the room, or the tile bought (the
        page's focus keys, board.js)."""
        seat = view["to_move"] if view.get("open") else view.get("viewer")
        if isinstance(action, Choose | Swap):
            return [f"price-{action.card}"]
        if isinstance(action, Place):
            return [f"tourist-{action.group}-{action.tile}", f"room-{seat}-{action.room}"]
        if isinstance(action, Remove):
            return [f"room-{seat}-{action.room}"]
        if isinstance(action, Buy):
            return [f"tile-{action.kind}"] + ([] if action.room is None else [f"room-{seat}-{action.room}"])
        if isinstance(action, SendHome):
            return [f"room-{seat}-{room}" for room in action.rooms]
        return []


#: what the player to move does in each phase, as the status line says it
PHASE_HELP = {
    "choose": N_("choose a price card (face down: the others see only that you chose)"),
    "swap": N_("swap your played card with the swap tile, or keep it"),
    "build": N_("buy a building tile for your bid, or pass"),
    "tourists": N_("take tourists from ONE group into free rooms (click a tourist, then a room), then Done"),
}
#: the tourists' rules, as the legend says them (SA-8)
KIND_WORDS = {
    "rich": N_("$$ rich: pays double (SA-8.1)"),
    "lovers": N_("♥ lovers: two may share a room (SA-8.2)"),
    "celebrity": N_("★ celebrity: a guest placed next to it pays double (SA-8.3)"),
    "bather": N_("≈n bather: pays n per pool (SA-8.4)"),
}
ACTION_WORDS = {"pass": N_("Pass (buy nothing)"), "done": N_("Done with tourists"), "keep": N_("Keep my card")}
TIE_WORDS = {
    "line": N_("tie card: hammer settles equal bids, suitcase equal prices"),
    "title": N_(
        "The tie card's hammer settles equal bids (clockwise from it), its suitcase equal prices (counter-clockwise)."
    ),
}
GREY_CARD = N_("the grey card: no building, no guests; send up to two guests home (SA-3.5)")


def board_words(components: Components) -> dict[str, Any]:
    """The faces of the tourist tiles and price cards and the names of the building tiles, from the
    component files, as the page draws them (all printed on the pieces: public), in the board's language."""
    tourists = {}
    for tourist in components.tourists:
        name = Term(components.nationalities[tourist.nationality])
        kind = Term(tourist.kind)
        if tourist.kind == "bather":
            words = render(
                N_("{nationality} {kind} with swim ring {ring}"), nationality=name, kind=kind, ring=tourist.ring
            )
        else:
            words = render(N_("{nationality} {kind}"), nationality=name, kind=kind)
        tourists[tourist.label] = {
            "nationality": tourist.nationality,
            "kind": tourist.kind,
            "icon": f"≈{tourist.ring}" if tourist.kind == "bather" else ICONS.get(tourist.kind, ""),
            "name": words,
        }
    cards = {}
    for card in components.price_cards:
        if card.grey:
            text = gettext("staff on holiday")
            name = render(N_("grey ({text})"), text=text)
            cards[card.key] = {"grey": True, "text": text, "name": name, "title": gettext(GREY_CARD)}
        else:
            cards[card.key] = {
                "grey": False,
                "bid": card.bid,
                "price": card.price,
                "name": render(N_("bid {bid}, room price {price}"), bid=card.bid, price=card.price),
                "title": render(
                    N_("bid {bid} to build (SA-3.4), room price {price} (SA-3.5)"), bid=card.bid, price=card.price
                ),
            }
    kinds = {tourist.kind for tourist in components.tourists}
    return {
        "tourist_faces": tourists,
        "price_faces": cards,
        "tile_names": {kind: format(Term(kind.replace("_", " "))) for kind in sorted(set(components.building_tiles))},
        "kind_words": [gettext(KIND_WORDS[kind]) for kind in KIND_WORDS if kind in kinds],
        "action_words": {key: gettext(text) for key, text in ACTION_WORDS.items()},
        "tie_words": {key: gettext(text) for key, text in TIE_WORDS.items()},
    }
