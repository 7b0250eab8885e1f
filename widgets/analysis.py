"""The boards' "Analyse" toggle: the move advisor's table for the viewer's own move.

The page may only ask (``{"kind": "analyse", "on": true}``); Python decides whose information the
advisor uses, from the board's mode, never from the page:

- against bots: the human's information, on the human's turn (hidden cards redealt, kit.sim.advice);
- hot-seat: the information of the player whose hand is showing, on their turn;
- open teaching mode: everything (the true hidden cards), and beside it what the player to move
  could know, so the difference shows.

Every figure carries its 95% interval and n; beside each move's own estimate stands its paired
difference to the best move (the same rollouts, so the interval is the one that says whether two
moves differ), and moves whose rollouts were identical are named together with the advisor's
sentence saying so.

Analysis never delays a move. In a running kernel (a comm message handled on the kernel's asyncio
event loop) the new position goes to the page first, with ``{"running": ...}`` as its analysis, and
the rollouts run on a worker thread over a copy of the game; the table comes back through the event
loop (``call_soon_threadsafe``: widgets are only touched on the kernel's own thread), and only if
the board is still at the position it was made for. The worker starts a moment after the new
position has left, waits at each of the advisor's steps while the board handles a click, and runs
at a lower priority (Linux), so that a click while it works is not slowed. The next move cancels
it: the advisor's progress callback raises once the board has moved on. Without a running event
loop (plain Python, a script, the tests' recording comm) the table is computed at once.

The page may pick a row (``{"kind": "analysis-select", "row": k}``, or ``null`` to drop it): the
board then marks that move's places (`GameBoard.action_places`) and offers to play it; the learner
still confirms it (an ordinary "act" message). Hovering a row only previews it in the page.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from typing import Any, ClassVar

import traitlets

from kit.i18n import Message, language

from .base import GameBoard, PageMessageError, _short

#: progress is shown only for analyses that take longer than this (seconds)
PROGRESS_AFTER = 0.5
#: seconds between a new position's message to the page and the start of its analysis
START_AFTER = 0.1
#: what the board says while the compiled engine is built on first use (numba, once per install)
PREPARING = Message("Preparing the fast engine once, about a minute (later analyses take a few seconds).")


class _Cancelled(Exception):
    """Raised from the advisor's progress callback once the board has moved on."""


