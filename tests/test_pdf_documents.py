"""Every PDF a build writes, read back as its reader meets it: what the document says of itself
(`pdfinfo`: its title in the book's language, the game's designers, an unofficial fan edition;
`pdfinfo -meta`: its language; the catalog's /Lang and DisplayDocTitle), the language of every
HTML page, and the words on every page of every PDF (no program words: tests/program_words.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import ROOT
from program_words import program_words
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app

SHIPPED = {  # the packs the project ships and its designer's example, and their languages
    "data": ("de", "en", "es", "hu", "pl", "pt"),
    "packs/stawka": ("en", "pl"),
    "packs/espionage_1762": ("cs", "en"),
    "examples/harbour": ("en", "pl"),
}
PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Debian's libgs-common (.ci/run)
runner = CliRunner()


def _run(*args: str) -> None:
    result = runner.invoke(app, [*args, "--quiet"] if args[0] == "build" else list(args))
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every shipped pack built whole in all its languages, and the other kinds of PDF once each:
    single pages, a cutter's sheets, a shop's PDF/X deck, the calibration page and the score pad."""
    out = tmp_path_factory.mktemp("documents")
    for pack in SHIPPED:
        _run("build", "--pack", str(ROOT / pack), "--lang", "all", "--paper", "a4", "--out", str(out / pack))
    data = str(ROOT / "data")
    _run("build", "--pack", data, "--lang", "de", "--layout", "single", "--out", str(out / "single"))
    _run("build", "--pack", data, "--lang", "hu", "--cutter", "silhouette", "--out", str(out / "cutter"))
    _run("calibrate", "--pack", data, "--lang", "es", "--out", str(out / "calibration" / "es" / "calibration.pdf"))
    _run("scorepad", "--pack", data, "--lang", "pt", "--out", str(out / "scorepad" / "pt" / "scorepad.pdf"))
    # a shop's PDF/X-4 path: the small fixture's cards fit a poker-card shop; its catalogs name its parts
    shop = out / "shop_pack"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny_game", shop)
    for lang, game, cards in (("en", "Lighthouse Keepers", "Cards"), ("cs", "Strážci majáku", "Karty")):
        catalog = shop / "i18n" / f"{lang}.yaml"
        named = f'\ndocument:\n  game: "{game}"\n  part:\n    cards: "{cards}"\n'
        catalog.write_text(catalog.read_text(encoding="utf-8") + named, encoding="utf-8")
    if PROFILE.is_file():
        args = ("--shop", "drivethrucards", "--cmyk", str(PROFILE))
        _run("build", "--pack", str(shop), "--lang", "all", *args, "--out", str(out / "shop"))
    return out


def catalog(pack: str, lang: str) -> dict:
    return yaml.safe_load((ROOT / pack / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))


def title(pack: str, lang: str, part: str) -> str:
    """The title a reader of `lang` should see: the game's name and the part's, as the catalog says them."""
    said = catalog(pack, lang)["document"]
    return f"{said['game']} — {said['part'][part]}"


