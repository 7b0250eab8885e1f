"""The few error types every game shares.

There is exactly one error for an illegal action (`IllegalAction`), so a board or a learner's
notebook can catch it without knowing which game raised it. Its text always starts with the rule id.
"""

from __future__ import annotations

from kit.i18n import N_, Message


class _RuleAndReason:
    """An error that names a rule id and says why in a message read in the learner's language.

    `rule` is the rule id (for example ``"LC-3.1"``) and `reason` the plain-words explanation;
    ``str(error)`` reads ``"LC-3.1: a 7 cannot follow the 8 on Desert"``. (Only a refused setting
    may have no rule, ``None``: then it reads as its reason alone.) The reason is a template
    with named placeholders (``IllegalAction("LC-3.1", "a {card} cannot follow ...", card=7)``),
    read in the learner's language (`kit.i18n`) whenever it is read; the rule id never changes.
    """

    def __init__(self, rule: str | None, reason: str | Message, /, **params):
        self.rule = rule
        self.message = reason if isinstance(reason, Message) else Message(reason, **params)
        super().__init__(rule, self.message)

    @property
    def reason(self) -> str:
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason

    def __reduce__(self):  # picklable (simulations send errors between processes)
        return (type(self), (self.rule, self.message))


class IllegalAction(_RuleAndReason, ValueError):
    """An action the rules forbid. The game's state is left exactly as it was.

    ``str(error)`` reads ``"LC-3.1: a 7 cannot follow the 8 on Desert"``: the rule id, then the
    reason in the learner's language.
    """


class SetupRefused(_RuleAndReason, ValueError):
    """Settings a game cannot be set up from: a prearranged deck that is not the game's deck, a
    scenario that names a tile the supply lacks, a number of rounds out of range.

    Raised before anything is played, from the settings' own checks or the game's setup. Like
    `IllegalAction` it names the rule where one says so (``SetupRefused("LC-1", "the prearranged deck
    must hold exactly the {count} cards of the game; ...", count=60)``), else ``None``, and its reason
    reads in the learner's language; a save file that holds such settings passes the reason on
    (`SaveFileError`). A `ValueError`, as a refused setting always was.
    """

    @classmethod
    def never_reached(cls, broken: InvariantBroken) -> SetupRefused:
        """A prearranged position (a scenario) that breaks the game's own invariant: the invariant's
        rule, and its reason inside the scenario's sentence."""
        return cls(broken.rule, NEVER_REACHED, reason=broken.message)


NEVER_REACHED = N_("the scenario sets up a position the rules never reach: {reason}")


class NothingToUndo(ValueError):
    """`undo()` was asked for more steps than the game has taken."""


class SaveFileError(ValueError):
    """A save file that cannot be loaded: corrupt, truncated, tampered with, or from a future version.

    Loading never returns a half-built game: it either raises this or returns a complete one. The
    reason is a template with named placeholders, read in the learner's language (`kit.i18n`).
    """

    def __init__(self, reason: str | Message, /, **params):
        self.message = reason if isinstance(reason, Message) else Message(reason, **params)
        super().__init__(self.message)

    def __str__(self) -> str:
        return str(self.message)

    def __reduce__(self):
        return (type(self), (self.message,))


class ComponentError(ValueError):
    """A component file (cards, tiles, hotels) that is malformed. The message names the file and line."""


class KernelRefused(ValueError):
    """A compiled kernel asked to play a game it cannot play exactly as the readable engine does
    (component data or settings beyond what it holds). Raised before anything is played; the message
    is the kernel's `refusal(game)`, one sentence for the learner. Use the readable engine instead."""


def refuse(reason: str | None) -> None:
    """A kernel entry point's first step: raise `KernelRefused(reason)` unless `reason` is None."""
    if reason is not None:
        raise KernelRefused(reason)


def beyond_capacity(limits) -> str | None:
    """A kernel's refusal for the first (count, capacity, what) whose count its row cannot hold."""
    for count, capacity, what in limits:
        if count > capacity:
            return (
                f"the fast engine holds at most {capacity} {what}; this game has {count}: the readable engine is used"
            )
    return None


class InvariantBroken(_RuleAndReason, AssertionError):
    """A game's own invariant does not hold (cards lost or duplicated, money created, ...).

    Raised by `Game.check_invariants()`; it means a bug in an engine or an edited save, never a
    player's mistake. Like `IllegalAction` it names the rule the position breaks and says why in the
    learner's language: ``InvariantBroken("LC-3.1", "an expedition holds a card of another colour")``.
    """
