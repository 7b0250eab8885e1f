"""A save whose game cannot be set up (a prearranged deck that is not the game's deck, a scenario
the supply or the rules cannot give, a setting out of range) says why in the learner's language,
with the rule id kept; so does the same refusal raised in a notebook's code."""

from __future__ import annotations

import pickle
import re

import pytest

from kit.core import SaveFileError, load
from kit.core.errors import SetupRefused
from kit.i18n import language
from kit.lostcities import LostCities
from kit.lostcities.scenarios import arrange_deck
from kit.overbooking import Overbooking
from kit.samoa import Samoa
from kit.samoa import scenarios as samoa_scenarios

LANGUAGES = ("nb", "pl", "sv")
#: words of the English sentences that no translation of them uses
ENGLISH = ("the", "cannot", "must", "set up", "never", "reach", "position", "exactly", "left", "player", "prearranged",
           "deck", "supply", "tile", "holds", "invalid", "settings", "rules", "game", "of", "no")  # fmt: skip
HANDS = [["Dx", "D4", "D7", "H2", "H9", "B5", "V3", "N10"], ["Hx", "H3", "B2", "B8", "D2", "V7", "V9", "N4"]]


def english_words(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{word}\b", text, re.IGNORECASE)]


def lost_cities_deck(change):
    deck = arrange_deck(HANDS)
    data = LostCities(deck=deck, rounds=1).save()
    data["settings"]["deck"] = change(list(deck))
    return data


def samoa_scenario(scenario):
    data = Samoa(players=3, seed=1).save()
    data["settings"]["scenario"] = scenario
    return data


def overbooking_scenario(scenario):
    data = Overbooking(players=2, seed=1).save()
    data["settings"]["scenario"] = scenario
    return data


def overbooking_settings(**changed):
    data = Overbooking(players=2, seed=1).save()
    data["settings"].update(changed)
    return data


SAVES = {
    # a card named twice and one missing: the deck is not the game's (LC-1)
    "lost cities deck": (lambda: lost_cities_deck(lambda deck: deck[:-1] + deck[:1]), "LC-1"),
    # a card the component files do not have (the components' own message inside the deck's)
    "lost cities card": (lambda: lost_cities_deck(lambda deck: ["Q9"] + deck[1:]), "LC-1"),
    # a tile the supply has not got (SA-1)
    "samoa tile": (lambda: samoa_scenario({"hotels": {"0": {"rooms": {"1": ["N bather 9"]}}}}), "SA-1"),
    # a card a player does not own (OB-1), the player's colour a game word
    "overbooking hand": (lambda: overbooking_scenario({"hands": {"red": ["nope"] * 9}}), "OB-1"),
    # a setting the settings' own checks refuse (OB-8's score cards)
    "overbooking score card": (lambda: overbooking_settings(score_card="expert"), "OB-8"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", sorted(SAVES))
def test_a_save_that_cannot_be_set_up_says_why_in_the_learners_language(case, lang):
    make, rule = SAVES[case]
    data = make()
    with language(lang):
        with pytest.raises(SaveFileError) as raised:
            load(data)
        text = str(raised.value)
    assert raised.value.__cause__ is None, "the safety net caught it: a check is missing"
    assert f"{rule}: " in text, text
    assert english_words(text) == [], text
    assert text != raised.value.message.english()


def scenario_checks_switched_off(monkeypatch):
    monkeypatch.setattr(samoa_scenarios, "check_scenario", lambda game, scenario: None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_scenario_the_rules_never_reach_keeps_the_translated_invariant_inside(monkeypatch, lang):
    """The scenario's own sentence, then the invariant's reason, both in the learner's language."""
    scenario_checks_switched_off(monkeypatch)
    data = samoa_scenario({"money": [-1, 25, 25]})
    with language(lang):
        with pytest.raises(SaveFileError) as raised:
            load(data)
        text = str(raised.value)
        with language("en"):
            english = str(raised.value)
    assert "SA-2: " in text and english_words(text) == [], text
    assert english == (
        "the game in the save file cannot be set up: SA-2: the scenario sets up a position the rules never "
        "reach: player 0's money is below zero"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_setting_in_code_is_a_value_error_in_the_learners_language(lang):
    deck = arrange_deck(HANDS)
    with language(lang):
        with pytest.raises(ValueError) as raised:
            LostCities(deck=deck[:-1] + deck[:1], rounds=1)
        text = str(raised.value)
        copy = pickle.loads(pickle.dumps(raised.value))  # simulations send errors between processes
        assert str(copy) == text
    assert isinstance(raised.value, SetupRefused) and raised.value.rule == "LC-1"
    assert text.startswith("LC-1: ") and english_words(text) == [], text
    with language("en"):
        assert str(raised.value).startswith("LC-1: the prearranged deck must hold exactly the 60 cards of the game")
