import os
import shutil
from pathlib import Path

import pytest

from .lab import chromium_path, jupyter_server

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="session")
def chromium():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI=true but no Chromium: .ci/run installs Debian's chromium package first")
        pytest.skip("no Chromium on this machine (apt-get install chromium); CI always runs these tests")
    return path


@pytest.fixture(scope="session")
def server(chromium, tmp_path_factory):
    """JupyterLab (with Voila) serving a copy of notebooks/, so autosaves never touch the repository."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(NOTEBOOKS, root / "notebooks")
    with jupyter_server(root / "notebooks") as running:
        yield running


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    """Where browser tests write screenshots: $TABLEKIT_ARTIFACTS (CI keeps it), else a temporary folder."""
    folder = os.environ.get("TABLEKIT_ARTIFACTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path
