"""A board larger than the paper, read back from the built PDF: its assembly map, then tiles that
cover the board exactly once outside their 10 mm glue strips, with cut and glue marks where the
README says, a label each, and the bleed around the whole board only."""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.imposition import PAPERS, DoesNotFit
from estoril_pnp.render.tiling import tile

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "tiny_game"
WIDTH, HEIGHT, OVERLAP, BLEED = 500.0, 400.0, 10.0, 3.0
# where a marker's text is centred, in the layout's frame (mm from the board's top-left): two
# columns and one row sit inside glue strips of a 3 × 2 tiling
XS, YS = (25, 95, 168, 245, 331, 420, 480), (20, 100, 200, 300, 385)
PAPER = (0.878, 0.824, 0.686)  # the fixture's paper_dark, as the rasterizer gives it (about)
TOL = 0.01  # mm


def _board_pack(folder: Path) -> Path:
    pack = folder / "pack"
    shutil.copytree(FIXTURE, pack)
    components = pack / "components.yaml"
    text = components.read_text(encoding="utf-8")
    components.write_text(text.replace("size: [180, 120], group: boards", "size: [500, 400], group: boards"))
    markers = "".join(
        f"      m{x}_{y}: {{verb: text, box: [{x - 15}, {y - 4}, 30, 8], font: text, size: 8, text: X{x}Y{y}}}\n"
        for x in XS
        for y in YS
    )
    layouts = pack / "layouts" / "tiny.yaml"
    text = layouts.read_text(encoding="utf-8")
    start = text.index("  coast:\n")
    end = text.index("  aid:\n")
    board = (
        "  coast:\n    size: [500, 400]\n    elements:\n"
        "      paper: {verb: rect, box: [0, 0, 500, 400], fill: paper_dark, bleed: true}\n" + markers
    )
    layouts.write_text(text[:start] + board + text[end:], encoding="utf-8")
    return pack


@pytest.fixture(scope="module")
def board_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _board_pack(tmp_path_factory.mktemp("board"))


