"""`estoril-pnp watch` as a designer meets it: the gallery in headless Chromium follows a card's
value and a layout edited in a copied pack, shows a broken edit as a located finding while the
server keeps answering, and Ctrl-C ends it with exit 130 and no process left behind; a save made
while the first set is built is seen once it is built."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from conftest import alive_in_group
from pictures import BLUE, RED, picture_pack, quarters

from estoril_pnp.files.resources import default_pack, resource_dir

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CARD = "characters/lucky_luciano"
LINE = 'id: lucky_luciano, name: "C. Lucky Luciano",  nationality: IT, strength: 5'


def _state(url: str) -> dict[str, Any]:
    with urlopen(f"{url}/state.json", timeout=10) as answer:
        return json.load(answer)


@pytest.fixture
def watching(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str, Path]]:
    """`watch` on a copy of the shipped pack (with the shipped layouts as its own), once its first build is done."""
    pack = tmp_path / "pack"
    shutil.copytree(default_pack(), pack)
    shutil.copytree(resource_dir("templates") / "layouts", pack / "layouts")
    with _watch(pack, tmp_path / "out") as (process, url):
        yield process, url, pack


@contextmanager
def _watch(pack: Path, out: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`watch` on `pack`, once its first build is done; killed with its group at the end."""
    command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [*command, "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("The gallery: http://127.0.0.1:"), first
        url = first.split()[2].rstrip("/")
        deadline = time.monotonic() + 240
        while not _state(url)["links"]:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.2)
        yield process, url
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) >= 1
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_gallery_follows_every_save_and_ctrl_c_ends_it(browser: Any, watching: Any) -> None:
    process, url, pack = watching
    page = browser.new_page()
    page.goto(url + "/")
    card = f'figure[data-lang="en"][data-name="{CARD}"]'
    page.wait_for_function(f"document.querySelector('{card} img')?.naturalWidth > 0", timeout=30_000)
    assert page.locator(f"{card} figcaption").inner_text() == f"{CARD} · 70 × 70 mm"
    assert page.locator('figure[data-name="characters/back"]').count() == 1  # the back, once per language
    assert page.locator("#lang-en .links a", has_text="rulebook.html").count() == 1

    def picture() -> tuple[str, bytes]:
        src = page.locator(f"{card} img").get_attribute("src")
        assert src is not None
        body = page.evaluate(
            "src => fetch(src).then(r => r.arrayBuffer()).then(b => Array.from(new Uint8Array(b)))", src
        )
        return src, bytes(body)

    def changed(before: str) -> None:
        page.wait_for_function(
            f"document.querySelector('{card} img').getAttribute('src') !== {json.dumps(before)} "
            f"&& document.querySelector('{card} img').complete",
            timeout=60_000,
        )

    first_src, first_png = picture()
    _edit(pack / "characters.yaml", LINE, LINE.replace("strength: 5", "strength: 4"))  # a card's value
    changed(first_src)
    value_src, value_png = picture()
    assert value_png[:8] == b"\x89PNG\r\n\x1a\n" and value_png != first_png
    other = page.locator('figure[data-name="characters/pires"] img').get_attribute("src")

    _edit(pack / "layouts" / "pieces.yaml", "size: 30, min: 20", "size: 22, min: 20")  # the strength's size
    changed(value_src)
    layout_src, layout_png = picture()
    assert layout_png not in (first_png, value_png)
    assert page.locator('figure[data-name="characters/pires"] img').get_attribute("src") != other  # every character

    _edit(pack / "characters.yaml", "strength: 4, vp: 1, abilities: [],", "strength: [4, vp: 1, abilities: [],")
    finding = page.locator("#findings li.error")
    finding.wait_for(timeout=60_000)
    assert "characters.yaml:" in finding.inner_text() and "YAML syntax" in finding.inner_text()
    assert _state(url)["findings"] == [finding.inner_text()]  # the server keeps answering
    assert page.locator(f"{card} img").get_attribute("src") == layout_src  # the last good picture stays

    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "characters.yaml:" in err and err.endswith("error: interrupted; nothing more was written\n")
    time.sleep(0.2)
    assert alive_in_group(process.pid) == []


def test_an_edited_picture_is_seen_as_an_edited_yaml_file_is(tmp_path: Path) -> None:
    """A card's art saved anew under images/ redraws that card's picture and its PDF, and only
    those; a picture broken by a save is a located finding while the last good picture stays."""
    pack = picture_pack(tmp_path)
    with _watch(pack, tmp_path / "out") as (process, url):

        def srcs() -> dict[str, str]:
            return {p["name"]: p["src"] for p in _state(url)["pictures"]}

        def after(before: dict[str, str], done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
            deadline = time.monotonic() + 120
            while True:
                state = _state(url)
                if done(state) and state["pictures"] and {p["name"]: p["src"] for p in state["pictures"]} != before:
                    return state
                assert time.monotonic() < deadline and process.poll() is None, state
                time.sleep(0.2)

        first = srcs()
        pdf = tmp_path / "out" / "en" / "a4" / "ships.pdf"
        built = pdf.read_bytes()
        quarters((900, 720), (RED, RED, BLUE, BLUE)).save(pack / "images" / "ships" / "sloop.png")
        state = after(first, lambda s: not s["findings"])
        now = {p["name"]: p["src"] for p in state["pictures"]}
        assert [name for name in first if now[name] != first[name]] == ["ships/sloop"]  # the one card showing it
        deadline = time.monotonic() + 120
        while pdf.read_bytes() == built:  # the build that follows the gallery
            assert time.monotonic() < deadline
            time.sleep(0.2)
        with urlopen(f"{url}{now['ships/sloop']}", timeout=10) as answer:
            assert answer.read()[:8] == b"\x89PNG\r\n\x1a\n"

        (pack / "images" / "ships" / "sloop.png").write_bytes(b"not a picture")
        deadline = time.monotonic() + 120
        while not _state(url)["findings"]:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.2)
        findings = _state(url)["findings"]
        assert len(findings) == 1 and "ships.yaml:4: [1].face.art: sloop.png: not a picture" in findings[0]
        assert srcs() == now  # the last good pictures stay


def test_a_save_while_the_first_set_is_built_is_not_lost(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(default_pack(), pack)
    command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--out", str(tmp_path / "out")]
    process = subprocess.Popen(
        [*command, "--port", "0"], env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split()[2].rstrip("/")
        deadline = time.monotonic() + 120
        while not (state := _state(url))["pictures"]:  # the pictures are shown, the set not yet built
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
        assert state["links"] == {}
        before = _src(state)
        _edit(pack / "characters.yaml", LINE, LINE.replace("strength: 5", "strength: 4"))
        while _src(state := _state(url)) == before:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.2)
        assert state["findings"] == []
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _src(state: dict[str, Any]) -> str:
    return next(p["src"] for p in state["pictures"] if p["name"] == CARD)
