"""dev.py class refuses what it cannot serve safely, before it changes anything on the machine."""

from __future__ import annotations

import os
import sys

import pytest

from classroom import server
from classroom.server import ClassServerError, prepare


def roster(tmp_path, text: str):
    path = tmp_path / "class.txt"
    path.write_text(text)
    return path


def test_without_root_there_is_no_class_server(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(ClassServerError, match="needs root"):
        prepare(tmp_path / "root", roster(tmp_path, "alice\n"))
    assert not (tmp_path / "root").exists()


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0, reason="asks the machine's accounts: root")
def test_a_student_named_like_an_account_of_the_machine_is_refused(tmp_path, monkeypatch):
    installs = []
    monkeypatch.setattr(server, "install_software", installs.append)
    with pytest.raises(ClassServerError, match="'daemon' is already an account on this machine"):
        prepare(tmp_path / "root", roster(tmp_path, "alice\ndaemon\n"))
    assert not (tmp_path / "root").exists() and not installs


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0, reason="root only")
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"teacher": "Teacher"}, "teacher's username"),
        ({"course": "a" * 25}, "course id"),
        ({"course": "x/../y"}, "course id"),
        ({"port": 0}, "port must be from 1 to 65535"),
        ({"idle_minutes": 0}, "idle minutes"),
    ],
)
def test_bad_settings_are_refused(tmp_path, options, words):
    with pytest.raises(ClassServerError, match=words):
        prepare(tmp_path / "root", roster(tmp_path, "alice\n"), **options)
    assert not (tmp_path / "root").exists()
