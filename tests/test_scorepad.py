"""The printed score pad, read back from its PDF: its rows are the scorer's own categories (as a
scored record reports them, and as the score table prints them), its columns the player colours
with their shapes, the tie-break order is on it, every language has its own words, and a changed
pack changes it."""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import PACK, SHIPPED
from records import dump
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.games.estoril.sample import VARIANTS, random_record
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.i18n.folding import fold
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring.sheet import catalog_keys

runner = CliRunner()
LANGS = SHIPPED.languages
BROKEN = "\ufffd\u25a1\u25af\u2610"  # a replacement character, or the box of a missing glyph
SHAPES = {"red": "circle", "green": "triangle", "blue": "square", "yellow": "diamond"}
SHEET = SHIPPED.sheet
CATEGORIES = [c["id"] for c in SHEET.categories]
TALLIES = [x["figure"] for x in SHEET.tallies]


# --- reading a pad back ----------------------------------------------------------------------


@dataclass(frozen=True)
class PadRow:
    label: str  # the bold heading in the left column
    tag: str  # the italic word on its line, if any
    hint: str  # the small print under it
    shaded: bool
    height: float  # mm


@dataclass(frozen=True)
class PadColumn:
    heading: str
    shape: str
    rgb: tuple[float, ...]
    width: float  # mm


@dataclass(frozen=True)
class ReadPad:
    width: float  # mm
    height: float
    rows: list[PadRow]
    columns: list[PadColumn]
    text: str  # every word on the page, in reading order


def _words(page: pdfplumber.page.Page, x0: float, x1: float, top: float, bottom: float, font: str) -> str:
    found = [
        w
        for w in page.extract_words(extra_attrs=["fontname"], keep_blank_chars=False)
        if x0 <= w["x0"] and w["x1"] <= x1 and top <= w["top"] and w["bottom"] <= bottom and font in w["fontname"]
    ]
    found.sort(key=lambda w: (round(w["top"]), w["x0"]))
    return " ".join(w["text"] for w in found)


def _shape(obj: dict) -> str:
    if obj["object_type"] == "rect":
        return "square"
    commands = [step[0] for step in obj["path"]]
    if "c" in commands:
        return "circle"
    corners = {tuple(round(v, 1) for v in pt) for pt in obj["pts"]}
    return {3: "triangle", 4: "diamond"}.get(len(corners), "?")


def read_pad(path: Path) -> ReadPad:
    """Rows are the bands between the table's full-width rules; columns are the bands between its uprights."""
    with pdfplumber.open(path) as pdf:
        [page] = pdf.pages
        frame = max(page.rects, key=lambda r: r["width"] * r["height"])
        right = frame["x1"]
        uprights = sorted({round(ln["x0"], 1) for ln in page.lines if ln["x0"] == ln["x1"]})
        label_right = uprights[0]
        across = [ln for ln in page.lines if ln["top"] == ln["bottom"] and ln["x1"] >= right - 0.5]
        rules = sorted({round(ln["top"], 1) for ln in across})
        rows = []
        for top, bottom in pairwise(rules):
            shaded = any(
                r["fill"] and r["top"] >= top - 0.5 and r["bottom"] <= bottom + 0.5 and r is not frame
                for r in page.rects
                if r["non_stroking_color"] not in (None, (1, 1, 1), (1.0, 1.0, 1.0))
            )
            rows.append(
                PadRow(
                    label=_words(page, frame["x0"], label_right, top, bottom, "Oswald-Bold"),
                    tag=_words(page, frame["x0"], label_right, top, bottom, "Vollkorn-Italic"),
                    hint=_words(page, frame["x0"], label_right, top, bottom, "Vollkorn-Regular"),
                    shaded=shaded,
                    height=(bottom - top) / mm,
                )
            )
        header_bottom = rules[0]
        shapes = [o for o in (*page.curves, *page.rects) if o["bottom"] < header_bottom and o["x0"] > label_right]
        columns = []
        for x0, x1 in pairwise(uprights):
            [shape] = [o for o in shapes if x0 < o["x0"] and o["x1"] < x1]
            heading = _words(page, x0, x1, shape["bottom"], header_bottom, "Oswald-Bold")
            columns.append(PadColumn(heading, _shape(shape), tuple(shape["non_stroking_color"]), (x1 - x0) / mm))
        text = page.extract_text()
        return ReadPad(float(page.width) / mm, float(page.height) / mm, rows, columns, text)


