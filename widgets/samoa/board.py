"""The live Samoa board (anywidget): choose a price card, buy a building tile, take tourists into
your hotel by clicking. The engine judges every click; an illegal one shows its rule id.

    from widgets.samoa import SamoaBoard
    board = SamoaBoard(players=4, mode="bot", seed=7)   # or mode="hotseat" (3-6 people) / "open"
"""

from __future__ import annotations

from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import bot_choices
from .picture import svg as still_svg
from .summary import end_of_round


class SamoaBoard(AnalysedBoard):
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
