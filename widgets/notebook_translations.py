"""Notebooks in the learner's language: one source notebook (English, in notebooks/), one gettext
catalog per notebook and language (notebooks/locale/<lang>/<path>.po: one message per markdown cell
and one per ``tr("literal")`` of a code cell), and a build step that writes notebooks/<lang>/<path>:
the source's cells, the markdown cells translated, every code cell the source's with each `tr`
literal replaced by its translation and every other character unchanged, after one first cell that
sets the language.

Why catalogs and not parallel notebooks: a translator only ever sees text (the catalog, in any PO
editor), the code cells and checks cannot drift because nothing but the build writes them, and a
changed English cell turns its translation fuzzy (`update`), which the completeness test refuses.

    python -m widgets.notebook_translations update [LANG ...]   # new or changed cells into the catalogs
    python -m widgets.notebook_translations build [LANG ...]    # catalogs -> notebooks/<lang>/...
    python3 dev.py notebooks notebooks/<lang>/...                # then store their outputs (nbval)

A notebook is translated into a language when its catalog exists; `docs/translating.md` says how.
"""

from __future__ import annotations

import ast
import copy
import io
import json
import posixpath
import re
import string
import sys
import tokenize
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
MARKER = "tr"  # kit.i18n.tr: the words of a code cell
#: comments kept as written: a tool's directive (noqa, fmt, type, pragma), nbgrader's BEGIN/END
#: SOLUTION markers and the stub nbgrader writes in a student version's answer cells (its own words)
KEPT_COMMENT = re.compile(r"#\s*(?:noqa\b|type:|fmt:|pragma\b|YOUR CODE HERE)|###")
#: the first cell's comment, in its language (the catalogs hold the source's words, not the build's)
LANGUAGE_NOTE = {
    "nb": "brett, meldinger og sjekker på norsk",
    "pl": "plansze, komunikaty i sprawdzanie po polsku",
    "sv": "spelplaner, meddelanden och kontroller på svenska",
}


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


def tr_literals(source: str, where: str = "a code cell") -> list[tuple[int, int, str]]:
    """Every ``tr("literal")`` of a code cell's source, in order: the literal's start and end (character
    offsets into `source`, the quotes included) and its text. Anything but one string literal as
    `tr`'s argument (an f-string, a name, a call) is refused with a ValueError naming `where`: the
    catalog can only hold words known before the cell runs."""
    if MARKER + "(" not in source:
        return []
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise ValueError(
            f"{where}: not Python, so its tr() words cannot be found ({error.msg}, line {error.lineno})"
        ) from None
    starts = [0]  # each line's first character; ast counts columns in UTF-8 bytes
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        text = source[starts[line - 1] : starts[line]] if line < len(starts) else ""
        return starts[line - 1] + len(text.encode("utf-8")[:column].decode("utf-8"))

    inside_fstrings = {
        id(inner) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == MARKER):
            continue
        if id(node) in inside_fstrings:  # the build writes double quotes, which an f-string may not hold
            raise ValueError(f"{where}, line {node.lineno}: tr() inside an f-string; call it outside and .format()")
        argument = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
            shown = ast.get_source_segment(source, node) or MARKER + "(...)"
            kind = "an f-string" if isinstance(argument, ast.JoinedStr) else "not one string literal"
            raise ValueError(
                f'{where}, line {node.lineno}: {shown} is {kind}; write tr("... {{name}} ...").format(name=...)'
            )
        start = offset(argument.lineno, argument.col_offset)
        found.append((start, offset(argument.end_lineno, argument.end_col_offset), argument.value))
    return sorted(found)


def comments(source: str, where: str = "a code cell") -> list[tuple[int, int, str]]:
    """Every comment of a code cell a learner reads as words, in order: its start and end (character
    offsets into `source`, the ``#`` included) and its words (the text after ``# ``). Directives and
    nbgrader's markers (`KEPT_COMMENT`) are not words; nor is a comment without a letter."""
    if "#" not in source:
        return []
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError) as error:
        raise ValueError(f"{where}: not Python, so its comments cannot be found ({error})") from None
    found = []
    for token in tokens:
        if token.type != tokenize.COMMENT or KEPT_COMMENT.match(token.string):
            continue
        words = token.string[1:].strip()
        if any(character.isalpha() for character in words):
            start = starts[token.start[0] - 1] + token.start[1]
            found.append((start, start + len(token.string), words))
    return found


def literal(text: str) -> str:
    """`text` as a Python string literal (double quotes, like the sources)."""
    written = json.dumps(text, ensure_ascii=False)  # JSON's escapes are Python's too
    assert ast.literal_eval(written) == text
    return written


