"""The player aids and reference cards as a reader sees them: each piece drawn to a PDF by
`render/draw.py` and its words read back with pdfplumber (positions in mm from the top-left).

City of Spies' round card (numbered steps set apart, wrapped lines hanging under their words), its
locations card (every rule at one size, room before the next heading), Stawka's reference card
(moving as a heading of its own after the steps; no blank band on the back) and 1762's cards
(wrapped bullet lines hanging under their words), in every language of each pack."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT

from estoril_pnp.files.resources import default_pack
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.pack.load import Pack, load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render.docinfo import untitled
from estoril_pnp.render.draw import draw_piece, new_canvas, new_page
from estoril_pnp.render.layout import load_design
from estoril_pnp.rulebook import book

MM = 72 / 25.4
COS, STAWKA, E1762 = default_pack(), ROOT / "packs" / "stawka", ROOT / "packs" / "espionage_1762"


@cache
def _pack(path: Path) -> Pack:
    return load_pack(path)


@cache
def _lines(path: Path, lang: str, key: str, back: bool, tmp: Path) -> tuple[tuple[dict, ...], ...]:
    """The side's text lines, top to bottom: each line its words (pdfplumber's, in mm from the
    piece's top-left, with the size and font of their first letter)."""
    pack = _pack(path)
    pieces, findings = lay_out(pack, load_design(pack.files), lang)
    assert not findings, findings
    piece = next(p for p in pieces if p.key == key)
    pdf = tmp / f"{path.name}-{lang}-{key.replace('/', '_')}-{int(back)}.pdf"
    canvas = new_canvas(pdf, untitled(key, lang))
    new_page(canvas, piece.width, piece.height)
    draw_piece(canvas, piece, back=back)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words(x_tolerance=1, y_tolerance=1, extra_attrs=["size", "fontname"])
    rows: dict[float, list[dict]] = {}
    for w in words:
        word = {
            "text": w["text"],
            "x0": w["x0"] / MM,
            "x1": w["x1"] / MM,
            "base": w["bottom"] / MM,
            "size": round(w["size"], 2),
            "font": w["fontname"].split("+")[-1],
        }
        row = next((r for r in rows if abs(r - word["base"]) < 0.6), word["base"])
        rows.setdefault(row, []).append(word)
    return tuple(tuple(sorted(rows[r], key=lambda w: w["x0"])) for r in sorted(rows))


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("aids")


def _between(lines: tuple[tuple[dict, ...], ...], top: float, bottom: float) -> list[tuple[dict, ...]]:
    return [line for line in lines if top < line[0]["base"] < bottom]


@pytest.mark.parametrize("lang", _pack(COS).languages)
def test_the_round_cards_steps_stand_apart_and_their_lines_hang_under_their_words(lang: str, tmp: Path) -> None:
    lines = _lines(COS, lang, "player_aids/aid/1", False, tmp)
    rule = 96.5  # the rule over "End of the game"
    body = _between(lines, 15, rule)
    starts = [i for i, line in enumerate(body) if line[0]["text"] in ("1.", "2.", "3.", "4.")]
    assert [body[i][0]["text"] for i in starts] == ["1.", "2.", "3.", "4."], lang
    pitch = min(b[0]["base"] - a[0]["base"] for a, b in pairwise(body))
    for i in starts[1:]:  # a step opens after more than a line's pitch: a visible gap
        assert body[i][0]["base"] - body[i - 1][0]["base"] > pitch + 0.8, (lang, body[i][0]["text"])
    for n, i in enumerate(starts):
        words_at = body[i][1]["x0"]  # where the step's words begin, after its number
        ends = starts[n + 1] if n + 1 < len(starts) else len(body)
        for line in body[i + 1 : ends]:
            assert line[0]["x0"] == pytest.approx(words_at, abs=0.3), (lang, line[0]["text"])
    left = min(line[0]["x0"] for line in body)
    right = max(line[-1]["x1"] for line in body)
    assert 100 - right >= left - 0.3, (lang, left, right)  # the right margin at least the left


@pytest.mark.parametrize("lang", _pack(COS).languages)
def test_every_location_rule_is_set_at_one_size_with_room_before_the_next_heading(lang: str, tmp: Path) -> None:
    lines = _lines(COS, lang, "player_aids/locations/1", False, tmp)
    body = [line for line in lines if line[0]["base"] > 14]
    names = {p.name for p in _pack(COS).model.data.locations}
    heads = [i for i, line in enumerate(body) if " ".join(w["text"] for w in line if w["x0"] > 17) in names]
    assert len(heads) == len(names), lang
    rules = [w for line in body for w in line if w["x0"] > 17 and "Oswald" not in w["font"]]
    assert {w["size"] for w in rules} == {8.5}, (lang, sorted({w["size"] for w in rules}))  # none shrunk
    assert max(w["x1"] for w in rules) <= 94.01, lang  # inside the text's box, clear of the frame
    for i in heads[1:]:  # the line above a heading (the last of the rule before it) leaves a gap
        gap = body[i][0]["base"] - body[i - 1][-1]["base"]
        assert gap > 5.5, (lang, body[i][-1]["text"], gap)


