"""Overbooking in Jupyter: a live board."""

from .board import OverbookingBoard

__all__ = ["OverbookingBoard"]
