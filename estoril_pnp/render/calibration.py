"""A duplex calibration pair: scales on the front, pointer lines on the back, a 50 mm square.

The back's lines go through the same mirror as every back page (imposition.mirror), so the
number read against the light is exactly the correction to pass as --back-offset.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from .geometry import Box
from .imposition import Backs, Paper, mirror, mirrors_x

Texts = Callable[..., str]

SCALE_REACH = 10  # mm either side of zero: a printer further off than this needs no fine scale
SCALE_FROM_CENTRE = 30.0  # mm: the scales sit beside the page centre, clear of each other
POINTER = 8.0  # mm: half the length of a back line
SQUARE = 50.0  # mm
HEADING, TEXT, SMALL = ("Oswald-Bold", 16), ("Vollkorn", 10), ("Oswald", 7)


def draw_calibration(canvas: Canvas, paper: Paper, backs: Backs, offset: tuple[float, float], texts: Texts) -> None:
    """Two upright pages: the front with scales, then the back, mirrored for `backs` and shifted by `offset`."""
    w, h = paper.width, paper.height
    cx, cy = w / 2, h / 2
    values = {"paper": paper.name, "backs": backs.value, "x": f"{offset[0]:g}", "y": f"{offset[1]:g}"}
    # On the mirrored axis the back moves against its offset, on the other with it: label each
    # scale so that the number under the back's line is the correction to add.
    sign_x, sign_y = (1, -1) if mirrors_x(backs, w, h) else (-1, 1)

    canvas.setPageSize((w * mm, h * mm))
    _heading(canvas, texts("sheets.calibration.title"), texts("sheets.calibration.front", **values), w, h)
    _paragraph(canvas, texts("sheets.calibration.steps"), 15, h - 40, w - 30)
    _scale(canvas, cx, cy + SCALE_FROM_CENTRE, horizontal=True, sign=sign_x, label=texts("sheets.calibration.scale_x"))
    _scale(canvas, cx + SCALE_FROM_CENTRE, cy, horizontal=False, sign=sign_y, label=texts("sheets.calibration.scale_y"))
    _cross(canvas, cx, cy)
    _square(canvas, cx - SQUARE / 2, 25, texts("sheets.calibration.square"))
    canvas.showPage()

    canvas.setPageSize((w * mm, h * mm))
    _heading(canvas, texts("sheets.calibration.title"), texts("sheets.calibration.back", **values), w, h)
    _paragraph(canvas, texts("sheets.calibration.back_hint"), 15, h - 40, w - 30)
    # Pointers described where they must land on the front, then turned over like any back.
    pointers = (
        Box(cx, cy + SCALE_FROM_CENTRE - POINTER, 0, 2 * POINTER),
        Box(cx + SCALE_FROM_CENTRE - POINTER, cy, 2 * POINTER, 0),
    )
    canvas.setLineWidth(0.8)  # dark enough to see through the paper
    for line in pointers:
        b = mirror(line, backs, w, h).moved(*offset)
        canvas.line(b.x * mm, b.y * mm, b.right * mm, b.top * mm)
    back_centre = mirror(Box(cx, cy, 0, 0), backs, w, h).moved(*offset)
    _cross(canvas, back_centre.x, back_centre.y)
    canvas.showPage()


def _heading(canvas: Canvas, title: str, subtitle: str, w: float, h: float) -> None:
    canvas.setFont(*HEADING)
    canvas.drawString(15 * mm, (h - 22) * mm, title)
    canvas.setFont(*TEXT)
    canvas.drawString(15 * mm, (h - 30) * mm, subtitle)


def _paragraph(canvas: Canvas, text: str, x: float, top: float, width: float) -> None:
    font, size = TEXT
    canvas.setFont(font, size)
    for i, line in enumerate(simpleSplit(text, font, size, width * mm)):
        canvas.drawString(x * mm, top * mm - i * size * 1.3, line)


def _scale(canvas: Canvas, x: float, y: float, horizontal: bool, sign: int, label: str) -> None:
    """A ruler through (x, y), zero there: a tick every millimetre, numbered every 5 like any ruler."""
    canvas.saveState()
    canvas.translate(x * mm, y * mm)
    if not horizontal:
        canvas.rotate(90)  # the same drawing, read with the sheet turned a quarter
    canvas.setLineWidth(0.3)
    canvas.line(-SCALE_REACH * mm, 0, SCALE_REACH * mm, 0)
    canvas.setFont(*SMALL)
    for t in range(-SCALE_REACH, SCALE_REACH + 1):
        canvas.line(t * mm, 0, t * mm, (3.5 if t == 0 else 2.5 if t % 5 == 0 else 1.5) * mm)
        if t % 5 == 0:
            canvas.drawCentredString(t * mm, -3 * mm, f"{sign * t:+d}" if t else "0")
    canvas.drawCentredString(0, 5 * mm, label)
    canvas.restoreState()


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.3)
    canvas.line((x - 5) * mm, y * mm, (x + 5) * mm, y * mm)
    canvas.line(x * mm, (y - 5) * mm, x * mm, (y + 5) * mm)


def _square(canvas: Canvas, x: float, y: float, caption: str) -> None:
    canvas.setLineWidth(0.5)
    canvas.rect(x * mm, y * mm, SQUARE * mm, SQUARE * mm)
    canvas.setFont(*TEXT)
    canvas.drawCentredString((x + SQUARE / 2) * mm, (y + SQUARE + 4) * mm, caption)
