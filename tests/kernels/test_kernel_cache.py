"""The stamp that keeps a compiled kernel's numba cache in step with the files it depends on
(kit/kernels/kernel_cache.py): numba itself watches only the file defining each function."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit.kernels.kernel_cache import cache_dir, digest, refresh


def test_a_changed_dependency_clears_the_modules_cache_and_only_its(tmp_path):
    module, other = tmp_path / "fast.py", tmp_path / "rules.py"
    module.write_text("def _play(): ...\n")
    other.write_text("HAND_SIZE = 8\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()

    def compiled():  # what numba writes: an index and data per function, for this module and a neighbour
        names = ("fast._play-10.py312.nbi", "fast._play-10.py312.1.nbc", "fast_kernel._play-9.py312.nbi")
        for name in names:
            (cache / name).write_text("x")
        return {path.name for path in cache.iterdir() if not path.name.endswith("sha256")}

    before = compiled()
    assert refresh(module, [module, other]), "no stamp yet: cleared once"
    assert {p.name for p in cache.iterdir()} == {"fast_kernel._play-9.py312.nbi", "fast.sources.sha256"}
    assert compiled() == before
    assert not refresh(module, [module, other]), "nothing changed: the cache stays"
    assert compiled() == before
    other.write_text("HAND_SIZE = 9\n")  # an edit elsewhere, which numba's own check would miss
    assert refresh(module, [module, other])
    assert not (cache / "fast._play-10.py312.nbi").exists() and (cache / "fast_kernel._play-9.py312.nbi").exists()
    assert not refresh(module, [module, other])


TINY = "import numba\n\n@numba.njit(cache=True)\ndef one():\n    return 1\n"
WHERE = (
    "import sys; sys.path.insert(0, sys.argv[1]); import tiny; tiny.one(); "
    "from kit.kernels.kernel_cache import cache_dir; print(cache_dir(tiny.__file__))"
)


@pytest.mark.parametrize("chosen", [False, True], ids=["beside the source", "NUMBA_CACHE_DIR"])
def test_the_cache_directory_is_where_numba_writes(tmp_path, chosen):
    """numba names the folder under NUMBA_CACHE_DIR by a hash of the source's folder: the stamp must
    sit, and clear, exactly where numba wrote (asked of a fresh process: numba reads it at import)."""
    pytest.importorskip("numba")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "tiny.py").write_text(TINY)
    env = {name: value for name, value in os.environ.items() if name != "NUMBA_CACHE_DIR"}
    if chosen:
        env["NUMBA_CACHE_DIR"] = str(tmp_path / "cache")
    found = subprocess.run(
        [sys.executable, "-c", WHERE, str(package)], env=env, capture_output=True, text=True, check=True, timeout=120
    ).stdout.strip()
    folder = Path(found)
    assert list(folder.glob("tiny.one-*.nbi")), f"numba wrote its index elsewhere than {folder}"
    assert folder.parent == tmp_path / "cache" if chosen else folder == package / "__pycache__"


@pytest.mark.parametrize(
    ("kernel", "needs"),
    [
        ("kit.lostcities.fast", {"fast.py", "rules.py", "scoring.py", "chance.py"}),
        ("kit.overbooking.fast", {"fast.py", "components.py", "chance.py"}),
        ("kit.samoa.fast_kernel", {"fast_kernel.py", "components.py", "heuristic.py", "chance.py"}),
    ],
)
def test_each_kernel_stamps_the_files_it_depends_on(kernel, needs):
    import importlib

    module = importlib.import_module(kernel)
    if not module.AVAILABLE:
        pytest.skip("numba not installed (extra 'fast')")
    stamp = cache_dir(module.__file__) / f"{Path(module.__file__).stem}.sources.sha256"
    assert stamp.exists(), "the kernel module must refresh its cache at import"
    sources = module._CACHE_SOURCES
    assert {Path(s).name for s in sources} == needs
    from kit.kernels import chance

    assert set(chance.SOURCES) <= set(sources), "the shared generator is inlined: its files count"
    assert stamp.read_text() == digest(sources)


def test_compile_in_place_replaces_the_named_functions_and_inlines_the_chosen_ones():
    numba = pytest.importorskip("numba")
    from kit.kernels.kernel_cache import compile_in_place

    def _twice(x):
        return 2 * x

    def _outer(x):
        return _twice(x) + 1

    def _left_alone(x):
        return x

    namespace = {"_twice": _twice, "_outer": _outer, "_left_alone": _left_alone}
    compile_in_place(namespace, ["_twice", "_outer"], inlined={"_twice"}, boundscheck=False)
    assert isinstance(namespace["_outer"], numba.core.registry.CPUDispatcher)
    assert namespace["_twice"].py_func is _twice and namespace["_left_alone"] is _left_alone
    assert namespace["_twice"].targetoptions["inline"] == "always"
    assert namespace["_outer"].targetoptions.get("inline", "never") == "never"
    for name in ("_twice", "_outer"):
        options = namespace[name].targetoptions
        assert options["nogil"] and options["boundscheck"] is False and options["error_model"] == "numpy"
        assert namespace[name]._cache.__class__.__name__ == "FunctionCache"  # cache=True: kept on disk


def test_a_stale_cache_starts_from_the_installed_one_when_that_is_up_to_date(tmp_path):
    """A class server's students cache in folders of their own (the installed kit is read-only to
    them): each starts from the cache compiled beside the installed sources, not from nothing."""
    module, rules = tmp_path / "fast.py", tmp_path / "rules.py"
    module.write_text("def _play(): ...\n")
    rules.write_text("HAND_SIZE = 8\n")
    installed, own = tmp_path / "__pycache__", tmp_path / "own"
    installed.mkdir()
    for name in ("fast._play-1.py312.nbi", "fast._play-1.py312.1.nbc", "lost-cities.compiled", "fast_kernel.x.nbi"):
        (installed / name).write_text(name)
    (installed / "fast.sources.sha256").write_text(digest([module, rules]))
    assert refresh(module, [module, rules], own)
    assert {p.name for p in own.iterdir()} == {
        "fast._play-1.py312.nbi", "fast._play-1.py312.1.nbc", "lost-cities.compiled", "fast.sources.sha256"
    }  # fmt: skip
    assert (own / "fast._play-1.py312.1.nbc").read_text() == "fast._play-1.py312.1.nbc"
    rules.write_text("HAND_SIZE = 9\n")  # the installed cache is now stale too: nothing is copied
    assert refresh(module, [module, rules], own)
    assert {p.name for p in own.iterdir()} == {"fast.sources.sha256"}


LOADS = """
import sys
from kit.kernels.prepare import compile_game
from kit.lostcities import LostCities
import kit.lostcities.fast as kernel
compile_game(LostCities(seed=0))
dispatchers = [f for f in vars(kernel).values() if hasattr(f, "stats") and hasattr(f, "py_func")]
print(*(sum(sum(getattr(f.stats, kind).values()) for f in dispatchers) for kind in ("cache_hits", "cache_misses")))
"""


def test_a_user_with_a_cache_of_their_own_compiles_nothing_after_the_install_was_prepared(tmp_path):
    """The real kernel in a fresh process whose numba caches elsewhere (NUMBA_CACHE_DIR, as a
    student's per-user folder): everything the advisor and the bots call loads from the copied cache."""
    pytest.importorskip("numba")
    import kit.lostcities.fast as kernel
    from kit.kernels.prepare import compile_game
    from kit.lostcities import LostCities

    if os.environ.get("NUMBA_CACHE_DIR") or not os.access(Path(kernel.__file__).parent, os.W_OK):
        pytest.skip("this checkout caches away from its sources: there is no installed cache to start from")
    compile_game(LostCities(seed=0))  # the installed cache, compiled (at once when dev.py setup did it)
    env = os.environ | {"NUMBA_CACHE_DIR": str(tmp_path / "own")}
    hits, misses = map(int, subprocess.run(
        [sys.executable, "-c", LOADS], env=env, capture_output=True, text=True, check=True, timeout=600
    ).stdout.split())  # fmt: skip
    assert misses == 0 and hits > 0, f"{misses} compiled afresh, {hits} loaded"
