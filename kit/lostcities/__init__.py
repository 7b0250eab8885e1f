"""Lost Cities (LC-1 ... LC-7): the engine, its components and its bots."""

from .actions import Discard, Draw, Pass, Play
from .components import Card, load_components
from .game import LostCities, LostCitiesSettings
from .scoring import expedition_score

__all__ = [
    "Card",
    "Discard",
    "Draw",
    "LostCities",
    "LostCitiesSettings",
    "Pass",
    "Play",
    "expedition_score",
    "load_components",
]
