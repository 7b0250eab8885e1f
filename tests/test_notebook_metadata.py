"""Every stored notebook names its kernel exactly as the kernel reports itself: JupyterLab writes the
running kernel's spec into a notebook when the kernel connects, so a stored "Python 3" against a
kernel that says "Python 3 (ipykernel)" marked every untouched notebook modified (and autosave wrote
the change into the repository). `python3 dev.py notebooks` stores the spec the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(path for path in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)


@pytest.fixture(scope="module")
def kernel() -> dict[str, str]:
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT / "notebooks")))
def test_the_stored_kernelspec_is_the_one_the_kernel_reports(path, kernel):
    stored = json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"]
    assert stored == kernel


def test_there_are_notebooks_to_check():
    assert len(NOTEBOOKS) >= 30
