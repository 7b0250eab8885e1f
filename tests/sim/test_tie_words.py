"""The tie sentence names the parts of two final positions that still differ in the learner's words,
not by the view's keys ("booked, hands")."""

from __future__ import annotations

import pytest

from kit.i18n import language
from kit.sim.advice import view_parts

SHOWN = {
    "en": "the booked cards, the hands, tie card",
    "nb": "de bestilte kortene, kortene på hånden, uavgjort-kort",
    "pl": "zarezerwowane karty, karty na rękach, karta remisu",
    "sv": "de bokade korten, korten på handen, oavgjort-kort",
}


@pytest.mark.parametrize("lang", sorted(SHOWN))
def test_the_differing_parts_read_as_words(lang):
    parts = view_parts({"booked", "hands.0", "hands.1", "tie_card.hammer"})  # a part without words: a game's term
    with language(lang):
        assert format(parts) == SHOWN[lang]
