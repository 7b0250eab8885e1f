"""The words the probability lessons' helpers print (lessons 5–8) read in the learner's language,
numbers with its decimal comma, while the data they return stays English (codes compare as before)."""

from __future__ import annotations

import re

import polars as pl
import pytest

from kit.i18n import language, render
from kit.probability import backs, experiments, simpson, whatif
from kit.samoa.components import load_components
from kit.sim.analyses.samoa import price_summary
from kit.sim.datasets import reference

TRANSLATED = ("nb", "pl", "sv")

#: every message these helpers added, with values for its placeholders
MESSAGES = {
    "about the same": {},
    "higher": {},
    "lower": {},
    "earlier": {},
    "later": {},
    "unclear": {},
    "both, pooled": {},
    "small cards": {},
    "large cards": {},
    "small cards (1–3 beds)": {},
    "large cards (4–6 beds)": {},
    "share of the cards that were small": {},
    "play or discard which card": {},
    "which price card to play in round 11 (SA-5)": {},
    "which card to place face down at the back door, and at which hotel, in the last round": {},
    "all tourist cards and 5 of the 11 price cards are `assumed` (datasets/samoa/)": {},
    "the coins, the score cards and 13 of the 16 hotel sides are `assumed` (datasets/overbooking/)": {},
    "card {k} of the round": {"k": 3},
    "share booked ({level} interval), n": {"level": "95%"},
    "which card booked more often — pooled: {pooled}; {sizes}": {"pooled": "POOLED", "sizes": "SIZES"},
    "money per play at price {price}: {text}": {"price": "20/12", "text": "TEXT"},
    "{bot} {mean:.2f} Tala ({level} interval {low:.2f} to {high:.2f}, n = {n:,})": {
        "bot": "BOT", "mean": 5.25, "level": "95%", "low": 4.5, "high": 6.75, "n": 12_345,
    },
    "{cards}: {way}": {"cards": "CARDS", "way": "WAY"},
    "{share:.3f} ({low:.3f}–{high:.3f}), n = {n:,}": {"share": 0.5, "low": 0.25, "high": 0.75, "n": 12_345},
}  # fmt: skip
# only numbers and placeholders: the same in every language but for the numbers
FORMAT_ONLY = {"{cards}: {way}", "{share:.3f} ({low:.3f}–{high:.3f}), n = {n:,}"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_renders_in_each_language_with_its_placeholders(lang):
    for message, params in MESSAGES.items():
        with language("en"):
            english = render(message, **params)
        with language(lang):
            text = render(message, **params)
        assert "{" not in text and "}" not in text, (lang, message, text)
        for value in params.values():
            if isinstance(value, str):
                assert value in text, (lang, message, text)
        if message not in FORMAT_ONLY:
            assert text != english, (lang, message)
        if "{n:,}" in message:
            assert "12\xa0345" in text and "12,345" not in text, (lang, text)  # nb, pl, sv group with a space
        if ":.2f}" in message or ":.3f}" in message:
            assert re.search(r"\d,\d", text) and not re.search(r"\d\.\d", text), (lang, text)


@pytest.fixture(scope="module")
def placements() -> pl.DataFrame:
    return reference("overbooking-placements")[0]


ENGLISH_PHRASES = (
    "share booked", "interval", "card 3 of the round", "small cards", "large cards", "both, pooled",
    "share of the cards that were small", "which card booked more often", "pooled:", "earlier", "later",
    "unclear", "which price card", "which card to place", "play or discard", "all tourist cards", "the coins",
    "money per play", "heuristic", "random", "higher", "lower", "about the same", "noble", "soldier",
    "worker", "Japan", "Norway", "United Kingdom", "Germany",
)  # fmt: skip


def test_lesson_outputs_in_polish_keep_no_english_phrase(placements):
    order = simpson.card_order_table(placements, bot="heuristic", cards=(3, 5))
    summary = price_summary(reference("samoa-price-cards")[0])
    nationalities = load_components().nationalities
    with language("pl"):
        answer, why = experiments.dearest_money(summary)  # worded when made, as a lesson cell does
        texts = [
            simpson.order_table_markdown(order),
            simpson.reversal_text(order),
            "; ".join(f"{size} {z:+.1f}" for size, z in simpson.gap_z(order).items()),  # as lesson 7 prints them
            *(f"{spec.question} {spec.assumed}" for spec in whatif.POSITIONS.values()),
            f"{answer} {why}",
            " ".join(f"{kind:>8}" for kind in backs.LARGE),  # as lesson 5 prints the kinds
            ", ".join(f"{key} = {name}" for key, name in nationalities.items()),  # as lesson 4 prints them
        ]  # fmt: skip
    shown = "\n".join(texts)
    assert [phrase for phrase in ENGLISH_PHRASES if phrase in shown] == []
    assert "0," in shown and " 0." not in shown and "(0." not in shown  # decimal commas
    assert "karta rundy" in shown and "J = Japonia" in shown and "łącznie" in shown


def test_the_data_stays_english_in_any_language(placements):
    order = simpson.card_order_table(placements, bot="heuristic", cards=(3, 5))
    with language("en"):
        english = (simpson.reversal(order), simpson.is_simpson(order), simpson.order_table_markdown(order))
    with language("pl"):
        ways = simpson.reversal(order)
        assert ways == english[0] and simpson.is_simpson(order) == english[1]
        assert set(ways) == {"small", "large", "both, pooled"} and set(ways.values()) <= {"earlier", "later", "unclear"}
        assert set(simpson.card_order_table(placements)["size"]) == {"small", "large", "both, pooled"}
        # the card codes a hidden card can be are the engine's codes, whatever the language
        options = [option for *_, choices in backs.identities(backs.POSITION) for option in choices]
        assert options and all(re.fullmatch(r"[a-z]+-[a-z]+", option) for option in options)
        assert {option.split("-")[1] for option in options} <= set(backs.LARGE + backs.SMALL)
        assert load_components().nationalities["J"] == "Japan" and str(load_components().nationalities["J"]) == "Japan"
    assert english[2].startswith("| share booked (95% interval), n | card 3 of the round |")
