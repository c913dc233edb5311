"""A piece's outline as plain geometry in mm, y up, from the trim box's lower-left corner: the
line it is cut along, that line grown by the bleed (what its drawing is clipped to), and where a
hand cutter's marks go. Pure: every output (sheets, cutter, PNG, Tabletop Simulator) asks here.

A `rect` outline is the trim box itself and changes nothing anywhere; a `rounded` one keeps the
trim box's crop marks; `circle` (an ellipse when the size is not square), `hexagon` (fitted in its
size: the w/4 construction, regular when height = width·√3/2 flat, or width = height·√3/2 pointy)
and `polygon` get marks of their own, pointing at the cut from outside its bleed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from .geometry import Box

Point = tuple[float, float]
Segment = tuple[float, float, float, float]
SHAPES = ("rect", "rounded", "circle", "hexagon", "polygon")
ARC_STEP = math.pi / 36  # 5°: a grown corner's arc as short lines, far finer than a cut can follow
DEFAULT_RADIUS = 3.0  # mm: a playing card's corner, for `outline: rounded` given as a word


@dataclass(frozen=True)
class Outline:
    shape: str = "rect"  # one of SHAPES
    radius: float = 0.0  # rounded: the corners' radius, mm
    orientation: Literal["flat", "pointy"] = "flat"  # hexagon: flat top and bottom edges, or a point up
    points: tuple[Point, ...] = ()  # polygon: mm from the trim box's top-left, y down, as the pack writes them

    @property
    def plain(self) -> bool:
        """The trim box: drawn, marked and cut as every piece was before outlines."""
        return self.shape == "rect"

    @property
    def own_marks(self) -> bool:
        """Marks of its own around each piece, not the grid's along the trim lines."""
        return self.shape in ("circle", "hexagon", "polygon")

    def flipped(self, axis: Literal["x", "y"], width: float, height: float) -> Outline:
        """The outline of the piece's other side, as that side is drawn: turned over the
        vertical (`x`) or horizontal (`y`) axis. Only a polygon can tell the difference."""
        if self.shape != "polygon":
            return self
        if axis == "x":
            return Outline("polygon", points=tuple((width - x, y) for x, y in self.points))
        return Outline("polygon", points=tuple((x, height - y) for x, y in self.points))


RECT = Outline()


