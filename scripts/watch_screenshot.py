"""Makes docs/images/watch-gallery.png, the README's picture of `estoril-pnp watch`: the gallery
of the shipped pack in headless Chromium (Debian's, through Playwright), one card's text
overflowing so the page shows a finding.

    python scripts/watch_screenshot.py
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "images" / "watch-gallery.png"


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="estoril-shot-") as tmp:
        pack = Path(tmp) / "pack"
        shutil.copytree(ROOT / "data", pack)
        command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--port", "0"]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(
            [*command, "--out", str(Path(tmp) / "out")], env=env, stdout=subprocess.PIPE, text=True,
            stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        try:
            assert process.stdout is not None
            url = process.stdout.readline().split()[2]
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 900, "height": 560})
                page.goto(url)
                page.wait_for_selector("#lang-en .links a", timeout=240_000)
                characters = pack / "characters.yaml"
                text = characters.read_text(encoding="utf-8")
                long = '"C. Lucky Luciano, the boss of every boss in Lisbon"'
                characters.write_text(text.replace('"C. Lucky Luciano"', long, 1), encoding="utf-8")
                page.wait_for_selector("#findings li", timeout=60_000)
                page.wait_for_function("[...document.images].every(i => i.complete)")
                time.sleep(0.5)
                page.screenshot(path=str(TARGET))
                browser.close()
        finally:
            os.killpg(process.pid, signal.SIGINT)
            process.wait(timeout=30)
    image = Image.open(TARGET).convert("RGB").quantize(colors=128)  # a small file for the README
    image.save(TARGET, optimize=True)
    print(f"{TARGET.relative_to(ROOT)}: {TARGET.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
