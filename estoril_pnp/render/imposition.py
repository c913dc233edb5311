"""Imposition as data: where each piece, its back and every crop mark go on a sheet, in mm.

`plan` is a pure function. It tries the page upright and turned, with two spacings, and keeps
the layout that fits most pieces; nothing here knows which piece it is placing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from .geometry import IDENTITY, Box, Matrix, apply, compose, mapped, translation
from .outline import RECT, Outline
from .outline import marks as outline_marks
from .packing import packed

MARGIN = 6.0  # unprintable border of a home printer: nothing is drawn inside it
MARK_CLEAR = 1.0  # gap between a crop mark and the nearest bleed, so a mark never touches ink
EPSILON = 1e-6  # mm: rounding, not a tolerance
MARK_ROOM = 5.0  # space a crop mark needs beyond a bleed edge: the clear gap plus the mark itself
OUTLINE_MARK = 2.0  # mm: a mark pointing at a circle's or polygon's cut, each piece having its own


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # upright, mm
    height: float


PAPERS: dict[str, Paper] = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}


class Backs(StrEnum):
    none = "none"
    duplex_long = "duplex-long"
    duplex_short = "duplex-short"
    fold = "fold"


@dataclass(frozen=True)
class Mark:
    """A straight crop, fold or glue mark from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: Literal["cut", "fold", "glue"] = "cut"


@dataclass(frozen=True)
class Slot:
    """One piece's place: its trim box, the area its drawing may fill, and the map from the
    piece's own millimetres onto the page, for face and back."""

    front: Box
    front_clip: Box
    front_matrix: Matrix
    back: Box | None  # on the back page (duplex), beside the front (fold), or nowhere
    back_clip: Box | None
    back_matrix: Matrix | None
    marks: tuple[Mark, ...] = ()  # a circle's or polygon's own marks (its back's too, beside it), on the page


@dataclass(frozen=True)
class SheetPlan:
    page_width: float  # mm: always the paper upright, so a back offset is in the paper's own frame
    page_height: float
    slots: tuple[Slot, ...]  # reading order of the grid: its top row first, left to right
    marks: tuple[Mark, ...]
    back_page: bool  # backs go on a page of their own, printed on the other side
    marks_in_gutters: bool
    turned: bool  # the grid is laid across the paper: pieces are drawn a quarter turn round
    back_flip: Literal["x", "y"] = "x"  # the piece's own axis its back is turned over (a polygon's outline follows)


class DoesNotFit(ValueError):
    """The piece, with its bleed and crop marks, is larger than the printable area."""


@dataclass(frozen=True)
class _Grid:
    columns: int
    rows: int
    gap: float
    landscape: bool
    gutter_marks: bool


def plan(
    paper: Paper,
    width: float,
    height: float,
    bleed: float,
    backs: Backs = Backs.none,
    back_offset: tuple[float, float] = (0.0, 0.0),
    outline: Outline = RECT,
) -> SheetPlan:
    """The layout with most pieces per page for one piece size; DoesNotFit if none fits.

    The grid may be laid across the paper, but the page itself stays upright: a printer
    turns a landscape page one way or the other, and the back offset read on the upright
    calibration page would then point the wrong way.

    A circle, hexagon or polygon gets marks of its own around each piece (`outline.marks`),
    not the grid's along the trim lines: the gutters leave room for two facing marks.
    """
    fold = backs is Backs.fold
    cell_w = 2 * width if fold else width  # folding puts the back beside the front, sharing an edge
    own = outline.own_marks
    grid = _best_grid(paper, cell_w, height, bleed, own)
    if grid is None:
        what = f"{_mm(width)} x {_mm(height)} mm" + (" folded with its back" if fold else "")
        raise DoesNotFit(
            f"a {what} piece with {_mm(bleed)} mm bleed and crop marks does not fit on {paper.name} "
            f"inside the {_mm(MARGIN)} mm margin"
        )
    grid_w, grid_h = (paper.height, paper.width) if grid.landscape else (paper.width, paper.height)
    cells, landscape = _cells(grid, grid_w, grid_h, cell_w, height), grid.landscape
    if own and not fold:
        cells, landscape = _tighter(paper, width, height, bleed, outline, cells, landscape)
    upright = onto_upright(paper, landscape)
    slots = tuple(
        _fold_slot(cell, width, height, bleed, upright)
        if fold
        else _slot(cell, width, height, bleed, backs, back_offset, paper, upright)
        for cell in cells
    )
    flip: Literal["x", "y"] = "x" if fold or mirrors_x(backs) != landscape else "y"
    if own:
        slots = tuple(_own_marks(s, outline, width, height, bleed, fold, flip) for s in slots)
        marks: tuple[Mark, ...] = ()
    else:
        grid_marks = _marks(cells, bleed, grid.gutter_marks, fold_at=width if fold else None)
        marks = tuple(turned(m, upright) for m in grid_marks)
    back_page = backs in (Backs.duplex_long, Backs.duplex_short)
    if back_page:
        _check_on_paper(slots, paper, back_offset)
    return SheetPlan(paper.width, paper.height, slots, marks, back_page, grid.gutter_marks, landscape, flip)


