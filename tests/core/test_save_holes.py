"""Issue 9, points 6-8: every malformed save raises SaveFileError, a consistently edited save cannot
load a position the rules never reach, and loading never opens a folder the save names."""

from __future__ import annotations

import json

import pytest

from kit.core import Chance, SaveFileError, load, loads, random_playout
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.overbooking import game as overbooking_game
from kit.samoa import Samoa
from kit.samoa import scenarios as samoa_scenarios
from tests.support import copy_dataset, edit


def refused(text_or_data, match: str = "") -> SaveFileError:
    with pytest.raises(SaveFileError, match=match) as raised:
        (loads if isinstance(text_or_data, str | bytes) or text_or_data is None else load)(text_or_data)
    assert raised.value.__cause__ is None, "the safety net caught it: a check is missing"
    return raised.value


@pytest.fixture
def saved() -> dict:
    game = LostCities(seed=4, rounds=1)
    random_playout(game, Chance(4), 20)
    return game.save()


# --------------------------------------------------------------------------------- point 6
def test_pathological_json_is_a_save_file_error():
    refused("[" * 100_000, "corrupt or truncated")  # RecursionError before
    refused('{"format": "tablekit-save", "version": ' + "9" * 5000 + "}", "corrupt or truncated")  # ValueError
    refused(None, "text or bytes, not NoneType")  # TypeError
    refused(b"\xff\xfe\x00garbage", "corrupt or truncated")
    refused('{"format": "tablekit-save", "version": NaN}', "corrupt or truncated")


def test_wrong_types_in_a_save_are_save_file_errors(saved):
    refused({**saved, "game": ["lost-cities"]}, "unknown game")  # unhashable: TypeError before
    refused({**saved, "game": {"a": 1}}, "unknown game")
    refused({**saved, "settings": {**saved["settings"], "components": 5}}, "component folder 5")  # TypeError before
    refused({**saved, "settings": {**saved["settings"], "deck": [1]}}, "invalid settings")  # AttributeError before
    refused({**saved, "settings": {**saved["settings"], "players": 2.0}}, "invalid settings")
    refused({**saved, "settings": {**saved["settings"], "first_player": True}}, "invalid settings")
    refused({**saved, "settings": {**saved["settings"], "rounds": 10**30}}, "invalid settings")


@pytest.mark.parametrize(
    "scenario",
    [
        {"money": "lots"},
        {"hotels": 5},
        {"hotels": {"0": {"rooms": 3}}},
        {"hotels": {"x": {}}},
        {"groups": [[""]]},
        {"groups": "N plain"},
        {"used": {"0": "20/12"}},
        {"round": "6"},
        {"flags": None},
        {"offer": [None]},
    ],
)
def test_bad_samoa_scenarios_in_a_save_are_save_file_errors(scenario):
    data = Samoa(players=3, seed=1).save()
    data["settings"]["scenario"] = scenario
    refused(data, "cannot be set up|invalid settings")


@pytest.mark.parametrize(
    "scenario",
    [
        {"hotels": [5]},
        {"hotels": [{"queue": [["red"]]}]},
        {"hotels": [{"queue": "red fish-monk"}]},
        {"hotels": [{"rule": ["none"]}]},
        {"hotels": {"0": {}}},
        {"check": "yes"},
    ],
)
def test_bad_overbooking_scenarios_in_a_save_are_save_file_errors(scenario):
    data = Overbooking(players=2, seed=1).save()
    data["settings"]["scenario"] = scenario
    refused(data, "cannot be set up|invalid settings")


