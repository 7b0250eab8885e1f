"""The notebooks' checks name a hotel's rule and a crest in the learner's words, not by their codes
("first:monk", "none")."""

from __future__ import annotations

import pytest

from kit.i18n import language
from kit.overbooking import Overbooking, lessons

RULE = {"nb": "munker bestiller først", "pl": "mnisi: pierwszeństwo", "sv": "munkar bokar först"}


@pytest.mark.parametrize("lang", sorted(RULE))
def test_a_check_names_the_rule_and_the_crest_in_words(lang):
    game = Overbooking(players=3, seed=7, score_card="beginner")  # nothing booked yet
    with language(lang):
        rule, crest = str(lessons.booked_under_rule(game, "first:monk")), str(lessons.earned_a_crest_bonus(game))
    assert RULE[lang] in rule and "first:monk" not in rule and "none" not in rule
    assert "(none)" not in crest
