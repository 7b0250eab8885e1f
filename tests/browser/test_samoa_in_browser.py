"""Samoa in a real browser: open a lesson notebook in JupyterLab, choose a price card and place a
tourist by clicking; the kernel's game changes."""

from __future__ import annotations

from .lab import browser, run_all_in_lab, run_in_lab, switch_mode

# groups: [J rich, J plain, J celebrity], [J bather 3, J lovers]; your hotel: a celebrity in room 2
NOTEBOOK = "samoa/05-special-tourists.ipynb"


def test_choose_a_price_card_and_place_a_tourist_by_clicking(server):
    with browser(height=1300) as page:
        run_all_in_lab(page, server, NOTEBOOK)
        page.wait_for_selector(".sa-board .sa-hand-row .sa-price")
        page.locator(".sa-hand-row .sa-price[data-card='2/3']").click()  # the cheapest room price
        page.wait_for_function("() => document.querySelector('.sa-board').dataset.steps !== '0'")
        pass_button = page.get_by_role("button", name="Pass (buy nothing)", exact=True)
        if pass_button.count():  # asked to build with a bid of 2: pass
            pass_button.click()
        page.wait_for_selector(".sa-tourist[data-group='1'][data-tile='1'].sa-clickable")
        page.locator(".sa-tourist[data-group='1'][data-tile='1']").click()  # the rich tourist
        page.locator(".sa-room[data-player='0'][data-room='1']").click()  # next to the celebrity
        page.wait_for_selector(".sa-room[data-player='0'][data-room='1'] .sa-tourist")
        log = page.locator(".tk-log").inner_text()
        assert "pays 6 (SA-8.1 rich: double; SA-8.3 next to a celebrity: double; SA-8 double never stacks)" in log
        assert run_in_lab(page, "print(board.game.hotels[0].rooms[0][0].label)").strip() == "J rich"


def test_hotseat_in_voila_keeps_each_secret_choice_hidden(server):
    with browser(height=1300) as page:
        page.goto(server.voila("samoa/08-full-game-against-bots.ipynb"))
        page.wait_for_selector(".sa-board .sa-hand-row .sa-price", timeout=120_000)
        switch_mode(page, "hotseat")
        page.wait_for_selector(".tk-handover")
        assert page.locator(".sa-hand-row").count() == 0  # no hand while the device changes hands
        page.get_by_text("I am player 0: show my hand").click()
        page.locator(".sa-hand-row .sa-price[data-card='20/12']").click()
        page.wait_for_selector(".tk-handover")
        # player 1 sees that player 0 chose, not what
        page.get_by_text("I am player 1: show my hand").click()
        page.wait_for_selector(".sa-hand-row")
        seat0 = page.locator(".sa-seat").first
        assert "chosen" in seat0.inner_text() and "20" not in seat0.inner_text()
