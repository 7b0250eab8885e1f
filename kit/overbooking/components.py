"""OB-1 Components of Overbooking, read from `datasets/overbooking/` (or a folder of your own).

Our copy of the rulebook lacks the pages with the hotels, abilities and score cards: every value in
the files says whether it is from the `rulebook`, from `reviews`, or `assumed`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from kit.core.data import as_colour, as_int, dataset_dir, files_digest, read_rows, unique
from kit.core.errors import ComponentError
from kit.i18n import N_, Message, Term, language

GUEST_TYPES = ("monk", "merchant", "maid", "noble", "soldier", "worker")
HOTEL_RULES = ("none", "two_crests", "queue_5", "small_only", "large_only", "face_up")  # + first:X, no:X
_RULE_WORDS = {
    "none": N_("no special rule"),
    "two_crests": N_("at most two crests queue"),
    "queue_5": N_("at most 5 cards queue"),
    "small_only": N_("only small cards (1-3) queue"),
    "large_only": N_("only large cards (4-6) queue"),
    "face_up": N_("queue cards lie face up"),
}
# the guests' abilities as the shipped guests.csv words them, for the catalogs (a file of your own
# may word them otherwise: those read as they are written)
N_("move this card to the end of the booking queue"), N_("this hotel has 3 more beds")
N_("replace one of your cards in the queue with this card"), N_("one of your cards in the queue books first")
N_("this hotel has 3 fewer beds"), N_("replace any card numbered 6 in the queue with this card")
# the guests' names, one and several (for the catalogs: hotel rules and logs name them)
GUEST_NAMES = {
    "monk": (N_("monk"), N_("monks")),
    "merchant": (N_("merchant"), N_("merchants")),
    "maid": (N_("maid"), N_("maids")),
    "noble": (N_("noble"), N_("nobles")),
    "soldier": (N_("soldier"), N_("soldiers")),
    "worker": (N_("worker"), N_("workers")),
}


# the component files' columns and codes as a learner's table heads and words them (notebooks 1 and 7;
# a hotel's rule reads through `rule_words`)
N_("type"), N_("beds"), N_("ability"), N_("ability source"), N_("tile"), N_("rule")
N_("side"), N_("guests"), N_("points"), N_("beginner"), N_("advanced")


def rule_words(rule: str) -> str:
    """A hotel rule in words, for logs and pictures ("first:monk" -> "monks book first"), in the
    reader's language."""
    return str(rule_message(rule))


def rule_message(rule: str) -> Message:
    """A hotel rule in words, read in the language in force when it is read."""
    if rule in _RULE_WORDS:
        return Message(_RULE_WORDS[rule])
    kind, _, guest = rule.partition(":")
    guests = Term(GUEST_NAMES[guest][1] if guest in GUEST_NAMES else f"{guest}s")
    return Message(N_("{guests} book first") if kind == "first" else N_("no {guests} in the queue"), guests=guests)


def rule_code(words: str) -> str | None:
    """The hotel rule that `rule_words` says in English as `words` (None if none does)."""
    with language("en"):
        for rule in (*HOTEL_RULES, *(f"{kind}:{guest}" for kind in ("first", "no") for guest in GUEST_TYPES)):
            if rule_words(rule) == words:
                return rule
    return None


FILES = ("colours.csv", "crests.csv", "guests.csv", "coins.csv", "hotels.csv", "score_cards.csv", "rules.csv")
_KEY = re.compile(r"[a-z][a-z0-9_]{0,19}")  # colours and crests appear in action texts: one word
#: rules.csv: each value's allowed range
RULE_VALUES = {
    "rounds": (1, 99),
    "hand_size": (1, 24),
    "cards_per_round": (1, 24),
    "queue_limit": (1, 24),
    "back_door_limit": (1, 24),
    "point_tokens": (0, 999),
    "bed_change": (0, 99),
}


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
    digest: str = ""  # a content hash of the files (saves record it)


def load_components(folder: str | Path | None = None) -> Components:
    return _load(str(Path(folder).resolve()) if folder is not None else None)


