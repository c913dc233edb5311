"""The `image` verb as a designer meets it: a card's own picture read back from the rendered page's
pixels (pdfium), how it is embedded (pdfimages), every bad picture a located line through every
command with nothing written, and art too coarse to print named with its numbers."""

from __future__ import annotations

import io
import json
import os
import shutil
import struct
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pictures import BLUE, GREEN, RED, SVG, YELLOW, logo, picture_pack, quarters
from PIL import Image
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.export.raster import render
from estoril_pnp.files import digests
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.docinfo import untitled
from estoril_pnp.render.draw import draw_piece, new_canvas, new_page
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.layout import load_design
from estoril_pnp.render.piece import Piece

PAPER = (0, 160, 0)  # the test card's colour
PX_PER_MM = 10
CARD = (60, 40)  # mm
runner = CliRunner()


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML


def _pack(tmp: Path, art: dict[str, Any], pictures: dict[str, Image.Image], face: dict[str, Any] | None = None) -> Path:
    """A one-card pack: a green card with one image element `art` (box from the card's top-left)."""
    pack = tmp / "pack"
    (pack / "pack.yaml").parent.mkdir(parents=True)
    (pack / "pack.yaml").write_text('title: "Pictures"\n', encoding="utf-8")
    (pack / "components.yaml").write_text(
        "pieces:\n  card: {size: [60, 40], group: cards, items: cards.yaml, face: card}\n", encoding="utf-8"
    )
    _write(pack / "cards.yaml", [{"id": "one", "face": face or {}}])
    paper = {"verb": "rect", "box": [0, 0, *CARD], "fill": "#00a000"}
    _write(
        pack / "layouts" / "cards.yaml",
        {"layouts": {"card": {"size": list(CARD), "elements": {"paper": paper, "art": art}}}},
    )
    _write(pack / "i18n" / "en.yaml", {})
    for name, image in pictures.items():
        (pack / "images" / name).parent.mkdir(parents=True, exist_ok=True)
        image.save(pack / "images" / name)
    return pack


def _piece(pack: Path) -> Piece:
    register_fonts()
    loaded = load_pack(pack)
    pieces, _ = lay_out(loaded, load_design(loaded.files), "en")
    return pieces[0]


def _pixels(tmp: Path, piece: Piece, bleed: float = 0.0) -> Callable[[float, float], tuple[int, int, int]]:
    """The piece drawn alone on a page with `bleed` around it, read back by pdfium; a function
    giving the colour at (x, y) mm from the trim's top-left (negative: in the bleed)."""
    pdf = tmp / "piece.pdf"
    canvas = new_canvas(pdf, untitled("test"))
    w, h = piece.width + 2 * bleed, piece.height + 2 * bleed
    new_page(canvas, w, h)
    draw_piece(canvas, piece, bleed, bleed, bleed=bleed)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(pdf)
    page = document[0]
    image = render(page, page.get_mediabox(), (round(w * PX_PER_MM), round(h * PX_PER_MM)))
    page.close()
    document.close()

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round((x + bleed) * PX_PER_MM), round((y + bleed) * PX_PER_MM)))

    return at


def near(got: tuple[int, int, int], want: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(got, want, strict=True))


def test_a_transparent_png_shows_the_card_through_it(tmp_path: Path) -> None:
    pack = _pack(tmp_path, {"verb": "image", "box": [10, 5, 30, 30], "image": "logo.png"}, {"logo.png": logo(400)})
    at = _pixels(tmp_path, _piece(pack))
    assert near(at(25, 20), RED)  # the disc
    for x, y in ((11, 6), (39, 6), (11, 34), (39, 34)):  # the box's corners, outside the disc: transparent
        assert near(at(x, y), PAPER), (x, y, at(x, y))


