"""Trait writes from the page's own JavaScript, in JupyterLab: a forged `human` is refused and set
back, and switching to the open mode mid-game starts a new game, so the cards hidden in the game
being played never reach the page."""

from __future__ import annotations

import json

from .lab import browser, run_all_in_lab, run_in_lab

NOTEBOOK = "lost-cities/08-full-game-against-a-bot.ipynb"

# Finds the board's model in the page the way the notebook's widget renderer does (its widget
# manager), and keeps it as window.tkModel for the writes below.
FIND_MODEL = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    for (const cell of panel.content.widgets) {
        if (cell.model.type !== 'code') continue;
        for (const child of cell.outputArea.widgets) {
            for (const output of child.widgets ?? []) {
                if (!output._manager) continue;
                const manager = await output._manager.promise;
                for (const item of cell.model.outputs.toJSON()) {
                    const ref = item.data?.['application/vnd.jupyter.widget-view+json'];
                    if (!ref) continue;
                    const model = await manager.get_model(ref.model_id);
                    if (model.get('bot_names')) { window.tkModel = model; return true; }
                }
            }
        }
    }
    return false;
}"""


def test_trait_writes_from_the_pages_javascript_never_bring_hidden_cards(server):
    with browser(height=1300) as page:
        run_all_in_lab(page, server, NOTEBOOK)
        page.wait_for_selector(".lc-board .lc-hand-row .lc-card")
        hidden = json.loads(run_in_lab(page, (
            "import json\n"
            "board.act(next(a for a in board.view['legal_actions'] if a.startswith('discard')))\n"
            "board.act('draw deck')\n"
            "print(json.dumps({'bot': [c.key for c in board.game.hands[1]],"
            " 'deck': board.game.open_view()['deck'], 'steps': board.steps}))"
        )))
        assert hidden["steps"] == 4
        page.wait_for_function("() => document.querySelector('.lc-board').dataset.steps === '4'")
        assert page.evaluate(FIND_MODEL)

        page.evaluate("() => { window.tkModel.set('human', 1); window.tkModel.save_changes(); }")
        page.wait_for_function("() => window.tkModel.get('message').startsWith('Not accepted from the page')")
        page.wait_for_function("() => window.tkModel.get('human') === 0")  # set back by Python
        assert page.evaluate("() => window.tkModel.get('view').viewer") == 0
        assert "Not accepted from the page" in page.locator(".tk-message").inner_text()

        page.evaluate("() => { window.tkModel.set('mode', 'open'); window.tkModel.save_changes(); }")
        page.wait_for_function("() => window.tkModel.get('view').open === true")
        view = page.evaluate("() => window.tkModel.get('view')")
        assert view["hands"][1] != hidden["bot"] and view["deck"] != hidden["deck"]
        shown = page.locator(".lc-hand-row .lc-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        assert shown and shown != hidden["bot"]
        assert run_in_lab(page, "print(board.steps, board.game.settings.seed != 8)").split() == ["0", "True"]
        assert page.evaluate("() => window.tkModel.get('seed')") is None  # the new deal's seed stays unknown
