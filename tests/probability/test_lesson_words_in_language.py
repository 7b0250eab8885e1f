"""The words lessons 5, 7 and 8 print from the kit read in the learner's language: the cards of
lesson 5's hotel, lesson 7's groups (the bots, the sizes, "both, pooled"), lesson 8's table
headings and legend. The data keep their English keys and column names, which code selects by."""

from __future__ import annotations

import re

import polars as pl
import pytest

from kit.i18n import language
from kit.probability import backs, simpson, whatif
from kit.sim.advice import advise
from widgets import charts

ENGLISH = re.compile(
    r"\b(queue|back|door|face|down|large|small|crest|fish|bird|rose|tower|soldier|blue|green|red|action|score|"
    r"difference|low|high|vs|best|second|win|chance|rollouts|overlap|gap|told|apart|both|pooled|heuristic|random)\b"
)
SAME = {"nb": {"rose", "best"}}  # Norwegian words spelt as the English ones


def english(texts: list[str], lang: str) -> list[str]:
    """The texts holding an English word (not one the language spells the same)."""
    return [text for text in texts if set(ENGLISH.findall(text)) - SAME.get(lang, set())]


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_lesson_5_names_the_hotels_cards_and_backs_in_words(lang):
    hotel = backs.position().view(0)["hotels"][0]
    with language(lang):
        lines = backs.hotel_cards(hotel)
    assert len(lines) == len(hotel["queue"]) + len(hotel["back"])
    assert not english(lines, lang), lines


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_lesson_7s_groups_read_as_words_and_keep_their_keys(lang):
    with language(lang):
        shown = [simpson.words(key) for key in ("heuristic", "random", "small", "large", simpson.POOLED)]
    assert simpson.POOLED == "both, pooled"  # the key code selects by
    assert not english(shown, lang), shown


@pytest.fixture(scope="module")
def advice():
    return advise(whatif.position(cards_left=30), rollouts=4, policy="heuristic", seed=0)


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_lesson_8s_tables_are_headed_and_its_legend_worded_in_the_learners_language(lang, advice):
    rows = pl.DataFrame([whatif.width_row(advice)])
    shown = rows.select(
        "rollouts", "best_value", "best_half_width", "overlap", "gap", "gap_low", "gap_high", "told_apart"
    )
    with language(lang):
        headings = charts.table(pl.DataFrame(whatif.table(advice)), words=True).columns
        headings += charts.table(shown, words=True).columns
        moves = set(whatif.own_intervals(rows)["move"])
        legend = whatif.move_words()
    assert not english(headings, lang), headings
    assert moves == set(legend) and not english(legend, lang), legend
    assert charts.table(shown, words=False).columns == shown.columns  # words=False: the data's own names
