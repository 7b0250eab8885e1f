"""What a pupil of ten reads badly in Norwegian, Polish and Swedish, held off by the catalogs: the
Swedish genitive after a number, the prediction's feedback (one colon, not addressing only boys),
JupyterLab's Polish menu names, the kit's own ruling where the rulebook is silent worded for a
pupil, and the component data's sources in the learner's words rather than as the files' codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kit.core.lessons import Check
from kit.i18n import Message, language, render

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_CATALOGS = ROOT / "notebooks" / "locale"


def kit_catalog(lang: str):
    with (ROOT / "kit" / "locale" / lang / "LC_MESSAGES" / "tablekit.po").open("rb") as file:
        return read_po(file, locale=lang)


def notebook_entries(lang: str):
    for path in sorted((NOTEBOOK_CATALOGS / lang).rglob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale=lang):
                if message.id and isinstance(message.string, str):
                    yield path.relative_to(NOTEBOOK_CATALOGS / lang), message.id, message.string


def test_swedish_writes_the_genitive_after_a_number_with_a_colon():
    # "Spelare 0:s tur", never "Spelare 0s tur"
    wrong = [m.string for m in kit_catalog("sv") if isinstance(m.string, str) and re.search(r"\}s\b", m.string)]
    assert wrong == []
    with language("sv"):
        assert render("Player {seat}'s turn", seat=0) == "Spelare 0:s tur"


PREDICTION = (
    "predict first: choose an answer, then press Lock in",
    "the board already showed the answer: press New game, then predict first",
    "the board already showed the answer ({answer_text}): predict before you play. {why}",
    "you predicted {given}: right. {why}",
    "you predicted {given}; it is {answer_text}. {why}",
    "✓ close: you guessed {guess}, the answer is {answer}",
    "✗ not quite: you guessed {guess}, the answer is {answer}",
)


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_a_prediction_s_feedback_has_one_colon_and_speaks_to_every_pupil(lang):
    with language(lang):
        waiting = str(Check(False, Message(PREDICTION[0])))
        right = str(Check(True, Message(PREDICTION[3], given="1", why="Why.")))
    assert waiting.count(":") == 1 and right.count(":") == 1
    catalog = kit_catalog(lang)
    texts = [catalog[msgid].string for msgid in PREDICTION if catalog.get(msgid)]
    assert len(texts) >= 5
    if lang == "pl":
        # "przewidziałeś", "przypuszczałeś" speak to a boy only; "przewiduj" is not the heading's "przewidź"
        assert [t for t in texts if re.search(r"łeś\b|przewiduj\b", t)] == []


# Polish marks the speaker's or the reader's gender in the past and the conditional ("widziałeś",
# "dałbyś", "gdybym zagrał") and in an adjective after "być" ("jesteś cierpliwy"): a girl reads them
# as not meant for her. The present tense, a noun or an impersonal form says the same to everyone.
ONE_GENDER = re.compile(r"\w*(?:łeś|byś|łbym)\b|\bgdybym\b|\b(?:jesteś|być) \w+[yi]\b", re.IGNORECASE)


def test_polish_notebooks_speak_to_every_pupil_not_only_to_boys():
    found, read = [], 0
    for path in sorted((NOTEBOOK_CATALOGS / "pl").rglob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale="pl"):
                if not message.id:
                    continue
                read += 1
                place = str(path.relative_to(NOTEBOOK_CATALOGS))
                found += [(place, match.group(0)) for match in ONE_GENDER.finditer(message.string)]
    assert read > 250
    assert found == []


def test_polish_names_jupyterlabs_menus_as_the_polish_language_pack_does():
    menus = [(path, text) for path, _, text in notebook_entries("pl") if "Run All Cells" in text]
    catalog = kit_catalog("pl")
    menus += [("kit", m.string) for m in catalog if isinstance(m.string, str) and "Run All Cells" in m.string]
    assert len(menus) >= 7
    assert [(path, text) for path, text in menus if "Uruchom wszystkie komórki" not in text] == []


MARKER = {
    "nb": r"\b[Vv]årt valg\b|\b[Vv]åre valg\b",
    "pl": r"\b[Nn]asze ustaleni[ae]\b",
    "sv": r"\b[Vv]årt beslut\b",
}


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_the_kits_own_ruling_is_worded_for_a_pupil_wherever_the_english_says_decision(lang):
    counted = [
        (str(path), len(re.findall(r"\bDecisions?\b", msgid)), len(re.findall(MARKER[lang], text)))
        for path, msgid, text in notebook_entries(lang)
        if "Decision" in msgid
    ]
    assert len(counted) >= 15
    assert [entry for entry in counted if entry[1] != entry[2]] == []


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_the_data_sources_read_as_the_tables_say_them_not_as_the_files_codes(lang):
    codes = [
        (str(path), match.group(0))
        for path, _, text in notebook_entries(lang)
        for match in re.finditer(r"(?<!\{)\b(?:assumed|rulebook|reviews)\b(?![./}])", text)
    ]
    assert codes == []


CHECKS = (
    ("you place last this round: keep your fifth card (press 'keep my 5th card')", {}),
    ("round {round} of {rounds}: play on, and keep your special tile", {"round": 12, "rounds": 12}),
    ("round {round}: pass on every tile this round, then look at the next round's offer", {"round": 1}),
)


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_a_lessons_check_reads_with_one_colon_after_not_yet(lang):
    with language(lang):
        shown = [str(Check(False, Message(text, **places))) for text, places in CHECKS]
    assert [text for text in shown if text.count(":") != 1] == []


@pytest.mark.parametrize("lang", ["nb", "pl", "sv"])
def test_the_kits_own_messages_name_assumed_data_in_the_learners_words(lang):
    assert [m.id for m in kit_catalog(lang) if isinstance(m.string, str) and "`assumed`" in m.string] == []
