"""SA-1 Components of Samoa, read from `datasets/samoa/` (or a folder of your own).

Most numbers are not printed in the rulebook (it shows the components only as pictures); the files
mark every value `rulebook`, `reviews` or `assumed`, and a malformed file is refused with its name
and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from kit.core.data import as_int, dataset_dir, read_rows
from kit.core.errors import ComponentError

TOURIST_KINDS = ("plain", "rich", "lovers", "celebrity", "bather")
BUILDING_KINDS = ("extra_room", "suite", "pool", "swap_card", "send_home", "take_back")
SPECIAL_KINDS = ("swap_card", "send_home", "take_back")  # SA-9.4 (a), (b), (c)
PLAYER_COUNTS = (3, 4, 5, 6)


class PriceCard(NamedTuple):
    """A price card: build bid (hammer) and room price (suitcase); the grey card has neither."""

    bid: int
    price: int
    grey: bool
    key: str  # "14/8", or "grey"

    def __str__(self) -> str:
        return self.key


class Tourist(NamedTuple):
    """One tourist tile. `ident` tells apart tiles that look the same."""

    ident: int
    nationality: str
    kind: str
    ring: int  # swim-ring value of a bather (SA-8.4), else 0

    @property
    def label(self) -> str:
        if self.kind == "bather":
            return f"{self.nationality} bather {self.ring}"
        return f"{self.nationality} {self.kind}"

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True, eq=False)
class Components:
    nationalities: dict[str, str]  # key -> name
    colours: dict[str, str]  # key -> a display colour (a presentation choice)
    flags: tuple[tuple[str, int], ...]  # (nationality, corner number)
    price_cards: tuple[PriceCard, ...]
    tourist_cards: dict[int, dict[int, tuple[int, ...]]]  # card -> players -> group sizes
    tourists: tuple[Tourist, ...]  # all 72 tiles
    building_tiles: tuple[str, ...]  # all 19 tiles, by kind
    layout: dict[int, tuple[int, int, int, int]]  # players -> tiles laid out per block of 3 rounds
    rounds: int
    doubled_rounds: tuple[int, ...]
    start_money: int
    special_tile_value: int
    rows: int
    columns: int


def load_components(folder: str | Path | None = None) -> Components:
    return _load(str(Path(folder).resolve()) if folder is not None else None)


@lru_cache(maxsize=8)
def _load(folder: str | None) -> Components:
    root = Path(folder) if folder is not None else dataset_dir("samoa")
    nationalities, colours = {}, {}
    path = root / "nationalities.csv"
    for line, row in read_rows(path, ("key", "name", "flag_source", "colour", "colour_source")):
        if len(row["key"]) != 1 or not row["key"].isupper():
            raise ComponentError(f"{path}, line {line}: key must be one capital letter, not {row['key']!r}")
        nationalities[row["key"]] = row["name"]
        colours[row["key"]] = row["colour"]
    if len(nationalities) != 4:
        raise ComponentError(f"{path}: SA-1 has 4 nationalities, the file lists {len(nationalities)}")

    flags = []
    path = root / "flags.csv"
    for line, row in read_rows(path, ("nationality", "corner", "source")):
        _known(path, line, row["nationality"], nationalities, "nationality")
        corner = as_int(path, line, row, "corner")
        if corner not in (1, 2, 3):
            raise ComponentError(f"{path}, line {line}: corner numbers are 1 to 3, not {corner}")
        flags.append((row["nationality"], corner))
    for corner in (1, 2, 3):
        if sorted(n for n, c in flags if c == corner) != sorted(nationalities):
            raise ComponentError(f"{path}: corner {corner} must hold one flag of each nationality (SA-2)")

    cards = []
    path = root / "price_cards.csv"
    for line, row in read_rows(path, ("bid", "price", "grey", "source")):
        if row["grey"] not in ("yes", "no"):
            raise ComponentError(f"{path}, line {line}: grey must be yes or no, not {row['grey']!r}")
        grey = row["grey"] == "yes"
        bid, price = as_int(path, line, row, "bid"), as_int(path, line, row, "price")
        cards.append(PriceCard(0, 0, True, "grey") if grey else PriceCard(bid, price, False, f"{bid}/{price}"))
    if len(cards) != 11 or sum(c.grey for c in cards) != 1 or len({c.key for c in cards}) != 11:
        raise ComponentError(f"{path}: SA-1 needs 11 different price cards, exactly one of them grey")

    tourist_cards: dict[int, dict[int, tuple[int, ...]]] = {}
    path = root / "tourist_cards.csv"
    for line, row in read_rows(path, ("card", "players", "groups", "source")):
        card, players = as_int(path, line, row, "card"), as_int(path, line, row, "players")
        if players not in PLAYER_COUNTS:
            raise ComponentError(f"{path}, line {line}: players must be 3 to 6, not {players}")
        try:
            groups = tuple(int(size) for size in row["groups"].split("+"))
        except ValueError:
            raise ComponentError(f"{path}, line {line}: groups must read like 4+3, not {row['groups']!r}") from None
        if not groups or min(groups) < 1 or sum(groups) > 9:
            raise ComponentError(f"{path}, line {line}: groups of 1 or more tourists, 9 at most in all")
        tourist_cards.setdefault(card, {})[players] = groups
    if len(tourist_cards) != 13 or any(sorted(lines) != list(PLAYER_COUNTS) for lines in tourist_cards.values()):
        raise ComponentError(f"{path}: SA-1 has 13 tourist cards, each with a line for 3, 4, 5 and 6 players")

    kinds = []
    path = root / "tourist_tiles.csv"
    for line, row in read_rows(path, ("kind", "ring", "per_nationality", "source")):
        if row["kind"] not in TOURIST_KINDS:
            raise ComponentError(f"{path}, line {line}: unknown kind {row['kind']!r} ({', '.join(TOURIST_KINDS)})")
        ring = as_int(path, line, row, "ring")
        if (row["kind"] == "bather") != (ring > 0):
            raise ComponentError(f"{path}, line {line}: bathers, and only bathers, have a swim-ring value")
        kinds.extend([(row["kind"], ring)] * as_int(path, line, row, "per_nationality"))
    if len(kinds) != 18:
        raise ComponentError(f"{path}: SA-1 has 18 tourist tiles per nationality, the file gives {len(kinds)}")
    tourists = tuple(
        Tourist(i * 18 + j, nationality, kind, ring)
        for i, nationality in enumerate(nationalities)
        for j, (kind, ring) in enumerate(kinds)
    )

    building = []
    path = root / "building_tiles.csv"
    for line, row in read_rows(path, ("kind", "count", "source")):
        if row["kind"] not in BUILDING_KINDS:
            raise ComponentError(f"{path}, line {line}: unknown kind {row['kind']!r} ({', '.join(BUILDING_KINDS)})")
        building.extend([row["kind"]] * as_int(path, line, row, "count"))
    if len(building) != 19:
        raise ComponentError(f"{path}: SA-1 has 19 building tiles, the file gives {len(building)}")

    layout = {}
    path = root / "building_layout.csv"
    columns = ("rounds_1_3", "rounds_4_6", "rounds_7_9", "rounds_10_12")
    for line, row in read_rows(path, ("players", *columns, "source")):
        layout[as_int(path, line, row, "players")] = tuple(as_int(path, line, row, c) for c in columns)
    if sorted(layout) != list(PLAYER_COUNTS):
        raise ComponentError(f"{path}: SA-3.1 gives a line for 3, 4, 5 and 6 players")

    values = {}
    path = root / "rules.csv"
    for line, row in read_rows(path, ("name", "value", "source")):
        values[row["name"]] = (line, row)
    needed = (
        "rounds",
        "doubled_rounds",
        "start_money",
        "special_tile_value",
        "hotel_rooms",
        "hotel_rows",
        "hotel_columns",
    )
    missing = [name for name in needed if name not in values]
    if missing:
        raise ComponentError(f"{path}: missing {', '.join(missing)}")

    def number(name: str) -> int:
        line, row = values[name]
        return as_int(path, line, row, "value")

    line, row = values["doubled_rounds"]
    try:
        doubled = tuple(int(r) for r in row["value"].split())
    except ValueError:
        raise ComponentError(f"{path}, line {line}: doubled_rounds lists round numbers, like '6 12'") from None
    if number("hotel_rows") * number("hotel_columns") != number("hotel_rooms"):
        raise ComponentError(f"{path}: hotel_rows x hotel_columns must equal hotel_rooms")
    if number("rounds") != len(flags):
        raise ComponentError(f"{path}: one round per flag: {len(flags)} flags but {number('rounds')} rounds")
    return Components(
        nationalities=nationalities,
        colours=colours,
        flags=tuple(flags),
        price_cards=tuple(cards),
        tourist_cards=tourist_cards,
        tourists=tourists,
        building_tiles=tuple(building),
        layout=layout,
        rounds=number("rounds"),
        doubled_rounds=doubled,
        start_money=number("start_money"),
        special_tile_value=number("special_tile_value"),
        rows=number("hotel_rows"),
        columns=number("hotel_columns"),
    )


def _known(path: Path, line: int, value: str, known, what: str) -> None:
    if value not in known:
        raise ComponentError(f"{path}, line {line}: unknown {what} {value!r}")
