"""Real-browser tests of the advisor's table (widgets/analysis.py, analysis.js) in JupyterLab: it
sits under every board (Lost Cities, its six-expedition edition, Samoa, Overbooking) and fits whole
at 1366x768 and 1024x768 with the file browser open; hovering a row marks its move on the board,
clicking picks it; and a move made while an analysis runs renders at once, the stale table never
showing for the new position. Screenshots of each table go to the artifacts folder."""

from __future__ import annotations

import time

from .lab import browser, new_notebook, run_all_in_lab, run_in_lab, settle

BOARDS = {  # name: (the board's CSS prefix, the cell that shows it)
    "lost-cities": ("lc", "from widgets.lostcities import LostCitiesBoard\nLostCitiesBoard(mode='bot', seed=5)"),
    "lost-cities-six": (
        "lc",
        "from widgets.lostcities import LostCitiesBoard\nLostCitiesBoard(mode='bot', seed=5, edition='six')",
    ),
    "samoa": ("sa", "from widgets.samoa import SamoaBoard\nSamoaBoard(mode='bot', seed=5)"),
    "overbooking": ("ob", "from widgets.overbooking import OverbookingBoard\nOverbookingBoard(mode='bot', seed=5)"),
}
SIZES = [(1366, 768), (1024, 768)]

# the geometry of one table: the section's box, the notebook output's, and every cell whose content
# does not fit in it (cut off) or that pokes out of the section
GEOMETRY = """(section) => {
    const box = (node) => { const r = node.getBoundingClientRect(); return {x: r.x, right: r.right}; };
    const output = section.closest('.jp-OutputArea-output') || section.parentElement;
    const cells = [...section.querySelectorAll('.tk-analysis-table th, .tk-analysis-table td')];
    const cut = cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent);
    const s = box(section);
    const outside = cells.filter((c) => { const b = box(c); return b.x < s.x - 1 || b.right > s.right + 1; })
        .map((c) => c.textContent);
    return {section: s, output: box(output), cut, outside,
            rows: section.querySelectorAll('.tk-analysis-row').length};
}"""


def test_the_table_fits_whole_under_every_board_and_previews_and_picks_moves(server, artifacts):
    cells = [source for _, source in BOARDS.values()]
    path = new_notebook(server.root, "analysis-layout.ipynb", *cells)
    with browser(*SIZES[0]) as page:
        run_all_in_lab(page, server, path)
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_function("() => document.querySelector('#filebrowser')?.offsetWidth > 100")
        sections = page.locator(".tk-analysis")
        assert sections.count() == len(BOARDS), "one advisor's section under each board"
        for index in range(len(BOARDS)):
            sections.nth(index).locator(".tk-analyse").click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.tk-analysis[data-state=ready]').length === {len(BOARDS)}",
            timeout=180_000,
        )
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"() => document.querySelector('.jp-LabShell').offsetWidth === {width}")
            settle(page)
            for index, name in enumerate(BOARDS):
                page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {index}; }}")
                section = sections.nth(index)
                section.scroll_into_view_if_needed()
                settle(page)
                geometry = section.evaluate(GEOMETRY)
                assert geometry["section"]["right"] <= geometry["output"]["right"] + 1, (name, width, geometry)
                assert not geometry["cut"] and not geometry["outside"], (name, width, geometry)
                assert 1 <= geometry["rows"] <= 8, "the best 8 until 'show all'"
                section.screenshot(path=artifacts / f"analysis-{width}x{height}-{name}.png")
        # the sorted column is visible and sorted; vs best is beside each estimate; ties in words
        first = sections.nth(0)
        page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0; }")
        first.scroll_into_view_if_needed()
        settle(page)
        header = first.locator("th").all_inner_texts()
        assert header[2].startswith("score difference") and header[3].startswith("vs best")
        shown = [
            float(t.split()[0].replace("−", "-").replace("±", ""))
            for t in first.locator("tr td:nth-child(3)").all_inner_texts()
        ]
        assert shown == sorted(shown, reverse=True), shown
        assert first.locator("tr td:nth-child(4)").first.inner_text() == "best"
        overbooking = sections.nth(3)
        page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = 3; }")
        overbooking.scroll_into_view_if_needed()
        if overbooking.locator(".tk-analysis-all").count():  # more than 8 moves
            overbooking.locator(".tk-analysis-all").click()
            assert overbooking.locator(".tk-analysis-row").count() > 8
            overbooking.scroll_into_view_if_needed()
            settle(page)
            overbooking.screenshot(path=artifacts / "analysis-1024x768-overbooking-all.png")
        # in Polish, the longest words of the four languages: worded by the board, still fitting whole
        page.locator(".ob-board .tk-lang").select_option("pl")
        page.wait_for_function(
            "() => document.querySelectorAll('.tk-analysis')[3].querySelector('.tk-analyse')?.textContent"
            " === 'Analiza włączona'"
        )
        overbooking.scroll_into_view_if_needed()
        settle(page)
        geometry = overbooking.evaluate(GEOMETRY)
        assert overbooking.locator("th").all_inner_texts()[2] == "różnica punktów ▼"
        assert geometry["section"]["right"] <= geometry["output"]["right"] + 1, geometry
        assert not geometry["cut"] and not geometry["outside"], geometry
        overbooking.screenshot(path=artifacts / "analysis-1024x768-overbooking-pl.png")
        samoa = sections.nth(2)
        samoa.scroll_into_view_if_needed()
        ties = samoa.locator(".tk-analysis-ties li")
        if ties.count():
            assert "led to the same result in every one of the" in ties.first.inner_text()
        # hover: the move's places marked on its board, in the page only; click: picked by Python
        page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0; }")
        first.scroll_into_view_if_needed()
        row = first.locator(".tk-analysis-row").first
        row.hover()
        page.wait_for_function("() => document.querySelectorAll('.lc-board .tk-previewed').length >= 2")
        row.click()
        page.wait_for_selector(".lc-board .tk-advised")
        page.wait_for_selector(".tk-analysis .tk-analysis-play")
        action = row.locator(".tk-analysis-action").get_attribute("data-action")
        assert first.locator(".tk-analysis-play").inner_text() == f"Play {action}"
        page.mouse.move(0, 0)
        page.wait_for_function("() => !document.querySelector('.lc-board .tk-previewed')")
        board = page.locator(".lc-board").first
        board.locator(".lc-hand").scroll_into_view_if_needed()
        settle(page)
        page.screenshot(path=artifacts / "analysis-lost-cities-picked-on-the-board.png")
        steps = board.get_attribute("data-steps")
        first.locator(".tk-analysis-play").click()  # the learner confirms the pick
        page.wait_for_function(f"() => document.querySelector('.lc-board').dataset.steps !== '{steps}'")