# --------------------------------------------------------------------------------- point 7
def consistent_save(monkeypatch, make, patch) -> dict:
    """The save a student makes by editing scenario and position together: built with today's checks
    switched off, so that the position is exactly where the edited settings lead."""
    with monkeypatch.context() as patched:
        patch(patched)
        data = make().save()
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("money", [-40, 25.5, 10**30])
def test_samoa_money_out_of_range_is_refused_even_when_the_position_agrees(monkeypatch, money):
    def patch(patched):
        patched.setattr(samoa_scenarios, "check_scenario", lambda game, scenario: None)
        patched.setattr(Samoa, "check_invariants", lambda self: None)

    data = consistent_save(monkeypatch, lambda: Samoa(players=3, seed=2, scenario={"money": [money, 25, 25]}), patch)
    refused(data, "money")


def test_samoa_infinite_money_cannot_even_be_written():
    data = Samoa(players=3, seed=2, scenario={"money": [20, 25, 25]}).dumps().replace("[\n   20,", "[\n   Infinity,")
    assert "Infinity" in data
    refused(data, "corrupt or truncated")


@pytest.mark.parametrize(
    "hotel",
    [
        {"beds": -5},
        {"beds": 10**9},
        {
            "queue": [
                ["red", f"{crest}-{kind}"] for crest in ("bird", "fish") for kind in ("monk", "maid", "noble", "worker")
            ][:7]
        },
    ],
)
def test_overbooking_impossible_hotels_are_refused_even_when_the_position_agrees(monkeypatch, hotel):
    def patch(patched):
        patched.setattr(overbooking_game, "check_scenario", lambda game, scenario: None)
        patched.setattr(Overbooking, "check_invariants", lambda self: None)

    data = consistent_save(monkeypatch, lambda: Overbooking(players=2, seed=3, scenario={"hotels": [hotel]}), patch)
    refused(data, "beds|queue lists at most")


def test_the_loaded_position_is_checked_against_the_games_invariants(monkeypatch):
    """Even with every settings check passing, a position that breaks an invariant is refused."""
    data = Samoa(players=3, seed=2).save()
    monkeypatch.setattr(samoa_scenarios, "check_scenario", lambda game, scenario: None)
    data["settings"]["scenario"] = {"money": [-1, 25, 25]}
    refused(data, "SA-2: the scenario sets up a position the rules never reach: player 0.s money is below zero")


# --------------------------------------------------------------------------------- point 8
def test_a_save_never_opens_the_folder_it_names(tmp_path, monkeypatch):
    folder = copy_dataset(tmp_path, "lostcities")
    game = LostCities(seed=5, rounds=1, components=str(folder))
    random_playout(game, Chance(5), 10)
    text = game.dumps()
    opened = []
    real_open = type(folder).open

    def spy(path, *args, **kwargs):
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(type(folder), "open", spy)
    refused(text, "loading never opens a folder a save names")
    assert not [path for path in opened if path.startswith(str(folder))]
    monkeypatch.undo()
    assert loads(text, components=folder).fingerprint() == game.fingerprint()
    # "/etc" or any other path written into the file is never read either
    data = json.loads(text)
    data["settings"]["components"] = "/etc"
    refused(data, "loading never opens a folder a save names")


def test_a_save_refuses_component_data_that_differs(tmp_path):
    from kit.lostcities.components import _load

    folder = copy_dataset(tmp_path, "lostcities")
    edit(folder / "expeditions.csv", "Neptune's depths", "Atlantis")
    game = LostCities(seed=5, rounds=1, components=str(folder))
    game.apply(str(game.legal_actions()[0]))
    text = game.dumps()
    data = json.loads(text)
    data["settings"]["components"] = None
    refused(data, "the shipped datasets differs from the data the game was saved with")
    edit(folder / "expeditions.csv", "Atlantis", "Lemuria")
    _load.cache_clear()  # a new session: the folder is read afresh
    refused_here = pytest.raises(SaveFileError, match=f"{folder} differs from the data the game was saved with")
    with refused_here:
        loads(text, components=folder)


def test_a_version_1_save_of_the_shipped_data_still_loads(saved):
    old = {key: value for key, value in saved.items() if key != "components"}
    old["version"] = 1
    assert load(old).save()["actions"] == saved["actions"]
