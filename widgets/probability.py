"""Charts and controls shared by the probability lessons (notebooks/probability/).

Every chart puts the exact answer (bars or a line) beside the simulated one (dots with their 95%
interval), and says n. Charts are Altair, drawn through widgets/charts.py (static SVG that works
offline, never changes from run to run and follows the JupyterLab theme, dark included): a lesson
calls `enable()` once and shows its tables with `table` (both re-exported here, as are the theme's
`INK`/`INK_SOFT` for a chart's own text and rules); `rerun` wraps a lesson's question in sliders and dropdowns that
re-simulate, with a progress bar while the engine works (`Explorer`, also used by the analysis
notebooks through `explore`).
"""

from __future__ import annotations

import contextlib
import html
import inspect
import io
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import altair as alt
import ipywidgets as w
import polars as pl
from IPython.core.formatters import format_display_data
from IPython.display import display

from kit.i18n import N_, Message, gettext, percent
from kit.sim import stats

from . import charts
from .charts import INK, INK_SOFT, enable, table  # noqa: F401  (re-exported: the lessons' `charts.enable()`)
from .still import MARK, RUN_TO_EXPLORE

#: what an explorer's progress bar may count (`unit=`): words of the catalogs, shown in the learner's language
UNITS = (N_("trials"), N_("games"), N_("rollouts"), N_("rounds"))

# data colours readable on JupyterLab's light and dark backgrounds alike
EXACT = "#b5884a"  # exact answers: bars and lines
SIMULATED = "#1e88e5"  # simulated answers: dots and their intervals


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval for a share."""
    return stats.wilson_interval(successes, n)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% Student t interval for a mean."""
    return stats.mean_interval(values)


def share_text(successes: int, n: int) -> str:
    low, high = wilson(successes, n)
    return _estimate(successes / n, low, high, n)


