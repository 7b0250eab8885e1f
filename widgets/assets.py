"""A board's front end = the shared pieces (common.js, common.css) followed by the game's own file.

anywidget takes one ES module and one style sheet per widget; putting the shared helpers in front
keeps one copy of them for all boards without a JavaScript build step.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def bundle(game_file: str) -> str:
    """common.<ext> followed by <game_file> (a path inside widgets/), as one text."""
    own = HERE / game_file
    return (HERE / f"common{own.suffix}").read_text(encoding="utf-8") + "\n" + own.read_text(encoding="utf-8")
