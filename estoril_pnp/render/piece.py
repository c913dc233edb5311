"""A printable piece: its trim size and how to draw its face and back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

# (canvas, bleed_mm): draw with the trim box's lower-left corner at the current origin, in
# points, filling the bleed area too (from -bleed to size + bleed).
Drawer = Callable[[Canvas, float], None]


@dataclass(frozen=True)
class Piece:
    key: str  # e.g. "character/hans_r/red"; unique in a group
    width: float  # trim size, mm
    height: float
    front: Drawer
    back: Drawer | None  # None: the piece has no printed back
