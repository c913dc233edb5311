"""A score pad: a table of rows × columns to fill in by pen, with notes under it, on upright pages:
one, or as many as its rows need.

Plain values in (texts, shapes, colours), drawing operations in mm out, drawn by the one drawing
loop. Which rows and columns a game has is the game's business; this module only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .draw import draw, new_page
from .geometry import Box
from .imposition import Paper
from .ops import LineOp, Op, RectOp, ShapeOp, TextOp
from .text import PT, fit


@dataclass(frozen=True)
class Column:
    heading: str  # e.g. a player colour's name
    shape: str  # a ShapeOp shape drawn above the heading, so no column is told by colour alone
    colour: str  # #rrggbb fill of the shape


@dataclass(frozen=True)
class Row:
    label: str
    hint: str = ""  # how the row is scored, in small type under the label
    tag: str = ""  # a word at the row's right end, e.g. the variant that adds the row
    shaded: bool = False  # a row not every game has
    write_in: bool = False  # a line after the label to write on (which mission it was)
    strong: bool = False  # the result: bold, framed heavier
    tick: bool = False  # a box in each column to tick (a condition that ends the game), not a number
    # the columns (by index) of seats the row is not for (it reads only entries they do not have):
    # their cells are hatched, with no box and no room to write
    absent: tuple[int, ...] = ()


@dataclass(frozen=True)
class Line:
    """A line under each seat's name to write a choice on (its main state), made once per game."""

    caption: str  # set like the name's caption, at the line's left
    shaded: bool = False  # a choice not every game has
    absent: tuple[int, ...] = ()  # the columns of seats that make no such choice: hatched


@dataclass(frozen=True)
class Note:
    term: str  # set bold in the label column; may be ""
    text: str  # wrapped in the width of the player columns


@dataclass(frozen=True)
class Pad:
    title: str
    subtitle: str
    name_caption: str  # heading of the row of blank name lines
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    notes: tuple[Note, ...] = ()
    lines: tuple[Line, ...] = ()  # under the name line, each as tall as it


@dataclass(frozen=True)
class Drawing:
    ops: tuple[Op, ...]
    overflows: tuple[str, ...]  # texts that overflow their box even at their smallest size


MARGIN = 14.0  # mm: clear of any home printer's unprintable border
LABEL_SHARE = 0.38  # of the table's width: the row headings; the rest is shared by the columns
HEADER, NAME_ROW = 19.0, 11.0  # mm: the shape and colour name; the blank name line
ROW_MIN, ROW_MAX = 10.0, 14.0  # mm: room for handwritten numbers (≥ 9 mm asked), not a stretched sheet
SHAPE = 8.0  # mm
TICK = 5.0  # mm: a box to tick with a pen
PAD = 2.0  # mm: text inside a cell
INK, RULE, SHADE = "#000000", "#666666", "#e4e4e4"
HATCH = ("#8c8c8c", 0.2, 2.5)  # colour, line width and spacing in mm of a cell that is not for its seat
TITLE = ("Oswald-Bold", 20.0)  # font, pt
SUBTITLE = ("Vollkorn-Italic", 10.0)
LABEL, STRONG = ("Oswald-Bold", 11.0), ("Oswald-Bold", 13.0)
HEADING, CAPTION = ("Oswald-Bold", 11.0), ("Oswald-Regular", 9.0)
HINT, TAG = ("Vollkorn-Regular", 7.5), ("Vollkorn-Italic", 8.0)
NOTE_TERM, NOTE_TEXT = ("Oswald-Bold", 9.0), ("Vollkorn-Regular", 9.0)
SMALLEST = 0.75  # a text shrinks to this share of its size before it is reported
LEADING = 1.2
ASCENT = 0.72  # of the size: baseline to cap height, to centre a line of text by eye


@dataclass(frozen=True)
class _Text:
    lines: tuple[str, ...]
    font: str
    size: float  # mm
    fits: bool

    @property
    def height(self) -> float:
        return self.size * (ASCENT + LEADING * (len(self.lines) - 1))

    def width(self) -> float:
        return max((stringWidth(line, self.font, self.size) for line in self.lines), default=0.0)


def _fit(text: str, style: tuple[str, float], width: float, lines: int = 1) -> _Text:
    font, size = style
    wrap = lines > 1
    got = fit(text, font, width / PT, size * LEADING * lines, size, size * SMALLEST, LEADING, wrap)
    return _Text(got.lines, font, got.size * PT, got.fits and len(got.lines) <= lines)


def _set(t: _Text, x: float, top: float, align: str = "left") -> TextOp:
    """`t` with its first cap height at `top`."""
    first = top - t.size * ASCENT
    lines = tuple((x, first - i * t.size * LEADING, line) for i, line in enumerate(t.lines))
    return TextOp(t.font, t.size, INK, lines, align, 0.0, (x, first))


