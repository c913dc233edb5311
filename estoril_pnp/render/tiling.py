"""Boards larger than the paper, as data: tiles that overlap by a glue strip, their marks and
labels, and the assembly map, in mm.

`tile` is a pure function. The board keeps one bleed around its outline; tiles meet inside it
with an overlap that is printed on both (so the seam shows no gap), each tile is laid over the
strip its left and upper neighbours keep for it, and a dashed glue line on that strip shows
where its edge goes. Each tile's margin holds a 10 mm square and the map a 50 mm scale bar, so
a ruler tells whether the printer scaled the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from string import ascii_uppercase

from .geometry import Box, Matrix, compose, mapped, translation
from .imposition import EPSILON, MARGIN, MARK_CLEAR, MARK_ROOM, DoesNotFit, Mark, Paper, onto_upright, turned

OVERLAP = 10.0  # mm: the default glue strip between neighbouring tiles
MAX_SHEETS = 16  # a board of more sheets than this is a poster, not a game board: refused
LABEL_ROOM = 7.0  # mm at the top of a tile's page for its label, above the marks
MAP_HEADING = 14.0  # mm at the top of the map page for its heading
CHECK = 10.0  # mm: the side of the square on each tile that checks the printer's scale
CHECK_GAP = 2.0  # mm between the square and a cut mark, or the ink below it
SCALE_BAR = 50.0  # mm of the board: the scale bar on the map


@dataclass(frozen=True)
class Tile:
    label: str  # row letter from the top, column number from the left: "B2"
    cut: Box  # the part of the board this tile keeps, in the board's own mm
    matrix: Matrix  # the board's mm onto the page
    clip: Box  # page mm: what is printed, the cut box and the board's bleed on its outer edges
    trim: Box  # page mm: the cut box on the page
    marks: tuple[Mark, ...]  # page mm: cut marks on the cut lines, glue lines on the strips kept for neighbours
    label_at: tuple[float, float]  # mm in the grid's frame (drawn through the plan's `upright`): the label's baseline
    check: Box  # mm in the grid's frame: the CHECK square, in the margin above the tile, clear of its marks


@dataclass(frozen=True)
class TilePlan:
    page_width: float  # mm: the paper upright, as for every sheet
    page_height: float
    rows: int
    columns: int
    overlap: float
    upright: Matrix  # the grid's frame onto the upright page: a quarter turn for tiles across the paper
    tiles: tuple[Tile, ...]  # reading order: the top row first, left to right
    map_matrix: Matrix  # the board's mm onto the map page, scaled down
    map_clip: Box  # page mm: the board and its bleed on the map page
    scale_bar: tuple[float, float, float]  # page mm: x0, x1, y of SCALE_BAR mm of the board on the map, in the heading

    @property
    def map_scale(self) -> float:
        """Page mm on the map per mm of the board."""
        return self.map_matrix[0]

    @property
    def sheets(self) -> int:
        return len(self.tiles)


def tile(paper: Paper, width: float, height: float, bleed: float, overlap: float = OVERLAP) -> TilePlan:
    """The tiling with fewest sheets of `paper` (upright or across it; upright on a tie).

    DoesNotFit if even the best needs more than MAX_SHEETS.
    """
    best: tuple[int, int, bool] | None = None
    for landscape in (False, True):
        frame_w, frame_h = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        room_w, room_h = _room(frame_w, frame_h)
        columns, rows = _count(width, bleed, overlap, room_w), _count(height, bleed, overlap, room_h)
        if columns and rows and (best is None or columns * rows < best[0] * best[1]):
            best = (columns, rows, landscape)
    if best is None or best[0] * best[1] > MAX_SHEETS:
        need = f" needs {best[0] * best[1]} sheets of {paper.name}" if best else f" cannot be tiled on {paper.name}"
        raise DoesNotFit(
            f"a {width:g} x {height:g} mm board with {bleed:g} mm bleed{need}; "
            f"a board is tiled onto at most {MAX_SHEETS} sheets"
        )
    columns, rows, landscape = best
    frame = (paper.height, paper.width) if landscape else (paper.width, paper.height)
    board = _Board(height, bleed, overlap, _cut(width, columns, overlap), _cut(height, rows, overlap))
    upright = onto_upright(paper, landscape)
    tiles = tuple(_tile(board, r, c, rows, columns, frame, upright) for r in range(rows) for c in range(columns))
    map_matrix, map_clip = _map(paper, width, height, bleed)
    scale = map_matrix[0]
    right = paper.width - MARGIN - MARK_ROOM  # the heading's line, right of the heading however narrow the map
    bar = (right - SCALE_BAR * scale, right, paper.height - MAP_HEADING + 1.0)
    return TilePlan(paper.width, paper.height, rows, columns, overlap, upright, tiles, map_matrix, map_clip, bar)


def _room(frame_w: float, frame_h: float) -> tuple[float, float]:
    """The largest printed tile in a frame: margins and marks all round, the label's band at the top."""
    edge = 2 * (MARGIN + MARK_ROOM)
    return frame_w - edge, frame_h - edge - LABEL_ROOM


