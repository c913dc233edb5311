"""The rulebook, read back from the PDFs and the HTML `estoril-pnp build` writes."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pdfplumber
import pytest
from conftest import SHIPPED, replace_once
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.layout import load_design
from estoril_pnp.rulebook import book
from estoril_pnp.scoring.calc import score
from estoril_pnp.scoring.record import read

runner = CliRunner()
LANGS = SHIPPED.languages
BROKEN = re.compile("[\ufffd\u25a1\u25af\u2610]")  # replacement character and the boxes of a missing glyph
BASE14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


def build(out: Path, *args: str) -> None:
    result = runner.invoke(app, ["build", "--out", str(out), *args])
    assert result.exit_code == 0, result.output


def pages(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [" ".join((page.extract_text() or "").split()) for page in doc.pages]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rulebooks")
    build(out, "--lang", "all")
    build(out, "--lang", "en", "--paper", "letter")
    return out


@pytest.fixture(scope="module")
def english() -> book.Document:
    pieces_and_design = _english_pieces()
    return book.make_document(SHIPPED, *pieces_and_design, "en")[0]


def _english_pieces() -> tuple:
    from estoril_pnp.pieces.lay_out import lay_out

    design = load_design(SHIPPED.files)
    return design, lay_out(SHIPPED, design, "en")[0]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_a_rulebook_that_reads_back_whole(built: Path, lang: str) -> None:
    pdf = built / lang / "a4" / "rulebook.pdf"
    text = pages(pdf)
    everything = "\n".join(text)
    assert not BROKEN.search(everything)
    assert "{" not in everything and "}" not in everything  # every placeholder filled
    t = Texts(SHIPPED.catalogs, lang)
    for symbol in SHIPPED.model.data.game.symbols:  # the language's own terms, where it has them
        assert t(f"symbol.{symbol}.name") in everything
    for place in SHIPPED.model.data.locations:
        assert place.name in everything
    page = (built / lang / "rulebook.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in page and "{" not in re.sub(r"<style>.*?</style>", "", page, flags=re.S)


def words(text: str) -> str:
    """Text with its spaces made one kind: a no-break space reads back as either kind."""
    return " ".join(text.split())


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_contents_outline_page_numbers_and_running_heads_agree(built: Path, lang: str) -> None:
    pdf = built / lang / "a4" / "rulebook.pdf"
    reader = PdfReader(pdf)
    text = pages(pdf)
    outline = [entry for entry in reader.outline if not isinstance(entry, list)]
    assert len(outline) >= 12
    title = SHIPPED.model.data.game.title
    for entry in outline:
        page = reader.get_destination_page_number(entry)
        contents = words(text[0] + " " + text[1])
        # the table of contents names the chapter with the page the outline leads to
        assert re.search(re.escape(words(entry.title)) + r"[ .]*" + str(page + 1) + r"\b", contents), entry.title
        assert words(entry.title) in words(text[page])  # and the chapter's heading is on that page
    with pdfplumber.open(pdf) as doc:
        for number, page in enumerate(doc.pages[1:], start=2):
            band = 20 * 72 / 25.4  # the margins, where only the running head and the page number are
            head = page.crop((0, 0, page.width, band)).extract_text() or ""
            foot = page.crop((0, page.height - band, page.width, page.height)).extract_text() or ""
            assert head.startswith(title), number
            assert foot.strip() == str(number)


@pytest.mark.slow
def test_fonts_are_embedded_truetype_and_papers_have_their_size(built: Path) -> None:
    for paper, size in (("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))):
        reader = PdfReader(built / "en" / paper / "rulebook.pdf")
        box = reader.pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.5)
        for page in reader.pages:
            for font in page["/Resources"].get("/Font", {}).values():
                font = font.get_object()
                assert not str(font["/BaseFont"]).lstrip("/").startswith(BASE14)
                assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"].get_object()


def test_the_pictures_are_the_real_pieces(built: Path) -> None:
    text = "\n".join(pages(built / "en" / "a4" / "rulebook.pdf"))
    data = SHIPPED.model.data
    card = next(c for c in data.starting if c.woman and c.abilities)
    assert card.name in text  # the explained character card, drawn by the pieces' code
    assert "TOP SECRET" in text and "REWARD" in text  # the explained tile


def test_the_english_rulebook_uses_every_key_and_types_no_number(english: book.Document) -> None:
    design, pieces = _english_pieces()
    _, used = book.make_document(SHIPPED, design, pieces, "en")
    catalog = {k: v for k, v in SHIPPED.catalogs["en"].items() if k.startswith("rulebook.")}
    # texts for outcomes the shipped example does not reach (a shared win, a mission nobody
    # scores) and reaches no ability has, are still kept for other packs and records
    conditional = re.compile(r"rulebook\.(end_game\.(example_(shared|tiebreak)|mission_\w+)|reach\.\w+)$")
    unused = {k for k in catalog if k not in used and not conditional.match(k)}
    assert not unused
    for key, text in catalog.items():
        assert not re.search(r"\d", re.sub(r"\{[A-Za-z_][A-Za-z0-9_]*\}", "", text)), key  # numbers come from the pack


@pytest.mark.slow
def test_a_changed_pack_changes_every_rulebook_aid_and_the_scorer(pack_copy: Path, tmp_path: Path) -> None:
    replace_once(pack_copy / "game.yaml", "hand_limit: 6", "hand_limit: 9")
    replace_once(pack_copy / "game.yaml", "  mission: 6", "  mission: 7")
    build(tmp_path, "--pack", str(pack_copy), "--lang", "all", "--layout", "single", "--backs", "none")
    changed = load_pack(pack_copy)
    for lang in LANGS:
        text = " ".join(" ".join(pages(tmp_path / lang / "a4" / "rulebook.pdf")).split())
        html = (tmp_path / lang / "rulebook.html").read_text(encoding="utf-8")
        page = " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())
        t = changed.texts(lang)
        for key, number in (("rulebook.end_round.hand_limit", "9"), ("rulebook.end_game.missions", "7")):
            said = " ".join(t(key).replace("**", "").split())  # the paragraph with the pack's new numbers
            # the whole paragraph in the page; its opening words in the PDF, whose lines may hyphenate
            assert number in said and said in page and " ".join(said.split()[:3]) in text, (lang, key)
        aid = " ".join(pages(tmp_path / lang / "a4" / "player_aids-single.pdf"))
        assert re.search(r"\b9\b", aid) and re.search(r"\b7\b", aid), lang
    result = runner.invoke(
        app, ["score", str(pack_copy / "examples" / "scoring.yaml"), "--pack", str(pack_copy), "--json"]
    )
    missions = [m["points"] for m in __import__("json").loads(result.stdout)["missions"]]
    assert {"red": 7} in missions  # the Germans, won alone


@pytest.mark.slow
def test_the_worked_scoring_example_follows_its_record(pack_copy: Path, tmp_path: Path) -> None:
    example = pack_copy / "examples" / "scoring.yaml"
    before = score(SHIPPED.sheet, read(SHIPPED.sheet, str(example), {}, SHIPPED.catalogs))
    red = next(p for p in before.players if p.seat.id == "red")
    replace_once(example, "discards: 7", "discards: 11")
    build(tmp_path, "--pack", str(pack_copy), "--lang", "en")
    text = " ".join(pages(tmp_path / "en" / "a4" / "rulebook.pdf"))
    total = Texts(SHIPPED.catalogs, "en")("score.total")
    assert re.search(rf"{total} {red.total + 4} \d+ \d+", text)  # Red's total, four discards later
    assert "Red holds Zarah L., Anne D., Garbo, Otto M., G. René, and Hans R., and has 11 discarded characters." in text
    assert f"Red wins with {red.total + 4} VP." in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_for_the_table_is_one_page(built: Path, lang: str) -> None:
    reader = PdfReader(built / lang / "a4" / "rulebook.pdf")
    t = Texts(SHIPPED.catalogs, lang)
    at = {
        entry.title: reader.get_destination_page_number(entry)
        for entry in reader.outline
        if not isinstance(entry, list)
    }
    summary, credits = at[t("rulebook.summary.title")], at[t("rulebook.credits.title")]
    assert credits == summary + 1
    text = reader.pages[summary].extract_text()
    for symbol in SHIPPED.model.data.game.symbols:
        assert t(f"symbol.{symbol}.name") in text
    last_words = " ".join(t("aid.scoring").split()[-3:])  # the summary's last line made it onto the page
    assert last_words in " ".join(text.split())


def squashed(text: str) -> str:
    """Text without spaces or hyphens: a word the PDF hyphenated at a line's end reads as one."""
    return re.sub(r"[\s\-\u00ad]+", "", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rulebook_says_a_short_hand_in_a_two_player_game_ends_the_placing(built: Path, lang: str) -> None:
    # Both published rulebooks: in a two-player game Boca do Inferno can leave a player more
    # markers than characters; they place only what they hold, so the placing must end without
    # every marker down. The rule is in the language's own words, where placing is explained and at Boca.
    data = SHIPPED.model.data
    boca = next(place for place in data.locations if place.rule == "weakest_loses_character")
    t = SHIPPED.texts(lang)
    text = squashed(" ".join(pages(built / lang / "a4" / "rulebook.pdf")))
    for key in ("rulebook.round.end_of_placing", "rulebook.locations.boca_two_players"):
        assert key in SHIPPED.catalogs[lang], (lang, key)  # not the English fallback
        said = t(key).replace("**", "")
        assert str(data.game.players.min) in said, (lang, key)
        assert squashed(said) in text, (lang, key)
    assert boca.name in t("rulebook.round.end_of_placing"), lang


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_components_table_counts_the_player_aids_of_the_box(built: Path, lang: str) -> None:
    # The table lists the published game's pieces: the box holds 4 player aids, one per player,
    # though this edition prints each as two cards (it once said 8).
    page = unescape((built / lang / "rulebook.html").read_text(encoding="utf-8"))
    label = Texts(SHIPPED.catalogs, lang)("rulebook.components.aids")
    row = re.search(r"<tr><td>" + re.escape(label) + r'</td><td class="n">(\d+)</td>', page)
    assert row, label
    assert int(row.group(1)) == SHIPPED.model.data.game.counts.player_aids == 4


def test_a_broken_rulebook_is_a_finding_and_writes_nothing(pack_copy: Path, tmp_path: Path) -> None:
    catalog = pack_copy / "i18n" / "en.yaml"
    replace_once(catalog, "    hand_secret: ", "    hand_secret_gone: ")
    validated = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert validated.exit_code == 1 and "rulebook.setup.hand_secret: no text for this key" in validated.stdout
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "error: i18n/en.yaml: rulebook.setup.hand_secret: no text for this key" in result.stderr
    assert not (tmp_path / "en").exists()  # not the pieces either: bad input writes nothing
