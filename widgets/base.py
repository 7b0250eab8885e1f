"""What every live board shares: it shows a view, sends intended actions back, shows the engine's
error text, and offers undo, a new game, and three modes.

Modes:
    "bot"      one person plays seat `human`; bots play every other seat at once.
    "hotseat"  people share the device; between turns the board hides the hand behind a
               "pass the device" screen until the next player asks to see it.
    "open"     the teaching mode: every card is shown (hands and the draw pile's order), and says so.

Only a view crosses into the browser: in "bot" and "hotseat" modes the synced state holds the
viewer's own view (or, on the pass-the-device screen, the spectator's view) and never another
hand or the deck's order. Actions come back as small messages from the browser
(``{"kind": "act", "action": "play D7"}``) and go through `Game.apply`, so the engine stays the only
judge of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from kit.core import Game, IllegalAction, NothingToUndo
from kit.core.events import Event

from .still import still_bundle

MODES = ("bot", "hotseat", "open")
PACES = ("instant", "step")
LOG_LENGTH = 14


class GameBoard(anywidget.AnyWidget):
    """Base class of the live boards. Subclasses set `game_type`, `bots`, `_esm` and `_css`."""

    game_type: ClassVar[type[Game]]
    #: game settings a board starts with unless told otherwise (e.g. one round, four players)
    default_settings: ClassVar[dict[str, Any]] = {}
    #: bot name -> factory taking a seed
    bots: ClassVar[dict[str, Callable[[int], Any]]]
    #: the game's still SVG picture of a view (its picture module's `svg`), shown where the board
    #: cannot be live (see widgets/still.py)
    still_picture: ClassVar[Callable[[dict[str, Any]], str] | None] = None
    #: (game, the new events as the reader may see them) -> the end-of-round screen, or {}
    end_of_round: ClassVar[Callable[[Game, list[dict[str, Any]]], dict[str, Any]] | None] = None

    view = traitlets.Dict().tag(sync=True)
    mode = traitlets.Unicode("bot").tag(sync=True)
    bot = traitlets.Unicode("heuristic").tag(sync=True)
    bot_names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    human = traitlets.Int(0).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    handover = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)  # "info" or "error"
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    # presentation (boards12): what changed since the viewer's last action, the pace of the other
    # seats' turns, an end-of-round screen, and whether undo can act. All from the viewer's view.
    #: "instant": the bots answer at once; "step": one bot action per "next" from the page
    pace = traitlets.Unicode("instant").tag(sync=True)
    #: the viewer's events since their last action (their own included: the card they drew)
    recent = traitlets.List().tag(sync=True)
    #: the end-of-round screen waiting for "Continue" ({} when none); nothing moves until then
    summary = traitlets.Dict().tag(sync=True)
    #: True while bots are to move and wait for "next" (pace "step")
    bots_waiting = traitlets.Bool(False).tag(sync=True)
    #: why undo cannot act now ("" when it can)
    undo_blocked = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, mode: str = "bot", bot: str = "heuristic", human: int = 0, seed: int = 0, **settings):
        super().__init__()
        self._settings = {**self.default_settings, **settings}
        self._check_mode(mode)
        self._check_bot(bot)
        self.bot_names = list(self.bots)
        self.mode, self.bot, self.human, self.seed = mode, bot, human, seed
        self._seat: int | None = None  # hot-seat: whose hand is showing
        self.game: Game = self.game_type(seed=seed, **self._settings)
        if human not in range(self.game.settings.players):
            raise ValueError(f"human must be a seat from 0 to {self.game.settings.players - 1}")
        self._bot_players: dict[int, Any] = {}
        self._marks_from: dict[int | None, int] = {}  # per viewer: the log length at their last action
        self.on_msg(self._on_message)
        self.observe(self._on_mode, names=["mode"])
        self.observe(self._on_bot, names=["bot"])
        self.observe(self._on_pace, names=["pace"])
        self._start_game()

    # ------------------------------------------------------------------ the Python API
    def act(self, action) -> bool:
        """Apply an action for the player whose turn it is (as the browser does). Returns success."""
        if self.handover:
            return self._error("first pass the device: the next player must ask to see their hand")
        if self.mode == "bot" and self.game.current_player != self.human and not self.game.is_over:
            return self._error(f"wait for the bots: it is player {self.game.current_player}'s turn")
        if self.summary:
            return self._error("first read the end of the round: press Continue")
        marks_from = len(self.game.log)
        try:
            self._apply(action)
        except IllegalAction as error:
            return self._error(str(error))
        self._marks_from[self.viewer()] = marks_from
        self.message, self.message_kind = "", "info"
        self._after_action()
        return True

    def undo(self) -> bool:
        """Take back the last action; against bots, back to before the human's last action.

        Outside the open mode, an action that showed its player a hidden card (a draw from the draw
        pile) is not taken back: undoing it would let them peek and choose again.
        """
        history = self.game.history
        try:
            if self.summary:
                raise NothingToUndo("the round is over: press Continue first")
            back_to = self._undo_target()
            self.game.undo(len(history) - back_to)
        except NothingToUndo as error:
            return self._error(str(error))
        self.message, self.message_kind = "Undone.", "info"
        if self.mode == "hotseat" and self.game.current_player != self._seat:
            self.handover = True
        self._refresh()
        return True

    def _undo_target(self) -> int:
        """The history index undo would go back to; raises NothingToUndo with the reason if none."""
        history = self.game.history
        if not history:
            raise NothingToUndo("nothing to undo yet")
        if self.mode == "bot":
            taken = self._human_steps()
            if not taken:
                raise NothingToUndo("nothing of yours to undo yet")
            back_to = taken[-1]
        else:
            back_to = len(history) - 1
        if self.mode != "open" and self._revealed(back_to):
            raise NothingToUndo(f"'{history[back_to]}' showed a hidden card, so it cannot be taken back")
        return back_to

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same settings (and `seed`, or the next seed)."""
        self.seed = self.seed + 1 if seed is None else seed
        self.game = self.game_type(seed=self.seed, **self._settings)
        self.message, self.message_kind = f"New game, seed {self.seed}.", "info"
        self._start_game()

    def bot_move(self) -> bool:
        """Open mode: let the chosen bot make the current player's next action."""
        if self.game.is_over:
            return self._error("the game is over")
        if self.mode != "open":
            return self._error("a bot move on request is for the open teaching mode")
        self._marks_from[None] = len(self.game.log)
        self._apply(self._bot_for(self.game.current_player).choose(self.game))
        self.message, self.message_kind = "", "info"
        self._refresh()
        return True

    def next_move(self) -> bool:
        """Pace "step": let the next bot make one action (the page's "Next" button)."""
        if self.summary:
            return self._error("first read the end of the round: press Continue")
        if not self._bot_to_move():
            return self._error("no bot is waiting to move")
        player = self.game.current_player
        self._apply(self._bot_for(player).choose(self.game))
        self.message, self.message_kind = "", "info"
        self._refresh()
        return True

    def continue_play(self) -> bool:
        """Close the end-of-round screen; the bots play on (at the chosen pace)."""
        if not self.summary:
            return self._error("there is no end-of-round screen to close")
        self.summary = {}
        self.message, self.message_kind = "", "info"
        self._marks_from[self.viewer()] = len(self.game.log)  # the new round starts unmarked
        if self.pace == "instant":
            self._play_bots()
        self._refresh()
        return True

    # ---------------------------------------------------------------------- internals
    def _start_game(self) -> None:
        self._bot_players = {}
        self._marks_from = {}
        self.summary = {}
        self._seat = self.game.current_player
        self.handover = self.mode == "hotseat"
        self._play_bots()
        self._refresh()

    def _after_action(self) -> None:
        if self.mode == "bot" and self.pace == "instant":
            self._play_bots()
        elif self.mode == "hotseat" and not self.game.is_over and self.game.current_player != self._seat:
            self.handover = True
        self._refresh()

    def _play_bots(self) -> None:
        if self.mode != "bot":
            return
        while self._bot_to_move():
            player = self.game.current_player
            self._apply(self._bot_for(player).choose(self.game))

    def _bot_to_move(self) -> bool:
        return (
            self.mode == "bot" and not self.summary and not self.game.is_over and self.game.current_player != self.human
        )

    def _apply(self, action) -> None:
        """Apply an action; when it ends a round, put up the end-of-round screen (`summarise`)."""
        log_from = len(self.game.log)
        self.game.apply(action)
        summary = self.summarise(log_from)
        if summary:
            self.summary = summary

    def summarise(self, log_from: int) -> dict[str, Any]:
        """The end-of-round screen if the events from `log_from` on end a round, else {}: each board
        says what its rounds' ends look like (`end_of_round`), from what the screen's reader may see
        (against bots the human; in hot-seat everyone at the table, so public events only)."""
        if self.end_of_round is None:
            return {}
        everything = self.mode == "open"
        reader = self.human if self.mode == "bot" else None
        events = []
        for entry in self.game.log[log_from:]:
            event = Event(*entry).everything() if everything else Event(*entry).visible_to(reader)
            event["text"] = self.game.describe(event)
            events.append(event)
        return self.end_of_round(self.game, events)

    def _bot_for(self, player: int):
        if player not in self._bot_players:
            self._bot_players[player] = self.bots[self.bot](self.seed * 10 + player)
        return self._bot_players[player]

    def _revealed(self, index: int) -> bool:
        """Whether the action at `index` of the history revealed something (asked of the position
        before it, rebuilt by replay)."""
        before = self.game_type.replay(self.game.settings, self.game.history[:index])
        return before.reveals(self.game.history[index])

    def _human_steps(self) -> list[int]:
        """History indices of the actions the human took (replaying to see who acted)."""
        replay = self.game_type(self.game.settings)
        steps = []
        for index, action in enumerate(self.game.history):
            if replay.current_player == self.human:
                steps.append(index)
            replay.apply(action)
        return steps

    def viewer(self) -> int | None:
        """The seat whose view the browser holds (None: spectator or open mode)."""
        if self.mode == "open":
            return None
        if self.mode == "bot":
            return self.human
        return None if self.handover else self._seat

    def _refresh(self) -> None:
        with self.hold_sync():  # one message to the browser for all the traits below
            self._compute_synced()

    def _compute_synced(self) -> None:
        game = self.game
        if self.mode == "open":
            view, log = game.open_view(), game.open_events()
        elif self.mode == "hotseat" and self.handover:
            view, log = game.public_view(), game.events_for(None)
        else:
            viewer = self.viewer()
            view, log = game.view(viewer), game.events_for(viewer)
        self.log = [f"[{entry['rule']}] {entry['text']}" for entry in log[-LOG_LENGTH:]]
        self.steps = len(game.history)
        self._present(log)
        self.view = view

    def _present(self, log: list[dict[str, Any]]) -> None:
        """The presentation traits, from the log the page may read."""
        start = self._marks_from.get(self.viewer(), len(log))
        self.recent = [] if self.handover else log[start:]
        self.bots_waiting = self._bot_to_move()
        self.undo_blocked = self._undo_refusal()

    def _undo_refusal(self) -> str:
        """Why undo cannot act now ("" when it can), asked without undoing anything."""
        if self.summary:
            return "the round is over: press Continue first"
        try:
            self._undo_target()
        except NothingToUndo as error:
            return str(error)
        return ""

    def _error(self, text: str) -> bool:
        self.message, self.message_kind = text, "error"
        return False

    def _on_message(self, _widget, content: dict, _buffers) -> None:
        with self.hold_sync():  # everything one click changes reaches the browser as one message
            self._handle(content)

    def _handle(self, content: dict) -> None:
        kind = content.get("kind")
        if kind == "act":
            self.act(str(content.get("action", "")))
        elif kind == "undo":
            self.undo()
        elif kind == "new":
            seed = content.get("seed")
            self.new_game(int(seed) if isinstance(seed, int | str) and str(seed).lstrip("-").isdigit() else None)
        elif kind == "take-over":
            self._seat = self.game.current_player
            self.handover = False
            self.message, self.message_kind = "", "info"
            self._refresh()
        elif kind == "bot-move":
            self.bot_move()
        elif kind == "next":
            self.next_move()
        elif kind == "continue":
            self.continue_play()

    def _on_mode(self, change) -> None:
        if change["new"] not in MODES:
            self.mode = change["old"]
            return
        self._seat = self.game.current_player
        self.handover = change["new"] == "hotseat" and not self.game.is_over
        self.message, self.message_kind = _MODE_NOTES[change["new"]], "info"
        self._play_bots()
        self._refresh()

    def _on_pace(self, change) -> None:
        if change["new"] not in PACES:
            self.pace = change["old"]
            return
        if change["new"] == "instant":
            self._play_bots()
        self._refresh()

    def _on_bot(self, change) -> None:
        if change["new"] not in self.bots:
            self.bot = change["old"]
            return
        self._bot_players = {}

    def _check_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")

    def _check_bot(self, bot: str) -> None:
        if bot not in self.bots:
            raise ValueError(f"bot must be one of {', '.join(self.bots)}, not {bot!r}")

    def _repr_mimebundle_(self, **kwargs):
        """The live board, plus a still picture of its position for notebooks not yet run."""
        live = super()._repr_mimebundle_(**kwargs)
        if self.still_picture is None or live is None:
            return live
        return still_bundle(live, self.still_picture(self.view), f"{self.game_type.__name__} board")

    def __repr__(self) -> str:  # stable text for saved notebooks (no memory address)
        return f"<{type(self).__name__} mode={self.mode} seed={self.seed} step {len(self.game.history)}>"


_MODE_NOTES = {
    "bot": "Playing against bots.",
    "hotseat": "Hot-seat: pass the device between turns; each hand stays hidden from the others.",
    "open": "Open teaching mode: every card is visible, hands and the draw pile's order included.",
}
