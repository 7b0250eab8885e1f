"""Reviewing a game on its board, and saving and loading it: a move list to step through, the
advisor's evaluation of the viewer's decisions over the game, "play from here" and "what if".

The page may only ask (messages below); Python decides whose view a review shows, from the board's
mode, never from the page:

- against bots: the human's view of each moment; in hot-seat: the seat whose hand is showing (not
  on the pass-the-device screen); in the open mode: everything, the human's decisions evaluated.
- once the game is over the whole game is shown only in the open mode or when the teacher allows
  it from Python (``board.review_opens_finished_games = True``).

While a review is open the board shows the reviewed moment (its `view`, `recent` and `log_lines`
are that moment's, as the reader saw it) and nothing can be played; closing it brings the game
back. Evaluations run in a background thread, with progress in the `review` trait, and are
cancelled by closing the review or starting another game. The number of rollouts the page may ask
for is held to `kit.sim.review.MAX_ROLLOUTS`.

Messages: ``review`` (on: bool), ``review-step`` (to: a moment), ``review-evaluate`` (rollouts:
optional), ``review-what-if`` (action), ``review-play`` (a practice game from the shown moment),
``save`` (the page gets the save file, once the game is over or in the open mode) and ``load``
(text: a save file's text; a bad file gets the save error and changes nothing).
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

import traitlets

from kit.core import SaveFileError
from kit.core.saves import loads
from kit.i18n import Message, Plural, language, number, percent

from .base import SEED_LIMIT, PageMessageError, _short

#: the longest save file the page may send (a finished three-round game saves in about 40 kB)
LOAD_LIMIT = 2_000_000
#: the review's messages: kind -> the other keys each may carry
REVIEW_KINDS = {
    "review": frozenset({"on"}),
    "review-step": frozenset({"to"}),
    "review-evaluate": frozenset({"rollouts"}),
    "review-what-if": frozenset({"action"}),
    "review-play": frozenset(),
    "save": frozenset(),
    "load": frozenset({"text"}),
}
#: what the page may still do while a review is open
_DURING_REVIEW = frozenset(REVIEW_KINDS) | {"analyse", "pace"}
OPEN_FIRST = Message("open the review first")


class _Cancelled(Exception):
    """Raised from the advisor's progress callback when the review's evaluation is cancelled."""


class ReviewedBoard(traitlets.HasTraits):
    """Mixin for a GameBoard (put it first among the bases): review, save and load."""

    #: the review the page sees ({"on": False} when none is open)
    review = traitlets.Dict({"on": False}).tag(sync=True)
    #: rollouts per action for each decision, by the advisor's path (compiled kernel or readable)
    review_rollouts: dict[str, int] = {"kernel": 100, "readable": 10}
    review_policy = "heuristic"
    #: the advisor's engine for reviews: "auto" (the compiled kernel when there is one) or "readable"
    review_engine = "auto"
    #: the teacher's setting: a finished game's review shows everything (every hand, every secret)
    review_opens_finished_games = False

    _review = None  # the kit.sim.review.Review on show, or None
    _review_at = 0
    _review_thread: threading.Thread | None = None
    _review_generation = 0
    _review_lock = threading.RLock()
    _review_save_refusal = ""

    # ------------------------------------------------------------------------------ Python API
    def open_review(self) -> bool:
        """Open a review of the game so far, at its latest moment."""
        from kit.sim.review import Review

        reader, everything, why = self._review_reader()
        if self.game_as_shown() is not self.game:  # a result still being stepped through
            why = Message(
                "first step through the end of the round to its last step: the review shows only what you saw"
            )
        if why:
            return self._error(why)
        self._cancel_evaluation()
        self._review = Review(self.game, reader, everything=everything, seat=self.human if everything else None)
        self._review_at = len(self._review) - 1
        self._review_evaluations: dict[int, Any] = {}
        self._review_progress = None
        self._review_whatif = None
        self._review_note = ""
        self._review_summary = self.summary
        with self._quietly():
            self.summary = {}
        self._tell(Message("Review: step with ◀ ▶ (or the arrow keys); close it to play on."))
        self._refresh()
        return True

    def close_review(self) -> bool:
        if self._review is None:
            return self._error(Message("no review is open"))
        self._cancel_evaluation()
        self._review = None
        with self._quietly():
            self.summary = self._review_summary
        self._tell("")
        self._refresh()
        return True

    def review_step(self, moment: int) -> bool:
        """Show the moment after `moment` actions (0: the start)."""
        review = self._review
        if review is None:
            return self._error(OPEN_FIRST)
        if not isinstance(moment, int) or isinstance(moment, bool) or not 0 <= moment < len(review):
            return self._error(Message("a moment of this game is a number from 0 to {last}", last=len(review) - 1))
        self._review_at = moment
        self._review_whatif = None
        self._tell("")
        self._refresh()
        return True

    def evaluate_review(self, rollouts: int | None = None, wait: bool = False) -> bool:
        """Value every decision of the reviewed seat, in the background (wait=True: here)."""
        from kit.sim.advice import _kernel_for
        from kit.sim.review import bounded_rollouts

        review = self._review
        if review is None:
            return self._error(OPEN_FIRST)
        if review.seat is None or not review.decisions:
            return self._error(Message("there is no decision of yours to evaluate yet"))
        if rollouts is None:
            fast = _kernel_for(review.position(0), self.review_policy, self.review_engine)
            rollouts = self.review_rollouts["kernel" if fast else "readable"]
        rollouts = bounded_rollouts(rollouts)
        self._cancel_evaluation()
        generation = self._review_generation
        self._review_rollouts_used = rollouts
        self._review_evaluations = {}
        todo = list(review.decisions)
        self._review_progress = {"done": 0, "total": len(todo)}
        self._refresh()
        self._review_thread = threading.Thread(
            target=self._evaluate_all, args=(review, todo, rollouts, generation), daemon=True
        )
        self._review_thread.start()
        if wait:
            self.wait_review()
        return True

    def wait_review(self, timeout: float | None = None) -> None:
        """Wait for the running evaluation to finish (for notebooks and tests)."""
        thread = self._review_thread
        if thread is not None:
            thread.join(timeout)

    def review_evaluations(self) -> list:
        """The evaluations of the open review so far (kit.sim.review.Evaluation), by step."""
        with self._review_lock:
            return [self._review_evaluations[step] for step in sorted(getattr(self, "_review_evaluations", {}))]

    def review_what_if(self, action: str) -> bool:
        """Beside the action taken at the shown move, the rollouts of `action` instead."""
        from kit.sim.review import what_if

        evaluation = self._shown_evaluation()
        if evaluation is None:
            return self._error(
                Message("evaluate the review first: what-if compares the advisor's rollouts of your move")
            )
        try:
            self._review_whatif = what_if(evaluation, action)
        except ValueError:
            return self._error(
                Message("{action} was not one of the choices at step {step}", action=action, step=evaluation.step + 1)
            )
        self._refresh()
        return True

    def play_from_here(self) -> bool:
        """A practice game against the bots from the shown moment; what the reviewed seat could not
        see is redealt from its information (kit.sim.review.practice_from)."""
        review = self._review
        if review is None:
            return self._error(OPEN_FIRST)
        moment = self._review_at
        if review.seat is None:
            return self._error(Message("a practice game is played by a seat: review as a player"))
        if moment == len(review) - 1 and review.is_over:
            return self._error(Message("the game is over at this moment: step back to play from an earlier one"))
        seat = review.seat
        game = review.practice_from(moment, secrets.randbelow(SEED_LIMIT))
        self._cancel_evaluation()
        self._review = None
        self.game = game
        self._seed_chosen = False
        self._bot_seed = secrets.randbelow(SEED_LIMIT)
        where = (
            Message("just before move {move}", move=moment + 1)
            if moment < len(review) - 1
            else Message("the latest moment")
        )
        hidden = Message("every card was shown") if review.everything else Message("what you could not see was redealt")
        told = Message(
            "Practice game from {where} against the bots ({hidden}): it is marked as practice.",
            where=where,
            hidden=hidden,
        )
        self._peeks = [
            (
                len(game.log),
                Message("a practice game from {where} of a reviewed game ({hidden})", where=where, hidden=hidden),
            )
        ]
        with self._quietly():
            self.mode, self.human = "bot", seat
        self._start_game()
        self._tell(told)
        self._refresh()
        return True

    def save_text(self) -> str:
        """The game's save file (it holds every card and the seed: Python's to give out)."""
        return self.game.dumps()

    def load_text(self, text: Any) -> bool:
        """Replace the game by the one a save file's text describes; a bad file changes nothing."""
        try:
            game = loads(text)
        except SaveFileError as error:
            return self._error(Message("Not loaded: {error}", error=error.message))
        if getattr(type(game), "practice_base", type(game)) is not self.game_type:
            return self._error(
                Message(
                    "Not loaded: this is a save of {game}, not of {board}",
                    game=game.name,
                    board=self.game_type.name,
                )
            )
        if self._review is not None:
            self._cancel_evaluation()
            self._review = None
        self.game = game
        self._seed_chosen = True  # the file holds the seed: a known deal
        self._bot_seed = secrets.randbelow(SEED_LIMIT)
        self._peeks = [(0, Message("a game loaded from a save file, which holds every card: this game is practice"))]
        if self.human not in range(game.settings.players):
            with self._quietly():
                self.human = 0
        self._start_game()
        self._tell(
            Message(
                Plural(
                    "Loaded a game of {steps} step; it is practice (a save file holds every card).",
                    "Loaded a game of {steps} steps; it is practice (a save file holds every card).",
                    len(game.history),
                ),
                steps=len(game.history),
            )
        )
        self._refresh()
        return True

    # --------------------------------------------------------------------------- the reader
    def _review_reader(self) -> tuple[int | None, bool, str | Message]:
        """(reader, everything, why not): whose view the review shows."""
        opened = self.game.is_over and self.review_opens_finished_games
        if self.mode == "open" or opened:
            return None, True, ""
        if self.mode == "hotseat" and self.handover:
            return None, False, Message("take the device first: a review shows the game as one player saw it")
        return self.viewer(), False, ""

    # --------------------------------------------------------------------------- evaluations
    def _evaluate_all(self, review, todo: list[int], rollouts: int, generation: int) -> None:
        def progress(done: int, total: int) -> None:
            if generation != self._review_generation:
                raise _Cancelled

        try:
            for index, step in enumerate(todo):
                if generation != self._review_generation:
                    return
                evaluation = review.evaluate(
                    step, rollouts, self.review_policy, seed=step, engine=self.review_engine, progress=progress
                )
                with self._review_lock:
                    if generation != self._review_generation:
                        return
                    self._review_evaluations[step] = evaluation
                    self._review_progress = {"done": index + 1, "total": len(todo)}
                    self._sync_review()
        except _Cancelled:
            return
        except Exception as error:  # noqa: BLE001 - shown on the board rather than lost in a thread
            with self._review_lock:
                if generation == self._review_generation:
                    self._review_note = Message(
                        "The evaluation stopped: {error}", error=type(error).__name__ + ": " + str(error)
                    )
                    self._sync_review()
            return
        with self._review_lock:
            if generation == self._review_generation:
                self._review_progress = None
                self._sync_review()

    def _cancel_evaluation(self) -> None:
        with self._review_lock:
            self._review_generation += 1
            self._review_progress = None

    def _shown_evaluation(self):
        """The evaluation of the move that led to the shown moment, if it is an evaluated decision."""
        if self._review is None:
            return None
        return self._review_evaluations.get(self._review_at - 1)

    # ---------------------------------------------------------------------- the synced state
    def _compute_synced(self) -> None:
        super()._compute_synced()
        review = self._review
        if review is None:
            why = str(self._save_refusal())
            closed = {"on": False, "can_save": why == "", "save_refusal": why}
            if self.review != closed:
                self.review = closed
            return
        at = self._review_at
        self._review_save_refusal = str(self._save_refusal())
        shown = self.game
        try:
            self.game = review.position(at)  # the board's own words for that moment (hotels, labels)
            view = self.board_view(review.view(at))
        finally:
            self.game = shown
        if "legal_actions" in view:
            view = {**view, "legal_actions": []}
        self.view = view
        events = review.moves[at - 1].events if at > 0 else ()
        self.recent = [{**event, "text": text} for event, text in zip(events, review.worded(events))]
        lines = [line for move in review.moves[:at] for line in review.worded(move.events)]
        self.log_lines = lines[-14:]
        self.log_first = max(1, len(lines) - 14 + 1)
        self.bots_waiting = False
        self.undo_blocked = str(Message("close the review first"))
        self._sync_review()

    def _sync_review(self) -> None:
        # also from the evaluation's thread, which has no language of its own: the board's
        with self._review_lock, language(self.lang):
            review = self._review
            if review is None:
                return
            self.review = self._review_state(review)

    def _review_state(self, review) -> dict[str, Any]:
        from kit.sim.review import biggest_costs

        evaluations = [self._review_evaluations[step] for step in sorted(self._review_evaluations)]
        costs = {e.step: e.cost[0] for e in evaluations}
        biggest = biggest_costs(evaluations)
        rank = {e.step: place + 1 for place, e in enumerate(biggest)}
        moves = [
            {
                "step": move.step,
                "text": " ".join(review.worded(move.events)) or str(Message("(nothing anyone could see)")),
                "mine": move.mine,
                "cost": round(costs[move.step], 2) if move.step in costs else None,
                "rank": rank.get(move.step),
            }
            for move in review.moves
        ]
        shown = self._shown_evaluation()
        at = self._review_at
        named = {name for e in evaluations for name in (e.played.action, e.best.action)}
        named |= {value.action for value in shown.advice.actions} if shown else set()
        words = self.moves_in_words(sorted(named))
        return {
            "on": True,
            "at": at,
            "length": len(review),
            "reader": review.reader,
            "seat": review.seat,
            "everything": review.everything,
            "over": review.is_over,
            "opening": " ".join(review.worded(review.opening_events)),
            "moves": moves,
            "points": [e.row() for e in evaluations],
            "biggest": [
                {
                    "step": e.step,
                    "rank": place + 1,
                    "text": str(
                        Message(
                            "Step {step}: you chose {played}; {best} was {cost} points better (paired, {level} "
                            "CI {low} to {high}, n = {n})",
                            step=e.step + 1,
                            played=words[e.played.action],
                            best=words[e.best.action],
                            cost=number(e.cost[0], 1),
                            level=percent(0.95),
                            low=number(e.cost[1], 1),
                            high=number(e.cost[2], 1),
                            n=e.played.n,
                        )
                    ),
                }
                for place, e in enumerate(biggest)
            ],
            "evaluated": bool(evaluations),
            "progress": self._review_progress,
            "rollouts": getattr(self, "_review_rollouts_used", None),
            "policy": self.review_policy,
            "choices": [value.action for value in shown.advice.actions] if shown else [],
            "played": shown.played.action if shown else None,
            "what_if": self._review_whatif,
            "words": words,
            "can_play": review.seat is not None and not (at == len(review) - 1 and review.is_over),
            "can_save": self._review_save_refusal == "",
            "save_refusal": self._review_save_refusal,
            "note": str(self._review_note),
        }

    def _save_refusal(self) -> str | Message:
        """Why the page may not have the save file now ("" when it may)."""
        if self.game.is_over or self.mode == "open":
            return ""
        return Message(
            "a save file holds every hidden card: it can be downloaded once the game is over (or in the open mode)"
        )

    # ---------------------------------------------------------------------- what the page sends
    def _read_message(self, content) -> str:
        kind = content.get("kind") if isinstance(content, dict) else None
        if not isinstance(kind, str) or kind not in REVIEW_KINDS:
            return super()._read_message(content)
        extra = [key for key in content if key != "kind" and key not in REVIEW_KINDS[kind]]
        if extra:
            raise PageMessageError("a {kind} message carries no {key}", kind=repr(kind), key=_short(extra[0]))
        value = content.get(next(iter(REVIEW_KINDS[kind]), ""), None)
        if kind == "review" and not isinstance(value, bool):
            raise PageMessageError("a 'review' message carries on: true or false")
        if kind == "review-step" and (not isinstance(value, int) or isinstance(value, bool)):
            raise PageMessageError("a 'review-step' message carries to: a whole number")
        if kind == "review-evaluate" and value is not None:
            from kit.sim.review import MAX_ROLLOUTS, MIN_ROLLOUTS, bounded_rollouts

            try:
                bounded_rollouts(value)
            except ValueError:
                raise PageMessageError(
                    "rollouts must be a whole number from {low} to {high}, not {value}",
                    low=MIN_ROLLOUTS,
                    high=MAX_ROLLOUTS,
                    value=_short(value),
                ) from None
        if kind == "review-what-if" and (not isinstance(value, str) or not 0 < len(value) <= 200):
            raise PageMessageError("a 'review-what-if' message carries action: an action's text")
        if kind == "load" and (not isinstance(value, str) or len(value) > LOAD_LIMIT):
            raise PageMessageError(
                "a 'load' message carries text: a save file of at most {limit:,} characters", limit=LOAD_LIMIT
            )
        return kind

    def _handle(self, kind: str, content: dict) -> None:
        if kind not in REVIEW_KINDS:
            if self._review is not None and kind not in _DURING_REVIEW:
                self._error(Message("the board shows a moment of the review: close the review to play on"))
                return
            super()._handle(kind, content)
            return
        if kind == "review":
            if content["on"]:
                self.open_review()
            elif self._review is not None:
                self.close_review()
        elif kind == "review-step":
            self.review_step(content["to"])
        elif kind == "review-evaluate":
            self.evaluate_review(content.get("rollouts"))
        elif kind == "review-what-if":
            self.review_what_if(content["action"])
        elif kind == "review-play":
            self.play_from_here()
        elif kind == "save":
            why = self._save_refusal()
            if why:
                self._error(Message("Not saved: {why}", why=why))
                return
            name = f"{self.game.name}-{len(self.game.history)}-steps.tablekit.json"
            self.send({"kind": "save-file", "name": name, "text": self.save_text()})
            self._tell(Message("Saved as {name}.", name=name))
        elif kind == "load":
            self.load_text(content["text"])

    # -------------------------------------------------------------- games replaced, modes changed
    def _start_game(self) -> None:
        if self._review is not None:
            self._cancel_evaluation()
            self._review = None
        super()._start_game()

    @traitlets.observe("mode", "human")
    def _review_on_mode(self, change) -> None:
        if self._review is not None and change["old"] != change["new"]:
            self._cancel_evaluation()
            self._review = None
            self._refresh()
