"""Real-browser test of the boards' "Analyse" toggle (widgets/analysis.py): click it in JupyterLab
and the advisor's table appears in the side panel, with bars, intervals and n."""

from __future__ import annotations

from .lab import browser, run_all_in_lab

NOTEBOOK = "lost-cities/02-playing-to-an-expedition.ipynb"


def test_the_analyse_toggle_shows_the_advisors_table(server, artifacts):
    with browser() as page:
        run_all_in_lab(page, server, NOTEBOOK)
        page.wait_for_selector(".lc-board .lc-in-hand")
        legal = page.locator(".lc-in-hand").count()
        page.locator(".tk-analyse").first.click()
        page.wait_for_selector(".tk-analysis-table tr:nth-child(2)", timeout=120_000)
        rows = page.locator(".tk-analysis-table tr").count() - 1
        assert rows >= legal  # every card can at least be discarded; playable ones also played
        assert page.locator(".tk-analyse").first.get_attribute("aria-pressed") == "true"
        text = page.locator(".tk-analysis").first.inner_text()
        assert "n = 1000 rollouts per action" in text and "only what player 0 can see" in text
        page.locator(".tk-panel").first.screenshot(path=artifacts / "lost-cities-analysis.png")
        page.locator(".tk-analyse").first.click()
        page.wait_for_function("() => !document.querySelector('.tk-analysis-table')")
