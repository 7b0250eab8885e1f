"""Overbooking in a real browser: open a lesson notebook in JupyterLab, place a card by clicking; the
kernel's game changes."""

from __future__ import annotations

from .lab import browser, run_all_in_lab, run_in_lab

NOTEBOOK = "overbooking/02-stage-1-placement.ipynb"


def test_place_a_card_by_clicking_and_step_through_stage_2(server):
    with browser(height=1300) as page:
        run_all_in_lab(page, server, NOTEBOOK)
        page.wait_for_selector(".ob-board .ob-hand-row .ob-card")
        card = page.locator(".ob-hand-row .ob-card").first
        key = card.get_attribute("data-card")
        card.click()
        page.locator(".ob-queue[data-hotel='3']").click()
        page.wait_for_function("() => document.querySelector('.ob-board').dataset.steps !== '0'")
        assert run_in_lab(page, "print(board.game.history[0])").strip() == f"queue {key} at 3"
        # the others' cards show only their backs in the page
        backs = page.locator(".ob-card.ob-back")
        assert backs.count() >= 1 and backs.first.locator(".ob-size").inner_text() in ("S", "L")
