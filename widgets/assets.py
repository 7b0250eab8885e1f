"""A board's front end = the shared pieces (common.js, analysis.js, review.js and their style sheets) followed
by the game's own file.

anywidget takes one ES module and one style sheet per widget; putting the shared helpers in front
keeps one copy of them for all boards without a JavaScript build step.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
#: the shared front-end files every board starts with, in order (without their .js / .css)
SHARED = ("common", "analysis", "review")


def bundle(game_file: str) -> str:
    """The shared files of <game_file>'s kind (.js or .css), then <game_file> (a path inside widgets/), as one text."""
    own = HERE / game_file
    parts = [HERE / f"{name}{own.suffix}" for name in SHARED] + [own]
    return "\n".join(part.read_text(encoding="utf-8") for part in parts)
