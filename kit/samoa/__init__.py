"""Samoa (SA-1 ... SA-9): the engine, its components and its bots."""

from .components import PriceCard, Tourist, load_components
from .game import Samoa, SamoaSettings

__all__ = ["PriceCard", "Samoa", "SamoaSettings", "Tourist", "load_components"]
