"""Re-creates docs/images/cutter-sheet.png, the README's picture of a print-and-cut sheet: the tiny
fixture pack's cards built for a Silhouette on A4 (--corner 3), its first page with the cut lines
of its SVG drawn over it in red. Run from the repository root: python scripts/cutter_sheet.py"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageDraw

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "images" / "cutter-sheet.png"
DPI = 60  # small enough for the README (< 100 KB), large enough to see the marks
PX_PER_MM = DPI / 25.4


def main() -> None:
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        pack = ROOT / "tests" / "fixtures" / "tiny_game"
        build = [sys.executable, "-m", "estoril_pnp", "build", "--pack", str(pack), "--lang", "en", "--out", str(out)]
        subprocess.run([*build, "--cutter", "silhouette", "--corner", "3", "--quiet"], check=True, cwd=ROOT)
        folder = out / "en" / "silhouette-a4"
        page = pdfium.PdfDocument(str(folder / "cards.pdf"))[0].render(scale=DPI / 72).to_pil().convert("RGB")
        paths = [
            p.get("d", "") for p in ET.parse(folder / "cards-1.svg").getroot().iter("{http://www.w3.org/2000/svg}path")
        ]
    draw = ImageDraw.Draw(page)
    for d in paths:  # each cut is a rounded rectangle: its box spans the ends of its lines and arcs
        ends = [(float(x), float(y)) for x, y in re.findall(r"(?:M|A \S+ \S+ 0 0 1) ([\d.]+) ([\d.]+)", d)]
        xs = [x for x, _ in ends] + [float(x) for x in re.findall(r"H ([\d.]+)", d)]
        ys = [y for _, y in ends] + [float(y) for y in re.findall(r"V ([\d.]+)", d)]
        box = [min(xs) * PX_PER_MM, min(ys) * PX_PER_MM, max(xs) * PX_PER_MM, max(ys) * PX_PER_MM]
        draw.rounded_rectangle(box, radius=3 * PX_PER_MM, outline="#e00000", width=2)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    page.quantize(colors=64).save(TARGET, optimize=True)
    print(f"{TARGET.relative_to(ROOT)}: {page.width} × {page.height} px, {TARGET.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