def _in(box: Box, x: float, y: float) -> bool:
    return box.x - TOL <= x <= box.right + TOL and box.y - TOL <= y <= box.top + TOL


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_larger_than_the_paper_is_tiled_exactly_once_outside_its_glue_strips(
    board_pack: Path, tmp_path: Path, paper: str
) -> None:
    result = runner.invoke(app, ["build", "--pack", str(board_pack), "--paper", paper, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "boards: 500 × 400 mm does not fit on one sheet of" in result.output
    assert "tiled across 6 sheets" in result.output and "each page with a blank back" in result.output
    pdf = tmp_path / "en" / paper / "boards.pdf"
    trims = [
        Box(*(float(v) / mm for v in p.trimbox.lower_left), *(float(v) / mm for v in _size(p.trimbox)))
        for p in PdfReader(pdf).pages[::2]
    ]
    with pdfplumber.open(pdf) as doc:
        # printed double-sided (the default), every page of the board has a blank back
        assert not any(p.chars or p.lines or p.rects or p.curves for p in doc.pages[1::2])
        words = [
            [
                (w["text"], (w["x0"] + w["x1"]) / 2 / mm, (float(p.height) - (w["top"] + w["bottom"]) / 2) / mm)
                for w in p.extract_words()
            ]
            for p in doc.pages[::2]
        ]
        lines = [
            [
                (
                    ln["x0"] / mm,
                    (float(p.height) - ln["bottom"]) / mm,
                    ln["x1"] / mm,
                    (float(p.height) - ln["top"]) / mm,
                    bool(ln["dash"][0]),
                )
                for ln in p.lines
            ]
            for p in doc.pages[::2]
        ]
    # the assembly map first: the board in small, every tile named on it
    labels = ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert len(trims) == 1 + len(labels)
    assert set(labels) <= {w for w, _, _ in words[0]}
    seen: dict[str, int] = {}
    for n, (trim, page_words, page_lines) in enumerate(zip(trims[1:], words[1:], lines[1:], strict=True)):
        label = labels[n]
        assert [w for w, _, _ in page_words if re.fullmatch(r"[A-Z]\d", w)] == [label]
        row, column = ord(label[0]) - ord("A"), int(label[1]) - 1
        # equal tiles that span the board exactly, overlapping by the glue strip
        assert 3 * trim.width - 2 * OVERLAP == pytest.approx(WIDTH, abs=TOL)
        assert 2 * trim.height - OVERLAP == pytest.approx(HEIGHT, abs=TOL)
        x0 = column * (trim.width - OVERLAP)
        y0 = HEIGHT - trim.height - row * (trim.height - OVERLAP)
        for text, x, y in page_words:
            found = re.fullmatch(r"X(\d+)Y(\d+)", text)
            if found and _in(trim, x, y):
                # where it lies on the board, from the page and the tile's place in the grid
                at_x, at_y = x - trim.x + x0, y - trim.y + y0
                assert at_x == pytest.approx(int(found[1]), abs=0.5)
                assert at_y == pytest.approx(HEIGHT - int(found[2]), abs=1.5)
                seen[text] = seen.get(text, 0) + 1
        glue = {(round(a, 2), round(b, 2), round(c, 2), round(d, 2)) for a, b, c, d, dashed in page_lines if dashed}
        want_glue = set()
        if column < 2:  # the right neighbour's edge lands on the dashed line, 10 mm inside this tile
            want_glue |= {x for x in glue if x[0] == x[2] == round(trim.right - OVERLAP, 2)}
            assert want_glue, (label, glue)
        if row < 1:
            below = {x for x in glue if x[1] == x[3] == round(trim.y + OVERLAP, 2)}
            assert below, (label, glue)
            want_glue |= below
        assert glue == want_glue  # no other dashed line
        cuts = [(a, b, c, d) for a, b, c, d, dashed in page_lines if not dashed]
        for x in (trim.x, trim.right):  # solid marks on every cut line, outside the printed tile
            ends = [max(b, d) for a, b, c, d in cuts if a == pytest.approx(x, abs=TOL) == c]
            assert any(e < trim.y for e in ends) and any(e > trim.top for e in ends), (label, x)
        for y in (trim.y, trim.top):
            ends = [max(a, c) for a, b, c, d in cuts if b == pytest.approx(y, abs=TOL) == d]
            assert any(e < trim.x for e in ends) and any(e > trim.right for e in ends), (label, y)
    # every marker on exactly one tile, twice in a glue strip, four times where two strips cross
    in_strip_x, in_strip_y = {168, 331}, {200}
    assert seen == {f"X{x}Y{y}": (2 if x in in_strip_x else 1) * (2 if y in in_strip_y else 1) for x in XS for y in YS}
    _bleed_only_on_the_board_edges(pdf, trims)


def _size(box) -> tuple[float, float]:  # pypdf's RectangleObject
    return float(box.width), float(box.height)


SCALE = 150 / 72  # pixels per point


def _colour(image: Image.Image, x: float, y: float) -> tuple[float, ...]:
    """The colour at (x, y) mm, y up."""
    pixel = image.getpixel((round(x * mm * SCALE), round(image.height - y * mm * SCALE)))
    return tuple(c / 255 for c in pixel)


def _bleed_only_on_the_board_edges(pdf: Path, trims: list[Box]) -> None:
    """1.5 mm beyond a cut line the board's colour is printed on its outer edges, white paper inside."""
    doc = pdfium.PdfDocument(str(pdf))
    for n, trim in enumerate(trims[1:], 1):
        image = doc[2 * n].render(scale=SCALE).to_pil().convert("RGB")
        colour = functools.partial(_colour, image)
        row, column = divmod(n - 1, 3)
        beyond = {
            "left": (colour(trim.x - BLEED / 2, trim.cy), column == 0),
            "right": (colour(trim.right + BLEED / 2, trim.cy), column == 2),
            "top": (colour(trim.cx, trim.top + BLEED / 2), row == 0),
            "bottom": (colour(trim.cx, trim.y - BLEED / 2), row == 1),
        }
        for side, (seen, outer) in beyond.items():
            want = PAPER if outer else (1.0, 1.0, 1.0)
            assert seen == pytest.approx(want, abs=0.03), (n, side, seen)


def test_a_board_with_a_shared_back_is_tiled_without_it_and_says_so(board_pack: Path, tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(board_pack, pack)
    components = pack / "components.yaml"
    text = components.read_text(encoding="utf-8")
    components.write_text(text.replace("face: coast}", "face: coast, back: coast}"), encoding="utf-8")
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "tiled across 6 sheets" in result.output and "its back is left out" in result.output
    pages = PdfReader(tmp_path / "out" / "en" / "a4" / "boards.pdf").pages
    assert len(pages) == 2 * 7  # the map and 6 tiles, each with a blank back: the board's back is not printed
    assert all(not p.extract_text() for p in pages[1::2])


def test_a_board_too_large_for_any_tiling_is_one_located_finding_and_nothing_is_built(tmp_path: Path) -> None:
    pack = _board_pack(tmp_path)
    for name in ("components.yaml", "layouts/tiny.yaml"):
        path = pack / name
        path.write_text(path.read_text(encoding="utf-8").replace("[500, 400]", "[1000, 1000]"), encoding="utf-8")
    line = next(n for n, t in enumerate((pack / "components.yaml").read_text().splitlines(), 1) if "1000" in t)
    finding = (
        f"error: {pack / 'components.yaml'}:{line}: pieces.coast.size: a 1000 x 1000 mm board with 3 mm bleed "
        "needs 24 sheets of A4; a board is tiled onto at most 16 sheets"
    )
    checked = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert checked.exit_code == 1
    assert [x for x in checked.stdout.splitlines() if x.startswith("error:")] == [finding]
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert built.exit_code == 2 and built.stderr.splitlines() == [finding]
    assert not out.exists()


def test_overlap_is_an_option_within_bounds(board_pack: Path, tmp_path: Path) -> None:
    args = ["build", "--pack", str(board_pack), "--overlap", "20", "--backs", "none", "--out", str(tmp_path / "o")]
    built = runner.invoke(app, args)
    assert built.exit_code == 0 and "20 mm glue strips" in built.output and "blank back" not in built.output
    pages = PdfReader(tmp_path / "o" / "en" / "a4" / "boards.pdf").pages
    assert len(pages) == 7  # printed one-sided: the map and the tiles, no blank pages
    assert 3 * float(pages[1].trimbox.width) / mm - 2 * 20 == pytest.approx(WIDTH, abs=TOL)
    refused = runner.invoke(app, ["build", "--pack", str(board_pack), "--overlap", "2", "--out", str(tmp_path / "x")])
    assert refused.exit_code == 2 and refused.stderr.startswith("error: --overlap: must be between 5 and 30 mm")


@pytest.mark.parametrize(
    ("paper", "width", "height"),
    # exactly 4 × 4 tiles at the largest size they hold, upright and across: 4 × (room - bleed - overlap) + overlap
    [("a4", 710, 1030), ("a4", 1058, 682), ("letter", 733.6, 959.6), ("letter", 987.6, 705.6)],
)
def test_a_board_at_exactly_the_tiling_limit_takes_16_sheets(paper: str, width: float, height: float) -> None:
    assert tile(PAPERS[paper], width, height, 3).sheets == 16
    with pytest.raises(DoesNotFit, match="a board is tiled onto at most 16 sheets"):
        tile(PAPERS[paper], width + 0.1, height, 3)


@pytest.mark.parametrize("option", [["--bleed", "20"], ["--overlap", "30"]])
def test_a_board_that_an_option_pushes_past_the_limit_is_refused_before_any_folder_is_made(
    tmp_path: Path, option: list[str]
) -> None:
    pack = _board_pack(tmp_path)
    for name in ("components.yaml", "layouts/tiny.yaml"):  # 4 × 4 sheets of A4 with the default bleed and overlap
        path = pack / name
        path.write_text(path.read_text(encoding="utf-8").replace("[500, 400]", "[700, 900]"), encoding="utf-8")
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack), "--lang", "en", "--out", str(out), *option])
    assert built.exit_code == 2 and len(built.stderr.splitlines()) == 1, built.output
    assert "needs 18 sheets of A4; a board is tiled onto at most 16 sheets" in built.stderr
    assert not out.exists()


