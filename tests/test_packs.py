"""A pack is self-contained data: what it prints, its own icons and layouts over the shipped
ones, every fault a located finding, and a game the engine has never heard of builds too."""

from __future__ import annotations

import ast
import hashlib
import os
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.files.resources import default_pack, resource_dir
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.draw import draw_piece
from estoril_pnp.render.layout import load_design

runner = CliRunner()
ROOT = Path(__file__).parent.parent
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
SHIPPED_LAYOUTS = resource_dir("templates") / "layouts" / "pieces.yaml"


def _digest(*folders: Path) -> str:
    h = hashlib.sha256()
    for folder in folders:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                h.update(str(file.relative_to(folder)).encode() + file.read_bytes())
    return h.hexdigest()


def _build(out: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["build", "--out", str(out), *args])
    return result.exit_code, result.stdout, result.stderr


def _form_sizes(pdf: Path, stem: str) -> set[int]:
    """The sizes of the drawn forms of an icon, read from the PDF's XObjects."""
    sizes = set()
    for page in PdfReader(pdf).pages:
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            if name.startswith(f"/FormXob.Icon_{stem}_"):
                sizes.add(len(ref.get_object().get_data()))
    return sizes


@pytest.mark.slow
def test_a_copied_pack_replaces_one_icon_and_moves_one_box(pack_copy: Path, tmp_path: Path) -> None:
    before = _digest(default_pack(), resource_dir("templates"))
    square = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M64 64h384v384H64z"/></svg>'
    (pack_copy / "icons" / "game" / "fist.svg").write_text(square, encoding="utf-8")
    (pack_copy / "layouts").mkdir()
    moved = SHIPPED_LAYOUTS.read_text(encoding="utf-8").replace(
        "name: {verb: text, box: [21.5, 5.5, 32, 9]", "name: {verb: text, box: [21.5, 30, 32, 9]"
    )
    (pack_copy / "layouts" / "pieces.yaml").write_text(moved, encoding="utf-8")

    code, _, err = _build(tmp_path / "mine", "--pack", str(pack_copy), "--layout", "single")
    assert code == 0, err
    code, _, err = _build(tmp_path / "shipped", "--layout", "single")
    assert code == 0, err

    def name_top(out: Path) -> float:  # mm from the top of the first character's trim box
        with pdfplumber.open(out / "en" / "a4" / "characters-single.pdf") as pdf:
            [word] = [w for w in pdf.pages[0].extract_words() if w["text"] == "Hans"]
            return word["top"] * 25.4 / 72

    assert name_top(tmp_path / "mine") - name_top(tmp_path / "shipped") == pytest.approx(24.5, abs=0.5)
    mine = _form_sizes(tmp_path / "mine" / "en" / "a4" / "characters-single.pdf", "fist")
    shipped = _form_sizes(tmp_path / "shipped" / "en" / "a4" / "characters-single.pdf", "fist")
    assert mine and shipped and max(mine) < min(shipped) / 2  # a plain square instead of a fist
    assert _digest(default_pack(), resource_dir("templates")) == before  # the shipped pack is untouched


