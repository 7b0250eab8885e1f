"""The shared core of every tablekit game: state contract, chance, events, errors, saves."""

from .chance import Chance
from .errors import ComponentError, IllegalAction, InvariantBroken, NothingToUndo, SaveFileError
from .events import Event
from .game import Game, Settings, interned, random_playout
from .saves import load, load_file, loads, register, save, save_file

__all__ = [
    "Chance",
    "ComponentError",
    "Event",
    "Game",
    "IllegalAction",
    "InvariantBroken",
    "NothingToUndo",
    "SaveFileError",
    "Settings",
    "load",
    "load_file",
    "loads",
    "random_playout",
    "register",
    "save",
    "save_file",
    "interned",
]
