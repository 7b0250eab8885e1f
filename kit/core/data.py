"""Where component files live, and a strict CSV reader that names the file and line of any fault.

Component data sits in the repository's top-level `datasets/` folder. A wheel carries a copy of it
inside the `kit` package (`kit/datasets/`, see pyproject.toml), so an ordinary `pip install` finds
the same files as a checkout does.

A component file may come from a spreadsheet: a UTF-8 byte-order mark is accepted; anything that is
not UTF-8, a field or a file of absurd size, a duplicate column or key, a number out of its range or
a colour that is not ``#rrggbb`` is refused with `ComponentError`, naming the file and the line.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from kit.i18n import N_

from .errors import ComponentError

_PACKAGE = Path(__file__).resolve().parent.parent  # the kit/ folder
SOURCES = ("rulebook", "reviews", "assumed")
# a `source` column and its marks as a learner's table heads and words them (`widgets.charts.table`)
N_("source"), N_("rulebook"), N_("reviews"), N_("assumed")
MAX_FILE_BYTES = 1_000_000  # the largest component file today is under 2 kB
MAX_FIELD_CHARS = 1_000  # names and rules are short; a longer field is a damaged file
_INTEGER = re.compile(r"-?[0-9]{1,18}")  # plain ASCII digits: no "1_000", "٣" or "1e9"
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def datasets_root() -> Path:
    for candidate in (_PACKAGE / "datasets", _PACKAGE.parent / "datasets"):
        if candidate.is_dir():
            return candidate
    raise ComponentError(f"no datasets folder found next to {_PACKAGE}")


def dataset_dir(game: str) -> Path:
    return datasets_root() / game


def read_text(path: Path) -> str:
    """The text of a component file: UTF-8, with or without a byte-order mark, of a sane size."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ComponentError(f"{path}: cannot open ({error.strerror})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ComponentError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes; not a component file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ComponentError(
            f"{path}, line {line}: not UTF-8 text (byte {raw[error.start]:#04x}); save the file as CSV UTF-8"
        ) from None


def files_digest(root: Path, names: Iterable[str]) -> str:
    """A content hash of the named component files of a folder: saves record it (see kit.core.saves)."""
    digest = hashlib.sha256()
    for name in names:
        text = read_text(root / name)
        data = text.encode("utf-8")
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return "sha256:" + digest.hexdigest()


def read_rows(path: Path, columns: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield (line number, row) for each data row of a CSV file that has at least `columns`.

    Every `source` column (and every `..._source` column) must say rulebook, reviews or assumed.
    """
    reader = csv.reader(io.StringIO(read_text(path), newline=""), strict=True)
    try:
        header = next(reader, [])
        _check_fields(path, reader.line_num or 1, header)
        doubled = sorted({c for c in header if header.count(c) > 1})
        if doubled:
            raise ComponentError(f"{path}, line 1: column(s) {', '.join(doubled)} appear more than once")
        missing = [c for c in columns if c not in header]
        if missing:
            raise ComponentError(f"{path}, line 1: missing column(s) {', '.join(missing)}")
        source_columns = [c for c in header if c == "source" or c.endswith("_source")]
        for fields in reader:
            line = reader.line_num
            if not fields:
                continue  # a blank line
            _check_fields(path, line, fields)
            if len(fields) != len(header):
                raise ComponentError(f"{path}, line {line}: expected {len(header)} fields, found {len(fields)}")
            row = dict(zip(header, fields))
            for column in source_columns:
                if row[column] not in SOURCES:
                    raise ComponentError(
                        f"{path}, line {line}: {column} {row[column]!r} is not one of {', '.join(SOURCES)}"
                    )
            yield line, row
    except csv.Error as error:
        raise ComponentError(f"{path}, line {reader.line_num}: not a well-formed CSV file ({error})") from None


def _check_fields(path: Path, line: int, fields: list[str]) -> None:
    for field in fields:
        if len(field) > MAX_FIELD_CHARS:
            raise ComponentError(
                f"{path}, line {line}: a field of {len(field):,} characters (at most {MAX_FIELD_CHARS:,})"
            )


def as_int(
    path: Path, line: int, row: dict[str, str], column: str, low: int | None = None, high: int | None = None
) -> int:
    """`row[column]` as a whole number written in plain digits, within [low, high] when given."""
    text = row[column].strip()
    if not _INTEGER.fullmatch(text):
        raise ComponentError(f"{path}, line {line}: {column} must be a whole number, not {row[column]!r}")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            allowed = str(low) if low == high else f"{low} to {high}"
        else:
            allowed = f"at least {low}" if low is not None else f"at most {high}"
        raise ComponentError(f"{path}, line {line}: {column} must be {allowed}, not {value}")
    return value


def as_colour(path: Path, line: int, row: dict[str, str], column: str) -> str:
    """A display colour written as ``#rrggbb`` (boards and pictures insert it into SVG and CSS)."""
    value = row[column]
    if not _COLOUR.fullmatch(value):
        raise ComponentError(f"{path}, line {line}: {column} must be a colour written #rrggbb, not {value!r}")
    return value


def unique(path: Path, line: int, seen: dict, key, what: str) -> None:
    """Refuse a key given twice in one file (a spreadsheet's duplicated row: which one is meant?)."""
    if key in seen:
        raise ComponentError(f"{path}, line {line}: {what} {key!r} is given twice (first on line {seen[key]})")
    seen[key] = line
