"""SA-1 Components of Samoa, read from `datasets/samoa/` (or a folder of your own).

Most numbers are not printed in the rulebook (it shows the components only as pictures); the files
mark every value `rulebook`, `reviews` or `assumed`, and a malformed file is refused with its name
and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from kit.core.data import as_colour, as_int, dataset_dir, files_digest, read_rows, unique
from kit.core.errors import ComponentError
from kit.i18n import N_, Message, Term, gettext

TOURIST_KINDS = ("plain", "rich", "lovers", "celebrity", "bather")
BUILDING_KINDS = ("extra_room", "suite", "pool", "swap_card", "send_home", "take_back")
SPECIAL_KINDS = ("swap_card", "send_home", "take_back")  # SA-9.4 (a), (b), (c)
PLAYER_COUNTS = (3, 4, 5, 6)
FILES = (
    "nationalities.csv",
    "flags.csv",
    "price_cards.csv",
    "tourist_cards.csv",
    "tourist_tiles.csv",
    "building_tiles.csv",
    "building_layout.csv",
    "rules.csv",
)


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


# the tourists' kinds, as a tourist's label names them (for the catalogs)
N_("plain"), N_("rich"), N_("lovers"), N_("celebrity"), N_("bather")
# the component files' columns as a learner's table heads them (notebooks 1 and 9)
N_("bid"), N_("price"), N_("kind"), N_("ring"), N_("per nationality"), N_("nationality"), N_("corner")
N_("count"), N_("card"), N_("name"), N_("name source")


def tourist_words(label: str, nationalities: dict[str, str] | None = None) -> str:
    """A tourist's label as logged ("G bather 2": the nationality's key, the kind, a bather's ring)
    in the reader's words, the nationality named ("bather (Germany), swim ring 2", "plażowicz
    (Niemcy), koło ratunkowe 2"). `nationalities`: key -> name (the default component files' when
    None); a key it does not know stays as it is."""
    return str(tourist_message(label, nationalities))


def tourist_message(label: str, nationalities: dict[str, str] | None = None) -> Message | str:
    """`tourist_words` as a message, read in the language in force when it is read (a refusal's or
    a check's placeholder)."""
    key, _, rest = label.partition(" ")
    kind, _, ring = rest.partition(" ")
    if not kind:  # not a tourist's label: say it as it is
        return label
    names = load_components().nationalities if nationalities is None else nationalities
    nationality = Term(names.get(key, key))
    if ring:
        return Message(
            N_("{kind} ({nationality}), swim ring {ring}"), kind=Term(kind), nationality=nationality, ring=ring
        )
    return Message(N_("{kind} ({nationality})"), kind=Term(kind), nationality=nationality)


def nationality_letters(nationalities: dict[str, str]) -> dict[str, str]:
    """What a tourist tile or a flag shows of each nationality, in the reader's language: the first
    letter of its name, or as many first letters as tell it from the others' names (Polish:
    "No" for Norwegia, "Ni" for Niemcy). In English these are the component files' keys."""
    names = {key: format(Term(name)) for key, name in nationalities.items()}
    letters = {}
    for key, name in names.items():
        others = [other.casefold() for k, other in names.items() if k != key]
        size = 1
        while size < len(name) and any(other.startswith(name[:size].casefold()) for other in others):
            size += 1
        letters[key] = name[:size].strip() or key
    return letters


def price_card_words(key: str) -> str:
    """A price card as the log writes it ("14/8", "grey") in the reader's words: the grey card is
    named by what it says in the rulebook's language ("grey" in English)."""
    return gettext(GREY_NAME) if key == "grey" else key


def building_words(kind: str) -> str:
    """A building tile's kind as the component files name it ("extra_room") in the reader's words
    ("extra room", "dodatkowy pokój")."""
    return format(Term(kind.replace("_", " ")))


def nationality_words(key: str, nationalities: dict[str, str] | None = None) -> str:
    """A nationality's key ("G") as its name in the reader's words ("Germany", "Niemcy")."""
    names = load_components().nationalities if nationalities is None else nationalities
    return format(Term(names.get(key, key)))


#: the grey price card's name inside a sentence ("You choose grey.")
GREY_NAME = N_("grey")


@dataclass(frozen=True, eq=False)
class Components:
    nationalities: dict[str, str]  # key -> name (a `Term`: English as data, the learner's language when shown)
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
    digest: str = ""  # a content hash of the files (saves record it)


def load_components(folder: str | Path | None = None) -> Components:
    return _load(str(Path(folder).resolve()) if folder is not None else None)


@lru_cache(maxsize=8)
def _load(folder: str | None) -> Components:
    root = Path(folder) if folder is not None else dataset_dir("samoa")
    nationalities, colours = {}, {}
    path = root / "nationalities.csv"
    for line, row in read_rows(path, ("key", "name", "flag_source", "colour", "colour_source")):
        if len(row["key"]) != 1 or not "A" <= row["key"] <= "Z":
            raise ComponentError(f"{path}, line {line}: key must be one capital letter A-Z, not {row['key']!r}")
        if row["key"] in nationalities:
            raise ComponentError(f"{path}, line {line}: nationality {row['key']!r} is given twice")
        nationalities[row["key"]] = Term(row["name"])
        colours[row["key"]] = as_colour(path, line, row, "colour")
    if len(nationalities) != 4:
        raise ComponentError(f"{path}: SA-1 has 4 nationalities, the file lists {len(nationalities)}")

    flags = []
    path = root / "flags.csv"
    for line, row in read_rows(path, ("nationality", "corner", "source")):
        _known(path, line, row["nationality"], nationalities, "nationality")
        corner = as_int(path, line, row, "corner", 1, 3)
        if (row["nationality"], corner) in flags:
            raise ComponentError(
                f"{path}, line {line}: the {row['nationality']} flag of corner {corner} is given twice"
            )
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
        low = 0 if grey else 1  # the grey card has neither bid nor price; every other card both
        bid, price = as_int(path, line, row, "bid", low, 999), as_int(path, line, row, "price", low, 999)
        if grey and (bid or price):
            raise ComponentError(f"{path}, line {line}: the grey card has bid 0 and price 0")
        cards.append(PriceCard(0, 0, True, "grey") if grey else PriceCard(bid, price, False, f"{bid}/{price}"))
    if len(cards) != 11 or sum(c.grey for c in cards) != 1 or len({c.key for c in cards}) != 11:
        raise ComponentError(f"{path}: SA-1 needs 11 different price cards, exactly one of them grey")

    tourist_cards: dict[int, dict[int, tuple[int, ...]]] = {}
    path = root / "tourist_cards.csv"
    for line, row in read_rows(path, ("card", "players", "groups", "source")):
        card, players = as_int(path, line, row, "card", 1, 999), as_int(path, line, row, "players", 3, 6)
        if not re.fullmatch(r"[1-9](\+[1-9])*", row["groups"]):
            raise ComponentError(f"{path}, line {line}: groups must read like 4+3, not {row['groups']!r}")
        groups = tuple(int(size) for size in row["groups"].split("+"))
        if sum(groups) > 9:
            raise ComponentError(f"{path}, line {line}: groups of 1 or more tourists, 9 at most in all")
        if players in tourist_cards.get(card, {}):
            raise ComponentError(f"{path}, line {line}: card {card} for {players} players is given twice")
        tourist_cards.setdefault(card, {})[players] = groups
    if len(tourist_cards) != 13 or any(sorted(lines) != list(PLAYER_COUNTS) for lines in tourist_cards.values()):
        raise ComponentError(f"{path}: SA-1 has 13 tourist cards, each with a line for 3, 4, 5 and 6 players")

    kinds = []
    path = root / "tourist_tiles.csv"
    for line, row in read_rows(path, ("kind", "ring", "per_nationality", "source")):
        if row["kind"] not in TOURIST_KINDS:
            raise ComponentError(f"{path}, line {line}: unknown kind {row['kind']!r} ({', '.join(TOURIST_KINDS)})")
        ring = as_int(path, line, row, "ring", 0, 9)
        if (row["kind"] == "bather") != (ring > 0):
            raise ComponentError(f"{path}, line {line}: bathers, and only bathers, have a swim-ring value")
        if (row["kind"], ring) in kinds:
            raise ComponentError(f"{path}, line {line}: {row['kind']} {ring or ''} is given twice".replace("  ", " "))
        kinds.extend([(row["kind"], ring)] * as_int(path, line, row, "per_nationality", 1, 18))
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
        if row["kind"] in building:
            raise ComponentError(f"{path}, line {line}: kind {row['kind']!r} is given twice")
        building.extend([row["kind"]] * as_int(path, line, row, "count", 1, 19))
    if len(building) != 19:
        raise ComponentError(f"{path}: SA-1 has 19 building tiles, the file gives {len(building)}")

    layout = {}
    path = root / "building_layout.csv"
    columns = ("rounds_1_3", "rounds_4_6", "rounds_7_9", "rounds_10_12")
    for line, row in read_rows(path, ("players", *columns, "source")):
        players = as_int(path, line, row, "players", 3, 6)
        if players in layout:
            raise ComponentError(f"{path}, line {line}: players {players} is given twice")
        layout[players] = tuple(as_int(path, line, row, c, 0, 19) for c in columns)
    if sorted(layout) != list(PLAYER_COUNTS):
        raise ComponentError(f"{path}: SA-3.1 gives a line for 3, 4, 5 and 6 players")

    values = {}
    path = root / "rules.csv"
    seen: dict = {}
    for line, row in read_rows(path, ("name", "value", "source")):
        unique(path, line, seen, row["name"], "name")
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

    def number(name: str, low: int, high: int) -> int:
        line, row = values[name]
        return as_int(path, line, {name: row["value"]}, name, low, high)

    line, row = values["doubled_rounds"]
    if not re.fullmatch(r"[0-9]{1,2}( [0-9]{1,2})*", row["value"]):
        raise ComponentError(f"{path}, line {line}: doubled_rounds lists round numbers, like '6 12'")
    doubled = tuple(int(r) for r in row["value"].split())
    if any(not 1 <= r <= len(flags) for r in doubled):
        raise ComponentError(f"{path}, line {line}: doubled_rounds must be rounds 1 to {len(flags)}")
    bounds = {
        "rounds": (1, 99),
        "start_money": (0, 999),
        "special_tile_value": (0, 999),
        "hotel_rooms": (1, 16),
        "hotel_rows": (1, 4),
        "hotel_columns": (1, 4),
    }
    rounds, start_money, special, rooms, rows, columns = (number(name, *bounds[name]) for name in bounds)
    if rows * columns != rooms:
        raise ComponentError(f"{path}: hotel_rows x hotel_columns must equal hotel_rooms")
    if rounds != len(flags):
        raise ComponentError(f"{path}: one round per flag: {len(flags)} flags but {rounds} rounds")
    return Components(
        nationalities=nationalities,
        colours=colours,
        flags=tuple(flags),
        price_cards=tuple(cards),
        tourist_cards=tourist_cards,
        tourists=tourists,
        building_tiles=tuple(building),
        layout=layout,
        rounds=rounds,
        doubled_rounds=doubled,
        start_money=start_money,
        special_tile_value=special,
        rows=rows,
        columns=columns,
        digest=files_digest(root, FILES),
    )


def _known(path: Path, line: int, value: str, known, what: str) -> None:
    if value not in known:
        raise ComponentError(f"{path}, line {line}: unknown {what} {value!r}")
