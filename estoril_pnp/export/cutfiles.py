"""A cutting machine's files from one plan: a PDF of sheets to print, each with the machine's
registration marks, and for each sheet an SVG whose paths (mm) are the cuts of its pieces."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

from ..files.atomic import atomic_path
from ..render.cutter import CutSheet
from ..render.docinfo import DocInfo, untitled
from ..render.draw import bled, draw, new_canvas, new_page
from ..render.geometry import translation
from ..render.piece import Piece
from ..render.sheets import Progress

CUT_COLOUR = "#ff0000"
CUT_WIDTH = 0.1  # mm: a hairline the cutting software reads as a cut line


def write_cut_set(
    group: str,
    batches: Sequence[tuple[CutSheet, Sequence[Piece]]],
    bleed: float,
    out_dir: Path,
    progress: Progress,
    info: DocInfo | None = None,
) -> list[Path]:
    """`group`.pdf with every sheet, and `group`-N.svg, the cuts of sheet N; the paths. `info`: what
    the PDF says of itself."""
    sheets = [
        (plan, list(batch[i : i + len(plan.slots)]))
        for plan, batch in batches
        for i in range(0, len(batch), len(plan.slots))
    ]
    target = out_dir / f"{group}.pdf"
    with atomic_path(target, out_dir) as temp:
        canvas = new_canvas(temp, info or untitled(group))
        for plan, pieces in sheets:
            new_page(canvas, plan.page_width, plan.page_height)
            for piece, slot in zip(pieces, plan.slots, strict=False):
                outline = bled(piece.outline, slot.width, slot.height, bleed)
                clip = slot.grow(bleed, bleed, bleed, bleed)
                draw(canvas, piece.front, bleed, translation(slot.x, slot.y), clip, outline)
            draw(canvas, plan.marks)
            canvas.showPage()
            progress(len(pieces))
        canvas.save()
    written = [target]
    for n, (plan, pieces) in enumerate(sheets, 1):
        svg = out_dir / f"{group}-{n}.svg"
        with atomic_path(svg, out_dir) as temp:
            temp.write_text(cut_svg(plan, pieces), encoding="utf-8")
        written.append(svg)
    return written


def cut_svg(plan: CutSheet, pieces: Sequence[Piece]) -> str:
    """The sheet's page in mm (1 user unit = 1 mm) with one closed path per piece, named by its key."""
    w, h = plan.page_width, plan.page_height
    paths = "\n".join(
        f'    <path data-piece={quoteattr(piece.key)} d="{plan.cut(slot)}"/>'
        for piece, slot in zip(pieces, plan.slots, strict=False)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" viewBox="0 0 {w:g} {h:g}">\n'
        f'  <g id="cut" fill="none" stroke="{CUT_COLOUR}" stroke-width="{CUT_WIDTH}">\n{paths}\n  </g>\n</svg>\n'
    )
