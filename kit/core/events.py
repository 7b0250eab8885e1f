"""The event log: what happened, which rule made it happen, and who may see the details.

Every event names its rule id. Details only some players may see (the card drawn from the deck, the
hand dealt) live in `secret`, with `seen_by` listing the players allowed to read them; everyone else
reads only `public` (for example "drew a card from the draw pile").

Events hold data only; each game turns them into sentences (`Game.describe`) when someone reads
them. Engines append each event to `game.log` as a plain tuple of the `Event` fields in order
(rule, kind, player, public[, secret, seen_by]) — a tuple costs a third of an object, which matters
in simulations of thousands of games — and `Game.events()` turns them into `Event` objects.
"""

from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened. Read-only by convention (a plain slotted class: engines write
    hundreds of thousands of these per second in simulations, and a frozen dataclass costs 4x)."""

    __slots__ = ("rule", "kind", "player", "public", "secret", "seen_by")

    def __init__(
        self,
        rule: str,
        kind: str,
        player: int | None,
        public: dict[str, Any],
        secret: dict[str, Any] | None = None,
        seen_by: tuple[int, ...] = (),
    ):
        self.rule = rule
        self.kind = kind
        self.player = player
        self.public = public
        self.secret = secret
        self.seen_by = seen_by

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # mutable dicts inside

    def __repr__(self) -> str:
        return f"Event({self.rule!r}, {self.kind!r}, player={self.player!r}, {self.public!r})"

    def visible_to(self, viewer: int | None) -> dict[str, Any]:
        """This event as `viewer` may read it; ``viewer=None`` is a spectator, who sees no secret."""
        out = {"rule": self.rule, "kind": self.kind, "player": self.player, **self.public}
        if self.secret is not None and viewer is not None and viewer in self.seen_by:
            out.update(self.secret)
        return out

    def everything(self) -> dict[str, Any]:
        """This event with every secret in it: for the all-seeing teaching log only."""
        out = {"rule": self.rule, "kind": self.kind, "player": self.player, **self.public}
        if self.secret is not None:
            out.update(self.secret)
        return out


class Subject:
    """The player an event is about, named for the one reading it: to that player "You draw D10.",
    to anyone else "Player 0 draws D10." (`reader` None: a spectator, or the all-seeing log)."""

    def __init__(self, player: int | None, reader: int | None = None):
        self.you = player is not None and player == reader
        self.name = "You" if self.you else f"Player {player}"
        self.their = "your" if self.you else "their"
        self.whose = "Your" if self.you else f"Player {player}'s"

    def does(self, third_person: str, second_person: str) -> str:
        """ "Player 0 draws" or "You draw": the verb as written for each."""
        return f"{self.name} {second_person if self.you else third_person}"


def seat_name(seat: str, number: int, reader: int | None = None) -> str:
    """ "player 1" (or "side 1"), or "you" ("your side") when `number` is the reader's own."""
    if number != reader:
        return f"{seat} {number}"
    return "you" if seat == "player" else f"your {seat}"


def scores_in_words(seat: str, scores: list[int], reader: int | None = None) -> str:
    """Scores as a reader says them, never as a list: "player 0 44, player 1 -18" ("you 44, ...")."""
    return ", ".join(f"{seat_name(seat, number, reader)} {score}" for number, score in enumerate(scores))


def winners_in_words(names: list[str]) -> str:
    """ "player 2 wins", "you win", "player 0 and player 2 share the win": winners for a reader,
    never a list of seat numbers."""
    if len(names) == 1:
        return f"{names[0]} win" + ("" if names[0] == "you" else "s")
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def final_scores_in_words(
    over: str, seat: str, scores: list[int], winners: list[int], reader: int | None = None
) -> str:
    """The end of a game as a sentence: "The game is over: player 0 283, player 1 222; player 0 wins."
    (`over` names what ended, "game" or "match"; `seat` how a scorer is called, "player" or "side";
    the `reader`'s own number is "you")."""
    listing = scores_in_words(seat, scores, reader)
    return f"The {over} is over: {listing}; {winners_in_words([seat_name(seat, w, reader) for w in winners])}."
