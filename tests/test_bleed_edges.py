"""Bleed to the edge, read back from the files: every shop's files (the shipped pack, and the
picture fixture whose ship art bleeds) carry ink in their outermost pixels, the sheets' bleed is
the one asked for (`--bleed 5`), every PNG we write says it is sRGB, and `validate` names an
element whose box lies further outside its piece than the bleed."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pictures import picture_pack
from PIL import Image
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export.shops import SHOPS, FileKind
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pieces.selection import Picture
from estoril_pnp.render.geometry import Box, apply
from estoril_pnp.render.imposition import PAPERS, Backs, plan
from estoril_pnp.render.ops import RectOp
from estoril_pnp.rulebook.document import Picture as Figure
from estoril_pnp.rulebook.html import picture_png
from estoril_pnp.watch.gallery import _rasterized

runner = CliRunner()
EDGE = 2  # px: the outermost ring read from every file
SHOP_DPI = 300
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
SHAPES = Path(__file__).parent / "fixtures" / "shapes_game"
SEA = (0x1B, 0x5E, 0x7A)  # the picture fixture's bleeding background
PROFILE = "/usr/share/color/icc/ghostscript/default_cmyk.icc"  # Debian's libgs-common (.ci/run)


def _white(pixel: tuple[int, ...]) -> bool:
    return min(pixel[:3]) >= 245


def _ring(image: Image.Image, width: int = EDGE) -> Iterator[tuple[int, ...]]:
    """Every pixel within `width` of the image's edge."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    data = rgb.load()
    for y in range(h):
        xs = range(w) if y < width or y >= h - width else (*range(width), *range(w - width, w))
        for x in xs:
            yield data[x, y]


def _shop_images(folder: Path, kind: FileKind) -> Iterator[tuple[str, Image.Image]]:
    """Each file's pictures: a PNG as it is; each page of a deck PDF, its MediaBox at the shop's 300 dpi."""
    for path in sorted(folder.rglob(f"*.{kind.value}")):
        if kind is FileKind.png:
            with Image.open(path) as image:
                yield str(path.relative_to(folder)), image.copy()
            continue
        document = pdfium.PdfDocument(path)
        try:
            for index in range(len(document)):
                # 2.75 × 3.75 in at 300/72 is exactly 825 × 1125 px: no pixel half on the page
                bitmap = document[index].render(scale=SHOP_DPI / 72)
                yield f"{path.relative_to(folder)} page {index + 1}", bitmap.to_pil().copy()
        finally:
            document.close()


