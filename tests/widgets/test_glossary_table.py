"""The glossary table of a path's first notebook: English beside the notebook's language, every word
from the game's glossary file, the rulebook's language in an English notebook."""

from __future__ import annotations

import csv

import pytest

from kit.core.data import dataset_dir
from kit.i18n import language
from widgets.glossary import glossary_table


def words(game: str, lang: str) -> list[tuple[str, str]]:
    with (dataset_dir(game) / "glossary.csv").open(newline="", encoding="utf-8") as file:
        return [(row["en"], row[lang]) for row in csv.DictReader(file)]


@pytest.mark.parametrize(("game", "rulebook"), [("lostcities", "sv"), ("samoa", "nb"), ("overbooking", "pl")])
def test_an_english_notebook_shows_the_rulebooks_words_beside_english(game, rulebook):
    with language("en"):
        shown = glossary_table(game)
    assert shown.columns[0] == "English" and shown.columns[1] != "English"
    assert [tuple(row) for row in shown.rows] == words(game, rulebook)


def test_a_translated_notebook_shows_its_own_language_beside_english():
    with language("pl"):
        shown = glossary_table("lostcities", caption="Słowa gry")
    assert shown.columns == ["English", "Polski"] and shown.caption == "Słowa gry"
    assert ("investment card", "karta inwestycji") in [tuple(row) for row in shown.rows]
    assert [tuple(row) for row in glossary_table("samoa", lang="sv").rows] == words("samoa", "sv")


def test_an_unknown_game_or_language_is_refused():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        glossary_table("chess")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        glossary_table("samoa", lang="de")
