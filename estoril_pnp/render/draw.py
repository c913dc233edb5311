"""The drawing loop: one small function per operation, nothing looked up or measured.

This is the only place where millimetres become PDF points: every caller, from a piece
on a sheet to a calibration page, hands over operations and boxes in mm.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import cos, pi, sin
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from . import icons, picture
from .docinfo import DocInfo, xmp
from .fonts import DEFAULT_FONT
from .geometry import IDENTITY, Box, Matrix
from .ops import GridOp, IconOp, ImageOp, LineOp, Op, RectOp, ShapeOp, StripesOp, TextOp, TextRun
from .outline import Line, Outline, cut_line
from .paint import colour, overprints
from .piece import Piece


def draw(
    canvas: Canvas,
    ops: Iterable[Op],
    bleed: float = 0.0,
    matrix: Matrix = IDENTITY,
    clip: Box | None = None,
    outline: Line | None = None,
) -> None:
    """Draws `ops` (mm) through `matrix` (mm to page mm), clipped to `clip` (page mm) if given,
    and to `outline` (the ops' own mm: a piece's outline grown by its bleed) if given."""
    canvas.saveState()
    canvas.scale(mm, mm)
    if clip is not None:
        path = canvas.beginPath()
        path.rect(clip.x, clip.y, clip.width, clip.height)
        canvas.clipPath(path, stroke=0, fill=0)
    if matrix != IDENTITY:
        canvas.transform(*matrix)
    if outline is not None:
        canvas.clipPath(_outline(canvas, outline), stroke=0, fill=0)
    for op in ops:
        fill, stroke = _overprinted(op)
        if fill or stroke:  # only black ink alone overprints: an RGB set never comes here, its bytes unchanged
            canvas.saveState()
            canvas.setFillOverprint(fill)
            canvas.setStrokeOverprint(stroke)
            canvas.setOverprintMask(1)  # a zero ink leaves the plate under it alone (DeviceCMYK)
            DRAW[type(op)](canvas, op, bleed)
            canvas.restoreState()
        else:
            DRAW[type(op)](canvas, op, bleed)
    canvas.restoreState()


def _overprinted(op: Op) -> tuple[bool, bool]:
    """Whether the operation's fill and its stroke overprint (render/paint.py: K_ONLY)."""
    if isinstance(op, TextOp | IconOp):
        return overprints(op.colour), False
    if isinstance(op, LineOp):
        return False, overprints(op.colour)
    if isinstance(op, RectOp | ShapeOp | GridOp):
        return overprints(op.fill), overprints(op.stroke)
    return False, False


def draw_piece(
    canvas: Canvas, piece: Piece, x: float = 0.0, y: float = 0.0, back: bool = False, bleed: float = 0.0
) -> None:
    """One side of a piece with its trim box's lower-left corner at (x, y) mm, clipped to its bleed."""
    ops = piece.back if back else piece.front
    if ops is None:
        return
    clip = Box(x - bleed, y - bleed, piece.width + 2 * bleed, piece.height + 2 * bleed)
    shape = piece.outline.flipped("x", piece.width, piece.height) if back else piece.outline
    draw(canvas, ops, bleed, (1.0, 0.0, 0.0, 1.0, x, y), clip, bled(shape, piece.width, piece.height, bleed))


def bled(shape: Outline, width: float, height: float, bleed: float) -> Line | None:
    """What a piece of this outline is clipped to besides its bleed box: its outline grown by the
    bleed; None for a plain rectangle, which the box alone clips."""
    return None if shape.plain else cut_line(shape, width, height, bleed)


def _outline(canvas: Canvas, line: Line) -> object:
    path = canvas.beginPath()
    b = line.box
    if line.kind == "ellipse":
        path.ellipse(b.x, b.y, b.width, b.height)
    elif line.kind == "box" and line.radius:
        path.roundRect(b.x, b.y, b.width, b.height, line.radius)
    elif line.kind == "box":
        path.rect(b.x, b.y, b.width, b.height)
    else:
        (x0, y0), *rest = line.points
        path.moveTo(x0, y0)
        for x, y in rest:
            path.lineTo(x, y)
        path.close()
    return path


