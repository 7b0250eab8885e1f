"""Notebooks in the learner's language: one source notebook (English, in notebooks/), one gettext
catalog per notebook and language (notebooks/locale/<lang>/<path>.po, one message per markdown cell),
and a build step that writes notebooks/<lang>/<path>: the source's cells, the markdown cells
translated, every code cell exactly the source's, after one first cell that sets the language.

Why catalogs and not parallel notebooks: a translator only ever sees text (the catalog, in any PO
editor), the code cells and checks cannot drift because nothing but the build writes them, and a
changed English cell turns its translation fuzzy (`update`), which the completeness test refuses.

    python -m widgets.notebook_translations update [LANG ...]   # new or changed cells into the catalogs
    python -m widgets.notebook_translations build [LANG ...]    # catalogs -> notebooks/<lang>/...
    python3 dev.py notebooks notebooks/<lang>/...                # then store their outputs (nbval)

A notebook is translated into a language when its catalog exists; `docs/translating.md` says how.
"""

from __future__ import annotations

import copy
import json
import posixpath
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
LANGUAGES = ("nb", "pl", "sv")
#: the rule ids a translation must keep, exactly as the source writes them
RULE_ID = re.compile(r"\b(?:LC|SA|OB)-\d+(?:\.\d+)*\b")
LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)\s]+?\.ipynb)(#[^)\s]*)?\)")
TAG = "tablekit-language"  # the first cell of a translated notebook
LANGUAGE_NOTE = "every board, refusal and check in this language"


def source_notebooks() -> list[Path]:
    """Every English notebook (not the built translations, not checkpoints)."""
    built = {NOTEBOOKS / lang for lang in LANGUAGES}
    return sorted(
        path
        for path in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts and not any(folder in path.parents for folder in built)
    )


def catalog_path(lang: str, notebook: Path) -> Path:
    return LOCALE / lang / notebook.relative_to(NOTEBOOKS).with_suffix(".po")


def built_path(lang: str, notebook: Path) -> Path:
    return NOTEBOOKS / lang / notebook.relative_to(NOTEBOOKS)


def translated(lang: str) -> list[Path]:
    """The source notebooks that have a catalog in `lang`."""
    return [path for path in source_notebooks() if catalog_path(lang, path).exists()]


def markdown_cells(notebook: dict) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"]


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def template(notebook: Path) -> Catalog:
    """The notebook's messages: each markdown cell, in order."""
    catalog = Catalog(project="tablekit notebooks", fuzzy=False)
    for index, text in enumerate(markdown_cells(read(notebook))):
        if text.strip():
            catalog.add(text, auto_comments=[f"markdown cell {index + 1}"])
    return catalog


def load(path: Path, lang: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def save(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=0, no_location=True, omit_header=False)


def update(lang: str, notebook: Path) -> Catalog:
    """The catalog of `notebook` in `lang`, brought up to date with the source (new cells empty,
    changed ones fuzzy, removed ones obsolete), and saved."""
    path = catalog_path(lang, notebook)
    catalog = load(path, lang) if path.exists() else Catalog(locale=lang, project="tablekit notebooks")
    catalog.update(template(notebook), no_fuzzy_matching=False)
    save(catalog, path)
    return catalog


def relink(text: str, lang: str, notebook: Path) -> str:
    """Links to other notebooks: to their translation when there is one, else to the English."""
    here = notebook.parent.relative_to(NOTEBOOKS).as_posix()
    done = {path.relative_to(NOTEBOOKS).as_posix() for path in translated(lang)}

    def target(found: re.Match) -> str:
        link, anchor = found.group(1), found.group(2) or ""
        aimed = posixpath.normpath(posixpath.join(here, link))
        if aimed in done:
            return f"]({link}{anchor})"
        return f"]({posixpath.relpath(aimed, posixpath.join(lang, here))}{anchor})"  # the English one

    return LINK.sub(target, text)


def build(lang: str, notebook: Path) -> dict:
    """The translated notebook: every markdown cell from the catalog, every code cell the source's
    own, outputs cleared (`dev.py notebooks` stores them), and a first cell choosing the language."""
    catalog = load(catalog_path(lang, notebook), lang)
    source = read(notebook)
    out = copy.deepcopy(source)
    for cell in out["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        message = catalog.get(text) if text.strip() else None
        if message is None or not message.string or message.fuzzy:
            raise ValueError(f"{catalog_path(lang, notebook)}: no translation of a markdown cell of {notebook.name}")
        cell["source"] = relink(message.string, lang, notebook).splitlines(keepends=True)
    first = {
        "cell_type": "code",
        "execution_count": None,
        "id": f"language-{lang}",
        "metadata": {"tags": [TAG]},
        "outputs": [],
        "source": ["import kit\n", "\n", f'kit.set_language("{lang}")  # {LANGUAGE_NOTE}'],
    }
    out["cells"].insert(0, first)
    out["metadata"]["language_info"] = source["metadata"].get("language_info", {})
    out["metadata"]["tablekit"] = {"translated_from": notebook.relative_to(NOTEBOOKS).as_posix(), "language": lang}
    return out


def write(lang: str, notebook: Path) -> Path:
    """Build the translation of `notebook` and write it (keeping stored outputs of unchanged code cells)."""
    path = built_path(lang, notebook)
    built = build(lang, notebook)
    if path.exists():  # outputs stored for the same code cells are kept: only a rerun changes them
        old = read(path)
        old_code = [c for c in old["cells"] if c["cell_type"] == "code"]
        new_code = [c for c in built["cells"] if c["cell_type"] == "code"]
        if [c["source"] for c in old_code] == [c["source"] for c in new_code]:
            for stored, cell in zip(old_code, new_code):
                cell["outputs"], cell["execution_count"] = stored["outputs"], stored["execution_count"]
            built["metadata"] = {**old["metadata"], "tablekit": built["metadata"]["tablekit"]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(built, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    step, languages = (argv[0] if argv else "build"), (argv[1:] or list(LANGUAGES))
    if step == "start":  # start translating notebooks: python -m ... start LANG PATH...
        lang, paths = languages[0], languages[1:]
        for path in paths:
            notebook = (ROOT / path).resolve()
            print(catalog_path(lang, notebook).relative_to(ROOT), len(update(lang, notebook)))
        return 0
    for lang in languages:
        for notebook in translated(lang) if step == "build" else source_notebooks():
            if step == "update" and catalog_path(lang, notebook).exists():
                update(lang, notebook)
            elif step == "build":
                print(write(lang, notebook).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
