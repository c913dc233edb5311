"""Print-shop presets read back: each shop's files at exactly the shop's published pixels or PDF
boxes, a text planted in a shop's unsafe margin found at its piece, and a bleed the shop does not
take refused by validate and by build (which then writes nothing)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "tiny_game"
CARDS = ("beacon", "fog", "gull", "back")  # the fixture's 63 × 88 mm cards and their shared back
PT_PER_INCH = 72


def _build(pack: Path, out: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "-q", *options])
    return result.exit_code, result.output


def _written(code: int, output: str) -> bool:
    """The build wrote its files: it passed, or only its preflight of them failed (exit 1, after
    writing). Whether our own files pass a preflight is `test_preflight.py`'s to say."""
    refused = [
        line for line in output.splitlines() if line.startswith("error:") and not line.startswith("error: preflight:")
    ]
    return code in (0, 1) and not refused and "files for" in output


@pytest.mark.parametrize(("shop", "pixels"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_png_shop_images_have_the_shop_s_pixels(tmp_path: Path, shop: str, pixels: tuple[int, int]) -> None:
    code, output = _build(FIXTURE, tmp_path, "--shop", shop)
    assert _written(code, output), output
    folder = tmp_path / "en" / shop / "cards"
    assert sorted(p.stem for p in folder.glob("*.png")) == sorted(CARDS)
    for name in CARDS:
        with Image.open(folder / f"{name}.png") as image:
            assert image.size == pixels
            assert round(image.info["dpi"][0]) == 300
    # the 90 × 120 mm aid and the board are no card of the shop: said, and left out
    assert "aids/turn/1: 90 × 120 mm" in output and "left out" in output
    assert not (tmp_path / "en" / shop / "aids").exists()


def test_drivethrucards_deck_pdf_has_the_shop_s_boxes(tmp_path: Path) -> None:
    code, output = _build(FIXTURE, tmp_path, "--shop", "drivethrucards")
    # written, and said once, with its fix, to be RGB where the shop asks for CMYK (--cmyk is left out);
    # the preflight of what it wrote does not say it again page by page, and finds nothing else
    assert code == 0 and _written(code, output), output
    asked = "warning: --cmyk: DriveThruCards asks for CMYK; these PDFs are RGB (give --cmyk PROFILE.icc"
    assert sum(line.startswith(asked) for line in output.splitlines()) == 1, output
    assert "RGB where CMYK is asked for" not in output and "preflight" not in output, output
    reader = PdfReader(tmp_path / "en" / "drivethrucards" / "cards.pdf")
    assert len(reader.pages) == 6  # three cards, each face followed by its back
    for page in reader.pages:
        # US Poker: 2.5 × 3.5 in cut, 1/8 in bleed on every side
        assert [round(float(v), 3) for v in page.mediabox] == [0, 0, 2.75 * PT_PER_INCH, 3.75 * PT_PER_INCH]
        assert [round(float(v), 3) for v in page.bleedbox] == [0, 0, 2.75 * PT_PER_INCH, 3.75 * PT_PER_INCH]
        assert [round(float(v), 3) for v in page.trimbox] == [9, 9, 2.625 * PT_PER_INCH, 3.625 * PT_PER_INCH]


def _planted(folder: Path) -> Path:
    """The fixture with each card's name set 1 mm from the card's left and top edges."""
    pack = folder / "pack"
    shutil.copytree(FIXTURE, pack)
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "name: {verb: text, box: [6, 6, 51, 10], font: heading, size: 16, min: 9}"
    assert old in text
    layouts.write_text(
        text.replace(old, old.replace("[6, 6, 51, 10]", "[1, 1, 51, 10]").replace("}", ", align: left}"))
    )
    return pack


def test_text_in_the_unsafe_margin_is_found_at_its_piece(tmp_path: Path) -> None:
    pack = _planted(tmp_path)
    result = runner.invoke(app, ["validate", "--pack", str(pack), "--shop", "thegamecrafter"])
    assert result.exit_code == 1
    found = [line for line in result.output.splitlines() if "unsafe margin" in line and "[en]" in line]
    assert len(found) * 2 == sum("unsafe margin" in line for line in result.output.splitlines())  # en and cs
    assert [line.split(": front:")[0] for line in found] == [
        f"error: cards: cards/{name} [en]" for name in ("beacon", "fog", "gull")
    ]
    assert "text 'Beacon' reaches" in found[0]
    out = tmp_path / "out"
    code, output = _build(pack, out, "--shop", "thegamecrafter")
    assert code == 2
    assert sum("unsafe margin" in line for line in output.splitlines()) == 3
    assert not out.exists()
    # the unplanted fixture has none
    clean = runner.invoke(app, ["validate", "--pack", str(FIXTURE), "--shop", "thegamecrafter"])
    assert "unsafe margin" not in clean.output


def test_a_bleed_the_shop_does_not_take_is_one_finding_and_nothing_is_written(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--pack", str(FIXTURE), "--shop", "thegamecrafter", "--bleed", "2"])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: --bleed: The Game Crafter takes a bleed of 3.175 mm (0.125 in), not 2 mm; leave --bleed out"
    ]
    out = tmp_path / "out"
    code, output = _build(FIXTURE, out, "--shop", "thegamecrafter", "--bleed", "2")
    assert code == 2
    assert output.strip().splitlines() == errors
    assert not out.exists()


CMYK_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)


def test_drivethrucards_in_cmyk_paints_every_colour_in_cmyk(tmp_path: Path) -> None:
    code, output = _build(FIXTURE, tmp_path, "--lang", "en", "--shop", "drivethrucards", "--cmyk", str(CMYK_PROFILE))
    assert _written(code, output) and "asks for CMYK" not in output, output
    reader = PdfReader(tmp_path / "en" / "drivethrucards" / "cards.pdf")
    streams = b"".join(page.get_contents().get_data() for page in reader.pages)
    operators = re.findall(rb" (k|K|rg|RG)\n", streams)
    assert set(operators) == {b"k", b"K"}  # fills and strokes, text and the icon included: no RGB left
    # a shop that takes PNG images is refused CMYK, with nothing written
    out = tmp_path / "png"
    code, output = _build(FIXTURE, out, "--shop", "thegamecrafter", "--cmyk", str(CMYK_PROFILE))
    assert code == 2 and "--cmyk: The Game Crafter takes PNG images" in output
    assert not out.exists()


GHOSTSCRIPT_ICC = CMYK_PROFILE.parent


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        ("missing.icc", "not a file"),
        ("folder", "not a file"),
        ("fifo.icc", "not a file"),  # opening a FIFO would wait for a writer forever
        ("junk.icc", "not a readable ICC profile"),
        (str(GHOSTSCRIPT_ICC / "srgb.icc"), "a RGB profile; --cmyk needs a CMYK output profile"),
        # a CMYK profile that loads, yet fails at its first colour: its fault, not the output folder's
        (str(GHOSTSCRIPT_ICC / "gray_to_k.icc"), "cannot convert colours through it"),
    ],
)
def test_a_cmyk_profile_that_cannot_serve_is_one_line_at_it(tmp_path: Path, profile: str, message: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "junk.icc").write_bytes(b"acsp" * 100)
    os.mkfifo(tmp_path / "fifo.icc")
    path = tmp_path / profile
    out = tmp_path / "out"
    code, output = _build(FIXTURE, out, "--lang", "en", "--shop", "drivethrucards", "--cmyk", str(path))
    assert code == 2 and len(output.splitlines()) == 1 and output.startswith(f"error: {path}: {message}"), output
    assert not out.exists()