def _count(length: float, bleed: float, overlap: float, room: float) -> int:
    """Fewest tiles along one side whose widest printed tile fits `room`; 0 if none does.

    With one tile it carries the bleed on both ends, with more each end tile carries it on one.
    """
    if length + 2 * bleed <= room + EPSILON:  # Letter's 215.9 and 279.4 mm are not exact in binary
        return 1
    usable = room - bleed - overlap  # what each further tile adds beyond the first's overlap
    if usable <= 0:
        return 0
    return max(2, math.ceil((length - overlap - EPSILON) / usable))


def _cut(length: float, count: int, overlap: float) -> float:
    """Equal tiles: `count` of them, overlapping by `overlap`, span `length` exactly."""
    return (length + (count - 1) * overlap) / count


def _label(row: int, column: int) -> str:
    return f"{ascii_uppercase[row]}{column + 1}"


@dataclass(frozen=True)
class _Board:
    height: float
    bleed: float
    overlap: float
    cut_w: float  # every tile's cut box
    cut_h: float


def _tile(
    board: _Board, row: int, column: int, rows: int, columns: int, frame: tuple[float, float], upright: Matrix
) -> Tile:
    b, o = board.bleed, board.overlap
    cut = Box(
        column * (board.cut_w - o), board.height - board.cut_h - row * (board.cut_h - o), board.cut_w, board.cut_h
    )
    # the bleed only on the board's own edges: inside, the neighbour's overlap covers the seam
    ink = cut.grow(
        b if column == 0 else 0.0,
        b if row == rows - 1 else 0.0,
        b if column == columns - 1 else 0.0,
        b if row == 0 else 0.0,
    )
    room_w, room_h = _room(*frame)
    edge = MARGIN + MARK_ROOM
    at = Box(edge + (room_w - ink.width) / 2, edge + (room_h - ink.height) / 2, ink.width, ink.height)
    onto_frame = translation(at.x - ink.x, at.y - ink.y)
    trim = mapped(onto_frame, cut)
    marks = _cut_marks(trim, at)
    if column < columns - 1:  # the right neighbour's left edge lands here
        marks.append(Mark(trim.right - o, at.y - MARK_ROOM, trim.right - o, at.top + MARK_ROOM, "glue"))
    if row < rows - 1:  # the lower neighbour's top edge lands here
        marks.append(Mark(at.x - MARK_ROOM, trim.y + o, at.right + MARK_ROOM, trim.y + o, "glue"))
    # the square hangs from the top of the label's band down into the marks' room, to the right of
    # the label and of the left cut mark and far left of the glue line: clear of every mark and the ink
    top = frame[1] - MARGIN - 1.0
    check = Box(max(edge + 12.0, trim.x + CHECK_GAP), top - CHECK, CHECK, CHECK)
    return Tile(
        _label(row, column),
        cut,
        compose(upright, onto_frame),
        mapped(upright, at),
        mapped(upright, trim),
        tuple(turned(m, upright) for m in marks),
        (edge, frame[1] - MARGIN - LABEL_ROOM + 1.5),
        check,
    )


def _cut_marks(trim: Box, ink: Box) -> list[Mark]:
    """A mark on each cut line beyond each side of the printed tile, clear of its ink."""
    near, far = MARK_CLEAR, MARK_ROOM
    marks = [Mark(x, ink.y - far, x, ink.y - near) for x in (trim.x, trim.right)]
    marks += [Mark(x, ink.top + near, x, ink.top + far) for x in (trim.x, trim.right)]
    marks += [Mark(ink.x - far, y, ink.x - near, y) for y in (trim.y, trim.top)]
    marks += [Mark(ink.right + near, y, ink.right + far, y) for y in (trim.y, trim.top)]
    return marks


def _map(paper: Paper, width: float, height: float, bleed: float) -> tuple[Matrix, Box]:
    """The board with its bleed, scaled to fill the upright page under the heading."""
    edge = MARGIN + MARK_ROOM
    room = Box(edge, edge, paper.width - 2 * edge, paper.height - 2 * edge - MAP_HEADING)
    bled = Box(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    scale = min(room.width / bled.width, room.height / bled.height)
    at = Box(
        room.cx - bled.width * scale / 2, room.cy - bled.height * scale / 2, bled.width * scale, bled.height * scale
    )
    matrix = (scale, 0.0, 0.0, scale, at.x + bleed * scale, at.y + bleed * scale)
    return matrix, at
