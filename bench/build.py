"""Times a full English build (lay out every piece, impose, write the PDFs); prints pieces/s.

Run after `pip install .`: python bench/build.py [runs] [--backs duplex-long]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from estoril_pnp.build.printset import build
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.layout import load_design
from estoril_pnp.render.options import resolve_options


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 5
    backs = sys.argv[sys.argv.index("--backs") + 1] if "--backs" in sys.argv else "duplex-long"
    register_fonts()
    pack = load_pack(default_pack())
    options = resolve_options("a4", backs=backs)
    best = float("inf")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            pieces, _ = lay_out(pack, load_design(pack.files), "en")
            files = build(pieces, Path(out), options, lambda n: None).files
            best = min(best, time.perf_counter() - start)
            size = sum(f.stat().st_size for f in files)
    print(f"full English build, backs {backs}: {len(pieces)} pieces in {len(files)} PDFs ({size / 1e6:.2f} MB)")
    print(f"best of {runs}: {best:.2f} s = {len(pieces) / best:.0f} pieces/s")


if __name__ == "__main__":
    main()
