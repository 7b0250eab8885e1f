"""Real-browser tests of reviewing a game (widgets/review.py): a game played to its end, then the
review opened on the board, stepped with the arrow keys, its decisions evaluated (the graph read),
a what-if asked, and a practice game branched from a moment and played on."""

from __future__ import annotations

import re

import pytest

from kit.i18n import gettext, language

from .lab import browser, new_notebook, run_all_in_lab, run_in_lab, settle
from .test_languages_in_browser import overflowing_in

GAMES = {
    "lost-cities": ("from widgets.lostcities import LostCitiesBoard as Board", "seed=5", ".lc-board"),
    "samoa": ("from widgets.samoa import SamoaBoard as Board", "seed=5, players=3", ".sa-board"),
    "overbooking": ("from widgets.overbooking import OverbookingBoard as Board", "seed=5, players=2", ".ob-board"),
}


def finished_game(server, name: str, lang: str = "en") -> str:
    """A notebook whose one cell plays `name` to its end on a board (both seats' first legal action
    each turn against the random bot) with quick reviews, and shows the board (in `lang`)."""
    imports, settings, _ = GAMES[name]
    return new_notebook(
        server.root,
        f"review-{name}-{lang}.ipynb",
        f"{imports}\n"
        f"board = Board({settings}, bot='random', lang={lang!r})\n"
        "board.review_rollouts = {'kernel': 2, 'readable': 2}\n"
        "board.review_engine = 'readable'\n"
        "while not board.game.is_over:\n"
        "    board.act(board.game.legal_actions()[0])\n"
        "    if board.summary:\n"
        "        board.continue_play()\n"
        "board",
    )


def where(page) -> str:
    return page.locator(".tk-review-where").inner_text()


def step_to(page, text: str) -> None:
    page.wait_for_function("(text) => document.querySelector('.tk-review-where')?.innerText === text", arg=text)


@pytest.mark.parametrize("name", list(GAMES))
def test_review_a_game_step_with_the_keys_read_the_graph_and_play_on_from_a_move(server, artifacts, name):
    board_class = GAMES[name][2]
    path = finished_game(server, name)
    with browser(width=1366, height=768) as page:
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".tk-review-open")
        count = "from kit.sim.review import Review\nprint(board.steps, len(Review(board.game, 0).decisions))"
        total, decisions = map(int, run_in_lab(page, count).split())
        page.locator(".tk-review-open").click()
        step_to(page, f"Step {total} of {total}")
        page.locator(".tk-review-where").click()  # the focus in the review: the arrow keys step
        for back in (1, 2, 3):
            page.keyboard.press("ArrowLeft")
            step_to(page, f"Step {total - back} of {total}")
        page.keyboard.press("ArrowRight")
        step_to(page, f"Step {total - 2} of {total}")
        assert page.locator(".tk-review-current").count() == 1
        page.locator(".tk-review-evaluate").click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.tk-review-graph circle').length === 2 * n"
            " && !document.querySelector('.tk-review-progress')",
            arg=decisions,
            timeout=120_000,
        )
        graph = page.locator(".tk-review-graph").get_attribute("aria-label")
        assert f"{decisions} decisions evaluated" in graph and "win chance" in graph
        costly = page.locator(".tk-review-biggest li")
        assert 1 <= costly.count() <= 3 and "points better (paired, 95% CI" in costly.first.inner_text()
        page.set_viewport_size({"width": 1366, "height": 768})
        settle(page)
        page.locator(".tk-review").screenshot(path=artifacts / f"review-{name}-1366.png")
        page.screenshot(path=artifacts / f"review-{name}-page-1366.png")
        page.set_viewport_size({"width": 1024, "height": 768})
        settle(page)
        page.locator(".tk-review").screenshot(path=artifacts / f"review-{name}-1024.png")
        # what if: the costliest decision beside the advisor's best, on the same redeals; its moment
        # must be on show before Compare is pressed (the panel of the moment before has one too)
        moment = int(re.match(r"Step (\d+):", costly.first.inner_text()).group(1))
        costly.first.click()
        step_to(page, f"Step {moment} of {total}")
        page.wait_for_selector(".tk-review-compare")
        page.locator(".tk-review-compare").click()
        page.wait_for_selector(".tk-review-paired")
        assert "On the same 2 redeals" in page.locator(".tk-review-paired").inner_text()
        page.locator(".tk-review-whatif").screenshot(path=artifacts / f"review-{name}-what-if-1024.png")
        # play from the moment before that decision
        page.locator(".tk-review-where").click()
        before = where(page)
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("(t) => document.querySelector('.tk-review-where').innerText !== t", arg=before)
        page.locator(".tk-review-play").click()
        page.wait_for_selector(".tk-review-practice")
        assert page.locator(".tk-review-open").count() == 1
        practice = "print(board.practice, type(board.game).__name__.startswith('Practice'), board.mode)"
        assert run_in_lab(page, practice).split() == ["True", "True", "bot"]
        steps = page.locator(board_class).get_attribute("data-steps")
        run_in_lab(page, "board.act(board.game.legal_actions()[0])")  # play on
        page.wait_for_function(
            "([sel, s]) => document.querySelector(sel).dataset.steps !== s", arg=[board_class, steps]
        )
        page.locator(board_class).screenshot(path=artifacts / f"review-{name}-practice.png")


