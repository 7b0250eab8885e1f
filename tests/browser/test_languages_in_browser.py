"""Every board in Norwegian, Polish and Swedish at 1366x768 and 1024x768: the language is switched
from the page (the panel's language menu, a trait the page may write), the board is worded again by
Python, and nothing overflows: the layout checks of test_board_layout, plus no box of the board whose
text runs past its own edge. One notebook, one browser, every language in turn."""

from __future__ import annotations

from kit.i18n import gettext as translate
from kit.i18n import language

from .lab import browser, new_notebook, run_all_in_lab
from .test_board_layout import BOARDS, SIZES, check_board, settled

LANGUAGES = ("en", "nb", "pl", "sv")


def overflowing(page, board: str) -> list[dict]:
    """Words that run out of their box: every element holding text of its own (not a badge placed on
    purpose outside its card) must lie inside its nearest block, unless something scrolls it."""
    return overflowing_in(page, f".{board}-board")


def overflowing_in(page, root: str) -> list[dict]:
    """`overflowing` inside every element that `root` (a CSS selector) matches."""
    return page.evaluate(
        """(root) => [...document.querySelectorAll(`${root} *`)].filter((node) => {
            if (node.closest('svg')) return false;
            const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
            if (!own || ['absolute', 'fixed'].includes(getComputedStyle(node).position)) return false;
            let block = node.parentElement;
            while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
            for (let up = block; up; up = up.parentElement) {
                const scrolls = ['auto', 'scroll'].includes(getComputedStyle(up).overflowX);
                if (scrolls && up.scrollWidth > up.clientWidth) return false;
                if (up.matches(root)) break;
            }
            const range = document.createRange();
            range.selectNodeContents(node);
            const text = range.getBoundingClientRect(), room = block.getBoundingClientRect();
            return text.width > 0 && (text.right > room.right + 1 || text.left < room.left - 1);
        }).map((node) => ({cls: node.className, text: node.textContent.slice(0, 60)}))""",
        root,
    )


def test_every_board_fits_in_every_language(server, artifacts):
    cells = [
        f"from widgets.{module} import {name}\nboard_{board} = {name}(mode='bot', seed=5)\nboard_{board}"
        for board, (module, name, _, _) in BOARDS.items()
    ]
    path = new_notebook(server.root, "languages.ipynb", *cells)
    width, height, scale = SIZES["1366x768"]
    with browser(width, height, scale=scale) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        run_all_in_lab(page, server, path)
        for board, (_, _, _, hand) in BOARDS.items():
            page.wait_for_selector(f".{board}-board {hand}")
        assert errors == []
        for lang in LANGUAGES:
            with language(lang):
                undo = translate("Undo")
            for cell, (board, _) in enumerate(BOARDS.items()):
                page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {cell}; }}")
                page.locator(f".{board}-board .tk-lang").select_option(lang)
                page.wait_for_function(
                    "([board, undo]) => document.querySelector(`.${board}-board .tk-undo`)?.textContent === undo",
                    arg=[board, undo],
                )
            for size in ("1366x768", "1024x768"):
                width, height, _ = SIZES[size]
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"() => document.querySelector('.jp-LabShell').offsetWidth === {width}")
                settled(page)
                for cell, (board, (_, _, table, hand)) in enumerate(BOARDS.items()):
                    page.evaluate(
                        f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {cell}; }}"
                    )
                    check_board(page, board, table, hand)
                    assert overflowing(page, board) == [], (lang, size, board, overflowing(page, board))
                    page.locator(f".{board}-board .tk-panel").scroll_into_view_if_needed()
                    settled(page)
                    page.screenshot(path=artifacts / f"language-{lang}-{size}-{board}.png")
            page.set_viewport_size({"width": 1366, "height": 768})
