"""The learner's language: English, Norwegian Bokmål (nb), Polish (pl) or Swedish (sv).

Every sentence a learner reads goes through a gettext catalog (`kit/locale/<lang>/LC_MESSAGES/
tablekit.po`, made and kept with Babel: see docs/translating.md). Messages are templates with named
placeholders (``"a {card} cannot follow the {top} on {expedition}"``) translated when they are read,
never when they are made: a refusal raised in one language reads in another after
`set_language`, and nothing that is saved (actions, events, saves, rule ids) holds a word of any
language but the engine's own codes.

The language, first found wins: `language(...)` around a call (a board's ``lang=``), then
`set_language(...)`, then the ``TABLEKIT_LANG`` environment variable, then the system locale, else
English. Numbers shown to learners go through `number` (Babel: ``0,75`` in nb, pl and sv).

kit needs nothing beyond the standard library to run in English. The catalogs are compiled to
``.mo`` files by ``python3 dev.py setup``; a catalog without an up-to-date ``.mo`` is compiled in
memory with Babel when it is first needed.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import io
import locale
import numbers
import os
import re
import string
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "nb", "pl", "sv")
#: the languages' own names, for menus
NAMES = {"en": "English", "nb": "Norsk bokmål", "pl": "Polski", "sv": "Svenska"}
DOMAIN = "tablekit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENVIRONMENT = "TABLEKIT_LANG"
# what a system locale or TABLEKIT_LANG may say for one of ours ("no" and "nn" read Bokmål best of ours)
_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "pl": "pl", "sv": "sv", "en": "en"}

_chosen: str | None = None
_around: contextvars.ContextVar[str | None] = contextvars.ContextVar("tablekit_language", default=None)


def check_language(lang: str) -> str:
    """`lang` as one of `LANGUAGES` ("nb_NO.UTF-8", "pl-PL" and "no" are understood); else ValueError."""
    code = _code(lang)
    if code is None:
        raise ValueError(f"unknown language {lang!r}: tablekit speaks {', '.join(LANGUAGES)}")
    return code


def _code(lang: str | None) -> str | None:
    if not lang or not isinstance(lang, str):  # a list or a number is no language, not a TypeError
        return None
    return _spelled(lang)


@lru_cache(maxsize=64)  # every rendered text asks for the language: its environment spellings recur
def _spelled(lang: str) -> str | None:
    base = lang.split(".")[0].replace("-", "_").split("_")[0].lower()
    return _ALIASES.get(base)


def system_language() -> str | None:
    """The system locale's language, if it is one of ours (LC_ALL, LC_MESSAGES, LANG, then Python's)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return _code(value)
    with contextlib.suppress(ValueError):
        return _code(locale.getlocale()[0])
    return None


def set_language(lang: str | None) -> None:
    """Speak `lang` from now on ("en", "nb", "pl", "sv"); None goes back to the environment's choice.
    Returns nothing, so that a notebook's first cell shows nothing under it (`get_language` says
    which language is in force).

    >>> set_language("pl"); get_language()
    'pl'
    >>> set_language(None)
    """
    global _chosen
    _chosen = None if lang is None else check_language(lang)


