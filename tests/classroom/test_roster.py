"""The class list: every malformed list is refused with its file and line, before anything is made."""

from __future__ import annotations

import pytest

from classroom.roster import MAX_STUDENTS, RosterError, Student, read_roster


def write(tmp_path, text: str | bytes):
    path = tmp_path / "class.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def test_a_class_list_reads_names_and_skips_comments(tmp_path):
    path = write(tmp_path, "# group A\nalice, Alice Berg\n\nbjorn\n  celina ,  Celina Nowak  \n")
    assert read_roster(path) == [Student("alice", "Alice Berg"), Student("bjorn"), Student("celina", "Celina Nowak")]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("alice\nAlice\n", 2, "cannot be a username"),
        ("alice\n1bob\n", 2, "cannot be a username"),
        ("alice\nbo b\n", 2, "cannot be a username"),
        ("alice\n../etc\n", 2, "cannot be a username"),
        ("alice\n" + "a" * 33 + "\n", 2, "cannot be a username"),
        ("alice\nbob\nalice\n", 3, "listed twice (first on line 1)"),
        ("teacher\n", 1, "the server's own account"),
        ("alice, Al\tice\n", 1, "one line of at most 100 characters"),
        (",Nameless\n", 1, "cannot be a username"),
    ],
)
def test_a_bad_line_is_named(tmp_path, text, line, words):
    path = write(tmp_path, text)
    with pytest.raises(RosterError) as caught:
        read_roster(path, reserved=frozenset({"teacher"}))
    assert f"{path}, line {line}:" in str(caught.value)
    assert words in str(caught.value)


def test_empty_missing_and_binary_lists_are_refused(tmp_path):
    with pytest.raises(RosterError, match="no students listed"):
        read_roster(write(tmp_path, "# nobody yet\n\n"))
    with pytest.raises(RosterError, match="no such class list"):
        read_roster(tmp_path / "absent.txt")
    with pytest.raises(RosterError, match="not UTF-8"):
        read_roster(write(tmp_path, b"alice\n\xff\xfe\n"))


def test_a_school_is_not_a_class(tmp_path):
    path = write(tmp_path, "".join(f"s{n}\n" for n in range(MAX_STUDENTS + 1)))
    with pytest.raises(RosterError, match=f"line {MAX_STUDENTS + 1}: more than {MAX_STUDENTS} students"):
        read_roster(path)
