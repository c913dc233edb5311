"""The designer's example pack, Saltmarsh Harbour (examples/harbour), built and read back: its
pictures are committed as its script draws them and stay small; its sheets embed each picture
once, JPEGs as they are; its card text prints no markup and sets its bold words in a bold face;
its cards read the same from an XLSX made from its CSV."""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from estoril_pnp.cli import app
from tests.conftest import ROOT, all_packs

runner = CliRunner()
HARBOUR = ROOT / "examples" / "harbour"
SHIPS = list(csv.DictReader((HARBOUR / "ships.csv").open(encoding="utf-8")))
ART_LIMIT = 1_500_000  # bytes: the pack's pictures and icons together


def _build(pack: Path, out: Path, *args: str) -> None:
    result = runner.invoke(app, ["build", "--pack", str(pack), "--quiet", "--out", str(out), *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("harbour")
    _build(HARBOUR, out, "--lang", "all")
    return out


def _poppler(tool: str, *args: str | Path) -> str:
    return subprocess.run([tool, *map(str, args)], capture_output=True, text=True, check=True).stdout


def _images(pdf: Path) -> list[dict[str, str]]:
    """`pdfimages -list`: a row per image drawn, with the object it draws."""
    lines = _poppler("pdfimages", "-list", pdf).splitlines()
    head = lines[0].split()
    return [dict(zip(head, line.split(), strict=False)) for line in lines[2:]]


def test_the_pack_is_one_the_per_pack_tests_run_over() -> None:
    assert HARBOUR in all_packs()


def test_the_cards_come_from_the_spreadsheet_with_their_own_pictures_in_three_formats() -> None:
    assert len(SHIPS) >= 20
    pictures = [row["art"] for row in SHIPS]
    assert len(set(pictures)) == len(SHIPS)  # each ship its own
    assert {Path(p).suffix for p in pictures} == {".png", ".jpg", ".svg"}
    assert all((HARBOUR / "images" / p).is_file() for p in pictures)
    # the inline icon and the bold keyword, in both languages, on one card at least
    both = [r for r in SHIPS if all(re.search(r"\*\*\w", r[c]) and "[coin]" in r[c] for c in ("ability", "ability@pl"))]
    assert both


@pytest.mark.slow
def test_the_art_is_what_its_script_draws_and_small(tmp_path: Path) -> None:
    copy = tmp_path / "harbour"
    shutil.copytree(HARBOUR, copy)
    subprocess.run([sys.executable, str(copy / "art" / "make_art.py")], check=True, capture_output=True)
    for folder in ("images", "icons"):
        committed = {p.relative_to(HARBOUR): p.read_bytes() for p in (HARBOUR / folder).rglob("*") if p.is_file()}
        drawn = {p.relative_to(copy): p.read_bytes() for p in (copy / folder).rglob("*") if p.is_file()}
        assert committed == drawn, folder
    files = [p for folder in ("images", "icons") for p in (HARBOUR / folder).rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    assert total <= ART_LIMIT


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_sheets_embed_each_picture_once_and_jpegs_as_they_are(built: Path, lang: str) -> None:
    drawn = _images(built / lang / "a4" / "ships.pdf")
    pictures = [row for row in drawn if row["type"] == "image"]
    objects = Counter(row["object"] for row in pictures)
    raster = [p for p in (row["art"] for row in SHIPS) if not p.endswith(".svg")]
    assert len(objects) == len(raster) + 1  # each ship's raster picture and the backs' logo, one object each
    assert max(objects.values()) > 1  # the logo: one object, drawn on every back
    jpegs = {row["object"] for row in pictures if row["enc"] == "jpeg"}
    assert len(jpegs) == sum(p.endswith(".jpg") for p in raster)  # passed through, not re-encoded
    assert any(row["type"] == "smask" for row in drawn)  # the logo keeps its transparency


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_card_text_prints_no_markup_and_sets_bold_words_bold(built: Path, lang: str) -> None:
    for group in ("ships", "harbours", "aids"):
        text = _poppler("pdftotext", built / lang / "a4" / f"{group}.pdf", "-")
        assert not re.search(r"[*\[\]\\]", text), (group, re.findall(r".{0,20}[*\[\]\\].{0,20}", text)[:3])
    ships = _poppler("pdftotext", built / lang / "a4" / "ships.pdf", "-")
    assert ("Dock" if lang == "en" else "Cumowanie") in ships
    fonts = _poppler("pdffonts", built / lang / "a4" / "ships.pdf")
    assert "Vollkorn-Bold" in fonts and "Vollkorn-Regular" in fonts  # the body text's own bold face


@pytest.mark.slow
def test_an_xlsx_made_from_the_csv_prints_the_same_cards(tmp_path: Path, built: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    pack = tmp_path / "harbour"
    shutil.copytree(HARBOUR, pack)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Ships"
    with (HARBOUR / "ships.csv").open(encoding="utf-8") as source:
        for n, row in enumerate(csv.reader(source)):
            # the cost as a number cell, as a spreadsheet keeps it
            sheet.append([int(v) if n and i == 3 else (v or None) for i, v in enumerate(row)])
    book.save(pack / "ships.xlsx")
    (pack / "ships.csv").unlink()
    components = pack / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace("ships.csv", "ships.xlsx"), encoding="utf-8")
    _build(pack, tmp_path / "out", "--lang", "pl")
    ours, theirs = (_pages(folder / "pl" / "a4" / "ships.pdf") for folder in (tmp_path / "out", built))
    assert len(ours) == len(theirs)
    for page, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert ImageChops.difference(a, b).getbbox() is None, page


def _pages(pdf: Path) -> list[Image.Image]:
    document = pdfium.PdfDocument(pdf)
    try:
        return [page.render(scale=0.5).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


@pytest.mark.slow
def test_a_showcase_of_ships_shows_their_pictures(tmp_path: Path) -> None:
    only = "ships/galleon,ships/sloop,ships/caravel,ships/junk,ships/trawler"
    result = runner.invoke(
        app, ["export", "showcase", "--pack", str(HARBOUR), "--only", only, "--dpi", "60", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "en" / "showcase-hand.png") as image:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0
        colours = image.convert("RGB").getcolors(1 << 20) or []
        assert len(colours) > 1000  # pictures, not flat cards


@pytest.mark.slow
def test_the_readme_commands_build_the_pack(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### A designer's example") :]
    block = section[section.index("```sh\n") + 6 : section.index("```", section.index("```sh\n") + 6)]
    commands = [line.split("  #")[0].strip() for line in block.splitlines() if line.startswith("estoril-pnp ")]
    assert len(commands) == 3
    here = f"{shlex.quote(sys.executable)} -m estoril_pnp"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    (tmp_path / "examples").symlink_to(ROOT / "examples")  # the commands name the pack as from the checkout
    for command in commands:
        done = subprocess.run(
            ["bash", "-c", command.replace("estoril-pnp", here)], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    for lang in ("en", "pl"):
        assert {p.name for p in (tmp_path / "output" / "harbour" / lang / "a4").glob("*.pdf")} >= {
            "ships.pdf",
            "harbours.pdf",
            "coins.pdf",
            "aids.pdf",
        }
    assert (tmp_path / "output" / "en" / "showcase-hand.png").is_file()
