"""Samoa in Jupyter: a live board."""

from .picture import picture
from .board import SamoaBoard

__all__ = ["picture", "SamoaBoard"]