@pytest.mark.parametrize(
    ("anchor", "left", "right"),
    [("center", GREEN, BLUE), ("left", RED, GREEN), ("right", BLUE, YELLOW), ([0.0, 0.5], RED, GREEN)],
)
def test_cover_crops_to_the_box_around_its_anchor(tmp_path: Path, anchor: Any, left: Any, right: Any) -> None:
    """A square picture of four bands covering a tall box (20 × 40 mm): half its width is cut
    away, which half the anchor says; nothing is drawn outside the box."""
    art = {"verb": "image", "box": [20, 0, 20, 40], "image": "bands.png", "fit": "cover", "anchor": anchor}
    at = _pixels(tmp_path, _piece(_pack(tmp_path, art, {"bands.png": quarters((400, 400))})))
    for y in (1, 20, 39):
        assert near(at(20.5, y), left) and near(at(39.5, y), right), (y, at(20.5, y), at(39.5, y))
    assert near(at(19.5, 20), PAPER) and near(at(40.5, 20), PAPER)  # cropped, not spilled


@pytest.mark.parametrize(("anchor", "first"), [("center", 20), ("left", 0), ("right", 40)])
def test_contain_letterboxes_inside_the_box(tmp_path: Path, anchor: str, first: float) -> None:
    """A square picture in a wide box (60 × 20 mm) is 20 mm wide: the card shows beside it."""
    art = {"verb": "image", "box": [0, 10, 60, 20], "image": "bands.png", "fit": "contain", "anchor": anchor}
    at = _pixels(tmp_path, _piece(_pack(tmp_path, art, {"bands.png": quarters((400, 400))})))
    assert near(at(first + 0.5, 20), RED) and near(at(first + 19.5, 20), YELLOW)
    for x in (first - 0.5, first + 20.5):
        if 0 < x < 60:
            assert near(at(x, 20), PAPER), (x, at(x, 20))
    assert near(at(first + 10, 9.5), PAPER) and near(at(first + 10, 30.5), PAPER)  # the box's height is the picture's


def test_stretch_fills_the_box(tmp_path: Path) -> None:
    art = {"verb": "image", "box": [0, 10, 60, 20], "image": "bands.png", "fit": "stretch"}
    at = _pixels(tmp_path, _piece(_pack(tmp_path, art, {"bands.png": quarters((400, 400))})))
    assert near(at(0.5, 11), RED) and near(at(59.5, 29), YELLOW) and near(at(30, 9.5), PAPER)


def test_a_quarter_turn_turns_the_picture(tmp_path: Path) -> None:
    """Turned 90° counter-clockwise, the picture's left band (red) lies along the bottom."""
    art = {"verb": "image", "box": [10, 0, 40, 40], "image": "bands.png", "angle": 90}
    at = _pixels(tmp_path, _piece(_pack(tmp_path, art, {"bands.png": quarters((400, 400))})))
    assert near(at(30, 39.5), RED) and near(at(30, 0.5), YELLOW)


def test_bleed_carries_the_picture_to_the_bleed_edge(tmp_path: Path) -> None:
    art = {"verb": "image", "box": [0, 0, 20, 40], "image": "bands.png", "fit": "cover", "bleed": True}
    at = _pixels(tmp_path, _piece(_pack(tmp_path, art, {"bands.png": quarters((400, 400))})), bleed=3)
    # the box grown by the bleed (-3 to 23 mm across) is covered anew: the picture is 46 mm wide, its
    # bands 11.5 mm each from -13 mm
    assert near(at(-2.5, 20), RED) and near(at(5, -2.5), GREEN)
    assert near(at(22.5, 20), YELLOW) and near(at(23.5, 20), PAPER)  # every side grows, as a rect's does
    plain = {**art, "bleed": False}
    at = _pixels(tmp_path, _piece(_pack(tmp_path / "plain", plain, {"bands.png": quarters((400, 400))})), bleed=3)
    assert at(-2.5, 20) == (255, 255, 255)


def test_an_item_names_its_own_picture_and_svg_keeps_its_colours(tmp_path: Path) -> None:
    art = {"verb": "image", "box": [0, 0, 60, 40]}
    pack = _pack(tmp_path, art, {}, face={"art": "ships/junk.svg"})
    (pack / "images" / "ships").mkdir(parents=True)
    (pack / "images" / "ships" / "junk.svg").write_text(SVG, encoding="utf-8")
    at = _pixels(tmp_path, _piece(pack))
    assert near(at(30, 20), (0x1E, 0x3C, 0xDC)) and near(at(13, 2), (0xF0, 0xC8, 0x14))  # its own, never the ink


