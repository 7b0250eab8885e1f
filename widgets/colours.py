"""Small colour helpers shared by the pictures and boards."""

from __future__ import annotations


def ink_for(background: str) -> str:
    """Dark or light text, whichever reads better on `background` (a #rrggbb colour; dark text on
    anything else, which the component loaders refuse anyway)."""
    if not (isinstance(background, str) and len(background) == 7 and background[0] == "#"):
        return "#1b1b1b"
    try:
        red, green, blue = (int(background[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except ValueError:
        return "#1b1b1b"
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "#1b1b1b" if luminance > 0.5 else "#ffffff"
