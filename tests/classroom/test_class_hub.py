"""The class server end to end: a real JupyterHub on loopback, a teacher and two students logged in
through Chromium, a lesson released, fetched, answered (one student right, one wrong), submitted,
collected, autograded and returned, and the students kept apart.

Needs root (every account is a real system account), npm (the proxy) and Chromium; CI has all three.
The class venv is built once per machine (a few minutes) and reused while pyproject.toml is unchanged.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import polars as pl
import pytest

from tests.browser.lab import CHROMIUM_FLAGS, chromium_path, free_port

pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or os.geteuid() != 0, reason="the class server makes system accounts: root only"
)

LESSON = "01-will-the-card-i-need-come"
#: one class venv for every test run on this machine (rebuilt when pyproject.toml changes)
VENV = Path(os.environ.get("TABLEKIT_CLASS_VENV", "/var/tmp/tablekit-class-venv"))


def names() -> dict[str, str]:
    """Account names no earlier run left behind: the test's own, unique to this process."""
    tag = f"tk{os.getpid() % 100000}"
    return {"teacher": f"{tag}t", "course": f"{tag}c", "right": f"{tag}r", "wrong": f"{tag}w"}


@pytest.fixture(scope="module")
def hub():
    if chromium_path() is None or shutil.which("npm") is None:
        if os.environ.get("CI"):
            pytest.fail("CI=true but Chromium or npm is missing")
        pytest.skip("needs Chromium and npm")
    os.environ["TABLEKIT_CLASS_VENV"] = str(VENV)
    from classroom.server import Accounts, ClassRoot, delete_account, prepare, read_passwords, start

    who = names()
    # every account must reach the class folders: not under pytest's own tmp folder (0700)
    base = Path(tempfile.mkdtemp(prefix="tablekit-class-", dir="/var/tmp"))
    os.chmod(base, 0o755)
    roster = base / "class.txt"
    roster.write_text(f"# a test class\n{who['right']}, Rita Right\n{who['wrong']}, Walt Wrong\n")
    port = free_port()
    root = base / "root"
    accounts = Accounts(who["teacher"], who["course"], ())
    made = [who["teacher"], accounts.grader, who["right"], who["wrong"]]
    hub_process = None
    try:
        settings = prepare(root, roster, teacher=who["teacher"], course=who["course"], port=port)
        # free ports for the formgrader service and the hub's and proxy's APIs, not port + 1… by luck
        settings.update(service_port=free_port(), hub_port=free_port(), proxy_api_port=free_port())
        ClassRoot(root).settings.write_text(json.dumps(settings))
        hub_process = start(root)
        url = f"http://127.0.0.1:{port}"
        wait_for(lambda: status(f"{url}/hub/login") == 200, hub_process, "the hub's login page")
        yield {
            "url": url,
            "root": root,
            "who": who,
            "grader": accounts.grader,
            "passwords": read_passwords(ClassRoot(root)),
            "course_dir": Path(pwd.getpwnam(accounts.grader).pw_dir) / "course",
        }
    finally:
        if hub_process is not None:
            hub_process.send_signal(signal.SIGINT)  # the hub stops every server it started
            with contextlib.suppress(subprocess.TimeoutExpired):
                hub_process.wait(timeout=60)
            if hub_process.poll() is None:
                hub_process.kill()
        for user in made:
            delete_account(user)
        shutil.rmtree(base, ignore_errors=True)


def status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def wait_for(check, process, what: str, limit: float = 180) -> None:
    """Wait until `check()` holds (the state the test needs); the limit only turns a hub that died
    or hangs into a failure with its name, it decides nothing."""
    deadline = time.monotonic() + limit
    while not check():
        if process.poll() is not None:
            raise AssertionError(f"the hub stopped while waiting for {what}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} never came")
        time.sleep(0.5)


