"""The reference datasets shipped in datasets/simulated/, made by `python -m kit.sim` (their commands
are in datasets/simulated/README.md and in each file's metadata)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from kit.core.data import datasets_root

from .cli import read_info


def simulated_dir() -> Path:
    return datasets_root() / "simulated"


def reference(name: str) -> tuple[pl.DataFrame, dict[str, str]]:
    """A shipped dataset by file name (".parquet" optional) and its metadata (command, seed, ...)."""
    path = simulated_dir() / (name if name.endswith(".parquet") else f"{name}.parquet")
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in simulated_dir().glob("*.parquet")))
        raise FileNotFoundError(f"no simulated dataset {name!r} in {simulated_dir()} (there are: {known})")
    return pl.read_parquet(path), read_info(path)
