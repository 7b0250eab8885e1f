"""Voila for a class (`python3 dev.py voila --class`): only student versions reachable, a token,
nothing fetched from outside the machine, and no kernel left behind by a page that was left."""

from __future__ import annotations

import contextlib
import os
import secrets
import subprocess
import time
import urllib.error
import urllib.request

import psutil
import pytest

from classroom import voila_site
from classroom.voila_site import build, serve
from tests.browser.lab import CHROMIUM_FLAGS, chromium_path, free_port

PAGE = "index.ipynb"
VISITS = 10


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    if chromium_path() is None:
        if os.environ.get("CI"):
            pytest.fail("CI=true but no Chromium")
        pytest.skip("needs Chromium")
    site = build(tmp_path_factory.mktemp("voila") / "site", idle_minutes=10)
    port, token = free_port(), secrets.token_urlsafe(12)
    log = open(site / "voila.log", "w")  # noqa: SIM115 - closed below, after the server
    process = serve(site, port, token, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while status(f"{url}/voila/render/{PAGE}?token={token}") != 200:
            assert process.poll() is None, (site / "voila.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "Voila did not start"
            time.sleep(0.5)
        yield {"url": url, "token": token, "process": process, "site": site}
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
        if process.poll() is None:
            process.kill()
        log.close()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect (to the login page) is the answer itself


def status(url: str) -> int | None:
    """The HTTP status of `url`, redirects not followed."""
    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=120) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:
        return response.read().decode()


def kernels(process: subprocess.Popen) -> set[int]:
    """The process ids of the kernels the Voila server has running (a kernel shut down may linger as
    a zombie a moment: not counted)."""
    running = set()
    for child in psutil.Process(process.pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if child.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(child.cmdline()):
                running.add(child.pid)
    return running


def test_the_pages_need_the_token(voila):
    assert status(f"{voila['url']}/voila/render/{PAGE}") in (302, 401, 403)
    assert status(f"{voila['url']}/voila/render/{PAGE}?token=wrong") in (302, 401, 403)


def test_only_student_versions_are_served(voila):
    lesson = "probability/01-will-the-card-i-need-come.ipynb"
    page = fetch(f"{voila['url']}/voila/render/{lesson}?token={voila['token']}")
    assert "Will the card I need come" in page
    assert "BEGIN SOLUTION" not in page and "Fraction(comb(44, 22)" not in page  # the solution's expression
    served = (voila["site"] / "notebooks" / lesson).read_text()
    for teachers in ("BEGIN SOLUTION", "HIDDEN TESTS", "graded_", "Teacher notes"):  # nor the grading
        assert teachers not in served and teachers not in page, teachers
    # the notebook files themselves are not served (voila.json's file rules)
    assert status(f"{voila['url']}/voila/files/{lesson}?token={voila['token']}") in (403, 404)


def test_translated_lessons_are_served_as_student_versions_too(voila):
    lessons = voila_site.NOTEBOOKS
    translated = sorted(path.relative_to(lessons) for path in lessons.glob(f"*/{voila_site.LESSONS}/*.ipynb"))
    served = voila["site"] / "notebooks"
    assert sorted(path.relative_to(served) for path in served.glob(f"*/{voila_site.LESSONS}/*.ipynb")) == translated
    for lesson in translated:
        text = (served / lesson).read_text(encoding="utf-8")
        for teachers in ("BEGIN SOLUTION", "HIDDEN TESTS", "graded_"):
            assert teachers not in text, f"{lesson}: {teachers}"


def test_leaving_pages_frees_their_kernels_and_nothing_leaves_the_machine(voila):
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    # pages fetched without a browser (the tests above) never say they were left: the culler takes
    # those after the idle time, maybe during these visits, so only the kernels the visits start count
    before = kernels(voila["process"])
    started: set[int] = set()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.on(
                "request",
                lambda request: (
                    None
                    if request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                    else outside.append(request.url)
                ),
            )
            for _ in range(VISITS):
                page = context.new_page()
                page.goto(f"{voila['url']}/voila/render/{PAGE}?token={voila['token']}")
                page.wait_for_selector("text=player 0 holds", timeout=180_000)  # the page's cells have run
                own = kernels(voila["process"]) - before - started
                assert own, "the page ran without a kernel of its own"
                started |= own
                page.close(run_before_unload=True)  # as when the tab is closed: the page's beacon asks
                # the beacon goes out as the page unloads: wait for its kernel to go before the next
                # visit (and before the browser closes, which would drop a beacon still on its way)
                gone = time.monotonic() + 120
                while kernels(voila["process"]) & own and time.monotonic() < gone:
                    time.sleep(0.25)
        finally:
            browser.close()
    assert len(started) >= VISITS, "each visit starts a kernel of its own"
    assert not kernels(voila["process"]) & started, "a page that was left kept its kernel"
    assert not outside, f"requests left the machine: {outside[:5]}"
