"""Samoa in Jupyter: a live board."""

from .board import SamoaBoard
from .picture import picture

__all__ = ["picture", "SamoaBoard"]