def new_canvas(path: Path, info: DocInfo) -> Canvas:
    """A PDF canvas whose bytes depend only on what is drawn and what `info` says of it."""
    # invariant=1: no dates or random ids, so the same input gives byte-identical PDFs.
    # a TrueType initial font, so no unembedded Base-14 font is ever referenced
    canvas = Canvas(str(path), invariant=1, initialFontName=DEFAULT_FONT, pageCompression=1, lang=info.lang)
    canvas.setTitle(info.title)
    canvas.setAuthor(info.author)
    canvas.setSubject(info.subject)
    canvas.setCreator("estoril-pnp")
    canvas.setViewerPreference("DisplayDocTitle", "true")  # the title bar shows the title, not the file name
    describe(canvas, info)
    return canvas


def describe(canvas: Canvas, info: DocInfo) -> None:
    """Puts the document's XMP packet (render/docinfo.py) in its catalog: ReportLab has no call for it."""
    stream = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}), xmp(info))
    canvas._doc.Catalog.Metadata = stream


def new_page(canvas: Canvas, width: float, height: float, trim: Box | None = None, bleed: Box | None = None) -> None:
    """Starts the page size (mm) for what is drawn next, with its TrimBox (`trim`, else the whole
    page: a sheet is printed and kept whole) and BleedBox (`bleed`, else the whole page)."""
    # every page sets both: ReportLab keeps a box for the pages after it, so a map after a tile
    # would otherwise take the tile's
    page = Box(0.0, 0.0, width, height)
    canvas.setPageSize((width * mm, height * mm))
    canvas.setTrimBox(_points(trim or page))
    canvas.setBleedBox(_points(bleed or page))


def _points(box: Box) -> tuple[float, float, float, float]:
    return box.x * mm, box.y * mm, box.right * mm, box.top * mm


