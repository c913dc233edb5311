"""A duplex calibration pair: scales on the front, pointer lines on the back, a 50 mm square.

The back's lines go through the same mirror as every back page (imposition.mirror), so the
number read against the light is exactly the correction to pass as --back-offset. Both
pages are operations in mm, drawn by the same loop as the pieces.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from .draw import draw, new_page
from .geometry import Box
from .imposition import Backs, Paper, mirror, mirrors_x
from .ops import LineOp, Op, RectOp, TextOp
from .text import PT, fit

Texts = Callable[..., str]

SCALE_REACH = 10  # mm either side of zero: a printer further off than this needs no fine scale
SCALE_FROM_CENTRE = 30.0  # mm: the scales sit beside the page centre, clear of each other
POINTER = 8.0  # mm: half the length of a back line
SQUARE = 50.0  # mm
MARGIN = 15.0  # mm: where the text starts
HEADING, TEXT, SMALL = ("Oswald-Bold", 16), ("Vollkorn-Regular", 10), ("Oswald-Regular", 7)  # font, size in pt
INK = "#000000"
THIN, SQUARE_LINE, POINTER_LINE = 0.1, 0.18, 0.28  # mm; the back's lines dark enough to see through paper


def calibration_pages(
    paper: Paper, backs: Backs, offset: tuple[float, float], texts: Texts
) -> tuple[list[Op], list[Op]]:
    """The front page and the back page as operations on the upright paper, in mm."""
    w, h = paper.width, paper.height
    cx, cy = w / 2, h / 2
    values = {"paper": paper.name, "backs": backs.value, "x": f"{offset[0]:g}", "y": f"{offset[1]:g}"}
    # On the mirrored axis the back moves against its offset, on the other with it: label each
    # scale so that the number under the back's line is the correction to add.
    sign_x, sign_y = (1, -1) if mirrors_x(backs) else (-1, 1)

    front: list[Op] = [
        *_heading(texts("sheets.calibration.title"), texts("sheets.calibration.front", **values), h),
        *_paragraph(texts("sheets.calibration.steps"), h - 40, w - 2 * MARGIN),
        *_scale(cx, cy + SCALE_FROM_CENTRE, False, sign_x, texts("sheets.calibration.scale_x")),
        *_scale(cx + SCALE_FROM_CENTRE, cy, True, sign_y, texts("sheets.calibration.scale_y")),
        *_cross(cx, cy),
        *_square(cx - SQUARE / 2, 25, texts("sheets.calibration.square")),
    ]
    back: list[Op] = [
        *_heading(texts("sheets.calibration.title"), texts("sheets.calibration.back", **values), h),
        *_paragraph(texts("sheets.calibration.back_hint"), h - 40, w - 2 * MARGIN),
    ]
    # Pointers described where they must land on the front, then turned over like any back.
    pointers = (
        Box(cx, cy + SCALE_FROM_CENTRE - POINTER, 0, 2 * POINTER),
        Box(cx + SCALE_FROM_CENTRE - POINTER, cy, 2 * POINTER, 0),
    )
    for line in pointers:
        b = mirror(line, backs, w, h).moved(*offset)
        back.append(LineOp(b.x, b.y, b.right, b.top, INK, POINTER_LINE))
    centre = mirror(Box(cx, cy, 0, 0), backs, w, h).moved(*offset)
    back += _cross(centre.x, centre.y)
    return front, back


def draw_calibration(canvas: Canvas, paper: Paper, backs: Backs, offset: tuple[float, float], texts: Texts) -> None:
    """Two upright pages: the front with scales, then the back, mirrored for `backs` and shifted by `offset`."""
    for ops in calibration_pages(paper, backs, offset, texts):
        new_page(canvas, paper.width, paper.height)
        draw(canvas, ops)
        canvas.showPage()


def _text(x: float, y: float, text: str, style: tuple[str, float], align: str = "left", angle: float = 0) -> TextOp:
    return TextOp(style[0], style[1] * PT, INK, ((x, y, text),), align, angle, (x, y))


def _heading(title: str, subtitle: str, h: float) -> list[Op]:
    return [_text(MARGIN, h - 22, title, HEADING), _text(MARGIN, h - 30, subtitle, TEXT)]


def _paragraph(text: str, top: float, width: float) -> list[Op]:
    font, size = TEXT
    lines = fit(text, font, width / PT, 1e6, size, size, 1.3, True).lines
    return [_text(MARGIN, top - i * size * 1.3 * PT, line, TEXT) for i, line in enumerate(lines)]


def _scale(x: float, y: float, turned: bool, sign: int, label: str) -> list[Op]:
    """A ruler through (x, y), zero there: a tick every millimetre, numbered every 5 like any ruler.

    Turned, it is the same ruler read with the sheet turned a quarter (along y)."""

    def at(along: float, across: float) -> tuple[float, float]:
        return (x - across, y + along) if turned else (x + along, y + across)

    def line(a0: float, c0: float, a1: float, c1: float) -> LineOp:
        return LineOp(*at(a0, c0), *at(a1, c1), INK, THIN)

    ops: list[Op] = [line(-SCALE_REACH, 0, SCALE_REACH, 0)]
    for t in range(-SCALE_REACH, SCALE_REACH + 1):
        ops.append(line(t, 0, t, 3.5 if t == 0 else 2.5 if t % 5 == 0 else 1.5))
        if t % 5 == 0:
            ops.append(_text(*at(t, -3), f"{sign * t:+d}" if t else "0", SMALL, "center", 90 if turned else 0))
    ops.append(_text(*at(0, 5), label, SMALL, "center", 90 if turned else 0))
    return ops


def _cross(x: float, y: float) -> list[Op]:
    return [LineOp(x - 5, y, x + 5, y, INK, THIN), LineOp(x, y - 5, x, y + 5, INK, THIN)]


def _square(x: float, y: float, caption: str) -> list[Op]:
    return [
        RectOp(Box(x, y, SQUARE, SQUARE), None, INK, SQUARE_LINE, 0, False),
        _text(x + SQUARE / 2, y + SQUARE + 4, caption, TEXT, "center"),
    ]
