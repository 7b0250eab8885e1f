"""Real-browser tests of the two analyses' predict-first questions (Samoa 9, Overbooking 9): neither
the stored notebook nor the run one shows a chart or a number below the question until the learner
locks in; then every chart appears, in JupyterLab and in Voila (where no cell can be edited or run
again). Screenshots before and after predicting go to the artifacts folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .lab import browser, kernel_ready, run_all_in_lab, settle

ANALYSES = {  # the notebook: a wrong choice and the right one are both fine; any choice reveals
    "samoa": ("samoa/09-price-versus-occupancy.ipynb", "it keeps rising"),
    "overbooking": ("overbooking/09-chance-of-a-bed.ipynb", "higher"),
}

# the charts and tables shown below the question (the price-card table above it is not counted)
# and the outputs that wait; in Voila the page holds every cell
BELOW = """() => {
    const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
    const question = outputs.find((n) => n.innerText.includes('Predict first'));
    const after = outputs.filter((n) => question.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
    const count = (selector) => after.reduce((sum, n) => sum + n.querySelectorAll(selector).length, 0);
    return {charts: count('.tk-chart'), tables: count('.tk-table'),
            waiting: after.filter((n) => n.innerText.includes('Lock in your prediction above')).length};
}"""
# JupyterLab draws only the cells near the view: scroll to each cell in turn and count it while drawn
EVERY_CELL = """async () => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    const seen = {charts: 0, tables: 0, waiting: 0};
    let below = false;
    for (let i = 0; i < notebook.widgets.length; i++) {
        await notebook.scrollToItem(i, 'start');
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const node = notebook.widgets[i].node;
        if (below) {
            seen.charts += node.querySelectorAll('.jp-OutputArea-output .tk-chart').length;
            seen.tables += node.querySelectorAll('.jp-OutputArea-output .tk-table').length;
            seen.waiting += [...node.querySelectorAll('.jp-OutputArea-output')]
                .filter((n) => n.innerText.includes('Lock in your prediction above')).length;
        }
        below = below || [...node.querySelectorAll('.jp-OutputArea-output')]
            .some((n) => n.innerText.includes('Predict first'));
    }
    return seen;
}"""


def show_question(page) -> None:
    page.evaluate(
        """async () => {
            const notebook = window.jupyterapp.shell.currentWidget.content;
            const index = notebook.widgets.findIndex((c) => c.model.sharedModel.getSource().includes('predict('));
            await notebook.scrollToItem(index, 'start');
        }"""
    )
    settle(page)


def lock_in(page, choice: str) -> None:
    question = page.locator(".widget-vbox", has_text="Predict first:").first  # its button's label changes
    question.locator(".widget-toggle-button", has_text=choice).first.click()
    question.locator("button", has_text="Lock in my answer").click()
    expect(question.locator(".tk-check")).to_contain_text("you predicted", timeout=60_000)


@pytest.mark.parametrize("name", ANALYSES)
def test_the_analysis_waits_for_the_prediction_in_jupyterlab(server, artifacts, name):
    path, choice = ANALYSES[name]
    waits = {"samoa": 6, "overbooking": 8}[name]  # the cells after the question that show results
    with browser(1280, 900) as page:
        page.goto(server.lab(path))
        kernel_ready(page)
        stored = page.evaluate(EVERY_CELL)
        show_question(page)
        page.screenshot(path=artifacts / f"analysis-{name}-stored.png")
        assert stored == {"charts": 0, "tables": 0, "waiting": waits}, stored
        run_all_in_lab(page, server, path, timeout=240_000)
        waiting = page.evaluate(EVERY_CELL)
        show_question(page)
        page.screenshot(path=artifacts / f"analysis-{name}-before.png")
        assert waiting == {"charts": 0, "tables": 0, "waiting": waits}, waiting
        lock_in(page, choice)
        shown = page.evaluate(EVERY_CELL)
        assert shown["waiting"] == 0 and shown["charts"] >= 5, shown
        show_question(page)
        page.screenshot(path=artifacts / f"analysis-{name}-after.png")
        page.mouse.wheel(0, 700)
        settle(page)
        page.screenshot(path=artifacts / f"analysis-{name}-after-below.png")


def test_the_analysis_waits_for_the_prediction_in_voila(server, artifacts):
    path, choice = ANALYSES["samoa"]
    with browser(1280, 900) as page:
        page.goto(server.voila(path), wait_until="commit", timeout=240_000)
        page.wait_for_selector(".widget-vbox:has-text('Lock in my answer')", timeout=240_000)
        page.wait_for_function(f"() => ({BELOW})().waiting === 6", timeout=240_000)
        assert page.evaluate(BELOW)["charts"] == 0
        lock_in(page, choice)
        page.wait_for_function(f"() => ({BELOW})().waiting === 0 && ({BELOW})().charts >= 5", timeout=60_000)
        settle(page)
        page.screenshot(path=artifacts / "analysis-samoa-voila-after.png")
