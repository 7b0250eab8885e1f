"""Charts and controls shared by the probability lessons (notebooks/probability/).

Every chart puts the exact answer (bars or a line) beside the simulated one (dots with their 95%
interval), and says n. Charts are Altair, rendered as static SVG in the notebooks (they work offline
and never change from run to run); `rerun` wraps a lesson's question in sliders and dropdowns that
re-simulate, with a progress bar while the engine works.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from fractions import Fraction

import altair as alt
import ipywidgets as w
import polars as pl
from IPython.display import display
from tqdm.auto import tqdm

from kit.sim import stats

EXACT = "#7a5c2e"  # exact answers: bars and lines
SIMULATED = "#1565c0"  # simulated answers: dots and their intervals


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval for a share."""
    return stats.wilson_interval(successes, n)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% Student t interval for a mean."""
    return stats.mean_interval(values)


def share_text(successes: int, n: int) -> str:
    low, high = wilson(successes, n)
    return f"{successes / n:.3f} (95% interval {low:.3f} to {high:.3f}, n = {n:,})"


def mean_text(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:.3f} (95% interval {low:.3f} to {high:.3f}, n = {len(values):,})"


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


def bars_and_dots(frame: pl.DataFrame, x_title: str, title: str, y_title: str = "chance") -> alt.Chart:
    """Exact chances as bars, simulated shares as dots with 95% interval whiskers."""
    order = list(frame[x_title])
    n = frame["n"][0]
    base = alt.Chart(frame).encode(x=alt.X(f"{x_title}:N", sort=order, title=x_title, axis=alt.Axis(labelAngle=0)))
    bars = base.mark_bar(color=EXACT, opacity=0.45).encode(
        y=alt.Y("exact:Q", title=y_title), tooltip=[x_title, "exact fraction", "exact", "simulated", "n"]
    )
    whiskers = base.mark_rule(color=SIMULATED, strokeWidth=2).encode(y="low:Q", y2="high:Q")
    dots = base.mark_point(color=SIMULATED, filled=True, size=45).encode(y="simulated:Q")
    return (bars + whiskers + dots).properties(
        width=460,
        height=240,
        title=alt.Title(title, subtitle=f"bars: exact · dots: simulated, 95% interval, n = {n:,}"),
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
            title="trials (log scale)",
        ),
            y=alt.Y("running:Q", title=y_title),
        )
    )
    target = (
        alt.Chart(pl.DataFrame({"exact": [float(exact)]})).mark_rule(color=EXACT, strokeDash=[6, 4]).encode(y="exact:Q")
    )
    return (line + target).properties(
        width=460, height=200, title=alt.Title(title, subtitle=f"dashed: the exact value {float(exact):.4g}")
    )


def progress(description: str) -> Callable:
    """A progress-bar wrapper for the kit's simulations (`steps=` argument)."""
    return lambda items: tqdm(items, desc=description, leave=False, mininterval=0.2)


class _IntoOutput:
    """A stdout that appends to an Output widget (used for the first run, see `rerun`)."""

    def __init__(self, out: w.Output):
        self.out = out

    def write(self, text: str) -> int:
        if text:
            self.out.append_stdout(text)
        return len(text)

    def flush(self) -> None:
        pass


_sink: list[w.Output] = []  # where `show` sends pictures during a first run


class Explorer(w.VBox):
    """A lesson's controls and their output; prints as one stable line where no widget can show
    (nbval compares that text, and an unrun notebook shows it instead of an address)."""

    def __repr__(self) -> str:
        return "Explorer: run the notebook to use these controls"


def rerun(run: Callable[..., None], **controls: w.Widget) -> Explorer:
    """Controls (sliders, dropdowns) above an output area. Changing a control calls
    ``run(seed=..., steps=..., **values)`` again (sliders report only when released); the "Simulate
    again" button keeps the settings and takes a new seed, so a learner sees the simulated dots move
    while the exact bars stay put. `steps` is a progress bar to wrap the simulation loop in.

    The first run fills the output area directly instead of capturing into it, because nbclient
    (which runs notebooks for nbval and nbconvert) cannot capture into an Output widget when widget
    state is not stored."""
    button = w.Button(description="Simulate again", icon="refresh")
    out = w.Output()
    seed = [0]

    def values() -> dict:
        return {name: control.value for name, control in controls.items()}

    def go(_=None) -> None:
        out.clear_output(wait=True)
        with out:
            run(seed=seed[0], steps=progress("trials"), **values())

    def again(_=None) -> None:
        seed[0] += 1
        go()

    button.on_click(again)
    for control in controls.values():
        control.style = {"description_width": "initial"}
        if isinstance(control, w.IntSlider):
            control.layout = w.Layout(width="420px")  # a long description must not squeeze the track
        control.observe(go, names="value")
    box = Explorer([w.HBox([*controls.values(), button], layout=w.Layout(flex_flow="row wrap")), out])
    _sink.append(out)
    try:
        with contextlib.redirect_stdout(_IntoOutput(out)):
            run(seed=seed[0], steps=iter, **values())
    finally:
        _sink.pop()
    return box


def trials_slider(value: int = 2_000, high: int = 50_000) -> w.IntSlider:
    return w.IntSlider(value=value, min=100, max=high, step=100, description="trials", continuous_update=False)


def show(*items) -> None:
    """Display charts (into the explorer's output area during its first run)."""
    for item in items:
        if _sink:
            _sink[-1].append_display_data(item)
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
        y=alt.Y("share:Q", title="share"),
        color=alt.Color(
            "source:N",
            title=None,
            sort=sources,
            scale=alt.Scale(domain=sources, range=[EXACT, SIMULATED, "#c62828", "#2e7d32"][: len(sources)]),
        ),
        tooltip=["source", x_title, "share", "n"],
    )
    whiskers = base.mark_rule(color="black", strokeWidth=1).encode(y="low:Q", y2="high:Q")
    return (bars + whiskers).properties(width=560, height=260, title=alt.Title(title, subtitle=subtitle))
