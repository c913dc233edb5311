"""The phone's score page: its size per language, and the time from opening it to the first tap
taking effect on a phone-class CPU (Chromium's CPU throttling ×4), in Debian's Chromium.

    python bench/score_page.py [OUT]     # OUT: a build's output folder (default: builds one in a temp folder)
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from typer.testing import CliRunner

from estoril_pnp.cli import app

THROTTLE = 4
RUNS = 5


def main() -> None:
    if len(sys.argv) > 1:
        out = Path(sys.argv[1])
    else:
        out = Path(tempfile.mkdtemp(prefix="score-page-"))
        result = CliRunner().invoke(app, ["build", "--lang", "all", "--out", str(out), "--quiet"])
        assert result.exit_code == 0, result.output
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        print(f"{'lang':5} {'size':>9} {'first tap, ms (median of ' + str(RUNS) + ', CPU ×' + str(THROTTLE) + ')':>40}")
        for page_file in sorted(out.glob("*/score.html")):
            times = []
            for _ in range(RUNS):
                context = browser.new_context(viewport={"width": 360, "height": 800})
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                page.goto(page_file.as_uri(), wait_until="domcontentloaded")
                # the page draws itself in its last script, so at DOMContentLoaded the buttons take
                # taps; then one tap, dispatched in the page, and the page drawn again after it
                times.append(
                    page.evaluate(
                        """() => {const ready = performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd;
                        const t = performance.now(); document.getElementById('colour-red').click();
                        return ready + (performance.now() - t);}"""
                    )
                )
                assert page.get_attribute("#colour-red", "aria-pressed") == "true"
                context.close()
            size = page_file.stat().st_size
            print(f"{page_file.parent.name:5} {size / 1024:7.0f} KB {statistics.median(times):40.0f}")
        browser.close()


if __name__ == "__main__":
    main()
