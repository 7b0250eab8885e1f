"""What a learner sees beyond the boards, in a real browser (issue 12, points 3, 6 and 7): analysis
charts that follow JupyterLab's theme (dark included) and tables without polars' dtype rows, in Lab
and in Voila; a console free of version-mismatch warnings; log numbers that stay whole past 100 at
Lab's narrow width; Samoa's open mode showing every hand it promises. Screenshots go to the artifacts
folder ($TABLEKIT_ARTIFACTS)."""

from __future__ import annotations

import re

from .lab import browser, new_notebook, run_all_in_lab, settle, switch_mode

ANALYSIS = "samoa/09-price-versus-occupancy.ipynb"
STORED_CHARTS = "lost-cities/05-scoring.ipynb"
CHART = """import altair as alt
import polars as pl
from widgets import charts

charts.enable()
frame = pl.DataFrame({"hand": ["0–4", "5–9", "10–14", "15–19", "20+"], "games": [120, 340, 410, 260, 90]})
alt.Chart(frame).mark_bar().encode(
    x=alt.X("hand:N", sort=charts.natural_order(frame["hand"]), title="value of the opening hand (points)"),
    y=alt.Y("games:Q", title="games"),
).properties(width=360, height=180, title=alt.Title("Games by opening hand", subtitle="n = 1,220 games"))"""
#: console messages that mean a front-end built for another JupyterLab was loaded
MISMATCH = re.compile(
    r"Unsatisfied version|No satisfying version|Failed to create module|Federation Runtime|shared module"
)


def listen(page) -> list:
    messages = []
    page.on("console", lambda message: messages.append((message.type, message.text, message.location.get("url", ""))))
    return messages


#: true once the first inline chart's axis title is drawn light (the dark theme's text)
LIGHT_TEXT = """() => {
    const fill = getComputedStyle(document.querySelector('div.tk-chart > svg .role-axis-title text')).fill;
    const [red, green, blue] = fill.match(/[\\d.]+/g).map(Number);
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255 > 0.75;
}"""


def text_lightness(page) -> float:
    """The lightness (0 dark .. 1 light) of the first inline chart's axis title, as drawn."""
    colour = page.evaluate(
        "() => getComputedStyle(document.querySelector('div.tk-chart > svg .role-axis-title text')).fill"
    )
    red, green, blue = (int(part) for part in re.findall(r"[\d.]+", colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_an_analysis_in_lab_shows_plain_tables_and_charts_that_follow_the_dark_theme(server, artifacts):
    with browser(1400, 900) as page:
        messages = listen(page)
        page.goto(server.lab(ANALYSIS))
        # before it runs (an untrusted notebook): every table plain; its charts wait for the
        # prediction, so the stored charts are looked at in a rule notebook's
        page.wait_for_function("() => document.querySelector('table.tk-table')", timeout=90_000)
        notebook = page.locator(".jp-Notebook")
        assert page.locator("table.tk-table").count() == 1 and "shape:" not in notebook.inner_text()
        assert page.locator("table.tk-table tbody tr").count() == 10  # all ten price cards, no "…"
        page.goto(server.lab(STORED_CHARTS))  # every chart a picture
        page.wait_for_function("() => document.querySelectorAll('div.tk-chart > img').length >= 1", timeout=90_000)
        # after a run (trusted outputs): a small chart notebook, quicker to run than the analysis
        # (whose run in Voila, dark, is the next test)
        chart = new_notebook(server.root, "chart.ipynb", CHART)
        run_all_in_lab(page, server, chart)
        page.wait_for_function("() => document.querySelectorAll('div.tk-chart > svg').length >= 1", timeout=60_000)
        assert text_lightness(page) < 0.35  # light theme: dark text
        page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        page.wait_for_function(LIGHT_TEXT, timeout=15_000)  # the theme's variables reach the chart's styles
        assert text_lightness(page) > 0.75  # dark theme: light text, with no rerun
        background = page.evaluate("() => getComputedStyle(document.querySelector('div.tk-chart > svg > rect')).fill")
        assert background != "rgb(254, 254, 254)", background  # the page's colour, not a white box
        page.locator("div.tk-chart").first.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "chart-lab-dark.png")
        problems = [m for m in messages if m[0] == "error" or MISMATCH.search(m[1])]
        assert not problems, problems


def test_voila_pages_load_no_front_end_built_for_another_lab_and_follow_the_dark_theme(server, artifacts):
    boards = {  # game: (its module and board, what shows it is live)
        "lost-cities": ("lostcities", "LostCitiesBoard", ".lc-board .lc-in-hand"),
        "overbooking": ("overbooking", "OverbookingBoard", ".ob-board .ob-hand-row .ob-card"),
        "samoa": ("samoa", "SamoaBoard", ".sa-board .sa-hand-row .sa-price"),
    }
    with browser(1400, 900) as page:
        messages = listen(page)
        for game, (module, board, live) in boards.items():
            source = f"from widgets.{module} import {board}\n{board}(mode='bot', seed=4)"
            page.goto(
                server.voila(new_notebook(server.root, f"{game}-voila.ipynb", source)) + "&theme=dark", timeout=120_000
            )
            page.wait_for_selector(live, timeout=120_000)
            loaded = page.evaluate(
                "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".federated_extensions.map(e => e.name)"
            )
            assert sorted(loaded) == [
                "@jupyter-widgets/jupyterlab-manager",
                "@voila-dashboards/widgets-manager8",
                "anywidget",
            ]
            settle(page)
            page.screenshot(path=artifacts / f"{game}-voila-dark.png")
        page.goto(server.voila(ANALYSIS) + "&theme=dark", timeout=180_000)  # Voila runs every cell first
        question = page.locator(".widget-vbox:has(.widget-toggle-buttons)").first  # its charts wait for it
        question.locator(".widget-toggle-button").first.click(timeout=120_000)
        question.locator("button").last.click()
        page.wait_for_function("() => document.querySelectorAll('div.tk-chart > svg').length >= 2", timeout=120_000)
        assert text_lightness(page) > 0.75
        page.locator("div.tk-chart").first.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "samoa-analysis-voila-dark.png")
    local = [m for m in messages if "127.0.0.1" in m[2] or not m[2].startswith("http")]
    errors = [m for m in local if m[0] == "error"]
    assert not errors, errors
    # no version mismatch at all: the front ends a page loads (Voila's widget manager, ipywidgets'
    # manager, anywidget) are built for Voila's own JupyterLab 4.2 core (the pins in pyproject.toml)
    mismatches = [m for m in messages if MISMATCH.search(m[1])]
    assert not mismatches, mismatches


