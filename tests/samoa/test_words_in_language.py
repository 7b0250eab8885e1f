"""What a Norwegian, Polish or Swedish learner reads of Samoa names the nationalities and the grey
price card in words of their language: the log's letters (G, U, ...) and the card's code ("grey")
stay the notation that `parse_action` reads, and never reach the reader as they are."""

from __future__ import annotations

import re

import pytest

from kit.i18n import language
from kit.samoa.components import load_components, nationality_letters, tourist_words
from widgets.samoa import SamoaBoard
from widgets.samoa.picture import svg

from .test_rules import arranged, to_tourists

# a nationality's letter standing alone before a tourist's kind, or the grey card's code
CODES = re.compile(r"(?<![\w/])[GJNU] |\bgrey\b")
GERMANY = {"nb": "Tyskland", "pl": "Niemcy", "sv": "Tyskland"}


def _played():
    """Player 0 (price 2/3, first in the tourist phase) puts a German bather in room 1; the other
    three played the grey card."""
    game = to_tourists(arranged(["2/3", "grey", "grey", "grey"], groups=[["G bather 2", "U plain"]]))
    game.apply("place 1.1 in 1")
    return game


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_the_events_name_nationalities_and_the_grey_card_in_words(lang):
    game = _played()
    with language(lang):
        texts = [event["text"] for event in game.open_events()]
    assert not [text for text in texts if CODES.search(text)]
    placed = next(text for text in texts if "2/3" not in text and "1" in text and GERMANY[lang] in text)
    assert placed  # the bather's nationality is named


def test_english_keeps_the_log_letters_and_polish_tells_norway_from_germany():
    names = load_components().nationalities
    assert nationality_letters(names) == {"J": "J", "N": "N", "U": "U", "G": "G"}
    with language("pl"):
        letters = nationality_letters(names)
        assert tourist_words("G bather 2") == "plażowicz (Niemcy), koło ratunkowe 2"
    assert letters == {"J": "J", "N": "No", "U": "W", "G": "Ni"}  # Norwegia and Niemcy both begin with N


def test_the_board_and_the_picture_show_the_learners_letters():
    board = SamoaBoard(players=3, seed=6, lang="pl")
    assert board.view["nationality_letters"] == {"J": "J", "N": "No", "U": "W", "G": "Ni"}
    with language("pl"):
        picture = svg(_played().open_view())
    flags = re.findall(r">([A-Za-z]{1,2})\d{1,2}</text>", picture)
    assert flags and set(flags) <= {"J", "No", "W", "Ni"}
    assert "<title>plażowicz (Niemcy), koło ratunkowe 2</title>" in picture
