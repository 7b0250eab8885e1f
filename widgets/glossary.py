"""A game's own words as a table in a notebook: each entry of its glossary
(`datasets/<game>/glossary.csv`, `docs/glossary.md`) in English beside the notebook's language. An
English notebook shows the rulebook's language beside English, since that is whose words the kit's
translations follow; the column headings are the languages' own names, so the table needs no words
of its own (a caption, if any, comes from the notebook: ``caption=tr("...")``)."""

from __future__ import annotations

from kit.i18n import NAMES, RULEBOOK_LANGUAGE, check_language, get_language, glossary
from widgets.charts import Table, table


def glossary_table(game: str, lang: str | None = None, caption: str = "") -> Table:
    """The glossary of `game` ("lostcities", "samoa", "overbooking") as English beside `lang` (the
    language in force when None; the rulebook's language when that is English)."""
    import polars as pl

    if game not in RULEBOOK_LANGUAGE:
        raise ValueError(f"unknown game {game!r}: the glossaries are {', '.join(RULEBOOK_LANGUAGE)}")
    lang = check_language(lang) if lang is not None else get_language()
    beside = RULEBOOK_LANGUAGE[game] if lang == "en" else lang
    rows = glossary(game)
    frame = pl.DataFrame({NAMES["en"]: [row["en"] for row in rows], NAMES[beside]: [row[beside] for row in rows]})
    return table(frame, caption=caption, words=False)  # English beside the language, as written