def placeholders(text: str) -> set[str]:
    """The `str.format` fields of `text` (a code-cell message): its translation must keep them all."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(notebook: dict, name: str) -> list[tuple[str, str]]:
    """The notebook's messages in order, each with its place: every markdown cell ("markdown cell N"),
    every `tr` literal of a code cell ("code cell N") and every comment a learner reads in one
    ("comment in code cell N")."""
    found, counts = [], {"markdown": 0, "code": 0}
    for cell in notebook["cells"]:
        kind = cell["cell_type"]
        if kind not in counts:
            continue
        counts[kind] += 1
        place = f"{kind} cell {counts[kind]}"
        text = "".join(cell["source"])
        if kind == "markdown" and text.strip():
            found.append((text, place))
        elif kind == "code":
            where = f"{name}, {place}"
            said = [(start, words, place) for start, _, words in tr_literals(text, where) if words.strip()]
            said += [(start, words, f"comment in {place}") for start, _, words in comments(text, where)]
            found += [(words, at) for _, words, at in sorted(said)]
    return found


def template(notebook: Path) -> Catalog:
    """The notebook's messages: each markdown cell and each `tr` literal of a code cell, in order."""
    catalog = Catalog(project="tablekit notebooks", fuzzy=False)
    for text, place in messages(read(notebook), notebook.name):
        catalog.add(text, auto_comments=[place])  # the same words twice: one message, both places
    return catalog


def translate_code(source: str, catalog: Catalog, where: str) -> str:
    """A code cell with each `tr` literal and each comment a learner reads replaced by its
    translation, every other character kept."""
    said = [(start, end, words, literal) for start, end, words in tr_literals(source, where) if words.strip()]
    said += [(start, end, words, _comment) for start, end, words in comments(source, where)]
    parts, done = [], 0
    for start, end, words, write in sorted(said):
        message = catalog.get(words)
        if message is None or not message.string or message.fuzzy:
            shown = f"tr({words[:60]!r})" if write is literal else f"the comment {words[:60]!r}"
            raise ValueError(f"{where}: no translation of {shown}")
        parts += [source[done:start], write(message.string)]
        done = end
    return "".join(parts) + source[done:]


def _comment(words: str) -> str:
    """`words` as a comment: one line (a comment cannot end its line early without breaking the code)."""
    if "\n" in words:
        raise ValueError(f"a comment's translation is one line: {words[:60]!r}")
    return "# " + words


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
    own with its `tr` literals translated, outputs cleared (`dev.py notebooks` stores them), and a
    first cell choosing the language."""
    path = catalog_path(lang, notebook)
    catalog = load(path, lang)
    source = read(notebook)
    out = copy.deepcopy(source)
    code = 0
    for cell in out["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code":
            code += 1
            cell["outputs"], cell["execution_count"] = [], None
            words = translate_code(text, catalog, f"{path}: code cell {code} of {notebook.name}")
            if words != text:
                cell["source"] = words.splitlines(keepends=True)
        if cell["cell_type"] != "markdown":
            continue
        message = catalog.get(text) if text.strip() else None
        if message is None or not message.string or message.fuzzy:
            raise ValueError(f"{path}: no translation of a markdown cell of {notebook.name}")
        cell["source"] = relink(message.string, lang, notebook).splitlines(keepends=True)
    first = {
        "cell_type": "code",
        "execution_count": None,
        "id": f"language-{lang}",
        "metadata": {"tags": [TAG]},
        "outputs": [],
        "source": ["import kit\n", "\n", f'kit.set_language("{lang}")  # {LANGUAGE_NOTE[lang]}'],
    }
    out["cells"].insert(0, first)
    out["metadata"]["language_info"] = source["metadata"].get("language_info", {})
    # in the order a stored notebook keeps them, so that a rebuild changes nothing it need not
    out["metadata"]["tablekit"] = {"language": lang, "translated_from": notebook.relative_to(NOTEBOOKS).as_posix()}
    return out


def _uncommented(cell: dict) -> list[tuple[int, str]] | str:
    """What a code cell's outputs depend on: its tokens, without comments and without the line
    breaks inside brackets (a source that is not Python: its text)."""
    source = "".join(cell["source"])
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    return [(token.type, token.string) for token in tokens if token.type not in (tokenize.COMMENT, tokenize.NL)]


def write(lang: str, notebook: Path) -> Path:
    """Build the translation of `notebook` and write it (keeping the stored outputs when the code
    cells are the same but for their comments: only a rerun changes outputs)."""
    path = built_path(lang, notebook)
    built = build(lang, notebook)
    if path.exists():  # outputs stored for the same code cells are kept: only a rerun changes them
        old = read(path)
        old_code = [c for c in old["cells"] if c["cell_type"] == "code"]
        new_code = [c for c in built["cells"] if c["cell_type"] == "code"]
        if [_uncommented(c) for c in old_code] == [_uncommented(c) for c in new_code]:
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