def _sized(folder: Path, width: float, height: float) -> Path:
    """The board pack at another size; its markers that would lie off the board left out (validate
    refuses an element far outside its piece)."""
    pack = _board_pack(folder)
    for name in ("components.yaml", "layouts/tiny.yaml"):
        path = pack / name
        text = path.read_text(encoding="utf-8").replace("0, 0, 500, 400]", f"0, 0, {width:g}, {height:g}]")
        path.write_text(text.replace("[500, 400]", f"[{width:g}, {height:g}]"))
    layouts = pack / "layouts" / "tiny.yaml"
    kept = []
    for line in layouts.read_text(encoding="utf-8").splitlines(keepends=True):
        marker = re.search(r"m\d+_\d+: \{verb: text, box: \[(-?[\d.]+), (-?[\d.]+), 30, 8\]", line)
        if marker is None or (float(marker[1]) + 30 <= width and float(marker[2]) + 8 <= height):
            kept.append(line)
    layouts.write_text("".join(kept), encoding="utf-8")
    return pack


def test_a_board_only_a4_can_take_builds_on_a4_and_validate_warns_it_needs_a4(tmp_path: Path) -> None:
    pack = _sized(tmp_path, 1000, 650)  # 4 × 4 sheets of A4, 18 of Letter
    built = runner.invoke(
        app, ["build", "--pack", str(pack), "--lang", "en", "--paper", "a4", "--out", str(tmp_path / "o")]
    )
    assert built.exit_code == 0, built.output
    assert "tiled across 16 sheets (4 × 4" in built.output
    assert len(PdfReader(tmp_path / "o" / "en" / "a4" / "boards.pdf").pages) == 2 * (1 + 16)
    refused = runner.invoke(app, ["build", "--pack", str(pack), "--paper", "letter", "--out", str(tmp_path / "l")])
    assert refused.exit_code == 2 and "needs 18 sheets of Letter" in refused.stderr, refused.output
    assert not (tmp_path / "l").exists()
    checked = runner.invoke(app, ["validate", "--pack", str(pack)])
    line = next(n for n, t in enumerate((pack / "components.yaml").read_text().splitlines(), 1) if "1000" in t)
    assert checked.exit_code == 0, checked.output
    assert [x for x in checked.stdout.splitlines() if x.startswith(("error:", "warning:"))] == [
        f"warning: {pack / 'components.yaml'}:{line}: pieces.coast.size: a 1000 x 650 mm board with 3 mm bleed "
        "needs 18 sheets of Letter; a board is tiled onto at most 16 sheets; build it with --paper a4"
    ]


