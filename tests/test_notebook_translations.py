"""Translated notebooks cannot drift from their English source: every notebook catalog is complete
and up to date with its source, each built notebook is exactly what its catalog builds (code cells
the source's own but for their `tr` literals, the markdown translated), every rule id of a cell and
every `{name}` placeholder of a code cell's words is kept, links lead to the translation where there
is one, and each language has its start page and its rulebook's path."""

from __future__ import annotations

import ast
import json

import pytest
from babel.messages.catalog import Catalog

from widgets import notebook_translations as nt

CATALOGS = [(lang, path) for lang in nt.LANGUAGES for path in nt.translated(lang)]
#: each language's own path starts with the game whose rulebook is in that language
OWN_PATH = {
    "sv": "lost-cities/01-components-and-setup.ipynb",
    "nb": "samoa/01-components-and-setup.ipynb",
    "pl": "overbooking/01-components-and-card-backs.ipynb",
}


def ids(item) -> str:
    lang, path = item
    return f"{lang}/{path.relative_to(nt.NOTEBOOKS)}"


def put_back(built: str, source: str) -> str:
    """A built code cell with the source's own `tr` literals and comments in place of the translated
    ones."""
    ours = sorted(nt.tr_literals(built) + nt.comments(built))
    theirs = sorted(nt.tr_literals(source) + nt.comments(source))
    assert len(ours) == len(theirs)
    for (start, end, _), (old_start, old_end, _) in reversed(list(zip(ours, theirs))):
        built = built[:start] + source[old_start:old_end] + built[end:]
    return built


@pytest.mark.parametrize("lang", nt.LANGUAGES)
def test_each_language_has_its_start_page_and_its_rulebooks_path(lang):
    done = {path.relative_to(nt.NOTEBOOKS).as_posix() for path in nt.translated(lang)}
    assert {"index.ipynb", OWN_PATH[lang]} <= done


@pytest.mark.parametrize("item", CATALOGS, ids=ids)
def test_the_catalog_is_complete_and_follows_its_source(item):
    lang, notebook = item
    catalog = nt.load(nt.catalog_path(lang, notebook), lang)
    wanted = {message.id for message in nt.template(notebook) if message.id}
    have = {message.id: message for message in catalog if message.id}
    assert wanted == set(have), "run: python -m widgets.notebook_translations update " + lang
    for message in have.values():
        assert message.string and not message.fuzzy, message.id[:80]
        assert set(nt.RULE_ID.findall(message.id)) <= set(nt.RULE_ID.findall(message.string)), message.id[:80]
        if any(place.startswith("code cell") for place in message.auto_comments):
            assert nt.placeholders(message.string) == nt.placeholders(message.id), message.id[:80]


@pytest.mark.parametrize("item", CATALOGS, ids=ids)
def test_the_stored_translation_is_the_built_one_with_the_sources_code(item):
    lang, notebook = item
    stored = json.loads(nt.built_path(lang, notebook).read_text(encoding="utf-8"))
    built = nt.build(lang, notebook)
    assert [(c["cell_type"], c["source"]) for c in stored["cells"]] == [
        (c["cell_type"], c["source"]) for c in built["cells"]
    ], "run: python -m widgets.notebook_translations build, then python3 dev.py notebooks on it"
    source = nt.read(notebook)
    code = ["".join(c["source"]) for c in source["cells"] if c["cell_type"] == "code"]
    first, *rest = [c for c in stored["cells"] if c["cell_type"] == "code"]
    assert nt.TAG in first["metadata"]["tags"] and f'"{lang}"' in "".join(first["source"])
    assert [put_back("".join(c["source"]), theirs) for c, theirs in zip(rest, code, strict=True)] == code
    assert all(c["execution_count"] is not None for c in rest), "outputs not stored: python3 dev.py notebooks"


def test_links_lead_to_the_translation_or_back_to_the_english(monkeypatch):
    index = nt.NOTEBOOKS / "index.ipynb"
    swedish = nt.translated("sv")
    missing = nt.NOTEBOOKS / "samoa/09-price-versus-occupancy.ipynb"
    # every notebook has its Swedish catalog today: take one away to see where its links lead
    monkeypatch.setattr(nt, "translated", lambda lang: [path for path in swedish if path != missing])
    text = "\n".join("".join(c["source"]) for c in nt.build("sv", index)["cells"] if c["cell_type"] == "markdown")
    assert "](lost-cities/01-components-and-setup.ipynb)" in text  # translated: the Swedish one
    assert f"](../{missing.relative_to(nt.NOTEBOOKS).as_posix()})" in text  # not in Swedish: the English one
    first = nt.NOTEBOOKS / OWN_PATH["sv"]
    text = "".join(nt.build("sv", first)["cells"][1]["source"])
    assert "](../index.ipynb)" in text  # the Swedish start page
    beside = nt.NOTEBOOKS / "lost-cities/08-full-game-against-a-bot.ipynb"
    english = missing.relative_to(nt.NOTEBOOKS).as_posix()
    text = nt.relink(f"see [1](../{english}#top)", "sv", beside)
    assert text == f"see [1](../../{english}#top)"  # not in Swedish: the English one


