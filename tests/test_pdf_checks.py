"""Every PDF a build writes, read back as a printer's preflight would: `qpdf --check` finds nothing,
and every page has a TrimBox and a BleedBox, nested in its MediaBox: the sheets, a board's map and
tiles, the rulebook and score pad, a shop's decks (RGB and CMYK) and a cutter's sheets."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "tiny_game"
PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)


def _large_board(folder: Path) -> Path:
    """The fixture with its board 500 × 400 mm: tiled, an assembly map first."""
    pack = folder / "pack"
    shutil.copytree(FIXTURE, pack)
    for name, old, new in [
        ("components.yaml", "size: [180, 120], group: boards", "size: [500, 400], group: boards"),
        ("layouts/tiny.yaml", "size: [180, 120]", "size: [500, 400]"),
    ]:
        path = pack / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    return pack


def _boxes(page: object, name: str) -> tuple[float, ...]:
    return tuple(round(float(v), 3) for v in getattr(page, name))


@pytest.mark.slow
def test_every_pdf_we_write_passes_qpdf_and_has_its_page_boxes(tmp_path: Path) -> None:
    pack, out = _large_board(tmp_path), tmp_path / "out"
    for options in (
        ["--lang", "all"],
        ["--lang", "en", "--shop", "drivethrucards"],
        ["--lang", "cs", "--shop", "drivethrucards", "--cmyk", str(PROFILE)],
        ["--lang", "en", "--cutter", "silhouette"],
    ):
        result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "-q", *options])
        assert result.exit_code == 0, result.output
    pdfs = sorted(out.rglob("*.pdf"))
    folders = {p.parent.relative_to(out).as_posix() for p in pdfs}
    assert {"en/a4", "cs/a4", "en/drivethrucards", "cs/drivethrucards", "en/silhouette-a4"} <= folders
    assert {"rulebook.pdf", "boards.pdf", "cards.pdf"} <= {p.name for p in pdfs}
    for pdf in pdfs:
        check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr, (pdf, check.stdout)
        for n, page in enumerate(PdfReader(pdf).pages, 1):
            assert "/TrimBox" in page and "/BleedBox" in page, (pdf, n)
            media, bleed, trim = (_boxes(page, b) for b in ("mediabox", "bleedbox", "trimbox"))
            inside = bleed[0] <= trim[0] and bleed[1] <= trim[1] and trim[2] <= bleed[2] and trim[3] <= bleed[3]
            assert inside and media[0] <= bleed[0] and bleed[2] <= media[2] and bleed[3] <= media[3], (pdf, n)
    # a board: its assembly map and each blank back are whole pages, a tile is trimmed at its cut
    # marks; a blank back no longer takes the box of the tile before it (ReportLab keeps boxes)
    board = PdfReader(out / "en" / "a4" / "boards.pdf").pages
    whole = [_boxes(page, "trimbox") == _boxes(page, "mediabox") for page in board]
    assert len(board) == 14 and whole == [True, True] + [False, True] * 6, whole
