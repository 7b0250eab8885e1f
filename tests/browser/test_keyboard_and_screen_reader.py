"""Keyboard and screen reader, in JupyterLab: a Lost Cities turn (play, draw) takes at most four key
presses and the focus always lands on the place the next press needs; arrow keys move within the
hand and the piles; keys pressed on the board never reach JupyterLab ("b" would insert a cell, "d d"
delete the board's own); every region has a role and a name in Chromium's accessibility tree; and
one live region, beside the board and never rebuilt, says each new status."""

from __future__ import annotations

from .lab import browser, new_notebook, run_all_in_lab

FOCUSED = "() => document.activeElement?.dataset?.focusKey ?? null"


def focused(page) -> str | None:
    return page.evaluate(FOCUSED)


def press(page, key: str, presses: list[str]) -> None:
    presses.append(key)
    page.keyboard.press(key)


def wait_for_focus(page, key: str) -> None:
    page.wait_for_function(f"() => document.activeElement?.dataset?.focusKey === {key!r}")


def wait_for_steps(page, count: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('.lc-board').dataset.steps) >= {count}")


def cells(page) -> int:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")


def board_subtree(page) -> list[dict]:
    """The board's nodes in Chromium's accessibility tree (CDP Accessibility.getFullAXTree)."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}
    (root,) = [n for n in nodes if n.get("role", {}).get("value") == "region"
               and n.get("name", {}).get("value") == "Lost Cities board"]  # fmt: skip
    subtree, todo = [], [root]
    while todo:
        node = todo.pop()
        subtree.append(node)
        todo.extend(by_id[child] for child in node.get("childIds", []) if child in by_id)
    return subtree


def test_a_lost_cities_turn_by_keyboard_in_jupyterlab_with_its_shortcuts_kept_out(server, artifacts):
    path = new_notebook(
        server.root,
        "keyboard-lost-cities.ipynb",
        "from widgets.lostcities import LostCitiesBoard\nboard = LostCitiesBoard(mode='bot', seed=5)\nboard",
    )
    with browser(1400, 1000) as page:
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".lc-board .lc-in-hand")
        page.evaluate("() => { window.liveRegion = document.querySelector('.tk-live'); }")
        before = cells(page)
        page.locator(".lc-in-hand").first.focus()
        assert focused(page) == "hand-0-0"
        # JupyterLab's shortcuts stay out: b (insert a cell below), d d (delete this cell), arrows
        active = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
        for key in ("b", "d", "d", "a", "ArrowDown", "ArrowUp"):
            page.keyboard.press(key)
        assert cells(page) == before
        assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") == active
        # the arrows moved within the board instead: down from the hand is nowhere, up is the expedition
        # above the first card, and down again the card
        assert focused(page) == f"exp-{page.locator('.lc-us .lc-exp').first.get_attribute('data-exp')}"
        page.keyboard.press("ArrowDown")
        assert focused(page) == "hand-0-0"
        page.keyboard.press("ArrowRight")
        assert focused(page) == "hand-0-1"
        page.keyboard.press("ArrowLeft")
        assert focused(page) == "hand-0-0"

        # a turn: play the first card (any card opens an empty expedition, LC-3.1), draw from the deck
        card = page.locator(".lc-in-hand").first.get_attribute("data-card")
        presses: list[str] = []
        press(page, "Enter", presses)  # choose the card: the focus goes to its expedition
        wait_for_focus(page, f"exp-{card[0]}")
        press(page, "Enter", presses)  # play it: the focus goes to the draw pile
        wait_for_steps(page, 1)
        wait_for_focus(page, "deck")
        press(page, "Enter", presses)  # draw: the bot answers; the focus is back in the hand
        wait_for_steps(page, 4)
        wait_for_focus(page, "hand-0-0")
        assert len(presses) <= 4 and page.locator(f".lc-us .lc-exp[data-exp='{card[0]}'] .lc-card").count() == 1

        # a discarding turn: the card, up to its discard pile, discard, draw
        card = page.locator(".lc-in-hand").first.get_attribute("data-card")
        presses = []
        press(page, "Enter", presses)
        wait_for_focus(page, f"exp-{card[0]}")
        press(page, "ArrowUp", presses)
        assert focused(page) == f"pile-{card[0]}"
        press(page, "Enter", presses)
        wait_for_steps(page, 5)
        wait_for_focus(page, "deck")
        press(page, "Enter", presses)
        wait_for_steps(page, 8)
        wait_for_focus(page, "hand-0-0")
        assert len(presses) == 4
        assert page.locator(f".lc-pile[data-pile='{card[0]}'] .lc-card[data-card='{card}']").count() == 1
        assert cells(page) == before

        # one live region, beside the board, the same node after every redraw; it says the status
        assert page.evaluate("() => document.querySelector('.tk-live') === window.liveRegion")
        assert page.locator(".tk-live").count() == 1
        assert page.locator(".tk-live").inner_text() == page.locator(".tk-status").inner_text()
        assert page.locator(".lc-board [role='status'], .lc-board [aria-live]").count() == 0
        page.locator(".lc-board").screenshot(path=artifacts / "lost-cities-keyboard-in-jupyterlab.png")

        # the accessibility tree: every region has a role and a name
        nodes = board_subtree(page)
        named = {(n["role"]["value"], n.get("name", {}).get("value", "")) for n in nodes}
        for role in ("group", "region", "image", "log", "list", "table", "dialog"):
            unnamed = [n for n in nodes if n["role"]["value"] == role and not n.get("name", {}).get("value")]
            assert not unnamed, (role, unnamed[:2])
        assert ("group", "the table") in named and ("log", "what happened") in named
        assert any(role == "group" and name.startswith("Player 1: expeditions, round score") for role, name in named)
        assert any(role == "group" and name.startswith("Your side: expeditions") for role, name in named)
        assert any(role == "image" and "expedition of Player 1" in name for role, name in named)
        assert any(role == "button" and name.startswith("draw pile") for role, name in named)