# every table the page draws, with the board's step at that moment (the stale one must never show)
WATCH_TABLES = """() => {
    window.tkTables = [];
    const section = document.querySelector('.tk-analysis');
    new MutationObserver(() => {
        const cells = [...section.querySelectorAll('.tk-analysis-action')];
        if (cells.length) window.tkTables.push({steps: document.querySelector('.lc-board').dataset.steps,
                                                 actions: cells.map((c) => c.dataset.action)});
    }).observe(section, {childList: true, subtree: true});
}"""


def test_a_move_while_the_analysis_runs_renders_at_once_and_the_stale_table_never_shows(server, artifacts):
    source = (
        "from widgets.lostcities import LostCitiesBoard\n"
        "board = LostCitiesBoard(mode='bot', seed=5)\n"
        "board.analysis_rollouts = {'kernel': 40_000, 'readable': 400}  # long enough to move while it runs\n"
        "board"
    )
    with browser(1366, 900) as page:
        run_all_in_lab(page, server, new_notebook(server.root, "analysis-running.ipynb", source))
        page.locator(".tk-analyse").click()
        page.wait_for_function(
            "() => /analysing… [0-9]+%/.test(document.querySelector('.tk-analysis-progress').textContent)",
            timeout=180_000,
        )
        # the kernel is free while it works: a cell runs, and the table of the next position is smaller
        said = run_in_lab(
            page, "board.analysis_rollouts = {'kernel': 300, 'readable': 20}\nprint(board.analysis.get('running'))"
        )
        assert said.strip() == "True"
        page.evaluate(WATCH_TABLES)
        card = page.locator(".lc-in-hand:not(.lc-idle)").first
        key = card.get_attribute("data-card")
        card.click()
        steps = page.locator(".lc-board").get_attribute("data-steps")
        start = time.perf_counter()
        page.locator(f".lc-pile[data-pile='{key[0]}']").click()  # discard it, while the analysis runs
        page.wait_for_function(f"() => document.querySelector('.lc-board').dataset.steps !== '{steps}'")
        took = time.perf_counter() - start
        assert took < 2.0, f"the move took {took:.2f} s to render"
        assert page.locator(".tk-analysis").get_attribute("data-state") == "running"
        page.wait_for_selector(".tk-analysis[data-state=ready]", timeout=120_000)
        settle(page)
        tables = page.evaluate("() => window.tkTables")
        new_steps = page.locator(".lc-board").get_attribute("data-steps")
        assert tables and all(t["steps"] == new_steps for t in tables), tables
        assert all(action.startswith("draw") for t in tables for action in t["actions"]), tables
        page.locator(".tk-analysis").screenshot(path=artifacts / "analysis-after-a-move.png")
        legal = run_in_lab(
            page, "print(sorted(r['action'] for r in board.analysis['rows']) == sorted(board.view['legal_actions']))"
        )
        assert legal.strip() == "True"
