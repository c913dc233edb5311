"""The two interpreters of the score sheet agree: the Python scorer (scoring/) and the phone page's
(templates/scorepage/scoring/), on at least 1,000 random records per sheet, in a real headless
Chromium. Every sheet-driven pack is taken: Stawka, 1762–1955, the fixture sheets that use every
construct of docs/score-sheet.md (tests/fixtures/sheets/), and each game of the gallery
(examples/sheets/*/) as it is added; City of Spies is compared the same way by test_score_page.py.
A record one side refuses must be refused by the other."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sheet_records import dump, random_record
from test_score_page import CHROMIUM, Watched

from estoril_pnp.errors import InputError
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring import calc, record, table
from estoril_pnp.scoring.forms import FORMS, form_of
from estoril_pnp.scoring.seats import Seat
from estoril_pnp.source.yamlsrc import Located

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
ROOT = Path(__file__).parent.parent
PACKS = sorted(
    [
        ROOT / "packs" / "stawka",
        ROOT / "packs" / "espionage_1762",
        *(Path(__file__).parent / "fixtures" / "sheets").iterdir(),
        *(ROOT / "examples" / "sheets").glob("*/"),
    ]
)
RECORDS = 1000


def python_json(pack: Any, text: str) -> dict[str, Any]:
    """What `score --json` prints for `text`, or that it refuses it."""
    import yaml

    try:
        played = record.parse(pack.sheet, Located("record", yaml.safe_load(text)), {}, pack.catalogs)
    except InputError:
        return {"refused": True}
    return table.to_json(pack.sheet, calc.score(pack.sheet, played))


def drawn(pack: Any, resolved: dict[str, Any], rng: random.Random) -> tuple[list[str], list[dict[str, Any]]]:
    """RECORDS random records and what Python says of each, a quarter of them at least legal: a
    sheet's checks (hearts adding up to 13, an ending threshold) refuse most records drawn blindly,
    so drawing goes on, keeping refused ones only up to three quarters (at most 50 draws a record)."""
    texts: list[str] = []
    want: list[dict[str, Any]] = []
    refused_room = RECORDS - RECORDS // 4
    for _ in range(50 * RECORDS):
        if len(texts) == RECORDS:
            break
        text = dump(random_record(resolved, rng))
        said = python_json(pack, text)
        if "refused" in said:
            if refused_room == 0:
                continue
            refused_room -= 1
        texts.append(text)
        want.append(said)
    return texts, want


@pytest.mark.slow  # 1,000 records per sheet in a browser: CI runs it, the quick loop does not
@pytest.mark.parametrize("folder", PACKS, ids=[p.name for p in PACKS])
def test_the_page_scores_random_records_as_python(folder: Path, browser: Any, tmp_path: Path) -> None:
    pack = load_pack(folder)
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    texts, want = drawn(pack, resolved, random.Random(folder.name))
    scored = [w for w in want if "refused" not in w]
    assert len(scored) >= RECORDS // 4, f"only {len(scored)} of {RECORDS} random records are legal"
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, resolved, [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", texts)
    got = [{"refused": True} if "faults" in g else g for g in got]
    differ = [(t, w, g) for t, w, g in zip(texts, want, got, strict=True) if w != g]
    assert differ == [], json.dumps(differ[:2], indent=1, ensure_ascii=False)
    assert watched.errors == []
    watched.close()


# ---- the four places the two interpreters once diverged (issue 37), each on a record worked by hand

ENCODINGS = Path(__file__).parent / "fixtures" / "sheets" / "encodings"


@pytest.fixture(scope="module")
def encodings(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The encodings fixture's page, open, with the pack: its sheet's pieces as each side holds them."""
    pack = load_pack(ENCODINGS)
    page = tmp_path_factory.mktemp("encodings") / scorepage.NAME
    page.write_text(scorepage.make_page(pack, scorepage.resolved_sheet(pack), [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    yield pack, watched
    assert watched.errors == []
    watched.close()


def scored_alike(pack: Any, watched: Watched, text: str) -> dict[str, Any]:
    """`text` scored by Python and by the page, which must say the same; Python's JSON."""
    want = python_json(pack, text)
    assert "refused" not in want
    assert watched.page.evaluate("texts => scorePage.scoreAll(texts)", [text]) == [want]
    return want


@pytest.mark.slow  # a real Chromium
def test_a_bare_count_of_the_game_is_counted_as_python_counts_it(encodings: Any) -> None:
    """One encoding of a bare count: the page counted a game's `count_ok` entry given as a number as 0."""
    pack, watched = encodings
    text = (
        "players: [{colour: red, hand: [], vault: [], stash: 2, favourite: rich},"
        " {colour: blue, hand: [], vault: [], stash: [t1], favourite: rich}]\npile: 3\n"
    )
    got = scored_alike(pack, watched, text)
    assert [p["breakdown"]["pile"] for p in got["players"]] == [3 + 3 + 2, 3 + 3 + 1]
    assert got["piled"][0]["counts"] == {"red": 2, "blue": 1}


@pytest.mark.slow  # a real Chromium
def test_pieces_are_the_entry_own_and_it_holds_them(encodings: Any) -> None:
    """`it` holds pieces on both sides, each entry's own: the page held ids and took a shared id for
    the first collection's piece (a gem's ruby worth 1 for the jewel's worth 10, a gem's opal 2 for 20)."""
    pack, watched = encodings
    text = (
        "players: [{colour: red, hand: [jade], vault: [ruby, opal], stash: 0, favourite: rich},"
        " {colour: blue, hand: [opal], vault: [onyx], stash: 0, favourite: varied}]\n"
        "pile: 0\nvariants: [crowned]\ncrown: rich\n"
    )
    got = scored_alike(pack, watched, text)
    by_seat = {p["colour"]: p["breakdown"] for p in got["players"]}
    assert by_seat["red"] == {"gems": 3, "jewels": 30, "pile": 0, "favour": 33, "crowned": 30, "piled": 0}
    assert by_seat["blue"] == {"gems": 2, "jewels": 30, "pile": 0, "favour": 2, "crowned": 30, "piled": 0}


@pytest.mark.slow  # a real Chromium
def test_a_measure_reads_the_record_as_python_reads_it(encodings: Any) -> None:
    """Neither interpreter asks again whether a measure's entry is in play: a record never holds a
    value for an entry out of play (both readers refuse one), so docs/score-sheet.md's "0 if the
    entry is not in play" holds by the record. A record built by hand that holds one anyway is
    measured alike: the page alone gave 0."""
    pack, watched = encodings
    seats = [Seat("red", None, {"hand": (), "vault": ("onyx",), "stash": 0, "favourite": "rich"})]
    seats.append(Seat("blue", None, {"hand": (), "vault": (), "stash": 0, "favourite": "rich"}))
    switches = {"crowned": False}
    played = calc.Played(tuple(seats), {"pile": 0, "crown": "rich"}, switches)
    want = calc.score(pack.sheet, played)
    rec = {"players": [{"colour": s.id, "name": None, **s.values} for s in seats], "variants": [], "options": {}}
    rec |= {"pile": 0, "crown": "rich"}
    rec["players"] = [{k: list(v) if isinstance(v, tuple) else v for k, v in p.items()} for p in rec["players"]]
    got = watched.page.evaluate("rec => G.score(rec).players.map((p) => [p.seat.id, p.total])", rec)
    # red: its jewels, its favourite crown's measure and the game's crown's, each 30
    assert got == [[p.seat.id, p.total] for p in want.players] == [["red", 30 + 30 + 30], ["blue", 0]]


@pytest.mark.slow  # a real Chromium
def test_a_form_key_is_a_form_whatever_its_value(browser: Any, tmp_path: Path) -> None:
    """An expression with a second form's key, even one whose value is null, is refused by both:
    the page took the one whose value was not null."""
    pack = load_pack(ENCODINGS)
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    gems = next(c for c in resolved["categories"] if c["id"] == "gems")
    gems["points"] = {**gems["points"], "count": None}
    with pytest.raises(ValueError, match="unknown form 'sum', 'count'"):
        form_of(gems["points"], FORMS)
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, resolved, [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    text = (
        "players: [{colour: red, hand: [ruby], vault: [], stash: 0, favourite: rich},"
        " {colour: blue, hand: [], vault: [], stash: 0, favourite: rich}]\npile: 0\n"
    )
    with pytest.raises(playwright.Error, match="unknown form 'sum', 'count'"):
        watched.page.evaluate("texts => scorePage.scoreAll(texts)", [text])
    watched.close()