def get_language() -> str:
    """The language in force here (see the module's docstring for the order)."""
    return _around.get() or _chosen or _code(os.environ.get(ENVIRONMENT)) or system_language() or "en"


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak `lang` inside the block (None: the language in force); for this thread or task only."""
    token = _around.set(_around.get() if lang is None else check_language(lang))  # None keeps an outer block's
    try:
        yield get_language()
    finally:
        _around.reset(token)


# ----------------------------------------------------------------------------- catalogs
@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of `lang` (English: the messages themselves)."""
    if lang == "en":
        return _gettext.NullTranslations()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as file:
            return _gettext.GNUTranslations(file)
    if not po.exists():
        return _gettext.NullTranslations()
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:  # kit alone, without Babel and without `dev.py setup`: English
        return _gettext.NullTranslations()
    with po.open("rb") as file:
        catalog = read_po(file, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def gettext(message: str) -> str:
    """`message` in the language in force."""
    return translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n` (Polish has three: 1 karta, 2 karty, 5 kart)."""
    return translations(get_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the catalogs without translating it (it is translated where it is read)."""
    return message


def capitalized(text: object) -> str:
    """`text` with its first letter in upper case: a lesson's explanation ("the bigger the pile, …"),
    written to follow a colon, where a message puts it after a full stop ("right. The bigger …")."""
    text = str(text)
    return text[:1].upper() + text[1:]


def tr(text: str) -> Words:
    """Marks a string a learner reads inside a notebook's code cell; returns `text` unchanged (but
    for numbers: see `Words`).

    It translates nothing at run time, on purpose: the notebook's own catalog holds the words (each
    ``tr("literal")`` of a code cell is a message beside the markdown cells), and the translated
    notebook is built with the translation written in place of the literal
    (`widgets/notebook_translations.py`). So the English notebook reads English, a translated one
    reads its language whatever the kernel's language is, and the code a learner sees is the code
    that runs. Placeholders are `str.format` names: ``tr("{player} wins").format(player=name)``.

    >>> tr("What will Desert score?")
    'What will Desert score?'
    >>> with language("pl"):
    ...     tr("{share:.2f} of {n:,} games").format(share=0.75, n=20000)
    '0,75 of 20\xa0000 games'
    """
    return Words(text)


class Words(str):
    """A code cell's words: a plain string whose `format` writes numbers as the language in force
    writes them (0,75 and 20 000 in a Polish notebook), so that a translated notebook's printed
    numbers match its text. English is Python's own `str.format`, exactly."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        if get_language() == "en":
            return str.format(self, *args, **kwargs)
        return _FORMATTER.vformat(self, args, kwargs)


_ = gettext


class Term(str):
    """A word of the game's own vocabulary used inside a message (an expedition, a building tile):
    it stays itself as data and is translated where a message is rendered. A component file of your
    own may name things the catalogs do not know; those read as they are written."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        # a code with underscores ("extra_room") is looked up as words; untranslated, it stays a code
        words = str(self).replace("_", " ")
        translated = gettext(words)
        return format(str(self) if translated == words else translated, spec)


class Terms(tuple):
    """Several `Term`s read as a list: "suite, pool" (or "none")."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(", ".join(format(Term(word)) for word in self) or gettext("none"), spec)


class Plural:
    """A count that picks a message's form: ``render(Plural(msg1, msgN, n), ...)``."""

    __slots__ = ("singular", "plural", "n")

    def __init__(self, singular: str, plural: str, n: int):
        self.singular, self.plural, self.n = singular, plural, n

    def __str__(self) -> str:
        return ngettext(self.singular, self.plural, self.n)


def render(template: str | Plural, /, **params: Any) -> str:
    """`template` translated, its named placeholders filled (numbers as the language writes them,
    `Term`s and `Message`s translated too).

    >>> with language("sv"):
    ...     render("{share} of {n}", share=0.75, n=4)
    '0,75 of 4'
    """
    text = str(template) if isinstance(template, Plural) else gettext(template)
    return _fill(text, params)


def _fill(text: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    shown = {key: str(value) if isinstance(value, Message) else value for key, value in params.items()}
    try:
        return _FORMATTER.vformat(text, (), shown)
    except (KeyError, IndexError, ValueError):  # a translation that lost its way: say it in English
        return text


class _Formatter(string.Formatter):
    """str.format, but a float is written as the language writes numbers (0,75; with a format spec
    such as ``:.4g`` too), and a whole number with ``:,`` with the language's thousands separator."""

    def format_field(self, value: Any, spec: str) -> str:
        if isinstance(value, numbers.Integral) and not isinstance(value, bool) and spec == ",":
            return _grouped(int(value))  # numpy's integers too
        if isinstance(value, float):
            if not spec:
                return number(value)
            shown = _PERCENT_SPEC.fullmatch(spec)
            if shown:  # "{win:.0%}": the language's percent sign and spacing
                return percent(value, int(shown.group(1)))
            return format(value, spec).replace(".", _decimal_symbol())
        return super().format_field(value, spec)


def _grouped(value: int) -> str:
    """A whole number with the language's thousands separator (``{n:,}``: 5,000; 10 000 in nb, pl and sv)."""
    try:
        from babel.numbers import format_decimal
    except ImportError:
        return f"{value:,}"
    return format_decimal(value, locale=get_language())


def _decimal_symbol() -> str:
    try:
        from babel.numbers import get_decimal_symbol
    except ImportError:
        return "."
    return get_decimal_symbol(get_language())


_FORMATTER = _Formatter()
_PERCENT_SPEC = re.compile(r"\.(\d)%")


class Message:
    """A message made now and read later, in the language in force when it is read."""

    __slots__ = ("template", "params")

    def __init__(self, template: str | Plural, /, **params: Any):
        self.template, self.params = template, params

    def __str__(self) -> str:
        return render(self.template, **self.params)

    def english(self) -> str:
        with language("en"):
            return str(self)

    def __repr__(self) -> str:
        return f"Message({self.english()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self) == other
        if isinstance(other, Message):
            return str(self) == str(other)
        return NotImplemented

    __hash__ = None


# ----------------------------------------------------------------------------- numbers
def number(value: float, digits: int | None = None) -> str:
    """A number as the language writes it: ``number(0.75)`` is "0,75" in nb, pl and sv.

    `digits` fixes the decimals shown; None shows up to three, dropping trailing zeros.
    """
    lang = get_language()
    try:
        from babel.numbers import format_decimal
    except ImportError:
        return f"{value:.{digits}f}" if digits is not None else f"{value:.3f}".rstrip("0").rstrip(".")
    pattern = "#,##0." + ("0" * digits if digits is not None else "###") if digits != 0 else "#,##0"
    return format_decimal(value, format=pattern, locale=lang, group_separator=False)


def percent(share: float, digits: int = 0) -> str:
    """A share as a percentage as the language writes it: "75 %" in nb and sv (a no-break space before
    the sign), "75%" in English and Polish (the languages' own patterns, CLDR's)."""
    lang = get_language()
    try:
        from babel import Locale
        from babel.numbers import format_percent
    except ImportError:
        return f"{100 * share:.{digits}f}%"
    pattern = (
        Locale.parse(lang)
        .percent_formats[None]
        .pattern.replace("#,##0", "#,##0" + ("." + "0" * digits if digits else ""), 1)
    )
    return format_percent(share, format=pattern, locale=lang, group_separator=False)


# ----------------------------------------------------------------------------- glossaries
GAME_NAMES = {"lostcities": "Lost Cities", "samoa": "Samoa", "overbooking": "Overbooking"}
#: the language of each game's rulebook, whose words the glossary takes
RULEBOOK_LANGUAGE = {"lostcities": "sv", "samoa": "nb", "overbooking": "pl"}


def glossary(game: str) -> list[dict[str, str]]:
    """A game's glossary (datasets/<game>/glossary.csv): the kit's English word and the word in
    each language, the rulebook's own in its language, with its source."""
    import csv

    from kit.core.data import dataset_dir

    with (dataset_dir(game) / "glossary.csv").open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def glossary_markdown(game: str) -> str:
    """The glossary as a Markdown table, the rulebook's language first after English."""
    own = RULEBOOK_LANGUAGE[game]
    order = ["en", own, *[lang for lang in LANGUAGES[1:] if lang != own]]
    head = [NAMES[lang] + (" (rulebook)" if lang == own else "") for lang in order] + ["source"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for row in glossary(game):
        source = row["source"] + (f", p. {row['page']}" if row.get("page") else "")
        lines.append("| " + " | ".join(row[lang] for lang in order) + f" | {source} |")
    return "\n".join(lines)


GLOSSARY_INTRO = """# Glossary: the kit's words and the rulebooks' words

Each game's rulebook that the kit teaches from is in one language: **Lost Cities** in Swedish, **Samoa** in
Norwegian (Bokmål), **Overbooking** in Polish (`shared/seeds/`). Each game's glossary,
`datasets/<game>/glossary.csv`, maps the kit's English word to the word in every language; in the
rulebook's language it is **the rulebook's own word** (`source: rulebook`: the word is in the seed
rulebook's text) or, where the rulebook is silent, the kit's choice (`source: assumed`). The other
languages' words are the kit's translations, used the same way everywhere.

The glossaries feed the catalogs (`python3 dev.py translations extract` adds every English word as a
message), and a test (`tests/test_translations.py`) checks that every catalog says exactly what the
glossary says. This page is written from the CSV files by `python3 dev.py translations extract`; a test
checks it is up to date. In a notebook: `from kit.i18n import glossary_markdown`."""


def glossary_page() -> str:
    """docs/glossary.md: the three glossaries as tables (`python3 dev.py translations extract` writes it)."""
    parts = [GLOSSARY_INTRO]
    for game, name in GAME_NAMES.items():
        parts.append(f"## {name} (rulebook: {NAMES[RULEBOOK_LANGUAGE[game]]})\n\n{glossary_markdown(game)}\n")
    return "\n".join(parts)
