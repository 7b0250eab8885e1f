"""Overbooking in Jupyter: a live board."""

from .board import OverbookingBoard
from .picture import picture

__all__ = ["picture", "OverbookingBoard"]
