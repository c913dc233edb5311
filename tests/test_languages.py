"""Every catalog found, read back from its own PDFs: a seventh language is tested without
touching this file. And the tools a translator uses: status, check, a template, fallback."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import SHIPPED, all_packs, pack_id, pack_languages
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.files.resources import default_pack
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pack.translation import state
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.layout import load_design
from estoril_pnp.render.ops import TextOp
from estoril_pnp.render.text import PT
from estoril_pnp.rulebook import book
from estoril_pnp.source.packfiles import PackFiles

runner = CliRunner()
LANGS = SHIPPED.languages
# Letters each language must show on its pieces, read back from the PDFs.
LETTERS = {"hu": "őű", "pl": "łżąę", "de": "äß", "es": "ñ", "pt": "ãç", "cs": "ěšřů"}
BROKEN = re.compile("[\ufffd\u25a1\u25af\u2610]")  # replacement character and the boxes of a missing glyph


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    """A pack's every language built one piece per page, once per pack."""
    done: dict[Path, Path] = {}

    def get(pack: Path) -> Path:
        if pack not in done:
            out = tmp_path_factory.mktemp(pack.name)
            args = ["build", "--pack", str(pack), "--lang", "all", "--layout", "single", "--out", str(out)]
            result = runner.invoke(app, args)
            assert result.exit_code == 0, result.output
            done[pack] = out
        return done[pack]

    return get


@pytest.fixture(scope="module")
def built(builds: Callable[[Path], Path]) -> Path:
    return builds(default_pack())


def test_the_shipped_pack_speaks_six_languages() -> None:
    assert set(LANGS) >= {"en", "pl", "hu", "pt", "de", "es"}


@pytest.mark.slow
@pytest.mark.parametrize("pack_dir", all_packs(), ids=pack_id)
def test_every_pack_is_complete_in_every_language(pack_dir: Path) -> None:
    """validate --strict: every catalog complete and consistent, every text fits, every letter
    has a glyph, on every piece and in the rulebook, in every language."""
    result = runner.invoke(app, ["validate", "--strict", "--pack", str(pack_dir)])
    assert result.exit_code == 0, result.stdout
    assert "0 error(s), 0 warning(s): ok" in result.stdout
    pack = load_pack(pack_dir)
    for lang in pack.languages:
        assert not state(pack, lang).problems, lang