def info(pdf: Path) -> dict[str, str]:
    """What `pdfinfo` shows of a file: its fields, and the language of its XMP packet (`-meta`)."""
    shown = subprocess.run(["pdfinfo", "-enc", "UTF-8", str(pdf)], capture_output=True, text=True, check=True).stdout
    fields = dict(re.findall(r"(?m)^([A-Za-z_ ]+):[ \t]*(.*)$", shown))
    meta = subprocess.run(["pdfinfo", "-meta", str(pdf)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"<dc:language>\s*<rdf:Bag>\s*<rdf:li>([^<]*)</rdf:li>", meta)
    fields["language"] = found.group(1) if found else ""
    return fields


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


def _catalog_says(pdf: Path) -> tuple[str, bool]:
    root = PdfReader(pdf).trailer["/Root"]
    return str(root.get("/Lang", "")), bool(root.get("/ViewerPreferences", {}).get("/DisplayDocTitle"))


@pytest.mark.slow
@pytest.mark.parametrize("pack", list(SHIPPED))
def test_every_pdf_says_its_title_in_its_language_its_authors_and_its_language(out: Path, pack: str) -> None:
    designers = yaml.safe_load((ROOT / pack / "pack.yaml").read_text(encoding="utf-8")).get("designers", [])
    for lang in SHIPPED[pack]:
        files = pdfs(out / pack / lang)
        assert {"rulebook.pdf"} <= {f.name for f in files}
        for pdf in files:
            shown = info(pdf)
            assert shown["Title"] == title(pack, lang, pdf.stem), pdf
            assert shown["Title"] != pdf.stem and "_" not in shown["Title"], pdf  # never its file name
            assert shown["language"] == lang, pdf
            assert _catalog_says(pdf) == (lang, True), pdf
            assert shown.get("Author", "") == ", ".join(designers), pdf
            if pack == "data":  # the pack says who publishes the game, and this edition says it is a fan's
                assert "MEBO Games" in shown["Subject"], pdf
    # where the languages name a part differently, so do the titles
    first, *others = SHIPPED[pack]
    for lang in others:
        for pdf in pdfs(out / pack / lang):
            if title(pack, lang, pdf.stem) != title(pack, first, pdf.stem):
                assert info(pdf)["Title"] != info(out / pack / first / pdf.relative_to(out / pack / lang))["Title"]


@pytest.mark.slow
def test_the_titles_a_reader_sees(out: Path) -> None:
    """A few titles as a reader of each edition should read them, written out here, not from the catalogs."""
    seen = {  # file: (language, title)
        "data/en/a4/player_aids.pdf": ("en", "City of Spies: Estoril 1942 — Player aids"),
        "data/en/a4/first_player.pdf": ("en", "City of Spies: Estoril 1942 — First-player card"),
        "data/de/a4/characters.pdf": ("de", "City of Spies: Estoril 1942 — Charaktere"),
        "data/pl/a4/player_aids.pdf": ("pl", "Miasto Szpiegów: Estoril 1942 — Karty pomocy"),
        "data/pt/a4/rulebook.pdf": ("pt", "City of Spies: Estoril 1942 — Regras do jogo"),
        "data/hu/a4/scorepad.pdf": ("hu", "City of Spies: Estoril 1942 — Pontozólap"),
        "packs/stawka/pl/a4/reference.pdf": ("pl", "Stawka większa niż życie — Ściągi graczy"),
        "packs/espionage_1762/cs/a4/tracks.pdf": ("cs", "1762–1955: The War of Espionage — List počítadel vlivu"),
        "examples/harbour/pl/a4/ships.pdf": ("pl", "Przystań Słone Łąki — Karty statków"),
        "single/de/a4/markers-single.pdf": ("de", "City of Spies: Estoril 1942 — Marker"),
        "cutter/hu/silhouette-a4/enigma.pdf": ("hu", "City of Spies: Estoril 1942 — Enigma promólapka"),
        "calibration/es/calibration.pdf": (
            "es",
            "City of Spies: Estoril 1942 — Calibración de la impresión a doble cara",
        ),
        "scorepad/pt/scorepad.pdf": ("pt", "City of Spies: Estoril 1942 — Bloco de pontuação"),
    }
    if PROFILE.is_file():
        seen["shop/cs/drivethrucards/cards.pdf"] = ("cs", "Strážci majáku — Karty")
    for path, (lang, expected) in seen.items():
        shown = info(out / path)
        assert (shown["Title"], shown["language"]) == (expected, lang), path
        assert _catalog_says(out / path) == (lang, True), path
    if PROFILE.is_file():  # the PDF/X rewrite keeps what the document says of itself
        assert PdfReader(out / "shop" / "cs" / "drivethrucards" / "cards.pdf").metadata["/GTS_PDFXVersion"] == "PDF/X-4"


HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]*)\"", re.IGNORECASE)


@pytest.mark.slow
@pytest.mark.parametrize("pack", list(SHIPPED))
def test_every_html_page_says_its_language(out: Path, pack: str) -> None:
    for lang in SHIPPED[pack]:
        pages = sorted((out / pack / lang).glob("*.html"))
        assert {p.name for p in pages} >= {"rulebook.html"}
        for page in pages:
            found = HTML_LANG.search(page.read_text(encoding="utf-8"))
            assert found and found.group(1) == lang, page


def test_the_watch_gallery_says_its_language() -> None:
    """The gallery's own words are the engine's, in English, whatever languages its pictures show."""
    page = (ROOT / "templates" / "watch" / "index.html").read_text(encoding="utf-8")
    found = HTML_LANG.search(page)
    assert found and found.group(1) == "en"


# A web address in the credits (game-icons.net) is a place a reader can visit, not a program word.
WEB_ADDRESS = re.compile(r"(?:https?://)?(?:[\w-]+\.)+(?:net|org|com|io|pt|pl|cz|de)\b(?:/\S*)?")


def page_words(pdf: Path) -> list[tuple[int, str]]:
    """Every program word on each page: the page's text as one run (a PDF's lines are where its
    layout wrapped, not lines of a file), web addresses aside."""
    found = []
    for number, page in enumerate(PdfReader(pdf).pages, 1):
        text = WEB_ADDRESS.sub(" ", re.sub(r"\s+", " ", page.extract_text() or ""))
        found += [(number, word) for word in program_words(text)]
    return found


@pytest.mark.slow
def test_no_page_of_any_pdf_holds_a_program_word(out: Path) -> None:
    files = pdfs(out)
    assert len(files) > 60
    found = [f"{pdf.relative_to(out)} p. {n}: {word!r}" for pdf in files for n, word in page_words(pdf)]
    assert not found, "\n".join(found)


def test_the_page_reader_finds_what_the_detector_finds(tmp_path: Path) -> None:
    """The words as a PDF holds them reach the detector: a page with a flag, a key path and a file name."""
    from reportlab.pdfgen.canvas import Canvas

    pdf = tmp_path / "words.pdf"
    canvas = Canvas(str(pdf))
    canvas.drawString(72, 700, "Reprint with --back-offset 1,2 as players.0.colour says in scoring.yaml")
    canvas.drawString(72, 680, "Icons from game-icons.net; from your hand, play a ship.")
    canvas.save()
    assert [w for _, w in page_words(pdf)] == ["--back-offset", "players.0.colour", "scoring.yaml"]
