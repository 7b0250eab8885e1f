"""Real-browser tests of the lessons: a live check turns to ✓ as the board is clicked, without running its
cell again, in JupyterLab and in Voila; a prediction is answered by clicking; the Lost Cities board shows
the unseen cards (LC-3.4) on request."""

from __future__ import annotations

from playwright.sync_api import expect

from .lab import browser, run_all_in_lab

NOTEBOOK = "lost-cities/02-playing-to-an-expedition.ipynb"  # your hand: Dx D4 D6 D9 H3 H8 V5 N2
DONE = ".tk-check[data-done='true']"


def play(page, card: str, steps: int) -> None:
    page.locator(f".lc-in-hand[data-card='{card}']").click()
    page.locator(".lc-us .lc-exp[data-exp='D']").click()
    page.wait_for_selector(f".lc-us .lc-exp[data-exp='D'] .lc-card[data-card='{card}']")
    page.locator(".lc-deck-pile").click()
    page.wait_for_function(f"() => document.querySelector('.lc-board').dataset.steps === '{steps}'")


def invest_then_number(page) -> None:
    page.wait_for_selector(".lc-board .lc-in-hand", timeout=120_000)
    assert page.locator(DONE).count() == 0  # no check passes on a fresh board
    play(page, "Dx", 4)
    assert page.locator(DONE).count() == 0  # an investment alone is not the task
    play(page, "D4", 8)
    # the check's HTML is replaced on every board change: wait for the text, not one element of it
    expect(page.locator(DONE)).to_contain_text("investment first, then a number card", timeout=60_000)


def test_a_live_check_turns_to_done_by_clicking_the_board_in_jupyterlab(server):
    with browser() as page:
        run_all_in_lab(page, server, NOTEBOOK)
        executed = page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
        invest_then_number(page)
        # nothing was run again: the same kernel, and the check cell's execution count is unchanged
        assert page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id") == executed
        # a prediction, answered by clicking, is checked against the engine's answer
        question = page.locator(".widget-vbox", has_text="Dx, Dx, D5, D10").last
        question.locator(".widget-toggle-button", has_text="-15").click()
        question.locator("button", has_text="Lock in my answer").click()
        expect(question.locator(DONE)).to_contain_text("right", timeout=60_000)


def test_a_live_check_turns_to_done_by_clicking_the_board_in_voila(server):
    with browser() as page:
        page.goto(server.voila(NOTEBOOK))
        invest_then_number(page)


def test_the_board_shows_the_unseen_cards_grouped_by_colour(server):
    with browser() as page:
        run_all_in_lab(page, server, "lost-cities/03-discarding-and-drawing.ipynb")
        page.wait_for_selector(".lc-board .lc-in-hand")
        assert page.locator(".lc-unseen").count() == 0
        page.locator(".lc-unseen-toggle").click()
        page.wait_for_selector(".lc-unseen")
        assert page.locator(".lc-unseen-row").count() == 5
        assert page.locator(".lc-unseen .lc-card").count() == 52  # 60 less your 8 (LC-3.4)
        assert page.locator(".lc-unseen-row[data-unseen='H'] .lc-card[data-card='H2']").count() == 0  # in your hand
