"""`reveals()` is the boards' guard against undo-and-peek: it must say yes whenever an action shows
anyone something they did not know. Checked against two things every game leaves behind: chance
drawn during the action (new cards dealt, tiles or tourists drawn) and log entries whose secret part
someone other than the actor may read (a card passed to a partner)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from kit.core import Chance
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from tests.support import choices, play

GAMES = {
    "lost-cities-2": lambda seed: LostCities(seed=seed, rounds=2),
    "lost-cities-4": lambda seed: LostCities(players=4, seed=seed, rounds=1),
    "samoa": lambda seed: Samoa(players=3, seed=seed),
    "overbooking": lambda seed: Overbooking(players=2, seed=seed),
}


def shows_something(game, action) -> bool:
    """What the log and the chance generator say about `action` (asked before it is taken)."""
    actor, logged, state = game.current_player, len(game.log), game.chance.state()
    after = game.clone()
    after.apply(action)
    if after.chance.state() != state:
        return True  # something was drawn at random: new information for someone
    for entry in after.log[logged:]:
        if len(entry) > 4 and entry[4] is not None and set(entry[5]) - {actor}:
            return True  # a secret someone other than the actor may now read
    return False


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=25, deadline=None)
@given(choice=choices(max_picks=30, max_extra=400), seed=choices(1, 0))
def test_reveals_says_yes_whenever_something_is_shown(name, choice, seed):
    game = GAMES[name](seed[1] % 1000)
    chance = Chance(choice[1])
    for _ in play(game, choice):
        if game.is_over:
            return
        action = game.random_action(chance)
        if shows_something(game, action):
            assert game.reveals(action), f"step {len(game.history)}: {action} shows something"


def test_first_reveal_looks_at_every_action_taken_back():
    game = LostCities(seed=3, rounds=1)
    game.play(game.legal_actions()[1], "draw deck")  # a quiet discard, then a draw from the deck
    game.play(next(a for a in game.legal_actions() if str(a).startswith("discard")))
    assert game.first_reveal(0) == 1 and game.first_reveal(2) is None and game.first_reveal(3) is None
