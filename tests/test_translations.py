"""The learner's languages: every catalog complete and consistent, every refusal and event readable
in every language with its rule id unchanged, and nothing saved depends on the language."""

from __future__ import annotations

import csv
import inspect
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kit import i18n
from kit.core import Chance, IllegalAction, loads
from kit.i18n import language, number, render, set_language
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "kit" / "locale"
LANGUAGES = ("nb", "pl", "sv")
PLACES = re.compile(r"\{(\w*)[^{}]*\}")
GAMES = {
    "lost-cities": lambda seed: LostCities(seed=seed),
    "lost-cities-4": lambda seed: LostCities(players=4, seed=seed),
    "samoa": lambda seed: Samoa(players=4, seed=seed),
    "overbooking": lambda seed: Overbooking(players=2, seed=seed),  # 2 players: a hand can be stuck
}


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "tablekit.po").open("rb") as file:
        return read_po(file, locale=lang)


def template():
    with (LOCALE / "tablekit.pot").open("rb") as file:
        return read_po(file)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language(None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_none_fuzzy_and_none_left_over(lang):
    po = catalog(lang)
    wanted = {message.id for message in template() if message.id}
    have = {message.id: message for message in po if message.id}
    assert wanted - have.keys() == set(), "run: python3 dev.py translations update"
    untranslated = [m.id for m in have.values() if not (all(m.string) if isinstance(m.id, tuple) else m.string)]
    assert untranslated == []
    assert [m.id for m in have.values() if m.fuzzy] == []
    assert sorted(m.id for m in po.obsolete.values()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_and_plural_forms_agree_with_the_english(lang):
    po = catalog(lang)
    assert po.num_plurals == (3 if lang == "pl" else 2)
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            assert len(strings) == po.num_plurals, message.id
        names = {name for name in PLACES.findall(ids[0])}
        for text in strings:
            assert set(PLACES.findall(text)) == names, (message.id, text)
        assert not list(message.check(po)), message.id  # Babel's own checkers


def test_each_glossary_is_what_the_catalogs_say():
    catalogs = {lang: {m.id: m.string for m in catalog(lang) if m.id} for lang in LANGUAGES}
    paths = sorted((ROOT / "datasets").glob("*/glossary.csv"))
    assert len(paths) == 3
    for path in paths:
        with path.open(newline="", encoding="utf-8") as file:
            rows = list(csv.DictReader(file))
        assert rows and set(rows[0]) == {"en", "nb", "pl", "sv", "source", "page"}
        for row in rows:
            assert row["source"] in ("rulebook", "assumed"), row
            for lang in LANGUAGES:
                assert catalogs[lang][row["en"]] == row[lang], (path.name, row["en"], lang)


def test_the_glossary_page_is_written_from_the_glossaries():
    page = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert page == i18n.glossary_page(), "run: python3 dev.py translations extract"
    assert "| booking queue | kolejka do rezerwacji |" in page and "| price card | pris-kort |" in page


def _played(make, seed: int, steps: int):
    """A game after up to `steps` random actions, and the refusals met on the way: at every step a
    legal action of another position is tried (most are refused here)."""
    game, other = make(seed), make(seed + 1000)
    chance = Chance(seed)
    refusals = []
    for _ in range(steps):
        if game.is_over:
            break
        for action in other.legal_actions()[:3] if not other.is_over else []:
            try:
                game.clone().apply(str(action))
            except IllegalAction as error:
                refusals.append(error)
        if not other.is_over:
            other.apply(other.random_action(chance))
        game.apply(game.random_action(chance))
    return game, refusals


def _kinds(game) -> set[str]:
    """Every event kind the game's `describe` words (read from its source)."""
    return set(re.findall(r'kind == "([\w-]+)"', inspect.getsource(type(game).describe)))


def _games_showing_every_kind(name: str) -> list:
    """Whole random games (seeds searched from 1 up) until every kind of event has happened, and a
    game set up from a scenario (its own event kind)."""
    make = GAMES[name]
    wanted, seen, games = _kinds(make(0)), set(), []
    if name != "lost-cities-4":
        wanted.discard("pass") if name == "lost-cities" else None
    for seed in range(1, 400):
        game, chance = make(seed), Chance(seed)
        while not game.is_over:
            game.apply(game.random_action(chance))
        new = {event[1] for event in game.log} - seen
        if new:
            games.append(game)
            seen |= new
        if wanted - seen <= {"scenario"}:
            break
    if "scenario" in wanted:
        games.append(SCENARIOS[name]())
        seen.add("scenario")
    assert wanted <= seen, f"no seed below 400 shows {sorted(wanted - seen)}"
    return games


SCENARIOS = {
    "samoa": lambda: Samoa(players=4, seed=4, scenario={"groups": [["J plain"] * 4]}),
    "overbooking": lambda: Overbooking(players=4, seed=1, scenario={"hotels": [{"rule": "none"}]}),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_kind_reads_in_every_language_with_its_rule_id(name):
    for game in _games_showing_every_kind(name):
        events = game.open_events()
        english = [event["text"] for event in events]
        for lang in LANGUAGES:
            with language(lang):
                told = [event["text"] for event in game.open_events()]
                for reader in (None, 0, 1):  # to a spectator, to the player, about another player
                    for event in game.events_for(reader):
                        text = game.describe(event, reader)
                        assert text and "{" not in text and "}" not in text, text
            different = sum(a != b for a, b in zip(told, english))
            assert different >= 0.9 * len(english), (lang, [t for t, e in zip(told, english) if t == e][:5])
            assert [e["rule"] for e in game.open_events()] == [e["rule"] for e in events]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_refusals_read_in_every_language_with_their_rule_id(name):
    refusals = []
    for seed in (1, 2):
        refusals += _played(GAMES[name], seed, 400)[1]
    assert refusals, "no refusal was met"
    for error in refusals:
        english = str(error)
        assert english.startswith(f"{error.rule}: ")
        for lang in LANGUAGES:
            with language(lang):
                text = str(error)
            assert text.startswith(f"{error.rule}: ") and "{" not in text
            if "not a well-formed" not in english and "no card" not in english:
                assert text != english, (lang, english)


def test_a_game_saved_in_polish_loads_in_swedish():
    set_language("pl")
    game, _ = _played(GAMES["overbooking"], 3, 25)
    saved = game.dumps()
    set_language("sv")
    again = loads(saved)
    assert again.dumps() == saved and again.history == game.history
    assert [e.__dict__ if hasattr(e, "__dict__") else e for e in again.log] == list(game.log)


def test_the_language_comes_from_set_language_then_the_environment_then_the_system(monkeypatch):
    monkeypatch.delenv("TABLEKIT_LANG", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert i18n.get_language() == "pl"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.get_language() == "en"
    monkeypatch.setenv("TABLEKIT_LANG", "no")
    assert i18n.get_language() == "nb"
    assert set_language("sv") == "sv"
    with language("pl"):
        assert i18n.get_language() == "pl"
    assert i18n.get_language() == "sv"
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        set_language("xx")


def test_numbers_shown_to_learners_use_the_languages_decimal_comma():
    for lang in LANGUAGES:
        with language(lang):
            assert number(0.75) == "0,75"
            assert render("{share} of {n}", share=0.75, n=4) == "0,75 of 4"
    with language("en"):
        assert number(0.75) == "0.75"


def test_polish_counts_pick_one_of_three_forms():
    forms = []
    with language("pl"):
        for steps in (1, 3, 5, 22, 25):
            forms.append(render(i18n.Plural("The teacher took back {steps} step(s).", "", steps), steps=steps))
    assert forms == [
        "Nauczyciel cofnął 1 krok.",
        "Nauczyciel cofnął 3 kroki.",
        "Nauczyciel cofnął 5 kroków.",
        "Nauczyciel cofnął 22 kroki.",
        "Nauczyciel cofnął 25 kroków.",
    ]


def test_a_board_switches_language_live_and_its_page_gets_every_word_from_python():
    from widgets.lostcities import LostCitiesBoard

    board = LostCitiesBoard(seed=3, lang="pl")
    assert board.words["undo"] == "Cofnij" and board.words["languages"]["sv"] == "Svenska"
    board.act("draw deck")
    assert board.message.startswith("LC-3: gracz 0 musi")
    polish_log = list(board.log_lines)
    board.lang = "sv"
    assert board.message.startswith("LC-3: spelare 0 måste") and board.words["undo"] == "Ångra"
    assert board.log_lines != polish_log and all(line.startswith("[LC-") for line in board.log_lines)
    board.set_state({"lang": "nb"})  # the page may choose the language (and only a known one)
    assert board.lang == "nb" and board.message.startswith("LC-3: spiller 0 må")
    board.set_state({"lang": "xx"})
    assert board.lang == "nb" and board.message.startswith("Ikke godtatt fra siden")
