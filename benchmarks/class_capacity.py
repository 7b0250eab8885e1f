"""How many students one machine serves: a real class server with N students, each with their own
single-user server, all at once running a lesson's cells through the kernel API and clicking a board
through comm messages (what the page sends), as a class does in the first minutes of a lesson.

    sudo .venv/bin/python benchmarks/class_capacity.py                 # 5, 10, 20 and 30 students
    sudo .venv/bin/python benchmarks/class_capacity.py --students 5 --clicks 10

For each class size it prints the memory per student and in all (the students' processes, while
their kernels still hold the lesson and the board), the median and 95th percentile time of a cell
and of a board click (comm message sent until the kernel is idle again, its reply sent), and the
failures, beside the targets: 30 students, no failure, click median < 300 ms, memory < 20 GB.
It makes system accounts (tkcap01, …) and deletes them at the end. A benchmark, never a test.

Each failure is reported with its cause, as far as the client and the server can tell: where it
happened (spawn, kernel, cell N, board, click N), what the client saw (an HTTP status, the server's
close frame, a connection cut without one, its own timeout) and what that student's server logged
about it (every server logs to a file of its own: a kernel websocket the server closed because no
pong came for 90 s logs "WebSocket ping timeout"). The client talks to a kernel as JupyterLab does:
with a session id, so that when a websocket is lost it reconnects and the server replays what it
buffered meanwhile; a loss it recovers from is a "drop" (reported, not a failure: a student's page
reconnects the same way), a reply that never comes is a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pwd
import re
import secrets
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import psutil
import websocket

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from classroom.server import ClassRoot, delete_account, prepare, start  # noqa: E402
from tests.browser.lab import free_port  # noqa: E402

LESSON = ROOT / "notebooks" / "probability" / "01-will-the-card-i-need-come.ipynb"
TARGETS = {"students": 30, "click_median_ms": 300, "memory_gb": 20}


class Hub:
    def __init__(self, url: str, token: str):
        self.url, self.token = url, token

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
        request = urllib.request.Request(
            f"{self.url}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {token or self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=CLIENT_TIMEOUT) as response:
            text = response.read()
        return json.loads(text) if text else {}


def lesson_cells(count: int) -> list[str]:
    """The lesson's first code cells, as a student runs them from the top."""
    notebook = json.loads(LESSON.read_text())
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"][:count]


#: how long the client waits for any message from a kernel, or for a hub call, before it gives up
CLIENT_TIMEOUT = 300
#: reconnections to a lost kernel websocket before the client gives up (JupyterLab tries 7 times)
RECONNECTS = 7


class Failed(Exception):
    """What went wrong for one student, and where; `cause` is one short phrase shared by like failures."""

    def __init__(self, phase: str, cause: str, detail: str = ""):
        super().__init__(f"{phase}: {cause}{f' ({detail})' if detail else ''}")
        self.phase, self.cause, self.detail = phase, cause, detail


class Lost(Exception):
    """The kernel's websocket closed under the client; `cause` says how. `final`: the client itself
    gave up (its own timeout), which no reconnection mends."""

    def __init__(self, cause: str, detail: str = "", final: bool = False):
        super().__init__(cause)
        self.cause, self.detail, self.final = cause, detail, final


def http_cause(error: Exception, path: str) -> tuple[str, str]:
    if isinstance(error, urllib.error.HTTPError):
        body = error.read().decode("utf-8", "replace")[:200]
        return f"HTTP {error.code} from {path.split('/api/')[-1].split('/')[0] or path}", body
    if isinstance(error, TimeoutError) or "timed out" in str(error):
        return f"the client's own {CLIENT_TIMEOUT} s timeout on an HTTP call", path
    return f"{type(error).__name__} on an HTTP call", f"{path}: {error}"[:200]


