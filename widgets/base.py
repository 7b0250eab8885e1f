"""What every live board shares: it shows a view, sends intended actions back, shows the engine's
error text, and offers undo, a new game, and three modes.

Modes:
    "bot"      one person plays seat `human`; bots play every other seat at once.
    "hotseat"  people share the device; between turns the board hides the hand behind a
               "pass the device" screen until the next player asks to see it.
    "open"     the teaching mode: every card is shown (hands and the draw pile's order), and says so.

Pace against bots: "instant" (the bots answer at once) or "step" (each bot action waits for the
page's "Next", from a game's first move on): ``pace="step"`` or the page's pace message.

Only a view crosses into the browser: in "bot" and "hotseat" modes the synced state holds the
viewer's own view (or, on the pass-the-device screen, the spectator's view) and never another
hand, the deck's order, or a seed that would rebuild them. Actions come back as small messages
from the browser (``{"kind": "act", "action": "play D7"}``) and go through `Game.apply`, so the
engine stays the only judge of the rules.

The page is not trusted with secrecy (docs/boards.md):
  * it may write two traits only, `mode` and `bot`; every other write (`human`, `handover`,
    `seed`, `view`, ...) and every malformed message is refused with one on-board error
    ("Not accepted from the page: ...") and changes nothing;
  * a mode change from the page starts a new game (a finished game is only shown in the new mode),
    unless the board was made with ``allow_peeking=True``: then the game goes on, the peek is
    written in the log and the game is marked as practice;
  * a game whose seed the caller did not choose gets an unguessable seed (`secrets`), and the page
    learns it only when the game is over (nor does any repr show it: `Game.secret_seed`, and the
    bots' seeds are drawn apart from it); a chosen seed is a known deal, and a game whose seed the
    page chose (a deal it can compute) is marked as practice;
  * outside the open mode, undo refuses when any action it would take back revealed anything to
    anyone, and in hot-seat it takes back only the current player's own actions of this turn.
Python (the teacher) may change `mode`, `human` and `handover` at any time.
"""

from __future__ import annotations

import contextlib
import re
import secrets
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import anywidget
import traitlets

from kit.bots import RandomBot
from kit.bots.ismcts import ISMCTSBot
from kit.core import Event, Game, IllegalAction, NothingToUndo
from kit.i18n import LANGUAGES, N_, Message, Plural, Term, check_language, get_language, gettext, language, render

from .still import still_bundle
from .words import board_words

MODES = ("bot", "hotseat", "open")
PACES = ("instant", "step")
LOG_LENGTH = 14
#: the only traits the page may write; everything else it writes is refused
PAGE_WRITABLE = frozenset({"mode", "bot", "lang"})
#: seeds the page can hold exactly (a JavaScript number) and unguessable seeds are drawn below
SEED_LIMIT = 2**53
_SEED_TEXT = re.compile(r"-?[0-9]{1,16}")  # ASCII digits only: "²" and "٣" are digits to str.isdigit
_ACTION_LENGTH = 200  # far longer than any action text


def bot_choices(heuristic: Callable[[], Any]) -> dict[str, Callable[[int], Any]]:
    """The bots every board offers, by name: the game's own heuristic, random, and information-set
    MCTS (kit.bots.ismcts). Each factory takes a seed."""
    return {
        "heuristic": lambda seed: heuristic(),
        "random": lambda seed: RandomBot(seed),
        "ismcts": lambda seed: ISMCTSBot(seed, seconds=0.2),
    }


