"""Draws a rulebook Picture onto a canvas: the real pieces, by the one drawing loop, then the marks."""

from __future__ import annotations

from math import cos, radians, sin

from reportlab.pdfgen.canvas import Canvas

from ..render.draw import draw
from ..render.geometry import Box, Matrix
from .document import Picture, Placed


def draw_picture(canvas: Canvas, picture: Picture) -> None:
    """The picture with its lower-left corner at the canvas origin, 1 mm to the mm."""
    for placed in picture.pieces:
        ops = placed.piece.back if placed.back else placed.piece.front
        if ops is None:
            continue
        w, h = placed.piece.width * placed.scale, placed.piece.height * placed.scale
        draw(canvas, ops, 0.0, _matrix(placed), Box(placed.x, placed.y, w, h))
    draw(canvas, picture.marks)


def _matrix(p: Placed) -> Matrix:
    """Piece mm -> picture mm: scaled, turned clockwise about the piece's centre, then moved."""
    angle = radians(-90 * (p.turns % 4))
    s = p.scale
    a, b, c, d = s * cos(angle), s * sin(angle), -s * sin(angle), s * cos(angle)
    cx, cy = p.piece.width / 2, p.piece.height / 2
    out_x, out_y = p.x + p.piece.width * s / 2, p.y + p.piece.height * s / 2
    return (a, b, c, d, out_x - (a * cx + c * cy), out_y - (b * cx + d * cy))
