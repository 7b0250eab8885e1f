"""Samoa in Jupyter: a live board."""

from .board import SamoaBoard

__all__ = ["SamoaBoard"]
