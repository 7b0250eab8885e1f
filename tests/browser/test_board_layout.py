"""Every board usable at 1024x768, at 1366x768 and at 200% zoom (a 1366x768 screen, so 683x384 CSS
pixels), with JupyterLab's file browser open: the table and the side panel never overlap, Samoa's
hotels stay on the table, every card of the hand lies inside the notebook's area (or in a row that
scrolls), and no board is wider than its output area. One notebook holds all three boards (chosen
seeds); each size gets a screenshot per board in the artifacts folder."""

from __future__ import annotations

import pytest

from .lab import browser, new_notebook, run_all_in_lab

BOARDS = {  # board class: (the table, the hand's cards)
    "lc": ("lostcities", "LostCitiesBoard", ".lc-table", ".lc-in-hand"),
    "sa": ("samoa", "SamoaBoard", ".sa-table", ".sa-hand-row .sa-price"),
    "ob": ("overbooking", "OverbookingBoard", ".ob-table", ".ob-hand-row .ob-card"),
}
SIZES = {"1024x768": (1024, 768, 1), "1366x768": (1366, 768, 1), "200pct": (683, 384, 2)}


def settled(page) -> None:
    """Wait until JupyterLab has laid the panels out again (it does so in animation frames)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] - 1 and b["x"] < a["right"] - 1 and a["y"] < b["bottom"] - 1 and b["y"] < a["bottom"] - 1


def boxes(page, selector: str) -> list[dict]:
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].map((node) => {
            const r = node.getBoundingClientRect();
            let scroller = node.parentElement;
            while (scroller && !(scroller.scrollWidth > scroller.clientWidth + 1
                                 && ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))) {
                scroller = scroller.parentElement;
            }
            return {x: r.x, right: r.right, y: r.y, bottom: r.bottom, scrolls: Boolean(scroller)};
        })""",
        selector,
    )


def check_board(page, board: str, table: str, hand: str) -> None:
    page.wait_for_selector(f".{board}-board {hand}")
    page.locator(f".{board}-board").scroll_into_view_if_needed()
    settled(page)
    geometry = page.evaluate(
        """([board, table]) => {
            const root = document.querySelector(`.${board}-board`);
            const box = (node) => {
                const r = node.getBoundingClientRect();
                return {x: r.x, y: r.y, right: r.right, bottom: r.bottom};
            };
            const output = root.closest('.jp-OutputArea-output') || root.parentElement;
            const notebook = root.closest('.jp-WindowedPanel-outer, .jp-Notebook') || document.body;
            return {board: box(root), output: box(output), table: box(root.querySelector(table)),
                    panel: box(root.querySelector('.tk-panel')), notebook: box(notebook)};
        }""",
        [board, table],
    )
    for part in ("board", "table", "panel"):  # drawn, not hidden
        assert geometry[part]["right"] - geometry[part]["x"] > 150, (part, geometry)
    assert not overlap(geometry["table"], geometry["panel"]), geometry
    assert geometry["board"]["right"] <= geometry["output"]["right"] + 1, geometry  # nothing cut off on the right
    for part in ("table", "panel"):
        assert geometry[part]["right"] <= geometry["output"]["right"] + 1, (part, geometry)
    for card in boxes(page, f".{board}-board {hand}"):
        inside = geometry["notebook"]["x"] - 1 <= card["x"] and card["right"] <= geometry["notebook"]["right"] + 1
        assert inside or card["scrolls"], (card, geometry)
    if board == "sa":  # the hotels stay on the table, clear of the side panel
        for hotel in boxes(page, ".sa-hotel"):
            assert hotel["right"] <= geometry["table"]["right"] + 1 and not overlap(hotel, geometry["panel"]), (
                hotel,
                geometry,
            )


# one browser window per device scale; the window takes each size of its screen in turn
SCREENS = {"window": ["1024x768", "1366x768"], "zoomed": ["200pct"]}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_board_fits_with_the_file_browser_open(server, artifacts, screen):
    sizes = SCREENS[screen]
    cells = [
        f"from widgets.{module} import {name}\nboard_{board} = {name}(mode='bot', seed=5)\nboard_{board}"
        for board, (module, name, _, _) in BOARDS.items()
    ]
    path = new_notebook(server.root, f"layout-{screen}.ipynb", *cells)
    width, height, scale = SIZES[sizes[0]]
    with browser(width, height, scale=scale) as page:
        run_all_in_lab(page, server, path)
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_function("() => document.querySelector('#filebrowser')?.offsetWidth > 100")
        for size in sizes:
            width, height, _ = SIZES[size]
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"() => document.querySelector('.jp-LabShell').offsetWidth === {width}")
            settled(page)
            for cell, (board, (_, _, table, hand)) in enumerate(BOARDS.items()):
                # the board's cell active: JupyterLab scrolls back to the active cell otherwise
                page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {cell}; }}")
                check_board(page, board, table, hand)
                for part, selector in (("hand", hand), ("panel", ".tk-panel")):
                    page.locator(f".{board}-board {selector}").first.scroll_into_view_if_needed()
                    settled(page)
                    page.screenshot(path=artifacts / f"layout-{size}-{board}-{part}.png")