def _line_of(lines: tuple[tuple[dict, ...], ...], text: str) -> int:
    """The index of the line whose words start with `text`."""
    return next(i for i, line in enumerate(lines) if " ".join(w["text"] for w in line).startswith(text))


@pytest.mark.parametrize("lang", _pack(STAWKA).languages)
@pytest.mark.parametrize("side", ["pl", "de"])
def test_stawkas_moving_is_a_heading_after_the_stages_steps(lang: str, side: str, tmp: Path) -> None:
    t = Texts(_pack(STAWKA).catalogs, lang)
    lines = _lines(STAWKA, lang, f"reference/{side}", False, tmp)
    step_four = _line_of(lines, t("ref.step.end_name"))
    moving = _line_of(lines, t("ref.step.moving_name").upper())
    costs = _line_of(lines, t("ref.costs_title").upper().split()[0])
    assert step_four < moving < costs, (step_four, moving, costs)  # no longer between steps 3 and 4
    heading = lines[moving][0]
    assert "Oswald-Bold" in heading["font"] and heading["text"].isupper(), heading  # a heading, not a light label


@pytest.mark.parametrize("lang", _pack(STAWKA).languages)
@pytest.mark.parametrize("side", ["pl", "de"])
def test_stawkas_back_has_no_blank_band_between_its_sections(lang: str, side: str, tmp: Path) -> None:
    t = Texts(_pack(STAWKA).catalogs, lang)
    lines = _lines(STAWKA, lang, f"reference/{side}", True, tmp)
    heads = [_line_of(lines, t(f"ref.{k}_title").upper().split()[0]) for k in ("search", "threat", "bribe")]
    gaps = [lines[i][0]["base"] - lines[i - 1][0]["base"] for i in heads]
    assert max(gaps) - min(gaps) < 1.0, (lang, side, gaps)  # every section opens the same way after the last


@pytest.mark.parametrize("lang", _pack(E1762).languages)
@pytest.mark.parametrize(("side", "back", "key"), [("east", False, "influence"), ("west", True, "block")])
def test_1762s_wrapped_bullet_lines_hang_under_their_words(
    lang: str, side: str, back: bool, key: str, tmp: Path
) -> None:
    t = Texts(_pack(E1762).catalogs, lang)
    lines = _lines(E1762, lang, f"reference/{side}", back, tmp)
    said = [" ".join(w["text"] for w in line).replace("\u00a0", " ") for line in lines]
    bullets = [p.replace("\u00a0", " ") for p in t(f"ref.{key}").split("\n") if p.startswith("·")]
    wrapped = 0
    for item in bullets:
        i = next(n for n, text in enumerate(said) if text.startswith("·") and item.startswith(text))
        if len(said[i]) < len(item):  # the item runs on to the next line: it hangs under the words
            wrapped += 1
            assert lines[i + 1][0]["x0"] == pytest.approx(lines[i][1]["x0"], abs=0.3), (lang, said[i + 1])
    assert wrapped, (lang, key)  # the card has a wrapped item to check


@pytest.mark.parametrize("lang", _pack(E1762).languages)
def test_1762s_book_heads_the_reference_cards_page_with_the_chapter_it_opens(lang: str, tmp: Path) -> None:
    """The card's figure opens "Three ways to play a card": the page it stands on is headed so,
    never with the turn whose last lines end the page before."""
    pack = _pack(E1762)
    design = load_design(pack.files)
    pieces, _ = lay_out(pack, design, lang)
    doc, _ = book.make_document(pack, design, pieces, lang)
    pdf = tmp / f"rulebook-{lang}.pdf"
    book.write_pdf_to(doc, design, pdf, "a4")
    t = Texts(pack.catalogs, lang)
    caption = t("rulebook.turn.figure")
    with pdfplumber.open(pdf) as read:
        [page] = [p for p in read.pages if caption[:30] in " ".join((p.extract_text() or "").split())]
        head = [w for w in page.extract_words(y_tolerance=1) if w["bottom"] < 20 * MM and w["x0"] > page.width / 2]
    assert " ".join(w["text"] for w in head) == t("ref.play_title"), head
