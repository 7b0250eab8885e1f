"""Overbooking (OB-1 ... OB-8): the engine, its components and its bots."""

from .components import Guest, load_components
from .game import Overbooking, OverbookingSettings

__all__ = ["Guest", "Overbooking", "OverbookingSettings", "load_components"]
