"""Charts and tables for learners (widgets/charts.py, issue 12 point 6): charts carry the theme's
CSS variables with readable fallbacks, x labels lie flat, every chart has a title; tables show no
dtype row, no shape line, every row, in natural order. And the stored analysis and rule-path
notebooks show none of polars' raw frames and no chart as bare SVG or as `alt.…` text."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import altair as alt
import polars as pl
import pytest

from widgets import charts

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lost-cities", "samoa", "overbooking")
ANALYSES = sorted(path for game in GAMES for path in (ROOT / "notebooks" / game).glob("09-*"))
RULE_PATH = sorted(
    path for game in ("lost-cities", "samoa", "overbooking") for path in (ROOT / "notebooks" / game).glob("0[1-8]-*")
)
DTYPE_ROW = re.compile(r"│\s*(str|i64|i32|u32|u64|f64|f32|bool|enum|cat|date|datetime\[\w+\])\s*[┆│]")


def test_range_labels_sort_in_natural_order():
    shuffled = ["20+", "10–14", "0–4", "15–19", "5–9"]
    assert charts.natural_order(shuffled) == ["0–4", "5–9", "10–14", "15–19", "20+"]
    assert charts.natural_order(["14–17 beds", "8–10 beds", "11–13 beds"]) == ["8–10 beds", "11–13 beds", "14–17 beds"]
    assert charts.natural_order(["156", "0", "−80", "-3"]) == ["−80", "-3", "0", "156"]
    assert charts.natural_order(["4+", "1", "0", "3", "2"]) == ["0", "1", "2", "3", "4+"]
    assert sorted(["b", None, "a"], key=charts.natural_key) == ["a", "b", None]


def test_a_learners_table_has_every_row_no_dtypes_no_shape_and_natural_order():
    labels = ["10–14", "5–9", "0–4", "15–19"] * 10  # 40 rows: polars would hide the middle ones
    frame = pl.DataFrame({"hand": labels, "games": list(range(40)), "share": [0.25] * 40, "lost": [True] * 40})
    table = charts.table(frame, by="hand")
    shown, text = table._repr_html_(), repr(table)
    for output in (shown, text):
        assert "shape:" not in output and "…" not in output
        assert not re.search(r"\b(str|i64|f64|bool)\b", output)
    assert shown.count("<tr>") == 41 and len(text.splitlines()) == 41
    rows = re.findall(r"<tr><td[^>]*>([^<]+)</td>", shown)
    assert rows == ["0–4"] * 10 + ["5–9"] * 10 + ["10–14"] * 10 + ["15–19"] * 10
    assert 'style="text-align:right;white-space:nowrap">39</td>' in shown  # numbers right-aligned
    assert 'style="text-align:left;white-space:nowrap">10–14</td>' in shown  # a range never breaks at its dash
    long = charts.table(pl.DataFrame({"ability": ["replace any card numbered 6 in the queue with this card"]}))
    assert 'style="text-align:left">replace' in long._repr_html_()  # long texts still wrap
    assert ">yes<" in shown  # booleans in words


def test_a_table_reads_in_the_learners_language_with_the_datas_names_under_its_headings():
    from kit.i18n import language
    from kit.overbooking.components import rule_words

    frame = pl.DataFrame({"beds": [8], "source": ["rulebook"], "rule": ["first:monk"], "bot": ["heuristic"]})
    with language("pl"):
        table = charts.table(frame, cells={"rule": rule_words})
        raw = charts.table(frame, words=False)
    shown = table._repr_html_()
    assert table.columns == ["łóżka", "źródło", "zasada", "bot"]  # "bot" is Polish too
    assert table.rows == [["8", "instrukcja", "mnisi: pierwszeństwo", "heurystyczny"]]
    assert re.search(r'<th style="text-align:right">łóżka<br><code style="[^"]*">beds</code></th>', shown)
    assert "<th " in shown and ">bot</th>" in shown and shown.count("<code") == 3  # no name under "bot"
    assert raw.columns == frame.columns and raw.rows == [["8", "rulebook", "first:monk", "heuristic"]]
    with language("en"):
        english = charts.table(frame)
        worded = charts.table(frame, cells={"rule": rule_words})
    assert english.columns == frame.columns and "<code" not in english._repr_html_()  # English: as it was
    assert english.rows == raw.rows and worded.rows[0][2] == "monks book first"
    with pytest.raises(ValueError, match="'rules'"):
        charts.table(frame, cells={"rules": rule_words})


def test_after_enable_a_frame_shown_as_it_is_has_no_dtype_row_shape_line_or_hidden_rows():
    frame = pl.DataFrame(
        {"hand": [f"{5 * i}–{5 * i + 4}" for i in range(30)], "mean score, 95% CI": ["12.3 (11.0–13.6)"] * 30}
    )
    renderer, theme = alt.renderers.active, alt.theme.active
    with pl.Config():  # restores polars' settings afterwards
        charts.enable()
        try:
            assert alt.renderers.active == "tablekit" and alt.theme.active == "tablekit"
            for shown in (repr(frame), frame._repr_html_()):
                assert "shape:" not in shown and "…" not in shown and "&hellip;" not in shown
                assert not re.search(r"\bstr\b", shown)
                assert "145–149" in shown and "12.3 (11.0–13.6)" in shown
        finally:
            alt.renderers.enable(renderer)
            alt.theme.enable(theme)


def test_a_chart_follows_the_theme_with_readable_fallbacks_and_flat_labels():
    frame = pl.DataFrame({"hand": ["0–4", "5–9", "10–14", "15–19", "20+"], "games": [3, 5, 8, 5, 2]})
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(x=alt.X("hand:N", sort=charts.natural_order(frame["hand"]), title="hand value"), y="games:Q")
        .properties(title="Games by hand")
    )
    bundle = charts.renderer(chart.to_dict())
    assert bundle["text/plain"] == "chart: Games by hand"
    shown = bundle["text/html"]
    assert shown.startswith('<div class="tk-chart"><img data-tk-chart="1"') and "<script>" in shown
    assert f"background:{charts.PAPER}" in shown  # unrun (an image), the chart keeps its paper in a dark theme
    source = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', shown).group(1)
    svg = base64.b64decode(source).decode("utf-8")
    assert "var(--jp-ui-font-color1,#212121)" in svg and "[fill='#fefefe']{fill:transparent}" in svg
    assert "@supports (fill: var(--tk)) {" in svg  # renderers without var() keep the marker colours
    labels = re.search(r'class="mark-text role-axis-label".*?</g>', svg).group(0)
    assert "rotate(" not in labels  # flat x labels
    texts = re.findall(r"<text[^>]*fill=\"([^\"]+)\"", svg)
    assert texts and set(texts) <= {charts.INK, charts.INK_SOFT}  # no fixed black: every text follows the theme
    assert 'fill="white"' not in svg


def test_a_widget_can_show_the_chart_inline():
    chart = alt.Chart(pl.DataFrame({"x": [1, 2], "y": [3, 4]})).mark_line().encode(x="x:Q", y="y:Q")
    shown = charts.inline_html(chart)
    assert shown.startswith('<div class="tk-chart"><svg') and "<style>@supports" in shown


def test_two_charts_inline_on_one_page_never_share_an_id():
    frame = pl.DataFrame({"x": [1, 2, 3], "y": [1, 5, 2]})
    first = charts.svg(
        alt.Chart(frame).mark_line(clip=True).encode(x="x:Q", y=alt.Y("y:Q", scale=alt.Scale(domain=[0, 3])))
    )
    second = charts.svg(
        alt.Chart(frame).mark_bar(clip=True).encode(x="x:Q", y=alt.Y("y:Q", scale=alt.Scale(domain=[0, 2])))
    )
    ids = [set(re.findall(r'\bid="([^"]+)"', svg)) for svg in (first, second)]
    assert ids[0] and ids[1] and not ids[0] & ids[1]
    for svg, own in zip((first, second), ids):
        assert set(re.findall(r"url\(#([^)]+)\)", svg)) <= own


#: a stored output that waits for the learner's prediction (`widgets.lessons.after`, a lesson's
#: `guessed`): what it holds back is drawn only after the prediction, so it is not stored
WAITING = ("tk-after", "Write your guess in ")


def waiting(path: Path) -> int:
    """How many stored outputs of a notebook wait for a prediction instead of showing their result."""
    outputs = [output for cell in json.loads(path.read_text())["cells"] for output in cell.get("outputs", [])]
    return sum(
        any(mark in "".join(o.get("data", {}).get("text/html", "")) + "".join(o.get("text", "")) for mark in WAITING)
        for o in outputs
    )


def shown_tables_and_charts(path: Path, pictures: bool = False) -> tuple[int, int]:
    """How many learner's tables and themed charts a stored notebook shows, after checking that it
    shows no raw polars frame and no bare chart. A board's still picture (`pictures`) carries its SVG
    beside its own HTML, which JupyterLab prefers; a chart's SVG alone would be a white box."""
    notebook = json.loads(path.read_text())
    tables = charted = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", "")) + "".join(output.get("text", ""))
            page = "".join(data.get("text/html", ""))
            assert "shape: (" not in text + page, cell["source"]
            assert not DTYPE_ROW.search(text), cell["source"]
            assert not text.startswith("alt."), "an unrun chart must not read `alt.LayerChart(...)`"
            if not (pictures and page):
                assert "image/svg+xml" not in data, "a chart shown as bare SVG is a white box in the dark theme"
            tables += 'class="tk-table"' in page
            charted += 'class="tk-chart"' in page
            if "<table" in page:
                assert 'class="tk-table"' in page and "&hellip;" not in page and "<td>…</td>" not in page
    return tables, charted


