"""Where component files live, and a strict CSV reader that names the file and line of any fault.

Component data sits in the repository's top-level `datasets/` folder. A wheel carries a copy of it
inside the `kit` package (`kit/datasets/`, see pyproject.toml), so an ordinary `pip install` finds
the same files as a checkout does.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

from .errors import ComponentError

_PACKAGE = Path(__file__).resolve().parent.parent  # the kit/ folder
SOURCES = ("rulebook", "reviews", "assumed")


def datasets_root() -> Path:
    for candidate in (_PACKAGE / "datasets", _PACKAGE.parent / "datasets"):
        if candidate.is_dir():
            return candidate
    raise ComponentError(f"no datasets folder found next to {_PACKAGE}")


def dataset_dir(game: str) -> Path:
    return datasets_root() / game


def read_rows(path: Path, columns: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield (line number, row) for each data row of a CSV file that has at least `columns`.

    Every `source` column (and every `..._source` column) must say rulebook, reviews or assumed.
    """
    try:
        handle = path.open(encoding="utf-8", newline="")
    except OSError as error:
        raise ComponentError(f"{path}: cannot open ({error.strerror})") from None
    with handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames or []
        missing = [c for c in columns if c not in header]
        if missing:
            raise ComponentError(f"{path}, line 1: missing column(s) {', '.join(missing)}")
        source_columns = [c for c in header if c == "source" or c.endswith("_source")]
        for row in reader:
            line = reader.line_num
            if None in row or any(row[c] is None for c in header):
                raise ComponentError(f"{path}, line {line}: expected {len(header)} fields")
            for column in source_columns:
                if row[column] not in SOURCES:
                    raise ComponentError(
                        f"{path}, line {line}: {column} {row[column]!r} is not one of {', '.join(SOURCES)}"
                    )
            yield line, row


def as_int(path: Path, line: int, row: dict[str, str], column: str) -> int:
    try:
        return int(row[column])
    except ValueError:
        raise ComponentError(f"{path}, line {line}: {column} must be a whole number, not {row[column]!r}") from None
