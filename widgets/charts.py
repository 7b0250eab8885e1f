"""Charts and tables as a learner sees them, in any JupyterLab theme, in Voila and on a static page.

    from widgets import charts
    charts.enable()            # Altair charts: the kit's theme, drawn offline as SVG; plain frames
    charts.table(frame)        # a polars frame as a plain table: no dtype row, no shape line, all rows

**Charts.** Altair draws each chart offline as SVG (vl-convert), the same on every run (nbval
compares it). JupyterLab shows SVG only as an `<img>`, and an image cannot see the page's CSS, so
the chart would stay a white box in the dark theme. Here every chart is painted with four marker
colours (`INK`, `INK_SOFT`, `GRID`, `PAPER`) that a `<style>` inside the SVG maps to JupyterLab's
own CSS variables (`--jp-ui-font-color1` …), each with the marker itself as the fallback, and
the background transparent. The output is HTML: the SVG as an `<img>` (what an untrusted notebook —
one opened before it is run — and static renderers such as GitHub show: dark on white, readable
anywhere) and a small script that,
where outputs are trusted (after the cell ran, and in Voila), puts the same SVG inline, where the
variables apply: text and axes then follow the theme, dark included, even when it changes later.

Data colours stay as each chart sets them. A chart's own text or rule that should follow the theme
uses `INK` (or `INK_SOFT`) rather than a fixed black or grey.

The first chart (or `enable()`) imports Altair and registers the theme and the renderer under the
name "tablekit"; `enable()` turns both on. Altair is imported only then (about a second): a notebook
that only shows tables (`table`, `INK`) never pays for it. Axis labels are never rotated (x labels
lie flat; a chart whose labels are too long for flat labels should be drawn the other way round,
categories on the y axis).

**Tables.** `table(frame)` shows a polars frame to a learner as a plain HTML table: column names,
every row (no "…"), numbers right-aligned, and no dtype row or `shape:` line; `by=` sorts rows in a
natural order ("5–9" before "10–14"; see `natural_key`). Every table is in the learner's language:
each heading through the catalogs, with the data's own name in small monospace under it where the
two differ (the name the code selects by), and the text cells that are catalog words (a guest, an
ability, "rulebook") translated; English shows the data's names as they are.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kit.i18n import Term, get_language, gettext

NAME = "tablekit"

# Marker colours: what a chart is painted with, and what a static renderer shows (dark on white).
INK = "#212121"  # titles, labels, axis titles, legends, text marks  -> --jp-ui-font-color1
INK_SOFT = "#616161"  # subtitles, axis lines and ticks                   -> --jp-ui-font-color2
GRID = "#e0e0e0"  # grid lines and the view's frame                       -> --jp-border-color2
PAPER = "#fefefe"  # the background                                        -> transparent

_VARIABLES = {INK: "--jp-ui-font-color1", INK_SOFT: "--jp-ui-font-color2", GRID: "--jp-border-color2"}


def _style() -> str:
    rules = [f"svg.tk-chart [fill='{PAPER}']{{fill:transparent}}"]  # inline: the page's own background
    for colour, variable in _VARIABLES.items():
        rules.append(f"svg.tk-chart [fill='{colour}']{{fill:var({variable},{colour})}}")
        rules.append(f"svg.tk-chart [stroke='{colour}']{{stroke:var({variable},{colour})}}")
    # inside @supports: SVG renderers without var() (resvg, rsvg: PDF exports) skip the block and
    # keep the marker colours themselves, instead of painting everything black
    return "@supports (fill: var(--tk)) {" + "".join(rules) + "}"


STYLE = _style()

# Where outputs are trusted, the SVG goes inline so that the CSS variables reach it. An untrusted
# output has its <script> removed by the sanitiser and keeps the <img>.
INLINE_SCRIPT = (
    "<script>(() => {"
    'for (const img of document.querySelectorAll("div.tk-chart > img[data-tk-chart]")) {'
    'const bytes = Uint8Array.from(atob(img.getAttribute("src").split(",")[1]), (c) => c.charCodeAt(0));'
    "img.parentElement.innerHTML = new TextDecoder().decode(bytes);"
    "}})();</script>"
)


def theme() -> dict[str, Any]:
    """The Vega-Lite config of every chart: marker colours, flat x labels, readable sizes."""
    text = {"labelColor": INK, "titleColor": INK, "labelFontSize": 11, "titleFontSize": 12}
    return {
        "config": {
            "background": PAPER,
            "font": "sans-serif",
            "padding": 8,
            "title": {
                "color": INK,
                "subtitleColor": INK_SOFT,
                "fontSize": 14,
                "subtitleFontSize": 12,
                "anchor": "start",
            },
            "axis": {
                **text,
                "domainColor": INK_SOFT,
                "tickColor": INK_SOFT,
                "gridColor": GRID,
                "titleFontWeight": "normal",
            },
            "axisX": {"labelAngle": 0},
            "legend": {**text, "titleFontWeight": "normal"},
            "header": {**text, "titleFontWeight": "normal"},
            "view": {"stroke": GRID, "discreteWidth": {"step": 44}},  # room for flat labels such as "10–14"
            "text": {"color": INK},
        }
    }


def _title(spec: dict[str, Any]) -> str:
    title = spec.get("title") or ""
    if isinstance(title, dict):
        title = title.get("text", "")
    if isinstance(title, list):
        title = " ".join(title)
    return str(title) or "chart"


def themed_svg(svg: str) -> str:
    """An SVG from Vega, marked as a tablekit chart: the theme's <style> inside, and ids made
    unique to this chart (two charts inline on one page must not share a clip path's id)."""
    prefix = "tk" + hashlib.sha1(svg.encode("utf-8")).hexdigest()[:8] + "-"
    for name in dict.fromkeys(re.findall(r'\bid="([^"]+)"', svg)):
        svg = svg.replace(f'id="{name}"', f'id="{prefix}{name}"').replace(f"url(#{name})", f"url(#{prefix}{name})")
    svg = svg.replace(' class="marks"', ' class="marks tk-chart"', 1)
    head_end = svg.index(">") + 1
    return f"{svg[:head_end]}<style>{STYLE}</style>{svg[head_end:]}"


def svg(chart: Any) -> str:
    """A chart (Altair, or a Vega-Lite spec as a dict) as themed SVG text."""
    import vl_convert

    spec = chart if isinstance(chart, dict) else chart.to_dict()
    version = "v" + _altair().SCHEMA_VERSION.lstrip("v").rsplit(".", 1)[0].replace(".", "_")
    drawn = vl_convert.vegalite_to_svg(_with_theme(spec), vl_version=version, format_locale=number_locale())
    return themed_svg(drawn)


def number_locale() -> dict[str, Any] | None:
    """How the language in force writes numbers, as the d3-format locale Vega draws a chart's axes and
    labels with ("0,25" and "10 000" in nb, pl and sv: Babel's symbols, as the tables use); None in
    English, d3's own."""
    lang = get_language()
    if lang == "en":
        return None
    try:
        from babel.numbers import get_decimal_symbol, get_group_symbol
    except ImportError:
        return None
    return {"decimal": get_decimal_symbol(lang), "thousands": get_group_symbol(lang), "grouping": [3],
            "currency": ["", ""], "minus": "\u2212"}  # fmt: skip


def _with_theme(spec: dict[str, Any]) -> dict[str, Any]:
    config = theme()["config"]
    own = spec.get("config", {})
    merged = {
        key: ({**value, **own.get(key, {})} if isinstance(value, dict) else own.get(key, value))
        for key, value in config.items()
    }
    return {**spec, "config": {**own, **merged}}


def chart_html(svg_text: str, label: str) -> str:
    """The output's HTML: the chart as an image, put inline by the script where outputs are trusted."""
    data = base64.b64encode(svg_text.encode("utf-8")).decode("ascii")
    source = f"data:image/svg+xml;base64,{data}"
    # the image's own background: its SVG's paper is transparent wherever CSS applies, an image included,
    # and its text keeps the dark fallback colours there (the page's variables do not reach an image)
    style = f"max-width:100%;background:{PAPER}"
    image = f'<img data-tk-chart="1" src="{source}" alt="{html.escape(label)}" style="{style}">'
    return f'<div class="tk-chart">{image}</div>{INLINE_SCRIPT}'


def inline_html(chart: Any) -> str:
    """The chart inline, for a widget that shows HTML it trusts (an ipywidgets.HTML's value: its
    text and axes then follow the theme like a trusted output's)."""
    return f'<div class="tk-chart">{svg(chart)}</div>'


def renderer(spec: dict[str, Any], **_metadata: Any) -> dict[str, str]:
    """Altair's renderer "tablekit": the mimebundle of a chart (HTML, and one line of plain text)."""
    label = _title(spec)
    return {"text/html": chart_html(svg(spec), label), "text/plain": f"chart: {label}"}


def enable() -> None:
    """Draw every Altair chart from now on with the kit's theme and renderer, and show every polars
    frame as a learner's table (`learner_frames`)."""
    alt = _altair()
    alt.theme.enable(NAME)
    alt.renderers.enable(NAME)
    learner_frames()


def learner_frames() -> None:
    """Polars frames shown as they are (not through `table`) lose their dtype row and `shape:` line
    and show every row and column in full; sorting them naturally stays the caller's (`natural_key`)."""
    import polars as pl

    pl.Config.set_tbl_hide_column_data_types(True)
    pl.Config.set_tbl_hide_dataframe_shape(True)
    pl.Config.set_tbl_rows(-1)
    pl.Config.set_tbl_cols(-1)
    pl.Config.set_fmt_str_lengths(200)
    pl.Config.set_tbl_width_chars(400)


def _altair() -> Any:
    """Altair, imported on first use, with the theme and the renderer registered under NAME."""
    import altair as alt

    if NAME not in alt.renderers.names():
        alt.theme.register(NAME, enable=False)(lambda: alt.theme.ThemeConfig(theme()["config"]))  # type: ignore[typeddict-item]
        alt.renderers.register(NAME, renderer)
    return alt


# ------------------------------------------------------------------------------------ tables
_NUMBER = re.compile(r"(?:(?<![\w–−-])[−-])?\d+(?:\.\d+)?")  # a minus sign only where no word or dash precedes


def natural_key(value: Any) -> tuple:
    """A sort key that reads numbers inside text as numbers: "5–9" before "10–14", "8–10 beds"
    before "11–13 beds", "−80" before "0", "20+" after "15–19"; numbers before text, None last."""
    if value is None:
        return (2,)
    if isinstance(value, bool | int | float):
        return (0, ((0, float(value), ""),))
    text, parts, position = str(value), [], 0
    for match in _NUMBER.finditer(text):
        parts.append((1, 0.0, text[position : match.start()]))
        parts.append((0, float(match.group().replace("−", "-")), ""))
        position = match.end()
    parts.append((1, 0.0, text[position:]))
    return (1, tuple(part for part in parts if part != (1, 0.0, "")))


def natural_order(values: Iterable[Any]) -> list[Any]:
    """The distinct values in natural order (for a chart axis's `sort=`)."""
    return sorted(dict.fromkeys(values), key=natural_key)


def _cell(value: Any) -> str:
    """A table cell as the learner's language writes it (English: 1,000 and 0.75; nb, pl, sv: 1 000
    and 0,75, by Babel when it is there)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if get_language() == "en" or not isinstance(value, int | float):
        if isinstance(value, int):
            return f"{value:,}"
        if isinstance(value, float):
            return f"{value:,}" if abs(value) >= 1000 else str(value)
        return str(value)
    try:
        from babel.numbers import format_decimal
    except ImportError:
        return str(value)
    return format_decimal(value, locale=get_language(), decimal_quantization=False)


#: the data's column name under a translated heading: small, monospace, quieter than the heading
_NAME_STYLE = "font-size:80%;font-weight:normal;opacity:0.7;white-space:nowrap"


class Table:
    """A learner's table: shows as plain HTML in a notebook, as aligned text where HTML cannot."""

    def __init__(
        self,
        columns: Sequence[str],
        rows: Sequence[Sequence[Any]],
        numeric: Sequence[bool],
        caption: str,
        names: Sequence[str] | None = None,
    ):
        self.columns, self.caption = list(columns), caption
        self.names = list(names) if names is not None else list(columns)  # the data's own column names
        self.rows = [[_cell(value) for value in row] for row in rows]
        self.numeric = list(numeric)

    def _heading(self, shown: str, name: str, style: str) -> str:
        if shown == name:
            return f"<th {style}>{html.escape(shown)}</th>"
        # a heading in the learner's words, with the name code selects by under it (pl.col("gap")):
        # the words may wrap, the name never does
        style = style.replace(";white-space:nowrap", "")
        return f'<th {style}>{html.escape(shown)}<br><code style="{_NAME_STYLE}">{html.escape(name)}</code></th>'

    def _repr_html_(self) -> str:
        # a column of short cells ("15–19", "0.46–0.72") never breaks inside one: a wide table would
        # otherwise squeeze it at the dash; long texts (an ability) still wrap
        short = [all(len(row[i]) <= 16 for row in self.rows) for i in range(len(self.columns))]
        align = [
            f'style="text-align:{"right" if number else "left"}{";white-space:nowrap" if keep else ""}"'
            for number, keep in zip(self.numeric, short)
        ]
        head = "".join(self._heading(shown, name, a) for shown, name, a in zip(self.columns, self.names, align))
        body = "".join(
            "<tr>" + "".join(f"<td {a}>{html.escape(cell)}</td>" for cell, a in zip(row, align)) + "</tr>"
            for row in self.rows
        )
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f'<table class="tk-table">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

    def __repr__(self) -> str:
        widths = [max([len(name)] + [len(row[i]) for row in self.rows]) for i, name in enumerate(self.columns)]

        def line(cells: Sequence[str]) -> str:
            return "  ".join(
                cell.rjust(width) if number else cell.ljust(width)
                for cell, width, number in zip(cells, widths, self.numeric)
            ).rstrip()

        lines = ([self.caption] if self.caption else []) + [line(self.columns)]
        lines += [line(row) for row in self.rows]
        return "\n".join(lines)


def table(
    frame: Any,
    by: str | Sequence[str] | None = None,
    caption: str = "",
    words: bool = True,
    cells: Mapping[str, Callable[[Any], str]] | None = None,
) -> Table:
    """A polars frame as a learner's table (every row); `by` sorts rows naturally by those columns.

    Each column is headed with its name in the learner's language (`column_words`), the data's own
    name under it where the two differ, and each text cell that is a word of the catalogs (a
    component's code: "beginner", an ability's text) reads in that language too; `cells` words a
    column's values with a function of the game's (a hotel's rule: `rule_words`). The frame, and the
    code that selects its columns, keep the data's own names and values. words=False shows the data
    as it is: for a table whose cells are what a learner types (card codes) or already words."""
    import polars as pl

    rows = frame.rows()
    if by is not None:
        keys = [frame.columns.index(name) for name in ([by] if isinstance(by, str) else by)]
        rows = sorted(rows, key=lambda row: tuple(natural_key(row[i]) for i in keys))
    numeric = [dtype.is_numeric() and dtype != pl.Boolean for dtype in frame.dtypes]
    cells = dict(cells or {})
    unknown = [name for name in cells if name not in frame.columns]
    if unknown:
        raise ValueError(f"cells= names no column of the table: {', '.join(map(repr, unknown))}")
    worders = [cells.get(name) for name in frame.columns]
    rows = [[_worded(value, worder, words) for value, worder in zip(row, worders)] for row in rows]
    if not words:
        return Table(frame.columns, rows, numeric, caption)
    return Table(column_words(frame.columns), rows, numeric, caption, names=frame.columns)


def _worded(value: Any, worder: Callable[[Any], str] | None, words: bool) -> Any:
    if value is None:
        return value
    if worder is not None:
        return worder(value)
    return format(Term(value)) if words and isinstance(value, str) else value


def column_words(columns: Sequence[str]) -> list[str]:
    """Data columns' names as a learner reads them: each name's words in the language in force
    ("best_half_width" is the message "best half width"); a name the catalogs do not know stays as
    it is (and so does every name in English)."""
    return [format(Term(name)) for name in columns]
