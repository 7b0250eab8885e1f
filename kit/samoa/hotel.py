"""A player's hotel: rooms (SA-7), the special tourists in them (SA-8) and the buildings (SA-9).

Rooms are indexed from 0 here and shown from 1: the board's rooms first (`rows` x `columns`, read
from the component files), then extra rooms (SA-9.1), which are adjacent to nothing.
"""

from __future__ import annotations

import re

from kit.i18n import N_, Term, render

from .components import Tourist

# the words of `Hotel.earnings`' reasons and a price card's fate (SA-3.6), for the catalogs
N_("rich"), N_("suite"), N_("next to a celebrity"), N_("double never stacks"), N_("discarded")


class Hotel:
    __slots__ = ("rooms", "suites", "pools", "specials", "used_specials", "rows", "columns")

    def __init__(self, rows: int, columns: int):
        self.rows, self.columns = rows, columns
        self.rooms: list[list[Tourist]] = [[] for _ in range(rows * columns)]
        self.suites: set[int] = set()  # SA-9.2, board rooms only
        self.pools = 0  # SA-9.3
        self.specials: list[str] = []  # SA-9.4, unused
        self.used_specials: list[str] = []

    @property
    def board_rooms(self) -> int:
        return self.rows * self.columns

    @property
    def extra_rooms(self) -> int:
        return len(self.rooms) - self.board_rooms

    def neighbours(self, room: int) -> list[int]:
        """SA-8.3: directly above, below, left or right on the board; extra rooms have none."""
        if room >= self.board_rooms:
            return []
        row, column = divmod(room, self.columns)
        out = []
        if row > 0:
            out.append(room - self.columns)
        if row < self.rows - 1:
            out.append(room + self.columns)
        if column > 0:
            out.append(room - 1)
        if column < self.columns - 1:
            out.append(room + 1)
        return out

    def doubling(self, room: int) -> list[tuple[str, str]]:
        """What makes any tourist placed in `room` pay double, as (rule id, words): SA-9.2 a suite,
        SA-8.3 a celebrity next door."""
        reasons = []
        if room in self.suites:
            reasons.append(("SA-9.2", "suite"))
        if any(o.kind == "celebrity" for n in self.neighbours(room) for o in self.rooms[n]):
            reasons.append(("SA-8.3", "next to a celebrity"))
        return reasons

    def can_take(self, tourist: Tourist, room: int) -> bool:
        """SA-7: one tourist per room; SA-8.2: a lover may join a room holding one lover."""
        if not 0 <= room < len(self.rooms):
            return False
        occupants = self.rooms[room]
        if not occupants:
            return True
        return tourist.kind == "lovers" and len(occupants) == 1 and occupants[0].kind == "lovers"

    def rooms_for(self, tourist: Tourist) -> list[int]:
        return [room for room in range(len(self.rooms)) if self.can_take(tourist, room)]

    def has_room_for_anyone(self) -> bool:
        return any(not occupants for occupants in self.rooms) or any(
            len(o) == 1 and o[0].kind == "lovers" for o in self.rooms
        )

    def earnings(self, tourist: Tourist, room: int, price: int) -> tuple[int, list[str]]:
        """What `tourist` pays on arrival in `room` at `price`, and why (rule ids).

        SA-8.1 rich, SA-9.2 suite and SA-8.3 a celebrity next door each make it pay double — but
        double never stacks. SA-8.4: a bather adds its ring value for each pool.
        """
        reasons = ["SA-8.1 rich: double"] if tourist.kind == "rich" else []
        reasons += [f"{rule} {what}: double" for rule, what in self.doubling(room)]
        amount = price * 2 if reasons else price
        if len(reasons) > 1:
            reasons.append("SA-8 double never stacks")
        if tourist.kind == "bather" and self.pools:
            amount += tourist.ring * self.pools
            reasons.append(f"SA-8.4 bather: {tourist.ring} x {self.pools} pool(s)")
        return amount, reasons

    def ring_points(self) -> int:
        return sum(o.ring for occupants in self.rooms for o in occupants)

    def tourists(self) -> list[Tourist]:
        return [o for occupants in self.rooms for o in occupants]

    def occupied_rooms(self) -> list[int]:
        return [room for room, occupants in enumerate(self.rooms) if occupants]

    def empty_rooms(self) -> int:
        """SA-6 tie-breaker; Decision: extra rooms count as rooms."""
        return sum(1 for occupants in self.rooms if not occupants)

    def clone(self) -> Hotel:
        copy = Hotel(self.rows, self.columns)
        copy.rooms = [list(o) for o in self.rooms]
        copy.suites = set(self.suites)
        copy.pools = self.pools
        copy.specials = list(self.specials)
        copy.used_specials = list(self.used_specials)
        return copy

    def to_dict(self) -> dict:
        return {
            "rooms": [[o.label for o in occupants] for occupants in self.rooms],
            "board_rooms": self.board_rooms,
            "columns": self.columns,
            "suites": sorted(room + 1 for room in self.suites),
            "pools": self.pools,
            "specials": sorted(self.specials),
            "used_specials": len(self.used_specials),
        }


_BATHER = re.compile(r"bather: (\d+) x (\d+) pool\(s\)")


def payment_reason(reason: str) -> str:
    """One of `Hotel.earnings`' reasons (the engine's own English, as logged) in the reader's language."""
    rule, _, words = reason.partition(" ")
    if words.endswith(": double"):
        return render(N_("{rule} {what}: double"), rule=rule, what=Term(words.removesuffix(": double")))
    bather = _BATHER.fullmatch(words)
    if bather:
        ring, pools = map(int, bather.groups())
        return render(N_("{rule} bather: {ring} x {pools} pool(s)"), rule=rule, ring=ring, pools=pools)
    return render(N_("{rule} {what}"), rule=rule, what=Term(words))
