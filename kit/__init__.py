"""tablekit's engines: pure Python, no Jupyter. One package per game on the shared `kit.core`.

`kit.set_language("pl")` (or the TABLEKIT_LANG environment variable) chooses the language of every
message, event text, board and check: English, Norwegian Bokmål (nb), Polish (pl) or Swedish (sv).
"""

from kit.i18n import get_language, set_language

__all__ = ["get_language", "set_language"]
