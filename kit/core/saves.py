"""Save and load any game as JSON, with a format version.

A save file holds the game's name, its settings, a content hash of the component data it was played
with, the actions taken (as text) and, as a check, the all-seeing position those actions lead to.
Loading validates every setting, replays the actions under the rules and checks the game's own
invariants: a file that was edited so that it describes an impossible game fails the settings'
checks, the replay (an illegal action) or the check (a position the actions do not lead to). Any
malformed file, whatever is wrong with it, raises `SaveFileError` and returns nothing half-built.

Loading never opens a path the file names: a save made with a component folder of one's own loads
only when the caller passes that folder (``loads(text, components="my/folder")``), and only if the
folder's content hash is the one the save recorded.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from kit.i18n import Message

from .errors import ComponentError, IllegalAction, InvariantBroken, SaveFileError
from .game import Game, short

FORMAT = "tablekit-save"
VERSION = 2  # 2: the component data's content hash ("components"); version-1 files still load
MAX_BYTES = 20_000_000  # a finished three-round game saves in about 40 kB
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 200

_GAMES: dict[str, type[Game]] = {}


def register(game_type: type[Game]) -> type[Game]:
    """Class decorator: make a game loadable by its `name`."""
    _GAMES[game_type.name] = game_type
    return game_type


def registered(name: str) -> type[Game]:
    """The game class registered as `name` (its package must have been imported)."""
    if name not in _GAMES:
        raise ValueError(f"no game {name!r} registered (known: {', '.join(sorted(_GAMES)) or 'none loaded'})")
    return _GAMES[name]


def save(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "settings": game.settings.to_dict(),
        "components": game.components.digest,
        "actions": [str(a) for a in game.history],
        "position": game.open_view(),
    }


def save_file(game: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(save(game), indent=1), encoding="utf-8")


def loads(text: str | bytes, components: str | Path | None = None) -> Game:
    """The game saved as `text` (see `load` for `components`)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError("a save file is text or bytes, not {kind}", kind=type(text).__name__)
    if len(text) > MAX_BYTES:
        raise SaveFileError(
            "a save file of {size} characters is too large (at most {limit})", size=len(text), limit=MAX_BYTES
        )
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, UnicodeDecodeError, 5000-digit numbers
        reason = Message("nested too deeply") if isinstance(error, RecursionError) else str(error)
        raise SaveFileError("not a readable save file (corrupt or truncated JSON: {reason})", reason=reason) from None
    return load(data, components)


def load_file(path: str | Path, components: str | Path | None = None) -> Game:
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise SaveFileError("cannot read {path}: {error}", path=str(path), error=error.strerror) from None
    try:
        return loads(raw, components)
    except SaveFileError as error:
        raise SaveFileError("{path}: {error}", path=str(path), error=error.message) from error.__cause__


def load(data: Any, components: str | Path | None = None) -> Game:
    """The game a save (as parsed JSON) describes.

    components: the folder of component data the game was played with, when it was not the shipped
    data. The save's own `settings.components` is never opened: it only says that a folder is needed.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError('not a tablekit save file (expected "format": "{format}")', format=FORMAT)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError("the save file has no valid format version")
    if version > VERSION:
        raise SaveFileError(
            "the save file has format version {version}, newer than this tablekit reads ({newest}); "
            "update tablekit to load it",
            version=version,
            newest=VERSION,
        )
    if version < 1:
        raise SaveFileError("unknown save format version {version}", version=version)
    needed = ("game", "settings", "actions", "position") + (("components",) if version >= 2 else ())
    missing = [key for key in needed if key not in data]
    if missing:
        raise SaveFileError("the save file lacks {keys}", keys=", ".join(missing))
    name = data["game"]
    game_type = _GAMES.get(name) if isinstance(name, str) else None
    if game_type is None:
        known = ", ".join(sorted(_GAMES)) or Message("none loaded")
        raise SaveFileError("unknown game {name} (known: {known})", name=short(name), known=known)
    digest = data.get("components")
    if version >= 2 and not isinstance(digest, str):
        raise SaveFileError('"components" must be the content hash of the component data')
    settings = _settings(game_type, data["settings"], components, version)
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFileError('"actions" must be a list of action texts')
    if len(actions) > MAX_ACTIONS or any(len(a) > MAX_ACTION_CHARS for a in actions):
        raise SaveFileError(
            "at most {actions} actions of at most {chars} characters each", actions=MAX_ACTIONS, chars=MAX_ACTION_CHARS
        )
    try:
        game = _replay(game_type, settings, actions, digest)
    except (SaveFileError, ComponentError):  # a bad folder of the caller's: ComponentError names its file
        raise
    except Exception as error:  # a safety net: validation above should leave nothing to catch here
        raise SaveFileError(
            "the game in the save file cannot be set up ({error})", error=type(error).__name__ + ": " + str(error)
        ) from error
    if game.open_view() != data["position"]:
        raise SaveFileError(
            "the saved position is impossible: it is not where the saved actions lead (the file was edited or damaged)"
        )
    return game


def _replay(game_type: type[Game], settings, actions: list[str], digest: str | None) -> Game:
    try:
        game = game_type(settings)
    except ComponentError:
        raise
    except ValueError as error:  # settings a game cannot start from (a bad prearranged deck, scenario...)
        raise SaveFileError("the game in the save file cannot be set up: {error}", error=str(error)) from None
    if digest is not None and game.components.digest != digest:
        where = settings.components or Message("the shipped datasets")
        raise SaveFileError(
            "the component data in {where} differs from the data the game was saved with "
            "(content hash {digest}, the save recorded {recorded})",
            where=where,
            digest=game.components.digest,
            recorded=short(digest),
        )
    for step, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as error:
            raise SaveFileError(
                "the actions in the save file break the rules: {rule}: step {step} ({action}): {reason}",
                rule=error.rule,
                step=step + 1,
                action=_clip(action, 80),
                reason=error.message,
            ) from None
    try:
        game.check_invariants()
    except InvariantBroken as error:
        raise SaveFileError("the saved game breaks the game's own invariants: {error}", error=str(error)) from None
    return game


def _settings(game_type: type[Game], raw: Any, components: str | Path | None, version: int):
    if not isinstance(raw, dict):
        raise SaveFileError('"settings" must be an object')
    allowed = {f.name for f in fields(game_type.settings_type)}
    unknown = set(raw) - allowed
    if unknown:
        raise SaveFileError(
            "unknown settings for {game}: {names}", game=game_type.name, names=_clip(", ".join(sorted(unknown)), 120)
        )
    named = raw.get("components")
    if named is not None and components is None:
        raise SaveFileError(
            "the game was saved with the component folder {folder}; loading never opens a folder a "
            "save names: pass the folder yourself, e.g. loads(text, components=...)",
            folder=short(named),
        )
    if version < 2 and named is not None:
        raise SaveFileError("a version-1 save with a component folder of its own cannot be checked; save it again")
    try:
        settings = game_type.settings_type(**({**raw, "components": None} if "components" in allowed else raw))
        if components is not None:  # checked again: a folder may not suit every setting (an edition)
            settings = replace(settings, components=str(components))
    except (TypeError, ValueError) as error:
        raise SaveFileError("invalid settings: {error}", error=_clip(str(error))) from None
    return settings


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save file may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
