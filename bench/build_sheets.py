"""Times imposing synthetic 70 mm pieces with duplex backs; prints pages per second.

Run: python bench/build_sheets.py [pieces]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from estoril_pnp.build.printset import build
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.ops import Op, RectOp, TextOp
from estoril_pnp.render.options import resolve_options
from estoril_pnp.render.piece import Piece
from estoril_pnp.render.text import PT


def _face(text: str) -> tuple[Op, ...]:
    return (
        RectOp(Box(0, 0, 70, 70), "#cccccc", None, 0, 0, True),
        TextOp("Vollkorn-Regular", 9 * PT, "#000000", ((35, 35, text),), "center", 0, (35, 35)),
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    register_fonts()
    pieces = [
        Piece(f"cards/{i}", "cards", "en", 70, 70, _face(f"card {i}"), _face(f"back {i}"), True) for i in range(count)
    ]
    with tempfile.TemporaryDirectory() as out:
        for backs in ("none", "duplex-long", "fold"):
            options = resolve_options("a4", backs=backs)
            start = time.perf_counter()
            [file] = build(pieces, Path(out), options, lambda n: None).files
            seconds = time.perf_counter() - start
            pages = file.read_bytes().count(b"/Type /Page\n")
            print(
                f"{count} pieces, {backs:<11}: {pages:4d} pages in {seconds:.2f} s = {pages / seconds:6.0f} pages/s, "
                f"{file.stat().st_size / 1e6:.2f} MB"
            )


if __name__ == "__main__":
    main()
