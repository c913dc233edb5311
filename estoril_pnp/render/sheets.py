"""Draws pages from a plan: pieces clipped to their bleed, backs where the plan puts them, marks last."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .geometry import Box
from .imposition import Mark, SheetPlan, Slot
from .piece import Drawer, Piece

Progress = Callable[[int], None]  # called with the number of pieces just drawn

MARK_WIDTH = 0.25  # pt: hairline, still visible from an inkjet
FOLD_DASH = (2, 2)  # pt


def draw_sheets(
    canvas: Canvas, pieces: Sequence[Piece], plan: SheetPlan, bleed: float, crop_marks: bool, progress: Progress
) -> None:
    """Pages of `plan.slots` pieces each; with duplex, every front page is followed by its back page."""
    per_page = len(plan.slots)
    for start in range(0, len(pieces), per_page):
        batch = list(zip(pieces[start : start + per_page], plan.slots, strict=False))
        canvas.setPageSize((plan.page_width * mm, plan.page_height * mm))
        for piece, slot in batch:
            _place(canvas, piece.front, slot.front, slot.front_clip, bleed)
            if not plan.back_page and slot.back and slot.back_clip and piece.back:
                _place(canvas, piece.back, slot.back, slot.back_clip, bleed)
        if crop_marks:
            _draw_marks(canvas, _marks_for(plan.marks, [slot for _, slot in batch], not plan.back_page))
        canvas.showPage()
        if plan.back_page:
            canvas.setPageSize((plan.page_width * mm, plan.page_height * mm))
            for piece, slot in batch:
                if slot.back and slot.back_clip and piece.back:
                    _place(canvas, piece.back, slot.back, slot.back_clip, bleed)
            canvas.showPage()
        progress(len(batch))


def draw_single(canvas: Canvas, pieces: Sequence[Piece], bleed: float, with_backs: bool, progress: Progress) -> None:
    """One piece per page, page = piece + bleed; each back (or a blank page) right after its front."""
    for piece in pieces:
        trim = Box(bleed, bleed, piece.width, piece.height)
        page = trim.grow(bleed, bleed, bleed, bleed)
        sides = (piece.front, piece.back) if with_backs else (piece.front,)
        for drawer in sides:
            canvas.setPageSize((page.width * mm, page.height * mm))
            canvas.setTrimBox(_points(trim))
            canvas.setBleedBox(_points(page))
            if drawer is not None:  # a missing back stays blank so fronts and backs keep pairing
                _place(canvas, drawer, trim, page, bleed)
            canvas.showPage()
        progress(1)


def _place(canvas: Canvas, drawer: Drawer, trim: Box, clip: Box, bleed: float) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x * mm, clip.y * mm, clip.width * mm, clip.height * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(trim.x * mm, trim.y * mm)
    drawer(canvas, bleed)
    canvas.restoreState()


def _marks_for(marks: Sequence[Mark], used: Sequence[Slot], backs_beside: bool) -> list[Mark]:
    """The marks of the cut lines along a used piece: a part-filled last page shows no marks
    for rows it does not have."""
    boxes = [s.front for s in used] + [s.back for s in used if backs_beside and s.back]
    xs = {round(x, 6) for b in boxes for x in (b.x, b.right)}
    ys = {round(y, 6) for b in boxes for y in (b.y, b.top)}
    vertical = [m for m in marks if m.x0 == m.x1 and round(m.x0, 6) in xs]
    return vertical + [m for m in marks if m.y0 == m.y1 and round(m.y0, 6) in ys]


def _draw_marks(canvas: Canvas, marks: Sequence[Mark]) -> None:
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeGray(0)
    for kind in ("cut", "fold"):
        canvas.setDash(list(FOLD_DASH) if kind == "fold" else [])
        canvas.lines([(m.x0 * mm, m.y0 * mm, m.x1 * mm, m.y1 * mm) for m in marks if m.kind == kind])
    canvas.restoreState()


def _points(box: Box) -> tuple[float, float, float, float]:
    return box.x * mm, box.y * mm, box.right * mm, box.top * mm