def _paint(canvas: Canvas, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
    if fill:
        canvas.setFillColor(colour(fill))
    if stroke:
        canvas.setStrokeColor(colour(stroke))
        canvas.setLineWidth(width)
    return (1 if fill else 0), (1 if stroke else 0)


def _rect(canvas: Canvas, op: RectOp, bleed: float) -> None:
    b = op.box.inset(-bleed) if op.bleed else op.box
    fill, stroke = _paint(canvas, op.fill, op.stroke, op.width)
    canvas.setDash(list(op.dash) if op.dash else [])
    if op.radius:
        canvas.roundRect(b.x, b.y, b.width, b.height, op.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(b.x, b.y, b.width, b.height, stroke=stroke, fill=fill)
    canvas.setDash([])


def _text(canvas: Canvas, op: TextOp, bleed: float) -> None:
    canvas.saveState()
    canvas.setFont(op.font, op.size)
    canvas.setFillColor(colour(op.colour))
    if op.angle:
        canvas.translate(*op.pivot)
        canvas.rotate(op.angle)
        canvas.translate(-op.pivot[0], -op.pivot[1])
    if op.spans:
        _marked(canvas, op)
    else:
        show = {"left": canvas.drawString, "right": canvas.drawRightString, "center": canvas.drawCentredString}
        for x, y, line in op.lines:
            show[op.align](x, y, line)
    canvas.restoreState()


def _marked(canvas: Canvas, op: TextOp) -> None:
    """Each line's runs in their faces and its icons, side by side from where the line starts."""
    for (x, y, _), spans in zip(op.lines, op.spans, strict=True):
        width = sum(s.width for s in spans)
        left = {"left": x, "center": x - width / 2, "right": x - width}[op.align]
        for span in spans:
            if isinstance(span, TextRun):
                canvas.setFont(span.font, op.size)
                canvas.drawString(left, y, span.text)
            else:  # standing on the baseline, as tall as the capitals
                icons.place(canvas, span.icon, span.colour, left, y, span.width, span.height)
            left += span.width


def _icon(canvas: Canvas, op: IconOp, bleed: float) -> None:
    b = op.box
    icons.place(canvas, op.icon, op.colour, b.x, b.y, b.width, b.height)


def _image(canvas: Canvas, op: ImageOp, bleed: float) -> None:
    picture.place(canvas, op, op.box.inset(-bleed) if op.bleed else op.box)


def _shape(canvas: Canvas, op: ShapeOp, bleed: float) -> None:
    b = op.box
    fill, stroke = _paint(canvas, op.fill, op.stroke, op.width)
    r = min(b.width, b.height) / 2
    if op.shape == "circle":
        canvas.circle(b.cx, b.cy, r, stroke=stroke, fill=fill)
        return
    corners = {
        "square": [(-0.82, -0.82), (0.82, -0.82), (0.82, 0.82), (-0.82, 0.82)],
        "diamond": [(0, -1), (1, 0), (0, 1), (-1, 0)],
        "triangle": [(-0.95, -0.75), (0.95, -0.75), (0, 0.95)],
        "star": [
            (
                (1 if i % 2 == 0 else 0.45) * cos(pi / 2 + i * pi / 5),
                (1 if i % 2 == 0 else 0.45) * sin(pi / 2 + i * pi / 5),
            )
            for i in range(10)
        ],
    }[op.shape]
    path = canvas.beginPath()
    path.moveTo(b.cx + corners[0][0] * r, b.cy + corners[0][1] * r)
    for dx, dy in corners[1:]:
        path.lineTo(b.cx + dx * r, b.cy + dy * r)
    path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill)


def _stripes(canvas: Canvas, op: StripesOp, bleed: float) -> None:
    """A hazard-striped frame: diagonal bands clipped to the ring between box and inset."""
    b, inner = op.box, op.box.inset(op.band)
    canvas.saveState()
    ring = canvas.beginPath()
    ring.rect(b.x, b.y, b.width, b.height)
    ring.rect(inner.x, inner.y, inner.width, inner.height)
    canvas.clipPath(ring, stroke=0, fill=0, fillMode=0)  # even-odd: the ring only
    canvas.setFillColor(colour(op.colours[1]))
    canvas.rect(b.x, b.y, b.width, b.height, stroke=0, fill=1)
    canvas.setFillColor(colour(op.colours[0]))
    step = op.band * 1.6
    x = b.x - b.height
    while x < b.x + b.width:
        p = canvas.beginPath()
        p.moveTo(x, b.y)
        p.lineTo(x + step / 2, b.y)
        p.lineTo(x + step / 2 + b.height, b.y + b.height)
        p.lineTo(x + b.height, b.y + b.height)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
        x += step
    canvas.restoreState()


def _grid(canvas: Canvas, op: GridOp, bleed: float) -> None:
    b = op.box
    side = min(b.width / op.cols, b.height / op.rows)
    x0, y0 = b.cx - side * op.cols / 2, b.cy + side * op.rows / 2
    _paint(canvas, op.fill, op.stroke, op.width)
    filled = set(op.cells)
    for col in range(op.cols):
        for row in range(op.rows):
            x, y = x0 + col * side, y0 - (row + 1) * side
            canvas.rect(
                x + side * 0.15,
                y + side * 0.15,
                side * 0.7,
                side * 0.7,
                stroke=1,
                fill=1 if (col, row) in filled else 0,
            )


def _line(canvas: Canvas, op: LineOp, bleed: float) -> None:
    _paint(canvas, None, op.colour, op.width)
    canvas.setDash(list(op.dash) if op.dash else [])
    canvas.line(op.x0, op.y0, op.x1, op.y1)
    canvas.setDash([])


DRAW = {
    LineOp: _line,
    RectOp: _rect,
    TextOp: _text,
    IconOp: _icon,
    ImageOp: _image,
    ShapeOp: _shape,
    StripesOp: _stripes,
    GridOp: _grid,
}
