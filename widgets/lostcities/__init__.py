"""Lost Cities in Jupyter: a live board and a static picture of any state."""

from .board import LostCitiesBoard
from .picture import Picture, picture

__all__ = ["LostCitiesBoard", "Picture", "picture"]
