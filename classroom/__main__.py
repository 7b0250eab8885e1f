"""`python3 dev.py class`: set up the class server, then start it (see server.py)."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from .roster import RosterError
from .server import DEFAULT_ROOT, ClassRoot, ClassServerError, install_software, prepare, say, start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dev.py class", description=__doc__)
    parser.add_argument("--roster", type=Path, help="the class list: one username a line (see classroom/roster.py)")
    parser.add_argument(
        "--root", type=Path, default=DEFAULT_ROOT, help=f"where the class lives (default {DEFAULT_ROOT})"
    )
    parser.add_argument("--teacher", default="teacher", help="the teacher's username (default teacher)")
    parser.add_argument("--course", default="tablekit", help="the nbgrader course id (default tablekit)")
    parser.add_argument(
        "--ip", default="127.0.0.1", help="the address to serve on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=int, default=8000, help="the hub's port (default 8000)")
    parser.add_argument("--idle-minutes", type=int, default=30, help="stop a server idle this long (default 30)")
    parser.add_argument(
        "--lang", default="en", help="the lessons' language: en (default), nb, pl or sv (their translations)"
    )
    parser.add_argument(
        "--software-only", action="store_true", help="only install the class venv and the proxy (CI does this first)"
    )
    parser.add_argument("--prepare-only", action="store_true", help="set up or update, then stop without serving")
    args = parser.parse_args(argv)
    if args.software_only:
        try:
            install_software(ClassRoot(args.root.resolve()))
        except ClassServerError as error:
            parser.exit(2, f"dev.py class: {error}\n")
        return 0
    if args.roster is None:
        parser.error("--roster FILE is needed: the class list (one username a line, see classroom/roster.py)")
    try:
        settings = prepare(args.root, args.roster, teacher=args.teacher, course=args.course, ip=args.ip,
                           port=args.port, idle_minutes=args.idle_minutes, lang=args.lang)  # fmt: skip
    except (RosterError, ClassServerError) as error:
        parser.exit(2, f"dev.py class: {error}\n")
    if args.prepare_only:
        return 0
    if settings["ip"] not in ("127.0.0.1", "localhost", "::1"):
        say("serving beyond this machine: put it behind HTTPS (see README, Teaching a class)")
    say(f"open http://{settings['ip']}:{settings['port']}/ and log in (Ctrl-C stops the hub and every server)")
    hub = start(args.root)
    signal.signal(signal.SIGTERM, lambda *_: hub.terminate())
    try:
        return hub.wait()
    except KeyboardInterrupt:
        hub.terminate()
        return hub.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