@pytest.mark.parametrize("path", ANALYSES, ids=lambda path: path.parent.name)
def test_the_stored_analysis_notebooks_show_learner_tables_and_themed_charts(path):
    tables, charted = shown_tables_and_charts(path, pictures=True)  # a still picture of the board may show
    held = waiting(path)  # the charts and tables after the prediction (tests/test_predict_first.py)
    if path.parent.name != "lost-cities":  # Lost Cities 9 (a sixth expedition) prints its few figures as text
        assert tables + held >= 1 and charted + held >= 2, (tables, charted, held)


def test_the_stored_rule_path_notebooks_show_learner_tables_and_themed_charts():
    shown = {f"{path.parent.name}/{path.name[:2]}": shown_tables_and_charts(path, pictures=True) for path in RULE_PATH}
    assert len(shown) == 24
    # the notebooks that show component tables and charts (a count that drops means a raw frame is back)
    # (each path's first notebook: its components and the game's glossary, widgets/glossary.py)
    assert shown["lost-cities/01"] == (2, 0) and shown["lost-cities/05"] == (2, 2)
    assert shown["samoa/01"] == (6, 0) and shown["overbooking/01"] == (5, 0) and shown["overbooking/07"] == (1, 0)


def test_a_table_alone_does_not_import_altair():
    """Rule notebooks that only show tables must stay fast: Altair costs about a second to import."""
    code = (
        "import sys; import polars as pl; from widgets import charts; "
        "charts.table(pl.DataFrame({'a': [1]}))._repr_html_(); charts.INK; "
        "assert 'altair' not in sys.modules, 'altair imported'"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


LESSONS = sorted(ROOT.glob("notebooks/probability/[0-9]*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem[:2])
def test_the_stored_probability_lessons_show_themed_charts_and_no_raw_frames(path):
    """As the analyses: no polars `shape:` line, dtype row or HTML frame, no chart as bare SVG (a
    board's still picture carries its SVG beside its own HTML, which JupyterLab prefers) or as
    Altair's `alt.…(...)` text, no object's name where its content belongs (an explorer once showed
    "<IPython.core.display.Markdown object>"); tables as a learner's or Markdown's."""
    charted = 0
    for cell in json.loads(path.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", "")) + "".join(output.get("text", ""))
            page = "".join(data.get("text/html", ""))
            assert "shape: (" not in text + page and not DTYPE_ROW.search(text), cell["source"]
            assert "image/svg+xml" not in data or page, "a chart shown as bare SVG is a white box in the dark theme"
            assert not text.startswith("alt."), "an unrun chart must not read `alt.LayerChart(...)`"
            assert "IPython.core.display." not in page, "an object's name where its content belongs"
            assert 'class="dataframe"' not in page and "&hellip;" not in page and "<td>…</td>" not in page
            charted += 'class="tk-chart"' in page
    assert charted + waiting(path) >= 1, charted  # a chart, or a cell that draws it once the guess is written


WRITTEN = [("en", "0.25", "2,000"), ("pl", "0,25", "2\xa0000"), ("sv", "0,25", "2\xa0000"), ("nb", "0,25", "2\xa0000")]


@pytest.mark.parametrize(("lang", "decimal", "thousand"), WRITTEN)
def test_a_charts_axes_write_numbers_as_the_language_does(lang, decimal, thousand):
    from kit.i18n import language

    chart = alt.Chart(pl.DataFrame({"x": [0.05, 0.25], "y": [1234.5, 2000.0]})).mark_point().encode(x="x:Q", y="y:Q")
    with language(lang):
        labels = re.findall(r">([0-9][^<]*)</text>", charts.svg(chart))
    assert decimal in labels and thousand in labels, labels
