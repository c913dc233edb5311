"""Pure plans of a print-and-cut sheet: where a cutting machine's camera finds its registration
marks, where the pieces go so that no print reaches the marks, and the cut line of each piece.
All in mm, y up, from the page's lower-left corner; the same plan is drawn (PDF) and cut (SVG).

The marks are Silhouette's "Type 1" marks (CAMEO and Portrait): a filled 5 mm square at the top
left, an L of two 20 mm legs at the top right and another at the bottom left, 0.3 mm lines, set
10 mm in from the paper's edges (the least inset Silhouette Studio accepts). README: "Cutting machines".
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import Box
from .imposition import DoesNotFit, Paper
from .ops import LineOp, Op, RectOp
from .outline import RECT, Outline, cut_line, svg_data
from .packing import packed

INK = "#000000"


@dataclass(frozen=True)
class Machine:
    key: str  # what --cutter takes
    name: str
    inset: float  # mm from each edge of the paper to the marks
    square: float  # side of the filled square
    leg: float  # length of each leg of an L
    line: float  # width of the L's lines
    clearance: float  # mm kept clear of print around each mark's corner square (leg × leg)


SILHOUETTE = Machine("silhouette", "Silhouette CAMEO / Portrait (Type 1 marks)", 10.0, 5.0, 20.0, 0.3, 2.0)
CUTTERS = {m.key: m for m in (SILHOUETTE,)}


@dataclass(frozen=True)
class CutSheet:
    machine: Machine
    page_width: float
    page_height: float
    slots: tuple[Box, ...]  # the pieces' trim boxes
    corner: float  # radius of the cut at each corner of a piece
    marks: tuple[Op, ...]  # the registration marks, as drawn
    keep_out: tuple[Box, ...]  # around each mark: no print
    outline: Outline = RECT  # the pieces' outline: a rect's corners are cut with `corner`, any other along itself

    def cut(self, slot: Box) -> str:
        """The cut line of one slot as SVG path data, in mm with y down (SVG's frame)."""
        shape = self.outline
        if shape.own_marks:
            return svg_data(cut_line(shape, slot.width, slot.height), slot.x, slot.y, self.page_height)
        r = min(shape.radius if shape.shape == "rounded" else self.corner, slot.width / 2, slot.height / 2)
        x0, x1 = slot.x, slot.right
        y0, y1 = self.page_height - slot.top, self.page_height - slot.y  # y down
        if r <= 0:
            return f"M {x0:.3f} {y0:.3f} H {x1:.3f} V {y1:.3f} H {x0:.3f} Z"
        arc = f"A {r:.3f} {r:.3f} 0 0 1"
        return (
            f"M {x0 + r:.3f} {y0:.3f} H {x1 - r:.3f} {arc} {x1:.3f} {y0 + r:.3f} V {y1 - r:.3f} "
            f"{arc} {x1 - r:.3f} {y1:.3f} H {x0 + r:.3f} {arc} {x0:.3f} {y1 - r:.3f} V {y0 + r:.3f} "
            f"{arc} {x0 + r:.3f} {y0:.3f} Z"
        )


def marks(machine: Machine, width: float, height: float) -> tuple[tuple[Op, ...], tuple[Box, ...]]:
    """The marks on a page of `width` × `height`, and the corner squares print must keep clear of."""
    m, leg, top, right = machine.inset, machine.leg, height - machine.inset, width - machine.inset

    def line(x0: float, y0: float, x1: float, y1: float) -> LineOp:
        return LineOp(x0, y0, x1, y1, INK, machine.line)

    square = RectOp(Box(m, top - machine.square, machine.square, machine.square), INK, None, 0.0, 0.0, False)
    ops: tuple[Op, ...] = (
        square,
        line(right - leg, top, right, top),  # top right: along the top, then down
        line(right, top, right, top - leg),
        line(m, m, m + leg, m),  # bottom left: along the bottom, then up
        line(m, m, m, m + leg),
    )
    c = machine.clearance
    corners = (Box(m, top - leg, leg, leg), Box(right - leg, top - leg, leg, leg), Box(m, m, leg, leg))
    return ops, tuple(b.grow(c, c, c, c) for b in corners)


def plan_cut(
    paper: Paper, machine: Machine, width: float, height: float, bleed: float, corner: float, outline: Outline = RECT
) -> CutSheet:
    """As many `width` × `height` pieces as fit inside the marks, upright or across, clear of the
    marks' corners; DoesNotFit if none does."""
    best: CutSheet | None = None
    for w, h in ((paper.width, paper.height), (paper.height, paper.width)):
        ops, keep_out = marks(machine, w, h)
        slots = _slots(w, h, machine.inset, width, height, bleed, keep_out)
        # hexagons in a honeycomb, circles in staggered rows, their bleeds touching, where that holds more
        tighter = [
            box
            for box in packed(w, h, machine.inset + bleed, width, height, bleed, outline, bleed)
            if not any(box.grow(bleed, bleed, bleed, bleed).overlap(k) for k in keep_out)
        ]
        if len(tighter) > len(slots):
            slots = tuple(sorted(tighter, key=lambda b: (-round(b.y, 6), b.x)))
        if slots and (best is None or len(slots) > len(best.slots)):
            best = CutSheet(machine, w, h, slots, corner, ops, keep_out, outline)
    if best is None:
        raise DoesNotFit(
            f"a {width:g} x {height:g} mm piece with {bleed:g} mm bleed does not fit on {paper.name} "
            f"between {machine.name.split(' (')[0]}'s registration marks"
        )
    return best


def _slots(
    page_w: float, page_h: float, inset: float, width: float, height: float, bleed: float, keep_out: tuple[Box, ...]
) -> tuple[Box, ...]:
    """The largest centred grid (or a smaller one) whose pieces, bleed included, stay inside the
    marks and out of their corners."""
    cell_w, cell_h = width + 2 * bleed, height + 2 * bleed
    avail_w, avail_h = page_w - 2 * inset, page_h - 2 * inset
    best: tuple[Box, ...] = ()
    for cols in range(1, int(avail_w // cell_w) + 1):
        for rows in range(1, int(avail_h // cell_h) + 1):
            x0, y0 = (page_w - cols * cell_w) / 2, (page_h - rows * cell_h) / 2
            # only the cells near a mark's corner can touch it: counted there, not over the whole grid
            blocked = {
                (c, r)
                for k in keep_out
                for c in _near(k.x, k.right, x0, cell_w, cols)
                for r in _near(k.y, k.top, y0, cell_h, rows)
                if Box(x0 + c * cell_w, y0 + r * cell_h, cell_w, cell_h).overlap(k) is not None
            }
            if cols * rows - len(blocked) > len(best):
                best = tuple(
                    Box(x0 + c * cell_w, y0 + r * cell_h, cell_w, cell_h).inset(bleed)
                    for r in reversed(range(rows))
                    for c in range(cols)
                    if (c, r) not in blocked
                )
    return best


def _near(low: float, high: float, start: float, cell: float, count: int) -> range:
    """The indices of the cells along one side that may reach into [low, high], one spare each way."""
    return range(max(0, int((low - start) // cell) - 1), min(count, int((high - start) // cell) + 2))
