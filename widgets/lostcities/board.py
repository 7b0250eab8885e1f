"""The live Lost Cities board (anywidget): click a card, then an expedition or a discard pile, then
where to draw from. The engine judges every click; an illegal one shows its rule and changes nothing.

    from widgets.lostcities import LostCitiesBoard
    board = LostCitiesBoard(mode="bot", bot="heuristic", seed=7)   # or mode="hotseat" / "open"
    board                                                          # shows the board
    board.game                                                     # the kit game behind it
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kit.lostcities import LostCities
from kit.lostcities.actions import Discard, Draw, Pass, Play
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.rules import PASS_MIN_HAND

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from ..review import ReviewedBoard
from .picture import svg as still_svg
from .summary import end_of_round


class LostCitiesBoard(ReviewedBoard, AnalysedBoard):
    """A live board for Lost Cities, 2 players or 4 as partners (`players=4`).

    Options: mode ("bot", "hotseat", "open"), bot ("heuristic" or "random"), human (the seat you
    play against bots), seed (none: an unguessable one; a chosen seed is a known deal), allow_peeking
    (the page may switch modes mid-game: logged, and the game marked as practice; docs/boards.md),
    and the game's own settings: players, rounds, first_player, deck, ...
    """

    _esm = bundle("lostcities/board.js")
    _css = bundle("lostcities/board.css")
    game_type = LostCities
    default_settings = {"rounds": 1}
    bots = bot_choices(HeuristicBot)
    still_picture = staticmethod(still_svg)
    end_of_round = staticmethod(end_of_round)

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The engine's view plus the rules' numbers the board shows: what investment cards multiply
        by (LC-5, from the deck's investment cards per expedition) and, in the partner game, how
        many cards a pass takes and the hand it may not go below (LC-7)."""
        game = self.game
        investments = Counter(card.expedition for card in game.components.deck(game.players) if card.is_investment)
        multipliers = ", ".join(f"×{1 + count}" for count in range(1, max(investments.values(), default=0) + 1))
        passing = None
        if any(len(seats) > 1 for seats in view["teams"]):
            passing = {
                "cards": 2,
                "button": "Pass 2 cards to partner (LC-7)",
                "title": f"select two cards first; your hand may not drop below {PASS_MIN_HAND}",
            }
        return {**view, "investment_words": f"investment card ({multipliers})", "passing": passing}

    def action_places(self, action, view: dict[str, Any]) -> list[str]:
        """The advisor's preview: the hand card and the expedition or discard pile it goes to, or the
        pile drawn from (the page's focus keys, board.js)."""
        seat = view["to_move"] if view.get("open") else view.get("viewer")
        hand = (view["hands"][seat] if view.get("open") else view.get("hand")) or []

        def in_hand(card) -> list[str]:
            return [f"hand-{seat}-{hand.index(str(card))}"] if str(card) in hand else []

        if isinstance(action, Play):
            return [*in_hand(action.card), f"exp-{str(action.card)[0]}"]
        if isinstance(action, Discard):
            return [*in_hand(action.card), f"pile-{str(action.card)[0]}"]
        if isinstance(action, Draw):
            return ["deck" if action.pile is None else f"pile-{action.letter}"]
        if isinstance(action, Pass):
            return [place for card in action.cards for place in in_hand(card)]
        return []
