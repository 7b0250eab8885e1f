"""Overbooking in Jupyter: a live board."""

from .picture import picture
from .board import OverbookingBoard

__all__ = ["picture", "OverbookingBoard"]
