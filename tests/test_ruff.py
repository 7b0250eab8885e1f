"""The repository is ruff-clean, with pyproject.toml's settings ([tool.ruff]): the lint runs in the
suite, so a change that breaks it fails here. ruff comes with the test extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_check_finds_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "No module named ruff" not in result.stderr, "ruff is in the test extra: run `python3 dev.py setup`"
    assert result.returncode == 0, result.stdout + result.stderr
