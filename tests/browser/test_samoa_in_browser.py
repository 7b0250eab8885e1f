"""Samoa in a real browser: choose a price card and take tourists by clicking; the kernel's game changes."""

from __future__ import annotations

import nbformat

from .lab import browser, run_all_in_lab, run_in_lab

SOURCE = """from widgets.samoa import SamoaBoard
board = SamoaBoard(players=4, seed=3, mode="bot", scenario={"groups": [["U plain", "U rich"], ["U lovers"]], "offer": ["pool"]})
board"""


def test_choose_a_price_card_and_place_a_tourist_by_clicking(server):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(SOURCE)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, server.root / "samoa-board-test.ipynb")
    with browser(height=1300) as page:
        run_all_in_lab(page, server, "samoa-board-test.ipynb")
        page.wait_for_selector(".sa-board .sa-hand-row .sa-price")
        page.locator(".sa-hand-row .sa-price[data-card='2/3']").click()  # the cheapest room price
        page.wait_for_function("() => document.querySelector('.sa-board').dataset.steps !== '0'")
        # the bots chose too; player 0 bids 2, so it builds last; pass if it is asked
        if page.get_by_role("button", name="pass", exact=True).count():
            page.get_by_role("button", name="pass", exact=True).click()
        page.wait_for_selector(".sa-tourist[data-group='1'][data-tile='2'].sa-clickable")
        page.locator(".sa-tourist[data-group='1'][data-tile='2']").click()  # the rich tourist
        page.locator(".sa-room[data-player='0'][data-room='1']").click()
        page.wait_for_selector(".sa-room[data-player='0'][data-room='1'] .sa-tourist")
        assert "pays 6 (SA-8.1 rich: double)" in page.locator(".tk-log").inner_text()
        assert run_in_lab(page, "print(board.game.hotels[0].rooms[0])").strip().startswith("[Tourist(")