class _Page:
    """Collects operations and the texts that did not fit while the page is laid out."""

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.overflows: list[str] = []

    def text(self, what: str, t: _Text, x: float, top: float, align: str = "left") -> None:
        if not t.fits:
            self.overflows.append(f"{what}: {' '.join(t.lines)!r} does not fit")
        self.ops.append(_set(t, x, top, align))

    def line(
        self, x0: float, y0: float, x1: float, y1: float, width: float, colour: str = RULE, dash: tuple[float, ...] = ()
    ) -> None:
        self.ops.append(LineOp(x0, y0, x1, y1, colour, width, dash))


def _frame(pad: Pad, paper: Paper) -> tuple[float, float, list[tuple[_Text, _Text]], float]:
    """The label column's width, the columns' width, the notes set, and the height left for the rows."""
    w, h = paper.width, paper.height
    left, right = MARGIN, w - MARGIN
    label_w = (right - left) * LABEL_SHARE
    col_w = (right - left - label_w) / max(len(pad.columns), 1)
    notes = [
        (_fit(n.term, NOTE_TERM, label_w - PAD, 3), _fit(n.text, NOTE_TEXT, right - (left + label_w) - PAD, 4))
        for n in pad.notes
    ]
    notes_h = sum(max(term.height, text.height) + 3.0 for term, text in notes)
    table_top = h - MARGIN - TITLE[1] * PT - 5.0
    below = NAME_ROW * len(pad.lines)  # the lines under the name's
    return label_w, col_w, notes, table_top - HEADER - NAME_ROW - below - 6.0 - notes_h - MARGIN


def pad_page(pad: Pad, paper: Paper, row_h: float | None = None) -> Drawing:
    """The pad on an upright page of `paper`: title, the table, then the notes; all in mm.
    `row_h` sets the rows' height (a pad that goes on over pages keeps one height on all)."""
    page = _Page()
    w, h = paper.width, paper.height
    left, right = MARGIN, w - MARGIN
    label_w, col_w, notes, rows_room = _frame(pad, paper)
    xs = [left + label_w + i * col_w for i in range(len(pad.columns) + 1)]

    top = h - MARGIN
    page.text("title", _fit(pad.title, TITLE, (right - left) * 0.55), left, top)
    page.text("subtitle", _fit(pad.subtitle, SUBTITLE, (right - left) * 0.4), right, top - 2.5, "right")

    table_top = top - TITLE[1] * PT - 5.0
    below = NAME_ROW * len(pad.lines)
    if row_h is None:
        row_h = max(ROW_MIN, min(ROW_MAX, rows_room / max(len(pad.rows), 1)))
    if row_h * len(pad.rows) > rows_room + 1e-6:
        page.overflows.append(f"{len(pad.rows)} rows of {ROW_MIN:g} mm and the notes do not fit on {paper.name}")

    _header(page, pad, xs, col_w, table_top, label_w)
    body_top = table_top - HEADER - NAME_ROW - below
    y = body_top
    for row in pad.rows:
        _row(page, row, left, xs, y, row_h)
        y -= row_h
    bottom = y
    # the grid over the rows' shading: columns, then the frame
    for x in xs:
        page.line(x, table_top, x, bottom, 0.25)
    page.ops.append(RectOp(Box(left, bottom, right - left, table_top - bottom), None, INK, 0.5, 0.0, False))

    y = bottom - 6.0
    for term, text in notes:
        page.text("note", term, left, y)
        page.text("note", text, xs[0] + PAD, y)
        y -= max(term.height, text.height) + 3.0
    return Drawing(tuple(page.ops), tuple(page.overflows))


