"""The drawn pieces, checked on the PDFs `estoril-pnp build` writes (read back, not trusted)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import SHIPPED
from pypdf import PdfReader
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.layout import load_design

runner = CliRunner()
GROUPS = ("characters", "missions", "locations", "player_aids", "first_player", "enigma", "markers")


def build(out: Path, *args: str) -> Path:
    result = runner.invoke(app, ["build", "--lang", "en", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return out / "en" / "a4"


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("build"))


@pytest.fixture(scope="module")
def singles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("single"), "--layout", "single", "--backs", "none")


def text_of(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


@pytest.mark.slow
def test_every_named_piece_is_in_the_pdfs(sheets: Path, pack: Estoril) -> None:
    characters = text_of(sheets / "characters.pdf")
    for card in (*pack.starting, *pack.reward):
        assert card.name in characters
    missions = text_of(sheets / "missions.pdf")
    t = Texts(pack.catalogs, "en")
    for m in pack.missions:
        assert t(f"mission.{m.id}.title") in missions
    assert missions.count("MISSION") == 2 * len(pack.missions)  # one label on each face and on each back
    locations = text_of(sheets / "locations.pdf")
    for place in pack.locations:
        assert f"{place.number} · {place.name}" in locations


def test_starting_cards_come_in_every_colour(singles: Path, pack: Estoril) -> None:
    pages = len(PdfReader(singles / "characters-single.pdf").pages)
    assert pages == len(pack.starting) * len(pack.game.colours) + len(pack.reward)
    # without backs, a token's own second side still prints, as a page of its own
    markers = len(PdfReader(singles / "markers-single.pdf").pages)
    assert markers == 2 * (len(pack.game.colours) + 1) * SHIPPED.manifest.pieces["marker"].copies


@pytest.mark.parametrize("group", GROUPS)
def test_each_piece_is_exactly_its_size(singles: Path, pack: Estoril, group: str) -> None:
    kind = {
        "characters": "character",
        "missions": "mission",
        "locations": "location",
        "player_aids": "player_aid",
        "first_player": "first_player",
        "enigma": "enigma",
        "markers": "marker",
    }[group]
    size = SHIPPED.manifest.pieces[kind]
    for page in PdfReader(singles / f"{group}-single.pdf").pages:
        trim = page.trimbox
        assert abs(float(trim.width) / mm - size.width) <= 0.1
        assert abs(float(trim.height) / mm - size.height) <= 0.1


def test_two_builds_are_byte_identical(sheets: Path, tmp_path: Path) -> None:
    again = build(tmp_path)
    for group in GROUPS:
        assert (again / f"{group}.pdf").read_bytes() == (sheets / f"{group}.pdf").read_bytes(), group


def fonts_of(path: Path) -> list[tuple[str, str, bool]]:
    """(name, subtype, embedded as TrueType outlines) for every font used on any page."""
    out = []
    for page in PdfReader(path).pages:
        resources = page["/Resources"]
        fonts = resources.get("/Font", {}) if resources else {}
        forms = resources.get("/XObject", {}) if resources else {}
        dicts = [fonts] + [
            f.get_object()["/Resources"].get("/Font", {}) for f in forms.values() if "/Resources" in f.get_object()
        ]
        for font_dict in dicts:
            for ref in font_dict.values():
                font = ref.get_object()
                descriptor = font.get("/FontDescriptor")
                embedded = descriptor is not None and "/FontFile2" in descriptor.get_object()
                out.append((str(font["/BaseFont"]), str(font["/Subtype"]), embedded))
    return out


@pytest.mark.parametrize("group", [g for g in GROUPS if g != "markers"])  # markers carry no text
def test_only_embedded_truetype_fonts(sheets: Path, group: str) -> None:
    fonts = fonts_of(sheets / f"{group}.pdf")
    assert fonts, "the pieces set text"
    for name, subtype, embedded in fonts:
        assert subtype == "/TrueType" and embedded, name
        assert "Helvetica" not in name and "Times" not in name


def test_icons_are_drawn_once_and_reused(sheets: Path) -> None:
    reader = PdfReader(sheets / "characters.pdf")
    forms = {id(obj) for page in reader.pages for obj in page["/Resources"]["/XObject"].values()}
    uses = sum(page.get_contents().get_data().count(b" Do") for page in reader.pages)
    names = {name for page in reader.pages for name in page["/Resources"]["/XObject"]}
    assert len(names) <= 25  # flags, symbols, fist, spy...: one form each
    assert uses > 4 * len(names)
    assert forms


def test_validate_reports_text_that_cannot_fit(pack_copy: Path) -> None:
    catalog = pack_copy / "i18n" / "en.yaml"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace("most_women: {title: Women,", "most_women: {title: " + "Women " * 30 + ","))
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    assert "missions/most_women [en]: title: text does not fit even at its minimum size" in result.output


def test_validate_reports_a_glyph_no_font_has(pack_copy: Path) -> None:
    shutil.copy(pack_copy / "i18n" / "en.yaml", pack_copy / "i18n" / "xx.yaml")
    catalog = pack_copy / "i18n" / "xx.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("  GB: Great Britain", "  GB: 英国"))
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    assert "characters/elizabeth/red [xx]: Vollkorn-Italic: no glyph for 国 英" in result.output


def test_fold_prints_tiles_too_large_to_fold_with_their_backs_on_the_next_page(tmp_path: Path, pack: Estoril) -> None:
    result = runner.invoke(app, ["build", "--backs", "fold", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "locations: 166 × 166 mm is too large to fold" in result.output
    tiles = PdfReader(tmp_path / "en" / "a4" / "locations.pdf").pages
    assert len(tiles) == 2 * len(pack.locations)
    assert "Igreja" in tiles[0].extract_text() and "LOCATION" in tiles[1].extract_text()
    cards = PdfReader(tmp_path / "en" / "a4" / "missions.pdf").pages
    assert len(cards) == 4  # 12 missions, 3 front-and-back pairs per folded page


def test_a_broken_design_is_reported_not_raised(pack_copy: Path) -> None:
    layouts = pack_copy / "layouts"
    layouts.mkdir()
    (layouts / "pieces.yaml").write_text("icons: {peek_any: game/telescope}\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_design(load_pack(pack_copy).files)
    messages = [str(f) for f in caught.value.findings]
    assert len(messages) == 1
    assert "layouts/pieces.yaml:1: icons.peek_any: icon file 'game/telescope.svg' not found" in messages[0]


def test_build_refuses_text_that_validate_finds_too_long(tmp_path: Path, pack_copy: Path) -> None:
    catalog = pack_copy / "i18n" / "en.yaml"
    long_title = "Extraordinarily " * 12 + "Assassins"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("{title: Assassins,", f"{{title: {long_title},"))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: missions/most_assassin [en]: title: text does not fit"), result.stderr
    assert not out.exists()


def test_unknown_language_is_bad_input(tmp_path: Path) -> None:
    for command in (["build", "--out", str(tmp_path)], ["list", "missions"]):
        result = runner.invoke(app, [*command, "--lang", "xx"])
        assert result.exit_code == 2
        assert "error: --lang: no catalog for 'xx'" in result.stderr
