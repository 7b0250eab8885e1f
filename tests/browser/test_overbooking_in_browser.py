"""Overbooking in a real browser: open a lesson notebook in JupyterLab, place a card by clicking; the
kernel's game changes."""

from __future__ import annotations

from .lab import browser, run_all_in_lab, run_in_lab, switch_mode

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


def test_hotseat_in_voila_shows_only_backs_of_the_previous_players_card(server):
    with browser(height=1300) as page:
        page.goto(server.voila("overbooking/08-full-game-against-bots.ipynb"))
        page.wait_for_selector(".ob-board .ob-hand-row .ob-card", timeout=120_000)
        switch_mode(page, "hotseat")
        page.wait_for_selector(".tk-handover")
        assert page.locator(".ob-hand-row").count() == 0
        page.get_by_text("I am player 0: show my hand").click()
        card = page.locator(".ob-hand-row .ob-card").first
        key = card.get_attribute("data-card")
        card.click()
        page.locator(".ob-queue[data-hotel='1']").click()
        page.wait_for_selector(".tk-handover")
        page.get_by_text("I am player 1: show my hand").click()
        page.wait_for_selector(".ob-hand-row")
        placed = page.locator(".ob-queue[data-hotel='1'] .ob-card").first
        assert "ob-back" in placed.get_attribute("class")  # player 1 sees only its back
        assert key.split("-")[1] not in placed.inner_text()
