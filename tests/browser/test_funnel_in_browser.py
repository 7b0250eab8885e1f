"""Lesson 9's funnel in a real browser: before the lesson runs it is a still picture with the line
that says how to bring it to life; after Run All it is live, and pressing ▶ Run makes the running
mean grow inside its band, chunk by chunk, until the chosen number of trials is drawn."""

from __future__ import annotations

from .lab import browser, kernel_ready, run_all_in_lab, settle

NOTEBOOK = "probability/09-how-sure-can-i-be.ipynb"


def test_the_unrun_lesson_shows_the_funnels_still_picture(server, artifacts):
    with browser() as page:
        page.goto(server.lab(NOTEBOOK))
        kernel_ready(page)
        still = page.locator(".jp-OutputArea-output", has_text="Run All to use the controls").first
        still.scroll_into_view_if_needed()
        assert still.locator("div.tk-chart > img").count() == 1
        assert page.locator(".tk-funnel").count() == 0
        settle(page)
        still.screenshot(path=artifacts / "funnel-still.png")


def test_pressing_run_grows_the_running_mean_inside_its_funnel(server, artifacts):
    with browser() as page:
        run_all_in_lab(page, server, NOTEBOOK)
        funnel = page.locator(".tk-funnel")
        funnel.wait_for()
        funnel.scroll_into_view_if_needed()
        assert funnel.get_attribute("data-shown") == "1000"  # the first run, drawn at once
        assert funnel.locator("polyline.tk-funnel-line").count() == 1
        assert funnel.locator("polygon.tk-funnel-band").count() == 1
        funnel.locator("select").nth(1).select_option("5000")
        funnel.locator("button.tk-funnel-run").click()
        # the run restarts from nothing and grows as the trials arrive
        page.wait_for_function(
            "() => { const f = document.querySelector('.tk-funnel'); "
            "return f.dataset.running === 'true' && Number(f.dataset.shown) >= 1000; }",
            timeout=60_000,
        )
        middle = int(funnel.get_attribute("data-shown"))
        assert 0 < middle < 5000
        settle(page)
        funnel.screenshot(path=artifacts / "funnel-running.png")
        page.wait_for_function(
            "() => document.querySelector('.tk-funnel').dataset.shown === '5000'", timeout=120_000
        )
        funnel = page.locator(".tk-funnel")
        assert funnel.get_attribute("data-running") == "false"
        assert "n = 5,000 trials" in funnel.locator(".tk-funnel-caption").inner_text()
        settle(page)
        funnel.screenshot(path=artifacts / "funnel-done.png")
