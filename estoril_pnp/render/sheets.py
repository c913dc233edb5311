"""Draws pages from a plan: pieces clipped to their bleed, backs where the plan puts them, marks last;
a board too large for the paper as its assembly map and then its tiles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from .draw import bled, draw, new_page
from .fonts import DEFAULT_FONT
from .geometry import Box, apply, mapped
from .imposition import MARGIN, MARK_ROOM, Mark, SheetPlan, Slot
from .ops import LineOp, Op, RectOp, TextOp
from .piece import Piece
from .text import PT
from .tiling import CHECK, MAP_HEADING, SCALE_BAR, TilePlan

Progress = Callable[[int], None]  # called with the number of pieces just drawn

MARK_WIDTH = 0.09  # mm (a quarter point): a hairline, still visible from an inkjet
FOLD_DASH = (0.7, 0.7)  # mm
GLUE_DASH = (2.0, 1.0)  # mm: longer than a fold's, told apart at a glance
MARK_COLOUR = "#000000"
LABEL_FONT, LABEL_SIZE = "Oswald-Bold", 14  # pt: a tile's label, read before it is cut
NOTE_FONT, NOTE_SIZE = DEFAULT_FONT, 9
STRIP = "#ffffff"  # the overlaps on the map: a veil over the board
MAP_LABEL_FILL = 0.6  # at most this share of a tile's width or height on the map is its label
BAR_WIDTH = 0.3  # mm: the map's scale bar, and the ticks at its ends


def draw_sheets(
    canvas: Canvas, pieces: Sequence[Piece], plan: SheetPlan, bleed: float, crop_marks: bool, progress: Progress
) -> None:
    """Pages of `plan.slots` pieces each; with duplex, every front page is followed by its back page."""
    per_page = len(plan.slots)
    for start in range(0, len(pieces), per_page):
        batch = list(zip(pieces[start : start + per_page], plan.slots, strict=False))
        new_page(canvas, plan.page_width, plan.page_height)
        for piece, slot in batch:
            outline = bled(piece.outline, piece.width, piece.height, bleed)
            draw(canvas, piece.front, bleed, slot.front_matrix, slot.front_clip, outline)
            if not plan.back_page:
                _back(canvas, piece, slot, bleed, plan.back_flip)
        if crop_marks:
            marks = _marks_for(plan.marks, [slot for _, slot in batch], not plan.back_page)
            draw(canvas, _mark_ops(marks + [m for _, slot in batch for m in slot.marks]))
        canvas.showPage()
        if plan.back_page:
            new_page(canvas, plan.page_width, plan.page_height)
            for piece, slot in batch:
                _back(canvas, piece, slot, bleed, plan.back_flip)
            canvas.showPage()
        progress(len(batch))


def draw_single(canvas: Canvas, pieces: Sequence[Piece], bleed: float, progress: Progress) -> None:
    """One piece per page, page = piece + bleed; its back (if it has one) on the page after its front."""
    for piece in pieces:
        trim = Box(bleed, bleed, piece.width, piece.height)
        page = trim.grow(bleed, bleed, bleed, bleed)
        size = (piece.width, piece.height)
        for ops, shape in ((piece.front, piece.outline), (piece.back, piece.outline.flipped("x", *size))):
            if ops is None:
                continue
            new_page(canvas, page.width, page.height, trim, page)
            draw(canvas, ops, bleed, (1.0, 0.0, 0.0, 1.0, bleed, bleed), page, bled(shape, *size, bleed))
            canvas.showPage()
        progress(1)


def draw_tiles(
    canvas: Canvas, piece: Piece, plan: TilePlan, bleed: float, blank_backs: bool, progress: Progress
) -> None:
    """The board's assembly map, then each tile on a page of its own with its marks and label;
    with `blank_backs`, each followed by an empty page, so a double-sided print leaves its back blank."""

    def turn() -> None:
        canvas.showPage()
        if blank_backs:
            new_page(canvas, plan.page_width, plan.page_height)
            canvas.showPage()

    new_page(canvas, plan.page_width, plan.page_height)
    draw(canvas, piece.front, bleed, plan.map_matrix, plan.map_clip)
    draw(canvas, _map_ops(piece, plan))
    turn()
    shape = f"{piece.width:g} × {piece.height:g} mm"
    for tile in plan.tiles:
        new_page(canvas, plan.page_width, plan.page_height, tile.trim)
        draw(canvas, piece.front, bleed, tile.matrix, tile.clip)
        x, y = tile.label_at
        check = tile.check
        caption = f"{piece.key} · {shape} · {plan.rows} × {plan.columns}"
        ops: list[Op] = [
            _text(LABEL_FONT, LABEL_SIZE, x, y, tile.label),
            RectOp(check, None, MARK_COLOUR, MARK_WIDTH, 0.0, False),
            _text(NOTE_FONT, NOTE_SIZE, check.right + 1.5, y, f"{CHECK:g} mm"),
            _text(NOTE_FONT, NOTE_SIZE, check.right + 16, y, caption),  # apart from the square's own label
        ]
        draw(canvas, ops, matrix=plan.upright)
        draw(canvas, _mark_ops(tile.marks))
        turn()
    progress(1)


def _map_ops(piece: Piece, plan: TilePlan) -> list[Op]:
    """Over the small board: the overlaps veiled, every tile's outline and its label sized to fit
    inside it, and a heading with a scale bar."""
    ops: list[Op] = []
    boxes = [mapped(plan.map_matrix, t.cut) for t in plan.tiles]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (both := a.overlap(b)) is not None:
                ops.append(RectOp(both, STRIP, None, 0.0, 0.0, False))
    for t, box in zip(plan.tiles, boxes, strict=True):
        ops.append(RectOp(box, None, MARK_COLOUR, 0.3, 0.0, False))
        cx, cy = apply(plan.map_matrix, t.cut.cx, t.cut.cy)
        size = _fitted(t.label, box)
        ascent, descent = _extent(size)
        ops.append(_text(LABEL_FONT, size, cx, cy - (ascent + descent) / 2, t.label, "center"))
    top = plan.page_height - MAP_HEADING
    heading = f"{piece.key} · {piece.width:g} × {piece.height:g} mm · {plan.rows} × {plan.columns}"
    ops.append(
        _text(LABEL_FONT, LABEL_SIZE, MARGIN + MARK_ROOM, top, heading)
    )  # left of the scale bar, however narrow the map
    x0, x1, y = plan.scale_bar
    ops.append(LineOp(x0, y, x1, y, MARK_COLOUR, BAR_WIDTH, ()))
    ops += [LineOp(x, y - 1.0, x, y + 1.0, MARK_COLOUR, BAR_WIDTH, ()) for x in (x0, x1)]
    ops.append(_text(NOTE_FONT, NOTE_SIZE, x0 - 1.5, top, f"{SCALE_BAR:g} mm", "right"))
    return ops


def _extent(size: float) -> tuple[float, float]:
    """How far a map label's letters reach above and below their baseline, mm, at `size` pt, as a PDF
    reader boxes them: from the descent to the ascent, and at least the size itself."""
    ascent, descent = getAscentDescent(LABEL_FONT, size * PT)
    return max(ascent, descent + size * PT), descent


def _fitted(label: str, box: Box) -> float:
    """The label's size in pt on a tile of the map: twice a tile page's, or smaller to fit the tile."""
    ascent, descent = _extent(1.0)
    width = stringWidth(label, LABEL_FONT, PT)
    return min(2 * LABEL_SIZE, MAP_LABEL_FILL * box.width / width, MAP_LABEL_FILL * box.height / (ascent - descent))


def _text(font: str, size: float, x: float, y: float, line: str, align: str = "left") -> TextOp:
    """One line of the engine's own marking, `size` in pt."""
    return TextOp(font, size * PT, MARK_COLOUR, ((x, y, line),), align, 0.0, (0.0, 0.0))


