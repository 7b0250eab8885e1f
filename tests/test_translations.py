"""The learner's languages: every catalog complete and consistent, every refusal and event readable
in every language with its rule id unchanged, and nothing saved depends on the language."""

from __future__ import annotations

import csv
import functools
import inspect
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from kit import i18n
from kit.core import Chance, IllegalAction, SaveFileError, loads
from kit.core.saves import VERSION
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


#: the calls whose first literal argument is a message (Babel's defaults and dev.py's KEYWORDS)
MESSAGE_CALLS = {"gettext", "ngettext", "N_", "_", "IllegalAction", "InvariantBroken", "SetupRefused", "Message",
                 "render", "Plural", "counted", "SaveFileError"}  # fmt: skip


def test_every_literal_message_in_the_code_is_in_the_template():
    """A message the extractor cannot see is never translated: Babel does not look inside an
    f-string on Python 3.11, so `f"{gettext('Predict first:')}"` stayed English in every language."""
    import ast

    known = {message.id if isinstance(message.id, str) else message.id[0] for message in template() if message.id}
    unseen = []
    for path in sorted((ROOT / "kit").rglob("*.py")) + sorted((ROOT / "widgets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            ruled = name in ("IllegalAction", "InvariantBroken", "SetupRefused")  # the rule id first, then the message
            first = node.args[1] if ruled and len(node.args) > 1 else node.args[0]
            if name in MESSAGE_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                if first.value and first.value not in known:
                    unseen.append(f"{path.relative_to(ROOT)}:{node.lineno}: {first.value!r}")
    assert not unseen, "messages the extractor misses (move them out of the f-string):\n" + "\n".join(unseen)


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


def _broken_invariants() -> list[tuple[str, str | i18n.Plural, list[str]]]:
    """Every `InvariantBroken(rule, message, ...)` of the three games' `check_invariants` (and every
    `lost_or_duplicated(rule, N_(message), ...)`), read from their source: rule, template, placeholders."""
    import ast

    found = []
    for game in ("lostcities", "samoa", "overbooking"):
        tree = ast.parse((ROOT / "kit" / game / "game.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            name = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if name not in ("InvariantBroken", "lost_or_duplicated"):
                continue
            rule, message = node.args[0], node.args[1]
            if isinstance(message, ast.Call):  # N_("...") or Plural("...", "...", n)
                texts = [arg.value for arg in message.args[:2] if isinstance(arg, ast.Constant)]
                message = texts[0] if len(texts) == 1 else i18n.Plural(*texts, 1)
            else:
                assert isinstance(message, ast.Constant), f"{game}: line {node.lineno}: a literal message"
                message = message.value
            params = ["extra", "missing"] if name == "lost_or_duplicated" else [k.arg for k in node.keywords]
            found.append((rule.value if isinstance(rule, ast.Constant) else "LC-6", message, params))  # or LC-2
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_broken_invariant_reads_in_every_language_with_its_rule_id(lang):
    from kit.core import InvariantBroken

    invariants = _broken_invariants()
    assert len(invariants) >= 70, len(invariants)
    for rule, template, params in invariants:
        assert re.fullmatch(r"(LC|SA|OB)-\d+(\.\d+)?", rule), (rule, template)
        for n in (1, 2, 5):  # every plural form (Polish: 1 karta, 2 karty, 5 kart)
            if isinstance(template, i18n.Plural):
                template = i18n.Plural(template.singular, template.plural, n)
            error = InvariantBroken(rule, template, **{name: n for name in params})
            english = str(error)
            with language(lang):
                text = str(error)
            assert text.startswith(f"{rule}: ") and "{" not in text, (lang, text)
            assert text != english, (lang, english)


@functools.cache  # the source is read once for the three languages
def _setup_refusals() -> list[tuple[str | None, str, list[str]]]:
    """Every `SetupRefused(rule, "message", ...)` in kit/, read from the source: rule, template, placeholders."""
    import ast

    found = []
    for path in sorted((ROOT / "kit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "SetupRefused" and len(node.args) > 1:
                rule, message = node.args[0], node.args[1]
                if isinstance(rule, ast.Constant) and isinstance(message, ast.Constant):  # not a message's name
                    found.append((rule.value, message.value, [k.arg for k in node.keywords]))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refused_setting_reads_in_every_language_with_its_rule_id(lang):
    """A deck, a scenario or a setting a game cannot be set up from: the reason in the learner's
    language, the rule id (where a rule says so) unchanged before it."""
    from kit.core.errors import SetupRefused

    refusals = _setup_refusals()
    assert len(refusals) >= 60, len(refusals)
    for rule, template, params in refusals:
        assert rule is None or re.fullmatch(r"(LC|SA|OB)-\d+(\.\d+)?", rule), (rule, template)
        error = SetupRefused(rule, template, **{name: 7 for name in params})
        english = str(error)
        with language(lang):
            text = str(error)
        assert text.startswith(f"{rule}: " if rule else "") and "{" not in text, (lang, text)
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
    assert set_language("sv") is None  # a notebook's first cell shows nothing under it
    assert i18n.get_language() == "sv"
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


def test_percentages_follow_each_languages_own_pattern():
    """CLDR's: a no-break space before the sign in Norwegian and Swedish, none in English and Polish;
    a code cell's ``{win:.0%}`` writes it the same way."""
    shown = {"en": "95%", "nb": "95\u00a0%", "pl": "95%", "sv": "95\u00a0%"}
    for lang, expected in shown.items():
        with language(lang):
            assert i18n.percent(0.95) == expected
            assert i18n.tr("{win:.1%}").format(win=0.4567) == expected.replace("95", "45,7" if lang != "en" else "45.7")


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


# ------------------------------------------------------------------ the review panel under every board
def _js_literals(path: Path) -> list[str]:
    code = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
    return [a or b for a, b in re.findall(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`', code)]


@pytest.mark.parametrize("script", ["review.js", "funnel.js"])
def test_the_review_and_funnel_scripts_keep_no_words_of_their_own(script):
    messages = {m.id for m in template() if isinstance(m.id, str) and m.id}
    phrases = [
        text
        for text in _js_literals(ROOT / "widgets" / script)
        if text in messages
        or (
            re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", re.sub(r"\$\{[^}]*\}", "", text))
            and not all(word.startswith("tk-") for word in text.split())
        )
    ]
    assert phrases == []


def test_every_key_the_review_script_looks_up_is_a_word_the_board_sends():
    from widgets.words import REVIEW, SHARED

    code = (ROOT / "widgets" / "review.js").read_text(encoding="utf-8")
    looked_up = set(re.findall(r'\bt\(model, "(\w+)"', code)) | set(re.findall(r'\btn\(model, "(\w+)"', code))
    buttons = set(re.findall(r'reviewButton\(model, "(\w+)"', code))
    keys = looked_up | buttons | {f"{key}_hint" for key in buttons if key != "review_evaluate_again"}
    keys |= set(re.findall(r'"(review_\w+)"', code))
    assert keys - REVIEW.keys() - SHARED.keys() == set()
    assert len(keys & REVIEW.keys()) >= 50


@pytest.fixture
def recording_page(monkeypatch):
    """Boards made in the test talk to a recording page (tests/widgets/page.py)."""
    import comm

    from tests.widgets.page import Page, PageComm

    monkeypatch.setattr(comm, "create_comm", PageComm)
    return Page


def _reviewed_overbooking_board():
    """A finished two-player Overbooking game, its review open, every decision evaluated (a few
    rollouts on the readable engine), at the moment after its costliest decision with a what-if."""
    from widgets.overbooking import OverbookingBoard

    board = OverbookingBoard(seed=3, players=2, bot="random", lang="en")
    board.review_rollouts = {"kernel": 2, "readable": 2}
    board.review_engine = "readable"
    while not board.game.is_over:
        board.act(board.game.legal_actions()[0])
        if board.summary:
            board.continue_play()
    assert board.open_review() and board.evaluate_review(wait=True)
    points = board.review["points"]
    step = (board.review["biggest"] or points)[0]["step"]
    assert board.review_step(step + 1)
    other = next(choice for choice in board.review["choices"] if choice != board.review["played"])
    assert board.review_what_if(other)
    return board


#: words of the panel that the language writes as English does
SAME_AS_ENGLISH = {("nb", "review_best")}


def test_the_review_panel_speaks_every_language_from_the_page_and_keeps_no_english_word(recording_page):
    from widgets.words import REVIEW

    page = recording_page(_reviewed_overbooking_board())
    english = page.model()
    assert english["review"]["on"] and english["review"]["points"] and english["review"]["what_if"]
    sentences = {
        "biggest": [entry["text"] for entry in english["review"]["biggest"]],
        "moves": [move["text"] for move in english["review"]["moves"]],
    }
    for lang in LANGUAGES:
        page.write({"lang": lang})  # the panel's language menu
        model = page.model()
        assert model["lang"] == lang and model["review"]["on"]
        words = model["words"]
        for key, text in REVIEW.items():
            if isinstance(text, tuple):  # a count's forms, one per plural category of the language
                forms = words[key]
                assert set(forms) == ({"one", "few", "many"} if lang == "pl" else {"one", "other"}), key
                assert not set(forms.values()) & set(text), (lang, key)
                assert all(set(PLACES.findall(form)) == set(PLACES.findall(text[1])) for form in forms.values())
            else:
                assert words[key] != text or (lang, key) in SAME_AS_ENGLISH, (lang, key)
                assert set(PLACES.findall(words[key])) == set(PLACES.findall(text)), (lang, key)
        review = model["review"]
        for entry, was in zip(review["biggest"], sentences["biggest"]):
            assert entry["text"] != was and "points better" not in entry["text"], (lang, entry["text"])
        told = [move["text"] for move in review["moves"]]
        assert sum(a != b for a, b in zip(told, sentences["moves"])) >= 0.9 * len(told), lang
        step = i18n.translations(lang).gettext("Step {step}: you chose {played}; {best} was {cost} points better "
                                               "(paired, {level} CI {low} to {high}, n = {n})")  # fmt: skip
        assert all(entry["text"].startswith(step.split("{")[0]) for entry in review["biggest"])
    page.write({"lang": "en"})
    assert page.model()["words"]["review_open"] == "Review the game"


def test_save_and_load_errors_read_in_the_boards_language():
    from widgets.overbooking import OverbookingBoard

    board = OverbookingBoard(seed=3, players=2, lang="pl")
    board.load_text('{"format": "tablekit-save"')
    assert board.message.startswith("Nie wczytano: to nie jest czytelny plik zapisu (uszkodzony albo ucięty JSON: ")
    board.lang = "sv"  # the message told is said again in the new language
    assert board.message.startswith("Inte öppnat: inte en läsbar sparfil (trasig eller avkortad JSON: ")
    board._handle("save", {"kind": "save"})
    assert board.message.startswith("Inte sparat: en sparfil innehåller alla dolda kort")
    with pytest.raises(SaveFileError) as refused:
        loads('{"format": "tablekit-save", "version": 99}')
    english = str(refused.value)
    with language("nb"):
        assert str(refused.value) == (
            f"lagringsfilen har formatversjon 99, nyere enn denne tablekit leser ({VERSION}); oppdater tablekit for "
            "å åpne den"
        )
    assert english.startswith("the save file has format version 99")


def test_the_graded_checks_speak_the_lessons_language(capsys):
    from kit.probability.exercises import NotYet, number_form, trials_form

    with language("pl"):
        number_form(0.5, "P(dwie karty)", low=0, high=1)
        trials_form(list(range(5000)), 5000, "twoje próby")
        with pytest.raises(NotYet) as refused:
            number_form(None, "P(dwie karty)")
        assert str(refused.value).startswith("P(dwie karty): jeszcze nie ma odpowiedzi")  # read in Polish
    out = capsys.readouterr().out
    assert "P(dwie karty): liczba od 0 do 1 – właściwa postać; zostanie oceniona" in out
    assert "twoje próby: prób: 5\N{NO-BREAK SPACE}000" in out or "twoje próby: prób: 5000" in out
    assert str(refused.value).startswith("P(dwie karty): no answer yet")  # the same refusal read in English
    with language("en"):
        number_form(0.5, "p", low=0, high=1)  # the stored English outputs stay as they were
        trials_form(list(range(5000)), 5000, "your set-ups")
    out = capsys.readouterr().out
    assert "✓ p: a number from 0 to 1 — the right form; it is graded when your teacher collects the lesson" in out
    assert "✓ your set-ups: 5,000 trials" in out


def test_a_code_cells_words_write_numbers_as_the_notebook_language_does():
    """`tr(...).format` in a translated notebook: decimal commas and grouped thousands, numpy's
    numbers too; in English exactly Python's own str.format."""
    import numpy as np

    from kit.i18n import tr

    words = "{n:,} games, {share:.3f} booked, {mean:+.2f} points, {plain}"
    values = dict(n=np.int64(127605), share=np.float64(0.4375), mean=-1.25, plain=0.5)
    assert tr(words).format(**values) == words.format(**values) == "127,605 games, 0.438 booked, -1.25 points, 0.5"
    with language("sv"):
        assert tr(words).format(**values) == "127\xa0605 games, 0,438 booked, -1,25 points, 0,5"
    with language("pl"):
        assert tr("{n:,}").format(n=20000) == "20\xa0000"


@pytest.mark.parametrize("bad", [["pl"], 7, "de_DE.UTF-8", ""])
def test_a_language_that_is_none_of_ours_gets_the_one_error(bad):
    with pytest.raises(ValueError, match="unknown language"):
        set_language(bad)
