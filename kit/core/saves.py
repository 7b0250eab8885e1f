"""Save and load any game as JSON, with a format version.

A save file holds the game's name, its settings, a content hash of the component data it was played
with, the actions taken (as text) and, as a check, the all-seeing position those actions lead to.
Loading validates every setting, replays the actions under the rules and checks the game's own
invariants: a file that was edited so that it describes an impossible game fails the settings'
checks, the replay (an illegal action) or the check (a position the actions do not lead to). Any
malformed file, whatever is wrong with it, raises `SaveFileError` and returns nothing half-built.

A practice game that starts at a position rather than at a deal (`kit.core.practice`: "play from
here" on a reviewed moment) saves that position as data under "start" (format version 3): every
field of the game's state, its components named by their fields and found among the components of
a game set up from the same settings, its event log as the practice game's reader read it. Loading
rebuilds the start with `kit.core.practice.started_at`, as "play from here" does, checks it against
the game's own invariants and that the rules can play from it, and then replays the actions.

Loading never opens a path the file names: a save made with a component folder of one's own loads
only when the caller passes that folder (``loads(text, components="my/folder")``), and only if the
folder's content hash is the one the save recorded.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from kit.i18n import N_, Message

from .chance import Chance
from .errors import ComponentError, IllegalAction, InvariantBroken, SaveFileError, SetupRefused
from .game import SEED_LIMIT, Game, short
from .practice import as_read, start_of, started_at

FORMAT = "tablekit-save"
VERSION = 3  # 3: a practice game's start ("start"); 2: the component data's content hash ("components")
PLAIN_VERSION = 2  # what a game that starts at a deal is saved as: older readers load it
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
    start = start_of(game)
    data = {
        "format": FORMAT,
        "version": PLAIN_VERSION if start is None else VERSION,
        "game": game.name,
        "settings": game.settings.to_dict(),
        "components": game.components.digest,
        "actions": [str(a) for a in game.history],
        "position": game.open_view(),
    }
    if start is not None:
        data["start"] = _start_data(start, type(game).practice_reader)
    return data


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
        raise SaveFileError(
            "not a readable save file (corrupt or truncated JSON: {reason})", reason=_json_reason(error)
        ) from None
    return load(data, components)


#: what Python's JSON decoder says is wrong, in words the catalogs translate (the decoder speaks English)
_JSON_PROBLEMS = {
    "Expecting value": N_("a value is missing"),
    "Expecting property name enclosed in double quotes": N_("a name in double quotes is missing"),
    "Expecting ',' delimiter": N_("a comma is missing"),
    "Expecting ':' delimiter": N_("a colon is missing"),
    "Unterminated string starting at": N_("a text in quotes does not end"),
    "Invalid control character at": N_("a text holds a control character"),
    "Invalid \\escape": N_("a text holds a backslash that is no escape"),
    "Invalid \\uXXXX escape": N_("a text holds a backslash that is no escape"),
    "Extra data": N_("something follows the end of the data"),
}
_NOT_JSON = N_("the text is not JSON")


def _json_reason(error: ValueError | RecursionError) -> Message:
    """Why the text is no JSON, in the reader's language (with the decoder's line and column)."""
    if isinstance(error, RecursionError):
        return Message(N_("nested too deeply"))
    if isinstance(error, json.JSONDecodeError):
        problem = Message(_JSON_PROBLEMS.get(error.msg, _NOT_JSON))
        return Message(
            N_("{problem}, line {line}, column {column}"), problem=problem, line=error.lineno, column=error.colno
        )
    if isinstance(error, UnicodeDecodeError):
        return Message(N_("the bytes are not UTF-8 text"))
    return Message(N_("a number is not one a save file may hold"))


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
    if "start" in data and version < 3:
        raise SaveFileError('a save file of format version {version} has no "start"', version=version)
    try:
        game = _replay(game_type, settings, actions, digest, data.get("start"))
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


def _replay(game_type: type[Game], settings, actions: list[str], digest: str | None, start: Any = None) -> Game:
    try:
        game = game_type(settings)
    except ComponentError:
        raise
    except SetupRefused as error:  # settings a game cannot start from (a bad prearranged deck, scenario...)
        raise SaveFileError(CANNOT_SET_UP, error=error) from None  # its rule, and its reason read when read
    except ValueError as error:
        raise SaveFileError(CANNOT_SET_UP, error=str(error)) from None
    if digest is not None and game.components.digest != digest:
        where = settings.components or Message("the shipped datasets")
        raise SaveFileError(
            "the component data in {where} differs from the data the game was saved with "
            "(content hash {digest}, the save recorded {recorded})",
            where=where,
            digest=game.components.digest,
            recorded=short(digest),
        )
    if start is not None:
        game = _started(game, start)
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
        except Exception as error:  # a start whose state the rules cannot play (checked as far as can be)
            if start is None:
                raise
            raise SaveFileError(
                NOT_PLAYABLE_STEP, step=step + 1, action=_clip(action, 80), detail=_technical(error, 160)
            ) from None
    try:
        game.check_invariants()
    except InvariantBroken as error:
        raise SaveFileError(BREAKS_INVARIANTS, rule=error.rule, reason=error.message) from None
    except Exception as error:  # only a start the rules could read and not play on gets here
        if start is None:
            raise
        raise SaveFileError(NOT_PLAYABLE, detail=_technical(error)) from None
    return game


# ------------------------------------------------------------------ a practice game's start
#: what a start may not set: what the settings and the component data decide, and the game's caches
_NOT_STATE = frozenset({"settings", "components", "history"})
MAX_DEPTH = 12  # a game's state nests about five deep (a hotel's room of tourists)
MUST_SET = N_("the saved start must set the fields {fields}")
NOT_THERE = N_("the saved start's {field} is not what a game holds there")
NOT_STATE = N_("the saved start holds {value}, which is not part of a game's state")
NOT_PLAYABLE = N_("the saved start is not a position the rules can play ({detail})")
NOT_PLAYABLE_STEP = N_(
    "the saved start is not a position the rules can play: step {step} ({action}) cannot be played ({detail})"
)
BREAKS_INVARIANTS = N_("the saved game breaks the game's own invariants: {rule}: {reason}")
START_BREAKS_INVARIANTS = N_("the saved start breaks the game's own invariants: {rule}: {reason}")


def _state_fields(game: Game) -> list[str]:
    """The fields of a game's position: everything but the settings, components, history and the
    caches a game builds from its settings (private names)."""
    return sorted(k for k in vars(game) if k not in _NOT_STATE and not k.startswith("_"))


def _start_data(start: Game, reader: int | None) -> dict[str, Any]:
    """A practice game's start as JSON-ready data: its state's fields, and its log as `reader` read it
    (the secrets of other seats belong to the game it was branched from)."""
    seen: dict[int, int] = {}  # one piece of state in two places (a card at a hotel and next in line) stays one
    state = {name: _encode(getattr(start, name), seen) for name in _state_fields(start) if name != "log"}
    return {
        "reader": reader,
        "state": state,
        "log": [_encode(as_read(entry, reader)) for entry in start.log],
    }


def _encode(value: Any, seen: dict[int, int] | None = None) -> Any:
    """`value` as JSON-ready data; with `seen`, a piece of the game's own state met again is written
    as {"same": n}, the n-th one written (in the order of the sorted fields, as `_Decoder` reads them)."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Chance):
        seed, key, counter = value.__reduce__()[1]
        return {"chance": [seed, key, counter]}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a component: a card, a tile, a guest
        return {"component": [_encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"tuple": [_encode(v, seen) for v in value]}
    if isinstance(value, set | frozenset):
        return {"set": sorted((_encode(v, seen) for v in value), key=json.dumps)}
    if isinstance(value, list):
        return [_encode(v, seen) for v in value]
    if isinstance(value, dict):
        return {"dict": [[_encode(k, seen), _encode(v, seen)] for k, v in value.items()]}
    if isinstance(value, MappingProxyType):  # an event's payload, read-only
        return {"frozen": [[_encode(k), _encode(v)] for k, v in value.items()]}
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:  # a piece of the game's own state (a hotel, a card lying at one)
        if seen is not None:
            if id(value) in seen:
                return {"same": seen[id(value)]}
            seen[id(value)] = len(seen)
        return {
            "object": type(value).__name__,
            "fields": {name: _encode(getattr(value, name), seen) for name in slots},
        }
    raise TypeError(f"a game's state holds a {type(value).__name__}, which a save file cannot hold")


class _Decoder:
    """Turns a start's data back into the game's state, allowing only the kinds of value a game's
    state holds: JSON's, tuples, sets, dicts, a generator's state, the components of a game set up
    from the same settings (found, never made) and the game package's own slotted classes."""

    def __init__(self, fresh: Game):
        self.made: list[Any] = []  # the pieces of state made so far, in the order `_encode` wrote them
        self.components: dict[str, Any] = {}
        self.classes: dict[str, type] = {}
        package = type(fresh).__module__.rsplit(".", 1)[0] + "."
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith(package) and module is not None:
                for value in vars(module).values():
                    if (
                        isinstance(value, type)
                        and value.__module__ == module_name
                        and "__slots__" in vars(value)
                        and not issubclass(value, tuple)  # components are found, never made
                    ):
                        self.classes.setdefault(value.__name__, value)
        for name in _state_fields(fresh):
            self._collect(getattr(fresh, name), 0)

    def _collect(self, value: Any, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            self.components.setdefault(json.dumps(_encode(value)["component"]), value)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                self._collect(item, depth + 1)
        elif isinstance(value, dict):
            for item in value.values():
                self._collect(item, depth + 1)
        elif getattr(type(value), "__slots__", None) is not None and not isinstance(value, Chance):
            for name in type(value).__slots__:
                self._collect(getattr(value, name, None), depth + 1)

    def decode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise SaveFileError(NOT_STATE, value=short(value))
        if value is None or isinstance(value, bool | int | str | float):
            return value
        if isinstance(value, list):
            return [self.decode(v, depth + 1) for v in value]
        if not isinstance(value, dict) or len(value) != 1 and set(value) != {"object", "fields"}:
            raise SaveFileError(NOT_STATE, value=short(value))
        if set(value) == {"object", "fields"}:
            return self._object(value["object"], value["fields"], depth)
        ((kind, items),) = value.items()
        if kind == "chance":
            return _chance(items)
        if kind == "same":  # a piece of state already made, met again
            if not isinstance(items, int) or isinstance(items, bool) or not 0 <= items < len(self.made):
                raise SaveFileError(NOT_STATE, value=short(value))
            return self.made[items]
        if not isinstance(items, list):
            raise SaveFileError(NOT_STATE, value=short(value))
        if kind == "component":
            found = self.components.get(json.dumps(items))
            if found is None:  # found among the game's own components, never made
                raise SaveFileError(NOT_STATE, value=short(value))
            return found
        if kind == "tuple":
            return tuple(self.decode(v, depth + 1) for v in items)
        if kind == "set":
            return {self._key(v, depth) for v in items}
        if kind in ("dict", "frozen"):
            if not all(isinstance(pair, list) and len(pair) == 2 for pair in items):
                raise SaveFileError(NOT_STATE, value=short(value))
            mapping = {self._key(k, depth): self.decode(v, depth + 1) for k, v in items}
            return mapping if kind == "dict" else MappingProxyType(mapping)
        raise SaveFileError(NOT_STATE, value=short(value))

    def _key(self, value: Any, depth: int) -> Any:
        key = self.decode(value, depth + 1)
        try:
            hash(key)
        except TypeError:
            raise SaveFileError(NOT_STATE, value=short(value)) from None
        return key

    def _object(self, name: Any, fields_: Any, depth: int) -> Any:
        kind = self.classes.get(name) if isinstance(name, str) else None
        if kind is None:
            raise SaveFileError(NOT_STATE, value=short(name))
        if not isinstance(fields_, dict) or set(fields_) != set(kind.__slots__):
            raise SaveFileError(NOT_THERE, field=name)
        made = object.__new__(kind)
        self.made.append(made)
        for field in kind.__slots__:  # in the order they were written, whatever the file's order
            setattr(made, field, self.decode(fields_[field], depth + 1))
        return made


def _chance(items: Any) -> Chance:
    if (
        not isinstance(items, list)
        or len(items) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in items)
        or not -SEED_LIMIT < items[0] < SEED_LIMIT
        or not 0 <= items[2] < 2**64
    ):
        raise SaveFileError(NOT_THERE, field="chance")
    seed, key, counter = items
    fresh = Chance(seed)
    if key != fresh.key:
        raise SaveFileError(NOT_THERE, field="chance")
    restore, _ = fresh.__reduce__()  # the generator's own way back from its state (copy and pickle use it)
    return restore(seed, key, counter)


def _started(fresh: Game, start: Any) -> Game:
    """The practice game a save's "start" describes, set up as "play from here" sets one up."""
    if not isinstance(start, dict) or set(start) != {"reader", "state", "log"}:
        raise SaveFileError(MUST_SET, fields="reader, state, log")
    reader, state, log = start["reader"], start["state"], start["log"]
    if reader is not None and (
        not isinstance(reader, int) or isinstance(reader, bool) or reader not in range(fresh.settings.players)
    ):
        raise SaveFileError(NOT_THERE, field="reader")
    needed = [name for name in _state_fields(fresh) if name != "log"]
    if not isinstance(state, dict) or not set(needed) <= set(state):
        raise SaveFileError(MUST_SET, fields=", ".join(needed))
    later = [name for name in state if name not in needed]  # what a game sets only once play is under way
    if any(
        not isinstance(name, str) or not name.isidentifier() or name.startswith("_") or hasattr(type(fresh), name)
        for name in later
    ):
        raise SaveFileError(NOT_THERE, field=short(sorted(map(str, later))))
    if not isinstance(log, list):
        raise SaveFileError(NOT_THERE, field="log")
    decoder = _Decoder(fresh)
    origin = fresh.clone()
    for name in sorted(state):  # in the order they were written, whatever the file's order
        setattr(origin, name, decoder.decode(state[name]))
    origin.log = [decoder.decode(entry) for entry in log]
    if not all(isinstance(entry, tuple) and len(entry) in (4, 6) for entry in origin.log):
        raise SaveFileError(NOT_THERE, field="log")
    for name in needed:
        if type(getattr(origin, name)) is not type(getattr(fresh, name)) and getattr(fresh, name) is not None:
            raise SaveFileError(NOT_THERE, field=name)
    origin.history = []
    try:  # the game's own invariants, then everything a board and a bot ask of a position
        origin.check_invariants()
        for seat in range(fresh.settings.players):
            origin.view(seat)
        origin.open_view(), origin.public_view(), origin.scores(), origin.events()
        if not origin.is_over:
            origin.legal_actions()
    except InvariantBroken as error:
        raise SaveFileError(START_BREAKS_INVARIANTS, rule=error.rule, reason=error.message) from None
    except Exception as error:  # a start that holds together but that the rules cannot read
        raise SaveFileError(NOT_PLAYABLE, detail=_technical(error)) from None
    return started_at(origin, reader)


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
    except SetupRefused as error:  # the settings' own checks, in the learner's language
        raise SaveFileError(INVALID_SETTINGS, error=error) from None
    except (TypeError, ValueError) as error:
        raise SaveFileError(INVALID_SETTINGS, error=_clip(str(error))) from None
    return settings


CANNOT_SET_UP = N_("the game in the save file cannot be set up: {error}")
INVALID_SETTINGS = N_("invalid settings: {error}")


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save file may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _technical(error: Exception, limit: int = 120) -> str:
    """A Python error's own words, for a developer, shown in parentheses after the learner's sentence."""
    return _clip(f"{type(error).__name__}: {error}", limit)


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