CELL = """from kit.i18n import tr

print(tr("{player} holds {count} cards").format(player=name, count=len(hand)))  # tr("a comment")
ask(tr("Which card "
       "comes next?"), choices=[tr("higher"), "D10"], why=tr('the "top" card'))
"""


def test_a_code_cells_words_are_messages_and_the_build_writes_only_their_literals():
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["# A title"]},
            {"cell_type": "code", "source": ["x = 1"]},
            {"cell_type": "code", "source": CELL.splitlines(keepends=True)},
        ]
    }
    found = nt.messages(notebook, "demo.ipynb")
    assert found == [
        ("# A title", "markdown cell 1"),
        ("{player} holds {count} cards", "code cell 2"),
        ('tr("a comment")', "comment in code cell 2"),  # a comment's words, not a call
        ("Which card comes next?", "code cell 2"),
        ("higher", "code cell 2"),
        ('the "top" card', "code cell 2"),
    ]
    catalog = Catalog(locale="pl")
    shown = {
        "{player} holds {count} cards": "{player} ma {count} kart\\ręce",
        "Which card comes next?": "Która karta\nprzyjdzie?",
        "higher": "wyższa",
        'the "top" card': 'karta „na wierzchu” i "cudzysłów"',
    }
    for words, translation in shown.items():
        catalog.add(words, translation)
    catalog.add('tr("a comment")', 'tr("a comment")')
    built = nt.translate_code(CELL, catalog, "demo.ipynb, code cell 2")
    assert put_back(built, CELL) == CELL
    assert [words for _, _, words in nt.tr_literals(built)] == list(shown.values())
    assert '# tr("a comment")' in built and '"D10"' in built
    ast.parse(built)


def test_a_code_cells_comments_are_messages_and_directives_stay_as_written():
    cell = (
        "hand = deal(8)  # the first eight cards\n"
        "from kit import tr  # noqa: E402 - a directive, read by ruff\n"
        'shown = "# not a comment"  # fmt: skip\n'
        "### BEGIN SOLUTION\n"
        "answer = 3  # 3 of them fit\n"
        "### END SOLUTION\n"
        "# ----\n"
    )
    notebook = {"cells": [{"cell_type": "code", "source": cell.splitlines(keepends=True)}]}
    assert nt.messages(notebook, "demo.ipynb") == [
        ("the first eight cards", "comment in code cell 1"),
        ("3 of them fit", "comment in code cell 1"),
    ]
    catalog = Catalog(locale="sv")
    catalog.add("the first eight cards", "de första åtta korten")
    catalog.add("3 of them fit", "3 av dem passar")
    built = nt.translate_code(cell, catalog, "demo.ipynb, code cell 1")
    assert "hand = deal(8)  # de första åtta korten\n" in built and "answer = 3  # 3 av dem passar\n" in built
    assert "# noqa: E402 - a directive, read by ruff" in built and "### BEGIN SOLUTION" in built
    assert put_back(built, cell) == cell
    catalog["3 of them fit"].string = "3 av dem\npassar"  # a second line would end the comment and break the code
    with pytest.raises(ValueError, match="one line"):
        nt.translate_code(cell, catalog, "demo.ipynb, code cell 1")
    with pytest.raises(ValueError, match="no translation of the comment 'the first eight cards'"):
        nt.translate_code(cell, Catalog(locale="sv"), "demo.ipynb, code cell 1")


def test_a_translation_must_keep_the_placeholders():
    assert nt.placeholders("{player} holds {count:,} cards") == {"player", "count"}
    assert nt.placeholders("{gracz} ma {count} kart") != nt.placeholders("{player} holds {count} cards")


@pytest.mark.parametrize("argument", ['f"{player} wins"', "words", '"a" + "b"', '"a", "b"', 'text="a"'])
def test_tr_takes_one_string_literal_or_the_notebook_is_refused(argument):
    notebook = {
        "cells": [
            {"cell_type": "code", "source": ["x = 1"]},
            {"cell_type": "code", "source": [f"print(tr({argument}))"]},
        ]
    }
    with pytest.raises(
        ValueError, match=r"^demo\.ipynb, code cell 2, line 1: tr\(.*\) is (an f-string|not one string literal)"
    ):
        nt.messages(notebook, "demo.ipynb")


@pytest.mark.parametrize("notebook", nt.source_notebooks(), ids=lambda path: str(path.relative_to(nt.NOTEBOOKS)))
def test_every_source_notebooks_words_can_be_found(notebook):
    nt.template(notebook)  # refuses a tr() whose words are not one string literal


def test_tr_inside_an_f_string_is_refused():
    notebook = {"cells": [{"cell_type": "code", "source": ["print(f\"{tr('score')}: {points}\")"]}]}
    with pytest.raises(ValueError, match=r"^demo\.ipynb, code cell 1, line 1: tr\(\) inside an f-string"):
        nt.messages(notebook, "demo.ipynb")
