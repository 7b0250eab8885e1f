"""Real-browser tests: Debian's Chromium, driven by Playwright, plays Lost Cities by clicking on the
board in JupyterLab and in Voila, and the kernel's game changes."""

from __future__ import annotations

import pytest

from .lab import browser, run_all_in_lab, run_in_lab, switch_mode

NOTEBOOK = "lost-cities/02-playing-to-an-expedition.ipynb"  # your hand: Dx D4 D6 D9 H3 H8 V5 N2


def steps(page) -> int:
    return int(page.locator(".lc-board").get_attribute("data-steps"))


def play_dx_and_draw(page) -> None:
    page.locator(".lc-in-hand[data-card='Dx']").click()
    page.locator(".lc-us .lc-exp[data-exp='D']").click()
    page.wait_for_selector(".lc-us .lc-exp[data-exp='D'] .lc-card[data-card='Dx']")
    assert steps(page) == 1
    page.locator(".lc-deck-pile").click()
    page.wait_for_function("() => document.querySelector('.lc-board').dataset.steps === '4'")  # + the bot's turn


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_play_a_card_by_clicking_in_jupyterlab(server, scheme):
    with browser(color_scheme=scheme) as page:
        run_all_in_lab(page, server, NOTEBOOK)
        if scheme == "dark":
            page.evaluate(
                "() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
            )
        page.wait_for_selector(".lc-board .lc-in-hand")
        assert page.locator(".lc-in-hand").count() == 8  # only your own hand reaches the page
        assert page.locator(".lc-hand-row").count() == 1
        play_dx_and_draw(page)
        # the kernel's game changed, and the board shows the engine's new view
        assert run_in_lab(page, "print(board.game.history[:2], len(board.game.history))").strip() == (
            "[Play(card=Card(Dx)), Draw(pile=None, letter='deck')] 4"
        )
        assert page.locator(".lc-in-hand").count() == 8
        assert "You play Dx" in page.locator(".tk-log").inner_text()  # the log speaks to its reader
        # an illegal attempt shows the engine's message with its rule id and changes nothing
        page.locator(".lc-in-hand[data-card='D6']").click()
        page.locator(".lc-us .lc-exp[data-exp='D']").click()
        page.wait_for_selector(".lc-us .lc-exp[data-exp='D'] .lc-card[data-card='D6']")
        page.locator(".lc-deck-pile").click()
        page.wait_for_function("() => document.querySelector('.lc-board').dataset.steps === '8'")
        page.locator(".lc-in-hand[data-card='D4']").click()
        page.locator(".lc-us .lc-exp[data-exp='D']").click()
        page.wait_for_selector(".tk-message.tk-error")
        assert page.locator(".tk-message").inner_text().startswith("LC-3.1: a 4 cannot follow the 6 on Desert")
        assert run_in_lab(page, "print(len(board.game.history))").strip() == "8"


def test_play_a_card_by_clicking_in_voila(server):
    with browser() as page:
        page.goto(server.voila(NOTEBOOK))
        page.wait_for_selector(".lc-board .lc-in-hand", timeout=120_000)
        assert steps(page) == 0
        play_dx_and_draw(page)
        assert page.locator(".lc-us .lc-exp[data-exp='D'] .lc-card").count() == 1
        assert "Player 1" in page.locator(".tk-log").inner_text()


def test_hotseat_hides_the_hand_until_the_next_player_asks(server):
    with browser() as page:
        run_all_in_lab(page, server, NOTEBOOK)
        page.wait_for_selector(".lc-board .lc-in-hand")
        switch_mode(page, "hotseat")
        page.wait_for_selector(".tk-handover")
        assert page.locator(".lc-in-hand").count() == 0
        page.get_by_text("I am player 0: show my hand").click()
        page.wait_for_selector(".lc-in-hand")
        page.locator(".lc-in-hand[data-card='H3']").click()
        page.locator(".lc-pile[data-pile='H']").click()
        page.wait_for_selector(".lc-pile[data-pile='H'] .lc-card[data-card='H3']")
        page.locator(".lc-deck-pile").click()
        page.wait_for_selector(".tk-handover")
        assert page.locator(".lc-in-hand").count() == 0  # player 0's hand is gone before player 1 comes
        page.get_by_text("I am player 1: show my hand").click()
        page.wait_for_selector(".lc-in-hand[data-card='B2']")  # player 1's own hand
