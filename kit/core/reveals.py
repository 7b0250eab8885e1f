"""When an action reveals something: the definition on views that every game's `reveals()` answers.

An action *reveals* when some seat's view after it tells that seat something about a hidden card
(a card in another hand, a face-down pile's order, a secret choice, what chance deals next) that
it could not know before. What a seat could know before is every position that agrees with all it
was shown: its view and the events it read, memory included (`Game.determinize` redeals exactly
the rest). What it is shown by the action is its view after it together with the new events as it
may read them. The action tells the seat something when that rules out one of the positions it
held possible: in that position no action the actor could have taken would have shown it the same
(the actor itself knows what it did, so for the actor only the action taken counts).

A ruled-out position is a proof that the action revealed something. The positions a seat holds
possible are far too many to list, so `witness` looks at a sample of them: finding none among
many is evidence, not proof, that nothing was shown. `reveals()` is each game's fast, exact
answer; tests/core/test_reveals.py checks that it agrees with this definition for every kind of
action in every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .events import Event

if TYPE_CHECKING:
    from .chance import Chance
    from .game import Game


def seen_after(game: Game, action: Any, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """What `seat` is shown once `action` is taken in `game` (left unchanged): its view after it
    and the events it wrote as `seat` may read them; None when `action` is not legal there."""
    after = game.clone()
    start = len(after.log)
    try:
        after.apply(action)
    except IllegalAction:  # in a redealt position the action may be impossible
        return None
    return after.view(seat), [Event(*entry).visible_to(seat) for entry in after.log[start:]]


def rules_out(game: Game, action: Any, seat: int, world: Game, shown: tuple) -> bool:
    """Whether `world` (a position `seat` held possible before `action`) cannot have shown `seat`
    what `action` showed it in `game` (`shown`, from `seen_after`)."""
    actor = game.current_player
    if seen_after(world, action, seat) == shown:
        return False
    if seat == actor:
        return True
    return all(seen_after(world, other, seat) != shown for other in world.legal_actions() if other != action)


def witness(game: Game, action: Any, chance: Chance, worlds: int = 32) -> tuple[int, Game] | None:
    """A seat that `action` tells something about a hidden card, and a position that seat held
    possible which what it is shown rules out; None if none of `worlds` sampled positions per seat
    is ruled out. Asked of the position before the action; `game` is left unchanged."""
    seats = range(game.settings.players)
    shown = [seen_after(game, action, seat) for seat in seats]
    if shown[0] is None:
        raise ValueError(f"{action} is not a legal action here")
    for _ in range(worlds):  # a world for each seat in turn: the seat that learns is found early
        for seat in seats:
            world = game.determinize(seat, chance)
            if rules_out(game, action, seat, world, shown[seat]):
                return seat, world
    return None
