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

from kit.i18n import N_, Plural, gettext, render


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
    to anyone else "Player 0 draws D10." (`reader` None: a spectator, or the all-seeing log).

    Each sentence is written twice, once to the reader and once about someone else, because the
    verb, the pronoun and the word order change with the person in every language we speak.
    """

    def __init__(self, player: int | None, reader: int | None = None):
        self.player = player
        self.you = player is not None and player == reader

    def say(self, to_you: str | Plural, about: str | Plural, /, **params: Any) -> str:
        """`to_you` when the reader is the player, else `about` (which may use ``{player}``); either
        may be a `Plural`, whose count picks the form."""
        return render(to_you if self.you else about, player=self.player, **params)


def seat_name(seat: str, number: int, reader: int | None = None) -> str:
    """ "player 1" (or "side 1"), or "you" ("your side") when `number` is the reader's own."""
    if number != reader:
        return (
            render(N_("player {number}"), number=number)
            if seat == "player"
            else render(N_("side {number}"), number=number)
        )
    return gettext("you") if seat == "player" else gettext("your side")


def scores_in_words(seat: str, scores: list[int], reader: int | None = None) -> str:
    """Scores as a reader says them, never as a list: "player 0 44, player 1 -18" ("you 44, ...")."""
    return ", ".join(
        render(N_("{name} {score}"), name=seat_name(seat, number, reader), score=score)
        for number, score in enumerate(scores)
    )


def winners_in_words(names: list[str]) -> str:
    """ "player 2 wins", "you win", "player 0 and player 2 share the win": winners for a reader,
    never a list of seat numbers (`names` as `seat_name` gives them)."""
    if len(names) == 1:
        return gettext("you win") if names[0] == gettext("you") else render(N_("{name} wins"), name=names[0])
    return render(N_("{names} and {last} share the win"), names=", ".join(names[:-1]), last=names[-1])


def final_scores_in_words(
    over: str, seat: str, scores: list[int], winners: list[int], reader: int | None = None
) -> str:
    """The end of a game as a sentence: "The game is over: player 0 283, player 1 222; player 0 wins."
    (`over` names what ended, "game" or "match"; `seat` how a scorer is called, "player" or "side";
    the `reader`'s own number is "you")."""
    listing = scores_in_words(seat, scores, reader)
    won = winners_in_words([seat_name(seat, w, reader) for w in winners])
    template = (
        N_("The match is over: {scores}; {winners}.")
        if over == "match"
        else N_("The game is over: {scores}; {winners}.")
    )
    return render(template, scores=listing, winners=won)
