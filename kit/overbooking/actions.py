"""The actions of Overbooking. Hotels are numbered from 1 (top of the column); queue positions from 1
(the card next to the hotel). A card in hand is named by its crest and guest: `fish-noble`.

    queue fish-noble at 2    OB-4  place the card face down in hotel 2's booking queue (right side)
    back fish-noble at 2     OB-4  place it at hotel 2's back door (left side)
    hold                     OB-4  the last player keeps their fifth card
    target 3                 OB-5  choose queue position 3 for your maid, noble or worker
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.i18n import Message


@dataclass(frozen=True, slots=True)
class Place:
    card: str  # "fish-noble"
    where: str  # "queue" or "back"
    hotel: int  # 1-based

    def __str__(self) -> str:
        return f"{self.where} {self.card} at {self.hotel}"


@dataclass(frozen=True, slots=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Target:
    position: int  # 1-based queue position

    def __str__(self) -> str:
        return f"target {self.position}"


Action = Place | Hold | Target


def parse(text: str) -> Action:
    words = text.split()
    try:
        if len(words) == 4 and words[0].lower() in ("queue", "back") and words[2].lower() == "at":
            return Place(words[1].lower(), words[0].lower(), int(words[3]))
        if words == ["hold"]:
            return Hold()
        if len(words) == 2 and words[0].lower() == "target":
            return Target(int(words[1]))
    except ValueError:
        pass
    raise ValueError(
        Message(
            "cannot read {text}; write e.g. 'queue fish-noble at 2', 'back bird-monk at 1', 'hold' or 'target 3'",
            text=repr(text),
        )
    )
