"""The live Lost Cities board (anywidget): click a card, then an expedition or a discard pile, then
where to draw from. The engine judges every click; an illegal one shows its rule and changes nothing.

    from widgets.lostcities import LostCitiesBoard
    board = LostCitiesBoard(mode="bot", bot="heuristic", seed=7)   # or mode="hotseat" / "open"
    board                                                          # shows the board
    board.game                                                     # the kit game behind it
"""

from __future__ import annotations

import traitlets

from kit.lostcities import LostCities
from kit.lostcities.heuristic import HeuristicBot

from ..analysis import AnalysedBoard
from ..assets import bundle
from ..base import PageMessageError, bot_choices
from .picture import svg as still_svg
from .summary import end_of_round


class LostCitiesBoard(AnalysedBoard):
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

    def _kernel_refusal(self, bot: str | None) -> str | None:
        """A guard until each kernel judges its data: ISMCTS plays its rollouts on the compiled kernel,
        which lays out five expeditions, so on any other count the search would fail mid-game."""
        expeditions = len(self.game.components.expeditions)
        if bot == "ismcts" and expeditions != 5:
            return (
                f"the ismcts bot plays its rollouts on the fast engine, which plays 5 expeditions; this game "
                f"has {expeditions}: choose the heuristic or the random bot"
            )
        return None

    @traitlets.validate("bot")
    def _valid_bot(self, proposal) -> str:
        bot = super()._valid_bot(proposal)
        why = self._kernel_refusal(bot)
        if why:
            raise traitlets.TraitError(why)
        return bot

    def _page_writes(self, sync_data) -> dict[str, str]:
        writes = super()._page_writes(sync_data)
        why = self._kernel_refusal(writes.get("bot"))
        if why:
            raise PageMessageError(why)  # refused as a whole; the page's menu is set back
        return writes
