"""Translated notebooks cannot drift from their English source: every notebook catalog is complete
and up to date with its source, each built notebook is exactly what its catalog builds (code cells
the source's own, only the markdown translated), every rule id of a cell is kept, links lead to the
translation where there is one, and each language has its start page and its rulebook's path."""

from __future__ import annotations

import json

import pytest

from widgets import notebook_translations as nt

CATALOGS = [(lang, path) for lang in nt.LANGUAGES for path in nt.translated(lang)]
#: each language's own path starts with the game whose rulebook is in that language
OWN_PATH = {"sv": "lost-cities/01-components-and-setup.ipynb", "nb": "samoa/01-components-and-setup.ipynb",
            "pl": "overbooking/01-components-and-card-backs.ipynb"}


def ids(item) -> str:
    lang, path = item
    return f"{lang}/{path.relative_to(nt.NOTEBOOKS)}"


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


@pytest.mark.parametrize("item", CATALOGS, ids=ids)
def test_the_stored_translation_is_the_built_one_with_the_sources_code(item):
    lang, notebook = item
    stored = json.loads(nt.built_path(lang, notebook).read_text(encoding="utf-8"))
    built = nt.build(lang, notebook)
    assert [(c["cell_type"], c["source"]) for c in stored["cells"]] == [
        (c["cell_type"], c["source"]) for c in built["cells"]
    ], "run: python -m widgets.notebook_translations build, then python3 dev.py notebooks on it"
    source = nt.read(notebook)
    code = [c["source"] for c in source["cells"] if c["cell_type"] == "code"]
    first, *rest = [c for c in stored["cells"] if c["cell_type"] == "code"]
    assert nt.TAG in first["metadata"]["tags"] and f'"{lang}"' in "".join(first["source"])
    assert [c["source"] for c in rest] == code
    assert all(c["execution_count"] is not None for c in rest), "outputs not stored: python3 dev.py notebooks"


def test_links_lead_to_the_translation_or_back_to_the_english():
    index = nt.NOTEBOOKS / "index.ipynb"
    text = "\n".join("".join(c["source"]) for c in nt.build("sv", index)["cells"] if c["cell_type"] == "markdown")
    assert "](lost-cities/01-components-and-setup.ipynb)" in text  # translated: the Swedish one
    assert "](../samoa/01-components-and-setup.ipynb)" in text  # not (yet) in Swedish: the English one
    first = nt.NOTEBOOKS / OWN_PATH["sv"]
    text = "".join(nt.build("sv", first)["cells"][1]["source"])
    assert "](../index.ipynb)" in text  # the Swedish start page
    beside = nt.NOTEBOOKS / "lost-cities/08-full-game-against-a-bot.ipynb"
    swedish = {path.relative_to(nt.NOTEBOOKS).as_posix() for path in nt.translated("sv")}
    english = next(path.relative_to(nt.NOTEBOOKS).as_posix() for path in nt.source_notebooks()
                   if path.relative_to(nt.NOTEBOOKS).as_posix() not in swedish and path.parent != nt.NOTEBOOKS)
    text = nt.relink(f"see [1](../{english}#top)", "sv", beside)
    assert text == f"see [1](../../{english}#top)"  # not in Swedish: the English one