def _mm(p: pdfplumber.page.Page, obj: dict) -> Box:
    """An object's box on the page, mm from its lower-left corner."""
    return Box(obj["x0"] / mm, (float(p.height) - obj["bottom"]) / mm, obj["width"] / mm, obj["height"] / mm)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x - TOL <= inner.x
        and inner.right <= outer.right + TOL
        and outer.y - TOL <= inner.y
        and inner.top <= outer.top + TOL
    )


@pytest.mark.slow
def test_the_map_of_a_long_strip_labels_each_tile_inside_it_and_has_a_50_mm_scale_bar(tmp_path: Path) -> None:
    pack = _sized(tmp_path, 1000, 40)  # a track: 4 tiles in a row, under 8 mm tall on the map
    built = runner.invoke(
        app, ["build", "--pack", str(pack), "--lang", "en", "--backs", "none", "--out", str(tmp_path / "o")]
    )
    assert built.exit_code == 0 and "tiled across 4 sheets (1 × 4" in built.output, built.output
    pdf = tmp_path / "o" / "en" / "a4" / "boards.pdf"
    tile_width = float(PdfReader(pdf).pages[1].trimbox.height) / mm  # the tiles lie across the paper
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        outlines = [_mm(page, r) for r in page.rects if r["stroke"] and not r["fill"]]
        labels = [w for w in page.extract_words() if re.fullmatch(r"[A-Z]\d+", w["text"])]
        bars = [_mm(page, ln) for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 1e-6]
        words = [(w["text"], _mm(page, w)) for w in page.extract_words()]
    assert sorted(w["text"] for w in labels) == ["A1", "A2", "A3", "A4"] and len(outlines) == 4
    for word in labels:
        box = _mm(page, word)
        holding = [o for o in outlines if o.x <= box.cx <= o.right]
        assert len(holding) == 1 and _inside(box, holding[0]), (word["text"], box, holding)
        assert box.height > 2  # still readable
    # the map's scale, from a tile's outline on it and the tile's own trim
    scale = outlines[0].width / tile_width
    assert len(bars) == 1 and bars[0].width == pytest.approx(50 * scale, abs=TOL)
    bar = bars[0]
    # labelled just left of it
    near = [(t, b) for t, b in words if 0 < bar.x - b.right < 6 and abs(b.cy - bar.y) < 3]
    assert [t for t, _ in near] == ["mm"] and any(t == "50" and 0 < near[0][1].x - b.right < 2 for t, b in words)


