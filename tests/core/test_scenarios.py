"""Issue 9 point 15: Samoa scenarios that lesson writers trip over, and scenario values checked."""

from __future__ import annotations

from functools import lru_cache

import pytest

from kit.samoa import Samoa

FLAGS = ["J", "U", "G", "N"] * 3


@lru_cache(maxsize=1)
def _u_celebrity_seed() -> int:
    """A 4-player seed whose flag row starts with U and whose round 1 groups hold a U celebrity."""
    groups = (Samoa(players=4, seed=seed).groups for seed in range(5000))
    return next(seed for seed, found in enumerate(groups) if "U celebrity" in [t.label for g in found for t in g])


def test_hotels_may_name_tiles_that_round_1_drew_for_its_groups():
    # the flag row starts with U and round 1's groups hold a U celebrity; both U celebrities
    # (SA-1: two per nationality) can still go to a hotel, because round 1's groups go back first
    seed = _u_celebrity_seed()
    game = Samoa(
        players=4,
        seed=seed,
        scenario={"hotels": {0: {"rooms": {1: ["U celebrity"], 2: ["U celebrity"]}}}, "groups": [["U plain"]]},
    )
    assert [t.label for t in game.hotels[0].tourists()] == ["U celebrity", "U celebrity"]
    assert game.view(0)["groups"] == [["U plain"]]
    game.check_invariants()


def test_without_groups_the_hotels_can_still_take_round_1s_tiles():
    seed = _u_celebrity_seed()
    game = Samoa(players=4, seed=seed, scenario={"hotels": {1: {"rooms": {1: ["U celebrity"], 2: ["U celebrity"]}}}})
    labels = [t.label for group in game.groups for t in group]
    assert "U celebrity" not in labels and all(label.startswith("U ") for label in labels)
    assert [len(g) for g in game.groups] == [len(g) for g in Samoa(players=4, seed=seed).groups]
    game.check_invariants()


def test_round_6_without_groups_gets_round_6s_doubled_groups_and_offer():
    plain = Samoa(players=4, seed=3)
    game = Samoa(players=4, seed=3, scenario={"round": 6, "flags": FLAGS})
    nationality = FLAGS[5]
    assert game.view(0)["nationality"] == nationality
    assert all(t.nationality == nationality for group in game.groups for t in group)
    sizes = game.components.tourist_cards[game.tourist_card][4]
    assert [len(group) for group in game.groups] == [2 * size for size in sizes]  # 2X round (SA-3.2)
    layout = game.components.layout[4]
    assert len(game.offer) == layout[1] and len(plain.offer) == layout[0]  # SA-3.1: rounds 4-6
    game.check_invariants()


def test_a_flag_row_without_groups_redraws_the_groups_for_its_first_nationality():
    game = Samoa(players=3, seed=1, scenario={"flags": ["N", "J", "U", "G"] * 3})
    assert game.view(0)["nationality"] == "N"
    assert all(t.nationality == "N" for group in game.groups for t in group)


def test_a_scenario_that_changes_neither_round_nor_nationality_keeps_round_1s_groups():
    plain = Samoa(players=4, seed=2)
    game = Samoa(players=4, seed=2, scenario={"money": [20, 25, 30, 35]})
    assert game.groups == plain.groups and game.offer == plain.offer


@pytest.mark.parametrize(
    "scenario, message",
    [
        ({"money": [-40, 25, 25]}, "money: whole amounts of Tala from 0"),
        ({"money": [25.5, 25, 25]}, "money: whole amounts"),
        ({"money": [10**30, 25, 25]}, "money: whole amounts"),
        ({"money": [True, 25, 25]}, "money: whole amounts"),
        ({"round": 13}, "round must be a whole number from 1 to 12"),
        ({"round": True}, "round must be a whole number"),
        ({"hammer": 3}, "hammer must be a seat from 0 to 2"),
        ({"hotels": {0: {"pools": -1}}}, "pools must be a whole number"),
        ({"hotels": {0: {"suites": [7]}}}, "suites lists rooms of the board, 1 to 6"),
        ({"hotels": {0: {"rooms": {1: ["N plain", "N plain", "N plain"]}}}}, "a list of at most 2"),
        ({"hotels": {0: {"rooms": {1: ["N plain", "N plain"]}}}}, "a room holds one tourist, or two lovers"),
        ({"hotels": {5: {}}}, "no seat 5"),
        ({"groups": [["N bather x"]]}, "no tile 'N bather x'"),
        ({"offer": ["castle"]}, "unknown building tile 'castle'"),
        ({"surprise": 1}, "unknown scenario keys"),
    ],
)
def test_every_scenario_value_is_checked(scenario, message):
    with pytest.raises(ValueError, match=message):
        Samoa(players=3, seed=1, scenario=scenario)
