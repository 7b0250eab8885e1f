"""Real-browser tests of the two analyses' predict-first questions (Samoa 9, Overbooking 9, English
and translated): neither the stored notebook nor the run one shows a chart or a table below the
question until the learner locks in; then every chart appears, in JupyterLab and in Voila (where no
cell can be edited or run again). Screenshots before and after predicting go to the artifacts folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .lab import browser, kernel_ready, run_all_in_lab, settle

ANALYSES = {  # the notebook and how many of its outputs wait; any choice reveals them
    "samoa": ("samoa/09-price-versus-occupancy.ipynb", 6),
    "pl-overbooking": ("pl/overbooking/09-chance-of-a-bed.ipynb", 8),  # a translation: words found by class
    "nb-samoa": ("nb/samoa/09-price-versus-occupancy.ipynb", 6),
}
IN_LAB = ["samoa", "pl-overbooking"]  # each takes about 30 s: one English, one translated, one of each game

# the charts and tables shown below the question (the price-card table above it is not counted)
# and the outputs that wait; in Voila the page holds every cell
BELOW = """() => {
    const outputs = [...document.querySelectorAll('.jp-OutputArea-output')];
    const question = outputs.find((n) => n.querySelector('.widget-toggle-buttons'));
    const after = outputs.filter((n) => question.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
    const count = (selector) => after.reduce((sum, n) => sum + n.querySelectorAll(selector).length, 0);
    return {charts: count('.tk-chart'), tables: count('.tk-table'), waiting: count('.tk-after')};
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
            for (const kind of ['chart', 'table', 'after']) {
                seen[{chart: 'charts', table: 'tables', after: 'waiting'}[kind]] +=
                    node.querySelectorAll(`.jp-OutputArea-output .tk-${kind}`).length;
            }
        }
        below = below || notebook.widgets[i].model.sharedModel.getSource().includes('predict(');
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


def lock_in(page) -> None:
    """Choose the first answer and press Lock in (the question's last button), in any language."""
    question = page.locator(".widget-vbox:has(.widget-toggle-buttons)").first
    question.locator(".widget-toggle-button").first.click()
    question.locator("button").last.click()
    expect(question.locator("button").last).to_be_disabled(timeout=60_000)


@pytest.mark.parametrize("name", IN_LAB)
def test_the_analysis_waits_for_the_prediction_in_jupyterlab(server, artifacts, name):
    path, waits = ANALYSES[name]
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
        lock_in(page)
        shown = page.evaluate(EVERY_CELL)
        assert shown["waiting"] == 0 and shown["charts"] >= 5, shown
        show_question(page)
        page.screenshot(path=artifacts / f"analysis-{name}-after.png")
        page.mouse.wheel(0, 700)
        settle(page)
        page.screenshot(path=artifacts / f"analysis-{name}-after-below.png")


def test_the_analysis_waits_for_the_prediction_in_voila(server, artifacts):
    path, waits = ANALYSES["nb-samoa"]
    with browser(1280, 900) as page:
        page.goto(server.voila(path), wait_until="commit", timeout=240_000)
        page.wait_for_selector(".widget-vbox:has(.widget-toggle-buttons)", timeout=240_000)
        page.wait_for_function(f"() => ({BELOW})().waiting === {waits}", timeout=240_000)
        assert page.evaluate(BELOW)["charts"] == 0
        lock_in(page)
        page.wait_for_function(f"() => ({BELOW})().waiting === 0 && ({BELOW})().charts >= 5", timeout=60_000)
        settle(page)
        page.screenshot(path=artifacts / "analysis-nb-samoa-voila-after.png")
