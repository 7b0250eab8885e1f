"""What every game's lesson checks share: the verdict type, and the checks that read the same for
every game (which seed dealt the game, who won). A check never changes the game."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game


@dataclass(frozen=True)
class Check:
    """A lesson check's verdict; prints as one line starting with a tick or a cross."""

    done: bool
    text: str

    def __str__(self) -> str:
        return f"{'✓ Done' if self.done else '✗ Not yet'}: {self.text}"

    __repr__ = __str__


def dealt_with_seed(game: Game, seed: int, what: str) -> Check:
    """The game was dealt from `seed` (the same seed deals the same game on any machine)."""
    if game.settings.seed == seed:
        return Check(True, f"dealt from seed {seed}: {what}")
    return Check(
        False, f"this game was dealt from seed {game.settings.seed}; type {seed} in the seed box, press New game"
    )


def won_the_game(game: Game, player: int, rule: str, unit: str, still_on: str) -> Check:
    """The game is over and `player` is among the winners."""
    if not game.is_over:
        return Check(False, f"the game is still on ({still_on})")
    if player in game.winners():
        return Check(True, f"you won with {game.scores()[player]} {unit} ({rule})")
    return Check(False, f"the game is over and you lost, {game.scores()[player]} to {max(game.scores())}: try again")
