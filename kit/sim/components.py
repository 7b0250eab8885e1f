"""Component data for simulations: the files travel with the work (to other processes and Dask
workers, which may not share this machine's disk), and their hash goes into every dataset made.

`components=` takes a folder holding an edited copy of `datasets/<game>/` (all of its files);
`edited_copy` makes one with a few values changed, for what-if questions.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kit.core.data import dataset_dir
from kit.games import game_type


@dataclass(frozen=True)
class Bundle:
    """The component files of one game, by name, and their hash (sha256 of names and contents)."""

    files: tuple[tuple[str, bytes], ...]
    digest: str
    default: bool  # True: the shipped datasets/<game>/ (games load it themselves)


def bundle(game: str, folder: str | os.PathLike | None = None) -> Bundle:
    root = Path(folder) if folder is not None else dataset_dir(game_type(game).dataset)
    if not root.is_dir():
        raise FileNotFoundError(f"components: no folder {root}")
    files = tuple((path.name, path.read_bytes()) for path in sorted(root.glob("*.csv")))
    return Bundle(files, _digest(files), folder is None)


def _digest(files: tuple[tuple[str, bytes], ...]) -> str:
    digest = hashlib.sha256()
    for name, data in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def component_hash(game: str, folder: str | os.PathLike | None = None) -> str:
    """The hash of a game's component data (the shipped one when `folder` is None)."""
    return bundle(game, folder).digest


def unpack(components: Bundle) -> str | None:
    """A folder holding the bundle's files on this machine (None: the game's own default data)."""
    if components.default:
        return None
    folder = Path(tempfile.gettempdir()) / f"tablekit-components-{components.digest[:16]}"
    if not folder.is_dir():
        staging = Path(tempfile.mkdtemp(prefix="tablekit-components-"))
        for name, data in components.files:
            (staging / name).write_bytes(data)
        try:
            staging.rename(folder)
        except OSError:  # another process unpacked the same files first
            pass
    return str(folder)


def edited_copy(game: str, edits: dict[tuple[str, int, str], object], base: str | os.PathLike | None = None) -> Path:
    """A new folder with `base`'s component files (default: the shipped ones), some values changed.

        edited_copy(name, {("price_cards.csv", 1, "price"): 6})   # the 2nd card's price -> 6

    Keys are (file, data row counted from 0, column). The folder lives in the temporary directory,
    named by its contents, so asking twice for the same edit gives the same folder."""
    original = bundle(game, base)
    files = dict(original.files)
    tables: dict[str, list[list[str]]] = {}
    for (name, row, column), value in edits.items():
        if name not in files:
            raise KeyError(f"{game} has no component file {name!r} (files: {', '.join(sorted(files))})")
        table = tables.setdefault(name, list(csv.reader(io.StringIO(files[name].decode("utf-8")))))
        header = table[0]
        if column not in header:
            raise KeyError(f"{name} has no column {column!r} (columns: {', '.join(header)})")
        if not 0 <= row < len(table) - 1:
            raise IndexError(f"{name} has data rows 0 to {len(table) - 2}, not {row}")
        table[row + 1][header.index(column)] = str(value)
    for name, table in tables.items():
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(table)
        files[name] = text.getvalue().encode("utf-8")
    edited = tuple(sorted(files.items()))
    return Path(unpack(Bundle(edited, _digest(edited), False)))