@dataclass(frozen=True)
class Line:
    """A closed line in mm, y up: a box (rounded by `radius`), an ellipse in a box, or a polygon."""

    kind: Literal["box", "ellipse", "polygon"]
    box: Box  # the box or ellipse; a polygon's bounding box
    radius: float = 0.0
    points: tuple[Point, ...] = ()  # polygon, anticlockwise

    def polygon(self, steps: int = 144) -> tuple[Point, ...]:
        """The line as a polygon (an ellipse or a rounded corner as short lines)."""
        b = self.box
        if self.kind == "polygon":
            return self.points
        if self.kind == "ellipse":
            rx, ry = b.width / 2, b.height / 2
            return tuple(
                (b.cx + rx * math.cos(2 * math.pi * i / steps), b.cy + ry * math.sin(2 * math.pi * i / steps))
                for i in range(steps)
            )
        r = min(self.radius, b.width / 2, b.height / 2)
        if r <= 0:
            return ((b.x, b.y), (b.right, b.y), (b.right, b.top), (b.x, b.top))
        out: list[Point] = []
        quarter = max(2, steps // 4)
        for (cx, cy), start in (
            ((b.right - r, b.y + r), -math.pi / 2),
            ((b.right - r, b.top - r), 0.0),
            ((b.x + r, b.top - r), math.pi / 2),
            ((b.x + r, b.y + r), math.pi),
        ):
            angles = [start + math.pi / 2 * i / quarter for i in range(quarter + 1)]
            out += [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
        return tuple(out)


def corners(outline: Outline, width: float, height: float) -> tuple[Point, ...]:
    """A hexagon's or polygon's vertices, y up, anticlockwise."""
    w, h = width, height
    if outline.shape == "hexagon":
        if outline.orientation == "pointy":
            found: tuple[Point, ...] = ((w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4))
        else:
            found = ((w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0, h / 2))
    elif outline.shape == "polygon":
        found = tuple((float(x), h - y) for x, y in outline.points)
    else:
        raise ValueError(f"a {outline.shape} has no vertices")
    return found if area(found) > 0 else tuple(reversed(found))


def cut_line(outline: Outline, width: float, height: float, grow: float = 0.0) -> Line:
    """The outline grown outward by `grow` mm (the bleed): a circle stays a circle, a rounded box's
    radius grows with it, a polygon's corners are rounded by the growth and its notches stay sharp."""
    trim = Box(0.0, 0.0, width, height)
    box = trim.grow(grow, grow, grow, grow) if grow else trim
    if outline.shape == "rect":
        return Line("box", box)
    if outline.shape == "rounded":
        return Line("box", box, outline.radius + grow)
    if outline.shape == "circle":
        return Line("ellipse", box)
    points = _offset(corners(outline, width, height), grow)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Line("polygon", Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), points=points)


def marks(
    outline: Outline, width: float, height: float, bleed: float, clear: float, length: float
) -> tuple[Segment, ...]:
    """A hand cutter's marks around one piece, in its own mm, each `length` long and `clear` beyond
    the grown outline: on the bounding box's centre lines for a circle, pointing at each vertex from
    outside for a hexagon or polygon. None for rect or rounded (the grid's trim-line marks)."""
    if not outline.own_marks:
        return ()
    if outline.shape == "circle":
        near, far = bleed + clear, bleed + clear + length
        cx, cy = width / 2, height / 2
        return (
            (cx, height + near, cx, height + far),
            (cx, -near, cx, -far),
            (-near, cy, -far, cy),
            (width + near, cy, width + far, cy),
        )
    out = []
    for p, n1, n2, convex in _vertices(corners(outline, width, height)):
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        size = math.hypot(mx, my)
        if size < 1e-9:  # a spike turning straight back: its edge's own normal
            mx, my, size = n1[0], n1[1], 1.0
        ux, uy = mx / size, my / size
        # a convex corner's grown line passes `bleed` from it; a notch's, where its two grown edges meet
        start = (bleed if convex else 2 * bleed / size) + clear
        end = start + length
        out.append((p[0] + ux * start, p[1] + uy * start, p[0] + ux * end, p[1] + uy * end))
    return tuple(out)


def svg_data(line: Line, x: float, y: float, page_height: float) -> str:
    """SVG path data of `line` placed with its origin at (x, y) on a page, in mm with y down."""

    def at(px: float, py: float) -> str:
        return f"{x + px:.3f} {page_height - (y + py):.3f}"

    b = line.box
    if line.kind == "ellipse":
        rx, ry = b.width / 2, b.height / 2
        arc = f"A {rx:.3f} {ry:.3f} 0 1 0"
        return f"M {at(b.x, b.cy)} {arc} {at(b.right, b.cy)} {arc} {at(b.x, b.cy)} Z"
    points = line.polygon()
    return "M " + " L ".join(at(px, py) for px, py in points) + " Z"


def area(points: tuple[Point, ...]) -> float:
    """The signed area: positive for points anticlockwise (y up)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)) / 2


def _vertices(points: tuple[Point, ...]) -> list[tuple[Point, Point, Point, bool]]:
    """Each vertex of an anticlockwise polygon with the outward normals of the edges before and
    after it, and whether it is convex."""
    out = []
    n = len(points)
    for i, p in enumerate(points):
        before, after = points[i - 1], points[(i + 1) % n]
        d1, d2 = _unit(p[0] - before[0], p[1] - before[1]), _unit(after[0] - p[0], after[1] - p[1])
        out.append((p, (d1[1], -d1[0]), (d2[1], -d2[0]), d1[0] * d2[1] - d1[1] * d2[0] >= 0))
    return out


def _unit(dx: float, dy: float) -> Point:
    size = math.hypot(dx, dy) or 1.0
    return dx / size, dy / size


def _offset(points: tuple[Point, ...], grow: float) -> tuple[Point, ...]:
    """The polygon grown by `grow`: every point of it within `grow` of the polygon (an arc round
    each convex corner, the grown edges meeting at each notch)."""
    if grow <= 0:
        return points
    out: list[Point] = []
    for p, n1, n2, convex in _vertices(points):
        if convex:
            a1, a2 = math.atan2(n1[1], n1[0]), math.atan2(n2[1], n2[0])
            turn = (a2 - a1) % (2 * math.pi)
            steps = max(1, math.ceil(turn / ARC_STEP))
            out += [
                (p[0] + grow * math.cos(a1 + turn * i / steps), p[1] + grow * math.sin(a1 + turn * i / steps))
                for i in range(steps + 1)
            ]
        else:
            mx, my = n1[0] + n2[0], n1[1] + n2[1]
            k = 2 * grow / (mx * mx + my * my)
            out.append((p[0] + mx * k, p[1] + my * k))
    return tuple(out)
