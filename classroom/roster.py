"""The class list: who may log in to the class server.

A class list is a UTF-8 text file, one student a line, in the form ``username`` or
``username, Full Name``; blank lines and lines starting with ``#`` are skipped. The username becomes
the student's account on this machine (and their login), so it must be one a system account can
have: lower-case letters, digits, ``-`` and ``_``, starting with a letter, at most 32 characters.

    alice, Alice Berg
    bjorn
    # the second group
    celina, Celina Nowak

Anything else is refused with `RosterError`, naming the file and the line, before anything on the
machine is changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

USERNAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
MAX_STUDENTS = 500  # one machine serves a class, not a school (docs/class-server.md: past one machine)


class RosterError(ValueError):
    """A class list the server cannot use; the message names the file and the line."""


@dataclass(frozen=True)
class Student:
    username: str
    name: str = ""


def read_roster(path: str | Path, *, reserved: frozenset[str] = frozenset()) -> list[Student]:
    """The students of the class list at `path`, in its order. `reserved` holds the names the
    server keeps for itself (the teacher's and the grader's accounts)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RosterError(f"{path}: no such class list") from None
    except UnicodeDecodeError as error:
        raise RosterError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise RosterError(f"{path}: cannot be read ({error.strerror})") from None
    students: list[Student] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        username, _, name = (part.strip() for part in entry.partition(","))
        where = f"{path}, line {number}"
        if not USERNAME.fullmatch(username):
            raise RosterError(
                f"{where}: {username[:40]!r} cannot be a username (lower-case letters, digits, - and _, "
                "starting with a letter, at most 32 characters)"
            )
        if username in reserved:
            raise RosterError(f"{where}: {username!r} is the server's own account, not a student's")
        if username in seen:
            raise RosterError(f"{where}: {username!r} is listed twice (first on line {seen[username]})")
        if any(ord(char) < 32 for char in name) or len(name) > 100:
            raise RosterError(f"{where}: the name must be one line of at most 100 characters")
        seen[username] = number
        students.append(Student(username, name))
        if len(students) > MAX_STUDENTS:
            raise RosterError(f"{where}: more than {MAX_STUDENTS} students; one machine serves one class")
    if not students:
        raise RosterError(f"{path}: no students listed")
    return students
