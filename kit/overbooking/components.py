"""OB-1 Components of Overbooking, read from `datasets/overbooking/` (or a folder of your own).

Our copy of the rulebook lacks the pages with the hotels, abilities and score cards: every value in
the files says whether it is from the `rulebook`, from `reviews`, or `assumed`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from kit.core.data import as_int, dataset_dir, read_rows
from kit.core.errors import ComponentError

GUEST_TYPES = ("monk", "merchant", "maid", "noble", "soldier", "worker")
HOTEL_RULES = ("none", "two_crests", "queue_5", "small_only", "large_only", "face_up")  # + first:X, no:X


class Guest(NamedTuple):
    """A guest card: a group of `beds` people of one family (crest), owned by one player colour."""

    colour: str
    crest: str
    kind: str  # monk, merchant, maid, noble, soldier, worker
    beds: int
    coins: int
    key: str  # "fish-noble": how actions name the card (one of each per deck)

    @property
    def size(self) -> str:
        """OB-1: what the back shows: small (1-3 beds) or large (4-6)."""
        return "small" if self.beds <= 3 else "large"

    def __str__(self) -> str:
        return f"{self.colour} {self.crest} {self.kind} ({self.beds})"


class HotelSide(NamedTuple):
    tile: int
    side: str  # "A" or "B"
    beds: int
    rule: str


@dataclass(frozen=True, eq=False)
class Components:
    colours: tuple[str, ...]
    display: dict[str, str]  # colour -> a display colour (a presentation choice)
    crests: tuple[str, ...]
    beds: dict[str, int]  # guest type -> beds
    abilities: dict[str, str]
    decks: dict[str, tuple[Guest, ...]]  # colour -> its 24 cards
    hotels: dict[int, dict[str, HotelSide]]  # tile -> side -> hotel
    score_cards: dict[str, dict[int, int]]  # side -> booked guests of a crest -> points
    rounds: int
    hand_size: int
    cards_per_round: int
    queue_limit: int
    back_door_limit: int
    point_tokens: int
    bed_change: int


def load_components(folder: str | Path | None = None) -> Components:
    return _load(str(Path(folder).resolve()) if folder is not None else None)


@lru_cache(maxsize=8)
def _load(folder: str | None) -> Components:
    root = Path(folder) if folder is not None else dataset_dir("overbooking")
    colour_rows = [row for _, row in read_rows(root / "colours.csv", ("key", "source", "display", "display_source"))]
    colours = tuple(row["key"] for row in colour_rows)
    display = {row["key"]: row["display"] for row in colour_rows}
    crests = tuple(row["key"] for _, row in read_rows(root / "crests.csv", ("key", "source")))
    if len(colours) != 4 or len(crests) != 4:
        raise ComponentError(f"{root}: OB-1 has 4 player colours and 4 crests")

    beds, abilities = {}, {}
    path = root / "guests.csv"
    for line, row in read_rows(path, ("type", "beds", "ability", "source", "ability_source")):
        if row["type"] not in GUEST_TYPES:
            raise ComponentError(f"{path}, line {line}: unknown guest type {row['type']!r}")
        beds[row["type"]] = as_int(path, line, row, "beds")
        abilities[row["type"]] = row["ability"]
    if sorted(beds.values()) != [1, 2, 3, 4, 5, 6] or len(beds) != 6:
        raise ComponentError(f"{path}: OB-1 has six guest types needing 1 to 6 beds")

    coins: dict[tuple[str, str], int] = {}
    path = root / "coins.csv"
    for line, row in read_rows(path, ("type", *crests, "source")):
        if row["type"] not in beds:
            raise ComponentError(f"{path}, line {line}: unknown guest type {row['type']!r}")
        for crest in crests:
            coins[row["type"], crest] = as_int(path, line, row, crest)
    if len(coins) != 24:
        raise ComponentError(f"{path}: coins for each of the 6 guest types")
    decks = {
        colour: tuple(
            Guest(colour, crest, kind, beds[kind], coins[kind, crest], f"{crest}-{kind}")
            for crest in crests
            for kind in beds
        )
        for colour in colours
    }

    hotels: dict[int, dict[str, HotelSide]] = {}
    path = root / "hotels.csv"
    for line, row in read_rows(path, ("tile", "side", "beds", "rule", "source")):
        rule = row["rule"]
        kind, _, guest = rule.partition(":")
        if not (rule in HOTEL_RULES or (kind in ("first", "no") and guest in beds)):
            raise ComponentError(f"{path}, line {line}: unknown hotel rule {rule!r}")
        if row["side"] not in ("A", "B"):
            raise ComponentError(f"{path}, line {line}: side must be A or B, not {row['side']!r}")
        tile = as_int(path, line, row, "tile")
        hotels.setdefault(tile, {})[row["side"]] = HotelSide(tile, row["side"], as_int(path, line, row, "beds"), rule)
    if len(hotels) != 8 or any(sorted(sides) != ["A", "B"] for sides in hotels.values()):
        raise ComponentError(f"{path}: OB-1 has 8 hotel tiles, each with a side A and a side B")

    score_cards: dict[str, dict[int, int]] = {"beginner": {}, "advanced": {}}
    path = root / "score_cards.csv"
    for line, row in read_rows(path, ("side", "guests", "points", "source")):
        if row["side"] not in score_cards:
            raise ComponentError(f"{path}, line {line}: side must be beginner or advanced")
        score_cards[row["side"]][as_int(path, line, row, "guests")] = as_int(path, line, row, "points")

    values = {}
    path = root / "rules.csv"
    for line, row in read_rows(path, ("name", "value", "source")):
        values[row["name"]] = as_int(path, line, row, "value")
    needed = ("rounds", "hand_size", "cards_per_round", "queue_limit", "back_door_limit", "point_tokens", "bed_change")
    missing = [n for n in needed if n not in values]
    if missing:
        raise ComponentError(f"{path}: missing {', '.join(missing)}")
    return Components(
        colours, display, crests, beds, abilities, decks, hotels, score_cards, **{n: values[n] for n in needed}
    )
