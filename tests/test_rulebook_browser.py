"""The HTML rulebook in a real browser (Debian's headless Chromium) at a phone's width: it
loads with no console error and no missing image, and nothing scrolls sideways."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import SHIPPED
from typer.testing import CliRunner

from estoril_pnp.cli import app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)"),
]
PHONE = 360  # px

# Written into a copy of the page: errors as they happen, then what the page looks like once loaded.
RECORD_ERRORS = """<script>window.__errors=[];
addEventListener('error',e=>__errors.push(String(e.message||(e.target&&(e.target.src||e.target.href)))),true);
const __ce=console.error;console.error=(...a)=>{__errors.push(a.join(' '));__ce(...a)};</script>"""
PROBE = """<script>addEventListener('load',()=>{const imgs=[...document.images];
parent.postMessage(JSON.stringify({scroll:document.documentElement.scrollWidth,width:innerWidth,
images:imgs.length,broken:imgs.filter(i=>!(i.complete&&i.naturalWidth>0)).length,errors:__errors}),'*')});</script>"""
# Headless Chromium lays a window out at least 500 px wide, so the page runs in a frame of
# exactly a phone's width; the frame reports back to this page, which --dump-dom prints.
PHONE_FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="probed.html" style="width:{width}px;height:800px;border:0"></iframe>
<script>addEventListener('message',e=>{{const p=document.createElement('pre');p.id='probe';
p.textContent=e.data;document.body.appendChild(p)}});</script></body></html>"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html")
    result = CliRunner().invoke(app, ["build", "--lang", "all", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [
        CHROMIUM,
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--hide-scrollbars",
        "--no-first-run",
        "--window-size=600,900",
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=10000",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_the_page_loads_whole_at_phone_width(pages: Path, tmp_path: Path, lang: str) -> None:
    page = (pages / lang / "rulebook.html").read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page.replace("https://creativecommons", "")  # no network
    probed = tmp_path / "probed.html"
    probed.write_text(
        page.replace("<head>", "<head>" + RECORD_ERRORS, 1).replace("</body>", PROBE + "</body>"), encoding="utf-8"
    )
    frame = tmp_path / "phone.html"
    frame.write_text(PHONE_FRAME.format(width=PHONE), encoding="utf-8")
    run = chromium("--dump-dom", frame.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', run.stdout, re.S)
    assert found, run.stderr[-2000:]
    probe = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert probe["width"] == PHONE
    assert probe["errors"] == []
    assert probe["images"] > 20 and probe["broken"] == 0
    assert probe["scroll"] <= PHONE  # no horizontal scroll
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line]
    assert console == []


def test_a_phone_screenshot_is_taken(pages: Path, tmp_path: Path) -> None:
    shot = tmp_path / "phone.png"
    run = chromium(f"--screenshot={shot}", f"--window-size={PHONE},800", (pages / "en" / "rulebook.html").as_uri())
    assert shot.exists(), run.stderr[-2000:]
    from PIL import Image

    with Image.open(shot) as image:
        assert image.size == (PHONE, 800)
        # the page's own paper colour fills it: the page drew, not an error page
        assert image.getpixel((PHONE // 2, 5))[:3] == (0xF3, 0xEA, 0xD3)
