"""Card text as designers write it (issue 33): **bold**, *italic*, [icon] inside the sentence, line
breaks and escapes, on cards, in the rulebook and on the score page; markup faults as findings; the
pack's own fonts; translations that drop an icon or a bold word."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT, all_packs, assert_clean_outcome, replace_once
from fontTools.ttLib import TTFont
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.i18n.markup import Break, Icon, Run, parse
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.docinfo import untitled
from estoril_pnp.render.draw import draw_piece, new_canvas, new_page
from estoril_pnp.render.layout import load_design
from estoril_pnp.render.ops import TextIcon, TextOp, TextRun

FIXTURE = ROOT / "tests" / "fixtures" / "richtext"
runner = CliRunner()


@pytest.fixture
def rich(tmp_path: Path) -> Path:
    target = tmp_path / "richtext"
    shutil.copytree(FIXTURE, target)
    return target


# ---- the syntax


def test_the_syntax_reads_bold_italic_icons_breaks_and_escapes() -> None:
    assert parse("Gain 2 [coin] when you **dock**.").spans == (
        Run("Gain 2 "),
        Icon("coin"),
        Run(" when you "),
        Run("dock", bold=True),
        Run("."),
    )
    assert parse("*Once:* move [game/coin]\nthen").spans == (
        Run("Once:", italic=True),
        Run(" move "),
        Icon("game/coin"),
        Break(),
        Run("then"),
    )
    assert parse(r"a \*, a \[b\] and \\").spans == (Run(r"a *, a [b] and \ "[:-1]),)
    assert parse("***both***").spans == (Run("both", bold=True, italic=True),)


def test_an_asterisk_that_cannot_mark_stays_a_letter() -> None:
    # the text Stawka's catalogs already have: a lone star between spaces is no emphasis
    text = "items marked * are reusable and lie face up"
    assert parse(text).is_plain(text)


def test_unclosed_bold_and_a_bad_bracket_are_faults_and_print_as_written() -> None:
    unclosed = parse("Pay **two coins.")
    assert unclosed.spans == (Run("Pay **two coins."),)
    assert "never closed" in unclosed.faults[0]
    assert "[two words] is no icon name" in parse("see [two words]").faults[0]
    assert "never closed" in parse("a [ b").faults[0]


def test_no_existing_catalog_text_reads_differently_on_a_card() -> None:
    """Every text of every pack's catalogs: plain, or (the rulebook's) **bold** terms only; but for
    the designer's examples (`examples/*/`), written in the markup."""
    for pack_dir in all_packs():
        if pack_dir.parent == ROOT / "examples":
            continue
        pack = load_pack(pack_dir)
        for lang, catalog in pack.catalogs.items():
            for key, text in catalog.items():
                parsed = parse(text)
                assert not parsed.faults, (pack_dir, lang, key)
                assert not parsed.icons, (pack_dir, lang, key)
                if not parsed.is_plain(text):
                    assert "**" in text and "rulebook" in key, (pack_dir, lang, key, text)


# ---- cards


def _piece(pack_dir: Path, key: str, lang: str = "en"):
    pack = load_pack(pack_dir)
    pieces, overflows = lay_out(pack, load_design(pack.files), lang)
    return next(p for p in pieces if p.key == key), overflows


def _ability(piece) -> TextOp:
    return next(op for op in piece.front if isinstance(op, TextOp) and op.spans and op.lines[0][0] < 40)


