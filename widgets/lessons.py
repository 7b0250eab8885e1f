"""Live lesson checks and predict-first questions for the rule notebooks.

    from widgets.lessons import live, predict
    live(board, lessons.invested_then_numbered)        # ✗ now; turns to ✓ as the board is played
    predict("What will Desert score?", ["-10", "0", "10"], answer="10", why="(2+8+10 − 20) × 1",
            rules=("LC-5",))

A live check observes its board (the board's synced `steps` and `view` change with every action,
undo and new game, in JupyterLab and in Voila alike, since both run the board's Python side), so it
turns to ✓ without re-running its cell. A prediction is locked when given, then checked against the
answer the engine computed; a board passed as `board=` with `shown=` closes the question for good
once the board has shown the answer (`shown(board)` was true at any moment): an undo hides the
answer from the board again, not from the learner, so only a new game opens the question again.
Both print as one line starting with ✓ or ✗, the same line that notebooks store as their text output.

What answers a question (an analysis's charts and numbers) waits for it:

    guess = predict("As the price rises, money per play…", [...], answer=answer, why=why)
    guess
    ...
    after(guess, chart)                     # the chart, once the prediction is locked in
    with after(guess) as shown:             # what the block prints (and `shown.add(...)` adds)
        print(...)

Until then the output is one line saying so, in the live notebook (JupyterLab, Voila: the Lock in
button reveals it, no cell to edit or re-run) and in the stored one, which therefore never holds
the answer. The charts are drawn when the cell runs and kept in Python: the page gets them only
once the learner has predicted.
"""

from __future__ import annotations

import contextlib
import html
import io
import sys
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets
import traitlets

from kit.core.lessons import Check, rules_of
from kit.i18n import N_, Message, capitalized, gettext

from .still import MARK

PREDICT_FIRST = N_("Predict first:")
AFTER_PREDICTION = N_("Lock in your prediction above to see this: it would give the answer away.")
ANSWER_AFTER_RUN = N_("Run All (Run ▸ Run All Cells) to answer: until then this is a still copy of the question.")

_STYLE = {
    True: "background:#e7f4e4;border:1px solid #5a9a4f;color:#1f4d18",
    # not yet: the theme's own panel colours (a white box in the dark theme otherwise), these as fallbacks
    False: "background:var(--jp-layout-color2,#f4f4f2);border:1px solid var(--jp-border-color1,#b9b9b0);"
    "color:var(--jp-ui-font-color1,#3d3d38)",
}


