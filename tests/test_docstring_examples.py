"""Every `>>>` example in a docstring of kit/ and widgets/ runs, as a doctest, in the suite.

Examples never depend on what a particular seed deals (the generator may change): they state a
deal as data (``deck=``, ``scenario=``) or show a property ("the kernel ends as the readable engine
does"). ``...`` in an expected output stands for any text (ELLIPSIS), e.g. a time or a figure.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for package in ("kit", "widgets")
    for path in (ROOT / package).rglob("*.py")
    if ">>>" in path.read_text(encoding="utf-8")
)


def test_the_examples_are_found():
    assert len(MODULES) >= 15 and "kit.lostcities.game" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    assert runner.tries > 0, f"{name} has '>>>' outside any docstring doctest finds"
    assert runner.failures == 0, "".join(report)