def _pdfimages(pdf: Path) -> list[dict[str, str]]:
    out = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    head, _, *rows = out.splitlines()
    names = head.split()
    return [dict(zip(names, row.split(), strict=False)) for row in rows]


@pytest.mark.slow
def test_the_fixture_builds_with_jpegs_passed_through_and_each_picture_once(tmp_path: Path) -> None:
    pack = picture_pack(tmp_path)
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    pdf = tmp_path / "out" / "en" / "a4" / "ships.pdf"
    rows = _pdfimages(pdf)
    images = {row["object"]: row for row in rows if row["type"] == "image"}
    # galleon.jpg, sloop.png, brig.webp and logo.png (the SVG is vectors): each one object, however many uses
    assert len(images) == 4
    assert sorted((r["width"], r["height"], r["enc"]) for r in images.values()) == [
        ("1000", "800", "jpeg"),
        ("400", "400", "image"),
        ("900", "720", "image"),
        ("900", "720", "image"),
    ]
    assert sum(1 for row in rows if row["type"] == "image" and row["width"] == "400") == 4  # the logo on 4 backs
    jpeg = (pack / "images" / "ships" / "galleon.jpg").read_bytes()
    assert jpeg in pdf.read_bytes()  # the file's own bytes as they are: not encoded again, nor wrapped in ASCII85


# --- bad pictures: one located line each, through every command, nothing written -------------