@lru_cache(maxsize=8)
def _load(folder: str | None) -> Components:
    root = Path(folder) if folder is not None else dataset_dir("overbooking")
    display: dict[str, str] = {}
    path = root / "colours.csv"
    for line, row in read_rows(path, ("key", "source", "display", "display_source")):
        _key(path, line, row["key"], display, "colour")
        display[row["key"]] = as_colour(path, line, row, "display")
    colours = tuple(display)
    if len(colours) != 4:
        raise ComponentError(f"{path}: OB-1 has 4 player colours, the file lists {len(colours)}")
    seen: dict = {}
    path = root / "crests.csv"
    for line, row in read_rows(path, ("key", "source")):
        _key(path, line, row["key"], seen, "crest")
        seen[row["key"]] = line
    crests = tuple(seen)
    if len(crests) != 4:
        raise ComponentError(f"{path}: OB-1 has 4 crests, the file lists {len(crests)}")

    beds, abilities = {}, {}
    path = root / "guests.csv"
    for line, row in read_rows(path, ("type", "beds", "ability", "source", "ability_source")):
        if row["type"] not in GUEST_TYPES:
            raise ComponentError(f"{path}, line {line}: unknown guest type {row['type']!r}")
        if row["type"] in beds:
            raise ComponentError(f"{path}, line {line}: guest type {row['type']!r} is given twice")
        beds[row["type"]] = as_int(path, line, row, "beds", 1, 6)
        abilities[row["type"]] = row["ability"]
    if sorted(beds.values()) != [1, 2, 3, 4, 5, 6] or len(beds) != 6:
        raise ComponentError(f"{path}: OB-1 has six guest types needing 1 to 6 beds")

    coins: dict[tuple[str, str], int] = {}
    path = root / "coins.csv"
    for line, row in read_rows(path, ("type", *crests, "source")):
        if row["type"] not in beds:
            raise ComponentError(f"{path}, line {line}: unknown guest type {row['type']!r}")
        if (row["type"], crests[0]) in coins:
            raise ComponentError(f"{path}, line {line}: guest type {row['type']!r} is given twice")
        for crest in crests:
            coins[row["type"], crest] = as_int(path, line, row, crest, 1, 99)
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
        tile = as_int(path, line, row, "tile", 1, 99)
        if row["side"] in hotels.get(tile, {}):
            raise ComponentError(f"{path}, line {line}: side {row['side']} of tile {tile} is given twice")
        beds_here = as_int(path, line, row, "beds", 1, 99)
        hotels.setdefault(tile, {})[row["side"]] = HotelSide(tile, row["side"], beds_here, rule)
    if len(hotels) != 8 or any(sorted(sides) != ["A", "B"] for sides in hotels.values()):
        raise ComponentError(f"{path}: OB-1 has 8 hotel tiles, each with a side A and a side B")

    score_cards: dict[str, dict[int, int]] = {"beginner": {}, "advanced": {}}
    path = root / "score_cards.csv"
    for line, row in read_rows(path, ("side", "guests", "points", "source")):
        if row["side"] not in score_cards:
            raise ComponentError(f"{path}, line {line}: side must be beginner or advanced")
        guests = as_int(path, line, row, "guests", 0, 24)
        if guests in score_cards[row["side"]]:
            raise ComponentError(f"{path}, line {line}: {row['side']} {guests} guests is given twice")
        score_cards[row["side"]][guests] = as_int(path, line, row, "points", -99, 99)

    values = {}
    path = root / "rules.csv"
    seen = {}
    for line, row in read_rows(path, ("name", "value", "source")):
        unique(path, line, seen, row["name"], "name")
        low, high = RULE_VALUES.get(row["name"], (None, None))
        values[row["name"]] = as_int(path, line, {row["name"]: row["value"]}, row["name"], low, high)
    missing = [n for n in RULE_VALUES if n not in values]
    if missing:
        raise ComponentError(f"{path}: missing {', '.join(missing)}")
    if values["cards_per_round"] > values["hand_size"]:
        raise ComponentError(f"{path}: cards_per_round ({values['cards_per_round']}) cannot exceed hand_size")
    if values["point_tokens"] < len(colours):  # OB-2: a point token on each player's hotel, up to one per colour
        raise ComponentError(
            f"{path}: OB-2 puts a point token on each player's hotel; point_tokens ({values['point_tokens']}) "
            f"must be at least {len(colours)}, the most players"
        )
    return Components(
        colours,
        display,
        crests,
        beds,
        abilities,
        decks,
        hotels,
        score_cards,
        **{n: values[n] for n in RULE_VALUES},
        digest=files_digest(root, FILES),
    )


def _key(path: Path, line: int, key: str, seen, what: str) -> None:
    if not _KEY.fullmatch(key):
        raise ComponentError(f"{path}, line {line}: a {what} key is one lower-case word (a-z, 0-9, _), not {key!r}")
    if key in seen:
        raise ComponentError(f"{path}, line {line}: {what} {key!r} is given twice")