def _still(live: Any, text: str, html_text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The widget's mimebundle plus its verdict as text and as still HTML, marked so that stored
    notebooks drop the dead widget id and show the still (see widgets/still.py)."""
    data, metadata = live if isinstance(live, tuple) else (live, {})
    return {**data, "text/plain": text, "text/html": html_text}, {**(metadata or {}), MARK: {"still": True}}


def _html(check: Check, rules: Sequence[str]) -> str:
    named = any(rule in str(check) for rule in rules)  # the text names its rule already
    tag = f" <span style='opacity:.65'>({', '.join(rules)})</span>" if rules and not named else ""
    return (
        f"<div class='tk-check' data-done='{str(check.done).lower()}' "
        f"style='{_STYLE[check.done]};border-radius:6px;padding:6px 10px;font:14px/1.4 system-ui,sans-serif'>"
        f"{html.escape(str(check))}{tag}</div>"
    )


class LiveCheck(ipywidgets.HTML):
    """A check that watches a board: its verdict is recomputed whenever the board's game changes."""

    def __init__(self, board: Any, check: Callable[..., Check], *args: Any, **kwargs: Any):
        super().__init__()
        self.board, self.check, self.args, self.kwargs = board, check, args, kwargs
        self.rules = rules_of(check)
        self.verdict = Check(False, "")
        board.observe(self._update, names=["steps", "view", "summary"])
        self._update()

    def _update(self, _change: Any = None) -> None:
        # the game as the board has shown it: a result still being stepped through is not given away
        shown = getattr(self.board, "game_as_shown", None)
        game = shown() if shown else self.board.game
        self.verdict = self.check(game, *self.args, **self.kwargs)
        self.value = _html(self.verdict, self.rules)

    @property
    def done(self) -> bool:
        return self.verdict.done

    def _repr_mimebundle_(self, **kwargs: Any):
        live = super()._repr_mimebundle_(**kwargs)
        return live if live is None else _still(live, repr(self), self.value)

    def __repr__(self) -> str:  # the stored text output: the verdict, no memory address
        return str(self.verdict)


class Predict(ipywidgets.VBox):
    """A predict-first question: choose, press "Lock in", then the answer and why are shown."""

    def __init__(
        self,
        question: str,
        choices: Sequence[Any],
        answer: Any,
        why: str,
        rules: Sequence[str] = (),
        board: Any = None,
        shown: Callable[[Any], bool] | None = None,
    ):
        self.choices = [str(c) for c in choices]  # the values a prediction is checked by
        # what the learner reads: a `Term` choice in the language in force, anything else as it is
        self.labels = {str(c): format(c) for c in choices}
        self.answer_text = str(answer)
        if self.answer_text not in self.choices:
            raise ValueError(f"the answer {answer!r} is not among the choices {self.choices}")
        self.question, self.why, self.rules, self.board, self.shown = question, why, tuple(rules), board, shown
        self.given: str | None = None
        self._answered: list[Callable[[], None]] = []  # what waits for the prediction (`after`)
        self._game = None if board is None else board.game  # the game whose answer has not been shown
        self._was_shown = False  # the board showed the answer during `_game`
        self._picker = ipywidgets.ToggleButtons(
            options=[(self.labels[c], c) for c in self.choices], value=None, style={"button_width": "auto"}
        )
        self._lock = ipywidgets.Button(description=gettext("Lock in my answer"), button_style="primary", disabled=True)
        self._verdict = ipywidgets.HTML()
        self._picker.observe(lambda _change: self._enable(), names=["value"])
        self._lock.on_click(lambda _button: self.answer(self._picker.value))
        super().__init__(
            [
                ipywidgets.HTML(f"<b>{html.escape(gettext(PREDICT_FIRST))}</b> {html.escape(question)}"),
                self._picker,
                self._lock,
                self._verdict,
            ]
        )
        if board is not None:
            board.observe(lambda _change: self._show(), names=traitlets.All)  # e.g. a stage-2 step shown
        self._show()

    def _enable(self) -> None:
        closed = self.given is not None or self._too_late()
        self._picker.disabled = closed
        self._lock.description = gettext("Locked in") if self.given is not None else gettext("Lock in my answer")
        self._lock.disabled = closed or self._picker.value is None

    def _too_late(self) -> bool:
        """Whether the board has shown the answer in this game, now or at any moment since it began."""
        if self.board is None or self.shown is None:
            return False
        if self.board.game is not self._game:  # a new game: its answer has not been seen yet
            self._game, self._was_shown = self.board.game, False
        self._was_shown = self._was_shown or bool(self.shown(self.board))
        return self._was_shown

    def answer(self, choice: Any) -> Check:
        """Lock in `choice` (what the Lock in button does); the first answer counts."""
        if self.given is None and choice is not None:
            self.given = str(choice)
            if self._too_late():
                self.verdict = Check(
                    False,
                    Message(
                        "the board already showed the answer ({answer_text}): predict before you play. {why}",
                        answer_text=self.labels[self.answer_text],
                        why=capitalized(self.why),
                    ),
                    final=True,
                )
            elif self.given == self.answer_text:
                self.verdict = Check(
                    True,
                    Message(
                        "you predicted {given}: right. {why}",
                        given=self.labels.get(self.given, self.given),
                        why=capitalized(self.why),
                    ),
                )
            else:
                self.verdict = Check(
                    False,
                    Message(
                        "you predicted {given}; it is {answer_text}. {why}",
                        given=self.labels.get(self.given, self.given),
                        answer_text=self.labels[self.answer_text],
                        why=capitalized(self.why),
                    ),
                    final=True,
                )
            for reveal in self._answered:
                reveal()
        self._show()
        return self.verdict

    def when_answered(self, reveal: Callable[[], None]) -> None:
        """Call `reveal` once the prediction is locked in (at once if it is already)."""
        if self.given is None:
            self._answered.append(reveal)
        else:
            reveal()

    def _show(self) -> None:
        self._enable()
        if self.given is None:
            self.verdict = (
                Check(False, Message("the board already showed the answer: press New game, then predict first"))
                if self._too_late()
                else Check(False, Message("predict first: choose an answer, then press Lock in"))
            )
        self._verdict.value = _html(self.verdict, self.rules)

    @property
    def done(self) -> bool:
        return self.verdict.done

    def _repr_mimebundle_(self, **kwargs: Any):
        live = super()._repr_mimebundle_(**kwargs)
        if live is None:
            return live
        choices = " · ".join(html.escape(self.labels[c]) for c in self.choices)
        still = (
            f"<div><b>{html.escape(gettext(PREDICT_FIRST))}</b> {html.escape(self.question)}<br>{choices}"
            f"<p><i>{html.escape(gettext(ANSWER_AFTER_RUN))}</i></p></div>"
        )
        return _still(live, repr(self), still)

    def __repr__(self) -> str:
        return str(self.verdict)


class After(ipywidgets.VBox):
    """What answers a predict-first question: charts, tables, text or widgets, shown only once
    the prediction is locked in. As a context manager it also collects what its block prints."""

    def __init__(self, prediction: Predict, *items: Any):
        self.pieces: list[Any] = []  # HTML text (drawn now, kept in Python until shown) and widgets
        self._printed = io.StringIO()
        self._redirect: contextlib.redirect_stdout | None = None
        self.revealed = False
        super().__init__([ipywidgets.HTML(f"<div class='tk-after' style='{_STYLE[False]};border-radius:6px;"
                                          f"padding:6px 10px;font:14px/1.4 system-ui,sans-serif'>"
                                          f"🔒 {html.escape(gettext(AFTER_PREDICTION))}</div>")])  # fmt: skip
        for item in items:
            self.add(item)
        self.prediction = prediction
        prediction.when_answered(self._reveal)

    def add(self, item: Any) -> After:
        """Add a chart, a table, text or a widget, after whatever the block printed so far."""
        self._flush()
        altair = sys.modules.get("altair")  # a notebook that draws has imported it
        if isinstance(item, ipywidgets.Widget):
            self.pieces.append(item)
        elif isinstance(item, str):
            self._text(item)
        elif altair is not None and isinstance(item, altair.TopLevelMixin):
            from . import charts

            self.pieces.append(charts.inline_html(item))
        else:
            from IPython.core.formatters import format_display_data

            data = format_display_data(item)[0]  # a table, or anything IPython shows
            if "text/html" in data:
                self.pieces.append(data["text/html"])
            else:
                self._text(data.get("text/plain", ""))
        if self.revealed:
            self._reveal()
        return self

    def _text(self, text: str) -> None:
        if text.strip():
            self.pieces.append(f'<pre style="margin:0.3em 0">{html.escape(text.rstrip(chr(10)))}</pre>')

    def _flush(self) -> None:
        text = self._printed.getvalue()
        self._printed.seek(0)
        self._printed.truncate()
        self._text(text)

    def __enter__(self) -> After:
        self._redirect = contextlib.redirect_stdout(self._printed)
        self._redirect.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._redirect is not None:
            self._redirect.__exit__(*exc)
            self._redirect = None
        self._flush()
        if self.revealed:
            self._reveal()
        if exc[0] is None:
            from IPython.display import display

            display(self)

    def _reveal(self) -> None:
        self.revealed = True
        self.children = [p if isinstance(p, ipywidgets.Widget) else ipywidgets.HTML(p) for p in self.pieces]

    def _repr_mimebundle_(self, **kwargs: Any):
        live = super()._repr_mimebundle_(**kwargs)
        if live is None:
            return live
        text = gettext(AFTER_PREDICTION)
        return _still(live, text, f"<div class='tk-after'><p><i>🔒 {html.escape(text)}</i></p></div>")

    def __repr__(self) -> str:  # the stored text output: it waits, and says nothing of the answer
        return gettext(AFTER_PREDICTION)


def after(prediction: Predict, *items: Any) -> After:
    """`items` (charts, tables, text, widgets), shown once `prediction` is locked in."""
    return After(prediction, *items)


def live(board: Any, check: Callable[..., Check], *args: Any, **kwargs: Any) -> LiveCheck:
    """A check of `board`'s game that turns to ✓ as the board is played (no need to re-run)."""
    return LiveCheck(board, check, *args, **kwargs)


#: a predict-first question with the engine's `answer`, explained by `why` once answered
predict = Predict