def _one_of(proposal, allowed) -> str:
    """A trait's new value, which must be one of `allowed` (a write from the page included)."""
    value = proposal["value"]
    if value not in allowed:
        raise traitlets.TraitError(f"{proposal['trait'].name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


class PageMessageError(ValueError):
    """A message or trait write from the page that the board does not accept (shown on the board).
    The reason is a template with named placeholders, read in the board's language (`kit.i18n`)."""

    def __init__(self, reason: str | Message, /, **params):
        self.message = reason if isinstance(reason, Message) else Message(reason, **params)
        super().__init__(self.message)

    def __str__(self) -> str:
        return str(self.message)


def _malformed(error: Exception) -> Message:
    """What is wrong with a comm message: our own words, the missing key, or a part that is no object
    (Python's own text of that is English)."""
    reason = error.args[0] if error.args else None
    if isinstance(reason, Message):
        return reason
    if isinstance(error, KeyError):
        return Message("no {key}", key=_short(reason))
    return Message("a part of it is not an object")


def _short(value: Any) -> str:
    """A value from the page, quoted briefly (a 5000-digit seed is not repeated back in full)."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4300 digits has no repr
        return f"a {type(value).__name__} too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


class _Steps:
    """For each action of a game's history: who took it, where its events start in the log, and
    whether it revealed something (`Game.reveals`, asked of the position before it).

    The same answers as replaying the game (`Game.first_reveal`), but kept up to date by replaying
    only the actions added since the last look (an undo or another game starts over), so that
    undo's verdict can be shown on every refresh (the page's undo button) at no real cost.
    """

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, game: Game | None) -> None:
        self.source = game
        self.replay = None if game is None else type(game)(game.settings)
        self.actions: list = []
        self.actors: list[int | None] = []
        self.log_starts: list[int] = []
        self.reveals: list[bool] = []

    def of(self, game: Game) -> _Steps:
        """Brought up to date with `game`'s history."""
        history, known = game.history, len(self.actions)
        if self.source is not game or known > len(history) or history[:known] != self.actions:
            self._reset(game)
            known = 0
        replay = self.replay
        for action in history[known:]:
            self.actors.append(replay.current_player)
            self.log_starts.append(len(replay.log))
            self.reveals.append(replay.reveals(action))
            replay.apply(action)
            self.actions.append(action)
        return self

    def first_reveal(self, start: int) -> int | None:
        return next((index for index in range(start, len(self.reveals)) if self.reveals[index]), None)

    def events(self, index: int) -> list[tuple]:
        """The log entries the action at `index` wrote."""
        end = self.log_starts[index + 1] if index + 1 < len(self.log_starts) else len(self.replay.log)
        return self.source.log[self.log_starts[index] : end]


