"""Times the image exports of the English pieces: every PNG at a resolution, then the Tabletop
Simulator decks; prints images per second and megapixels per second.

Run after `pip install .`: python bench/export.py [dpi] [runs]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from estoril_pnp.export.images import export_png, export_tts
from estoril_pnp.export.ttsdecks import resolve
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pack.ttsspec import read_spec
from estoril_pnp.pieces.lay_out import faces, lay_out
from estoril_pnp.pieces.selection import one_of_each
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.layout import load_design


def _megapixels(files: list[Path]) -> float:
    total = 0
    for file in files:
        with Image.open(file) as image:
            total += image.width * image.height
    return total / 1e6


def main() -> None:
    dpi = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    register_fonts()
    pack = one_of_each(load_pack(default_pack()))
    design = load_design(pack.files)
    pieces, _ = lay_out(pack, design, "en")
    spec = read_spec(pack.files)
    assert spec is not None
    decks, singles = resolve(*spec, pieces, faces(pack, design, "en"))
    best_png = best_tts = float("inf")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            pngs = export_png(pieces, Path(out) / "png", dpi, False, lambda n: None)
            best_png = min(best_png, time.perf_counter() - start)
            start = time.perf_counter()
            tts = export_tts(decks, singles, Path(out) / "tts", Path(out), None, lambda n: None)
            best_tts = min(best_tts, time.perf_counter() - start)
            png_mp, tts_mp = _megapixels(pngs), _megapixels(tts.images)
    print(f"export png at {dpi} dpi: {len(pngs)} images, {png_mp:.1f} Mpx")
    print(f"  best of {runs}: {best_png:.2f} s = {len(pngs) / best_png:.0f} images/s, {png_mp / best_png:.1f} Mpx/s")
    cards = sum(len(d.cards) for d in decks)
    print(f"export tts: {len(decks)} decks ({cards} cards), {len(tts.images)} images, {tts_mp:.1f} Mpx")
    print(f"  best of {runs}: {best_tts:.2f} s = {tts_mp / best_tts:.1f} Mpx/s")


if __name__ == "__main__":
    main()
