"""The one thing imposition knows about a piece: its trim size and how to draw each side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

# Draws one side with the trim box's lower-left corner at the canvas origin (units: points),
# filling the bleed too, from -bleed to size + bleed; the float argument is the bleed in mm.
Drawer = Callable[[Canvas, float], None]


@dataclass(frozen=True)
class Piece:
    key: str  # e.g. "character/hans_r/red"; unique in a group
    width: float  # trim size, mm
    height: float
    front: Drawer
    back: Drawer | None  # None: no back
