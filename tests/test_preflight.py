"""`estoril-pnp preflight` read as a print shop's report: a set of cards each broken one way gives
one line per fault, at its file and page, and exit 1; a card made right gives none; a file that
is no whole PDF is one line of bad input (exit 2); our own shop files pass."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfWriter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "tiny_game"
CMYK_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)
PAGE = (198.0, 270.0)  # DriveThruCards' US Poker card with its 1/8 in bleed, pt
TRIM = (9.0, 9.0, 180.0, 252.0)  # x, y, width, height


def _card(path: Path, fault: str = "") -> Path:
    """A DriveThruCards card: a light CMYK background over the whole bleed, a name in an embedded
    font well inside the safe margin; and the one `fault` asked for."""
    pdfmetrics.registerFont(TTFont("Vollkorn", str(ROOT / "fonts" / "Vollkorn-Regular.ttf")))
    canvas = Canvas(str(path), pagesize=PAGE)
    canvas.setTrimBox((TRIM[0], TRIM[1], TRIM[0] + TRIM[2], TRIM[1] + TRIM[3]))
    canvas.setBleedBox((0, 0, *PAGE))
    canvas.setFillColorCMYK(0, 0.05, 0.15, 0)
    if fault == "bleed":  # the background stops at the cut
        canvas.rect(*TRIM, fill=1, stroke=0)
    else:
        canvas.rect(0, 0, *PAGE, fill=1, stroke=0)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont("Helvetica" if fault == "font" else "Vollkorn", 14)
    canvas.drawString(50, 200, "Beacon")
    if fault == "margin":  # 2 pt inside the cut, within the 1/8 in safe margin
        canvas.setFont("Vollkorn", 10)
        canvas.drawString(TRIM[0] + 2, 120, "Edge")
    if fault == "ink":
        canvas.setFillColorCMYK(0.8, 0.8, 0.8, 0.8)
        canvas.rect(60, 60, 50, 50, fill=1, stroke=0)
    if fault == "image":  # 72 px across an inch
        picture = path.with_suffix(".source.png")
        Image.new("L", (72, 72), 128).save(picture)
        canvas.drawImage(str(picture), 60, 60, width=72, height=72)
        picture.unlink()
    if fault == "rgb":
        canvas.setFillColorRGB(0.2, 0.3, 0.5)
        canvas.rect(60, 60, 50, 50, fill=1, stroke=0)
    canvas.showPage()
    canvas.save()
    return path


def _preflight(*args: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["preflight", *args])
    return result.exit_code, result.output.splitlines()


FAULTS = {  # each card's fault, as its line begins
    "font": "font Helvetica is not embedded",
    "image": "image ",
    "ink": "total ink 320 % is over the limit of 240 %",  # DriveThruCards publishes 240 %
    "bleed": "bleed short of the edge: ",
    "margin": "text inside DriveThruCards's 3.2 mm safe margin inside the trim: 'Edge'",
}


@pytest.mark.slow  # Ghostscript renders each card
def test_a_broken_set_gives_one_line_per_fault_and_exit_1(tmp_path: Path) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    for fault in ("", *FAULTS):
        _card(folder / f"{fault or 'clean'}.pdf", fault)
    code, lines = _preflight(str(folder), "--shop", "drivethrucards")
    assert code == 1, lines
    *found, summary = lines
    assert summary == f"{len(FAULTS)} finding(s): FAILED"
    assert sorted(found) == sorted(found)  # files in order of their names
    by_file = {line.split(": page 1: ")[0]: line.split(": page 1: ", 1)[1] for line in found}
    assert len(by_file) == len(found) == len(FAULTS)  # one line each, and none for the clean card
    for fault, start in FAULTS.items():
        assert by_file[f"{fault}.pdf"].startswith(start), by_file
    assert "72 ppi at its printed size (72 × 72 px on 25.4 × 25.4 mm)" in by_file["image.pdf"]
    # where the ink is: the square's corner, 60 pt from the left and 270 - 110 from the top
    assert "the most at x 21.2, y 56.4 mm from the page's top-left corner" in by_file["ink.pdf"]
    assert "top (100% of it), right (100% of it), bottom (100% of it), left (100% of it)" in by_file["bleed.pdf"]
    # one file alone, and the clean one passes
    assert _preflight(str(folder / "font.pdf"))[0] == 1
    assert _preflight(str(folder / "clean.pdf"), "--shop", "drivethrucards") == (0, ["0 finding(s): ok"])


@pytest.mark.slow
def test_the_ink_limit_is_the_option_s_else_the_shop_s(tmp_path: Path) -> None:
    card = _card(tmp_path / "ink.pdf", "ink")
    assert _preflight(str(card), "--ink-limit", "330")[0] == 0
    code, lines = _preflight(str(card), "--ink-limit", "250")
    assert code == 1 and "over the limit of 250 %" in lines[0]
    assert _preflight(str(card), "--ink-limit", "20")[1] == [
        "error: --ink-limit: must be between 100 and 400 % (got 20)"
    ]


@pytest.mark.slow
def test_rgb_is_a_fault_where_cmyk_is_asked_for_and_its_ink_is_not_measured(tmp_path: Path) -> None:
    card = _card(tmp_path / "rgb.pdf", "rgb")
    assert _preflight(str(card)) == (0, ["0 finding(s): ok"])  # RGB as such is no fault
    for asked in (["--cmyk"], ["--shop", "drivethrucards"]):
        code, lines = _preflight(str(card), *asked)
        assert code == 1 and lines[0] == f"{card}: page 1: RGB where CMYK is asked for: fill colours (1) set in RGB"
    # a dark RGB fill is no ink finding: how much ink it takes is the printer's conversion
    canvas = Canvas(str(tmp_path / "dark.pdf"), pagesize=PAGE)
    canvas.setFillColorRGB(0.05, 0.05, 0.05)
    canvas.rect(0, 0, *PAGE, fill=1, stroke=0)
    canvas.save()
    code, lines = _preflight(str(tmp_path / "dark.pdf"))
    assert code == 1 and len(lines) == 2 and "no TrimBox and no BleedBox" in lines[0]


@pytest.mark.slow
def test_missing_boxes_and_a_page_of_no_card_s_size(tmp_path: Path) -> None:
    canvas = Canvas(str(tmp_path / "a4.pdf"), pagesize=(595.28, 841.89))
    canvas.setFillColorCMYK(0, 0, 0, 0.2)
    canvas.rect(100, 100, 100, 100, fill=1, stroke=0)
    canvas.save()
    code, lines = _preflight(str(tmp_path / "a4.pdf"), "--shop", "drivethrucards")
    assert code == 1
    assert lines[:-1] == [
        f"{tmp_path / 'a4.pdf'}: page 1: no TrimBox and no BleedBox: the shop cannot tell where to cut",
        f"{tmp_path / 'a4.pdf'}: page 1: page 210.0 × 297.0 mm: no card of DriveThruCards with its bleed "
        "(US Poker 69.8 × 95.2 mm)",
    ]
    # a BleedBox inside the TrimBox
    writer = PdfWriter(clone_from=_card(tmp_path / "card.pdf"))
    from pypdf.generic import RectangleObject

    writer.pages[0].bleedbox = RectangleObject((20, 20, 150, 200))
    writer.write(tmp_path / "inside.pdf")
    code, lines = _preflight(str(tmp_path / "inside.pdf"))
    assert code == 1 and lines[0].endswith("page 1: the BleedBox does not contain the TrimBox")
    # a bleed of 1 mm where the shop asks for 1/8 in
    writer = PdfWriter(clone_from=tmp_path / "card.pdf")
    writer.pages[0].bleedbox = RectangleObject((6.17, 6.17, 191.83, 263.83))
    writer.write(tmp_path / "narrow.pdf")
    code, lines = _preflight(str(tmp_path / "narrow.pdf"), "--shop", "drivethrucards")
    assert code == 1 and lines[:-1] == [
        f"{tmp_path / 'narrow.pdf'}: page 1: bleed 1.0 mm on its narrowest side; DriveThruCards asks for 3.2 mm"
    ]


@pytest.mark.slow
def test_a_drawing_in_the_margin_is_found_and_a_band_across_the_cut_is_not(tmp_path: Path) -> None:
    card = _card(tmp_path / "card.pdf")
    writer = PdfWriter(clone_from=card)
    page = writer.pages[0]
    from pypdf.generic import DecodedStreamObject, NameObject

    contents = DecodedStreamObject()
    # an icon-sized square 2 pt inside the cut, its top 156 pt below the trim's; a band from the bleed across the cut
    contents.set_data(page.get_contents().get_data() + b"\n0 0 0 1 k 11 100 5 5 re f 0 0 1 0 k 0 230 198 40 re f\n")
    page[NameObject("/Contents")] = writer._add_object(contents)
    writer.write(tmp_path / "drawn.pdf")
    code, lines = _preflight(str(tmp_path / "drawn.pdf"), "--shop", "drivethrucards")
    assert code == 1 and lines[:-1] == [
        f"{tmp_path / 'drawn.pdf'}: page 1: drawings inside DriveThruCards's 3.2 mm safe margin inside the trim: "
        "shape at x 0.7, y 55.0 mm from the trim's top-left (2.5 mm in)"
    ]


def _png(path: Path, size: tuple[int, int] = (825, 1125), paper: int = 0) -> Path:
    """A card picture: a blue field, with `paper` px of white at its edges."""
    image = Image.new("RGB", size, "white")
    image.paste((30, 60, 120), (paper, paper, size[0] - paper, size[1] - paper))
    image.save(path, dpi=(300, 300))
    return path


def test_a_shop_s_png_is_checked_for_its_pixels_colour_and_bleed(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    _png(folder / "good.png")
    _png(folder / "sliver.png", paper=3)  # the white band of issue 36: inside the bleed, short of the edge
    _png(folder / "small.png", size=(750, 1050))
    code, lines = _preflight(str(folder), "--shop", "thegamecrafter")
    assert code == 1
    assert lines[:-1] == [
        "sliver.png: bleed short of the edge: bare paper in the bleed's outer 2 px where the art at the cut is inked: "
        "top (100% of it), right (100% of it), bottom (100% of it), left (100% of it)",
        "small.png: 750 × 1050 px: no card of The Game Crafter (Poker Deck 825 × 1125 px; Bridge Deck 750 × 1125 px; "
        "Square Deck 1125 × 1125 px; Tarot Deck 900 × 1500 px; Jumbo Deck 1125 × 1725 px)",
    ]
    # MakePlayingCards' poker card is 822 × 1122: the good picture is no card of it
    code, lines = _preflight(str(folder / "good.png"), "--shop", "makeplayingcards")
    assert code == 1 and "825 × 1125 px: no card of MakePlayingCards" in lines[0]
    assert _preflight(str(folder / "good.png"), "--shop", "thegamecrafter") == (0, ["0 finding(s): ok"])
    code, lines = _preflight(str(folder / "good.png"), "--cmyk")
    assert code == 1 and lines[0] == f"{folder / 'good.png'}: RGB where CMYK is asked for"


@pytest.mark.slow
def test_a_form_that_draws_itself_is_read_within_bounds(tmp_path: Path) -> None:
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

    writer = PdfWriter(clone_from=_card(tmp_path / "card.pdf"))
    form = DecodedStreamObject()
    form.set_data(b"q 0.5 0 0 0.5 0 0 cm /F Do Q q 0.5 0 0 0.5 50 50 cm /F Do Q 0 0 0 1 k 20 20 10 10 re f")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(0), FloatObject(0), FloatObject(198), FloatObject(270)])
    ref = writer._add_object(form)
    form[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): DictionaryObject({NameObject("/F"): ref})}
    )
    page = writer.pages[0]
    page[NameObject("/Resources")][NameObject("/XObject")] = DictionaryObject({NameObject("/F"): ref})
    contents = DecodedStreamObject()
    contents.set_data(page.get_contents().get_data() + b"\n/F Do\n")
    page[NameObject("/Contents")] = writer._add_object(contents)
    writer.write(tmp_path / "self.pdf")
    code, lines = _preflight(str(tmp_path / "self.pdf"), "--shop", "drivethrucards")
    assert (code, lines) == (0, ["0 finding(s): ok"])


def _encrypted(path: Path) -> None:
    writer = PdfWriter(clone_from=_card(path.with_name("plain.pdf")))
    writer.encrypt("secret")
    writer.write(path)


def _truncated(path: Path) -> None:
    data = _card(path.with_name("whole.pdf")).read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: None, "no such file or folder"),
        (lambda p: p.write_text("hello", encoding="utf-8"), "not a PDF (it does not start with %PDF-)"),
        (_truncated, "cut short: the PDF does not end with %%EOF"),
        (_encrypted, "encrypted: a print shop needs a PDF without a password or restrictions"),
        (lambda p: p.write_bytes(b"%PDF-1.4\nnot really\n%%EOF\n"), "cannot be read as a PDF"),
        (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\nbroken"), "cannot be read as an image"),
        (lambda p: p.mkdir(), "no PDF or PNG file in this folder"),
    ],
)
def test_what_is_no_whole_pdf_is_one_line_of_bad_input(tmp_path: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "file.pdf"
    make(target)
    code, lines = _preflight(str(target))
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith(f"error: {target}: {message}"), lines


OURS = [
    ("tiny_game", FIXTURE, ["--shop", "drivethrucards", "--cmyk", str(CMYK_PROFILE)]),
    ("tiny_game", FIXTURE, ["--shop", "thegamecrafter"]),
    ("tiny_game", FIXTURE, ["--shop", "makeplayingcards"]),
    ("data", ROOT / "data", ["--shop", "thegamecrafter"]),
    ("data", ROOT / "data", ["--shop", "makeplayingcards"]),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "pack", "options"), OURS, ids=[f"{n}-{o[1]}" for n, _, o in OURS])
def test_our_own_shop_files_pass_preflight(tmp_path: Path, name: str, pack: Path, options: list[str]) -> None:
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path), "-q", "--lang", "en", *options])
    assert result.exit_code == 0, result.output  # build --shop runs the preflight itself
    code, lines = _preflight(str(tmp_path / "en" / options[1]), "--shop", options[1])
    assert (code, lines[-1]) == (0, "0 finding(s): ok"), lines
