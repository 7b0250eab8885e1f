"""LC-1 Components: the expeditions, each with 9 number cards (2..10) and 3 investment cards.

The cards are read from a folder of two files: `expeditions.csv` names the expeditions in rulebook
order, `cards.csv` lists the cards with the deck they belong to (`base`: the cards of one copy;
`partner`: the 2s, 3s and 4s taken from a second copy for the 4-player variant, LC-7). The shipped
editions (`EDITIONS`):

- "five": `datasets/lostcities/`, the 5 expeditions and 60 cards of the rulebook (LC-1).
- "six": `datasets/lostcities/six/`, the newer editions' sixth, purple expedition: 72 cards. The
  2019 English rulebook (docslib.org/doc/13206902) lists 72 cards, 54 expedition cards in 6 colours
  valued 2-10 and 18 wager cards, 3 per colour, with the 12 purple cards left in the box for the
  base game and a board side for the "long game"; reviews agree that the purple expedition follows
  the same rules (fireflytoysandgames.com: 72 cards, 8 dealt to each player), and the public awlego
  engine (github.com/awlego/open_spiel, games/lost_cities) plays 6 suits of 3 wagers and 2-10 with
  a hand of 8, the cost of 20 and the bonus of 20 for 8 cards. So only the cards change, not the
  rules (LC-2 to LC-6). `assumed`: the purple expedition's name and letter ("Uncharted world", U,
  after one public score calculator; the rulebook's name was not found), its display colour, and
  its partner cards (LC-7 with six expeditions is in no source: we add its 2, 3 and 4 as for the
  other colours).

A folder of your own may hold any number of expeditions from 2 to 6 (MIN_EXPEDITIONS,
MAX_EXPEDITIONS: the printed editions have 5 and 6, and fewer still make a game).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from kit.core.data import as_colour, as_int, dataset_dir, files_digest, read_rows, unique
from kit.core.errors import ComponentError
from kit.i18n import N_, Message


@dataclass(frozen=True, slots=True)
class Expedition:
    index: int
    key: str  # one letter, used in card texts: "D7" is the 7 of the Desert
    name: str
    swedish_name: str
    colour: str  # a display colour for boards (a presentation choice, not from the rulebook)


class Card(NamedTuple):
    """One card. Investment cards have value 0. Two copies of a card (LC-7) are equal.

    A named tuple, so that comparing, sorting and hashing cards run at C speed in simulations;
    cards sort by expedition, then value (investment cards first).
    """

    expedition: int
    value: int
    key: str  # "D7", or "Dx" for a Desert investment card

    @property
    def is_investment(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"Card({self.key})"


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: loaded once, then shared
class Components:
    expeditions: tuple[Expedition, ...]
    base_deck: tuple[Card, ...]  # the cards of the 2-player game (60 with 5 expeditions)
    partner_extra: tuple[Card, ...]  # the 2s, 3s and 4s added for 4 players (LC-7)
    cards_by_key: dict  # "D7" -> Card
    digest: str = ""  # a content hash of the two files (saves record it)
    folder: Path | None = None  # where the files were read

    def check_deal(self, players: int, hand_size: int) -> None:
        """LC-2 deals `hand_size` cards to each player and needs a draw pile (LC-3.3) from the rest."""
        cards = len(self.deck(players))
        if cards <= players * hand_size:
            raise ComponentError(
                f"{self.folder / 'cards.csv' if self.folder else 'cards.csv'}: LC-2 deals {hand_size} cards to each "
                f"of {players} players and keeps a draw pile; {len(self.expeditions)} expeditions make only "
                f"{cards} cards"
            )

    def deck(self, players: int) -> tuple[Card, ...]:
        return self.base_deck + (self.partner_extra if players == 4 else ())

    def card(self, text: str) -> Card:
        key = text.strip()
        key = key[:1].upper() + key[1:].lower().replace("×", "x")
        card = self.cards_by_key.get(key)
        if card is None:
            raise ValueError(
                Message("no card {text} (cards are written like D7, or Dx for an investment card)", text=repr(text))
            )
        return card


INVESTMENT_MARK = "x"  # "Dx": an investment card multiplies (×2, ×3, ×4)
FILES = ("expeditions.csv", "cards.csv")
#: LC-1 and LC-7: per expedition, the cards of each deck as {value: copies} (0: investment cards)
DECKS = {"base": {0: 3, **{value: 1 for value in range(2, 11)}}, "partner": {2: 1, 3: 1, 4: 1}}
MIN_EXPEDITIONS, MAX_EXPEDITIONS = 2, 6
# the cards' file as notebook 1's table heads and words it: an expedition's name, its deck (the base game's or
# the partner game's extra 2s, 3s and 4s, LC-7) and the kinds of card counted
N_("name"), N_("deck"), N_("base"), N_("partner"), N_("investment cards"), N_("number cards"), N_("cards")
#: the shipped component sets, by edition: a folder inside datasets/lostcities/ ("" is the folder itself)
EDITIONS = {"five": "", "six": "six"}
DEFAULT_EDITION = "five"
#: the most cards a deck can hold: 6 expeditions of the 4-player deck (LC-7)
MAX_DECK = MAX_EXPEDITIONS * sum(copies for deck in DECKS.values() for copies in deck.values())


def edition_folder(edition: str = DEFAULT_EDITION) -> Path:
    """The shipped folder of an edition's component files (see `EDITIONS`)."""
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(map(repr, EDITIONS))}, not {edition!r}")
    return dataset_dir("lostcities") / EDITIONS[edition]


