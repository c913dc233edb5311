"""A `--cmyk` deck read back as a prepress operator would: nothing in it is RGB any more, not a
flag drawn in its own colours nor a picture (a JPEG, a PNG with transparency, an SVG), each
picture's ink within the shop's limit, and a transparent picture still shows the card through."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from pictures import picture_pack, quarters
from PIL import Image
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export.pdfcmyk import capped_pixels
from estoril_pnp.export.shops import SHOPS

runner = CliRunner()
PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)
FLAG = Path(__file__).parent.parent / "data" / "icons" / "flags" / "pt.svg"  # five colours
DARK = (40, 20, 10)  # a dark brown: about 300 % ink through the profile, uncapped
RGB_SPACES = {"/DeviceRGB", "/RGB", "/CalRGB"}
STEP = 100 / 255
MM = 72 / 25.4


def _flag_and_dark_picture(tmp_path: Path) -> Path:
    """The picture fixture with a flag in the galleon's name and a dark band in the sloop's picture."""
    pack = picture_pack(tmp_path)
    (pack / "icons" / "test").mkdir(parents=True)
    shutil.copy(FLAG, pack / "icons" / "test" / "pt.svg")
    ships = pack / "ships.yaml"
    text = ships.read_text(encoding="utf-8")
    assert "name: Galleon," in text
    ships.write_text(text.replace("name: Galleon,", 'name: "Galleon [test/pt]",'), encoding="utf-8")
    green, blue, yellow = (30, 170, 60), (30, 60, 220), (240, 200, 20)
    quarters((900, 720), (green, blue, yellow, DARK)).save(pack / "images" / "ships" / "sloop.png")
    return pack


def _rgb(space: pikepdf.Object | None) -> bool:
    if isinstance(space, pikepdf.Name):
        return str(space) in RGB_SPACES
    if isinstance(space, pikepdf.Array):
        kind = str(space[0])
        return (
            kind == "/CalRGB"
            or (kind == "/ICCBased" and int(space[1].N) == 3)
            or (kind == "/Indexed" and _rgb(space[1]))
        )
    return False


def _what_is_rgb(pdf: pikepdf.Pdf) -> tuple[list[str], set[tuple[float, ...]]]:
    """Every RGB colour operator and RGB image on the pages and in their forms; and every CMYK
    colour set in a form (the flag's and the SVG picture's)."""
    found, form_colours, seen = [], set(), set()
    stack = [(page.obj, f"page {n}", False) for n, page in enumerate(pdf.pages, 1)]
    while stack:
        owner, where, form = stack.pop()
        for operands, operator in pikepdf.parse_content_stream(owner):
            if str(operator) in ("rg", "RG", "sc", "scn", "SC", "SCN") and len(operands) == 3:
                found.append(f"{where}: {operator}")
            elif str(operator) in ("cs", "CS") and _rgb(owner.Resources.get("/ColorSpace", {}).get(str(operands[0]))):
                found.append(f"{where}: {operator} {operands[0]}")
            elif str(operator) in ("k", "K") and form:
                form_colours.add(tuple(float(v) for v in operands))
        for name, xobject in owner.get("/Resources", {}).get("/XObject", {}).items():
            if xobject.objgen in seen:
                continue
            seen.add(xobject.objgen)
            if xobject.Subtype == pikepdf.Name.Form:
                stack.append((xobject, f"{where} {name}", True))
            elif _rgb(xobject.get("/ColorSpace")):
                found.append(f"{where} {name}: an RGB image")
    return found, form_colours


def _most_ink(pdf: Path, folder: Path) -> float:
    """The most total ink on one pixel of any page (C+M+Y+K, percent), as Ghostscript separates it."""
    subprocess.run(["gs", "-q", "-o", str(folder / "p%d.tif"), "-sDEVICE=tiff32nc", "-r100", str(pdf)], check=True)
    most = 0.0
    for tiff in folder.glob("p*.tif"):
        with Image.open(tiff) as image:
            most = max(most, max(sum(pixel) for pixel in image.get_flattened_data()) * 100 / 255)
    return most


@pytest.mark.slow
def test_a_cmyk_deck_has_no_rgb_left_its_pictures_within_the_ink_limit_and_their_transparency_kept(
    tmp_path: Path,
) -> None:
    pack = _flag_and_dark_picture(tmp_path)
    out = tmp_path / "out"
    args = ["build", "--pack", str(pack), "--out", str(out), "--lang", "en", "-q", "--shop", "drivethrucards"]
    result = runner.invoke(app, [*args, "--cmyk", str(PROFILE)])
    assert result.exit_code == 0, result.output  # its own preflight found nothing
    deck = out / "en" / "drivethrucards" / "ships.pdf"
    with pikepdf.open(deck) as pdf:
        found, form_colours = _what_is_rgb(pdf)
        assert found == [], found
        images = [x for page in pdf.pages for x in page.get_images().values()]
        assert any("/SMask" in x for x in images)  # the PNG's transparency is kept
    # the flag and the SVG picture keep their colours: several, each CMYK
    assert len(form_colours) >= 5, form_colours
    # the dark band of the sloop's picture within DriveThruCards' limit, not 300 %
    assert _most_ink(deck, tmp_path) <= SHOPS["drivethrucards"].ink_limit + 2 * STEP
    prefight = runner.invoke(app, ["preflight", str(deck.parent), "--shop", "drivethrucards", "--cmyk"])
    assert prefight.exit_code == 0 and prefight.output.strip().endswith("0 finding(s): ok"), prefight.output

    # the back: a red disc on a transparent square, drawn 23 mm wide with its lower left corner at
    # 23.4 × 38.6 mm from the page's (the card's [20, 30] box within the shop's bleed), on the card's sea
    document = pdfium.PdfDocument(deck)
    try:
        page = document[1]
        height = page.get_height()
        image = page.render(scale=300 / 72).to_pil().convert("RGB")
    finally:
        document.close()

    def at(x: float, y: float) -> tuple[int, ...]:  # mm from the page's lower left
        return image.getpixel((round(x * MM * 300 / 72), round((height - y * MM) * 300 / 72)))

    sea, corner, disc = at(8, 8), at(24.5, 39.5), at(35, 50)
    assert corner == sea, (corner, sea)  # the picture's transparent corner shows the card through
    assert disc[0] > 150 and disc[0] > disc[1] + 80 and disc[0] > disc[2] + 80, disc  # its disc is red


@pytest.mark.parametrize("limit", [240, 300])
def test_a_picture_s_pixels_keep_within_the_limit_their_black_kept_and_a_light_pixel_untouched(limit: int) -> None:
    pixels = [(200, 190, 180, 200), (255, 255, 255, 255), (255, 0, 0, 0), (10, 20, 30, 40)]
    image = Image.new("CMYK", (len(pixels), 1))
    image.putdata(pixels)
    capped = list(capped_pixels(image, limit).get_flattened_data())
    for before, after in zip(pixels, capped, strict=True):
        assert sum(after) <= limit * 255 / 100 + 1, (before, after)
        assert after[3] == min(before[3], limit * 255 // 100)  # black kept
        if sum(before) <= limit * 255 / 100:
            assert after == before
        else:  # cyan, magenta and yellow scaled down together: their proportions kept
            assert after[:3] <= before[:3] and abs(after[0] * before[1] - after[1] * before[0]) <= 255 * 2
