"""A small simulation to play with in a notebook: controls (sliders, dropdowns) that re-run it and
redraw its chart.

    from widgets.explore import explore
    explore(draw, games=ipywidgets.IntSlider(60, min=20, max=400, step=20), bots=ipywidgets.Dropdown(...))

`draw(**values, progress=...)` runs the simulation for the controls' values and returns an Altair
chart; passing `progress` on to `simulate(progress=...)` moves the explorer's progress bar. Every
change of a control calls it again and shows the new chart as a picture (no Output widget: the
chart is static SVG, as everywhere in the notebooks, and works the same in Voila); a status line
says how long it took. A stored notebook shows a still picture of the first
chart and one line saying how to bring the controls to life (as the boards do: see
widgets/still.py), so an unrun notebook never shows a broken widget, and nbval compares that
picture, not the live widget.
"""

from __future__ import annotations

import html
import io
import time
from collections.abc import Callable
from typing import Any

import ipywidgets

from .still import MARK, picture_html

RUN_TO_EXPLORE = "Run All to use the controls (Run ▸ Run All Cells): until then this is a still picture of the chart."


class Explorer(ipywidgets.VBox):
    def __init__(self, draw: Callable[..., Any], label: str, **controls: ipywidgets.ValueWidget):
        self.draw, self.label, self.controls = draw, label, controls
        self.status = ipywidgets.HTML()
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=1, description="games")
        self.picture = ipywidgets.HTML()
        self.chart: Any = None
        for control in controls.values():
            control.observe(lambda _change: self.redraw(), names=["value"])
        super().__init__(
            [ipywidgets.HBox(list(controls.values())), ipywidgets.HBox([self.bar, self.status]), self.picture]
        )
        self.redraw()

    @property
    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    def redraw(self) -> None:
        self.status.value = "<small><i>running the simulation…</i></small>"
        for control in self.controls.values():
            control.disabled = True
        start = time.perf_counter()
        try:
            self.chart = self.draw(**self.values, progress=self._progress)
            self.picture.value = picture_html(_svg(self.chart), self.label)
            self.status.value = f"<small>drawn in {time.perf_counter() - start:.1f} s</small>"
        except Exception as error:  # show it where the learner looks, then let it propagate
            self.status.value = f"<b>could not draw:</b> {html.escape(str(error))}"
            raise
        finally:
            for control in self.controls.values():
                control.disabled = False

    def _progress(self, done: int, total: int) -> None:
        self.bar.max, self.bar.value = max(total, 1), done

    def _repr_mimebundle_(self, **kwargs: Any):
        live = super()._repr_mimebundle_(**kwargs)
        data, metadata = live if isinstance(live, tuple) else (live, {})
        svg = _svg(self.chart)
        data = {**data, "text/plain": RUN_TO_EXPLORE, "text/html": picture_html(svg, self.label, RUN_TO_EXPLORE)}
        return data, {**(metadata or {}), MARK: {"still": True}}

    def __repr__(self) -> str:
        return RUN_TO_EXPLORE


def _svg(chart: Any) -> str:
    """The chart as SVG text (an Altair chart through vl-convert; "" if it cannot be drawn)."""
    if not hasattr(chart, "save"):
        return ""
    text = io.StringIO()
    chart.save(text, format="svg")
    return text.getvalue()


def explore(draw: Callable[..., Any], label: str = "chart", **controls: ipywidgets.ValueWidget) -> Explorer:
    """Controls that re-run `draw(**values)` and show its chart; see the module's docstring."""
    return Explorer(draw, label, **controls)
