"""Real-browser support: a JupyterLab (and Voila) server on loopback, and Debian's Chromium driven
by Playwright's Python package. No browser is ever downloaded: Chromium comes from the system.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


#: the repository: the servers run from it, so that Voila reads its voila.json (the front-end
#: extensions a Voila page loads, see `dev.py`)
REPO = Path(__file__).resolve().parents[2]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("TABLEKIT_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, url: str, token: str, process: subprocess.Popen, log: Path, root: Path):
        self.url, self.token, self.process, self.log, self.root = url, token, process, log, root

    def lab(self, path: str) -> str:
        return f"{self.url}/lab/tree/{path}?token={self.token}&reset"

    def voila(self, path: str) -> str:
        return f"{self.url}/voila/render/{path}?token={self.token}"


@contextlib.contextmanager
def jupyter_server(root: Path) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with its own empty workspace and settings folders (so no earlier
    session's tabs come back), exposing the app object so tests can run commands."""
    port, token = free_port(), secrets.token_hex(16)
    scratch = Path(tempfile.mkdtemp(prefix="tablekit-lab-"))
    env = dict(os.environ)
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(scratch / "workspaces")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(scratch / "settings")
    env["JUPYTER_RUNTIME_DIR"] = str(scratch / "runtime")
    log = scratch / "server.log"
    # no "Would you like to get notified about official Jupyter news?" over every screenshot
    news = scratch / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True)
    news.write_text('{"fetchNews": "false"}')
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ip=127.0.0.1",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--ServerApp.disable_check_xsrf=True",
        "--ContentsManager.pre_save_hook=widgets.still.pre_save_hook",  # as `python3 dev.py lab`
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with log.open("w") as handle:
        process = subprocess.Popen(command, env=env, stdout=handle, stderr=subprocess.STDOUT, cwd=REPO)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start:\n{log.read_text()[-3000:]}") from None
                time.sleep(0.3)
        yield Server(url, token, process, log, root)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(scratch, ignore_errors=True)


@contextlib.contextmanager
def browser(width: int = 1400, height: int = 1000, color_scheme: str = "light", scale: float = 1):
    """Chromium with a `width` x `height` window (CSS pixels); `scale` 2 is a 200% zoom of a
    screen twice that size."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        raise RuntimeError("no Chromium found (install Debian's chromium package)")
    with sync_playwright() as playwright:
        chrome = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
        try:
            context = chrome.new_context(
                viewport={"width": width, "height": height}, color_scheme=color_scheme, device_scale_factor=scale
            )
            yield context.new_page()
        finally:
            chrome.close()


def run_all_in_lab(page, server: Server, path: str, timeout: float = 120_000) -> None:
    """Open a notebook in JupyterLab, run every cell, and wait until the kernel is idle again."""
    page.goto(server.lab(path))
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel", timeout=timeout
    )
    page.evaluate(
        """async () => {
            const panel = window.jupyterapp.shell.currentWidget;
            await panel.context.ready;
            await panel.sessionContext.ready;
            window.jupyterapp.shell.activateById(panel.id);
            await window.jupyterapp.commands.execute('notebook:run-all-cells');
        }"""
    )
    # every code cell has run when none is waiting ("[*]") and the last has an execution count
    page.wait_for_function(
        """() => {
            const cells = window.jupyterapp.shell.currentWidget.content.widgets.filter(c => c.model.type === 'code');
            return cells.length && cells.every(c => c.model.executionCount !== null)
                && !document.querySelector('.jp-InputPrompt')?.innerText.includes('*')
                && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle';
        }""",
        timeout=timeout,
    )


def run_in_lab(page, code: str, timeout: float = 60_000) -> str:
    """Append a code cell to the open notebook, run it, and return its text output."""
    page.evaluate(
        """async (code) => {
            const app = window.jupyterapp;
            const panel = app.shell.currentWidget;
            await app.commands.execute('notebook:insert-cell-below');
            await app.commands.execute('notebook:move-cursor-down');
            const notebook = panel.content;
            notebook.activeCellIndex = notebook.widgets.length - 1;
            notebook.activeCell.model.sharedModel.setSource(code);
            await app.commands.execute('notebook:run-cell');
        }""",
        code,
    )
    # the new cell has run when it has an execution count (it had none) and the kernel is idle again
    page.wait_for_function(
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            const cells = panel.content.widgets.filter(c => c.model.type === 'code');
            return cells[cells.length - 1].model.executionCount !== null
                && panel.sessionContext.session.kernel.status === 'idle';
        }""",
        timeout=timeout,
    )
    return page.evaluate(
        """() => {
            const notebook = window.jupyterapp.shell.currentWidget.content;
            const cells = notebook.widgets.filter(c => c.model.type === 'code');
            const last = cells[cells.length - 1];
            return last.node.querySelector('.jp-OutputArea-output')?.innerText ?? '';
        }"""
    )


def settle(page) -> None:
    """Wait until the page has drawn what it holds (fonts loaded, two frames painted): a screenshot
    taken then shows it."""
    page.evaluate(
        "() => document.fonts.ready.then(() => new Promise((done) => "
        "requestAnimationFrame(() => requestAnimationFrame(done))))"
    )


def kernel_ready(page, timeout: float = 60_000) -> None:
    """Wait until the open notebook's context and kernel are ready and the kernel is idle: by then the
    widget manager has restored (or failed to restore) every widget the notebook shows."""
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'",
        timeout=timeout,
    )
    page.evaluate(
        """async () => {
            const panel = window.jupyterapp.shell.currentWidget;
            await panel.context.ready;
            await panel.sessionContext.ready;
        }"""
    )
    settle(page)


def switch_mode(page, mode: str) -> None:
    """Choose a mode in the board's panel, confirming when the board asks (it asks once a game
    has started, since a mode change then starts a new game)."""
    page.locator(".tk-mode").select_option(mode)
    confirm = page.locator(".tk-confirm button", has_text="Switch")
    if confirm.count():
        confirm.click()


def new_notebook(root: Path, name: str, *sources: str) -> str:
    """Write a notebook of code cells under the served folder; returns its path for the server."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(notebook, root / name)
    return name
