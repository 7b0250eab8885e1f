"""A stored notebook opens in JupyterLab unmodified: once its kernel has connected (and told its
spec and language), the notebook is not marked changed, and closing it asks nothing."""

from __future__ import annotations

from .lab import browser


def test_untouched_notebooks_open_and_close_without_a_question(server):
    with browser() as page:
        for path in ("index.ipynb", "samoa/02-a-round-in-six-phases.ipynb"):
            open_and_close(page, server, path)


def open_and_close(page, server, path: str) -> None:
    """Open `path` (its kernel starts and connects), check it is unmodified, close it."""
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
    page.wait_for_function("() => !document.querySelector('.jp-NotebookPanel') || document.querySelector('.jp-Dialog')")
    assert page.locator(".jp-Dialog").count() == 0  # closed without "Save your work?"