@pytest.mark.slow
@pytest.mark.parametrize(("pack_dir", "lang"), pack_languages(), ids=pack_id)
def test_every_pack_reads_back_in_each_language_with_its_letters(
    builds: Callable[[Path], Path], pack_dir: Path, lang: str
) -> None:
    pack = load_pack(pack_dir)
    folder = builds(pack_dir) / lang / "a4"
    pdfs = {pdf.name: _text(pdf) for pdf in sorted(folder.glob("*.pdf"))}
    assert {f"{group}-single.pdf" for group in pack.manifest.groups} <= set(pdfs)
    everything = "\n".join(pdfs.values())
    assert not BROKEN.search(everything)
    for letter in LETTERS.get(lang, ""):
        assert letter in everything, (lang, letter)
    if book.has_rulebook(pack):
        assert "{" not in pdfs["rulebook.pdf"] and "}" not in pdfs["rulebook.pdf"]  # every placeholder filled
        page = (folder.parent / "rulebook.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in page and not BROKEN.search(page)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_each_language_reads_back_with_its_own_words(built: Path, lang: str) -> None:
    t = Texts(SHIPPED.catalogs, lang)
    folder = built / lang / "a4"
    missions = _text(folder / "missions-single.pdf")
    for m in SHIPPED.model.data.missions:
        assert t(f"mission.{m.id}.title") in missions
    characters = _text(folder / "characters-single.pdf")
    assert all(c.name in characters for c in SHIPPED.model.data.reward)  # names stay as printed
    tiles = _text(folder / "locations-single.pdf")
    assert all(place.name in tiles for place in SHIPPED.model.data.locations)  # location names stay Portuguese
    aids = _text(folder / "player_aids-single.pdf")
    for key in (
        "aid.round_title",
        "aid.scoring_title",
        "aid.abilities_title",
        "aid.locations_title",
        "piece.player_aid",
    ):
        assert t(key).upper() in aids


@pytest.mark.slow
@pytest.mark.parametrize(("pack_dir", "lang"), pack_languages(), ids=pack_id)
def test_each_language_keeps_the_sizes_and_embeds_its_fonts(
    builds: Callable[[Path], Path], pack_dir: Path, lang: str
) -> None:
    built = builds(pack_dir)
    manifest = load_pack(pack_dir).manifest
    for group in manifest.groups:
        sizes = {(k.width, k.height) for k in manifest.pieces.values() if k.group == group}
        pages = PdfReader(built / lang / "a4" / f"{group}-single.pdf").pages
        seen = set()
        for page in pages:  # each page is exactly one of the group's piece sizes
            trim = (float(page.trimbox.width) * 25.4 / 72, float(page.trimbox.height) * 25.4 / 72)
            [size] = [s for s in sizes if abs(s[0] - trim[0]) <= 0.1 and abs(s[1] - trim[1]) <= 0.1]
            seen.add(size)
        assert seen == sizes, group
        for page in pages[:2]:
            for font in page["/Resources"].get("/Font", {}).values():
                font = font.get_object()
                assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"].get_object()


def _sizes(pdf: Path) -> list[list[float]]:
    """Every letter's size (pt), page by page."""
    with pdfplumber.open(pdf) as doc:
        return [[c["size"] for c in page.chars] for page in doc.pages]


@pytest.mark.slow
@pytest.mark.parametrize(("pack_dir", "lang"), pack_languages(), ids=pack_id)
def test_no_text_on_any_piece_is_under_7_pt(builds: Callable[[Path], Path], pack_dir: Path, lang: str) -> None:
    """A published card or aid keeps its text at 7 pt or more: read back from every single-page PDF
    of every pack, which keeps the shipped floor (a pack may set its own `min_text`; none of ours does)."""
    assert load_design(PackFiles(pack_dir)).min_text == 7
    built = builds(pack_dir)
    for group in load_pack(pack_dir).manifest.groups:
        pages = _sizes(built / lang / "a4" / f"{group}-single.pdf")
        assert any(pages) or group == "markers", group  # every piece but the markers says something
        small = sorted({(round(size, 2), n) for n, page in enumerate(pages) for size in page if size < 7 - 1e-6})
        assert not small, (group, small[:5])


@pytest.mark.slow
def test_text_that_needs_less_than_7_pt_is_a_validate_error_and_is_never_set_smaller(
    pack_copy: Path, tmp_path: Path
) -> None:
    catalog = pack_copy / "i18n" / "pl.yaml"
    data = yaml.safe_load(catalog.read_text(encoding="utf-8"))
    data["symbol"]["diplomat"]["ability"] = " ".join([data["symbol"]["diplomat"]["ability"]] * 4)
    catalog.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith(
        "error: player_aids/aid/1 [pl]: abilities[4].text: text does not fit even at its minimum size: "
    ), errors
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack_copy), "--lang", "pl", "--out", str(out)])
    assert built.exit_code == 2 and built.stderr.splitlines() == errors, built.stderr  # validate's error, refused
    assert not out.exists()
    pack = load_pack(pack_copy)
    pieces, _ = lay_out(pack, load_design(pack.files), "pl")
    aid = next(p for p in pieces if p.key == "player_aids/aid/1")
    sizes = [op.size / PT for op in (*aid.front, *(aid.back or ())) if isinstance(op, TextOp)]
    assert min(sizes) == pytest.approx(7)  # set at its minimum, overflowing, and reported: not shrunk out of sight


@pytest.mark.slow
def test_a_changed_hand_limit_is_stated_on_every_language_aid(pack_copy: Path, tmp_path: Path) -> None:
    game = pack_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("hand_limit: 6", "hand_limit: 9"), encoding="utf-8")
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--lang", "all", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for lang in LANGS:
        [front, *_] = PdfReader(tmp_path / lang / "a4" / "player_aids.pdf").pages
        assert re.search(r"\b9\b", front.extract_text()), lang


def _halve(pack: Path, lang: str) -> list[str]:
    """Blanks every other text of a catalog; returns the keys it blanked."""
    file = pack / "i18n" / f"{lang}.yaml"
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    leaves: list[tuple[dict, str, str]] = []

    def walk(node: dict, path: tuple[str, ...]) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, (*path, key))
            else:
                leaves.append((node, key, ".".join((*path, key))))

    walk(data, ())
    for node, key, _ in leaves[1::2]:
        node[key] = ""
    file.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return [dotted for _, _, dotted in leaves[1::2]]


