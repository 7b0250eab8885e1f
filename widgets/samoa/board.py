"""The live Samoa board (anywidget): choose a price card, buy a building tile, take tourists into
your hotel by clicking. The engine judges every click; an illegal one shows its rule id.

    from widgets.samoa import SamoaBoard
    board = SamoaBoard(players=4, mode="bot", seed=7)   # or mode="hotseat" (3-6 people) / "open"
"""

from __future__ import annotations

from typing import Any

from kit.samoa import Samoa
from kit.samoa.actions import Buy, Choose, Place, Remove, SendHome, Swap
from kit.samoa.components import Components
from kit.samoa.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from ..review import ReviewedBoard
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

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus what the board shows of the rules and the component files: each
        room that makes a tourist placed there pay double and why (SA-9.2, SA-8.3: every hotel is
        public), every tourist tile's and price card's face, the building tiles' names, and the
        words of the rules the board explains."""
        hotels = [
            {**shown, "doubles": [[f"{what} ({rule})" for rule, what in hotel.doubling(room)] for room in rooms]}
            for shown, hotel in zip(view["hotels"], self.game.hotels)
            for rooms in [range(len(hotel.rooms))]
        ]
        words = board_words(self.game.components)
        return {**view, "hotels": hotels, "phase_help": PHASE_HELP.get(view["phase"], ""), **words}

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
    "choose": "choose a price card (face down: the others see only that you chose)",
    "swap": "swap your played card with the swap tile, or keep it",
    "build": "buy a building tile for your bid, or pass",
    "tourists": "take tourists from ONE group into free rooms (click a tourist, then a room), then Done",
}
#: the tourists' rules, as the legend says them (SA-8)
KIND_WORDS = {
    "rich": "$$ rich: pays double (SA-8.1)",
    "lovers": "♥ lovers: two may share a room (SA-8.2)",
    "celebrity": "★ celebrity: a guest placed next to it pays double (SA-8.3)",
    "bather": "≈n bather: pays n per pool (SA-8.4)",
}
ACTION_WORDS = {"pass": "Pass (buy nothing)", "done": "Done with tourists", "keep": "Keep my card"}
TIE_WORDS = {
    "line": "tie card: hammer settles equal bids, suitcase equal prices",
    "title": "The tie card's hammer settles equal bids (clockwise from it), its suitcase equal prices "
    "(counter-clockwise).",
}
GREY_CARD = "the grey card: no building, no guests; send up to two guests home (SA-3.5)"


def board_words(components: Components) -> dict[str, Any]:
    """The faces of the tourist tiles and price cards and the names of the building tiles, from the
    component files, as the page draws them (all printed on the pieces: public)."""
    tourists = {}
    for tourist in components.tourists:
        name = components.nationalities[tourist.nationality]
        ring = f" with swim ring {tourist.ring}" if tourist.kind == "bather" else ""
        tourists[tourist.label] = {
            "nationality": tourist.nationality,
            "kind": tourist.kind,
            "icon": f"≈{tourist.ring}" if tourist.kind == "bather" else ICONS.get(tourist.kind, ""),
            "name": f"{name} {tourist.kind}{ring}",
        }
    cards = {}
    for card in components.price_cards:
        if card.grey:
            text = "staff on holiday"
            cards[card.key] = {"grey": True, "text": text, "name": f"grey ({text})", "title": GREY_CARD}
        else:
            cards[card.key] = {
                "grey": False,
                "bid": card.bid,
                "price": card.price,
                "name": f"bid {card.bid}, room price {card.price}",
                "title": f"bid {card.bid} to build (SA-3.4), room price {card.price} (SA-3.5)",
            }
    kinds = {tourist.kind for tourist in components.tourists}
    return {
        "tourist_faces": tourists,
        "price_faces": cards,
        "tile_names": {kind: kind.replace("_", " ") for kind in sorted(set(components.building_tiles))},
        "kind_words": [KIND_WORDS[kind] for kind in KIND_WORDS if kind in kinds],
        "action_words": ACTION_WORDS,
        "tie_words": TIE_WORDS,
    }
