"""Print-and-cut sheets read back: Silhouette's registration marks where its documentation puts
them, and every path of each sheet's SVG on the trim line of a piece printed on that sheet."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.render import cutter
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.imposition import PAPERS

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "tiny_game"
BLEED, CORNER, TOL = 3.0, 3.0, 0.05  # mm
INSET, SQUARE, LEG = 10.0, 5.0, 20.0  # Silhouette Type 1: inset from the edges, the square's side, an L's legs
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cut")
    args = ["build", "--pack", str(FIXTURE), "--out", str(out), "--paper", request.param, "-q"]
    result = runner.invoke(app, [*args, "--lang", "en", "--cutter", "silhouette", "--corner", str(CORNER)])
    assert result.exit_code == 0, result.output
    return out / "en" / f"silhouette-{request.param}"


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOL


def test_registration_marks_sit_where_silhouette_documents_them(built: Path) -> None:
    with pdfplumber.open(built / "cards.pdf") as pdf:
        for page in pdf.pages:
            w, h = page.width / mm, page.height / mm  # in mm; pdfplumber's top is from the page's top
            squares = [r for r in page.rects if _near(r["width"] / mm, SQUARE) and _near(r["height"] / mm, SQUARE)]
            assert [(round(r["x0"] / mm, 2), round(r["top"] / mm, 2)) for r in squares] == [(INSET, INSET)]
            lines = {
                tuple(round(v / mm, 2) for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines
            }
            r, b = round(w - INSET, 2), round(h - INSET, 2)
            assert lines == {
                (round(r - LEG, 2), INSET, r, INSET),  # top right: along the top edge's mark line…
                (r, INSET, r, INSET + LEG),  # …and down
                (INSET, b, INSET + LEG, b),  # bottom left: along the bottom…
                (INSET, round(b - LEG, 2), INSET, b),  # …and up
            }
            assert all(abs(ln["linewidth"] / mm - 0.3) < 0.01 for ln in page.lines)


def _points(d: str) -> list[tuple[float, float]]:
    """Every point a path names: M's, the ends of H, V and A, in order (absolute commands only)."""
    out: list[tuple[float, float]] = []
    tokens = re.findall(r"[MHVAZ]|-?[\d.]+", d)
    i, x, y = 0, 0.0, 0.0
    while i < len(tokens):
        cmd = tokens[i]
        if cmd == "M":
            x, y, i = float(tokens[i + 1]), float(tokens[i + 2]), i + 3
        elif cmd == "H":
            x, i = float(tokens[i + 1]), i + 2
        elif cmd == "V":
            y, i = float(tokens[i + 1]), i + 2
        elif cmd == "A":
            assert float(tokens[i + 1]) == float(tokens[i + 2]) == CORNER
            x, y, i = float(tokens[i + 6]), float(tokens[i + 7]), i + 8
        else:
            assert cmd == "Z"
            i += 1
            continue
        out.append((x, y))
    return out


def test_every_cut_lies_on_a_printed_piece_s_trim_line(built: Path) -> None:
    with pdfplumber.open(built / "cards.pdf") as pdf:
        pages = [(p.height / mm, p.rects) for p in pdf.pages]
    svgs = sorted(built.glob("cards-*.svg"))
    assert len(svgs) == len(pages)
    for (height, rects), svg in zip(pages, svgs, strict=True):
        # each card's background reaches its bleed: inset by the bleed, it is the card's trim (y down)
        trims = [
            Box(r["x0"] / mm + BLEED, r["top"] / mm + BLEED, r["width"] / mm - 2 * BLEED, r["height"] / mm - 2 * BLEED)
            for r in rects
            if _near(r["width"] / mm, 63 + 2 * BLEED) and _near(r["height"] / mm, 88 + 2 * BLEED)
        ]
        root = ET.parse(svg).getroot()
        assert _near(float(root.get("viewBox", "").split()[3]), height)  # one user unit is one mm
        paths = root.findall(f".//{SVG}path")
        assert len(paths) == len(trims) == 3
        for path in paths:
            points = _points(path.get("d", ""))
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            cut = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            trim = next(t for t in trims if _near(t.x, cut.x) and _near(t.y, cut.y))
            assert _near(trim.width, cut.width) and _near(trim.height, cut.height)
            for x, y in points:  # every corner of every segment on one of the trim's four lines
                assert _near(x, trim.x) or _near(x, trim.right) or _near(y, trim.y) or _near(y, trim.top)


def test_a_piece_too_large_for_the_marks_is_left_out_with_a_warning(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURE, pack)
    for file in (pack / "components.yaml", pack / "layouts" / "tiny.yaml"):
        text = file.read_text(encoding="utf-8")
        file.write_text(text.replace("size: [180, 120]", "size: [300, 200]"), encoding="utf-8")
    out = tmp_path / "out"
    args = ["build", "--pack", str(pack), "--out", str(out), "--lang", "en", "--cutter", "silhouette", "-q"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    warned = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warned == [
        "warning: boards: boards/north: a 300 x 200 mm piece with 3 mm bleed does not fit on A4 between "
        "Silhouette CAMEO / Portrait's registration marks; left out"
    ]
    assert sorted(p.name for p in (out / "en" / "silhouette-a4").glob("*.pdf")) == ["aids.pdf", "cards.pdf"]


def test_a_sheet_of_the_smallest_pieces_is_planned_without_checking_every_cell_of_every_grid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 5 mm pieces without bleed: about 2,000 candidate grids of up to 2,000 cells each; checking every
    # cell against the marks took 9 to 16 s a language, so a pack of eight languages ran past two minutes
    checks = 0
    overlap = Box.overlap

    def counted(a: Box, b: Box) -> Box | None:
        nonlocal checks
        checks += 1
        return overlap(a, b)

    monkeypatch.setattr(Box, "overlap", counted)
    sheet = cutter.plan_cut(PAPERS["letter"], cutter.SILHOUETTE, 5, 5, 0, 0)
    assert len(sheet.slots) == 1929  # as checking every cell found: 39 × 51 less those at the marked corners
    assert checks < 200_000