class Visitor:
    """One person in their own browser context: logs in through the hub's login form."""

    def __init__(self, browser, url: str, username: str, password: str):
        self.url, self.username = url, username
        self.context = browser.new_context(viewport={"width": 1366, "height": 768})
        self.page = self.context.new_page()
        self.page.goto(f"{url}/hub/login")
        self.page.fill("input[name=username]", username)
        self.page.fill("input[name=password]", password)
        self.page.click("input[type=submit], button[type=submit]")
        # the hub spawns the server, then lands in JupyterLab
        self.page.wait_for_url(f"**/user/{username}/lab**", timeout=240_000)

    def xsrf(self, path_prefix: str) -> dict[str, str]:
        cookies = {
            c["name"]: c["value"]
            for c in self.context.cookies()
            if c["path"].startswith(path_prefix) or c["path"] == "/"
        }
        return {"X-XSRFToken": cookies.get("_xsrf", "")}

    def post(self, path: str, form: dict | None = None, prefix: str | None = None):
        headers = self.xsrf(prefix or f"/user/{self.username}")
        response = self.context.request.post(f"{self.url}{path}", form=form or {}, headers=headers, timeout=240_000)
        assert response.ok, f"POST {path}: {response.status} {response.text()[:400]}"
        reply = response.json() if "json" in response.headers.get("content-type", "") else {}
        assert reply.get("success", True), f"POST {path}: {str(reply)[:600]}"
        return response

    def get(self, path: str):
        return self.context.request.get(f"{self.url}{path}", timeout=120_000)


def answer(visitor: Visitor, value: str, lesson: str = LESSON, name: str = "p_desert_10", edit=None) -> None:
    """Fill exercise 2's answer cell of the fetched lesson with `value` (and let `edit` change the
    notebook further), then save it through the contents API, as JupyterLab does."""
    path = f"/user/{visitor.username}/api/contents/{lesson}/{lesson}.ipynb"
    response = visitor.get(path)
    assert response.ok, f"the fetched lesson is missing: {response.status}"
    notebook = response.json()["content"]
    cells = [cell for cell in notebook["cells"] if cell["metadata"].get("nbgrader", {}).get("grade_id") == "ex2-answer"]
    assert len(cells) == 1
    cells[0]["source"] = f"from fractions import Fraction\n{name} = {value}\n"
    if edit:
        edit(notebook)
    put = visitor.context.request.put(
        f"{visitor.url}{path}",
        data=json.dumps({"type": "notebook", "format": "json", "content": notebook}),
        headers={**visitor.xsrf(f"/user/{visitor.username}"), "Content-Type": "application/json"},
    )
    assert put.ok, put.text()[:400]