def _tighter(
    paper: Paper, width: float, height: float, bleed: float, outline: Outline, cells: list[Box], landscape: bool
) -> tuple[list[Box], bool]:
    """A honeycomb of hexagons or staggered rows of circles, upright or across, where one holds
    more than the grid; else the grid. Read top row first, left to right, as the grid."""
    room, reach = MARGIN + bleed + MARK_ROOM, bleed + MARK_CLEAR + OUTLINE_MARK
    for across in (False, True):
        page_w, page_h = (paper.height, paper.width) if across else (paper.width, paper.height)
        found = packed(page_w, page_h, room, width, height, reach, outline)
        if len(found) > len(cells):
            cells, landscape = sorted(found, key=lambda b: (-round(b.y, 6), b.x)), across
    return cells, landscape


def _own_marks(
    slot: Slot, outline: Outline, width: float, height: float, bleed: float, fold: bool, flip: Literal["x", "y"]
) -> Slot:
    """The slot with its piece's own marks (and, folded, its back's and the fold's), on the page.
    Folded, the back lies beside the front (its frame `width` further along): a mark of either that
    would fall on the other is left out."""
    sides = [(0.0, outline)]
    if fold:
        sides.append((width, outline.flipped(flip, width, height)))
    found = [
        Mark(*apply(slot.front_matrix, dx + x0, y0), *apply(slot.front_matrix, dx + x1, y1))
        for dx, shape in sides
        for x0, y0, x1, y1 in outline_marks(shape, width, height, bleed, MARK_CLEAR, OUTLINE_MARK)
        if not any(
            _within(Box(other, 0.0, width, height).grow(bleed, bleed, bleed, bleed), dx + x, y)
            for other, _ in sides
            if other != dx
            for x, y in ((x0, y0), (x1, y1))
        )
    ]
    if fold:  # the fold line, marked above and below the pair
        near, far = bleed + MARK_CLEAR, bleed + MARK_CLEAR + OUTLINE_MARK
        for y0, y1 in ((height + near, height + far), (-near, -far)):
            found.append(Mark(*apply(slot.front_matrix, width, y0), *apply(slot.front_matrix, width, y1), "fold"))
    return replace(slot, marks=tuple(found))


def _within(box: Box, x: float, y: float) -> bool:
    return box.x < x < box.right and box.y < y < box.top


def onto_upright(paper: Paper, landscape: bool) -> Matrix:
    """The map from a grid's frame onto the upright page: a quarter turn anticlockwise for a grid across the paper."""
    return (0.0, 1.0, -1.0, 0.0, paper.width, 0.0) if landscape else IDENTITY


def _best_grid(paper: Paper, cell_w: float, cell_h: float, bleed: float, own_marks: bool = False) -> _Grid | None:
    """Most cells first; on a tie an upright page (simpler duplex), then marks in the gutters too.
    Pieces with marks of their own always have gutters, wide enough for two facing marks."""
    best: _Grid | None = None
    for landscape in (False, True):
        page_w, page_h = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        for gutter_marks in (True,) if own_marks else (True, False):
            # Marks between pieces need their own room; without it the bleeds touch and the
            # marks stay in the outer margin, extending the cut lines across the sheet.
            gap = 2 * bleed + (MARK_ROOM if gutter_marks else 0.0)
            if own_marks:
                gap = 2 * (bleed + MARK_CLEAR + OUTLINE_MARK)
            columns, rows = _fit(page_w, cell_w, bleed, gap), _fit(page_h, cell_h, bleed, gap)
            grid = _Grid(columns, rows, gap, landscape, gutter_marks)
            if grid.columns and grid.rows and (best is None or grid.columns * grid.rows > best.columns * best.rows):
                best = grid
    return best