class GameBoard(anywidget.AnyWidget):
    """Base class of the live boards. Subclasses set `game_type`, `bots`, `_esm` and `_css`."""

    game_type: ClassVar[type[Game]]
    #: game settings a board starts with unless told otherwise (e.g. one round, four players)
    default_settings: ClassVar[dict[str, Any]] = {}
    #: bot name -> factory taking a seed
    bots: ClassVar[dict[str, Callable[[int], Any]]]
    #: the messages the page may send: kind -> the other keys each may carry
    message_kinds: ClassVar[dict[str, frozenset[str]]] = {
        "act": frozenset({"action"}),
        "undo": frozenset(),
        "new": frozenset({"seed"}),
        "take-over": frozenset(),
        "bot-move": frozenset(),
        "next": frozenset(),  # pace "step": the next bot action
        "continue": frozenset(),  # close the end-of-round screen
        "pace": frozenset({"pace"}),  # "instant" or "step"
    }
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
    #: the seed as the page may know it: a chosen seed, or any seed once its game is over; else None
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    handover = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)  # "info" or "error"
    #: the newest log lines as the viewer may read them (not `log`: ipywidgets' logger is called so)
    log_lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the number of the first of `log_lines` in the viewer's whole log (earlier lines are cut off)
    log_first = traitlets.Int(1).tag(sync=True)
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
    #: True once someone peeked (a mode change from the page with ``allow_peeking=True``), or when
    #: the page chose the game's seed (a deal it can compute)
    practice = traitlets.Bool(False).tag(sync=True)
    #: the language of every word on the board ("en", "nb", "pl", "sv"); Python or the page may
    #: change it at any time, and the board is worded again at once (kit.i18n)
    lang = traitlets.Unicode("en").tag(sync=True)
    #: every word the page shows that is not in the view, in `lang` (widgets/words.py): the
    #: JavaScript has no words of its own
    words = traitlets.Dict().tag(sync=True)
    #: this game's own words for the page, besides the shared ones (English msgids by key)
    words_extra: ClassVar[dict[str, str]] = {}

    def __init__(
        self,
        *,
        mode: str = "bot",
        bot: str = "heuristic",
        human: int = 0,
        seed: int | None = None,
        allow_peeking: bool = False,
        pace: str = "instant",
        lang: str | None = None,
        **settings,
    ):
        super().__init__()
        self._said: str | Message | IllegalAction = ""
        self._summary_from = 0
        self._settings = {**self.default_settings, **settings}
        self._check_mode(mode)
        self._check_bot(bot)
        if pace not in PACES:
            raise ValueError(f"pace must be one of {', '.join(PACES)}, not {pace!r}")
        self.allow_peeking = bool(allow_peeking)
        self._from_page = False  # True while a trait write from the page is being applied
        self._quiet = 0  # > 0 while the board itself changes traits (their observers stay quiet)
        with self._quietly():
            self.lang = check_language(lang) if lang is not None else get_language()
        self._peeks: list[tuple[int, Message]] = []  # (log position, note) of each peek in this game
        self._seat: int | None = None  # hot-seat: whose hand is showing
        self._bot_players: dict[int, Any] = {}
        self._steps = _Steps()  # who took each action, and what it revealed (for undo)
        self.game: Game = self._new(seed)
        if human not in range(self.game.settings.players):
            raise ValueError(f"human must be a seat from 0 to {self.game.settings.players - 1}, not {human!r}")
        with self._quietly():
            self.bot_names = list(self.bots)
            self.mode, self.bot, self.human, self.pace = mode, bot, human, pace
        self._marks_from: dict[int | None, int] = {}  # per viewer: the log length at their last action
        self.on_msg(self._on_message)
        self._start_game()

    # ------------------------------------------------------------------ the Python API
    def act(self, action) -> bool:
        """Apply an action for the player whose turn it is (as the browser does). Returns success."""
        if self.handover:
            return self._error(Message("first pass the device: the next player must ask to see their hand"))
        if self.mode == "bot" and self.game.current_player != self.human and not self.game.is_over:
            return self._error(
                Message("wait for the bots: it is player {player}'s turn", player=self.game.current_player)
            )
        if self.summary:
            return self._error(Message("first read the end of the round: press Continue"))
        marks_from = len(self.game.log)
        try:
            self._apply(action)
        except IllegalAction as error:
            return self._error(error)  # read in the board's language, rule id first
        self._marks_from[self.viewer()] = marks_from
        self._tell("")
        self._after_action()
        return True

    def undo(self) -> bool:
        """Take back the last action the person at the board may take back.

        Open mode: the last action, whatever it was. Against bots: back to before the human's last
        action, the bots' later actions with it. Hot-seat: only the current player's own last
        action of this turn (anything more goes through the teacher, in Python: `take_back`).
        Outside the open mode nothing is taken back if *any* action it would take back revealed
        something to anyone (`Game.first_reveal`): undoing it would let someone peek and choose again.
        """
        history = self.game.history
        try:
            start = self._checked_undo_start()
            if self.summary:
                raise NothingToUndo(Message("the round is over: press Continue first"))
            self.game.undo(len(history) - start)
        except NothingToUndo as error:
            return self._error(_undo_reason(error))
        self._tell(Message("Undone."))
        self._refresh()
        return True

    def take_back(self, steps: int = 1) -> None:
        """The teacher's undo, from Python only: take back the last `steps` actions, whatever they
        revealed (the players have seen it: use it to correct a slip, not in a fair game)."""
        self.game.undo(steps)
        with self._quietly():
            self._seat = self.game.current_player
            self.handover = self.mode == "hotseat" and not self.game.is_over
        self._tell(
            Message(
                Plural("The teacher took back {steps} step(s).", "The teacher took back {steps} step(s).", steps),
                steps=steps,
            )
        )
        self._play_bots()
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same settings: with `seed` (a chosen seed is a known deal), or with
        an unguessable one."""
        self.game = self._new(seed)
        self._tell(
            Message("New game.")
            if seed is None
            else Message("New game, seed {seed} (a chosen seed is a known deal).", seed=seed)
        )
        self._start_game()

    def bot_move(self) -> bool:
        """Open mode: let the chosen bot make the current player's next action."""
        if self.game.is_over:
            return self._error(Message("the game is over"))
        if self.mode != "open":
            return self._error(Message("a bot move on request is for the open teaching mode"))
        self._marks_from[None] = len(self.game.log)
        self._apply(self._bot_for(self.game.current_player).choose(self.game))
        self._tell("")
        self._refresh()
        return True

    def next_move(self) -> bool:
        """Pace "step": let the next bot make one action (the page's "Next" button)."""
        if self.summary:
            return self._error(Message("first read the end of the round: press Continue"))
        if not self._bot_to_move():
            return self._error(Message("no bot is waiting to move"))
        player = self.game.current_player
        self._apply(self._bot_for(player).choose(self.game))
        self._tell("")
        self._refresh()
        return True

    def continue_play(self) -> bool:
        """Close the end-of-round screen; the bots play on (at the chosen pace)."""
        if not self.summary:
            return self._error(Message("there is no end-of-round screen to close"))
        self.summary = {}
        self._tell("")
        self._marks_from[self.viewer()] = len(self.game.log)  # the new round starts unmarked
        self._play_bots()
        self._refresh()
        return True

    def moves_in_words(self, notations, game: Game | None = None) -> dict[str, str]:
        """The page's words for moves it names by their notation ("play V3"), in the board's
        language: the page shows these and sends the notation back. `game`: the one the moves are
        of (default: the board's)."""
        game = self.game if game is None else game
        with language(self.lang):
            return {text: game.action_words(game.parse_action(text)) for text in notations}

    def viewer(self) -> int | None:
        """The seat whose view the browser holds (None: spectator or open mode)."""
        if self.mode == "open":
            return None
        if self.mode == "bot":
            return self.human
        return None if self.handover else self._seat

    # ------------------------------------------------------------ games, seeds and bots
    def _new(self, seed: int | None) -> Game:
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be an integer or None, not {seed!r}")
        self._seed_chosen = seed is not None
        self._peeks = []
        game = self.game_type(seed=secrets.randbelow(SEED_LIMIT) if seed is None else seed, **self._settings)
        game.secret_seed = seed is None
        # the bots' generators must not give the game's seed away (a bot's repr names its seed)
        self._bot_seed = seed if seed is not None else secrets.randbelow(SEED_LIMIT)
        return game

    def _start_game(self) -> None:
        self._bot_players = {}
        self._marks_from = {}
        self.summary = {}
        with self._quietly():
            self._seat = self.game.current_player
            self.handover = self.mode == "hotseat" and not self.game.is_over
        self._play_bots()
        self._refresh()

    def _after_action(self) -> None:
        if self.mode == "bot":
            self._play_bots()
        elif self.mode == "hotseat" and not self.game.is_over and self.game.current_player != self._seat:
            with self._quietly():
                self.handover = True
        self._refresh()

    def _play_bots(self) -> None:
        """Against bots at pace "instant": the bots play until it is the human's turn (at pace "step"
        they wait for "next", at the start of a game too)."""
        if self.mode != "bot" or self.pace != "instant":
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
        with language(self.lang):
            summary = self.summarise(log_from)
        if summary:
            self.summary, self._summary_from = summary, log_from

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
            event["text"] = self.game.describe(event, reader)
            events.append(event)
        return self.end_of_round(self.game, events)

    def _bot_for(self, player: int):
        if player not in self._bot_players:
            self._bot_players[player] = self.bots[self.bot](self._bot_seed * 10 + player)
        return self._bot_players[player]

    # --------------------------------------------------------------------------- undo
    def _undo_start(self) -> int:
        """The first step an undo from the page would take back (raises NothingToUndo)."""
        history = self.game.history
        if not history:
            raise NothingToUndo(Message("nothing to undo yet"))
        if self.mode == "open":
            return len(history) - 1
        actors = self._steps.of(self.game).actors
        if self.mode == "bot":
            mine = [index for index, actor in enumerate(actors) if actor == self.human]
            if not mine:
                raise NothingToUndo(Message("nothing of yours to undo yet"))
            return mine[-1]
        player = self.game.current_player
        if self.handover or player is None or player != self._seat or actors[-1] != player:
            raise NothingToUndo(
                Message("in hot-seat, undo takes back only your own actions of this turn; ask the teacher for more")
            )
        return len(history) - 1

    def _refusal(self, index: int) -> Message:
        """Why an undo is refused, told from the viewer's seat: the revealing action as that seat
        read it in the log (never the action's own text, which may name a face-down card)."""
        game, viewer = self.game, self.viewer()
        entries = self._steps.of(game).events(index)
        what = _Described(game, Event(*entries[0]).visible_to(viewer), viewer) if entries else None
        if what is None:
            return Message(
                "cannot undo: step {step} revealed what was hidden (it showed someone a card they could not "
                "know), so it cannot be taken back outside the open mode",
                step=index + 1,
            )
        return Message(
            "cannot undo: '{what}' revealed what was hidden (it showed someone a card they could not know), "
            "so it cannot be taken back outside the open mode",
            what=what,
        )

    # ---------------------------------------------------------------- the synced state
    def _refresh(self) -> None:
        # one message to the browser for all the traits below, every word in the board's language
        with self.hold_sync(), self._quietly(), language(self.lang):
            self._compute_synced()
            self.message = str(self._said)
            self.words = board_words(self.words_extra)

    def _compute_synced(self) -> None:
        game = self.game
        if self.mode == "open":
            view, log = game.open_view(), game.open_events()
        elif self.mode == "hotseat" and self.handover:
            view, log = game.public_view(), game.events_for(None)
        else:
            viewer = self.viewer()
            view, log = game.view(viewer), game.told_to(viewer)
        log = self._log_as_shown(log)
        lines = [f"[{entry['rule']}] {entry['text']}" for entry in log]
        for position, note in reversed(self._peeks):  # peeks where they happened in the log
            lines.insert(min(position, len(lines)), f"[peek] {note}")
        self.log_lines = lines[-LOG_LENGTH:]
        self.log_first = max(1, len(lines) - LOG_LENGTH + 1)
        self.steps = len(game.history)
        self._present(log)
        self.seed = game.settings.seed if self._seed_chosen or game.is_over else None
        self.practice = bool(self._peeks)
        self.view = self.board_view(view)

    def board_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view the page draws: the engine's `view` plus every number and word the board shows
        that the view leaves to component data or rules (labels, rule wording, which rooms pay
        double). Each game's board adds its own; the JavaScript holds none. Only what the viewer
        may know goes in: public component data, or words made from `view` itself."""
        return view

    def _log_as_shown(self, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log as far as the board has shown it (a board that steps through a result cuts it)."""
        return log

    def game_as_shown(self) -> Game:
        """The game as far as the board has shown it, for lesson checks (widgets/lessons.py): the
        game itself, unless the board is still stepping through a result it has not shown yet."""
        return self.game

    def _present(self, log: list[dict[str, Any]]) -> None:
        """The presentation traits, from the log the page may read."""
        start = self._marks_from.get(self.viewer(), len(log))
        self.recent = [] if self.handover else log[start:]
        self.bots_waiting = self._bot_to_move()
        self.undo_blocked = self._undo_refusal()

    def _undo_refusal(self) -> str:
        """Why undo cannot act now ("" when it can), asked without undoing anything."""
        try:
            self._checked_undo_start()
        except NothingToUndo as error:
            return str(_undo_reason(error))
        return gettext("the round is over: press Continue first") if self.summary else ""

    def _checked_undo_start(self) -> int:
        """The first step an undo would take back, once it is allowed (raises NothingToUndo)."""
        start = self._undo_start()
        if self.mode != "open":
            revealing = self._steps.of(self.game).first_reveal(start)
            if revealing is not None:
                raise NothingToUndo(self._refusal(revealing))
        return start

    def _error(self, text: str | Message) -> bool:
        self._tell(text, "error")
        return False

    def _tell(self, text: str | Message, kind: str = "info") -> None:
        """Put `text` on the board (read in the board's language, again after a language change)."""
        self._said = text
        with language(self.lang):
            self.message, self.message_kind = str(text), kind

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    # ------------------------------------------------------- what Python may change
    @traitlets.validate("mode")
    def _valid_mode(self, proposal) -> str:
        return _one_of(proposal, MODES)

    @traitlets.validate("bot")
    def _valid_bot(self, proposal) -> str:
        return _one_of(proposal, self.bots)

    @traitlets.validate("human")
    def _valid_human(self, proposal) -> int:
        players = self.game.settings.players
        if proposal["value"] not in range(players):
            raise traitlets.TraitError(f"human must be a seat from 0 to {players - 1}, not {proposal['value']!r}")
        return proposal["value"]

    @traitlets.observe("mode")
    def _on_mode(self, change) -> None:
        if self._quiet:
            return
        new = change["new"]
        if self._from_page and not self.game.is_over:
            if not self.allow_peeking:
                self.new_game()
                self._tell(
                    Message(
                        "{note} A new game starts: changing the mode during a game would show cards that "
                        "must stay hidden.",
                        note=Message(_MODE_NOTES[new]),
                    )
                )
                return
            self._peeks.append(
                (
                    len(self.game.log),
                    Message(_PEEK_MODES[new], step=len(self.game.history)),
                )
            )
        with self._quietly():
            self._seat = self.game.current_player
            self.handover = new == "hotseat" and not self.game.is_over
        self._tell(Message(_MODE_NOTES[new]))
        self._play_bots()
        self._refresh()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal) -> str:
        return _one_of(proposal, LANGUAGES)

    @traitlets.observe("lang")
    def _on_lang(self, change) -> None:
        """Word the board again in the new language: the view, the log, the message, the screen."""
        if self._quiet:
            return
        if self.summary:
            with language(self.lang):
                self.summary = self.summarise(self._summary_from)
        self._refresh()

    @traitlets.observe("bot")
    def _on_bot(self, change) -> None:
        self._bot_players = {}
        if not self._quiet:
            self._tell(Message("The {bot} bot plays from now on.", bot=Term(change["new"])))

    @traitlets.observe("human", "handover")
    def _on_seat(self, change) -> None:
        """Python (the teacher) gave the board to another seat, or showed or hid the hand."""
        if self._quiet:
            return
        if change["name"] == "handover" and not change["new"]:
            self._seat = self.game.current_player
        self._bot_players = {}
        self._play_bots()
        self._refresh()

    # ------------------------------------------------------------ what the page sends
    def _handle_msg(self, msg) -> None:
        """Every comm message from the page; a malformed one is refused on the board."""
        try:
            data = msg["content"]["data"]
            method = data["method"]
            if method == "update" and not isinstance(data.get("state"), dict):
                raise TypeError(Message("an update without a state"))
            if method not in ("update", "request_state", "custom"):
                raise ValueError(Message("unknown method {method}", method=_short(method)))
            if data.get("buffer_paths") or msg.get("buffers"):
                raise ValueError(Message("binary buffers, which no board uses"))
        except (KeyError, TypeError, ValueError) as error:
            with self.hold_sync():
                self._refuse(PageMessageError("a malformed message ({error})", error=_malformed(error)))
            return
        super()._handle_msg(msg)

    def set_state(self, sync_data) -> None:
        """Trait writes from the page: only `mode` and `bot`, with valid values, are applied; any
        other write is refused as a whole and the page's copy is set back."""
        with self.hold_sync():
            try:
                writes = self._page_writes(sync_data)
            except PageMessageError as error:
                self._refuse(error)
                if isinstance(sync_data, dict):
                    self.send_state([name for name in sync_data if name in self.keys])
                return
            self._from_page = True
            try:
                super().set_state(writes)
            finally:
                self._from_page = False

    def _page_writes(self, sync_data) -> dict[str, str]:
        if not isinstance(sync_data, dict):
            raise PageMessageError("a trait write must be an object, not {kind}", kind=type(sync_data).__name__)
        for name, value in sync_data.items():
            if name not in PAGE_WRITABLE:
                raise PageMessageError(
                    "the page may not write {name}, only {writable}",
                    name=_short(name),
                    writable=", ".join(sorted(PAGE_WRITABLE)),
                )
            allowed = MODES if name == "mode" else LANGUAGES if name == "lang" else tuple(self.bots)
            if not isinstance(value, str) or value not in allowed:
                raise PageMessageError(
                    "{name} must be one of {allowed}, not {value}",
                    name=name,
                    allowed=", ".join(allowed),
                    value=_short(value),
                )
        return sync_data

    def _on_message(self, _widget, content, _buffers) -> None:
        with self.hold_sync():  # everything one click changes reaches the browser as one message
            try:
                kind = self._read_message(content)
            except PageMessageError as error:
                self._refuse(error)
                return
            self._handle(kind, content)

    def _read_message(self, content) -> str:
        """The message's kind, once its shape is checked (raises PageMessageError)."""
        if not isinstance(content, dict):
            raise PageMessageError("a message must be an object with a 'kind', not {kind}", kind=type(content).__name__)
        kind = content.get("kind")
        keys = self.message_kinds.get(kind) if isinstance(kind, str) else None
        if keys is None:
            raise PageMessageError("unknown message kind {kind}", kind=_short(kind))
        extra = [key for key in content if key != "kind" and key not in keys]
        if extra:
            raise PageMessageError("a {kind} message carries no {key}", kind=repr(kind), key=_short(extra[0]))
        if kind == "act":
            action = content.get("action")
            if not isinstance(action, str) or not 0 < len(action) <= _ACTION_LENGTH:
                raise PageMessageError(
                    "an action must be a text of 1 to {limit} characters, not {value}",
                    limit=_ACTION_LENGTH,
                    value=_short(action),
                )
        elif kind == "new":
            self._page_seed(content.get("seed"))
        elif kind == "pace" and content.get("pace") not in PACES:
            raise PageMessageError(
                "pace must be one of {allowed}, not {value}",
                allowed=", ".join(PACES),
                value=_short(content.get("pace")),
            )
        elif kind == "take-over" and not (self.mode == "hotseat" and self.handover):
            raise PageMessageError("there is no device to take over (not on the pass-the-device screen)")
        return kind

    @staticmethod
    def _page_seed(seed) -> int | None:
        """A seed typed on the page: none (an unguessable one is drawn), or a whole number the page
        can hold exactly (|seed| < 2**53), as a number or as ASCII digits."""
        if seed is None or seed == "":
            return None
        if isinstance(seed, str) and _SEED_TEXT.fullmatch(seed):
            seed = int(seed)
        if not isinstance(seed, int) or isinstance(seed, bool) or not -SEED_LIMIT < seed < SEED_LIMIT:
            raise PageMessageError("a seed must be a whole number below 2**53, not {value}", value=_short(seed))
        return seed

    def _handle(self, kind: str, content: dict) -> None:
        if kind == "act":
            self.act(content["action"])
        elif kind == "undo":
            self.undo()
        elif kind == "new":
            seed = self._page_seed(content.get("seed"))
            self.new_game(seed)
            if seed is not None:  # a deal the page can compute: not a fair game
                self._peeks.append(
                    (0, Message("the page chose the seed {seed}, a known deal: this game is practice", seed=seed))
                )
                self._tell(
                    Message(
                        "New game, seed {seed}: a chosen seed is a known deal, so this game is practice.", seed=seed
                    )
                )
                self._refresh()
        elif kind == "take-over":
            with self._quietly():
                self._seat = self.game.current_player
                self.handover = False
            self._tell("")
            self._refresh()
        elif kind == "bot-move":
            self.bot_move()
        elif kind == "next":
            self.next_move()
        elif kind == "continue":
            self.continue_play()
        elif kind == "pace":
            self.pace = content["pace"]

    def _refuse(self, error: PageMessageError) -> None:
        """The one answer to a bad message from the page: an on-board error; nothing else changes."""
        self._error(Message("Not accepted from the page: {error}. Nothing was changed.", error=error.message))

    @traitlets.validate("pace")
    def _valid_pace(self, proposal) -> str:
        return _one_of(proposal, PACES)

    @traitlets.observe("pace")
    def _on_pace(self, change) -> None:
        if self._quiet:
            return
        self._tell(Message(_PACE_NOTES[change["new"]]))  # an earlier error is answered
        self._play_bots()
        self._refresh()

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
        name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", self.game_type.__name__)  # "LostCities" -> "Lost Cities"
        with language(self.lang):
            return still_bundle(live, self.still_picture(self.view), render(N_("{title} board"), title=name))

    def __repr__(self) -> str:  # stable text for saved notebooks (no memory address, no secret seed)
        return f"<{type(self).__name__} mode={self.mode} seed={self.seed} step {len(self.game.history)}>"


