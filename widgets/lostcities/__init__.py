"""Lost Cities in Jupyter: a static picture of any state and a live board."""

from .picture import Picture, picture

__all__ = ["Picture", "picture"]
