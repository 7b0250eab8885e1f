"""What the fuzz suites share: the settings (reproducible in CI), the games' starting positions, and
the check that a refused input changed nothing.

Each suite tries at least 2,000 examples per game (issue 9). They are derandomized, so CI runs the
same examples every time; set FUZZ_EXAMPLES to try more (or fewer) while hunting.
"""

from __future__ import annotations

import json
import os
from functools import cache

from hypothesis import HealthCheck, settings

from kit.core import Chance, random_playout
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "2000"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
GAMES = ("lost-cities", "samoa", "overbooking")
RULE_PREFIX = {"lost-cities": "LC-", "samoa": "SA-", "overbooking": "OB-"}


def new_game(name: str, variant: int):
    """A few differently set-up games per kind (player counts, variants, scenarios)."""
    if name == "lost-cities":
        return [
            lambda: LostCities(seed=1, rounds=2),
            lambda: LostCities(players=4, seed=2, rounds=1),
            lambda: LostCities(seed=3, rounds=1, first_player=1),
        ][variant % 3]()
    if name == "samoa":
        return [
            lambda: Samoa(players=3, seed=1),
            lambda: Samoa(players=5, seed=2, scenario={"money": [30, 25, 20, 25, 25], "offer": ["pool", "suite"]}),
            lambda: Samoa(players=4, seed=3, scenario={"hotels": {0: {"specials": ["take_back"]}}}),
        ][variant % 3]()
    return [
        lambda: Overbooking(players=2, seed=1),
        lambda: Overbooking(players=4, seed=2, score_card="advanced"),
        lambda: Overbooking(players=3, seed=3, scenario={"hotels": [{"rule": "queue_5"}]}),
    ][variant % 3]()


@cache
def positions(name: str) -> tuple:
    """Games at several depths (start, early, middle, late; stage 2 in Overbooking, every Samoa phase)."""
    out = []
    for variant in range(3):
        for steps in (0, 1, 5, 17, 40, 90):
            game = new_game(name, variant)
            random_playout(game, Chance(variant * 100 + steps), steps)
            if not game.is_over:
                out.append(game)
    return tuple(out)


def state(game) -> tuple[str, dict]:
    """Everything a refused input must leave as it was: the save text and the open view. (The save
    as compact JSON, which the C encoder writes fast; `dumps` indents it for people.)"""
    return json.dumps(game.save(), sort_keys=True), game.open_view()


_legal: dict[int, list[str]] = {}


def legal_texts(game) -> list[str]:
    """The legal actions of one of the `positions`, as text (cached: positions never change)."""
    known = _legal.get(id(game))
    if known is None:
        known = _legal[id(game)] = [str(a) for a in game.legal_actions()]
    return known


_before: dict[int, tuple[str, dict]] = {}


def state_before(game) -> tuple[str, dict]:
    """`state` of one of the `positions` (which are never changed: each example works on a clone)."""
    known = _before.get(id(game))
    if known is None:
        known = _before[id(game)] = state(game)
    return known