def _png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header says `width` × `height`: what a decompression bomb looks like to a reader."""
    image = Image.new("1", (1, 1))
    path_bytes = _png_bytes(image)
    ihdr = struct.pack(">II", width, height) + path_bytes[24:29]
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF)
    return path_bytes[:16] + ihdr + crc + path_bytes[33:]


def _png_bytes(image: Image.Image) -> bytes:
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _cut(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


BAD: dict[str, tuple[Callable[[Path], None], str]] = {
    "missing": (lambda p: p.unlink(), "image file 'ships/sloop.png' not found in the pack's images/ folder"),
    "unreadable": (lambda p: (p.unlink(), p.mkdir()), "sloop.png: unreadable or cut off"),
    "truncated": (_cut, "sloop.png: unreadable or cut off"),
    "not an image": (lambda p: p.write_text("no picture here"), "sloop.png: not a picture (expected a PNG)"),
    "a JPEG named .png": (lambda p: quarters((900, 720)).save(p, format="JPEG"), "holds a JPEG, not a PNG"),
    "bomb": (lambda p: p.write_bytes(_png_claiming(20_000, 20_000)), "more pixels than Pillow opens safely"),
    "bomb under twice the limit": (
        lambda p: p.write_bytes(_png_claiming(10_000, 10_000)),
        "more pixels than Pillow opens safely",
    ),
}
BAD_JPEG = {"CMYK": (lambda p: Image.new("CMYK", (900, 720)).save(p), "sloop.jpg: a CMYK JPEG; save it as RGB")}
BAD_SVG = {
    "a linked file": ('<image href="file:///etc/passwd" width="10" height="10"/>', "links to 'file:///etc/passwd'"),
    "a linked picture": ('<image xlink:href="other.png" width="10" height="10"/>', "links to 'other.png'"),
    "an address": ('<image href="https://example.com/x.png" width="9" height="9"/>', "links to 'https://"),
    "a script": ("<script>alert(1)</script>", "an SVG with scripts is refused"),
    "a handler": ('<rect width="5" height="5" onclick="alert(1)"/>', "has a script handler (onclick)"),
    "an external entity": (
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
        "declares entities",
    ),
    "a style import": ('<style>@import url("https://example.com/a.css");</style>', "fetches a file or an address"),
}
COMMANDS = {
    "validate": (["validate"], 1),
    "build": (["build", "--out", "{out}"], 2),
    "export png": (["export", "png", "--out", "{out}"], 2),
    "export tts": (["export", "tts", "--out", "{out}"], 2),
}


def _run(command: str, pack: Path, out: Path) -> Any:
    args, _ = COMMANDS[command]
    return runner.invoke(app, [*(a.format(out=out) for a in args), "--pack", str(pack)])


def _one_located_line(result: Any, items: Path, want: str) -> None:
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    line = 1 + [i for i, text in enumerate(items.read_text().splitlines()) if "sloop" in text][1]
    assert errors[0].startswith(f"error: {items}:{line}: [1].face.art: "), errors[0]
    assert want in errors[0], errors[0]
    assert "Traceback" not in result.output


def _item_picture_pack(tmp: Path, extension: str) -> tuple[Path, Path]:
    pack = picture_pack(tmp)
    items = pack / "ships.yaml"
    items.write_text(items.read_text().replace("ships/sloop.png", f"ships/sloop{extension}"))
    target = pack / "images" / "ships" / f"sloop{extension}"
    if extension != ".png":
        shutil.move(pack / "images" / "ships" / "sloop.png", target)
    return pack, target


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", [*BAD, *BAD_JPEG, *BAD_SVG])
def test_a_bad_picture_is_one_located_line_and_nothing_is_written(tmp_path: Path, case: str, command: str) -> None:
    if case in BAD_SVG:
        pack, target = _item_picture_pack(tmp_path, ".svg")
        inner, want = BAD_SVG[case]
        xlink = '<svg xmlns:xlink="http://www.w3.org/1999/xlink" '
        whole = inner.startswith("<?xml")
        target.write_text(inner if whole else SVG.replace("</svg>", f"{inner}</svg>").replace("<svg ", xlink))
    else:
        pack, target = _item_picture_pack(tmp_path, ".jpg" if case in BAD_JPEG else ".png")
        spoil, want = {**BAD, **BAD_JPEG}[case]
        spoil(target)
    out = tmp_path / "out"
    result = _run(command, pack, out)
    assert result.exit_code == COMMANDS[command][1], result.output
    _one_located_line(result, pack / "ships.yaml", want)
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*") if not p.name.endswith(".lock"))


def test_a_bad_picture_a_layout_names_is_located_in_the_layout(tmp_path: Path) -> None:
    pack = picture_pack(tmp_path)
    _cut(pack / "images" / "logo.png")
    result = _run("validate", pack, tmp_path / "out")
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"error: {pack / 'layouts' / 'ships.yaml'}:14: layouts.ship_back.elements.logo.image: ")
    assert "logo.png: unreadable or cut off" in errors[0]


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("../secret.png", "climbs out of the pack"),
        ("/etc/passwd.png", "is an absolute path"),
        ("Ships/Sloop.png", "is not an id"),
        ("ships/sloop.gif", "a .png, .jpg, .jpeg, .webp or .svg file"),
    ],
)
def test_a_picture_is_named_inside_the_pack(tmp_path: Path, name: str, want: str) -> None:
    pack = picture_pack(tmp_path)
    items = pack / "ships.yaml"
    items.write_text(items.read_text().replace("ships/sloop.png", name))
    result = _run("validate", pack, tmp_path / "out")
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and want in errors[0] and "ships.yaml:" in errors[0], result.output


@pytest.mark.parametrize(
    ("key", "value", "want"),
    [
        ("fit", "fill", "unknown value 'fill'; choose one of contain, cover, stretch"),
        ("anchor", [0.5, 2], "an anchor is [fx, fy]"),
        ("anchor", "middle", "an anchor is [fx, fy]"),
        ("angle", 45, "quarter turns"),
        ("bleed", "yes", "expected true or false"),
        ("colour", "ink", "unknown key for a image"),
    ],
)
def test_an_image_element_takes_only_its_keys(tmp_path: Path, key: str, value: Any, want: str) -> None:
    art = {"verb": "image", "box": [0, 0, 60, 40], "image": "logo.png", key: value}
    pack = _pack(tmp_path, art, {"logo.png": logo(100)})
    result = _run("validate", pack, tmp_path / "out")
    assert result.exit_code == 1 and want in result.output and f"elements.art.{key}" in result.output, result.output


def test_a_16_bit_png_and_a_webp_are_converted(tmp_path: Path) -> None:
    grey = Image.new("I;16", (400, 400), 0x8000)
    art = {"verb": "image", "box": [0, 0, 30, 40], "image": "grey.png", "fit": "stretch"}
    pack = _pack(tmp_path, art, {"grey.png": grey, "bands.webp": quarters((400, 400))})
    assert Image.open(pack / "images" / "grey.png").mode.startswith("I")
    at = _pixels(tmp_path, _piece(pack))
    assert near(at(15, 20), (128, 128, 128)), at(15, 20)  # scaled to 8 bits, not clipped to white


# --- print resolution ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("size", "ppi", "floor"), [((600, 480), 218, 300), ((300, 240), 109, 150)])
def test_low_resolution_art_is_named_with_its_figures(tmp_path: Path, size: Any, ppi: int, floor: int) -> None:
    pack = picture_pack(tmp_path)
    quarters(size).save(pack / "images" / "ships" / "sloop.png")
    want = (
        f"images/ships/sloop.png: ships/sloop: art: {ppi} ppi at 63 × 50 mm, under {floor} ({size[0]} × {size[1]} px)"
    )
    checked = _run("validate", pack, tmp_path / "out")
    assert checked.exit_code == 0 and f"warning: {want}" in checked.output.splitlines(), checked.output
    assert _run("validate", pack, tmp_path / "out").exit_code == 0
    strict = runner.invoke(app, ["validate", "--strict", "--pack", str(pack)])
    assert strict.exit_code == 1
    built = _run("build", pack, tmp_path / "out")
    assert built.exit_code == 0 and f"warning: {want}" in built.output.splitlines(), built.output
    strict_out = tmp_path / "strict"
    refused = runner.invoke(app, ["build", "--strict", "--pack", str(pack), "--out", str(strict_out)])
    if floor == 150:  # too coarse to print: --strict refuses it, and writes nothing
        assert refused.exit_code == 2 and f"error: {want}" in refused.output.splitlines(), refused.output
        assert not strict_out.exists() or not any(p.is_file() for p in strict_out.rglob("*.pdf"))
    else:  # soft, but printable: still a warning
        assert refused.exit_code == 0 and f"warning: {want}" in refused.output.splitlines(), refused.output


@pytest.mark.slow
def test_a_replaced_picture_redraws_only_the_pdfs_that_show_it(tmp_path: Path) -> None:
    pack = picture_pack(tmp_path)
    out = tmp_path / "out"
    first = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert first.exit_code == 0 and "2 of 2 files drawn" in first.output, first.output
    (pack / "images" / "ships" / "galleon.jpg").write_bytes((pack / "images" / "ships" / "galleon.jpg").read_bytes())
    same = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert "Nothing changed" in same.output, same.output  # saved again, the same bytes: nothing to draw
    quarters((1000, 800), (YELLOW, BLUE, GREEN, RED)).save(pack / "images" / "ships" / "galleon.jpg", quality=90)
    again = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert again.exit_code == 0 and "1 of 2 files drawn" in again.output, again.output
    assert str(out / "en" / "a4" / "ships.pdf") in again.output and "coins.pdf" not in again.output


def _jpeg(colours: tuple[tuple[int, int, int], ...], length: int) -> bytes:
    """A picture's JPEG bytes padded after their end to `length`, as any reader ignores."""
    data = io.BytesIO()
    quarters((1000, 800), colours).save(data, "JPEG", quality=90)
    assert data.tell() <= length
    return data.getvalue() + bytes(length - data.tell())