def test_save_the_finished_game_load_a_bad_file_then_the_saved_one_and_review_it(server, tmp_path):
    path = finished_game(server, "overbooking")
    with browser(width=1366, height=768) as page:
        run_all_in_lab(page, server, path)
        save = page.locator(".tk-review-save")
        save.wait_for()
        with page.expect_download() as download:
            save.click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name.endswith(".tablekit.json") and '"format": "tablekit-save"' in saved.read_text()
        run_in_lab(page, "board.new_game()")
        page.wait_for_function("() => document.querySelector('.tk-review-save').disabled")  # under way: no save
        damaged = tmp_path / "damaged.json"
        damaged.write_text(saved.read_text()[:500])
        page.locator(".tk-review-file").set_input_files(damaged)
        page.wait_for_selector(".tk-message.tk-error")
        assert page.locator(".tk-message").inner_text().startswith("Not loaded: not a readable save file")
        assert page.locator(".tk-review-practice").count() == 0  # nothing changed: the new game is no practice
        page.locator(".tk-review-file").set_input_files(saved)
        page.wait_for_function("() => document.querySelector('.tk-message').innerText.startsWith('Loaded a game')")
        page.wait_for_selector(".tk-review-practice")
        page.locator(".tk-review-open").click()
        latest = "() => /^Step (\\d+) of \\1$/.test(document.querySelector('.tk-review-where')?.innerText)"
        page.wait_for_function(latest)  # the loaded game's review opens at its end


#: English words of the panel that must not be left on it in another language
ENGLISH = ("Review", "Step ", "Forward", "Play from", "Save game", "Load game", "Evaluate", "decisions",
           "points better", "What if", "Compare", "played:", "instead:", "rollouts", "redeals", "interval")  # fmt: skip


def test_the_review_panel_in_polish_fits_at_1024_and_keeps_no_english_word(server, artifacts):
    path = finished_game(server, "overbooking", lang="pl")
    with language("pl"):
        opened, step = gettext("Review the game"), gettext("Step {at} of {last}").split("{")[0]
    with browser(width=1024, height=768) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".tk-review-open")
        assert page.locator(".tk-review-open").inner_text() == opened
        page.locator(".tk-review-open").click()
        page.wait_for_function("(w) => document.querySelector('.tk-review-where')?.innerText.startsWith(w)", arg=step)
        page.locator(".tk-review-evaluate").click()
        page.wait_for_function(
            "() => document.querySelector('.tk-review-graph') && !document.querySelector('.tk-review-progress')",
            timeout=120_000,
        )
        costly = page.locator(".tk-review-biggest li")
        if costly.count():  # the what-if of the costliest decision, beside the played move
            before = where(page)
            costly.first.click()
            page.wait_for_function("(t) => document.querySelector('.tk-review-where').innerText !== t", arg=before)
            page.wait_for_selector(".tk-review-compare")
            page.locator(".tk-review-compare").click()
            page.wait_for_selector(".tk-review-paired")
        settle(page)
        panel = page.locator(".tk-review")
        text = panel.inner_text()
        titles = page.evaluate(
            "() => [...document.querySelectorAll('.tk-review [title], .tk-review [aria-label]')]"
            ".map((n) => (n.title || '') + ' ' + (n.getAttribute('aria-label') || ''))"
        )
        left = [word for word in ENGLISH if word in text or any(word in title for title in titles)]
        assert left == [], (left, text[:400])
        assert overflowing_in(page, ".tk-review") == []
        assert page.evaluate("() => ((r) => r.scrollWidth <= r.clientWidth + 1)(document.querySelector('.tk-review'))")
        assert errors == []
        for part in (".tk-review-bar", ".tk-review-graph", ".tk-review-whatif"):  # the page as a learner scrolls it
            if page.locator(part).count():
                page.locator(part).scroll_into_view_if_needed()
                settle(page)
                page.screenshot(path=artifacts / f"review-overbooking-pl-1024{part.replace('.tk-review', '')}.png")
