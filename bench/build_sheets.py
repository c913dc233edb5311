"""Times imposing synthetic 70 mm pieces with duplex backs; prints pages per second.

Run: python bench/build_sheets.py [pieces]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from estoril_pnp.build import build
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.options import resolve_options
from estoril_pnp.render.piece import Drawer, Piece


def _face(text: str) -> Drawer:
    def draw(canvas: Canvas, bleed: float) -> None:
        canvas.setFillGray(0.8)
        canvas.rect(-bleed * mm, -bleed * mm, (70 + 2 * bleed) * mm, (70 + 2 * bleed) * mm, stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont("Vollkorn", 9)
        canvas.drawCentredString(35 * mm, 35 * mm, text)

    return draw


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    register_fonts()
    pieces = [Piece(f"card/{i}", 70, 70, _face(f"card {i}"), _face(f"back {i}")) for i in range(count)]
    with tempfile.TemporaryDirectory() as out:
        for backs in ("none", "duplex-long", "fold"):
            options = resolve_options("a4", backs=backs)
            start = time.perf_counter()
            [file] = build({"cards": pieces}, Path(out), options, lambda n: None)
            seconds = time.perf_counter() - start
            pages = file.read_bytes().count(b"/Type /Page\n")
            print(
                f"{count} pieces, {backs:<11}: {pages:4d} pages in {seconds:.2f} s = {pages / seconds:6.0f} pages/s, "
                f"{file.stat().st_size / 1e6:.2f} MB"
            )


if __name__ == "__main__":
    main()
