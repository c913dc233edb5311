"""Makes the README's pictures of the designer's example pack, Saltmarsh Harbour (examples/harbour):
docs/images/harbour-sheet.png, the first page of its English ship sheet as printed, and
docs/images/harbour-showcase.png, a hand of its ships from `export showcase`.

    python scripts/harbour_pictures.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "examples" / "harbour"
IMAGES = ROOT / "docs" / "images"
HAND = "ships/galleon,ships/brig,ships/caravel,ships/junk,ships/steamer"


def run(*args: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "estoril_pnp", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="estoril-harbour-") as tmp:
        out = Path(tmp)
        run("build", "--pack", str(PACK), "--lang", "en", "--quiet", "--out", str(out / "built"))
        document = pdfium.PdfDocument(out / "built" / "en" / "a4" / "ships.pdf")
        try:
            page = document[0].render(scale=90 / 72).to_pil().convert("RGB")  # 90 dpi: sharp on a page, small
        finally:
            document.close()
        page.save(IMAGES / "harbour-sheet.png", optimize=True)
        run("export", "showcase", "--pack", str(PACK), "--only", HAND, "--dpi", "110", "--out", str(out / "shown"))
        with Image.open(out / "shown" / "en" / "showcase-hand.png") as shown:
            shown.save(IMAGES / "harbour-showcase.png", optimize=True)
    for name in ("harbour-sheet.png", "harbour-showcase.png"):
        print(IMAGES / name)


if __name__ == "__main__":
    main()
