"""Drawing operations: what the resolve step hands to the drawing loop. All lengths in mm."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .geometry import Box


@dataclass(frozen=True)
class RectOp:
    box: Box
    fill: str | None
    stroke: str | None
    width: float
    radius: float
    bleed: bool  # grow by the bleed on every side (a background that must reach the cut)
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class TextRun:
    """Letters of a marked line set in one face (a registered font name)."""

    text: str
    font: str
    width: float  # mm, as measured when the text was fitted


@dataclass(frozen=True)
class TextIcon:
    """An icon inside a line of text: on the baseline, the text's cap height tall."""

    icon: str  # the SVG file
    colour: str | None  # the text's colour; None keeps a multicolour icon's own
    width: float
    height: float


Span = TextRun | TextIcon


@dataclass(frozen=True)
class TextOp:
    font: str
    size: float
    colour: str
    lines: tuple[tuple[float, float, str], ...]  # (x, baseline y, the line's letters)
    align: str  # left | center | right: where x anchors each line
    angle: float
    pivot: tuple[float, float]
    # per line, its runs and icons when the text has markup; empty: each line is its letters in `font`
    spans: tuple[tuple[Span, ...], ...] = ()

    def faces(self) -> set[str]:
        """Every font the operation sets letters in."""
        return {self.font} | {s.font for line in self.spans for s in line if isinstance(s, TextRun)}


@dataclass(frozen=True)
class IconOp:
    icon: str  # path under data/icons without .svg, e.g. game/medal or flags/pt
    box: Box
    colour: str | None  # None keeps the icon's own colours (flags)


@dataclass(frozen=True)
class ImageOp:
    image: str  # the picture's file, under the pack's images/
    box: Box
    fit: str  # contain | cover | stretch
    anchor: tuple[float, float]  # the focal point kept in view: fractions of the picture from its top-left
    bleed: bool  # grow by the bleed on every side, as a rect does; a cover's crop follows the grown box
    angle: int  # quarter turns, degrees counter-clockwise
    size: tuple[float, float]  # the picture's own size: pixels, or an SVG's units
    raster: bool  # False: an SVG, drawn as vectors


@dataclass(frozen=True)
class ShapeOp:
    shape: str  # circle | triangle | square | diamond | star
    box: Box
    fill: str | None
    stroke: str | None
    width: float


@dataclass(frozen=True)
class StripesOp:
    box: Box
    band: float  # width of the striped frame
    colours: tuple[str, str]


@dataclass(frozen=True)
class GridOp:
    box: Box
    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]  # filled cells, (column, row) from the top-left
    fill: str
    stroke: str
    width: float


@dataclass(frozen=True)
class LineOp:
    x0: float
    y0: float
    x1: float
    y1: float
    colour: str
    width: float
    dash: tuple[float, ...] = ()


Op = RectOp | TextOp | IconOp | ImageOp | ShapeOp | StripesOp | GridOp | LineOp


def shifted(op: Op, dx: float, dy: float) -> Op:
    """The same operation moved by (dx, dy): how a placed sub-layout lands in its slot."""
    if isinstance(op, LineOp):
        return replace(op, x0=op.x0 + dx, y0=op.y0 + dy, x1=op.x1 + dx, y1=op.y1 + dy)
    if isinstance(op, TextOp):
        lines = tuple((x + dx, y + dy, text) for x, y, text in op.lines)
        return replace(op, lines=lines, pivot=(op.pivot[0] + dx, op.pivot[1] + dy))
    return replace(op, box=op.box.moved(dx, dy))


def recoloured(op: Op, colour: Callable[[str], str]) -> Op:
    """The same operation with every colour it paints passed through `colour`; an icon drawn in
    its own colours (a flag) keeps them, and a picture is never recoloured."""

    def c(value: str | None) -> str | None:
        return None if value is None else colour(value)

    if isinstance(op, RectOp | ShapeOp):
        return replace(op, fill=c(op.fill), stroke=c(op.stroke))
    if isinstance(op, GridOp):
        return replace(op, fill=colour(op.fill), stroke=colour(op.stroke))
    if isinstance(op, StripesOp):
        return replace(op, colours=(colour(op.colours[0]), colour(op.colours[1])))
    if isinstance(op, TextOp):
        spans = tuple(
            tuple(replace(s, colour=c(s.colour)) if isinstance(s, TextIcon) else s for s in line) for line in op.spans
        )
        return replace(op, colour=colour(op.colour), spans=spans)
    if isinstance(op, LineOp):
        return replace(op, colour=colour(op.colour))
    if isinstance(op, ImageOp):
        return op
    return replace(op, colour=c(op.colour))