def _first_page(pdf: Path) -> bytes:
    return pdfium.PdfDocument(pdf)[0].render(scale=0.5).to_pil().convert("RGB").tobytes()


@pytest.mark.slow
def test_a_picture_replaced_with_the_same_size_and_time_is_redrawn_while_unchanged_ones_are_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a build trusts a file's kept hash while its stat is the same; pictures written just now are
    # hashed again each time (a later write could share their clock tick): here they count as old
    monkeypatch.setattr(digests, "RACY_NS", 0)
    pack = picture_pack(tmp_path)
    galleon = pack / "images" / "ships" / "galleon.jpg"
    galleon.write_bytes(_jpeg((RED, GREEN, BLUE, YELLOW), 60_000))
    out = tmp_path / "out"
    first = _run("build", pack, out)
    assert first.exit_code == 0 and "2 of 2 files drawn" in first.output, first.output
    printed = _first_page(out / "en" / "a4" / "ships.pdf")

    read: list[str] = []
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self.name) or read_bytes(self))
    same = _run("build", pack, out)
    assert "Nothing changed" in same.output, same.output
    assert not {"galleon.jpg", "sloop.png", "brig.webp", "logo.png"} & set(read), read  # known by their stat

    before = galleon.stat()
    galleon.write_bytes(_jpeg((YELLOW, BLUE, GREEN, RED), 60_000))
    os.utime(galleon, ns=(before.st_atime_ns, before.st_mtime_ns))  # as a copy that keeps the old time
    after = galleon.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    again = _run("build", pack, out)
    assert again.exit_code == 0 and "1 of 2 files drawn" in again.output, again.output
    assert str(out / "en" / "a4" / "ships.pdf") in again.output and "coins.pdf" not in again.output
    assert _first_page(out / "en" / "a4" / "ships.pdf") != printed  # the new picture is printed