def _fit(page: float, cell: float, bleed: float, gap: float) -> int:
    """How many cells fit along one side: n·cell + (n-1)·gap + 2·bleed + 2·mark room ≤ printable."""
    room = page - 2 * MARGIN - 2 * bleed - 2 * MARK_ROOM
    return max(0, int((room + gap + EPSILON) // (cell + gap)))  # a piece that fills it exactly fits


def _cells(grid: _Grid, page_w: float, page_h: float, cell_w: float, cell_h: float) -> list[Box]:
    """The grid centred on the page, so a mirrored back page lands on the same grid."""
    span_w = grid.columns * cell_w + (grid.columns - 1) * grid.gap
    span_h = grid.rows * cell_h + (grid.rows - 1) * grid.gap
    x0, y0 = (page_w - span_w) / 2, (page_h - span_h) / 2
    return [
        Box(x0 + c * (cell_w + grid.gap), y0 + r * (cell_h + grid.gap), cell_w, cell_h)
        for r in reversed(range(grid.rows))
        for c in range(grid.columns)
    ]


def _slot(
    cell: Box,
    width: float,
    height: float,
    bleed: float,
    backs: Backs,
    offset: tuple[float, float],
    paper: Paper,
    upright: Matrix,
) -> Slot:
    trim, bled = Box(0, 0, width, height), Box(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    front = compose(upright, translation(cell.x, cell.y))
    if backs is Backs.none:
        return Slot(mapped(front, trim), mapped(front, bled), front, None, None, None)
    # The back lies behind the front once the sheet is turned, shifted by the printer's offset,
    # and turned like its front: it reads upright when the piece is turned over the same edge
    # the sheet was.
    back_trim = mirror(mapped(front, trim), backs, paper.width, paper.height).moved(*offset)
    back = _onto(front, trim, back_trim)
    return Slot(mapped(front, trim), mapped(front, bled), front, back_trim, mapped(back, bled), back)


def _onto(turned: Matrix, trim: Box, target: Box) -> Matrix:
    """The map with `turned`'s quarter turn that lays `trim` exactly onto `target`."""
    linear = (*turned[:4], 0.0, 0.0)
    image = mapped(linear, trim)
    return compose(translation(target.x - image.x, target.y - image.y), linear)


def mirror(box: Box, backs: Backs, page_w: float, page_h: float) -> Box:
    """Where a box's back goes when the upright sheet turns over its long or short edge."""
    if mirrors_x(backs):
        return Box(page_w - box.right, box.y, box.width, box.height)
    return Box(box.x, page_h - box.top, box.width, box.height)


def mirrors_x(backs: Backs) -> bool:
    """An upright page has vertical long edges: turning it over a long edge mirrors x."""
    return backs is Backs.duplex_long


def _check_on_paper(slots: tuple[Slot, ...], paper: Paper, offset: tuple[float, float]) -> None:
    page = Box(0, 0, paper.width, paper.height)
    for s in slots:
        c = s.back_clip
        if c is not None and not (
            c.x >= -EPSILON and c.y >= -EPSILON and c.right <= page.right + EPSILON and c.top <= page.top + EPSILON
        ):
            raise DoesNotFit(
                f"a back offset of {_mm(offset[0])},{_mm(offset[1])} mm pushes the backs off the {paper.name} "
                "paper; print the calibration page again and read the offset there"
            )


def _fold_slot(cell: Box, width: float, height: float, bleed: float, upright: Matrix) -> Slot:
    """Front on the left, back on the right of the fold line; no bleed across the fold.

    Folded over that line, the back faces outward upright, so it is drawn unmirrored.
    """
    front = compose(upright, translation(cell.x, cell.y))
    back = compose(upright, translation(cell.x + width, cell.y))
    trim = Box(0, 0, width, height)
    return Slot(
        mapped(front, trim),
        mapped(front, trim.grow(bleed, bleed, 0, bleed)),
        front,
        mapped(back, trim),
        mapped(back, trim.grow(0, bleed, bleed, bleed)),
        back,
    )


def turned(m: Mark, upright: Matrix) -> Mark:
    """A mark drawn in a grid's frame, on the upright page."""
    (x0, y0), (x1, y1) = apply(upright, m.x0, m.y0), apply(upright, m.x1, m.y1)
    return Mark(x0, y0, x1, y1, m.kind)


def _marks(cells: list[Box], bleed: float, in_gutters: bool, fold_at: float | None) -> tuple[Mark, ...]:
    """Cut marks on every trim line, outside the grid and, with room, in the gutters; fold marks likewise."""
    xs = sorted({x for c in cells for x in (c.x, c.right)})
    ys = sorted({y for c in cells for y in (c.y, c.top)})
    folds = sorted({c.x + fold_at for c in cells}) if fold_at is not None else []
    # Bands free of pieces, across the sheet: below/above the grid and, with room, between rows.
    bottom, top = ys[0] - bleed - MARK_CLEAR, ys[-1] + bleed + MARK_CLEAR
    left, right = xs[0] - bleed - MARK_CLEAR, xs[-1] + bleed + MARK_CLEAR
    length = MARK_ROOM - MARK_CLEAR
    row_bands = [(bottom - length, bottom), (top, top + length)]
    col_bands = [(left - length, left), (right, right + length)]
    if in_gutters:
        row_bands += _gutters(sorted({c.y for c in cells}), sorted({c.top for c in cells}), bleed)
        col_bands += _gutters(sorted({c.x for c in cells}), sorted({c.right for c in cells}), bleed)
    marks = [Mark(x, lo, x, hi) for x in xs for lo, hi in row_bands]
    marks += [Mark(x, lo, x, hi, "fold") for x in folds for lo, hi in row_bands]
    marks += [Mark(lo, y, hi, y) for y in ys for lo, hi in col_bands]
    return tuple(marks)


def _gutters(starts: list[float], ends: list[float], bleed: float) -> list[tuple[float, float]]:
    """The free band between each pair of neighbouring rows (or columns), less bleed and clearance."""
    edge = bleed + MARK_CLEAR
    return [(end + edge, start - edge) for end, start in zip(ends[:-1], starts[1:], strict=True)]


def _mm(value: float) -> str:
    return f"{value:g}"