def test_log_numbers_past_100_stay_whole_at_labs_narrow_width_and_samoas_open_mode_shows_every_hand(server, artifacts):
    play = "while not board.summary:\n    board.act(board.game.legal_actions()[0])\n"
    path = new_notebook(
        server.root,
        "small-things.ipynb",
        "from widgets.lostcities import LostCitiesBoard\nboard = LostCitiesBoard(mode='open', seed=2, rounds=2)\n"
        + play
        + "board.continue_play()\n"
        + play
        + "board",
    )
    with browser(1000, 800) as page:  # Lab's narrow width: the side panel is at its smallest
        messages = listen(page)
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".lc-board .tk-summary")
        numbers = page.locator(".tk-log .tk-log-n")
        last = int(numbers.last.inner_text().rstrip("."))
        assert last >= 100
        # every number is whole: inside the log box, not cut by its edge or by its own box
        clipped = page.evaluate(
            """() => {
                const log = document.querySelector('.tk-log').getBoundingClientRect();
                return [...document.querySelectorAll('.tk-log-n')].filter((n) => {
                    const box = n.getBoundingClientRect();
                    return box.left < log.left || n.scrollWidth > n.clientWidth + 1;
                }).map((n) => n.innerText);
            }"""
        )
        assert not clipped, clipped
        page.locator(".tk-log").screenshot(path=artifacts / "lost-cities-log-past-100.png")

        samoa = new_notebook(
            server.root,
            "samoa-open.ipynb",
            "from widgets.samoa import SamoaBoard\nSamoaBoard(mode='bot', seed=3, allow_peeking=True)",
        )
        run_all_in_lab(page, server, samoa)
        page.wait_for_selector(".sa-board .sa-hand-row .sa-price")
        switch_mode(page, "open")  # peeking allowed: the same seeded game goes on, every hand shown
        banner = page.locator(".tk-banner", has_text="Open teaching mode")
        banner.wait_for()
        assert "every hand" in banner.inner_text()
        others = page.locator(".sa-other-hand")
        assert others.count() == 3  # four players: the one to move on top, three below
        assert all(others.nth(i).locator(".sa-price").count() >= 1 for i in range(3))
        page.locator(".sa-board").screenshot(path=artifacts / "samoa-open-mode.png")
    # two boards in JupyterLab: no errors, no front end built for another version
    problems = [m for m in messages if m[0] == "error" or MISMATCH.search(m[1])]
    assert not problems, problems