def mean_text(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return _estimate(mean, low, high, len(values))


def _estimate(value: float, low: float, high: float, n: int) -> str:
    return str(
        Message(
            "{value:.3f} ({level} interval {low:.3f} to {high:.3f}, n = {n:,})",
            value=float(value),
            level=percent(0.95),
            low=float(low),
            high=float(high),
            n=n,
        )
    )


def exact_and_simulated(
    outcomes: Sequence, exact: Sequence[Fraction], counts: Sequence[int], title: str, x_title: str
) -> pl.DataFrame:
    """One row per outcome: its exact chance, and the simulated share with its 95% interval."""
    n = sum(counts)
    rows = []
    for outcome, chance, count in zip(outcomes, exact, counts):
        low, high = wilson(count, n)
        rows.append(
            {
                x_title: str(outcome),
                "exact": float(chance),
                "exact fraction": str(chance),
                "simulated": count / n,
                "low": low,
                "high": high,
                "n": n,
            }
        )
    return pl.DataFrame(rows)


def bars_and_dots(frame: pl.DataFrame, x_title: str, title: str, y_title: str | None = None) -> alt.Chart:
    """Exact chances as bars, simulated shares as dots with 95% interval whiskers (`y_title`: "chance")."""
    y_title = gettext("chance") if y_title is None else y_title
    order = list(frame[x_title])
    n = frame["n"][0]
    base = alt.Chart(frame).encode(x=alt.X(f"{x_title}:N", sort=order, title=x_title, axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar(color=EXACT, opacity=0.6).encode(
        y=alt.Y("exact:Q", title=y_title), tooltip=[x_title, "exact fraction", "exact", "simulated", "n"]
    )
    whiskers = base.mark_rule(color=SIMULATED, strokeWidth=2).encode(y="low:Q", y2="high:Q")
    dots = base.mark_point(color=SIMULATED, filled=True, size=45).encode(y="simulated:Q")
    return (bars + whiskers + dots).properties(
        width=460,
        height=240,
        title=alt.Title(
            title,
            subtitle=str(
                Message("bars: exact · dots: simulated, {level} interval, n = {n:,}", level=percent(0.95), n=int(n))
            ),
        ),
    )


def running_line(values: Sequence[float], exact: float, y_title: str, title: str, points: int = 300) -> alt.Chart:
    """The running mean (or share) of `values` trial after trial, against the exact value: the law of
    large numbers. Thinned to about `points` points on a log scale of trials, so the SVG stays small."""
    total, picked, rows = 0.0, set(), []
    n = len(values)
    for i in range(points + 1):
        picked.add(max(1, round(n ** (i / points))))
    for i, value in enumerate(values, 1):
        total += value
        if i in picked:
            rows.append({"trials": i, "running": total / i})
    frame = pl.DataFrame(rows)
    line = (
        alt.Chart(frame)
        .mark_line(color=SIMULATED)
        .encode(
            x=alt.X(
                "trials:Q",
                scale=alt.Scale(type="log", domain=[1, n]),
                axis=alt.Axis(values=[10**k for k in range(len(str(n)))], format=","),  # 1, 10, 100, ...: no crowding
                title=gettext("trials (log scale)"),
            ),
            y=alt.Y("running:Q", title=y_title),
        )
    )
    target = (
        alt.Chart(pl.DataFrame({"exact": [float(exact)]})).mark_rule(color=EXACT, strokeDash=[6, 4]).encode(y="exact:Q")
    )
    return (line + target).properties(
        width=460,
        height=200,
        title=alt.Title(title, subtitle=str(Message("dashed: the exact value {exact:.4g}", exact=float(exact)))),
    )


class Explorer(w.VBox):
    """Controls that re-run a simulation, and what it printed and drew, shown as a picture.

    `call(explorer, values)` runs the simulation for the controls' `values`; while it runs, whatever
    it prints and whatever it passes to `show` is collected and then drawn into one HTML picture
    (text as text, charts as themed SVG: widgets/charts.py), so the first run inside the cell and every later re-run
    look the same, in JupyterLab and in Voila, with no Output widget (which nbclient cannot fill
    when widget state is not stored). A progress bar moves with `steps`/`progress`, the controls are
    disabled while it runs, and a status line says how long it took.

    The page decides no cost: ipywidgets takes any trait write from the page, `max` included, so
    each control's bounds (or choices) are read in Python when the explorer is made, and a value
    outside them runs nothing: the status line says why, and the control is put back.

    Where the live widget cannot show — an unrun or reopened notebook, GitHub, nbviewer — the output
    carries a still copy of the first picture and one line saying how to bring the controls to life,
    marked so stored copies drop the dead widget id (as the boards do: widgets/still.py). nbval
    compares that picture.
    """

    def __init__(
        self,
        call: Callable[[Explorer, dict[str, Any]], None],
        label: str = "",
        again: bool = False,
        unit: str | None = None,
        **controls: w.ValueWidget,
    ):
        self.call, self.label, self.controls = call, label, controls
        #: each control's bounds as Python set them: the page can write `max` too, so its values
        #: are checked against these, never against what the widget says now
        self.limits = {name: Limit.of(control) for name, control in controls.items()}
        self._accepted: dict[str, Any] = {}  # the values of the last run
        self._restoring = False  # True while a refused write is being put back
        self.seed = 0
        self.pieces: list[str] = []  # HTML pieces of the run in progress (the live picture)
        self.still_pieces: list[str] = []  # the same, for the still copy (charts as images)
        self._printed = _Printed(self)
        self.first = ""  # the first run's picture, as the still copy shows it
        self.status = w.HTML()
        self.bar = w.IntProgress(value=0, min=0, max=1, description=gettext(unit or "trials"))
        self.picture = w.HTML()
        buttons = []
        if again:
            # as wide as its words in every language (a fixed width cut "Symuluj jeszcze raz")
            button = w.Button(description=gettext("Simulate again"), icon="refresh", layout=w.Layout(width="auto"))
            button.on_click(self.again)
            buttons.append(button)
        for control in controls.values():
            control.observe(lambda _change: self._changed(), names=["value"])
        row = w.HBox([*controls.values(), *buttons], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([row, w.HBox([self.bar, self.status]), self.picture])
        self.redraw()
        self.first = "".join(self.still_pieces)

    @property
    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    def again(self, _button=None) -> None:
        """The same settings, a new seed: the simulated dots move, the exact bars stay."""
        self.seed += 1
        self.redraw()

    def refusals(self, values: dict[str, Any]) -> list[str]:
        """Why these values would not be run (none: they are all within the controls' bounds)."""
        return [text for name, value in values.items() if (text := self.limits[name].refusal(name, value))]

    def _changed(self) -> None:
        if not self._restoring:
            self.redraw()

    def redraw(self) -> None:
        values = self.values
        refused = self.refusals(values)
        if refused:  # a write from the page past a control's bounds: say so, put it back, run nothing
            label = gettext("Not run:")  # outside the f-string, where the extractor finds it
            self.status.value = f"<b>{html.escape(label)}</b> {html.escape('; '.join(refused))}"
            self._put_back()
            return
        self._accepted = values
        running = gettext("running the simulation…")
        self.status.value = f"<small><i>{html.escape(running)}</i></small>"
        for control in self.controls.values():
            control.disabled = True
        start = time.perf_counter()
        self.pieces, self.still_pieces, printed = [], [], _Printed(self)
        self._printed = printed
        _running.append(self)
        try:
            with contextlib.redirect_stdout(printed):
                self.call(self, self.values)
            printed.flush()
            self.picture.value = "".join(self.pieces)
            drawn = Message("drawn in {seconds:.1f} s", seconds=time.perf_counter() - start)
            self.status.value = f"<small>{html.escape(str(drawn))}</small>"
        except Exception as error:  # show it where the learner looks, then let it propagate
            label = gettext("could not draw:")
            self.status.value = f"<b>{html.escape(label)}</b> {html.escape(str(error))}"
            raise
        finally:
            _running.pop()
            for control in self.controls.values():
                control.disabled = False

    def _put_back(self) -> None:
        """The controls' own bounds and the values of the last run, without running it again."""
        self._restoring = True
        try:
            for name, control in self.controls.items():
                self.limits[name].restore(control)
                if name in self._accepted:
                    control.value = self._accepted[name]
        finally:
            self._restoring = False

    def show(self, item: Any) -> None:
        """Add a chart (or anything IPython can display) to the picture being drawn."""
        self._printed.flush()  # what was printed before it comes before it
        if isinstance(item, alt.TopLevelMixin):
            # the live picture is an ipywidgets.HTML, which shows its HTML as it is: the chart goes
            # inline and follows the theme; the still copy (an output that may be untrusted) keeps
            # the chart as an image that a trusted output puts inline (widgets/charts.py)
            svg = charts.svg(item)
            self.pieces.append(f'<div class="tk-chart">{svg}</div>')
            self.still_pieces.append(charts.chart_html(svg, self.label or _title(item) or gettext("chart")))
            return
        data = format_display_data(item)[0]
        if "text/html" in data:
            self._add(f"<div>{data['text/html']}</div>")
        elif "text/markdown" in data:  # e.g. IPython's Markdown: a table as a learner reads it
            import mistune  # nbconvert's Markdown renderer (JupyterLab's server needs nbconvert)

            self._add(f'<div class="jp-RenderedHTMLCommon">{mistune.html(data["text/markdown"])}</div>')
        else:
            self.text(data.get("text/plain", str(item)))

    def _add(self, piece: str) -> None:
        self.pieces.append(piece)
        self.still_pieces.append(piece)

    def text(self, text: str) -> None:
        if text.strip():
            self._add(f'<pre style="margin:0.3em 0">{html.escape(text.rstrip(chr(10)))}</pre>')

    def steps(self, items: Iterable) -> Iterator:
        """Wrap a simulation's loop: the bar moves as it goes (`steps=` of the kit's simulations)."""
        items = list(items)
        for done, item in enumerate(items):
            self.progress(done, len(items))
            yield item
        self.progress(len(items), len(items))

    def progress(self, done: int, total: int) -> None:
        """`progress(done, total)`, as kit.sim's `simulate` and `advise` call it. The bar moves in
        fiftieths: each move is a message to the page, and thousands of them would keep the kernel
        busy sending (and make nbclient time out waiting for the cell's output)."""
        total = max(total, 1)
        if self.bar.max != total:
            self.bar.max = total
        if done in (0, total) or (done - self.bar.value) * 50 >= total:
            self.bar.value = done

    def _repr_mimebundle_(self, **kwargs: Any):
        live = super()._repr_mimebundle_(**kwargs)
        data, metadata = live if isinstance(live, tuple) else (live, {})
        data = {
            **data,
            "text/plain": gettext(RUN_TO_EXPLORE),
            "text/html": still_html(self.first, gettext(RUN_TO_EXPLORE)),
        }
        return data, {**(metadata or {}), MARK: {"still": True}}

    def __repr__(self) -> str:
        return gettext(RUN_TO_EXPLORE)


class Limit:
    """What a control may hold, as Python made it: a range (`min`, `max`) or a list of options.
    A control with neither (a checkbox, a text box) is not checked."""

    def __init__(self, low: Any = None, high: Any = None, options: tuple | None = None):
        self.low, self.high, self.options = low, high, options

    @classmethod
    def of(cls, control: w.ValueWidget) -> Limit:
        if control.has_trait("min") and control.has_trait("max"):
            return cls(control.min, control.max)
        if control.has_trait("options"):
            values = getattr(control, "_options_values", None)
            return cls(options=tuple(values if values is not None else control.options))
        return cls()

    def refusal(self, name: str, value: Any) -> str | None:
        if self.options is not None:
            chosen = value if isinstance(value, tuple) and value not in self.options else (value,)
            if all(item in self.options for item in chosen):
                return None
            return str(Message("{name} can only be one of its choices", name=name))
        if self.low is None:
            return None
        numbers = value if isinstance(value, tuple) else (value,)  # a range slider holds two
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) and self.low <= x <= self.high for x in numbers):
            return None
        return str(
            Message(
                "{name} must be from {low} to {high}, not {value}",
                name=name,
                low=_short(self.low),
                high=_short(self.high),
                value=_short(value),
            )
        )

    def restore(self, control: w.ValueWidget) -> None:
        if self.low is None or self.options is not None:
            return
        if self.low > control.max:  # in an order where min <= max holds at every step
            control.max, control.min = self.high, self.low
        else:
            control.min, control.max = self.low, self.high


def _short(value: Any) -> str:
    text = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


class _Printed(io.StringIO):
    """stdout while an explorer runs: each finished block of printed lines becomes one text piece,
    in order with the charts."""

    def __init__(self, explorer: Explorer):
        super().__init__()
        self.explorer = explorer

    def flush(self) -> None:
        self.explorer.text(self.getvalue())
        self.seek(0)
        self.truncate()


_running: list[Explorer] = []  # the explorer whose run is in progress: `show` adds to it


def still_html(picture: str, caption: str) -> str:
    """The stored copy of an explorer: its first picture and the line saying how to bring it to life."""
    return f"<div>{picture}<p><b>▶ {html.escape(caption)}</b></p></div>"


def _title(chart: alt.TopLevelMixin) -> str:
    """A chart's title text, for the picture's alt text."""
    title = getattr(chart, "title", None)
    text = title if isinstance(title, str) else getattr(title, "text", None)
    return text if isinstance(text, str) else ""


def _accepts(function: Callable, name: str) -> bool:
    parameters = inspect.signature(function).parameters.values()
    return any(p.name == name or p.kind is p.VAR_KEYWORD for p in parameters)


def rerun(run: Callable[..., None], label: str = "", unit: str = "trials", **controls: w.ValueWidget) -> Explorer:
    """A lesson's explorer: controls (sliders, dropdowns) and a "Simulate again" button above what
    ``run(seed=..., steps=..., **values)`` prints and passes to `show`. Changing a control calls it
    again (sliders report only when released); "Simulate again" keeps the settings and takes a new
    seed, so a learner sees the simulated dots move while the exact bars stay put. `steps` wraps the
    simulation's loop and moves the progress bar; a `run` that takes `progress` also gets the
    `progress(done, total)` callback (for `advise`); `unit` names what the bar counts."""
    for control in controls.values():
        control.style = {"description_width": "initial"}
        if isinstance(control, w.IntSlider):
            control.layout = w.Layout(width="420px")  # a long description must not squeeze the track

    def call(explorer: Explorer, values: dict[str, Any]) -> None:
        extra = {"progress": explorer.progress} if _accepts(run, "progress") else {}
        run(seed=explorer.seed, steps=explorer.steps, **extra, **values)

    return Explorer(call, label, again=True, unit=unit, **controls)


def explore(draw: Callable[..., Any], label: str = "chart", **controls: w.ValueWidget) -> Explorer:
    """An analysis notebook's explorer: ``draw(**values, progress=...)`` runs the simulation for the
    controls' values and returns an Altair chart; passing `progress` on to
    ``simulate(progress=...)`` moves the bar."""
    return Explorer(lambda explorer, values: explorer.show(draw(**values, progress=explorer.progress)), label,
                    unit="games", **controls)  # fmt: skip


def trials_slider(value: int = 2_000, high: int = 50_000) -> w.IntSlider:
    return w.IntSlider(value=value, min=100, max=high, step=100, description=gettext("trials"), continuous_update=False)


def show(*items) -> None:
    """Display charts: into the explorer's picture while one runs, else as the cell's output."""
    for item in items:
        if _running:
            _running[-1].show(item)
        else:
            display(item)


def grouped_shares(frame: pl.DataFrame, x_title: str, title: str, subtitle: str) -> alt.Chart:
    """Side-by-side bars of shares per category, one colour per `source`, with 95% whiskers where the
    frame has `low`/`high` (simulated rows) and none where they are null (exact rows)."""
    order = list(dict.fromkeys(frame[x_title]))
    sources = list(dict.fromkeys(frame["source"]))  # in the order given: the exact one first
    frame = frame.with_columns(pl.col("low", "high").cast(pl.Float64), pl.col("n").cast(pl.Int64))
    base = alt.Chart(frame).encode(
        x=alt.X(f"{x_title}:N", sort=order, title=x_title, axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("source:N", sort=sources),
    )
    bars = base.mark_bar().encode(
        y=alt.Y("share:Q", title=gettext("share")),
        color=alt.Color(
            "source:N",
            title=None,
            sort=sources,
            scale=alt.Scale(domain=sources, range=[EXACT, SIMULATED, "#c62828", "#2e7d32"][: len(sources)]),
        ),
        tooltip=["source", x_title, "share", "n"],
    )
    whiskers = base.mark_rule(color=INK, strokeWidth=1).encode(y="low:Q", y2="high:Q")
    return (bars + whiskers).properties(width=560, height=260, title=alt.Title(title, subtitle=subtitle))


def belief_lines(
    frame: pl.DataFrame, title: str, subtitle: str, band: tuple[float, float] | None = None, x_title: str | None = None
) -> alt.Chart:
    """Beliefs about a rate as density curves (columns `rate`, `density`, `belief`; one curve per
    belief, in the frame's order), with `band` — e.g. the engine's long-run share's 95% interval —
    shaded behind them."""
    x_title = gettext("rate") if x_title is None else x_title
    beliefs = list(dict.fromkeys(frame["belief"]))
    palette = [INK_SOFT, EXACT, "#2e7d32", SIMULATED, "#c62828"]
    lines = (
        alt.Chart(frame)
        .mark_line(strokeWidth=2)
        .encode(
            x=alt.X("rate:Q", title=x_title),
            y=alt.Y("density:Q", title=gettext("belief (density)")),
            color=alt.Color(
                "belief:N",
                title=None,
                sort=beliefs,
                scale=alt.Scale(domain=beliefs, range=(palette * 2)[: len(beliefs)]),
            ),  # fmt: skip
        )
    )
    layers = [lines]
    if band is not None:
        shade = pl.DataFrame({"low": [band[0]], "high": [band[1]]})
        layers.insert(0, alt.Chart(shade).mark_rect(color=SIMULATED, opacity=0.2).encode(x="low:Q", x2="high:Q"))
    return alt.layer(*layers).properties(width=460, height=220, title=alt.Title(title, subtitle=subtitle))