class Kernel:
    """One kernel over its websocket, as JupyterLab holds it: execute code, send comm messages, wait
    for idle; a lost websocket is reconnected with the same session, and the server replays what it
    buffered meanwhile."""

    def __init__(self, hub: Hub, user: str, token: str):
        self.hub, self.user, self.token = hub, user, token
        self.session = uuid.uuid4().hex
        try:
            self.id = hub.call("POST", f"/user/{user}/api/kernels", {}, token=token)["id"]
        except Exception as error:
            raise Failed("kernel start", *http_cause(error, f"/user/{user}/api/kernels")) from None
        self.drops: list[dict] = []  # each websocket lost and got back: how, when
        self.longest_gap = 0.0  # the longest wait between two frames from the server
        self.pings = 0
        self.connect("websocket connect")

    def connect(self, phase: str) -> None:
        url = self.hub.url.replace("http", "ws") + f"/user/{self.user}/api/kernels/{self.id}/channels"
        try:
            # skip_utf8_validation: websocket-client checks UTF-8 in pure Python (about 0.6 s a MB), CPU
            # the client would take from the servers it measures on a 2-core machine
            self.socket = websocket.create_connection(
                f"{url}?session_id={self.session}", header=[f"Authorization: token {self.token}"],
                timeout=CLIENT_TIMEOUT, skip_utf8_validation=True,
            )  # fmt: skip
        except websocket.WebSocketBadStatusException as error:
            raise Failed(phase, f"websocket refused: HTTP {error.status_code}", str(error)[:200]) from None
        except (OSError, websocket.WebSocketException) as error:
            raise Failed(phase, f"websocket not opened: {type(error).__name__}", str(error)[:200]) from None
        self.opened = self.last_frame = time.monotonic()
        self.quiet = 0.0

    def _drain(self) -> None:
        """Read what the server sent since the last reply (a late message, a ping, or a close frame:
        a request written into a websocket the server has already closed would be lost unseen)."""
        while select.select([self.socket.sock], [], [], 0)[0]:
            self._receive()

    def _send(self, msg_type: str, content: dict, channel: str = "shell") -> str:
        self._drain()
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "", "version": "5.3"}
        message = {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": channel}
        try:
            self.socket.send(json.dumps(message))
        except (OSError, websocket.WebSocketException) as error:
            raise Lost("the websocket was closed before the request went out", str(error)) from None
        return msg_id

    def _receive(self) -> dict:
        """The next message from the kernel; pings are answered on the way (websocket-client sends
        the pong inside this read) and counted."""
        while True:
            try:
                opcode, frame = self.socket.recv_data_frame(control_frame=True)
            except websocket.WebSocketTimeoutException:
                waited = f"the client's own {CLIENT_TIMEOUT} s timeout: no message from the kernel"
                raise Lost(waited, final=True) from None
            except (OSError, websocket.WebSocketException) as error:
                raise Lost("the connection was cut without a close frame (the proxy or the server went away)",
                           f"{type(error).__name__}: {error}") from None  # fmt: skip
            now = time.monotonic()
            self.quiet = now - self.last_frame  # how long the client had read nothing (no pong either)
            self.longest_gap, self.last_frame = max(self.longest_gap, self.quiet), now
            if opcode == websocket.ABNF.OPCODE_PING:
                self.pings += 1
            elif opcode == websocket.ABNF.OPCODE_CLOSE:
                code = int.from_bytes(frame.data[:2], "big") if len(frame.data) >= 2 else None
                reason = frame.data[2:].decode("utf-8", "replace")
                raise Lost(f"the server closed the websocket ({f'code {code}' if code else 'no close code'})", reason)
            elif opcode in (websocket.ABNF.OPCODE_TEXT, websocket.ABNF.OPCODE_BINARY):
                return json.loads(frame.data)

    def _until_idle(self, msg_id: str, phase: str) -> tuple[bool, str]:
        """Read until the kernel is idle after `msg_id`: whether it went well, and its printed text.
        A lost websocket is reconnected (the server replays the messages it kept meanwhile)."""
        ok, text, drops = True, [], 0
        while True:
            try:
                msg = self._receive()
            except Lost as lost:
                drops += 1
                if lost.final or drops > 3:
                    raise Failed(phase, lost.cause, lost.detail) from None
                self._reconnect(phase, lost)
                continue
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                text.append(msg["content"]["text"])
            elif kind == "error":
                ok = False
                text.append(f"{msg['content']['ename']}: {msg['content']['evalue']}"[:200])
            elif kind == "execute_reply" and msg["content"]["status"] != "ok":
                ok = False
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                return ok, "".join(text)

    def _reconnect(self, phase: str, lost: Lost) -> None:
        drop = {"phase": phase, "cause": lost.cause, "detail": lost.detail, "open_s": time.monotonic() - self.opened,
                "quiet_s": self.quiet, "at": time.time()}  # fmt: skip
        self.drops.append(drop)
        with contextlib.suppress(Exception):
            self.socket.close(timeout=1)
        for attempt in range(RECONNECTS):
            time.sleep(min(2**attempt, 30) * 0.5)
            try:
                self.connect(phase)
                return
            except Failed:
                continue
        raise Failed(phase, lost.cause, f"{lost.detail}; {RECONNECTS} reconnections failed".strip("; "))

    def execute(self, code: str, phase: str) -> tuple[bool, str, float]:
        start = time.perf_counter()
        try:
            msg_id = self._send("execute_request", {"code": code, "silent": False})
        except Lost as lost:
            self._reconnect(phase, lost)
            msg_id = self._send("execute_request", {"code": code, "silent": False})
        ok, text = self._until_idle(msg_id, phase)
        return ok, text, time.perf_counter() - start

    def comm(self, comm_id: str, data: dict, phase: str) -> tuple[bool, float]:
        start = time.perf_counter()
        try:
            msg_id = self._send("comm_msg", {"comm_id": comm_id, "data": data})
        except Lost as lost:
            self._reconnect(phase, lost)
            msg_id = self._send("comm_msg", {"comm_id": comm_id, "data": data})
        ok, _ = self._until_idle(msg_id, phase)
        return ok, time.perf_counter() - start


def wait_for_server(hub: Hub, user: str) -> None:
    """Until the student's server is ready; a spawn the hub gave up on is a failure, not a wait."""
    deadline = time.monotonic() + CLIENT_TIMEOUT
    while True:
        model = hub.call("GET", f"/hub/api/users/{user}")
        server = model.get("servers", {}).get("")
        if server and server.get("ready"):
            return
        if not server and not model.get("pending"):
            raise Failed("spawn", "the hub's spawn failed (see the hub's log for why)")
        if time.monotonic() > deadline:
            raise Failed("spawn", f"not ready after the client's {CLIENT_TIMEOUT} s")
        time.sleep(0.5)


def student(hub: Hub, user: str, cells: list[str], clicks: int, results: dict) -> None:
    record = results[user] = {"cells": [], "clicks": [], "failures": [], "drops": [], "kernel": None}
    kernel = None
    try:
        try:
            hub.call("POST", f"/hub/api/users/{user}/server", {})
        except Exception as error:
            raise Failed("spawn", *http_cause(error, f"/hub/api/users/{user}/server")) from None
        wait_for_server(hub, user)
        token = hub.call("POST", f"/hub/api/users/{user}/tokens", {"expires_in": 7200})["token"]
        kernel = Kernel(hub, user, token)
        record["kernel"] = kernel.id
        for number, code in enumerate(cells, 1):
            ok, text, seconds = kernel.execute(code, f"cell {number}")
            record["cells"].append(seconds)
            if not ok:
                record["failures"].append(Failed(f"cell {number}", "the lesson cell raised", text.strip()[-200:]))
        seed = 1000 + int(user[-2:])  # each student a deal of their own, chosen here
        ok, text, _ = kernel.execute(
            "import json\nfrom widgets.lostcities import LostCitiesBoard\n"
            f"board = LostCitiesBoard(mode='bot', bot='heuristic', seed={seed}, rounds=1)\nprint(board.model_id)",
            "board",
        )
        if not ok:
            raise Failed("board", "the board was not made", text.strip()[-200:])
        comm_id = text.strip()
        for number in range(1, clicks + 1):
            ok, text, _ = kernel.execute("print(json.dumps([str(a) for a in board.game.legal_actions()]))",
                                         f"click {number}")  # fmt: skip
            if not json.loads(text or "[]"):
                break  # the round is over
            action = json.loads(text)[0]
            content = {"kind": "act", "action": action}
            ok, seconds = kernel.comm(comm_id, {"method": "custom", "content": content}, f"click {number}")
            record["clicks"].append(seconds)
            if not ok:
                record["failures"].append(Failed(f"click {number}", "the click raised in the kernel"))
    except Failed as failure:
        record["failures"].append(failure)
    except Exception as error:  # a benchmark reports every failure and goes on with the others
        record["failures"].append(Failed("client", f"{type(error).__name__} in the benchmark", str(error)[:200]))
    finally:
        if kernel is not None:
            record["drops"] = kernel.drops
            record["longest_gap_s"] = kernel.longest_gap
            record["pings"] = kernel.pings


#: what a single-user server's log says about a kernel connection in trouble
TROUBLE = re.compile(
    r"WebSocket ping timeout|Timeout waiting for kernel_info|Nudge: attempt|KernelRestarter|restart|"
    r"[Kk]ernel died|dead|Uncaught exception|Traceback|Replacing stale connection|Starting buffering|"
    r"Restoring connection|Replaying|MemoryError|Killed|Error"
)


def server_says(log: Path) -> list[str]:
    """The lines of one student's server log that speak of trouble (the server's side of a failure)."""
    if not log.exists():
        return []
    return [line.strip()[:200] for line in log.read_text(errors="replace").splitlines() if TROUBLE.search(line)]


def oom_kills() -> int:
    """The kernel's count of processes killed for want of memory, since boot."""
    for line in Path("/proc/vmstat").read_text().splitlines():
        if line.startswith("oom_kill "):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def memory_of(users: list[str]) -> int:
    uids = {pwd.getpwnam(user).pw_uid for user in users}
    total = 0
    for process in psutil.process_iter(["uids", "memory_info"]):
        try:
            if process.info["uids"] and process.info["uids"].real in uids:
                total += process.info["memory_info"].rss
        except psutil.Error:
            pass
    return total


def run(count: int, cells: int, clicks: int, keep_logs: Path | None = None) -> dict:
    base = Path(tempfile.mkdtemp(prefix="tablekit-capacity-", dir="/var/tmp"))
    os.chmod(base, 0o755)
    users = [f"tkcap{n:02d}" for n in range(1, count + 1)]
    (base / "class.txt").write_text("\n".join(users) + "\n")
    logs = base / "logs"  # the hub's log, and one per student's server (the hub writes them, as root)
    logs.mkdir(mode=0o700)
    port, token = free_port(), secrets.token_hex(24)
    hub_process, hub_log = None, open(logs / "hub.log", "wb")  # noqa: SIM115 - closed in finally
    oom_before = oom_kills()
    try:
        settings = prepare(base / "root", base / "class.txt", teacher="tkcapt", course="tkcap", port=port)
        settings.update(service_port=free_port(), hub_port=free_port(), proxy_api_port=free_port())
        settings.update(benchmark_token=token, benchmark_logs=str(logs))
        ClassRoot(base / "root").settings.write_text(json.dumps(settings))
        hub_process = start(base / "root", stdout=hub_log, stderr=subprocess.STDOUT)
        hub = Hub(f"http://127.0.0.1:{port}", token)
        deadline = time.monotonic() + 120
        while True:
            try:
                hub.call("GET", "/hub/api/")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the hub did not start") from None
                time.sleep(0.5)
        results: dict = {}
        code = lesson_cells(cells)
        started = time.perf_counter()
        threads = [threading.Thread(target=student, args=(hub, user, code, clicks, results)) for user in users]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
        memory = memory_of(users)
        cell_times = [t for r in results.values() for t in r["cells"]]
        click_times = [t for r in results.values() for t in r["clicks"]]
        failures, drops = [], []
        for user, record in sorted(results.items()):
            said = server_says(logs / f"{user}.log")
            for failure in record["failures"]:
                failures.append({"student": user, "phase": failure.phase, "cause": failure.cause,
                                 "detail": failure.detail, "server": said[-8:]})  # fmt: skip
            for drop in record["drops"]:
                drops.append({"student": user, **drop, "server": said[-8:]})
        return {
            "students": count,
            "wall_s": wall,
            "memory_gb": memory / 2**30,
            "memory_per_student_mb": memory / count / 2**20,
            "cell_median_ms": 1000 * statistics.median(cell_times) if cell_times else float("nan"),
            "cell_p95_ms": 1000 * percentile(cell_times, 0.95),
            "click_median_ms": 1000 * statistics.median(click_times) if click_times else float("nan"),
            "click_p95_ms": 1000 * percentile(click_times, 0.95),
            "cells": len(cell_times),
            "clicks": len(click_times),
            "failures": failures,
            "drops": drops,
            "longest_gap_s": max((r.get("longest_gap_s", 0.0) for r in results.values()), default=0.0),
            "oom_kills": oom_kills() - oom_before,
        }
    finally:
        if hub_process is not None:
            hub_process.terminate()
            try:
                hub_process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                hub_process.kill()
        hub_log.close()
        for user in [*users, "tkcapt", "grader-tkcap"]:
            delete_account(user)
        if keep_logs is not None:
            shutil.copytree(logs, keep_logs / f"{count}-students", dirs_exist_ok=True)
        subprocess.run(["rm", "-rf", str(base)], check=False)


def report(r: dict) -> str:
    """The run's figures beside the targets, then every failure and drop with its cause."""
    lines = [
        f"{r['students']:>3} students: {r['memory_per_student_mb']:.0f} MB each, {r['memory_gb']:.1f} GB in all"
        f" (target < {TARGETS['memory_gb']} GB at {TARGETS['students']})"
        f" | cell median {r['cell_median_ms']:.0f} ms,"
        f" p95 {r['cell_p95_ms']:.0f} ms ({r['cells']} cells) | click median {r['click_median_ms']:.0f} ms"
        f" (target < {TARGETS['click_median_ms']}), p95 {r['click_p95_ms']:.0f} ms ({r['clicks']} clicks)"
        f" | failures {len(r['failures'])} (target 0), websocket drops recovered {len(r['drops'])}"
        f" | {r['wall_s']:.0f} s; longest wait for a frame {r['longest_gap_s']:.0f} s; OOM kills {r['oom_kills']}"
    ]
    for kind, events in (("failure", r["failures"]), ("drop", r["drops"])):
        for event in events:
            timing = ""
            if "open_s" in event:
                timing = f", websocket open {event['open_s']:.0f} s, quiet {event['quiet_s']:.0f} s"
            lines.append(f"      {kind} {event['student']} at {event['phase']}: {event['cause']}{timing}")
            if event["detail"]:
                lines.append(f"          client: {event['detail']}")
            for said in event["server"]:
                lines.append(f"          server: {said}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", default="5,10,20,30", help="class sizes, comma-separated")
    parser.add_argument("--cells", type=int, default=4, help="lesson cells each student runs (default 4)")
    parser.add_argument("--clicks", type=int, default=20, help="board clicks each student makes (default 20)")
    parser.add_argument("--keep-logs", type=Path, help="copy the hub's and every server's log into this folder")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the class server makes a system account per student")
    sizes = [int(part) for part in args.students.split(",")]
    if not all(1 <= size <= 99 for size in sizes) or not 1 <= args.cells <= 50 or not 1 <= args.clicks <= 500:
        sys.exit("--students from 1 to 99 each, --cells from 1 to 50, --clicks from 1 to 500")
    print(f"machine: {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB; load {os.getloadavg()}")
    for size in sizes:
        print(report(run(size, args.cells, args.clicks, args.keep_logs)), flush=True)


if __name__ == "__main__":
    main()
