"""A stored notebook opens in JupyterLab unmodified: once its kernel has connected (and told its
spec and language), the notebook is not marked changed, and closing it asks nothing."""

from __future__ import annotations

import pytest

from .lab import browser


@pytest.mark.parametrize("path", ["index.ipynb", "samoa/02-a-round-in-six-phases.ipynb"])
def test_an_untouched_notebook_opens_and_closes_without_a_question(server, path):
    with browser() as page:
        page.goto(server.lab(path))
        page.wait_for_function(
            "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel", timeout=120_000
        )
        dirty = page.evaluate(
            """async () => {
                const panel = window.jupyterapp.shell.currentWidget;
                await panel.context.ready;
                await panel.sessionContext.ready;
                await panel.sessionContext.session.kernel.info;  // the kernel has told its spec and language
                await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
                return panel.context.model.dirty;
            }"""
        )
        assert dirty is False
        assert page.locator(".jp-mod-dirty").count() == 0  # the tab shows no unsaved mark
        page.evaluate("() => { window.jupyterapp.commands.execute('application:close'); }")
        page.wait_for_function(
            "() => !document.querySelector('.jp-NotebookPanel') || document.querySelector('.jp-Dialog')"
        )
        assert page.locator(".jp-Dialog").count() == 0  # closed without "Save your work?"