@pytest.mark.slow
def test_a_half_done_catalog_lists_exactly_what_is_missing_and_falls_back_to_english(
    pack_copy: Path, tmp_path: Path
) -> None:
    blanked = _halve(pack_copy, "pl")
    assert len(blanked) > 30
    result = runner.invoke(app, ["i18n", "check", "pl", "--pack", str(pack_copy)], terminal_width=400)
    assert result.exit_code == 1
    listed = {line.split("  [")[0] for line in result.stdout.splitlines()[1:]}
    assert listed == set(blanked)
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--lang", "pl", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"warning: i18n/pl.yaml: {len(blanked)} keys not translated; English is used for them" in result.stderr
    english = Texts(SHIPPED.catalogs, "en")
    fallen_back = [k for k in blanked if k.startswith("mission.")]
    missions = " ".join(_text(tmp_path / "pl" / "a4" / "missions.pdf").split())
    assert fallen_back and all(english(k) in missions for k in fallen_back)


@pytest.mark.slow
def test_a_new_language_starts_from_a_template_that_check_reads(pack_copy: Path) -> None:
    result = runner.invoke(app, ["i18n", "new", "it", "--pack", str(pack_copy)])
    assert result.exit_code == 0, result.output
    template = (pack_copy / "i18n" / "it.yaml").read_text(encoding="utf-8")
    assert "# Assassin" in template and 'name: ""' in template
    status = runner.invoke(app, ["i18n", "status", "--pack", str(pack_copy)], terminal_width=200)
    assert re.search(r"it\s*│\s*0/\d+ 0%", status.stdout), status.stdout
    again = runner.invoke(app, ["i18n", "new", "it", "--pack", str(pack_copy)])
    assert again.exit_code == 2 and "already exists" in again.stderr


@pytest.mark.parametrize(
    ("points", "polish"),
    [(1, "1 punkt zwycięstwa"), (2, "2 punkty zwycięstwa"), (5, "5 punktów zwycięstwa"), (22, "22 punkty zwycięstwa")],
)
def test_polish_plurals_come_out_right(points: int, polish: str) -> None:
    assert Texts(SHIPPED.catalogs, "pl").plural("score.points", points) == polish


def test_score_in_polish_prints_polish_labels_and_the_right_plural(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(
        "players:\n  - {colour: red, hand: [hans_r], discards: 0}\n  - {colour: blue, hand: [], discards: 0}\n"
        "missions: [most_assassin, most_seducer, most_diplomat, most_germans]\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", str(record), "--lang", "pl"], terminal_width=200)
    assert result.exit_code == 0, result.output
    t = Texts(SHIPPED.catalogs, "pl")
    for key in ("score.title", "score.discards", "score.total", "colour.red", "mission.most_germans.title"):
        assert t(key) in result.stdout
    assert "7 PZ" in result.stdout  # 1 VP in hand + 6 for the Germans mission (the sheet says its total in VP: PZ)


def test_every_key_the_code_names_is_in_english_and_counted_as_used() -> None:
    from estoril_pnp.pack.translation import CODE_PREFIXES, used_keys
    from estoril_pnp.render.layout import load_design

    used = used_keys(SHIPPED, load_design(SHIPPED.files))
    english = SHIPPED.catalogs["en"]
    named = set()
    for file in (Path(__file__).parent.parent / "estoril_pnp").rglob("*.py"):
        named |= set(re.findall(r"""\bt(?:exts)?(?:\.plural)?\(\s*["']([a-z_]+\.[a-z_.]+)["']""", file.read_text()))
    assert len(named) > 20
    for key in named:
        assert key in english or f"{key}.other" in english, key
        assert key.startswith(CODE_PREFIXES) or key in used, key


def test_interactive_scoring_asks_in_german_and_understands_german_answers() -> None:
    de = Texts(SHIPPED.catalogs, "de")
    answers = [
        "2",
        de("score.variant.important_second_place.name"),
        de("colour.red"),
        "Ana",
        "hans_r, garbo",
        "3",
        de("colour.blue").lower(),
        "",
        "elizabeth",
        "0",
        ", ".join(de(f"mission.{m}.title") for m in ("most_assassin", "strongest", "other_nations", "most_women")),
        "",
        "",
    ]
    result = runner.invoke(app, ["score", "-i", "--lang", "de"], input="\n".join(answers) + "\n", terminal_width=200)
    assert result.exit_code == 0, result.output
    assert de("score.ask.players", players_min=2, players_max=4) in result.stdout
    assert de("colour.green") in result.stdout and "Green" not in result.stdout  # colours offered in German
    assert de("score.variant.important_second_place.name") in result.stdout
    assert de("score.title") in result.stdout and "Winner" not in result.stdout
