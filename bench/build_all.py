"""A full build of every language on one paper (pieces, score pads, rulebooks): cold, warm
(nothing changed), and after one character's strength changes. Prints seconds, pieces per
second, what was redrawn, peak memory.

Run after `pip install .`: python bench/build_all.py [a4|letter]
"""

from __future__ import annotations

import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from estoril_pnp.build.extras import extras
from estoril_pnp.build.printset import build_set
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.options import resolve_options


def timed(pack_dir: Path, out: Path, paper: str) -> tuple[float, int, list[Path]]:
    pack = load_pack(pack_dir)
    counted: list[int] = []
    start = time.perf_counter()
    # one process, as `estoril-pnp build --jobs 1` does: bench/cold.py times the cores
    done = build_set(pack, pack.languages, resolve_options(paper), out, counted.append, extras=extras(pack, paper))
    return time.perf_counter() - start, sum(counted), done.drawn


def main() -> None:
    paper = sys.argv[1] if len(sys.argv) > 1 else "a4"
    register_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        pack_dir, out = Path(tmp) / "pack", Path(tmp) / "out"
        shutil.copytree(default_pack(), pack_dir)
        cold, pieces, drawn = timed(pack_dir, out, paper)
        print(f"cold: {cold:.2f} s, {pieces} pieces in {len(drawn)} PDFs = {pieces / cold:.0f} pieces/s")
        warm, _, drawn = timed(pack_dir, out, paper)
        print(f"warm: {warm:.3f} s, {len(drawn)} PDFs drawn: {cold / warm:.0f}x faster than cold")
        characters = pack_dir / "characters.yaml"
        text = characters.read_text(encoding="utf-8")
        characters.write_text(text.replace("strength: 5, vp: 1", "strength: 4, vp: 1", 1), encoding="utf-8")
        one, _, drawn = timed(pack_dir, out, paper)
        names = sorted({p.name for p in drawn})
        print(f"one character changed: {one:.2f} s, {len(drawn)} PDFs drawn ({', '.join(names)})")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MB")


if __name__ == "__main__":
    main()