_PACE_NOTES = {
    "instant": N_("The bots answer at once."),
    "step": N_("The bots wait: press Next to see each of their moves."),
}

#: the log's line when the page switches the mode during a game (allow_peeking)
_PEEK_MODES = {
    "bot": N_("the page switched to the bot mode at step {step}: this game is practice"),
    "hotseat": N_("the page switched to the hotseat mode at step {step}: this game is practice"),
    "open": N_("the page switched to the open mode at step {step}: this game is practice"),
}

_MODE_NOTES = {
    "bot": N_("Playing against bots."),
    "hotseat": N_("Hot-seat: pass the device between turns; each hand stays hidden from the others."),
    "open": N_("Open teaching mode: every card is visible, hands and the draw pile's order included."),
}


def _undo_reason(error: NothingToUndo) -> str | Message:
    """Why undo refused: the message it was raised with (read in the board's language)."""
    return error.args[0] if error.args else ""


class _Described:
    """An event's sentence, written when it is read (in the reader's language)."""

    def __init__(self, game: Game, event: dict[str, Any], reader: int | None):
        self.game, self.event, self.reader = game, event, reader

    def __str__(self) -> str:
        return self.game.describe(self.event, self.reader)

    __format__ = lambda self, spec: format(str(self), spec)  # noqa: E731