def _build(pack: Path, out: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--lang", "en", "-q", *options])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def pictures(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return picture_pack(tmp_path_factory.mktemp("pictures"))


@pytest.mark.slow
@pytest.mark.parametrize("shop", sorted(SHOPS))
@pytest.mark.parametrize("which", ["shipped", "pictures", "rounded"])
def test_every_shop_file_has_ink_in_its_outermost_pixels(tmp_path: Path, pictures: Path, shop: str, which: str) -> None:
    # rounded: the shapes fixture's cards have rounded corners, which the shop cuts itself
    pack = {"shipped": default_pack(), "pictures": pictures, "rounded": SHAPES}[which]
    # a shop that asks for CMYK is given a profile, as its own preflight (run by the build) requires
    cmyk = ["--cmyk", PROFILE] if SHOPS[shop].asks_cmyk else []
    code, output = _build(pack, tmp_path, "--shop", shop, *cmyk)
    if which == "shipped" and SHOPS[shop].kind is FileKind.pdf:
        # the shipped pack has no 2.5 × 3.5 in card: refused, and nothing to read
        assert code == 2 and "has a card for none of this pack's pieces" in output
        return
    assert code == 0, output
    found = list(_shop_images(tmp_path / "en" / shop, SHOPS[shop].kind))
    assert found
    for name, image in found:
        ring = list(_ring(image))
        assert not [p for p in ring if _white(p)], f"{name}: white within {EDGE} px of its edge"
        if which == "shipped":  # the background that bleeds, and nothing else, reaches the edge
            assert len({p[:3] for p in ring}) == 1, name
        elif which == "pictures" and ("back" in name or "page 2" in name or "page 4" in name or "page 6" in name):
            # the sea, as a viewer shows it: in CMYK, the colour of the back's own lower left
            sea = image.convert("RGB").getpixel((image.width // 10, image.height * 9 // 10)) if cmyk else SEA
            assert {p[:3] for p in ring} == {sea}, name


def _reach(image: Image.Image, start: tuple[float, float], along: tuple[float, float], ppm: int) -> float:
    """How far (mm) the ink reaches from `start` (page mm, y up) along the unit vector `along`, on
    a page rendered at `ppm` pixels per mm: the length of the unbroken run of non-white."""
    data, (width, height) = image.load(), image.size

    def ink(t: float) -> bool:
        px, py = round((start[0] + along[0] * t) * ppm), height - round((start[1] + along[1] * t) * ppm)
        return 0 <= px < width and 0 <= py < height and not _white(data[px, py])

    t = 0.0
    while ink(t + 1 / ppm):
        t += 1 / ppm
    return t


@pytest.mark.slow
@pytest.mark.parametrize("bleed", [3.0, 5.0])
def test_the_sheets_bleed_is_the_one_asked_for(tmp_path: Path, pictures: Path, bleed: float) -> None:
    code, output = _build(pictures, tmp_path, "--bleed", f"{bleed:g}", "--backs", "none", "--paper", "a4")
    assert code == 0, output
    sheet = plan(PAPERS["a4"], 63, 88, bleed, Backs.none)  # where the build put each card
    ppm = 10
    document = pdfium.PdfDocument(tmp_path / "en" / "a4" / "ships.pdf")
    try:
        image = document[0].render(scale=ppm * 25.4 / 72).to_pil().convert("RGB")
    finally:
        document.close()
    exact, ships = 0, sheet.slots[:4]  # the fixture's four ships, in the plan's order
    for slot in ships:
        m = slot.front_matrix
        x_axis, y_axis = (m[0], m[1]), (m[2], m[3])  # the card's own axes on the page (turned or not)
        # from the art (it bleeds left, right and up) to the left and right cuts; from 1 mm inside
        # the left cut, to the top and bottom cuts
        for start, along, to_cut in (
            (apply(m, 31.5, 68), x_axis, 31.5),
            (apply(m, 31.5, 68), (-x_axis[0], -x_axis[1]), 31.5),
            (apply(m, 1, 44), y_axis, 44),
            (apply(m, 1, 44), (-y_axis[0], -y_axis[1]), 44),
        ):
            reach = _reach(image, start, along, ppm)
            # to the bleed's edge exactly; or on into a neighbour's bleed, where the two touch
            assert reach == pytest.approx(to_cut + bleed, abs=0.3) or reach > to_cut + 2 * bleed + 10, reach
            exact += reach == pytest.approx(to_cut + bleed, abs=0.3)
    assert exact >= 2 * len(ships)


def _srgb(path: Path) -> bool:
    with Image.open(path) as image:
        return image.info.get("srgb") == 0 and image.info.get("gamma") == pytest.approx(0.45455)


@pytest.mark.slow
def test_every_png_we_write_says_it_is_srgb(tmp_path: Path, pictures: Path) -> None:
    code, output = _build(pictures, tmp_path / "shop", "--shop", "makeplayingcards")
    assert code == 0, output
    written = list((tmp_path / "shop").rglob("*.png"))
    for command in (["png", "--bleed"], ["tts"]):
        out = tmp_path / command[0]
        result = runner.invoke(app, ["export", *command, "--pack", str(pictures), "--lang", "en", "--out", str(out)])
        assert result.exit_code == 0, result.output
        found = list(out.rglob("*.png"))
        assert found, command
        written += found
    assert [p for p in written if not _srgb(p)] == []


def test_the_rulebook_and_gallery_pictures_say_they_are_srgb() -> None:
    """The HTML rulebook's figures (data URIs) and `watch`'s gallery are PNGs we write too."""
    square = (RectOp(Box(0, 0, 20, 20), "#1b5e7a", None, 0.0, 0.0, True),)
    figure = picture_png(Figure(20, 20, (), square))
    shown = _rasterized([Picture("a/b", "a", 20, 20, square)])
    for png in (figure, *shown):
        with Image.open(io.BytesIO(png)) as image:
            assert image.info.get("srgb") == 0 and "chromaticity" in image.info


def _outside(folder: Path) -> Path:
    """The tiny fixture with an icon 14 mm past the 180 × 120 mm board's right edge."""
    pack = folder / "pack"
    shutil.copytree(TINY, pack)
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "      wave: {verb: icon, box: [70, 40, 40, 40], icon: tiny/wave, colour: sea}\n"
    assert old in text
    planted = old + "      logo:\n        verb: icon\n        icon: tiny/wave\n        box: [150, 90, 44, 30]\n"
    layouts.write_text(text.replace(old, planted), encoding="utf-8")
    return pack


def test_an_element_far_outside_its_piece_is_found_at_its_box(tmp_path: Path) -> None:
    pack = _outside(tmp_path)
    line = next(
        i for i, t in enumerate((pack / "layouts" / "tiny.yaml").read_text().splitlines(), 1) if "[150, 90" in t
    )
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1
    expected = (
        f"{pack / 'layouts' / 'tiny.yaml'}:{line}: layouts.coast.elements.logo.box: "
        "lies 14 mm outside the 180 × 120 mm piece (more than the 3 mm bleed)"
    )
    assert [s for s in result.output.splitlines() if "outside the" in s] == [f"error: {expected}"]
    # a build refuses it and writes nothing; with a bleed that reaches it, it builds
    code, output = _build(pack, tmp_path / "out")
    assert code == 2 and expected in output
    assert not (tmp_path / "out" / "en").exists()
    code, output = _build(pack, tmp_path / "wide", "--bleed", "14")
    assert code == 0, output


def test_an_element_within_the_bleed_is_no_finding(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    old = "box: [70, 40, 40, 40], icon: tiny/wave"
    layouts.write_text(text.replace(old, "box: [143, 40, 40, 40], icon: tiny/wave"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert "outside the" not in result.output, result.output