def load_components(folder: str | Path | None = None, edition: str = DEFAULT_EDITION) -> Components:
    """Read and check the component files of `folder`, or else of the shipped `edition`; cached, so
    every game shares the same Card objects."""
    if folder is None:
        return _shipped(edition)
    return _load(str(Path(folder).resolve()))


@lru_cache(maxsize=len(EDITIONS))
def _shipped(edition: str) -> Components:
    return _load(str(edition_folder(edition).resolve()))  # resolved once: a new game costs no file lookup


@lru_cache(maxsize=8)
def _load(folder: str) -> Components:
    root = Path(folder)
    expeditions = _read_expeditions(root / "expeditions.csv")
    by_letter = {e.key: e for e in expeditions}
    path = root / "cards.csv"
    decks: dict[str, list[Card]] = {"base": [], "partner": []}
    cards_by_key: dict[str, Card] = {}
    seen: dict = {}
    for line, row in read_rows(path, ("expedition", "kind", "value", "copies", "deck", "source")):
        expedition = by_letter.get(row["expedition"])
        if expedition is None:
            raise ComponentError(f"{path}, line {line}: unknown expedition {row['expedition']!r}")
        kind, value = row["kind"], as_int(path, line, row, "value")
        if kind == "investment":
            if value != 0:
                raise ComponentError(f"{path}, line {line}: an investment card has value 0")
            key = expedition.key + INVESTMENT_MARK
        elif kind == "number":
            if not 2 <= value <= 10:
                raise ComponentError(f"{path}, line {line}: number cards run from 2 to 10, not {value}")
            key = f"{expedition.key}{value}"
        else:
            raise ComponentError(f"{path}, line {line}: unknown kind {kind!r} (number or investment)")
        if row["deck"] not in decks:
            raise ComponentError(f"{path}, line {line}: unknown deck {row['deck']!r} (base or partner)")
        unique(path, line, seen.setdefault(row["deck"], {}), key, f"the {row['deck']} deck's card")
        copies = as_int(path, line, row, "copies", 1, DECKS[row["deck"]].get(value, 1))
        card = cards_by_key.setdefault(key, Card(expedition.index, value, key))
        decks[row["deck"]].extend([card] * copies)
    for deck, composition in DECKS.items():
        for expedition in expeditions:
            held = [card.value for card in decks[deck] if card.expedition == expedition.index]
            wanted = sorted(value for value, copies in composition.items() for _ in range(copies))
            if sorted(held) != wanted:
                raise ComponentError(
                    f"{path}: the {deck} deck's {expedition.name} cards are {_values(held)}; "
                    f"LC-1/LC-7 need {_values(wanted)}"
                )
    return Components(
        tuple(expeditions),
        tuple(sorted(decks["base"])),
        tuple(sorted(decks["partner"])),
        cards_by_key,
        files_digest(root, FILES),
        root,
    )


def _values(values: list[int]) -> str:
    return " ".join("x" if value == 0 else str(value) for value in sorted(values)) or "none"


def _read_expeditions(path: Path) -> list[Expedition]:
    expeditions: list[Expedition] = []
    seen: dict = {}
    last = 1  # the header's line, until a row is read
    for line, row in read_rows(path, ("index", "key", "name", "swedish_name", "colour", "source")):
        last = line
        if len(expeditions) == MAX_EXPEDITIONS:
            raise ComponentError(
                f"{path}, line {line}: LC-1 allows {MIN_EXPEDITIONS} to {MAX_EXPEDITIONS} expeditions; "
                f"this is a {MAX_EXPEDITIONS + 1}th"
            )
        index = as_int(path, line, row, "index")
        if index != len(expeditions):
            raise ComponentError(
                f"{path}, line {line}: expeditions must be listed in order 0, 1, 2, ..., so this one is "
                f"{len(expeditions)}, not {index}"
            )
        if len(row["key"]) != 1 or not "A" <= row["key"] <= "Z":
            raise ComponentError(f"{path}, line {line}: key must be one capital letter A-Z, not {row['key']!r}")
        unique(path, line, seen, row["key"], "key")
        if not row["name"].strip():
            raise ComponentError(f"{path}, line {line}: every expedition needs a name")
        colour = as_colour(path, line, row, "colour")
        expeditions.append(Expedition(index, row["key"], row["name"], row["swedish_name"], colour))
    if len(expeditions) < MIN_EXPEDITIONS:
        raise ComponentError(
            f"{path}, line {last}: LC-1 allows {MIN_EXPEDITIONS} to {MAX_EXPEDITIONS} expeditions; "
            f"the file lists {len(expeditions)}"
        )
    return expeditions
