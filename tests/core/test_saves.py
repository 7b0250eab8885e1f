"""Save files: round trips, and every way a file can be bad is refused with a clear message."""

from __future__ import annotations

import json

import pytest

from kit.core import Chance, SaveFileError, load, load_file, loads, random_playout, save_file
from kit.core.saves import VERSION
from kit.lostcities import LostCities


@pytest.fixture
def game():
    game = LostCities(seed=12, rounds=2)
    random_playout(game, Chance(1), 80)
    return game


def test_a_save_names_its_format_version_and_round_trips(game, tmp_path):
    data = game.save()
    assert data["format"] == "tablekit-save" and data["version"] == 2 and data["game"] == "lost-cities"
    assert data["components"] == game.components.digest and data["components"].startswith("sha256:")
    assert len(data["actions"]) == 80
    path = tmp_path / "game.json"
    save_file(game, path)
    assert load_file(path).fingerprint() == game.fingerprint()


def test_a_corrupt_file_is_refused(game):
    with pytest.raises(SaveFileError, match="corrupt or truncated"):
        loads("{not json")


def test_a_truncated_file_is_refused(game):
    text = game.dumps()
    with pytest.raises(SaveFileError, match="corrupt or truncated"):
        loads(text[: len(text) // 2])


def test_a_file_from_a_future_version_is_refused(game):
    data = game.save()
    data["version"] = VERSION + 1
    with pytest.raises(SaveFileError, match="newer than this tablekit reads"):
        load(data)


def test_not_a_save_file_is_refused():
    with pytest.raises(SaveFileError, match="not a tablekit save file"):
        load({"hello": 1})
    with pytest.raises(SaveFileError, match="no valid format version"):
        load({"format": "tablekit-save", "version": "1"})


def test_an_edited_position_is_an_impossible_state(game):
    data = game.save()
    hand = data["position"]["hands"][0]
    deck = data["position"]["deck"]
    hand[0], deck[0] = deck[0], hand[0]  # swap a card in hand with the top of the deck
    with pytest.raises(SaveFileError, match="impossible"):
        load(data)


def test_an_illegal_action_in_the_file_is_refused_with_its_step(game):
    data = game.save()
    data["actions"][3] = "draw deck" if not data["actions"][3].startswith("draw") else "discard Q7"
    with pytest.raises(SaveFileError, match=r"break the rules: LC-3.*step 4"):
        load(data)


def test_unknown_game_and_bad_settings_are_refused(game):
    data = game.save()
    with pytest.raises(SaveFileError, match="unknown game 'chess'"):
        load({**data, "game": "chess"})
    with pytest.raises(SaveFileError, match="invalid settings"):
        load({**data, "settings": {**data["settings"], "players": 3}})
    with pytest.raises(SaveFileError, match="unknown settings"):
        load({**data, "settings": {**data["settings"], "cheat": True}})
    with pytest.raises(SaveFileError, match="lacks actions"):
        load({k: v for k, v in data.items() if k != "actions"})
    with pytest.raises(SaveFileError, match="cannot be set up"):
        load({**data, "settings": {**data["settings"], "deck": ["H2"]}})


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        load_file(tmp_path / "nope.json")


def test_loading_a_bad_file_changes_no_existing_game(game):
    before = game.fingerprint()
    data = json.loads(game.dumps())
    data["position"]["deck_size"] += 1
    with pytest.raises(SaveFileError):
        load(data)
    assert game.fingerprint() == before


def test_a_prearranged_deck_survives_a_save():
    from kit.lostcities.scenarios import arrange_deck

    deck = arrange_deck(
        [["Dx", "D2", "D3", "D4", "D5", "D6", "D7", "D8"], ["H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9"]]
    )
    game = LostCities(deck=deck, rounds=1).play("play Dx", "draw deck")
    assert loads(game.dumps()).fingerprint() == game.fingerprint()


def test_games_started_from_scenarios_survive_a_save():
    from kit.overbooking import Overbooking
    from kit.samoa import Samoa

    samoa = Samoa(players=3, seed=2, scenario={"hotels": {1: {"rooms": {2: ["J rich"]}}}, "money": [20, 25, 30]})
    samoa.play("choose 2/3", "choose grey")
    over = Overbooking(players=2, seed=3, scenario={"hotels": [{"beds": 9, "queue": [["red", "fish-monk"]]}]})
    over.apply(str(over.legal_actions()[0]))
    for game in (samoa, over):
        assert loads(game.dumps()).fingerprint() == game.fingerprint()