def test_a_long_ability_with_three_icons_shrinks_and_wraps_inside_its_box(tmp_path: Path) -> None:
    piece, overflows = _piece(FIXTURE, "cards/corsair")
    assert not overflows
    op = _ability(piece)
    assert op.size < 12 * 25.4 / 72 and len(op.lines) > 2  # shrunk from 12 pt, and wrapped
    icons = [s for line in op.spans for s in line if isinstance(s, TextIcon)]
    assert len(icons) == 3
    assert {round(i.height / op.size, 3) for i in icons} == {0.676}  # Vollkorn's cap height
    # read back from the PDF: every letter and every icon's paths inside the box
    pdf = tmp_path / "corsair.pdf"
    canvas = new_canvas(pdf, untitled("corsair"))
    new_page(canvas, piece.width, piece.height)
    draw_piece(canvas, piece)
    canvas.showPage()
    canvas.save()
    box = (6, piece.height - 40 - 26, 6 + 51, piece.height - 40)  # the layout's [6, 40, 51, 26], y up
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        h = float(page.height)
        letters = [c for c in page.chars if c["fontname"].endswith(("Vollkorn-Regular", "Vollkorn-Bold"))]
        drawn = [c for c in page.curves if c["x0"] / mm > box[0] - 1 and (h - c["bottom"]) / mm > box[1] - 1]
    said = "".join(c["text"] for c in letters)
    assert "board" in said and "*" not in said and "[" not in said
    assert {c["fontname"].split("+")[-1] for c in letters} == {"Vollkorn-Regular", "Vollkorn-Bold"}
    for c in letters:
        x0, x1, y0, y1 = c["x0"] / mm, c["x1"] / mm, (h - c["bottom"]) / mm, (h - c["top"]) / mm
        assert box[0] - 0.01 <= x0 and x1 <= box[2] + 0.01 and box[1] - 0.01 <= y0 and y1 <= box[3] + 0.01, c
    assert len(drawn) >= 3  # the icons' own paths
    for c in drawn:
        x0, x1, y0, y1 = c["x0"] / mm, c["x1"] / mm, (h - c["bottom"]) / mm, (h - c["top"]) / mm
        assert box[0] - 0.01 <= x0 and x1 <= box[2] + 0.01 and box[1] - 0.01 <= y0 and y1 <= box[3] + 0.01, c


def test_an_icon_stands_on_the_baseline_in_the_texts_colour_and_a_flag_keeps_its_own() -> None:
    piece, _ = _piece(FIXTURE, "cards/pilot")
    op = _ability(piece)
    icons = {
        s.icon.rsplit("/", 2)[-2] + "/" + s.icon.rsplit("/", 1)[-1]: s
        for line in op.spans
        for s in line
        if isinstance(s, TextIcon)
    }
    assert icons["game/medal.svg"].colour == op.colour == "#1b5e7a"
    assert icons["flags/pt.svg"].colour is None  # multicolour: its own colours
    faces = {s.font for line in op.spans for s in line if isinstance(s, TextRun)}
    assert faces == {"Vollkorn-Regular", "Vollkorn-Italic"}
    assert [line for _, _, line in op.lines][-1] == "Costs 2 ."  # the newline broke the line


def test_text_too_long_even_with_icons_is_still_the_does_not_fit_finding(rich: Path) -> None:
    long = "Gain 2 [coin] when you **dock**. " * 30
    replace_once(rich / "i18n" / "en.yaml", 'ability: "Gain 2 [coin] when you **dock**."', f'ability: "{long}"')
    _, overflows = _piece(rich, "cards/trader")
    assert [(f.file, f.key) for f in overflows] == [("cards/trader [en]", "ability")]
    assert "does not fit" in overflows[0].message


