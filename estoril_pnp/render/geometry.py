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

    def overlap(self, other: Box) -> Box | None:
        """The area both cover, or None where they only touch or miss."""
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.right, other.right), min(self.top, other.top)
        return Box(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


# An affine map in the PDF convention (a, b, c, d, e, f): (x, y) -> (a·x + c·y + e, b·x + d·y + f).
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def translation(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """outer ∘ inner: apply `inner` first."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def mapped(m: Matrix, box: Box) -> Box:
    """The box's image under a map that turns by quarter turns and mirrors (still a box)."""
    xs, ys = zip(*(apply(m, x, y) for x in (box.x, box.right) for y in (box.y, box.top)), strict=True)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
