"""A `--cmyk` card read back as a prepress operator would: Ghostscript separates it and the most
ink on any pixel stays within the shop's limit (or `--ink-limit`), a large black fill stays a
rich black, and the body text is black ink alone, 0/0/0/100, overprinting. The file carries its
PDF/X-4 output intent with the profile, and every PDF a build writes passes `qpdf --check`."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export.cmyk import capped, near_black
from estoril_pnp.export.shops import SHOPS, FileKind
from estoril_pnp.render.paint import CMYK, cmyk

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "tiny_game"
PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)
K_ONLY = (0.0, 0.0, 0.0, 1.0)
STEP = 100 / 255  # one step of an 8-bit plate, percent: Ghostscript's rounding


def _build(pack: Path, out: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "-q", *options])
    return result.exit_code, result.output


def _dark_backs(tmp_path: Path) -> Path:
    """The fixture with its cards' backs a full-bleed fill of the palette's near-black `ink`."""
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURE, pack)
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    back = "paper: {verb: rect, box: [0, 0, 63, 88], fill: sea, bleed: true}"
    assert back in text
    layouts.write_text(text.replace(back, back.replace("fill: sea", "fill: ink")), encoding="utf-8")
    return pack


def _most_ink(pdf: Path, folder: Path) -> list[float]:
    """Each page's most total ink on one pixel (C+M+Y+K, percent), as Ghostscript separates it."""
    most = []
    for n in range(1, len(PdfReader(pdf).pages) + 1):
        tiff = folder / f"page-{n}.tif"
        pages = [f"-dFirstPage={n}", f"-dLastPage={n}"]
        subprocess.run(["gs", "-q", "-o", str(tiff), "-sDEVICE=tiff32nc", "-r150", *pages, str(pdf)], check=True)
        with Image.open(tiff) as image:
            assert image.mode == "CMYK"
            most.append(max(sum(pixel) for pixel in image.get_flattened_data()) * 100 / 255)
    return most


def _text_paints(pdf: Path) -> list[tuple[tuple[float, ...], bool]]:
    """Every text-showing operator's fill colour (its `k`) and whether fill overprint is on there."""
    reader = PdfReader(pdf)
    shown = []
    for page in reader.pages:
        states = page["/Resources"].get("/ExtGState", {})
        fill: tuple[float, ...] = ()
        overprint, stack = False, []
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"q":
                stack.append((fill, overprint))
            elif operator == b"Q":
                fill, overprint = stack.pop()
            elif operator == b"k":
                fill = tuple(float(v) for v in operands)
            elif operator == b"gs":
                overprint = bool(states[operands[0]].get_object().get("/op", overprint))
            elif operator in (b"Tj", b"TJ"):
                shown.append((fill, overprint))
    return shown


@pytest.mark.slow
def test_a_cmyk_card_keeps_within_the_shop_s_ink_limit_and_sets_its_text_in_black_alone(tmp_path: Path) -> None:
    shop = SHOPS["drivethrucards"]
    assert shop.ink_limit == 240 and shop.ink_source.startswith("https://")
    out = tmp_path / "out"
    pack = _dark_backs(tmp_path)
    code, output = _build(pack, out, "--lang", "en", "--shop", "drivethrucards", "--cmyk", str(PROFILE))
    assert code == 0, output
    deck = out / "en" / "drivethrucards" / "cards.pdf"
    most = _most_ink(deck, tmp_path)
    assert max(most) <= shop.ink_limit + STEP, most
    # the backs, a full-bleed near-black, are a rich black at the limit, not black ink alone
    assert all(shop.ink_limit - 3 <= back <= shop.ink_limit + STEP for back in most[1::2]), most
    paints = _text_paints(deck)
    # the cards' body text (its names and rules in the palette's near-black) is K 100 only, overprinting
    black = [overprint for fill, overprint in paints if fill == K_ONLY]
    assert len(black) >= 6 and all(black), paints


@pytest.mark.slow
def test_ink_limit_sets_another_limit_and_refuses_one_out_of_range(tmp_path: Path) -> None:
    pack = _dark_backs(tmp_path)
    out = tmp_path / "out"
    code, output = _build(
        pack, out, "--lang", "en", "--shop", "drivethrucards", "--cmyk", str(PROFILE), "--ink-limit", "200"
    )
    assert code == 0, output
    most = _most_ink(out / "en" / "drivethrucards" / "cards.pdf", tmp_path)
    assert 197 <= max(most) <= 200 + STEP, most
    for bad_options, message in [
        (["--cmyk", str(PROFILE), "--ink-limit", "450"], "error: --ink-limit: must be between 100 and 400 % (got 450)"),
        (["--ink-limit", "200"], "error: --ink-limit: only with --cmyk; leave it out"),
    ]:
        bad = tmp_path / "bad"
        code, output = _build(pack, bad, "--lang", "en", "--shop", "drivethrucards", *bad_options)
        assert code == 2 and output.strip() == message, output
        assert not bad.exists()


@pytest.mark.slow
def test_a_cmyk_deck_carries_its_output_intent_and_the_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    decks = []
    for run in ("one", "two"):
        out = tmp_path / run
        code, output = _build(FIXTURE, out, "--lang", "en", "--shop", "drivethrucards", "--cmyk", str(PROFILE))
        assert code == 0, output
        decks.append(out / "en" / "drivethrucards" / "cards.pdf")
    assert decks[0].read_bytes() == decks[1].read_bytes()
    with pikepdf.open(decks[0]) as pdf:
        assert pdf.pdf_version == "1.6"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert intent.DestOutputProfile.read_bytes() == PROFILE.read_bytes()
        assert str(intent.OutputConditionIdentifier) and str(intent.OutputCondition)
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4" and pdf.docinfo.Trapped == pikepdf.Name("/False")
        assert pdf.open_metadata()["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        for page in pdf.pages:  # what stays RGB (a flag, a picture) is sRGB, not device RGB
            assert page.Resources.ColorSpace.DefaultRGB[0] == pikepdf.Name.ICCBased
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj


def test_every_shop_that_takes_cmyk_pdf_names_its_ink_limit_and_where_it_says_so() -> None:
    for shop in SHOPS.values():
        if shop.kind is FileKind.pdf:
            assert shop.ink_limit is not None and shop.ink_source.startswith("https://"), shop.key


@given(
    st.tuples(*[st.floats(0, 1)] * 4),
    st.floats(100, 400),
)
def test_a_capped_colour_keeps_its_black_and_hue_within_the_limit(parts: tuple[float, ...], limit: float) -> None:
    c, m, y, k = (float(f"{v:.4f}") for v in parts)  # as paint.cmyk writes them
    capped_parts = [float(v) for v in capped(cmyk(c, m, y, k), limit)[len(CMYK) : -1].split(",")]
    assert sum(capped_parts) * 100 <= limit + 0.05  # four parts rounded to 1/10 000 each
    assert capped_parts[3] == k
    if (c + m + y + k) * 100 <= limit:
        assert capped_parts == [c, m, y, k]
    else:  # the same hue: cyan, magenta and yellow scaled by one factor
        scale = [new / old for new, old in zip(capped_parts[:3], (c, m, y), strict=True) if old > 0.01]
        assert max(scale, default=1) - min(scale, default=1) < 0.02


@pytest.mark.parametrize(
    ("value", "black"),
    [
        ("#1f1a17", True),
        ("#000000", True),
        ("#333333", True),
        ("#1c2a43", False),
        ("#343434", False),
        ("#9e1b1b", False),
    ],
)
def test_near_black_is_the_palette_s_ink_and_no_dark_colour(value: str, black: bool) -> None:
    assert near_black(value) is black