def pad_of(tmp_path: Path, *args: str) -> ReadPad:
    out = tmp_path / f"pad-{'-'.join(args) or 'default'}.pdf".replace("/", "_")
    result = runner.invoke(app, ["scorepad", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr, result.stderr  # nothing overflowed
    return read_pad(out)


# --- the rows are the scorer's categories -------------------------------------------------------


def _record(variants: tuple[str, ...], players: int) -> dict[str, Any]:
    """A legal random game with these variants and this many players (seeded: the same every run)."""
    rng = random.Random(f"{variants}{players}")
    while True:
        record = random_record(PACK, rng, variants)
        if len(record["players"]) == players and set(record.get("variants", ())) == set(variants):
            # without names: the score table then fits an 80-column terminal unwrapped
            return {**record, "players": [{k: v for k, v in p.items() if k != "name"} for p in record["players"]]}


def _ids(labels: list[str], t: Texts, mission_labels: set[str]) -> list[str]:
    """Each row heading as the category or tally it shows; every mission's row as 'missions'."""
    by_label = {t(c["label"]): c["id"] for c in SHEET.categories if not c["contest"]}
    by_label |= {t(x["label"]): x["figure"] for x in SHEET.tallies}
    return ["missions" if label in mission_labels else by_label[label] for label in labels]


VARIANT_SETS = [(), *((v,) for v in VARIANTS), tuple(VARIANTS)]


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
def test_a_scored_record_its_score_table_and_the_pad_have_the_same_rows(tmp_path: Path, variants: tuple) -> None:
    t = SHIPPED.texts("en")
    record = _record(variants, PACK.game.players.max)  # the largest game: every mission row is used
    path = tmp_path / "game.yaml"
    path.write_text(dump(record), encoding="utf-8")

    scored = runner.invoke(app, ["score", "--json", str(path)])
    assert scored.exit_code == 0, scored.output
    data = json.loads(scored.stdout)
    assert all(list(p["breakdown"]) == CATEGORIES for p in data["players"])
    assert all(x in p for x in TALLIES for p in data["players"])
    from_json = [i for c in data["categories"] for i in ([c] * len(data["missions"]) if c == "missions" else [c])]
    from_json += TALLIES

    table = runner.invoke(app, ["score", str(path)])
    headings = [line.split("│")[1].strip() for line in table.stdout.splitlines() if line.count("│") > 2]
    titles = {t(f"mission.{m['id']}.title") for m in data["missions"]}
    from_table = _ids([h for h in headings if h and h != t("score.rank")], t, titles)

    pad = pad_of(tmp_path)
    played = {fold(t(f"score.variant.{v}.name")) for v in variants}
    # a shaded row belongs to the variant named on it: its tag, or its own heading
    kept = [row for row in pad.rows if not row.shaded or fold(row.tag or row.label) in played]
    slots = {t("score.mission", n=n) for n in range(1, len(pad.rows) + 1)}
    from_pad = _ids([row.label for row in kept], t, slots)

    assert from_json == from_table == from_pad


def test_the_rows_a_variant_adds_are_shaded_and_name_it(tmp_path: Path) -> None:
    t = SHIPPED.texts("en")
    pad = pad_of(tmp_path)
    names = {fold(t(f"score.variant.{v}.name")) for v in VARIANTS}
    shaded = [row for row in pad.rows if row.shaded]
    assert [row.label for row in shaded] == ["Mission 5", "Secret Recruitment Office"]
    assert all(fold(row.tag or row.label) in names for row in shaded)
    missions = [row for row in pad.rows if row.label.startswith("Mission ")]
    assert [row.label for row in missions if not row.shaded] == [f"Mission {n}" for n in range(1, 5)]
    assert [row.tag for row in missions if row.shaded] == ["Secret Missions"]  # 1 face up + 4 players


def test_rows_are_tall_enough_to_write_in_and_the_page_is_upright(tmp_path: Path) -> None:
    for paper, size in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        pad = pad_of(tmp_path, "--paper", paper)
        assert (pad.width, pad.height) == pytest.approx(size, abs=0.1)
        assert min(row.height for row in pad.rows) >= 9.0
        assert min(column.width for column in pad.columns) >= 20.0
        assert [row.label for row in pad.rows][-2:] == ["Total", "Missions completed"]


# --- the columns, the tie-break, the notes ------------------------------------------------------


def test_columns_are_the_player_colours_each_with_its_shape(tmp_path: Path) -> None:
    pad = pad_of(tmp_path)
    colours = PACK.game.colours
    assert [c.heading for c in pad.columns] == [SHIPPED.texts("en")(f"colour.{c.id}") for c in colours]
    assert [c.shape for c in pad.columns] == [SHAPES[c.id] for c in colours]
    rgb = [tuple(int(c.rgb[i : i + 2], 16) / 255 for i in (1, 3, 5)) for c in colours]
    assert [col.rgb for col in pad.columns] == [pytest.approx(v, abs=0.01) for v in rgb]
    assert "Name" in pad.text


def test_the_tie_break_order_is_printed_in_the_packs_order(tmp_path: Path) -> None:
    text = " ".join(pad_of(tmp_path).text.split())
    assert (
        "Ties for the win 1. More missions completed 2. More VP printed on the characters in hand "
        "Still tied: a shared victory" in text
    )


def test_every_variant_is_explained_with_the_packs_numbers(tmp_path: Path) -> None:
    text = " ".join(pad_of(tmp_path).text.split())
    assert "Important Second Place Each mission's runner-up scores 3 VP in its row" in text
    assert "players tied for first share 6 + 3 VP" in text
    assert "With 3 or more players, 1 mission face up and 1 face down per player" in text
    assert "Secret Recruitment Office Each player scores their secret mission (hand and discards)" in text


# --- every language -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_a_pad_in_its_own_words(tmp_path: Path, lang: str) -> None:
    t = SHIPPED.texts(lang)
    pad = pad_of(tmp_path, "--lang", lang)
    assert not any(ch in pad.text for ch in BROKEN)
    categories = [c for c in SHEET.categories if not c["contest"]]
    for key in [c["label"] for c in categories] + [x["label"] for x in SHEET.tallies]:
        assert t(key) in [row.label for row in pad.rows], key
    assert [c.heading for c in pad.columns] == [t(f"colour.{c.id}") for c in PACK.game.colours]
    assert t("score.title") in pad.text and t("score.pad.name") in pad.text
    assert t("score.tiebreak.missions_completed") in " ".join(pad.text.split())
    if lang != "en":  # its own words, not English fallen back
        own = SHIPPED.catalogs[lang]
        assert all(own.get(key) for key in catalog_keys(SHEET) if key.startswith("score."))


@pytest.mark.slow
def test_build_writes_the_pad_beside_the_pieces_in_each_language(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--lang", "all", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for lang in LANGS:
        target = tmp_path / lang / "letter" / "scorepad.pdf"
        assert str(target) in " ".join(result.stdout.split())
        pad = read_pad(target)
        assert pad.height == pytest.approx(279.4, abs=0.1)
        assert pad.rows[0].label == SHIPPED.texts(lang)("score.discards")


def test_a_pack_without_a_model_has_the_pad_of_its_sheet(tmp_path: Path) -> None:
    tiny = Path(__file__).parent / "fixtures" / "tiny_game"
    pad = pad_of(tmp_path, "--pack", str(tiny))
    assert [row.label for row in pad.rows] == ["Lamps lit", "Brightest", "Sets", "The horn", "Total"]
    assert [(c.heading, c.shape) for c in pad.columns] == [("Red", "circle"), ("Blue", "square"), ("Green", "triangle")]
    assert "1. More points from Brightest" in pad.text and not any(row.shaded for row in pad.rows)


def test_a_pack_without_a_sheet_has_no_pad(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent / "fixtures" / "tiny_game", tiny)
    (tiny / "scoring.yaml").unlink()
    result = runner.invoke(app, ["scorepad", "--pack", str(tiny), "--out", str(tmp_path / "pad.pdf")])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("this pack has no score sheet, so it cannot be scored")
    assert not (tmp_path / "pad.pdf").exists()


def test_bad_options_write_nothing(tmp_path: Path) -> None:
    for args, message in ((["--paper", "a3"], "error: --paper: unknown value 'a3'"), (["--lang", "xx"], "--lang")):
        result = runner.invoke(app, ["scorepad", "--out", str(tmp_path / "pad.pdf"), *args])
        assert result.exit_code == 2 and message in result.stderr
    assert list(tmp_path.iterdir()) == []


# --- a row not for every seat ----------------------------------------------------------------------

STAWKA = Path(__file__).parents[1] / "packs" / "stawka"


def read_cells(path: Path) -> dict[str, list[str]]:
    """Each row's heading -> what each player column's cell holds: "box" (a box to tick), "hatched"
    (diagonal lines: not for this seat) or "" (room to write)."""
    with pdfplumber.open(path) as pdf:
        [page] = pdf.pages
        frame = max(page.rects, key=lambda r: r["width"] * r["height"])
        uprights = sorted({round(ln["x0"], 1) for ln in page.lines if ln["x0"] == ln["x1"]})
        across = [ln for ln in page.lines if ln["top"] == ln["bottom"] and ln["x1"] >= frame["x1"] - 0.5]
        rules = sorted({round(ln["top"], 1) for ln in across})
        boxes = [r for r in page.rects if abs(r["width"] - 5 * mm) < 0.5 and abs(r["height"] - 5 * mm) < 0.5]
        slanted = [ln for ln in page.lines if ln["x0"] != ln["x1"] and ln["top"] != ln["bottom"]]
        out = {}
        for top, bottom in pairwise(rules):
            label = _words(page, frame["x0"], uprights[0], top, bottom, "Oswald-Bold")
            cells = []
            for x0, x1 in pairwise(uprights):

                def inside(o: dict, x0: float = x0, x1: float = x1, top: float = top, bottom: float = bottom) -> bool:
                    return (
                        x0 - 0.5 <= o["x0"]
                        and o["x1"] <= x1 + 0.5
                        and top - 0.5 <= o["top"]
                        and o["bottom"] <= bottom + 0.5
                    )

                hatched = sum(map(inside, slanted)) >= 5
                box = any(map(inside, boxes))
                assert not (hatched and box), f"{label}: a box in a hatched cell"
                cells.append("hatched" if hatched else "box" if box else "")
            out[label] = cells
        return out


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_row_for_one_side_only_has_no_box_for_the_other(tmp_path: Path, lang: str) -> None:
    """Stawka's "every PL agent but Kloss arrested" is DE's alone (`only: [de]`): PL's cell is hatched."""
    out = tmp_path / f"pad-{lang}.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(STAWKA), "--lang", lang, "--out", str(out)])
    assert result.exit_code == 0, result.output
    cells = read_cells(out)
    [arrests] = [label for label in cells if "Kloss" in label]
    assert cells[arrests] == ["hatched", "box"]  # PL, DE
    ticks = [label for label, row in cells.items() if "box" in row]
    assert len(ticks) == 4  # the four conditions that end the game
    assert all(cells[label] == ["box", "box"] for label in ticks if label != arrests)
    assert all(row == ["", ""] for label, row in cells.items() if label not in ticks)


ESPIONAGE = Path(__file__).parents[1] / "packs" / "espionage_1762"


def header_lines(path: Path) -> list[tuple[str, int]]:
    """The header's write-in lines under the colours: each caption (left of the columns), and how
    many columns have a line to write on beside it."""
    with pdfplumber.open(path) as pdf:
        [page] = pdf.pages
        frame = max(page.rects, key=lambda r: r["width"] * r["height"])
        uprights = sorted({round(ln["x0"], 1) for ln in page.lines if ln["x0"] == ln["x1"]})
        across = [ln for ln in page.lines if ln["top"] == ln["bottom"] and ln["x1"] >= frame["x1"] - 0.5]
        header_bottom = min(ln["top"] for ln in across)
        captions = [
            w
            for w in page.extract_words(extra_attrs=["fontname"])
            if "Oswald-Regular" in w["fontname"] and w["x1"] <= uprights[0] and w["bottom"] < header_bottom
        ]
        out = []
        for top in sorted({round(w["top"]) for w in captions}):
            words = sorted((w for w in captions if round(w["top"]) == top), key=lambda w: w["x0"])
            bottom = max(w["bottom"] for w in words)
            writable = [
                ln
                for ln in page.lines
                if ln["top"] == ln["bottom"]
                and ln["x0"] > uprights[0]
                and ln["x1"] - ln["x0"] > 15 * mm
                and ln["x1"] < frame["x1"] - 1
                and abs(ln["top"] - bottom) <= 2 * mm
            ]
            out.append((" ".join(w["text"] for w in words), len(writable)))
        return out


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_choice_each_player_makes_has_a_line_to_write_it_on(tmp_path: Path, lang: str) -> None:
    """1762's players each name a main state (a `choice` no row scores; two conditions are ticked
    from it): the pad has a line for it under each name."""
    out = tmp_path / f"pad-{lang}.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(ESPIONAGE), "--lang", lang, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr, result.stderr
    t = load_pack(ESPIONAGE).texts(lang)
    assert header_lines(out) == [(t("score.pad.name"), 2), (t("score.noun.main_state"), 2)]


def test_a_choice_scored_on_its_own_row_has_no_line_of_its_own(tmp_path: Path) -> None:
    """City of Spies' secret mission is a choice too, but its row scores it: the header keeps the name alone."""
    out = tmp_path / "pad.pdf"
    assert runner.invoke(app, ["scorepad", "--out", str(out)]).exit_code == 0
    assert header_lines(out) == [("Name", 4)]


# --- a changed pack changes the pad ---------------------------------------------------------------


def test_a_changed_pack_shows_on_the_pad(pack_copy: Path, tmp_path: Path) -> None:
    game = pack_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for old, new in (
        ("  discard: 1\n", "  discard: 2\n"),
        ("  second_place: 3 ", "  second_place: 4 "),
        ("face_up: 1,", "face_up: 2,"),
    ):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    game.write_text(text, encoding="utf-8")
    sheet = pack_copy / "scoring.yaml"  # the tie-breaks' order is the sheet's
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "{id: missions_completed, figure:" in line)
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    sheet.write_text("".join(lines), encoding="utf-8")
    pad = pad_of(tmp_path, "--pack", str(pack_copy))
    assert pad.rows[0].hint == "2 VP per discarded character"
    missions = [row for row in pad.rows if row.label.startswith("Mission ")]
    assert len(missions) == 6  # 2 face up + 4 players
    assert [row.shaded for row in missions] == [False] * 4 + [True] * 2
    flat = " ".join(pad.text.split())
    assert "runner-up scores 4 VP in its row" in flat and "share 6 + 4 VP" in flat
    assert "1. More VP printed on the characters in hand 2. More missions completed" in flat