@pytest.mark.slow
def test_a_built_card_shows_no_marks_and_embeds_the_bold_face(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--pack", str(FIXTURE), "--lang", "all", "--out", str(tmp_path), "-q"])
    assert_clean_outcome(result, 0)
    for lang in ("en", "pl"):
        pdf = tmp_path / lang / "a4" / "cards.pdf"
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert "dock" in text or "zawiniesz" in text
        # the escapes print the letters they stand for; nothing else of the markup shows
        marks = (
            text.replace("Star * Bar", "").replace("A literal *, a [bracket] and a", "").replace("backslash \\.", "")
        )
        assert not set("*[]\\") & set(marks), text
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert "Vollkorn-Bold" in fonts and "Vollkorn-Italic" in fonts


# ---- faults, located


def test_an_unclosed_bold_in_a_catalog_names_file_line_key_and_language(rich: Path) -> None:
    line = replace_once(rich / "i18n" / "pl.yaml", "gdy **zawiniesz** do", "gdy **zawiniesz do")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    assert f"pl.yaml:{line}: ship.trader.ability: a bold '**' that is never closed" in result.output
    assert "[pl]" in result.output.split("never closed")[1].splitlines()[0]


def test_an_unknown_icon_in_a_catalog_names_file_line_key_and_language(rich: Path) -> None:
    line = replace_once(rich / "i18n" / "en.yaml", "roll [dice] twice", "roll [die] twice")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    said = next(x for x in result.output.splitlines() if "[die]" in x and x.startswith("error"))
    assert f"en.yaml:{line}: ship.corsair.ability: [die]: no such icon" in said and said.endswith("[en]")
    build = runner.invoke(app, ["build", "--pack", str(rich), "--out", str(rich.parent / "out"), "-q"])
    assert_clean_outcome(build, 2)
    assert "[die]: no such icon" in build.stderr


def test_a_fault_in_an_items_field_names_the_items_file_and_line(rich: Path) -> None:
    line = replace_once(rich / "ships.yaml", "move a ship to any [flag] harbour", "move a ship to any [port] harbour")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    assert f"ships.yaml:{line}: [2].face.ability: [port]: no such icon" in result.output


# ---- fonts


def _renamed(source: Path, target: Path, family: str, style: str) -> None:
    font = TTFont(source)
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (2, 17):
            record.string = style
        elif record.nameID in (4, 6):
            record.string = f"{family.replace(' ', '')}-{style}"
    font.save(target)


def test_a_packs_own_font_finds_its_bold_face_by_family_name(rich: Path, tmp_path: Path) -> None:
    fonts = rich / "fonts"
    fonts.mkdir()
    _renamed(ROOT / "fonts" / "Vollkorn-Regular.ttf", fonts / "Keeper-Book.ttf", "Keeper Serif", "Regular")
    _renamed(ROOT / "fonts" / "Vollkorn-Bold.ttf", fonts / "KS-B.ttf", "Keeper Serif", "Bold")  # any file name
    _renamed(ROOT / "fonts" / "Vollkorn-Italic.ttf", fonts / "Keeper-Italic.ttf", "Keeper Serif", "Italic")
    (rich / "layouts" / "fonts.yaml").write_text("fonts:\n  text: Keeper-Book.ttf\n", encoding="utf-8")
    piece, _ = _piece(rich, "cards/trader")
    faces = {s.font.split("-")[0] for line in _ability(piece).spans for s in line if isinstance(s, TextRun)}
    assert faces == {"Keeper", "KS"}
    (fonts / "KS-B.ttf").unlink()
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    said = [x for x in result.output.splitlines() if "no bold face" in x]
    assert f"error: {rich}/ships.yaml:2: [0].face.ability: the font Keeper Serif has no bold face for 'dock'" in said[0]
    assert said[0].endswith("[en]") and any("for 'zawiniesz'" in x and x.endswith("[pl]") for x in said)


@pytest.mark.skipif(not Path("/usr/share/fonts/opentype/urw-base35/C059-Roman.otf").exists(), reason="no CFF font")
def test_an_opentype_font_with_cff_outlines_is_a_clear_finding(rich: Path) -> None:
    (rich / "fonts").mkdir()
    shutil.copy("/usr/share/fonts/opentype/urw-base35/C059-Roman.otf", rich / "fonts" / "C059-Roman.otf")
    with (rich / "layouts" / "harbour.yaml").open("a") as f:
        f.write("fonts:\n  text: C059-Roman.otf\n")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    assert "C059-Roman.otf: an OpenType font with CFF (PostScript) outlines" in result.output
    assert "use the font's TrueType build" in result.output


# ---- translators


def test_a_translation_that_drops_an_icon_or_a_bold_word_is_warned(rich: Path) -> None:
    line = replace_once(rich / "i18n" / "pl.yaml", "Weź 2 [coin], gdy **zawiniesz** do portu.", "Weź 2 monety.")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 0)
    assert (
        f"warning: {rich}/i18n/pl.yaml:{line}: ship.trader.ability: the English shows [coin] **dock**; "
        "this translation drops [coin] and 1 of the bold words (**dock**) [pl]"
    ) in result.output
    check = runner.invoke(app, ["i18n", "check", "pl", "--pack", str(rich)])
    assert_clean_outcome(check, 1)
    assert "ship.trader.ability  [markup: keep [coin] **dock**; it drops [coin]" in check.output