def _back(canvas: Canvas, piece: Piece, slot: Slot, bleed: float, flip: Literal["x", "y"]) -> None:
    if piece.back is not None and slot.back_matrix is not None:
        outline = bled(piece.outline.flipped(flip, piece.width, piece.height), piece.width, piece.height, bleed)
        draw(canvas, piece.back, bleed, slot.back_matrix, slot.back_clip, outline)


def _marks_for(marks: Sequence[Mark], used: Sequence[Slot], backs_beside: bool) -> list[Mark]:
    """The marks of the cut lines along a used piece: a part-filled last page shows no marks
    for rows it does not have."""
    boxes = [s.front for s in used] + [s.back for s in used if backs_beside and s.back]
    xs = {round(x, 6) for b in boxes for x in (b.x, b.right)}
    ys = {round(y, 6) for b in boxes for y in (b.y, b.top)}
    vertical = [m for m in marks if m.x0 == m.x1 and round(m.x0, 6) in xs]
    return vertical + [m for m in marks if m.y0 == m.y1 and round(m.y0, 6) in ys]


DASHES = {"cut": (), "fold": FOLD_DASH, "glue": GLUE_DASH}


def _mark_ops(marks: Sequence[Mark]) -> list[LineOp]:
    return [LineOp(m.x0, m.y0, m.x1, m.y1, MARK_COLOUR, MARK_WIDTH, DASHES[m.kind]) for m in marks]
