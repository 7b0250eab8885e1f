"""What every game's lesson checks share: the verdict type, the rule tags, and the checks that read
the same for every game (which seed dealt the game, who won). A check never changes the game.

A check is a plain function `check(game, ...) -> Check`. `@teaches("LC-3.1")` records which rule
sections it tests, so that a test can prove every section of the rules digests is covered by a
check some notebook uses (tests/test_lesson_coverage.py). The live version that turns to ✓ as the
board is played lives in `widgets.lessons` (kit never imports Jupyter).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from kit.i18n import N_, Message, Plural, render

from .events import seat_name, winners_in_words
from .game import Game

CheckFunction = TypeVar("CheckFunction", bound=Callable[..., "Check"])


@dataclass(frozen=True)
class Check:
    """A lesson check's verdict; prints as one line starting with a tick or a cross."""

    done: bool
    text: str | Message  # read in the learner's language when the check is shown
    final: bool = False  # a locked answer: a wrong one is not "not yet", it is wrong this time

    def __str__(self) -> str:
        if self.done:
            return render(N_("✓ Done: {text}"), text=self.text)
        return render(N_("✗ Not this time: {text}") if self.final else N_("✗ Not yet: {text}"), text=self.text)

    __repr__ = __str__


def teaches(*rules: str) -> Callable[[CheckFunction], CheckFunction]:
    """Mark a check with the rule ids it tests (`check.rules`); a check tests its section's own rule."""

    def mark(check: CheckFunction) -> CheckFunction:
        check.rules = rules  # type: ignore[attr-defined]
        return check

    return mark


def rules_of(check: Callable) -> tuple[str, ...]:
    """The rule ids a check is marked with (empty for an unmarked one)."""
    return getattr(check, "rules", ())


def dealt_with_seed(game: Game, seed: int, what: str | Message) -> Check:
    """The game was dealt from `seed` (the same seed deals the same game on any machine)."""
    if game.settings.seed == seed:
        return Check(True, Message("dealt from seed {seed}: {what}", seed=seed, what=what))
    return Check(
        False,
        Message(
            "this game was dealt from seed {seed}; type {seed2} in the seed box, press New game",
            seed=game.settings.seed,
            seed2=seed,
        ),
    )


def won_the_game(game: Game, player: int, rule: str, won: Callable[[int], Plural], rounds: int) -> Check:
    """The game is over and `player` is among the winners. `won(score)`: the game's words for a win
    with that score ("you won with {value} points ({rule})", its unit counted)."""
    if not game.is_over:
        still_on = Message("round {round} of {rounds}", round=game.round, rounds=rounds)
        return Check(False, Message("the game is still on ({still_on})", still_on=still_on))
    if player in game.winners():
        score = game.scores()[player]
        return Check(True, Message(won(score), value=score, rule=rule))
    return Check(
        False,
        Message(
            "the game is over and you lost, {value} to {value2}: try again",
            value=game.scores()[player],
            value2=max(game.scores()),
        ),
    )


def who_won(game: Game, player: int) -> str:
    """The winners in words, as `player` reads them: "you win", "player 2 wins", "you and player 2
    share the win" (not a list of seat numbers)."""
    return winners_in_words([seat_name("player", seat, player) for seat in game.winners()])
