"""Re-creates docs/images/board-assembly-map.png, the README's picture of a tiled board: the tiny
fixture pack with its coast board made 500 × 400 mm, built on A4, its assembly map and first tile
side by side. Run from the repository root: python scripts/board_map.py"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "images" / "board-assembly-map.png"
DPI = 60  # small enough for the README (< 100 KB), large enough to read the labels
COAST = """  coast:
    size: [500, 400]
    elements:
      paper: {verb: rect, box: [0, 0, 500, 400], fill: paper_dark, bleed: true}
      frame: {verb: rect, box: [8, 8, 484, 384], stroke: sea, width: 1.5, radius: 6}
      title: {verb: text, box: [20, 16, 460, 40], font: heading, size: 72, min: 10}
      wave: {verb: icon, box: [150, 110, 200, 200], icon: tiny/wave, colour: sea}
"""


def board_pack(folder: Path) -> Path:
    pack = folder / "pack"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny_game", pack)
    components = pack / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace("[180, 120]", "[500, 400]"), encoding="utf-8")
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text[: text.index("  coast:\n")] + COAST + text[text.index("  aid:\n") :], encoding="utf-8")
    return pack


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        out = folder / "out"
        build = [sys.executable, "-m", "estoril_pnp", "build", "--pack", str(board_pack(folder)), "--lang", "en"]
        # one-sided: the map and the first tile are the first two pages
        subprocess.run([*build, "--backs", "none", "--out", str(out), "--quiet"], check=True, cwd=ROOT)
        doc = pdfium.PdfDocument(str(out / "en" / "a4" / "boards.pdf"))
        pages = [doc[n].render(scale=DPI / 72).to_pil().convert("RGB") for n in (0, 1)]
    gap = 12
    picture = Image.new("RGB", (sum(p.width for p in pages) + gap, max(p.height for p in pages)), "#9e9e9e")
    picture.paste(pages[0], (0, 0))
    picture.paste(pages[1], (pages[0].width + gap, 0))
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    picture.quantize(colors=64).save(TARGET, optimize=True)
    print(f"{TARGET.relative_to(ROOT)}: {picture.width} × {picture.height} px, {TARGET.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
