"""A running mean inside its ±2σ/√n funnel, drawn as the trials arrive (anywidget).

    from widgets.funnel import Funnel, Source
    Funnel([Source("without putting back", draw, mean, variance), ...], trials=(500, 2_000, 5_000))

`draw(count, seed)` runs `count` trials on the engine and returns their values; `mean` and
`variance` are the exact answers, which set the dashed line and the band mean ± 2σ/√n. Pressing
**Run** on the page starts a run: the page asks for the next trials (a "more" message) each time
it has drawn the last ones, and Python runs one chunk on the engine and sends the new points. So
the line grows as fast as the engine and the page allow, and a slow page never piles up work.

Python computes everything the page shows (the thinned points, the band, the axes' ticks, the
caption); the JavaScript only draws it. The page may send three messages — run (with a source
and a number of trials from the lists Python offered), more, and again (a new seed) — and may
write no trait: anything else is refused with one line in `message` and changes nothing.

Where the live widget cannot show (a notebook not yet run, GitHub), the output carries a still
picture of the first run and the line "Run All to use the controls", like the lessons' explorers.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from kit.i18n import N_, Message, get_language, gettext, language

from .still import MARK, RUN_TO_EXPLORE

HERE = Path(__file__).parent
#: the words of the page's controls (widgets/funnel.js), sent in the view
WORDS = {
    "trials_of": N_("trials of"),
    "number_of_trials": N_("number of trials"),
    "running": N_("running…"),
    "run": N_("▶ Run"),
    "again": N_("Simulate again"),
    "trials": N_("trials"),
}
EXACT = "#b5884a"  # the probability charts' colours (widgets/probability.py)
SIMULATED = "#1e88e5"
CHUNK = 50  # trials per message: about 20 frames for 1,000 trials
POINTS = 200  # the line's points beyond the first 100 trials: the page's messages stay small


@dataclass(frozen=True)
class Source:
    """Trials of one kind: `draw(count, seed)` runs them; `mean` and `variance` are exact."""

    label: str
    draw: Callable[[int, int], Sequence[float]]
    mean: float | Fraction
    variance: float | Fraction


class Funnel(anywidget.AnyWidget):
    _esm = (HERE / "funnel.js").read_text(encoding="utf-8")
    _css = (HERE / "funnel.css").read_text(encoding="utf-8")

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        sources: Sequence[Source],
        trials: Sequence[int] = (500, 2_000, 5_000),
        title: str | None = None,
        y_title: str | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ):
        """`title` and `y_title` default to "The running mean inside its funnel" and "running mean";
        `lang`: the language of the funnel's own words (None: the language in force, `kit.i18n`)."""
        super().__init__(**kwargs)
        with language(lang):
            self.lang = get_language()
            title = gettext("The running mean inside its funnel") if title is None else title
            y_title = gettext("running mean") if y_title is None else y_title
        if not sources or not trials:
            raise ValueError("a funnel needs at least one source and one number of trials")
        self.sources = {source.label: source for source in sources}
        self.trial_options = tuple(int(t) for t in trials)
        self.title, self.y_title = title, y_title
        self.seed = 0
        self.source = sources[0]
        self.total = self.trial_options[min(1, len(self.trial_options) - 1)]
        self.values: list[float] = []
        self.on_msg(self._on_message)
        with self.hold_sync():  # the first run drawn at once (the still picture, the opened page): one message
            self._start(self.source.label, self.total)
            while self._more():
                pass
        self.first = self._still_svg()

    # ------------------------------------------------------------------------------ the run
    def _start(self, label: str, total: int) -> None:
        self.source, self.total, self.values = self.sources[label], total, []
        self._show(running=True)

    def _more(self) -> bool:
        """One more chunk of trials on the engine; False when the run is complete."""
        done = len(self.values)
        if done >= self.total:
            return False
        count = min(CHUNK, self.total - done)
        # one seed per chunk, so that a run is the same however the page paces it
        self.values.extend(float(v) for v in self.source.draw(count, self.seed * 1_000_003 + done // CHUNK))
        self._show(running=len(self.values) < self.total)
        return len(self.values) < self.total

    def _show(self, running: bool) -> None:
        with language(self.lang):
            self.view = self.picture(running)

    # ------------------------------------------------------------------------------ what the page draws
    def _kept(self, n: int) -> bool:
        step = max(1, (self.total - 100) // POINTS)
        return n <= 100 or n % step == 0 or n == self.total

    def picture(self, running: bool = False) -> dict[str, Any]:
        mean, var = float(self.source.mean), float(self.source.variance)
        points, total = [], 0.0
        for n, value in enumerate(self.values, 1):
            total += value
            if self._kept(n):
                points.append([n, round(total / n, 5)])
        band = [[n, *(round(y, 5) for y in _band(mean, var, n))] for n in range(1, self.total + 1) if self._kept(n)]
        low, high = _band(mean, var, 10)  # the funnel's mouth at 10 trials fills the height
        shown = len(self.values)
        if shown:
            now = total / shown
            a, b = _band(mean, var, shown)
            caption = str(
                Message(
                    N_(
                        "n = {n:,} trials · running mean {now:.3f} · funnel {mean:.3f} ± {half:.3f} "
                        "(2σ/√n, σ = {sigma:.3f}) · the mean is inside it"
                    )
                    if a <= now <= b
                    else N_(
                        "n = {n:,} trials · running mean {now:.3f} · funnel {mean:.3f} ± {half:.3f} "
                        "(2σ/√n, σ = {sigma:.3f}) · the mean is outside it"
                    ),
                    n=shown,
                    now=now,
                    mean=mean,
                    half=(b - a) / 2,
                    sigma=math.sqrt(var),
                )
            )
        else:
            caption = gettext("no trials yet")
        subtitle = Message(
            "{source} · dashed: the exact mean {mean:.4g} · band: ± 2σ/√n", source=self.source.label, mean=mean
        )
        return {
            "title": self.title,
            "subtitle": str(subtitle),
            "y_title": self.y_title,
            "x_title": gettext("trials"),
            "lang": self.lang,
            "words": {key: gettext(text) for key, text in WORDS.items()},
            "total": self.total,
            "shown": shown,
            "running": running,
            "exact": mean,
            "y": [low, high],
            "yticks": _ticks(low, high),
            "xticks": _ticks(0, self.total),
            "points": points,
            "band": band,
            "caption": caption,
            "sources": list(self.sources),
            "source": self.source.label,
            "trial_options": list(self.trial_options),
        }

    # ------------------------------------------------------------------------------ the page
    def _on_message(self, _widget, content, _buffers) -> None:
        try:
            kind = content.get("kind") if isinstance(content, dict) else None
            extra = set(content) - {"kind", "source", "trials"} if isinstance(content, dict) else set()
            if kind not in ("run", "more", "again") or extra or (kind != "run" and len(content) > 1):
                raise ValueError(Message("not a message the funnel takes: {message}", message=_short(content)))
            if kind == "more":
                if self.view.get("running"):
                    self._more()
                return
            if kind == "again":
                self.seed += 1
                label, total = self.source.label, self.total
            else:
                label, total = content.get("source"), content.get("trials")
                if not isinstance(label, str) or label not in self.sources:
                    raise ValueError(
                        Message(
                            "source must be one of {allowed}, not {value}",
                            allowed=", ".join(self.sources),
                            value=_short(label),
                        )
                    )
                if isinstance(total, bool) or total not in self.trial_options:
                    raise ValueError(
                        Message(
                            "trials must be one of {allowed}, not {value}",
                            allowed=", ".join(map(str, self.trial_options)),
                            value=_short(total),
                        )
                    )
        except ValueError as error:
            with language(self.lang):
                self.message = str(Message("Not accepted from the page: {error}", error=error.args[0]))
            return
        self.message = ""
        self._start(label, total)

    def set_state(self, sync_data) -> None:
        """The page writes no trait: every write is refused, and the page's copy set back."""
        names = [name for name in sync_data if name in self.keys] if isinstance(sync_data, dict) else []
        with language(self.lang):
            self.message = str(
                Message("Not accepted from the page: it may not write {names}", names=_short(names or sync_data))
            )
        self.send_state([name for name in names if name != "message"] or None)

    # ------------------------------------------------------------------------------ the still copy
    def _still_svg(self) -> str:
        from . import charts

        return charts.svg(still_chart(self.view))

    def _repr_mimebundle_(self, **kwargs: Any):
        from . import charts

        live = super()._repr_mimebundle_(**kwargs)
        data, metadata = live if isinstance(live, tuple) else (live, {})
        picture = charts.chart_html(self.first, self.title)
        line = gettext(RUN_TO_EXPLORE)
        still = f"<div>{picture}<p><b>▶ {html.escape(line)}</b></p></div>"
        return {**data, "text/plain": line, "text/html": still}, {**(metadata or {}), MARK: {"still": True}}

    def __repr__(self) -> str:
        return gettext(RUN_TO_EXPLORE)


def still_chart(view: dict[str, Any]):
    """The picture the page draws, as an Altair chart (for the still copy)."""
    import altair as alt
    import polars as pl

    low, high = view["y"]
    y = alt.Scale(domain=[low, high], clamp=True)
    x = alt.Scale(domain=[0, view["total"]])
    band = pl.DataFrame(view["band"], schema=["trials", "low", "high"], orient="row")
    line = pl.DataFrame(view["points"], schema=["trials", "mean"], orient="row")
    area = (
        alt.Chart(band)
        .mark_area(color=EXACT, opacity=0.18)
        .encode(
            x=alt.X("trials:Q", scale=x, title=view["x_title"]),
            y=alt.Y("low:Q", scale=y, title=view["y_title"]),
            y2="high:Q",
        )
    )
    edges = [
        alt.Chart(band)
        .mark_line(color=EXACT, strokeWidth=1)
        .encode(x=alt.X("trials:Q", scale=x), y=alt.Y(f"{edge}:Q", scale=y))
        for edge in ("low", "high")
    ]
    exact = (
        alt.Chart(pl.DataFrame({"exact": [view["exact"]]}))
        .mark_rule(color=EXACT, strokeDash=[6, 4])
        .encode(y="exact:Q")
    )
    run = (
        alt.Chart(line)
        .mark_line(color=SIMULATED, strokeWidth=2, clip=True)
        .encode(x=alt.X("trials:Q", scale=x), y=alt.Y("mean:Q", scale=y))
    )
    return alt.layer(area, *edges, exact, run).properties(
        width=520, height=240, title=alt.Title(view["title"], subtitle=[view["subtitle"], view["caption"]])
    )


def _band(mean: float, var: float, n: int) -> tuple[float, float]:
    half = 2 * math.sqrt(var / n)
    return mean - half, mean + half


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round numbers between low and high, about `count` of them (1, 2 or 5 times a power of ten)."""
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [round(first + i * step, 10) for i in range(int((high - first) / step) + 1)]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
