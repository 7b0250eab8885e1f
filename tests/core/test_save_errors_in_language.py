"""Why a save file is no JSON reads in the learner's language: Python's JSON decoder speaks English
("Expecting value: line 1 column 1 (char 0)"), the refusal does not."""

from __future__ import annotations

import pytest

import kit.games  # noqa: F401  (registers the games a save names)
from kit.core.errors import SaveFileError
from kit.core.saves import loads
from kit.i18n import language

BROKEN = ["", "{", '{"a" 1}', "[1 2]", '"abc', r'"\q"', "[1] x", '"a\x01"', "[" * 100_000, b"\xff\x00\x00\x00"]
ENGLISH = ("Expecting", "delimiter", "Unterminated", "Invalid", "Extra data", "char ", "line ", "column ", "nested")


@pytest.mark.parametrize("text", BROKEN, ids=range(len(BROKEN)))
@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_a_save_that_is_no_json_is_refused_in_the_learners_words(lang, text):
    with pytest.raises(SaveFileError) as refused:
        loads(text)
    with language(lang):
        reason = str(refused.value)
    assert not [word for word in ENGLISH if word in reason], reason
    with language("en"):
        assert "corrupt or truncated JSON" in str(refused.value)  # the same refusal, read in English


def test_the_decoders_place_is_kept():
    with pytest.raises(SaveFileError) as refused:
        loads('{"a" 1}')
    with language("pl"):
        assert str(refused.value).endswith("brakuje dwukropka, wiersz 1, kolumna 6)")
