"""Keep a compiled kernel's numba cache in step with every source file it depends on.

numba's on-disk cache (``cache=True``) is checked against the file that defines each function only.
A kernel that inlines another module's functions (every kernel inlines the generator of
kit/kernels/chance.py) or bakes in another module's constants (scoring.py's cost, rules.py's hand
size: numba freezes globals when it compiles) would go on running its old compiled code after an
edit there, silently playing the old rules. So each kernel module calls `refresh` at import, before
anything is compiled or loaded: a hash of the files it names is kept in a stamp beside the module's
cache files, and when the hash differs the module's cache files are deleted (numba compiles afresh).

    refresh(__file__, [Path(__file__), Path(rules.__file__), Path(scoring.__file__)])

Processes that compile or refresh at once (pytest-xdist workers, several Lab kernels) need no lock:
numba writes its index and data files to a temporary name and then renames them (os.replace), and
takes a missing or stale file for a cache miss (numba/core/caching.py, 0.68), so the worst a race
costs is a compile that another process had already done, never a half-written kernel.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Collection, Sequence
from pathlib import Path


def digest(sources: Sequence[Path]) -> str:
    """A hash of the sources' names and contents (their order counts)."""
    h = hashlib.sha256()
    for source in sources:
        h.update(Path(source).name.encode() + b"\0" + Path(source).read_bytes() + b"\0")
    return h.hexdigest()


def cache_dir(module_file: str | Path) -> Path:
    """Where numba keeps `module_file`'s cache, as numba itself chooses it (its locators, in its
    order): NUMBA_CACHE_DIR when set, else the __pycache__ beside the source when this user may
    write there (a clone, CI as root), else numba's per-user directory (a class server's students,
    whose kit is installed read-only: each keeps, and refreshes, a cache of their own). Without
    numba: the __pycache__ beside the source."""
    source = Path(module_file).resolve()
    try:
        from numba.core import caching
    except ImportError:
        return source.parent / "__pycache__"
    implementation = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # renamed in numba 0.6x
    for locator_class in implementation._locator_classes:
        locator = locator_class.from_function(_probe, str(source))
        if locator is not None:
            return Path(locator.get_cache_path())
    return source.parent / "__pycache__"  # pragma: no cover - numba found no place at all


def _probe() -> None:
    """A stand-in function for numba's locators, which only read where a function starts."""


def refresh(module_file: str | Path, sources: Sequence[Path], directory: Path | None = None) -> bool:
    """Delete `module_file`'s numba cache files when `sources` changed since the stamp was written
    (or there is no stamp yet); returns whether it did. Never fails an import: a directory it may not
    write is left alone."""
    directory = cache_dir(module_file) if directory is None else Path(directory)
    stem = Path(module_file).stem
    stamp = directory / f"{stem}.sources.sha256"
    wanted = digest(sources)
    try:
        if stamp.read_text() == wanted:
            return False
    except OSError:
        pass
    try:
        for path in _cache_files(directory, stem):
            path.unlink(missing_ok=True)
        directory.mkdir(parents=True, exist_ok=True)
        _seed(Path(module_file).resolve().parent / "__pycache__", directory, stem, wanted)
        stamp.write_text(wanted)
    except OSError:  # pragma: no cover - a read-only directory (numba then caches elsewhere, or not at all)
        pass
    return True


def _cache_files(directory: Path, stem: str) -> list[Path]:
    """A module's numba cache files in `directory` ("fast.*" is not "fast_kernel.*"), and the
    "compiled" marks (kit/kernels/prepare.py) that go with them."""
    return [path for pattern in (f"{stem}.*.nbi", f"{stem}.*.nbc", "*.compiled") for path in directory.glob(pattern)]


def _seed(installed: Path, directory: Path, stem: str, wanted: str) -> None:
    """Start an empty cache from the one compiled beside an installed kit, when that one is up to date.

    A kit installed read-only for many users (a class server's venv, an image) is compiled once by
    whoever installed it (`python -m kit.kernels.prepare` as root writes beside the sources); each
    user's numba may not write there, so it caches in a folder of that user's own, which starts empty:
    copying the installed cache into it saves every user the same minute of compiling. numba checks
    each copied index against the source file's time and size, which a copy does not change."""
    if installed.resolve() == directory.resolve():
        return
    try:
        if (installed / f"{stem}.sources.sha256").read_text() != wanted:
            return
        for path in _cache_files(installed, stem):
            shutil.copyfile(path, directory / path.name)
    except OSError:
        return


def compile_in_place(namespace: dict, names: Sequence[str], inlined: Collection[str] = (), **options) -> None:
    """Replace each named plain-Python function of a kernel module (`namespace`: its globals()) by
    its numba-compiled self, cached on disk, without the GIL; names in `inlined` are inlined into
    their callers instead of called. `options` go to `numba.njit` (boundscheck, _nrt, ...). Call
    `refresh` first. Functions compile when first called, so the order of `names` does not matter."""
    import numba  # the caller has checked that numba is there

    settings = dict(cache=True, nogil=True, error_model="numpy") | options
    compiled, inline = numba.njit(**settings), numba.njit(inline="always", **settings)
    for name in names:
        namespace[name] = (inline if name in inlined else compiled)(namespace[name])
