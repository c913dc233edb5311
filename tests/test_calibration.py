"""The calibration pair, read back: simulate a printer that misplaces the back, read the scales
against the light as a user would, print again with that offset, and the back must land on zero."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp import cli
from estoril_pnp.build.printset import build
from estoril_pnp.render.options import resolve_options
from tests.pdfread import Page, read
from tests.synthetic import grouped, pieces

runner = CliRunner()
NUMBER = re.compile(r"[+-]?\d+")


def _calibrate(tmp_path: Path, paper: str, backs: str, offset: str = "0,0") -> list[Page]:
    out = tmp_path / f"cal-{paper}-{backs}-{offset}.pdf"
    result = runner.invoke(
        cli.app, ["calibrate", "--paper", paper, "--backs", backs, "--back-offset", offset, "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return read(out)


def _scales(front: Page) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
    """(position, printed value) along the X scale and along the Y scale (drawn turned a quarter)."""
    flat = [(x, y, int(t)) for t, x, y in front.words if NUMBER.fullmatch(t)]
    turned = [(x, y, int(t[::-1])) for t, x, y in front.words if NUMBER.fullmatch(t[::-1]) and not NUMBER.fullmatch(t)]
    row_y = max({round(y, 3) for _, y, _ in flat}, key=lambda r: sum(abs(y - r) < 0.01 for _, y, _ in flat))
    xs = sorted((x, v) for x, y, v in flat if abs(y - row_y) < 0.01)
    col_x = turned[0][0]
    ys = sorted((y, v) for x, y, v in flat + turned if abs(x - col_x) < 0.01)
    assert [v for _, v in xs][2] == 0 and len(xs) == len(ys) == 5
    return xs, ys


def _read(scale: list[tuple[float, int]], at: float) -> float:
    """The value a user reads at a position: the scale is linear, 1 mm a step."""
    (p0, v0), (p1, v1) = scale[0], scale[-1]
    return v0 + (at - p0) * (v1 - v0) / (p1 - p0)


def _pointers(back: Page) -> tuple[float, float]:
    """x of the back's long vertical pointer, y of its long horizontal one (the centre cross is shorter)."""
    vertical = [x0 for x0, y0, x1, y1 in back.lines if x0 == pytest.approx(x1) and abs(y1 - y0) > 12]
    horizontal = [y0 for x0, y0, x1, y1 in back.lines if y0 == pytest.approx(y1) and abs(x1 - x0) > 12]
    return vertical[0], horizontal[0]


def _seen_from_front(back: Page, backs: str, error: tuple[float, float]) -> tuple[float, float]:
    """Where the back's pointers show through the front, for a printer off by `error` (front mm)."""
    x, y = _pointers(back)
    if backs == "duplex-long":
        x = back.width - x
    else:
        y = back.height - y
    return x + error[0], y + error[1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("error", [(3.0, -4.0), (-7.5, 2.0), (0.0, 0.0)])
def test_the_number_read_is_the_offset_that_fixes_the_printer(tmp_path, paper, backs, error) -> None:
    front, back = _calibrate(tmp_path, paper, backs)
    xs, ys = _scales(front)
    seen_x, seen_y = _seen_from_front(back, backs, error)
    read_x, read_y = _read(xs, seen_x), _read(ys, seen_y)

    _, fixed_back = _calibrate(tmp_path, paper, backs, f"{read_x:g},{read_y:g}")
    now_x, now_y = _seen_from_front(fixed_back, backs, error)
    assert _read(xs, now_x) == pytest.approx(0, abs=1e-3)
    assert _read(ys, now_y) == pytest.approx(0, abs=1e-3)


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_two_pages_of_the_paper_with_a_50_mm_square(tmp_path, paper, size) -> None:
    front, _ = _calibrate(tmp_path, paper, "duplex-long")
    file = next(tmp_path.glob("*.pdf"))
    for page in PdfReader(file).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.01)
    assert any(r.width == pytest.approx(50, abs=0.01) and r.height == pytest.approx(50, abs=0.01) for r in front.rects)
    assert "calibration" in " ".join(t for t, _, _ in front.words).lower()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backs", "fold"], "error: --backs: calibration is for duplex-long or duplex-short"),
        (["--paper", "tabloid"], "error: --paper: unknown value 'tabloid'"),
        (["--back-offset", "3;x"], "error: --back-offset: expected X,Y in mm"),
    ],
)
def test_bad_calibration_options_exit_2(tmp_path, args, message) -> None:
    out = tmp_path / "cal.pdf"
    result = runner.invoke(cli.app, ["calibrate", "--out", str(out), *args])
    assert result.exit_code == 2 and result.stderr.strip().startswith(message)
    assert not out.exists()


@pytest.mark.parametrize("size", [(70, 70), (100, 148)], ids=["upright grid", "grid across the paper"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_the_offset_read_on_the_calibration_page_fixes_every_sheet(tmp_path, size, backs) -> None:
    """The loop closed on real sheets: a printer off by `error` misplaces backs; the offset read
    on the (upright) calibration page puts every back of a sheet, upright or turned, behind its front."""
    error = (2.5, -3.0)
    front, back = _calibrate(tmp_path, "a4", backs)
    xs, ys = _scales(front)
    seen = _seen_from_front(back, backs, error)
    offset = f"{_read(xs, seen[0]):g},{_read(ys, seen[1]):g}"
    options = resolve_options("a4", backs=backs, back_offset=offset)
    [file] = build(grouped({"cards": pieces(4, *size)}), tmp_path / "sheets", options, lambda n: None).files
    front_page, back_page = read(file)[:2]
    fronts = sorted(r.centre for r in front_page.rects)
    through = []
    for r in back_page.rects:
        x, y = r.centre
        x, y = (back_page.width - x, y) if backs == "duplex-long" else (x, back_page.height - y)
        through.append((x + error[0], y + error[1]))
    assert len(fronts) == len(through) > 0
    for (fx, fy), (bx, by) in zip(fronts, sorted(through), strict=True):
        assert (bx, by) == pytest.approx((fx, fy), abs=1e-3)