def test_a_lesson_goes_round_the_class_and_comes_back_graded(hub):
    from nbgrader.api import Gradebook
    from playwright.sync_api import sync_playwright

    who, url, course = hub["who"], hub["url"], hub["who"]["course"]
    formgrader = f"/services/{course}/formgrader/api"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            teacher = Visitor(browser, url, who["teacher"], hub["passwords"][who["teacher"]])
            # the teacher reaches the formgrader service through the hub (OAuth, no second login)
            teacher.page.goto(f"{url}/services/{course}/formgrader")
            teacher.page.wait_for_selector("text=Manage Assignments", timeout=120_000)
            teacher.post(f"{formgrader}/assignment/{LESSON}/assign", prefix=f"/services/{course}")
            teacher.post(f"{formgrader}/assignment/{LESSON}/release", prefix=f"/services/{course}")

            students = {}
            for role, value in (("right", "Fraction(22, 52)"), ("wrong", "Fraction(1, 52)")):
                student = Visitor(browser, url, who[role], hub["passwords"][who[role]])
                student.post(f"/user/{who[role]}/assignments/fetch", {"course_id": course, "assignment_id": LESSON})
                answer(student, value)
                student.post(f"/user/{who[role]}/assignments/submit", {"course_id": course, "assignment_id": LESSON})
                students[role] = student

            # a student's kernel talks to its server over Unix sockets in that student's own folder:
            # no TCP port to race for or to reach from another account
            right = pwd.getpwnam(who["right"])
            started = students["right"].context.request.post(
                f"{url}/user/{who['right']}/api/kernels", data="{}", timeout=240_000,
                headers={**students["right"].xsrf(f"/user/{who['right']}"), "Content-Type": "application/json"},
            )  # fmt: skip
            assert started.ok, started.text()[:400]
            runtime = Path("/run/tablekit-class") / who["right"]
            connection = json.loads((runtime / f"kernel-{started.json()['id']}.json").read_text())
            assert connection["transport"] == "ipc" and connection["ip"].startswith(str(runtime))
            assert runtime.stat().st_uid == right.pw_uid and runtime.stat().st_mode & 0o777 == 0o700
            # a student cannot reach another student's server, nor the formgrader
            other = students["right"].get(f"/user/{who['wrong']}/api/contents")
            assert other.status in (403, 404) or "login" in other.url
            assert students["right"].get(f"{formgrader}/assignments").status in (403, 404)

            teacher.post(f"{formgrader}/assignment/{LESSON}/collect", prefix=f"/services/{course}")
            for role in ("right", "wrong"):
                teacher.post(f"{formgrader}/submission/{LESSON}/{who[role]}/autograde", prefix=f"/services/{course}")
            with Gradebook(f"sqlite:///{hub['course_dir'] / 'gradebook.db'}") as gradebook:
                scores = {
                    role: gradebook.find_grade("ex2-check", LESSON, LESSON, who[role]).score
                    for role in ("right", "wrong")
                }
            assert scores == {"right": 1.0, "wrong": 0.0}
            # the teacher's view reads the same gradebook
            from classroom import gradebook as view

            course_dir = view.course_directory(root=hub["course_dir"])
            course_dir.course_id = course
            marks = view.checks(course_dir).filter(pl.col("lesson") == LESSON, pl.col("check") == "ex2-check")
            shown = {row["student"]: row["status"] for row in marks.iter_rows(named=True)}
            assert shown == {who["right"]: view.PASSED, who["wrong"]: view.NOT_YET}

            teacher.post(f"{formgrader}/assignment/{LESSON}/generate_feedback", prefix=f"/services/{course}")
            teacher.post(f"{formgrader}/assignment/{LESSON}/release_feedback", prefix=f"/services/{course}")
            for role, student in students.items():
                student.post(
                    f"/user/{who[role]}/assignments/fetch_feedback", {"course_id": course, "assignment_id": LESSON}
                )
                home = Path(pwd.getpwnam(who[role]).pw_dir)
                feedback = list(home.glob(f"{LESSON}/feedback/*/{LESSON}.html"))
                assert feedback, f"no feedback for {role}"
                assert "ex2-check" in feedback[0].read_text()
        finally:
            browser.close()


def test_students_cannot_read_each_other_nor_the_teachers_sources(hub):
    who = hub["who"]

    def can_read(user: str, path: Path) -> bool:
        return subprocess.run(["runuser", "-u", user, "--", "ls", str(path)], capture_output=True).returncode == 0

    other_home = Path(pwd.getpwnam(who["wrong"]).pw_dir)
    assert can_read(who["wrong"], other_home)  # the check itself works
    assert not can_read(who["right"], other_home)
    assert not can_read(who["right"], hub["course_dir"] / "source")
    assert not can_read(who["teacher"], other_home)  # the teacher grades through the formgrader, not by peeking
    # the teacher's view: in the grading account's home, outside the course's source (never released)
    teacher_view = Path(pwd.getpwnam(hub["grader"]).pw_dir) / "gradebook.ipynb"
    assert can_read(hub["grader"], teacher_view) and not can_read(who["right"], teacher_view)
    assert not list((hub["course_dir"] / "source").rglob("gradebook.ipynb"))


FLAG_ROW = "04-the-flag-row"


def grade_cell(notebook: dict, grade_id: str) -> dict:
    return next(c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == grade_id)


