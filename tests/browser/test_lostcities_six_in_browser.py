"""The six-expedition edition in a real browser: the board draws six columns on each side and six
discard piles, named and coloured from the view, at a laptop's 1366×768 and a tablet's 1024×768."""

from __future__ import annotations

import pytest

from .lab import browser, new_notebook, run_all_in_lab

KEYS = ["H", "B", "D", "V", "N", "U"]


@pytest.mark.parametrize("width, height", [(1366, 768), (1024, 768)])
def test_a_six_expedition_board_draws_all_six_columns(server, artifacts, width, height):
    path = new_notebook(
        server.root,
        f"lost-cities-six-{width}.ipynb",
        "from widgets.lostcities import LostCitiesBoard\n"
        "board = LostCitiesBoard(mode='bot', seed=5, edition='six')\nboard",
    )
    with browser(width, height) as page:
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".lc-board .lc-in-hand")
        for side in ("lc-us", "lc-them"):
            columns = page.locator(f".{side} .lc-exp")
            assert [columns.nth(i).get_attribute("data-exp") for i in range(columns.count())] == KEYS
        piles = page.locator(".lc-pile[data-pile]")
        assert [piles.nth(i).get_attribute("data-pile") for i in range(piles.count())] == KEYS
        purple = page.locator(".lc-us .lc-exp[data-exp='U']")
        assert "Uncharted world expedition" in purple.get_attribute("aria-label")
        # every column and the draw pile are inside the table, none cut off
        table = page.locator(".lc-table").bounding_box()
        for node in (purple, page.locator(".lc-deck-pile")):
            box = node.bounding_box()
            assert box["x"] >= table["x"] and box["x"] + box["width"] <= table["x"] + table["width"] + 1
        page.locator(".lc-board").scroll_into_view_if_needed()
        page.screenshot(path=artifacts / f"lost-cities-six-{width}x{height}.png")
        if width == 1366:  # the analysis says which engine it used, and why
            page.get_by_role("button", name="Analyse").click()
            page.wait_for_selector(".tk-analysis-table", timeout=120_000)
            notes = page.locator(".tk-analysis").inner_text()
            assert "the fast engine plays 5 expeditions; this game has 6: the readable engine is used" in notes
