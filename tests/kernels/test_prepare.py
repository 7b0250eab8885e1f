"""Compiling the kernels before they are needed (kit/kernels/prepare.py): the "compiled" mark that
tells a board whether the first analysis must wait for numba, and its going stale with the sources."""

from __future__ import annotations

import pytest

from kit.kernels import prepare
from kit.kernels.kernel_cache import refresh
from kit.lostcities import LostCities


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The kernel's cache folder, moved to a temporary one with one source stamp in it."""
    if LostCities.fast_path.module() is None:
        pytest.skip("numba not installed (extra 'fast')")
    monkeypatch.setattr(prepare, "cache_dir", lambda module_file: tmp_path)
    monkeypatch.setattr(prepare, "_ready", set())
    (tmp_path / "fast.sources.sha256").write_text("sources as they are")
    return tmp_path


def test_a_kernel_needs_compiling_until_it_is_marked_and_again_when_its_sources_change(cache):
    game = LostCities(seed=0)
    assert prepare.needs_compiling(game)
    prepare.mark_compiled(game)
    assert not prepare.needs_compiling(game)
    prepare._ready.clear()  # a new process reads the mark
    assert not prepare.needs_compiling(game)
    (cache / "fast.sources.sha256").write_text("an edited rules.py")
    assert prepare.needs_compiling(game), "a mark made for other sources is stale"


def test_a_refresh_that_clears_the_cache_clears_the_mark_with_it(tmp_path):
    module = tmp_path / "fast.py"
    module.write_text("def _play(): ...\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "lost-cities.compiled").write_text("old")
    assert refresh(module, [module], cache)
    assert not (cache / "lost-cities.compiled").exists()
