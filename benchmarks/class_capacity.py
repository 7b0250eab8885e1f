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
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path

import psutil
import websocket

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from classroom.server import ClassRoot, prepare, start  # noqa: E402
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
        with urllib.request.urlopen(request, timeout=300) as response:
            text = response.read()
        return json.loads(text) if text else {}


def lesson_cells(count: int) -> list[str]:
    """The lesson's first code cells, as a student runs them from the top."""
    notebook = json.loads(LESSON.read_text())
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"][:count]


class Kernel:
    """One kernel over its websocket: execute code, send comm messages, wait for idle."""

    def __init__(self, hub: Hub, user: str, token: str):
        self.session = uuid.uuid4().hex
        kernel = hub.call("POST", f"/user/{user}/api/kernels", {}, token=token)
        ws_url = hub.url.replace("http", "ws") + f"/user/{user}/api/kernels/{kernel['id']}/channels"
        self.socket = websocket.create_connection(ws_url, header=[f"Authorization: token {token}"], timeout=300)

    def _send(self, msg_type: str, content: dict, channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "", "version": "5.3"}
        self.socket.send(
            json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": channel})
        )
        return msg_id

    def _until_idle(self, msg_id: str) -> tuple[bool, str]:
        """Read until the kernel is idle after `msg_id`: whether it went well, and its printed text."""
        ok, text = True, []
        while True:
            msg = json.loads(self.socket.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                text.append(msg["content"]["text"])
            elif kind == "error" or (kind == "execute_reply" and msg["content"]["status"] != "ok"):
                ok = False
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                return ok, "".join(text)

    def execute(self, code: str) -> tuple[bool, str, float]:
        start = time.perf_counter()
        ok, text = self._until_idle(self._send("execute_request", {"code": code, "silent": False}))
        return ok, text, time.perf_counter() - start

    def comm(self, comm_id: str, data: dict) -> tuple[bool, float]:
        start = time.perf_counter()
        ok, _ = self._until_idle(self._send("comm_msg", {"comm_id": comm_id, "data": data}))
        return ok, time.perf_counter() - start


def student(hub: Hub, user: str, cells: list[str], clicks: int, results: dict) -> None:
    record = results[user] = {"cells": [], "clicks": [], "failures": []}
    try:
        hub.call("POST", f"/hub/api/users/{user}/server", {})
        while not hub.call("GET", f"/hub/api/users/{user}").get("servers", {}).get("", {}).get("ready"):
            time.sleep(0.5)
        token = hub.call("POST", f"/hub/api/users/{user}/tokens", {"expires_in": 7200})["token"]
        kernel = Kernel(hub, user, token)
        for code in cells:
            ok, _, seconds = kernel.execute(code)
            record["cells"].append(seconds)
            if not ok:
                record["failures"].append("a lesson cell failed")
        seed = 1000 + int(user[-2:])  # each student a deal of their own, chosen here
        ok, text, _ = kernel.execute(
            "import json\nfrom widgets.lostcities import LostCitiesBoard\n"
            f"board = LostCitiesBoard(mode='bot', bot='heuristic', seed={seed}, rounds=1)\nprint(board.model_id)"
        )
        comm_id = text.strip()
        for _ in range(clicks):
            ok, text, _ = kernel.execute("print(json.dumps([str(a) for a in board.game.legal_actions()]))")
            if board_over := not json.loads(text or "[]"):
                break
            action = json.loads(text)[0]
            ok, seconds = kernel.comm(comm_id, {"method": "custom", "content": {"kind": "act", "action": action}})
            record["clicks"].append(seconds)
            if not ok:
                record["failures"].append("a click failed")
        del board_over
    except Exception as error:  # a benchmark reports every failure and goes on with the others
        record["failures"].append(f"{type(error).__name__}: {error}"[:200])


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


def run(count: int, cells: int, clicks: int) -> dict:
    base = Path(tempfile.mkdtemp(prefix="tablekit-capacity-", dir="/var/tmp"))
    os.chmod(base, 0o755)
    users = [f"tkcap{n:02d}" for n in range(1, count + 1)]
    (base / "class.txt").write_text("\n".join(users) + "\n")
    port, token = free_port(), secrets.token_hex(24)
    hub_process = None
    try:
        settings = prepare(base / "root", base / "class.txt", teacher="tkcapt", course="tkcap", port=port)
        settings.update(service_port=free_port(), hub_port=free_port(), proxy_api_port=free_port())
        settings["benchmark_token"] = token
        ClassRoot(base / "root").settings.write_text(json.dumps(settings))
        hub_process = start(base / "root")
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
        failures = [f for r in results.values() for f in r["failures"]]
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
        }
    finally:
        if hub_process is not None:
            hub_process.terminate()
            try:
                hub_process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                hub_process.kill()
        for user in [*users, "tkcapt", "grader-tkcap"]:
            subprocess.run(["pkill", "-KILL", "-u", user], capture_output=True)
            subprocess.run(["userdel", "--remove", user], capture_output=True)
        subprocess.run(["rm", "-rf", str(base)], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", default="5,10,20,30", help="class sizes, comma-separated")
    parser.add_argument("--cells", type=int, default=4, help="lesson cells each student runs (default 4)")
    parser.add_argument("--clicks", type=int, default=20, help="board clicks each student makes (default 20)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the class server makes a system account per student")
    sizes = [int(part) for part in args.students.split(",")]
    if not all(1 <= size <= 99 for size in sizes) or not 1 <= args.cells <= 50 or not 1 <= args.clicks <= 500:
        sys.exit("--students from 1 to 99 each, --cells from 1 to 50, --clicks from 1 to 500")
    print(f"machine: {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB; load {os.getloadavg()}")
    for size in sizes:
        r = run(size, args.cells, args.clicks)
        print(
            f"{r['students']:>3} students: {r['memory_per_student_mb']:.0f} MB each, {r['memory_gb']:.1f} GB in all"
            f" (target < {TARGETS['memory_gb']} GB at {TARGETS['students']})"
            f" | cell median {r['cell_median_ms']:.0f} ms,"
            f" p95 {r['cell_p95_ms']:.0f} ms ({r['cells']} cells) | click median {r['click_median_ms']:.0f} ms"
            f" (target < {TARGETS['click_median_ms']}), p95 {r['click_p95_ms']:.0f} ms ({r['clicks']} clicks)"
            f" | failures {len(r['failures'])} (target 0) | {r['wall_s']:.0f} s",
            flush=True,
        )
        for failure in sorted(set(r["failures"]))[:5]:
            print(f"      {failure}")


if __name__ == "__main__":
    main()
