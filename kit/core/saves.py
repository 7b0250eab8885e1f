"""Save and load any game as JSON, with a format version.

A save file holds the game's name, its settings, the actions taken (as text) and, as a check, the
all-seeing position those actions lead to. Loading replays the actions under the rules: a file that
was edited so that it describes an impossible game fails either the replay (an illegal action) or
the check (a position the actions do not lead to). Either way loading raises `SaveFileError` and
returns nothing half-built.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from .errors import IllegalAction, SaveFileError
from .game import Game

FORMAT = "tablekit-save"
VERSION = 1

_GAMES: dict[str, type[Game]] = {}


def register(game_type: type[Game]) -> type[Game]:
    """Class decorator: make a game loadable by its `name`."""
    _GAMES[game_type.name] = game_type
    return game_type


def save(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "settings": game.settings.to_dict(),
        "actions": [str(a) for a in game.history],
        "position": game.open_view(),
    }


def save_file(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(save(game), indent=1), encoding="utf-8")


def loads(text: str | bytes) -> Game:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveFileError(f"not a readable save file (corrupt or truncated JSON: {error})") from None
    return load(data)


def load_file(path: str | Path) -> Game:
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror}") from None
    try:
        return loads(raw)
    except SaveFileError as error:
        raise SaveFileError(f"{path}: {error}") from None


def load(data: Any) -> Game:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f'not a tablekit save file (expected "format": "{FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError("the save file has no valid format version")
    if version > VERSION:
        raise SaveFileError(
            f"the save file has format version {version}, newer than this tablekit reads ({VERSION}); "
            "update tablekit to load it"
        )
    if version < 1:
        raise SaveFileError(f"unknown save format version {version}")
    missing = [key for key in ("game", "settings", "actions", "position") if key not in data]
    if missing:
        raise SaveFileError(f"the save file lacks {', '.join(missing)}")
    game_type = _GAMES.get(data["game"])
    if game_type is None:
        known = ", ".join(sorted(_GAMES)) or "none loaded"
        raise SaveFileError(f"unknown game {data['game']!r} (known: {known})")
    settings = _settings(game_type, data["settings"])
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFileError('"actions" must be a list of action texts')
    try:
        game = game_type.replay(settings, actions)
    except IllegalAction as error:
        raise SaveFileError(f"the actions in the save file break the rules: {error}") from None
    except ValueError as error:  # settings a game cannot start from (a bad prearranged deck, ...)
        raise SaveFileError(f"the game in the save file cannot be set up: {error}") from None
    if game.open_view() != data["position"]:
        raise SaveFileError(
            "the saved position is impossible: it is not where the saved actions lead (the file was edited or damaged)"
        )
    return game


def _settings(game_type: type[Game], raw: Any):
    if not isinstance(raw, dict):
        raise SaveFileError('"settings" must be an object')
    allowed = {f.name for f in fields(game_type.settings_type)}
    unknown = set(raw) - allowed
    if unknown:
        raise SaveFileError(f"unknown settings for {game_type.name}: {', '.join(sorted(unknown))}")
    try:
        return game_type.settings_type(**raw)
    except (TypeError, ValueError) as error:
        raise SaveFileError(f"invalid settings: {error}") from None
