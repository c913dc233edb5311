"""Draws pages from a plan: pieces clipped to their bleed, backs where the plan puts them, marks last."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .draw import draw, new_page
from .geometry import Box
from .imposition import Mark, SheetPlan, Slot
from .ops import LineOp
from .piece import Piece

Progress = Callable[[int], None]  # called with the number of pieces just drawn

MARK_WIDTH = 0.09  # mm (a quarter point): a hairline, still visible from an inkjet
FOLD_DASH = (0.7, 0.7)  # mm
MARK_COLOUR = "#000000"


def draw_sheets(
    canvas: Canvas, pieces: Sequence[Piece], plan: SheetPlan, bleed: float, crop_marks: bool, progress: Progress
) -> None:
    """Pages of `plan.slots` pieces each; with duplex, every front page is followed by its back page."""
    per_page = len(plan.slots)
    for start in range(0, len(pieces), per_page):
        batch = list(zip(pieces[start : start + per_page], plan.slots, strict=False))
        new_page(canvas, plan.page_width, plan.page_height)
        for piece, slot in batch:
            draw(canvas, piece.front, bleed, slot.front_matrix, slot.front_clip)
            if not plan.back_page:
                _back(canvas, piece, slot, bleed)
        if crop_marks:
            draw(canvas, _mark_ops(_marks_for(plan.marks, [slot for _, slot in batch], not plan.back_page)))
        canvas.showPage()
        if plan.back_page:
            new_page(canvas, plan.page_width, plan.page_height)
            for piece, slot in batch:
                _back(canvas, piece, slot, bleed)
            canvas.showPage()
        progress(len(batch))


def draw_single(canvas: Canvas, pieces: Sequence[Piece], bleed: float, progress: Progress) -> None:
    """One piece per page, page = piece + bleed; its back (if it has one) on the page after its front."""
    for piece in pieces:
        trim = Box(bleed, bleed, piece.width, piece.height)
        page = trim.grow(bleed, bleed, bleed, bleed)
        for ops in (piece.front, piece.back):
            if ops is None:
                continue
            new_page(canvas, page.width, page.height, trim, page)
            draw(canvas, ops, bleed, (1.0, 0.0, 0.0, 1.0, bleed, bleed), page)
            canvas.showPage()
        progress(1)


def _back(canvas: Canvas, piece: Piece, slot: Slot, bleed: float) -> None:
    if piece.back is not None and slot.back_matrix is not None:
        draw(canvas, piece.back, bleed, slot.back_matrix, slot.back_clip)


def _marks_for(marks: Sequence[Mark], used: Sequence[Slot], backs_beside: bool) -> list[Mark]:
    """The marks of the cut lines along a used piece: a part-filled last page shows no marks
    for rows it does not have."""
    boxes = [s.front for s in used] + [s.back for s in used if backs_beside and s.back]
    xs = {round(x, 6) for b in boxes for x in (b.x, b.right)}
    ys = {round(y, 6) for b in boxes for y in (b.y, b.top)}
    vertical = [m for m in marks if m.x0 == m.x1 and round(m.x0, 6) in xs]
    return vertical + [m for m in marks if m.y0 == m.y1 and round(m.y0, 6) in ys]


def _mark_ops(marks: Sequence[Mark]) -> list[LineOp]:
    return [
        LineOp(m.x0, m.y0, m.x1, m.y1, MARK_COLOUR, MARK_WIDTH, FOLD_DASH if m.kind == "fold" else ()) for m in marks
    ]
