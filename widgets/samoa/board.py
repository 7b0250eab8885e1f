"""The live Samoa board (anywidget): choose a price card, buy a building tile, take tourists into
your hotel by clicking. The engine judges every click; an illegal one shows its rule id.

    from widgets.samoa import SamoaBoard
    board = SamoaBoard(players=4, mode="bot", seed=7)   # or mode="hotseat" (3-6 people) / "open"
"""

from __future__ import annotations

from kit.bots import RandomBot
from kit.samoa import Samoa
from kit.samoa.heuristic import HeuristicBot

from ..assets import bundle
from ..base import GameBoard


class SamoaBoard(GameBoard):
    """A live board for Samoa, 3 to 6 players. Options: mode, bot, human, seed, and the game's own
    settings (players, tie_card, scenario, ...)."""

    _esm = bundle("samoa/board.js")
    _css = bundle("samoa/board.css")
    game_type = Samoa
    bots = {"heuristic": lambda seed: HeuristicBot(), "random": lambda seed: RandomBot(seed)}

    def __init__(
        self, *, mode: str = "bot", bot: str = "heuristic", human: int = 0, seed: int = 0, players: int = 4, **settings
    ):
        super().__init__(mode=mode, bot=bot, human=human, seed=seed, players=players, **settings)
