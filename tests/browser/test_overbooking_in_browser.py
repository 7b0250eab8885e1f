"""Overbooking in a real browser: open a lesson notebook in JupyterLab, place a card by clicking; the
kernel's game changes."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
        key, hotel = place_face_down(page)
        page.wait_for_selector(".tk-handover")
        page.get_by_text("I am player 1: show my hand").click()
        page.wait_for_selector(".ob-hand-row")
        placed = page.locator(f".ob-queue[data-hotel='{hotel}'] .ob-card").first
        assert "ob-back" in placed.get_attribute("class")  # player 1 sees only its back
        assert key.split("-")[1] not in placed.inner_text()


def place_face_down(page) -> tuple[str, str]:
    """Place one card of the hand face down in a queue; returns (card, hotel). The deal (so the
    hotels' tiles) is unguessable, so try the queues whose tile does not lie face up (that rule
    rightly shows the card to everyone), card by card: small/large-only and "no <crest>" tiles
    refuse some cards, and a refused placement changes nothing."""
    queues = page.locator(".ob-queue:not([data-rule='face_up'])")
    for q in range(queues.count()):
        hotel = queues.nth(q).get_attribute("data-hotel")
        for c in range(page.locator(".ob-hand-row .ob-card").count()):
            card = page.locator(".ob-hand-row .ob-card").nth(c)
            key = card.get_attribute("data-card")
            card.click()
            page.locator(f".ob-queue[data-hotel='{hotel}']").click()
            try:
                page.wait_for_selector(".tk-handover", timeout=3_000)
                return key, hotel
            except PlaywrightTimeout:  # refused by the tile's rule: try the next card
                continue
    raise AssertionError("no card could be placed face down in any queue")