def pad_pages(pad: Pad, paper: Paper) -> tuple[Drawing, ...]:
    """The pad on as many pages as its rows need: each page has the title, marked "(page/pages)",
    and the column header; the rows that do not fit go on over the next; the notes follow the last."""
    with_notes = _frame(pad, paper)[3]
    full = int((_frame(replace(pad, notes=()), paper)[3] + 1e-6) // ROW_MIN)
    last = int((with_notes + 1e-6) // ROW_MIN)
    if len(pad.rows) * ROW_MIN <= with_notes + 1e-6 or last < 1:
        return (pad_page(pad, paper),)  # fits; or the notes alone fill a page: one page, and a warning
    parts, rest = [], pad.rows
    while len(rest) > last:
        # never the last row alone over a page of notes: the last page keeps at least one row
        take = min(full, len(rest) - 1)
        parts.append(rest[:take])
        rest = rest[take:]
    parts.append(rest)
    n = len(parts)
    return tuple(
        pad_page(
            replace(pad, title=f"{pad.title} ({i}/{n})", rows=rows, notes=pad.notes if i == n else ()), paper, ROW_MIN
        )
        for i, rows in enumerate(parts, start=1)
    )


def _header(page: _Page, pad: Pad, xs: list[float], col_w: float, top: float, label_w: float) -> None:
    for column, x in zip(pad.columns, xs, strict=False):
        cx = x + col_w / 2
        page.ops.append(
            ShapeOp(column.shape, Box(cx - SHAPE / 2, top - 2.5 - SHAPE, SHAPE, SHAPE), column.colour, INK, 0.3)
        )
        page.text("column", _fit(column.heading, HEADING, col_w - 2 * PAD), cx, top - 4.0 - SHAPE, "center")
        # the name is written on this line, under its colour
        page.line(x + PAD, top - HEADER - NAME_ROW + 3.0, x + col_w - PAD, top - HEADER - NAME_ROW + 3.0, 0.25, INK)
    page.text(
        "name", _fit(pad.name_caption, CAPTION, label_w - 2 * PAD), xs[0] - PAD, top - HEADER - NAME_ROW + 6.0, "right"
    )
    # each choice on a line of its own under the name's, set alike
    for i, line in enumerate(pad.lines, start=1):
        bottom = top - HEADER - NAME_ROW - NAME_ROW * i
        if line.shaded:
            band = Box(xs[0] - label_w, bottom, xs[-1] - xs[0] + label_w, NAME_ROW)
            page.ops.append(RectOp(band, SHADE, None, 0.0, 0.0, False))
        for j, x in enumerate(xs[:-1]):
            if j in line.absent:
                _hatch(page, Box(x, bottom, col_w, NAME_ROW))
            else:
                page.line(x + PAD, bottom + 3.0, x + col_w - PAD, bottom + 3.0, 0.25, INK)
        caption = _fit(line.caption, CAPTION, label_w - 2 * PAD)
        page.text(f"line {line.caption!r}", caption, xs[0] - PAD, bottom + 6.0, "right")
    bottom = top - HEADER - NAME_ROW - NAME_ROW * len(pad.lines)
    page.line(xs[0], bottom, xs[-1], bottom, 0.5, INK)


def _row(page: _Page, row: Row, left: float, xs: list[float], top: float, height: float) -> None:
    right = xs[-1]
    if row.shaded:
        page.ops.append(RectOp(Box(left, top - height, right - left, height), SHADE, None, 0.0, 0.0, False))
    width = xs[0] - left - 2 * PAD
    tag = _fit(row.tag, TAG, width * 0.45) if row.tag else None
    room = width - (tag.width() + PAD if tag else 0.0)
    label = _fit(row.label, STRONG if row.strong else LABEL, room)
    hint = _fit(row.hint, HINT, width, 2) if row.hint else None
    gap = 1.2
    block = label.height + (gap + hint.height if hint else 0.0)
    label_top = top - (height - block) / 2
    page.text(f"row {row.label!r}", label, left + PAD, label_top)
    baseline = label_top - label.size * ASCENT
    if tag:
        page.text(f"row {row.label!r} tag", tag, xs[0] - PAD, baseline + tag.size * ASCENT, "right")
    if row.write_in:
        start = left + PAD + label.width() + PAD
        end = xs[0] - PAD - (tag.width() + PAD if tag else 0.0)
        if end - start > 5.0:
            page.line(start, baseline, end, baseline, 0.2, RULE, (0.6, 0.8))
    if hint:
        page.text(f"row {row.label!r} hint", hint, left + PAD, label_top - label.height - gap)
    for i, (x0, x1) in enumerate(pairwise(xs)):
        if i in row.absent:
            _hatch(page, Box(x0, top - height, x1 - x0, height))
        elif row.tick:
            box = Box((x0 + x1 - TICK) / 2, top - (height + TICK) / 2, TICK, TICK)
            page.ops.append(RectOp(box, None, INK, 0.35, 0.0, False))
    weight = 0.6 if row.strong else 0.25
    page.line(left, top - height, right, top - height, weight, INK if row.strong else RULE)
    if row.strong:
        page.line(left, top, right, top, weight, INK)


def _hatch(page: _Page, cell: Box) -> None:
    """Diagonal lines across `cell`, each cut to it: the cell is not for its seat."""
    colour, width, step = HATCH
    x0, y0, x1, y1 = cell.x, cell.y, cell.right, cell.top
    # lines of x - y = k, from the top-left corner's k to the bottom-right's
    k = x0 - y1 + step / 2
    while k < x1 - y0:
        start, end = max(x0, y0 + k), min(x1, y1 + k)
        if end - start > 0.1:
            page.line(start, start - k, end, end - k, width, colour)
        k += step


def draw_pad(canvas: Canvas, pad: Pad, paper: Paper) -> tuple[str, ...]:
    """The pad, on one page or as many as its rows need. Returns what did not fit, for the caller to warn about."""
    overflows: list[str] = []
    for drawing in pad_pages(pad, paper):
        new_page(canvas, paper.width, paper.height)
        draw(canvas, drawing.ops)
        canvas.showPage()
        overflows += drawing.overflows
    return tuple(overflows)