def test_late_twice_submitted_and_tampered_work_loses_nothing_and_gains_nothing(hub):
    """A lesson past its due date, one student who submits twice (wrong, then right), one who edits
    a check cell to pass and deletes another: the gradebook keeps the latest work, marks it late,
    grades with the teacher's checks, and the tampering earns nothing."""
    from nbgrader.api import Gradebook
    from playwright.sync_api import sync_playwright

    who, url, course = hub["who"], hub["url"], hub["who"]["course"]
    formgrader, prefix = f"/services/{course}/formgrader/api", f"/services/{course}"

    def tamper(notebook):
        grade_cell(notebook, "ex2-check")["source"] = "pass  # always right\n"
        notebook["cells"].remove(grade_cell(notebook, "ex1-check"))

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            # someone with an account on the machine but not on the class list cannot log in
            outsider = browser.new_context().new_page()
            outsider.goto(f"{url}/hub/login")
            outsider.fill("input[name=username]", hub["grader"])
            outsider.fill("input[name=password]", hub["passwords"][hub["grader"]])
            outsider.click("input[type=submit], button[type=submit]")
            outsider.wait_for_load_state()
            assert "/user/" not in outsider.url and outsider.locator("text=Invalid username or password").count() == 1

            teacher = Visitor(browser, url, who["teacher"], hub["passwords"][who["teacher"]])
            teacher.page.goto(f"{url}/services/{course}/formgrader")
            teacher.page.wait_for_selector("text=Manage Assignments", timeout=120_000)
            put = teacher.context.request.put(
                f"{url}{formgrader}/assignment/{FLAG_ROW}",
                data=json.dumps({"duedate_notimezone": "2020-01-01T00:00:00", "duedate_timezone": "UTC"}),
                headers={**teacher.xsrf(prefix), "Content-Type": "application/json"},
            )
            assert put.ok, put.text()[:400]
            teacher.post(f"{formgrader}/assignment/{FLAG_ROW}/assign", prefix=prefix)
            teacher.post(f"{formgrader}/assignment/{FLAG_ROW}/release", prefix=prefix)

            twice = Visitor(browser, url, who["right"], hub["passwords"][who["right"]])
            fetch = {"course_id": course, "assignment_id": FLAG_ROW}
            twice.post(f"/user/{who['right']}/assignments/fetch", fetch)
            # exercise 2: P(exactly one clash) = 2 x 1/4 x 3/4; 1/2 adds the two clashes' chances
            answer(twice, "Fraction(1, 2)", FLAG_ROW, "p_exactly_one_clash")
            twice.post(f"/user/{who['right']}/assignments/submit", fetch)
            answer(twice, "Fraction(3, 8)", FLAG_ROW, "p_exactly_one_clash")
            twice.post(f"/user/{who['right']}/assignments/submit", fetch)

            cheat = Visitor(browser, url, who["wrong"], hub["passwords"][who["wrong"]])
            cheat.post(f"/user/{who['wrong']}/assignments/fetch", fetch)
            answer(cheat, "Fraction(1, 2)", FLAG_ROW, "p_exactly_one_clash", edit=tamper)
            cheat.post(f"/user/{who['wrong']}/assignments/submit", fetch)

            teacher.post(f"{formgrader}/assignment/{FLAG_ROW}/collect", prefix=prefix)
            for role in ("right", "wrong"):
                teacher.post(f"{formgrader}/submission/{FLAG_ROW}/{who[role]}/autograde", prefix=prefix)
        finally:
            browser.close()

    with Gradebook(f"sqlite:///{hub['course_dir'] / 'gradebook.db'}") as gradebook:
        latest = gradebook.find_grade("ex2-check", FLAG_ROW, FLAG_ROW, who["right"])
        assert latest.score == 1.0  # the second submission, not the first
        assert gradebook.find_submission(FLAG_ROW, who["right"]).total_seconds_late > 0  # late, and kept
        tampered = gradebook.find_grade("ex2-check", FLAG_ROW, FLAG_ROW, who["wrong"])
        assert tampered.score == 0.0  # the teacher's check ran, not the student's `pass`
        deleted = gradebook.find_grade("ex1-check", FLAG_ROW, FLAG_ROW, who["wrong"])
        assert not deleted.score  # a deleted check earns nothing
    # both submissions are still in the exchange: collecting took the latest, deleted nothing
    inbound = hub["root"] / "exchange" / course / "inbound"
    assert len(list(inbound.glob(f"{who['right']}+{FLAG_ROW}+*"))) == 2
