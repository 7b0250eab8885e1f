"""The boards' "Analyse" toggle: the move advisor's table for the viewer's own move.

The page may only ask (``{"kind": "analyse", "on": true}``); Python decides whose information the
advisor uses, from the board's mode, never from the page:

- against bots: the human's information, on the human's turn (hidden cards redealt, kit.sim.advice);
- hot-seat: the information of the player whose hand is showing, on their turn;
- open teaching mode: everything (the true hidden cards), and beside it what the player to move
  could know, so the difference shows.

Every figure carries its 95% interval and n. Rollouts take time: when the analysis runs longer than
half a second, the page gets progress messages (custom messages, sent at once) while it works.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import traitlets

from .base import GameBoard, PageMessageError

#: progress is shown only for analyses that take longer than this (seconds)
PROGRESS_AFTER = 0.5


class AnalysedBoard(GameBoard):
    """A GameBoard with the advisor's "Analyse" toggle in its side panel."""

    message_kinds: ClassVar[dict[str, frozenset[str]]] = {**GameBoard.message_kinds, "analyse": frozenset({"on"})}
    #: rollouts per legal action, by the path the advisor takes: a compiled kernel affords many (Lost
    #: Cities 1,000; the longer Samoa and Overbooking games 200, as issue 11 sizes them), the readable
    #: engine (numba missing) few
    analysis_rollouts: ClassVar[dict[str, int]] = {"kernel": 1000, "readable": 20}
    analysis_policy: ClassVar[str] = "heuristic"

    #: the toggle (the page asks through a message; it cannot write this)
    analyse = traitlets.Bool(False).tag(sync=True)
    #: the advisor's table for the shown position, or {"note": why there is none}
    analysis = traitlets.Dict().tag(sync=True)

    def _read_message(self, content) -> str:
        kind = super()._read_message(content)
        if kind == "analyse" and not isinstance(content.get("on"), bool):
            raise PageMessageError("an 'analyse' message carries on: true or false")
        return kind

    def _handle(self, kind: str, content: dict) -> None:
        if kind != "analyse":
            super()._handle(kind, content)
            return
        self.analyse = content["on"]
        self._refresh()

    def _refresh(self) -> None:
        super()._refresh()
        self._update_analysis()

    def _start_game(self) -> None:
        self._analysed = None
        super()._start_game()

    # ------------------------------------------------------------------------------ the table
    def _analysis_seat(self) -> tuple[int | None, str]:
        """Whose move to analyse (None: none now) and a note saying why not."""
        game = self.game
        if game.is_over or self.summary:
            return None, "The round is over: nothing to analyse."
        if self.mode == "open":
            return game.current_player, ""
        seat = self.viewer()
        if seat is None or game.current_player != seat:
            return None, "The analysis of your move appears on your turn."
        return seat, ""

    def _update_analysis(self) -> None:
        if not self.analyse:
            if self.analysis:
                self.analysis = {}
            self._analysed = None
            return
        # the end-of-round screen is part of the key: Continue changes what can be analysed
        key = (len(self.game.history), self.mode, self.viewer(), self.game.settings.seed, bool(self.summary))
        if key == getattr(self, "_analysed", None):
            return
        self._analysed = key
        seat, note = self._analysis_seat()
        if seat is not None:
            try:
                self.analysis = self._advice(seat)
                return
            except ImportError as missing:  # the advisor lives in kit.sim (numpy, scipy: the sim extra)
                note = f"The advisor needs the 'sim' extra (pip install tablekit[sim]): {missing}"
        self.analysis = {"note": note}

    def _advice(self, seat: int) -> dict[str, Any]:
        from kit.sim.advice import _kernel_for, advise

        engine = "kernel" if _kernel_for(self.game, self.analysis_policy, "auto") else "readable"
        rollouts = self.analysis_rollouts[engine]
        everything = self.mode == "open"
        start = time.perf_counter()
        # both analyses of the open mode count towards one progress bar
        parts = 2 if everything else 1

        def progress(done: int, total: int, part: int = 0) -> None:
            if time.perf_counter() - start > PROGRESS_AFTER:
                self.send({"kind": "analysis-progress", "done": done + part * total, "total": total * parts})

        advice = advise(self.game, seat, rollouts, self.analysis_policy, everything=everything, progress=progress)
        table = {
            "seat": seat,
            "information": advice.information,
            "policy": advice.policy,
            "n": advice.rollouts,
            "seconds": round(advice.seconds, 2),
            "engine": advice.engine,
            "engine_note": advice.engine_reason or "",  # why the readable engine was used, when a fast path exists
            "rows": [_row(value) for value in advice.actions],
        }
        if everything:
            known = advise(
                self.game, seat, rollouts, self.analysis_policy, progress=lambda d, t: progress(d, t, part=1)
            )
            wins = {value.action: value for value in known.actions}
            for row in table["rows"]:
                row["known_win"] = round(wins[row["action"]].win, 4)
        return table


def _row(value) -> dict[str, Any]:
    return {
        "action": value.action,
        "n": value.n,
        "difference": round(value.difference, 2),
        "difference_low": round(value.difference_low, 2),
        "difference_high": round(value.difference_high, 2),
        "win": round(value.win, 4),
        "win_low": round(value.win_low, 4),
        "win_high": round(value.win_high, 4),
    }