def _lower_priority() -> None:
    """The calling thread yields the processor to the kernel's own (Linux: a thread has its own nice
    value); elsewhere it runs as it is."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):  # pragma: no cover - not Linux, or not allowed
        pass


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class AnalysedBoard(GameBoard):
    """A GameBoard with the advisor's "Analyse" toggle and table."""

    message_kinds: ClassVar[dict[str, frozenset[str]]] = {
        **GameBoard.message_kinds,
        "analyse": frozenset({"on"}),
        "analysis-select": frozenset({"row"}),
    }
    #: rollouts per legal action, by the path the advisor takes: a compiled kernel affords many (Lost
    #: Cities 1,000; the longer Samoa and Overbooking games 200, as issue 11 sizes them), the readable
    #: engine (numba missing) few
    analysis_rollouts: ClassVar[dict[str, int]] = {"kernel": 1000, "readable": 20}
    analysis_policy: ClassVar[str] = "heuristic"
    #: False: compute the table in the message handler even inside a kernel (a notebook that wants
    #: the numbers at once, e.g. a lesson check right after a move)
    analysis_in_background: ClassVar[bool] = True

    #: the toggle (the page asks through a message; it cannot write this)
    analyse = traitlets.Bool(False).tag(sync=True)
    #: the advisor's table for the shown position, {"note": why there is none}, or while it is
    #: being worked out {"running": True, "seat": ..., "preparing": a note or ""}
    analysis = traitlets.Dict().tag(sync=True)
    #: the row the page picked: {"row", "action", "places"} ({} when none)
    analysis_choice = traitlets.Dict().tag(sync=True)

    def __init__(self, **options):
        self._note: Message | None = None  # why the table shows no analysis, said in the board's language
        self._generation = 0  # bumped by every new position: a worker of an older one stops
        self._worded: tuple[int, Any] = (-1, None)  # (generation, advice) of the table on show
        self._idle = threading.Event()  # clear while the board handles a message from the page
        self._idle.set()
        super().__init__(**options)

    def _on_message(self, widget, content, buffers) -> None:
        # the worker waits at its next step while a click is handled: the move comes first
        self._idle.clear()
        try:
            super()._on_message(widget, content, buffers)
        finally:
            self._idle.set()

    def _read_message(self, content) -> str:
        kind = super()._read_message(content)
        if kind == "analyse" and not isinstance(content.get("on"), bool):
            raise PageMessageError("an 'analyse' message carries on: true or false")
        if kind == "analysis-select":
            self._chosen_row(content.get("row"))
        return kind

    def _chosen_row(self, row) -> dict[str, Any] | None:
        """The table's row the page names (None: none), or PageMessageError: a row of the table on
        show, by its place in it (0 is the best)."""
        if row is None:
            return None
        rows = self.analysis.get("rows") or []
        if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < len(rows):
            if not rows:
                raise PageMessageError(
                    "an 'analysis-select' row is null: there is no table on show, not {value}", value=_short(row)
                )
            raise PageMessageError(
                "an 'analysis-select' row is a row of the table (0 to {last}) or null, not {value}",
                last=len(rows) - 1,
                value=_short(row),
            )
        return rows[row]

    def _handle(self, kind: str, content: dict) -> None:
        if kind == "analyse":
            self.analyse = content["on"]
        elif kind == "analysis-select":
            row = self._chosen_row(content.get("row"))
            self.analysis_choice = (
                {} if row is None else {"row": content["row"], "action": row["action"], "places": row["places"]}
            )
        else:
            super()._handle(kind, content)

    @traitlets.observe("analyse")
    def _on_analyse(self, change) -> None:
        """Analyse switched, by the page's message or from Python (``board.analyse = True``)."""
        self._refresh()

    def _refresh(self) -> None:
        super()._refresh()
        self._update_analysis()

    def _start_game(self) -> None:
        self._analysed = None
        super()._start_game()

    def action_places(self, action, view: dict[str, Any]) -> list[str]:
        """The places on the board (the page's focus keys) an action of the player to move touches,
        for the advisor's preview: the card and where it goes. Each board names its own; from `view`
        only (what the page already shows)."""
        return []

    # ------------------------------------------------------------------------------ the table
    def _analysis_seat(self) -> tuple[int | None, Message | None]:
        """Whose move to analyse (None: none now) and a note saying why not."""
        game = self.game
        if game.is_over or self.summary:
            return None, Message("The round is over: nothing to analyse.")
        if self.mode == "open":
            return game.current_player, None
        seat = self.viewer()
        if seat is None or game.current_player != seat:
            return None, Message("The analysis of your move appears on your turn.")
        return seat, None

    def _words(self, message: Message | Any | None) -> str:
        """`message` in the board's language (the worker thread has no language of its own)."""
        with language(self.lang):
            return "" if message is None else str(message)

    def _update_analysis(self) -> None:
        if not self.analyse:
            if self.analysis:
                self.analysis = {}
            self.analysis_choice = {}
            self._analysed = None
            self._generation += 1  # cancels a running analysis
            return
        # the end-of-round screen is part of the key: Continue changes what can be analysed
        key = (len(self.game.history), self.mode, self.viewer(), self.game.settings.seed, bool(self.summary))
        if key == getattr(self, "_analysed", None):
            if self._note is not None:  # a note is words only: say it again in the board's language
                self.analysis = {"note": self._words(self._note)}
            elif self.analysis.get("rows") and self._worded[0] == self._generation:
                self.analysis = self.analysis | self._table_words(self._worded[1])  # and the table's words
            return
        self._analysed = key
        self._generation = generation = self._generation + 1
        self.analysis_choice = {}
        seat, self._note = self._analysis_seat()
        if seat is None:
            self.analysis = {"note": self._words(self._note)}
            return
        loop = _running_loop() if self.analysis_in_background else None
        if loop is None:
            self.analysis = self._table(self.game, seat, generation, None)
            return
        game, view = self.game.clone(), dict(self.view)
        self.analysis = {"running": True, "seat": seat, "preparing": self._preparing(game)}
        # started a moment after this handler: the new position's message leaves (the kernel's
        # output thread needs the GIL for it) and the page draws it before the rollouts begin
        loop.call_later(START_AFTER, self._start_worker, game, view, seat, generation, loop)

    def _start_worker(self, game, view, seat: int, generation: int, loop) -> None:
        if generation != self._generation:
            return

        def work() -> None:
            _lower_priority()
            try:
                table = self._table(game, seat, generation, loop, view)
            except _Cancelled:
                return
            loop.call_soon_threadsafe(self._deliver, generation, table)

        threading.Thread(target=work, name="tablekit-analysis", daemon=True).start()

    def _deliver(self, generation: int, table: dict[str, Any]) -> None:
        """The worker's table, shown only if the board is still where the worker started."""
        if generation == self._generation and self.analyse:
            self.analysis = table

    def _preparing(self, game) -> str:
        """PREPARING when the advisor's compiled kernel must still be compiled, else ""."""
        try:
            from kit.kernels.prepare import needs_compiling
            from kit.sim.advice import fast_path
        except ImportError:
            return ""
        compiling = fast_path(game, self.analysis_policy) is not None and needs_compiling(game)
        return self._words(PREPARING) if compiling else ""

    def _table(self, game, seat: int, generation: int, loop, view: dict[str, Any] | None = None) -> dict[str, Any]:
        try:
            return self._advice(game, seat, generation, loop, self.view if view is None else view)
        except ImportError as missing:  # the advisor lives in kit.sim (numpy, scipy: the sim extra)
            note = Message(
                "The advisor needs the 'sim' extra (pip install tablekit[sim]): {missing}", missing=str(missing)
            )
            return {"note": self._words(note)}

    def _advice(self, game, seat: int, generation: int, loop, view: dict[str, Any]) -> dict[str, Any]:
        from kit.sim.advice import advise, fast_path

        engine = "kernel" if fast_path(game, self.analysis_policy) is not None else "readable"
        rollouts = self.analysis_rollouts[engine]
        everything = self.mode == "open"
        start = time.perf_counter()
        # both analyses of the open mode count towards one progress bar
        parts = 2 if everything else 1

        def progress(done: int, total: int, part: int = 0) -> None:
            if loop is not None:  # on the worker thread (else this is the message handler itself)
                self._idle.wait()
            if generation != self._generation:
                raise _Cancelled
            if time.perf_counter() - start > PROGRESS_AFTER:
                message = {"kind": "analysis-progress", "done": done + part * total, "total": total * parts}
                if loop is None:
                    self.send(message)
                else:
                    loop.call_soon_threadsafe(self._send_progress, generation, message)

        advice = advise(game, seat, rollouts, self.analysis_policy, everything=everything, progress=progress)
        if engine == "kernel":
            from kit.kernels.prepare import mark_compiled

            mark_compiled(game)
        actions = {str(action): action for action in game.legal_actions()}
        table = {
            "seat": seat,
            "information": advice.information,
            "policy": advice.policy,
            "n": advice.rollouts,
            "seconds": round(advice.seconds, 2),
            "engine": advice.engine,
            "rows": [
                _row(value) | {"places": self.action_places(actions[value.action], view)} for value in advice.actions
            ],
        } | self._table_words(advice)
        self._worded = (generation, advice)
        if everything:
            known = advise(game, seat, rollouts, self.analysis_policy, progress=lambda d, t: progress(d, t, part=1))
            wins = {value.action: value for value in known.actions}
            for row in table["rows"]:
                row["known_win"] = round(wins[row["action"]].win, 4)
        return table

    def _table_words(self, advice) -> dict[str, Any]:
        """The table's words in the board's language: said again when the language changes."""
        return {
            # why the readable engine was used, when a fast path exists (in the catalogs when it is a fixed sentence)
            "engine_note": self._words(Message(advice.engine_reason)) if advice.engine_reason else "",
            "ties": [{"actions": list(tie.actions), "sentence": self._words(tie)} for tie in advice.ties],
            "words": self.moves_in_words((value.action for value in advice.actions), advice.game),
        }

    def _send_progress(self, generation: int, message: dict[str, Any]) -> None:
        if generation == self._generation:
            self.send(message)


def _row(value) -> dict[str, Any]:
    return {
        "action": value.action,
        "n": value.n,
        "difference": round(value.difference, 2),
        "difference_low": round(value.difference_low, 2),
        "difference_high": round(value.difference_high, 2),
        "vs_best": round(value.vs_best, 2),
        "vs_best_low": round(value.vs_best_low, 2),
        "vs_best_high": round(value.vs_best_high, 2),
        "win": round(value.win, 4),
        "win_low": round(value.win_low, 4),
        "win_high": round(value.win_high, 4),
    }
