"""Rectangles in millimetres, y up as in PDF: what layouts, plans and drawings measure with."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    x: float  # lower-left corner, mm (from the page's or the piece's lower-left)
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grow(self, left: float, bottom: float, right: float, top: float) -> Box:
        return Box(self.x - left, self.y - bottom, self.width + left + right, self.height + bottom + top)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.width, self.height)

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def cy(self) -> float:
        return self.y + self.height / 2

    @property
    def centre(self) -> tuple[float, float]:
        return self.cx, self.cy

    def inset(self, d: float) -> Box:
        return self.grow(-d, -d, -d, -d)
