"""What a pack prints (components.yaml): piece kinds with their size, group, layouts and items."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from ..render.outline import DEFAULT_RADIUS, Outline, area, corners
from ..source.names import Name
from ..source.typed import Limits, Record

Millimetres = Annotated[float, Limits(ge=5, le=1000)]  # a piece one can cut, on paper one can buy
# a list the model makes, or a file of items; a workbook's sheet by name: `ships.xlsx#Ships`
Source = Annotated[str, Limits(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*(#[A-Za-z0-9_ -]{1,31})?$", max_length=200)]


Shape = Literal["rect", "rounded", "circle", "hexagon", "polygon"]
Coordinate = Annotated[float, Limits(ge=0, le=1000)]


class OutlineSpec(Record):
    """`outline: {shape: hexagon, orientation: pointy}`; the shape alone may be written as a word."""

    shape: Shape
    radius: Annotated[float, Limits(gt=0, le=500)] | None = None  # mm: rounded
    orientation: Literal["flat", "pointy"] | None = None  # hexagon
    points: Annotated[list[tuple[Coordinate, Coordinate]], Limits(min_length=3, max_length=200)] | None = None

    def __post_init__(self) -> None:
        for key, shape in (("radius", "rounded"), ("orientation", "hexagon"), ("points", "polygon")):
            if getattr(self, key) is not None and self.shape != shape:
                raise ValueError(f"`{key}` belongs to a {shape} outline, not a {self.shape}")
        if self.shape == "polygon" and self.points is None:
            raise ValueError("a polygon outline needs its `points`: [[x, y], …] in mm from the top-left")

    @property
    def outline(self) -> Outline:
        if self.shape == "rounded":
            return Outline("rounded", radius=self.radius or DEFAULT_RADIUS)
        if self.shape == "hexagon":
            return Outline("hexagon", orientation=self.orientation or "flat")
        if self.shape == "polygon":
            return Outline("polygon", points=tuple((x, y) for x, y in self.points or ()))
        return Outline(self.shape)


class PieceKind(Record):
    size: tuple[Millimetres, Millimetres]
    group: Name
    items: Source  # a list the game model provides, or a file of items in the pack (YAML, CSV, XLSX, ODS)
    face: Name  # layout names
    back: Name | None = None  # shared by every piece of the kind
    reverse: Name | None = None  # the piece's own second side
    copies: Annotated[int, Limits(ge=1, le=1000)] = 1
    outline: OutlineSpec | Shape = "rect"  # the line it is cut along (render/outline.py)

    def __post_init__(self) -> None:
        if self.back and self.reverse:
            raise ValueError("a piece has either a shared `back` or its own `reverse`, not both")
        if self.outline == "polygon":
            raise ValueError("outline: a polygon needs its `points`: {shape: polygon, points: [[x, y], …]}")
        shape, (w, h) = self.shape, self.size
        if shape.shape == "rounded" and shape.radius > min(w, h) / 2:
            raise ValueError(f"outline: a radius of {shape.radius:g} mm is more than half the {w:g} x {h:g} mm size")
        if shape.shape == "polygon":
            outside = [p for p in shape.points if p[0] > w or p[1] > h]
            if outside:
                x, y = outside[0]
                raise ValueError(f"outline: the point [{x:g}, {y:g}] lies outside the {w:g} x {h:g} mm size")
            if abs(area(corners(shape, w, h))) < 1.0:
                raise ValueError("outline: the polygon's points enclose no area")

    @property
    def shape(self) -> Outline:
        """The outline as geometry."""
        if isinstance(self.outline, OutlineSpec):
            return self.outline.outline
        return OutlineSpec(shape=self.outline).outline

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]

    @property
    def layouts(self) -> tuple[str, ...]:
        return tuple(x for x in (self.face, self.back, self.reverse) if x)


class Manifest(Record):
    pieces: dict[Name, PieceKind]

    @property
    def groups(self) -> list[str]:
        """The outputs, in order of first mention."""
        return list(dict.fromkeys(kind.group for kind in self.pieces.values()))


class PackInfo(Record):
    """pack.yaml: the pack's title, the game's designers and publisher (what every PDF says of its
    author), the game model that reads its game files (if any), and the game's numbers that its
    texts may use as {placeholders} (a pack without a model)."""

    title: Annotated[str, Limits(min_length=1, max_length=200)]
    designers: Annotated[tuple[Annotated[str, Limits(min_length=1, max_length=100)], ...], Limits(max_length=20)] = ()
    publisher: Annotated[str, Limits(min_length=1, max_length=200)] | None = None
    model: Name | None = None
    numbers: Annotated[dict[Name, Annotated[int, Limits(ge=0, le=9999)]], Limits(max_length=200)] = field(
        default_factory=dict
    )