def _plant(pack: Path, file: str, old: str, new: str) -> None:
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (file, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _layouts(pack: Path, text: str) -> None:
    (pack / "layouts").mkdir(exist_ok=True)
    (pack / "layouts" / "mine.yaml").write_text(text, encoding="utf-8")


OUTSIDE = Path("/tmp/estoril-pnp-outside.svg")
MISSION_BACK = "layouts:\n  mission_back:\n    extends: card_back\n    elements:\n"

FAULTS = {
    "items source renamed": (
        lambda p: _plant(p, "components.yaml", "items: characters,", "items: charactres,"),
        "components.yaml",
        "pieces.character.items: 'charactres' is neither",
    ),
    "layout size disagrees": (
        lambda p: _layouts(p, "layouts:\n  mission_back: {extends: card_back, size: [70, 80]}\n"),
        "layouts/mine.yaml:2",
        "layout is 70 × 80 mm but a mission is 70 × 70 mm",
    ),
    "unknown layout key": (
        lambda p: _layouts(
            p, "layouts:\n  mission_back:\n    extends: card_back\n    elements:\n      art: {colur: ink}\n"
        ),
        "layouts/mine.yaml:5",
        "art.colur: unknown key for a icon",
    ),
    "unknown font role": (
        lambda p: _layouts(
            p, "layouts:\n  mission_back:\n    extends: card_back\n    elements:\n      label: {font: gothic}\n"
        ),
        "layouts/mine.yaml:5",
        "label.font: unknown font role 'gothic'",
    ),
    "missing catalog key": (
        lambda p: _plant(p, "i18n/en.yaml", "  vp_abbr: VP\n", ""),
        "i18n/en.yaml",
        "piece.vp_abbr: no text for this key, which layout",
    ),
    "missing icon file": (
        lambda p: _layouts(p, "icons:\n  strength: game/no-such-fist\n"),
        "layouts/mine.yaml:2",
        "icons.strength: icon file 'game/no-such-fist.svg' not found",
    ),
    "icon path with ..": (
        lambda p: _layouts(p, "icons:\n  strength: ../../../etc/passwd\n"),
        "layouts/mine.yaml:2",
        "climbs out of the pack with '..'",
    ),
    "absolute path": (
        lambda p: _layouts(p, "icons:\n  strength: /etc/passwd\n"),
        "layouts/mine.yaml:2",
        "is an absolute path",
    ),
    "symlink out of the pack": (
        lambda p: (
            OUTSIDE.write_text("<svg/>"),
            (p / "icons/game/fist.svg").unlink(),
            os.symlink(OUTSIDE, p / "icons/game/fist.svg"),
        ),
        "icons/game/fist.svg",
        "is a link that leaves the pack",
    ),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_each_planted_fault_is_one_located_finding_and_nothing_is_written(
    pack_copy: Path, tmp_path: Path, fault: str
) -> None:
    plant, file, words = FAULTS[fault]
    plant(pack_copy)
    code, _, err = _build(tmp_path / "out", "--pack", str(pack_copy))
    lines = err.strip().splitlines()
    planted = [line for line in lines if words in line]  # a renamed items source also leaves its list unprinted
    assert code == 2 and len(planted) == 1, err
    assert planted[0].startswith(f"error: {pack_copy / file.split(':')[0]}"), planted[0]
    if ":" in file:
        assert planted[0].startswith(f"error: {pack_copy / file}:"), planted[0]
    assert "Traceback" not in err
    assert not list((tmp_path / "out").rglob("*.pdf"))
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code != 0 and words in result.stdout + result.stderr, result.stdout
    if result.exit_code == 1:  # findings: build refused with the very lines validate reports
        assert lines == [line for line in result.stdout.splitlines() if line.startswith("error: ")]


def _aid_texts(pdf: Path) -> list[str]:
    """Each page's text, whichever way the pieces are turned on it."""
    return [page.extract_text() for page in PdfReader(pdf).pages]


@pytest.mark.parametrize("layout", ["sheet", "single"])
def test_the_default_build_prints_both_sides_of_the_player_aid(tmp_path: Path, layout: str) -> None:
    code, out, err = _build(tmp_path, "--layout", layout)
    assert code == 0, err
    suffix = "-single" if layout == "single" else ""
    pages = _aid_texts(tmp_path / "en" / "a4" / f"player_aids{suffix}.pdf")
    text = "\n".join(pages)
    assert text.count("EACH ROUND") == 4 and text.count("END OF THE GAME") == 4  # four aids, both sides
    assert "double-sided" in out or "print shop" in out  # the build says how to print it


def test_without_backs_a_two_sided_piece_keeps_its_second_side(tmp_path: Path) -> None:
    code, _, err = _build(tmp_path, "--backs", "none")
    assert code == 0, err
    text = "\n".join(_aid_texts(tmp_path / "en" / "a4" / "player_aids.pdf"))
    assert text.count("END OF THE GAME") == 4
    missions = "\n".join(_aid_texts(tmp_path / "en" / "a4" / "missions.pdf"))
    assert "ESTORIL 1942" not in missions  # the shared mission back is left out


def test_a_game_the_engine_does_not_know_builds_from_data_alone(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--strict", "--pack", str(TINY)])
    assert result.exit_code == 0, result.stdout + result.stderr
    code, _, err = _build(tmp_path, "--pack", str(TINY))
    assert code == 0, err
    folder = tmp_path / "en" / "a4"
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "aids.pdf",
        "boards.pdf",
        "cards.pdf",
        "rulebook.pdf",
        "scorepad.pdf",
    ]
    cards = "\n".join(_aid_texts(folder / "cards.pdf"))
    for words in ("Beacon", "Fog Bank", "Gull", "Every lamp here dims by one.", "LAMP"):
        assert words in cards
    aids = "\n".join(_aid_texts(folder / "aids.pdf"))
    assert aids.count("A TURN") == 2 and aids.count("SCORING") == 2


def _imports(file: Path) -> set[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"))
    package = ".".join(file.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = f"{base}.{node.module}" if base and node.module else (node.module or base)
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


def test_no_engine_module_imports_the_game() -> None:
    engine = [
        f
        for f in (ROOT / "estoril_pnp").rglob("*.py")
        if "games" not in f.relative_to(ROOT / "estoril_pnp").parts and f.name != "cli.py"
    ]
    assert len(engine) > 15
    for file in engine:
        assert not any(name.startswith("estoril_pnp.games.estoril") for name in _imports(file)), file


def test_one_piece_is_drawn_by_key_into_any_canvas(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    pack = load_pack(default_pack())
    pieces, _ = lay_out(pack, load_design(pack.files), "en")
    [luciano] = [p for p in pieces if p.key == "characters/lucky_luciano"]
    out = tmp_path / "one.pdf"
    canvas = Canvas(str(out), initialFontName="Vollkorn-Regular")
    draw_piece(canvas, luciano, x=20, y=30)
    canvas.save()
    with pdfplumber.open(out) as pdf:
        words = pdf.pages[0].extract_words()
    hit = [w for w in words if w["text"] == "Luciano"]
    assert hit and hit[0]["x0"] * 25.4 / 72 > 20  # drawn where it was asked, not at the origin
