"""Every table a learner reads in a translated notebook is in the notebook's language: its headings
(the data's own name may stand under a heading, in code type) and its text cells, in the stored
outputs a learner sees before running anything and nbval holds the next run to. The components'
tables of the rule paths' first notebooks (cards, guests and abilities, coins, hotels and their
rules, score cards, price cards, tourist and building tiles, flags, tourist cards), Lost Cities 5's
and Samoa 9's tables, the lessons' tables. Only the glossaries show English, beside the language,
on purpose."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("nb", "pl", "sv")
#: English words of the tables' headings and cells (data names, component codes, abilities)
ENGLISH = re.compile(
    r"\b(?:name|deck|source|investments?|number|cards?|base|partner|rulebook|reviews|assumed|games|mean|"
    r"score|share|lost|percentile|CI|type|beds|ability|tile|rule|none|first|guests|points|beginner|advanced|"
    r"bid|price|grey|kind|ring|nationality|corner|count|plain|rich|lovers|celebrity|bather|suite|pool|swap|"
    r"send|take|extra|room|monks?|merchants?|maids?|nobles?|soldiers?|workers?|queue|books?|replace|move|"
    r"hotel has|heuristic|random|players|Japan|Norway|Germany|Kingdom|Desert|Volcano|rainforest|depths|"
    r"yes|no)\b"
)
SAME = {  # words each language spells as English does
    "nb": {"suite", "Japan", "send"},
    "sv": {"hand", "pool", "Japan"},
    "pl": set(),
}
#: notebooks that must show such tables (so that the test cannot pass by finding none)
EXPECTED = {
    "lost-cities/01-components-and-setup.ipynb": 1,
    "lost-cities/05-scoring.ipynb": 2,
    "overbooking/01-components-and-card-backs.ipynb": 4,
    "samoa/01-components-and-setup.ipynb": 5,
    "samoa/09-price-versus-occupancy.ipynb": 1,
    "probability/07-simpsons-paradox-and-many-comparisons.ipynb": 2,
    "probability/08-what-if-i-play-this-instead.ipynb": 5,
}
_TABLE = re.compile(r'<table class="tk-table">.*?</table>', re.S)
_CODE = re.compile(r"<code[^>]*>.*?</code>", re.S)  # the data's own name under a heading


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).strip()


def tables(path: Path) -> list[tuple[list[str], list[str]]]:
    """(headings, cells) of each learner's table among the stored outputs; not the glossaries."""
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            markdown = "".join(output.get("data", {}).get("text/markdown", ""))
            if markdown.startswith("|"):  # a lesson's table written as Markdown (lesson 7)
                rows = [line.strip("|").split("|") for line in markdown.splitlines() if not line.startswith("|--")]
                rows = [[text.strip(" *") for text in row] for row in rows if row]
                found.append((rows[0], [text for row in rows[1:] for text in row]))
            for table in _TABLE.findall("".join(output.get("data", {}).get("text/html", ""))):
                table = re.sub(r"<caption>.*?</caption>", "", table, flags=re.S)
                headings = [_text(_CODE.sub("", th)) for th in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)]
                if headings[:1] == ["English"]:
                    continue  # a glossary: English beside the language, by design
                found.append((headings, [_text(td) for td in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)]))
    return found


def english(texts: list[str], lang: str) -> list[str]:
    return sorted({text for text in texts if set(ENGLISH.findall(text)) - SAME[lang]})


NOTEBOOKS = sorted(
    {
        path.relative_to(ROOT / "notebooks" / lang).as_posix()
        for lang in LANGUAGES
        for path in (ROOT / "notebooks" / lang).rglob("*.ipynb")
    }
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_learners_table_is_headed_and_worded_in_the_notebooks_language(lang):
    shown = {name: tables(ROOT / "notebooks" / lang / name) for name in NOTEBOOKS}
    for name, count in EXPECTED.items():
        assert len(shown[name]) >= count, f"{lang}/{name}: its tables are not stored (python3 dev.py notebooks)"
    found = {
        name: english([text for headings, cells in found for text in headings + cells], lang)
        for name, found in shown.items()
    }
    assert {name: words for name, words in found.items() if words} == {}


def test_the_check_reads_headings_without_the_data_names_and_skips_glossaries(tmp_path):
    heading = '<th style="text-align:right">łóżka<br><code style="font-size:80%">beds</code></th>'
    body = "<tbody><tr><td>first:monk</td></tr></tbody>"
    learner = f'<table class="tk-table"><thead><tr>{heading}</tr></thead>{body}</table>'
    glossary = (
        '<table class="tk-table"><thead><tr><th>English</th></tr></thead><tbody><tr><td>bed</td></tr></tbody></table>'
    )
    path = tmp_path / "n.ipynb"
    outputs = [{"output_type": "display_data", "data": {"text/html": [learner + glossary]}}]
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "outputs": outputs}]}), encoding="utf-8")
    assert tables(path) == [(["łóżka"], ["first:monk"])]
    assert english(["łóżka", "first:monk", "nie"], "pl") == ["first:monk"]
    assert english(["hand", "pool"], "sv") == [] and english(["pool"], "nb") == ["pool"]
