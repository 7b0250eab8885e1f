"""The actions of Samoa, small immutable values with a text form. Rooms are numbered from 1 (the
six rooms of the hotel board, then any extra rooms); groups and tiles within a group from 1.

    choose 14/8          SA-3.3  choose a price card (face down); "choose grey" for the grey card
    take-back 14/8 12/9  SA-9.4c use the special tile: two used price cards back to hand
    swap 12/9            SA-9.4a use the special tile: swap the played card for one from hand
    keep                         (after the reveal) do not swap
    buy pool             SA-3.4  buy a building tile for your bid; "buy suite 3" lays the suite on room 3
    pass                         do not buy
    send-home 2 5        SA-9.4b use the special tile: send the tourists of rooms 2 and 5 home
    place 1.2 in 4       SA-3.5  accommodate the 2nd tourist of group 1 in room 4
    remove 3             SA-3.5  (grey card) send the tourist(s) of room 3 home
    done                         end your tourist turn
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.i18n import Message


@dataclass(frozen=True, slots=True)
class Choose:
    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class TakeBack:
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "take-back " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Swap:
    card: str

    def __str__(self) -> str:
        return f"swap {self.card}"


@dataclass(frozen=True, slots=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Buy:
    kind: str
    room: int | None = None  # a suite's room (1-based)

    def __str__(self) -> str:
        return f"buy {self.kind}" + (f" {self.room}" if self.room is not None else "")


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class SendHome:
    rooms: tuple[int, ...]

    def __str__(self) -> str:
        return "send-home " + " ".join(str(r) for r in self.rooms)


@dataclass(frozen=True, slots=True)
class Place:
    group: int  # 1-based
    tile: int  # 1-based, within the group as it lies now
    room: int  # 1-based

    def __str__(self) -> str:
        return f"place {self.group}.{self.tile} in {self.room}"


@dataclass(frozen=True, slots=True)
class Remove:
    room: int

    def __str__(self) -> str:
        return f"remove {self.room}"


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return "done"


Action = Choose | TakeBack | Swap | Keep | Buy | Pass | SendHome | Place | Remove | Done


def parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise ValueError(Message("an empty action; write e.g. {examples}", examples=_examples()))
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "choose" and len(args) == 1:
            return Choose(args[0].lower())
        if verb == "take-back" and 1 <= len(args) <= 2:
            return TakeBack(tuple(sorted(a.lower() for a in args)))
        if verb == "swap" and len(args) == 1:
            return Swap(args[0].lower())
        if verb == "keep" and not args:
            return Keep()
        if verb == "buy" and len(args) in (1, 2):
            return Buy(args[0].lower(), int(args[1]) if len(args) == 2 else None)
        if verb == "pass" and not args:
            return Pass()
        if verb == "send-home" and 1 <= len(args) <= 2:
            return SendHome(tuple(sorted(int(a) for a in args)))
        if verb == "place" and len(args) == 3 and args[1].lower() == "in":
            group, tile = args[0].split(".")
            return Place(int(group), int(tile), int(args[2]))
        if verb == "remove" and len(args) == 1:
            return Remove(int(args[0]))
        if verb == "done" and not args:
            return Done()
    except ValueError:
        pass
    raise ValueError(Message("cannot read {text}; write e.g. {examples}", text=repr(text), examples=_examples()))


def _examples() -> Message:
    return Message("'choose 14/8', 'buy pool', 'buy suite 3', 'pass', 'place 1.2 in 4', 'remove 3' or 'done'")