def test_a_new_catalog_shows_the_translator_what_to_keep(rich: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["i18n", "new", "de", "--pack", str(rich), "--out", str(tmp_path / "de.yaml")])
    assert_clean_outcome(result, 0)
    text = (tmp_path / "de.yaml").read_text(encoding="utf-8")
    assert '    # Gain 2 [coin] when you **dock**.\n    # keep: [coin] **dock**\n    ability: ""' in text
    assert "# keep: [flag] [dice] [coin] **board**" in text


# ---- the score page


def test_the_score_page_shows_a_marked_words_letters_and_no_marks(tmp_path: Path) -> None:
    from estoril_pnp.export import scorepage

    pack_dir = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny_game", pack_dir)
    replace_once(pack_dir / "i18n" / "en.yaml", "  lamps: Lamps lit\n", '  lamps: "**Lamps** lit [tiny/wave]"\n')
    pack = load_pack(pack_dir)
    pieces, _ = lay_out(pack, load_design(pack.files), "en")
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    page = scorepage.make_page(pack, resolved, pieces, "en", None)
    assert '"Lamps lit wave"' in page
    assert "**Lamps" not in page and "[tiny/wave]" not in page


# ---- the rulebook


def test_the_rulebook_sets_a_catalogs_marks_in_pdf_and_html(tmp_path: Path) -> None:
    from estoril_pnp.rulebook import book

    pack_dir = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny_game", pack_dir)
    fog = "  fog: Fog dims every lamp of its stretch of coast.\n"
    marked = '  fog: "*Fog* dims every [tiny/wave] lamp\\nof its **stretch** of coast."\n'
    replace_once(pack_dir / "i18n" / "en.yaml", fog.replace("  fog", "    fog"), marked.replace("  fog", "    fog"))
    pack = load_pack(pack_dir)
    design = load_design(pack.files)
    pieces, _ = lay_out(pack, design, "en")
    doc, _ = book.make_document(pack, design, pieces, "en")
    book.write_html_to(doc, design, tmp_path / "rulebook.html")
    book.write_pdf_to(doc, design, tmp_path / "rulebook.pdf", "a4")
    html = (tmp_path / "rulebook.html").read_text(encoding="utf-8")
    assert "<i>Fog</i> dims every <img" in html and "lamp<br>of its <b>stretch</b> of coast." in html
    with pdfplumber.open(tmp_path / "rulebook.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
        fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars if c["text"] in "Fog"}
    assert "Fog dims every" in text and "*" not in text and "[tiny" not in text
    assert "Vollkorn-Italic" in fonts


def test_letters_are_checked_against_the_face_they_are_set_in(rich: Path) -> None:
    from fontTools import subset

    fonts = rich / "fonts"
    fonts.mkdir()
    _renamed(ROOT / "fonts" / "Vollkorn-Regular.ttf", fonts / "Keeper-Regular.ttf", "Keeper Serif", "Regular")
    _renamed(ROOT / "fonts" / "Vollkorn-Italic.ttf", fonts / "Keeper-Italic.ttf", "Keeper Serif", "Italic")
    _renamed(ROOT / "fonts" / "Vollkorn-Bold.ttf", fonts / "full-bold.ttf", "Keeper Serif", "Bold")
    # a bold face without the letter z: the Polish bold word has one, the English one none
    options = subset.Options()
    options.name_IDs = ["*"]
    font = subset.load_font(fonts / "full-bold.ttf", options)
    keep = subset.Subsetter(options)
    keep.populate(unicodes=[c for c in font.getBestCmap() if chr(c) not in "zZ"])
    keep.subset(font)
    subset.save_font(font, fonts / "Keeper-Bold.ttf", options)
    (fonts / "full-bold.ttf").unlink()
    (rich / "layouts" / "fonts.yaml").write_text("fonts:\n  text: Keeper-Regular.ttf\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(rich)])
    assert_clean_outcome(result, 1)
    missing = [line for line in result.output.splitlines() if "no glyph" in line]
    assert missing and all("[pl]" in line and "Keeper-Bold" in line and "z" in line for line in missing), missing