@pytest.mark.parametrize(
    "size",
    [(500, 400), pytest.param((1000, 650), marks=pytest.mark.slow)],  # tiles upright on the paper; across it
)
def test_each_tile_carries_a_10_mm_square_in_its_margin_clear_of_the_art_and_the_marks(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    pack = _sized(tmp_path, *size)
    args = ["build", "--pack", str(pack), "--lang", "en", "--backs", "none", "--out", str(tmp_path)]
    built = runner.invoke(app, args)
    assert built.exit_code == 0, built.output
    pdf = tmp_path / "en" / "a4" / "boards.pdf"
    reader = PdfReader(pdf)
    rendered = pdfium.PdfDocument(str(pdf))
    with pdfplumber.open(pdf) as doc:
        assert not [r for r in doc.pages[0].rects if _is_square(doc.pages[0], r)]  # the map has none
        for n, page in enumerate(doc.pages[1:], 1):
            squares = [_mm(page, r) for r in page.rects if _is_square(page, r)]
            assert len(squares) == 1, n
            square = squares[0]
            assert square.width == pytest.approx(10, abs=TOL) and square.height == pytest.approx(10, abs=TOL)
            trimbox = reader.pages[n].trimbox
            trim = Box(*(float(v) / mm for v in trimbox.lower_left), *(float(v) / mm for v in _size(trimbox)))
            assert square.overlap(trim.grow(BLEED, BLEED, BLEED, BLEED)) is None, n  # beside the art, not on it
            page_box = Box(0, 0, float(page.width) / mm, float(page.height) / mm)
            assert _inside(square, page_box.grow(-6, -6, -6, -6))  # inside what a home printer prints
            for line in page.lines:  # no cut or glue mark crosses it
                assert _mm(page, line).overlap(square.grow(0.5, 0.5, 0.5, 0.5)) is None, (n, line)
            # its label's letters, in the order drawn (turned with the tile, they read across the page)
            letters = [c for c in page.chars if c["text"].strip()]
            text = "".join(c["text"] for c in letters)
            assert text.count("10mm") == 1, text
            start = text.index("10mm")
            assert _mm(page, letters[start]).overlap(square.grow(3, 3, 3, 3)) is not None, n  # beside the square
            image = rendered[n].render(scale=SCALE).to_pil().convert("RGB")
            assert _colour(image, square.cx, square.cy) == pytest.approx((1.0, 1.0, 1.0), abs=0.03)


def _is_square(page: pdfplumber.page.Page, rect: dict) -> bool:
    box = _mm(page, rect)
    return rect["stroke"] and abs(box.width - box.height) < TOL and 5 < box.width < 20
