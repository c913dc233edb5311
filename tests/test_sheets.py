"""Sheets read back from the PDF: page sizes, backs behind fronts, marks, boxes, fonts, atomicity, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp import cli
from estoril_pnp.build.printset import build
from estoril_pnp.errors import InputError
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.imposition import MARGIN
from estoril_pnp.render.options import resolve_options
from estoril_pnp.render.piece import Piece
from tests.pdfread import Page, piece_boxes, read
from tests.synthetic import grouped, labelled, pieces

PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
TOL = 0.01  # mm


def _build(tmp_path: Path, groups, **opts) -> list[Path]:
    return build(grouped(groups), tmp_path, resolve_options(**{"paper": "a4", **opts}), lambda n: None).files


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["none", "duplex-long", "duplex-short", "fold"])
def test_every_page_is_exactly_the_paper(tmp_path: Path, paper: str, backs: str) -> None:
    groups = {"cards": pieces(13), "aids": pieces(3, 100, 148), "markers": pieces(100, 16, 16)}
    for file in _build(tmp_path, groups, paper=paper, backs=backs):
        for page in PdfReader(file).pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(sorted(PAGE_PT[paper]), abs=0.01)


def _front_back_pairs(pages: list[Page]) -> list[tuple[Page, Box, Box]]:
    """(page, front box, back box) for every piece, fronts on even pages, backs on the next."""
    out = []
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        fronts, backs = piece_boxes(front_page), piece_boxes(back_page)
        assert len(fronts) == len(backs) > 0
        out += [(front_page, box, backs[f"back-{key}"]) for key, box in fronts.items()]
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_long_back_centre_mirrors_front_across_the_vertical_axis(tmp_path: Path, paper: str) -> None:
    [file] = _build(tmp_path, {"cards": pieces(13)}, paper=paper, backs="duplex-long", back_offset="1.5,-0.5")
    pairs = _front_back_pairs(read(file))
    assert len(pairs) == 13
    for page, front, back in pairs:
        (fx, fy), (bx, by) = front.centre, back.centre
        assert bx == pytest.approx(page.width - fx + 1.5, abs=TOL)
        assert by == pytest.approx(fy - 0.5, abs=TOL)


def test_duplex_short_back_centre_mirrors_front_across_the_horizontal_axis(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"cards": pieces(8, 70, 120)}, backs="duplex-short", back_offset="-1,2")
    for page, front, back in _front_back_pairs(read(file)):
        (fx, fy), (bx, by) = front.centre, back.centre
        assert bx == pytest.approx(fx - 1, abs=TOL)
        assert by == pytest.approx(page.height - fy + 2, abs=TOL)


def test_fold_draws_each_back_beside_its_front_on_the_same_page(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"cards": pieces(4)}, backs="fold")
    pages = read(file)
    assert len(pages) == 2
    for page in pages:
        boxes = piece_boxes(page)
        for key, front in boxes.items():
            if not key.startswith("back-"):
                back = boxes[f"back-{key}"]  # both boxes paint the full bleed; the fold is their shared trim edge
                assert back.x + 3 == pytest.approx(front.right - 3, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(70, 70), (160, 160), (100, 148), (70, 120), (16, 16)])
def test_crop_marks_stay_outside_every_piece_and_the_margin(tmp_path: Path, paper: str, size) -> None:
    bleed = 3.0
    [file] = _build(tmp_path, {"g": pieces(30, *size, backs=False)}, paper=paper, bleed=bleed)
    for page in read(file):
        assert page.lines, "a sheet without crop marks"
        pieces_here = list(piece_boxes(page).values())  # painted rectangles span the bleed
        for x0, y0, x1, y1 in page.lines:
            assert MARGIN - TOL <= min(x0, x1) and max(x0, x1) <= page.width - MARGIN + TOL
            assert MARGIN - TOL <= min(y0, y1) and max(y0, y1) <= page.height - MARGIN + TOL
            for b in pieces_here:
                clear = max(x0, x1) < b.x or min(x0, x1) > b.right or max(y0, y1) < b.y or min(y0, y1) > b.top
                assert clear, f"mark {(x0, y0, x1, y1)} enters piece {b}"


def test_single_pages_carry_trim_and_bleed_boxes(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"aids": pieces(2, 100, 148)}, layout="single", bleed=3, backs="duplex-long")
    pages = PdfReader(file).pages
    assert len(pages) == 4  # front, back, front, back
    pt = 72 / 25.4
    for page in pages:
        assert [float(v) for v in page.trimbox] == pytest.approx([3 * pt, 3 * pt, 103 * pt, 151 * pt], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 106 * pt, 154 * pt], abs=0.01)
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 106 * pt, 154 * pt], abs=0.01)
    assert "back-p0" in pages[1].extract_text()


def test_only_truetype_fonts_are_referenced(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"cards": pieces(7)}, backs="duplex-long")
    for page in PdfReader(file).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] != "/Type1", font["/BaseFont"]
            assert "Helvetica" not in font["/BaseFont"]


@pytest.mark.skipif(not (Path(__file__).parent.parent / "fonts").is_dir(), reason="fonts/ not in this checkout yet")
def test_the_shipped_fonts_are_embedded(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"cards": pieces(1)})
    fonts = {str(f.get_object()["/BaseFont"]) for f in PdfReader(file).pages[0]["/Resources"]["/Font"].values()}
    assert any("Vollkorn" in name for name in fonts), fonts


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    a = _build(tmp_path / "a", {"cards": pieces(9)}, backs="duplex-long")[0].read_bytes()
    b = _build(tmp_path / "b", {"cards": pieces(9)}, backs="duplex-long")[0].read_bytes()
    assert a == b


def test_a_failing_drawing_leaves_no_file_behind(tmp_path: Path) -> None:
    broken = (*labelled("x", 70, 70), "not an operation")
    good = pieces(2)
    with pytest.raises(KeyError):
        _build(tmp_path, {"good": good, "bad": [Piece("x", "bad", "en", 70, 70, broken, None)]})  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.pdf"]  # no half-written bad.pdf, no temp file


def test_a_piece_too_large_to_tile_stops_before_any_file_is_written(tmp_path: Path) -> None:
    huge = Piece("huge/one", "huge", "en", 1000, 1000, labelled("huge", 1000, 1000), None)
    with pytest.raises(InputError, match=r"huge/one: a 1000 x 1000 mm board with 3 mm bleed needs 24 sheets of A4"):
        _build(tmp_path, {"cards": pieces(2), "huge": [huge]})
    assert list(tmp_path.iterdir()) == []


def test_progress_counts_every_piece(tmp_path: Path) -> None:
    seen: list[int] = []
    build(grouped({"a": pieces(13), "b": pieces(5, 16, 16)}), tmp_path, resolve_options("letter"), seen.append)
    assert sum(seen) == 18


# --- the command ------------------------------------------------------------------------

runner = CliRunner()


def test_build_writes_one_pdf_per_group_under_lang_and_paper(tmp_path: Path) -> None:
    result = runner.invoke(cli.app, ["build", "--paper", "letter", "--backs", "duplex-long", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "en" / "letter").glob("*.pdf"))
    groups = ("characters", "missions", "locations", "player_aids", "first_player", "enigma", "markers", "rulebook")
    assert written == sorted([f"{group}.pdf" for group in groups] + ["scorepad.pdf"])
    assert (tmp_path / "en" / "rulebook.html").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--paper", "a3"], "error: --paper: unknown value 'a3'; choose one of a4, letter"),
        (["--bleed", "-1"], "error: --bleed: must be between 0 and 20 mm (got -1)"),
        (["--back-offset", "3;x"], "error: --back-offset: expected X,Y in mm"),
        (["--backs", "sideways"], "error: --backs: unknown value 'sideways'"),
        (["--layout", "single", "--backs", "fold"], "error: --backs: fold needs --layout sheet"),
        (["--lang", "xx"], "error: --lang: no catalog for 'xx'"),
    ],
)
def test_bad_options_exit_2_with_one_line_and_no_output(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(cli.app, ["build", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_piece_too_large_to_tile_is_found_by_validate_and_refused_by_build(tmp_path: Path, pack_copy: Path) -> None:
    components = pack_copy / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace("size: [166, 166]", "size: [1000, 1000]"))
    layouts = pack_copy / "layouts"
    layouts.mkdir()
    (layouts / "big.yaml").write_text(
        "layouts:\n  location: {size: [1000, 1000], elements: {}}\n"
        "  location_back: {size: [1000, 1000], elements: {}}\n"
    )
    line = next(n for n, text in enumerate(components.read_text().splitlines(), 1) if "[1000, 1000]" in text)
    finding = (
        f"{components}:{line}: pieces.location.size: a 1000 x 1000 mm board with 3 mm bleed needs 24 sheets of A4; "
        "a board is tiled onto at most 16 sheets"
    )
    checked = runner.invoke(cli.app, ["validate", "--pack", str(pack_copy)])
    assert checked.exit_code == 1 and f"error: {finding}" in checked.stdout.splitlines(), checked.stdout
    out = tmp_path / "out"
    result = runner.invoke(cli.app, ["build", "--pack", str(pack_copy), "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {finding}"
    assert not out.exists()


def test_a_part_filled_page_marks_only_the_rows_it_has(tmp_path: Path) -> None:
    [file] = _build(tmp_path, {"cards": pieces(7)})  # 6 per A4 page: the second page holds one card
    full, last = read(file)
    [card] = piece_boxes(last).values()
    horizontal = {round(y0, 1) for x0, y0, x1, y1 in last.lines if abs(y0 - y1) < TOL}
    all_rows = {round(y0, 1) for x0, y0, x1, y1 in full.lines if abs(y0 - y1) < TOL}
    assert len(all_rows) > len(horizontal) > 0
    trim_edges = {round(card.y + 3, 1), round(card.top - 3, 1)}  # the painted box includes 3 mm bleed
    assert horizontal <= trim_edges