def test_a_layout_picture_broken_after_the_layouts_were_read_is_located_in_the_layout(tmp_path: Path) -> None:
    """As in `watch`: the layouts are read once, then the logo is saved broken."""
    pack = picture_pack(tmp_path)
    register_fonts()
    loaded = load_pack(pack)
    design = load_design(loaded.files)
    _cut(pack / "images" / "logo.png")
    with pytest.raises(InputError) as caught:
        lay_out(loaded, design, "en")
    [finding] = caught.value.findings
    assert str(finding).startswith(f"{pack / 'layouts' / 'ships.yaml'}:14: layouts.ship_back.elements.logo.image: ")
    assert "logo.png: unreadable or cut off" in str(finding)


@pytest.mark.parametrize(
    ("orientation", "first", "last"),
    # the stored picture's red band, then its yellow one, as seen: (x, y) mm on a 60 × 40 mm box
    [
        (1, (1, 20), (59, 20)),
        (3, (59, 20), (1, 20)),
        (6, (30, 1), (30, 39)),
        (8, (30, 39), (30, 1)),
        (2, (59, 20), (1, 20)),
    ],
)
def test_a_cameras_jpeg_stands_as_its_exif_says_and_still_passes_through(
    tmp_path: Path, orientation: int, first: tuple[float, float], last: tuple[float, float]
) -> None:
    """Four bands stored left to right, red first; a camera's orientation 6 means: turn it 90°
    clockwise to see it, so red is on top; 8, counter-clockwise, so red is at the bottom; 2, mirrored,
    is no turn: its pixels are embedded upright instead."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    pack = _pack(tmp_path, {"verb": "image", "box": [0, 0, 60, 40], "image": "photo.jpg", "fit": "stretch"}, {})
    (pack / "images").mkdir()
    quarters((400, 200)).save(pack / "images" / "photo.jpg", quality=95, exif=exif)
    at = _pixels(tmp_path, _piece(pack))
    assert near(at(*first), RED) and near(at(*last), YELLOW), (at(*first), at(*last))
    assert [row["enc"] for row in _pdfimages(tmp_path / "piece.pdf")] == ["image" if orientation == 2 else "jpeg"]


@pytest.mark.slow
def test_a_pack_builds_the_same_bytes_wherever_it_lies(tmp_path: Path) -> None:
    built = []
    for where in ("here", "there"):
        pack = picture_pack(tmp_path / where)
        result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / where / "out"), "-q"])
        assert result.exit_code == 0, result.output
        built.append((tmp_path / where / "out" / "en" / "a4" / "ships.pdf").read_bytes())
    assert built[0] == built[1]
