"""The phone's score page for packs with no model (the fixture game, Stawka, 1762–1955) and the
house rules of City of Spies, in a real headless Chromium at a phone's width: entered by tapping,
scored as `estoril-pnp score --pack … --json` scores the same record."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from sheet_records import dump, random_record
from test_score_page import CHROMIUM, PHONE, Watched
from typer.testing import CliRunner

from estoril_pnp.build.extras import score_pages
from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring import calc as scorecalc
from estoril_pnp.scoring import record as scorerecord
from estoril_pnp.scoring import table as scoretable

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)"),
]
ROOT = Path(__file__).parent.parent
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
SPIES = {"stawka": ROOT / "packs" / "stawka", "espionage_1762": ROOT / "packs" / "espionage_1762"}
EXAMPLES = Path(__file__).parent / "fixtures" / "spy_records"
RECORDS = 300
runner = CliRunner()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tiny")
    result = runner.invoke(app, ["build", "--pack", str(TINY), "--lang", "all", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def spies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # the build's own score-page step (build/extras.py): these sheets name no drawn piece, so no picture is needed
    out = tmp_path_factory.mktemp("spies")
    for name, folder in SPIES.items():
        pack = load_pack(folder)
        ((_, page),) = score_pages(pack).items()
        for lang in pack.catalogs:
            (out / name / lang).mkdir(parents=True)
            page(lang, [], print)[1](out / name / lang / scorepage.NAME)
    return out


def totals(page: Any) -> dict[str, str]:
    """The page's total row (named as the sheet names the total tally, or its one category where it
    shows no tally), by the players' column headings."""
    return page.evaluate(
        """() => {const total=D.sheet.tallies.find(x=>x.figure==='total')||D.sheet.categories[0];
        const name=D.texts[total.label];
        const heads=[...document.querySelectorAll('#result thead th')].slice(1).map(th=>th.textContent.trim());
        const row=[...document.querySelectorAll('#result tbody tr')].find(tr=>tr.cells[0].textContent===name);
        return Object.fromEntries(heads.map((h,i)=>[h,row.cells[i+1].textContent]));}"""
    )


def columns(page: Any, result: dict[str, Any]) -> dict[str, str]:
    """`score --json`'s totals under the page's column headings: the colour's name, and the player's in brackets."""
    colours = page.evaluate("Object.fromEntries(G.colours.map(c => [c.id, c.name]))")
    return {colours[p["colour"]] + (f" ({p['name']})" if p["name"] else ""): str(p["total"]) for p in result["players"]}


def cli(pack: Path, record: Path, *extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack), "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_fixture_game_tapped_in_scores_as_the_command_line(tiny: Path, browser: Any, tmp_path: Path) -> None:
    watched = Watched(browser, (tiny / "en" / scorepage.NAME).as_uri())
    page = watched.page
    page.click("#colour-red")
    page.click("#colour-blue")
    for colour, lamps, cards in (("red", 4, ["beacon", "fog"]), ("blue", 2, ["lantern", "gull", "tern"])):
        page.click(f"#tab-{colour}")
        for _ in range(lamps + 1):  # the first tap enters 0
            page.click(f"#{colour}-lamps-more")
        for card in cards:
            page.click(f"#{colour}-kept-{card}")
        assert page.input_value(f"#{colour}-lamps-count") == str(lamps)
    page.click("#entry-horn-blue")
    shown = totals(page)
    verdict = page.inner_text("#verdict")
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "record.yaml"
    download.value.save_as(saved)
    want = cli(TINY, saved)
    names = {"red": "Red", "blue": "Blue"}
    assert shown == {names[p["colour"]]: str(p["total"]) for p in want["players"]}
    winners = [names[c] for c in want["winners"]]
    assert verdict.startswith(f"Winner: {winners[0]} ") if len(winners) == 1 else all(w in verdict for w in winners)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watched.errors == [] and watched.requests == []
    watched.close()


def python_json(pack_dir: Path, text: str, tmp_path: Path) -> dict[str, Any]:
    """What `score --pack --json` prints for the record `text` (its own functions, without a process per record)."""
    sheet = load_pack(pack_dir).sheet
    assert sheet is not None
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return scoretable.to_json(sheet, scorecalc.score(sheet, scorerecord.read(sheet, str(path), {})))


def test_random_fixture_records_score_on_the_page_as_in_python(tiny: Path, browser: Any, tmp_path: Path) -> None:
    pack = load_pack(TINY)
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    rng = random.Random(1762)
    texts = [dump(random_record(resolved, rng)) for _ in range(RECORDS)]
    want = [python_json(TINY, text, tmp_path) for text in texts]
    assert len({json.dumps(w["winners"]) for w in want}) > 2  # red, blue, green and shared wins all occur
    for lang in ("en", "cs"):
        watched = Watched(browser, (tiny / lang / scorepage.NAME).as_uri())
        got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", texts)
        differ = [(t, w, g) for t, w, g in zip(texts, want, got, strict=True) if w != g]
        assert differ == [], differ[:2]
        assert watched.errors == []
        watched.close()


WORDS = {  # the page's heading, in the page's language
    "stawka": {"pl": "Liczenie punktów", "en": "Score the game"},
    "espionage_1762": {"cs": "Určit výsledek", "en": "Decide the result"},  # a game without points
}
# how each page names its seats, by the sources' word: Stawka's sides, 1762's factions, never "colour"
SEATS = {
    ("stawka", "en"): "side",
    ("stawka", "pl"): "stronę",
    ("espionage_1762", "en"): "faction",
    ("espionage_1762", "cs"): "frakci",
}
COLOUR = re.compile(r"\bcolou?rs?\b|\bkolor\w*|\bbarv\w*", re.I)
TALLY = re.compile(r"\b\d+ (?:of|z) \d+\b")  # a bare count such as "0 of 1" beside a choice of one


@pytest.mark.parametrize(("name", "lang"), [(n, lang) for n, langs in WORDS.items() for lang in langs])
def test_each_spy_page_loads_clean_and_scores_its_example(spies: Path, browser: Any, name: str, lang: str) -> None:
    watched = Watched(browser, (spies / name / lang / scorepage.NAME).as_uri())
    page = watched.page
    assert page.inner_text("h1") == WORDS[name][lang]  # the page's own words in the page's language
    example = EXAMPLES / f"{name}.yaml"
    page.click("#record-details summary")  # the game as text: shown on request
    page.fill("#record-text", example.read_text(encoding="utf-8"))
    page.click("#load")
    want = cli(SPIES[name], example)
    assert totals(page) == columns(page, want)
    assert page.evaluate("t => scorePage.score(t)", example.read_text(encoding="utf-8")) == want
    for colour in want["players"]:
        page.click(f"#tab-{colour['colour']}")
        shown = page.evaluate("() => document.body.innerText")
        assert re.findall(r"\{[^}]*\}?", shown) == []
        assert re.findall(r"\bscore(?:page)?\.[a-z_.]+", shown) == []  # no catalog key shown for want of its text
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watched.errors == [] and watched.requests == []
    watched.close()


def test_a_house_rule_changes_the_result_on_the_page_as_in_the_command_line(browser: Any, tmp_path: Path) -> None:
    from conftest import SHIPPED
    from records import dump as dump_record

    from estoril_pnp.games.estoril.sample import random_record as estoril_record

    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--lang", "de", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    model = load_pack(SHIPPED.files.root).model
    rng = random.Random(7)
    path = tmp_path / "game.yaml"
    while True:  # the first random game that zero_wins decides differently
        record = estoril_record(model.data, rng)  # type: ignore[union-attr]
        record.pop("options", None)  # the page's defaults: the house rule is then ticked on the page
        path.write_text(dump_record(record), encoding="utf-8")
        plain, house = cli(SHIPPED.files.root, path), cli(SHIPPED.files.root, path, "--option", "zero_wins=yes")
        if plain["players"] != house["players"]:
            break
    watched = Watched(browser, (out / "de" / scorepage.NAME).as_uri())
    page = watched.page
    assert page.inner_text("#h-options") == "Hausregeln"
    assert page.is_checked("#option-rounding-down") and not page.is_checked("#option-zero_wins")
    page.click("#record-details summary")  # the game as text: shown on request
    page.fill("#record-text", path.read_text(encoding="utf-8"))
    page.click("#load")
    assert totals(page) == columns(page, plain)
    page.check("#option-zero_wins")
    assert totals(page) == columns(page, house)
    page.reload()  # kept in local storage
    assert page.is_checked("#option-zero_wins")
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "saved.yaml"
    download.value.save_as(saved)
    assert "zero_wins: true" in saved.read_text(encoding="utf-8")
    assert cli(SHIPPED.files.root, saved)["players"] == house["players"]
    assert watched.errors == [] and watched.requests == []
    watched.close()


@pytest.mark.parametrize(("name", "lang"), list(SEATS))
def test_each_spy_page_names_its_seats_as_the_game_does_and_shows_no_bare_count(
    spies: Path, browser: Any, name: str, lang: str
) -> None:
    watched = Watched(browser, (spies / name / lang / scorepage.NAME).as_uri())
    page = watched.page
    shown = [page.evaluate("() => document.body.innerText")]  # before anything is entered
    page.click("#record-details summary")  # the game as text: shown on request
    page.fill("#record-text", (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    page.click("#load")
    for tab in page.evaluate("G.colours.map(c => c.id)"):
        page.click(f"#tab-{tab}")
        shown.append(page.evaluate("() => document.body.innerText"))
    for text in shown:
        assert COLOUR.findall(text) == [] and TALLY.findall(text) == []
    assert SEATS[name, lang] in shown[0]
    assert watched.errors == []
    watched.close()


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_each_1762_faction_is_offered_only_its_own_states_as_main_state(spies: Path, browser: Any, lang: str) -> None:
    """The sheet's `mine: side` keeps a seat's choice to its own faction's states: the page's list
    under each faction holds those three alone, and a game file naming another faction's state is
    refused at its line, as `score` refuses it (the list once offered all six)."""
    pack = load_pack(SPIES["espionage_1762"])
    sides = {p.id: p.fields["side"] for p in pack.sheet.collections["states"].items}
    watched = Watched(browser, (spies / "espionage_1762" / lang / scorepage.NAME).as_uri())
    page = watched.page
    for faction in ("east", "west"):
        page.click(f"#colour-{faction}")
    for faction in ("east", "west"):
        page.click(f"#tab-{faction}")
        offered = page.eval_on_selector_all(f"#{faction}-main option", "os => os.map((o) => o.value).filter(Boolean)")
        assert offered == [s for s, side in sides.items() if side == faction]
    wrong = (EXAMPLES / "espionage_1762.yaml").read_text(encoding="utf-8").replace("main: hu", "main: us")
    assert "main: us" in wrong
    page.click("#record-details summary")
    page.fill("#record-text", wrong)
    page.click("#load")
    faults = page.eval_on_selector_all("#notice li", "items => items.map((i) => i.textContent)")
    line = next(i for i, x in enumerate(wrong.splitlines(), 1) if "main: us" in x)
    assert len(faults) == 1 and re.search(rf"\b{line}\b", faults[0]), faults
    refused = runner.invoke(app, ["score", "-", "--pack", str(SPIES["espionage_1762"])], input=wrong)
    assert refused.exit_code == 2 and f"<stdin>:{line}: players[0].main" in refused.output, refused.output
    assert watched.errors == []
    watched.close()


@pytest.mark.parametrize("name", list(SPIES))
def test_a_game_a_condition_decided_shows_no_places_by_points(spies: Path, browser: Any, name: str) -> None:
    """Stawka's and 1762's winner is whoever met a condition first; a "Rank 1 2" row by points
    under the ticked condition added nothing (and in Stawka put the winner with fewer points first
    by the condition alone). The page and `score`'s table leave it out; a game ranked by its points
    (City of Spies) keeps it."""
    example = EXAMPLES / f"{name}.yaml"
    assert cli(SPIES[name], example)["end"] is not None
    watched = Watched(browser, (spies / name / "en" / scorepage.NAME).as_uri())
    page = watched.page
    page.click("#record-details summary")
    page.fill("#record-text", example.read_text(encoding="utf-8"))
    page.click("#load")
    rows = page.eval_on_selector_all("#result tbody th", "ths => ths.map((th) => th.textContent)")
    assert rows and "Rank" not in rows
    table = runner.invoke(app, ["score", str(example), "--pack", str(SPIES[name])])
    assert table.exit_code == 0 and "Rank" not in table.output
    ranked = runner.invoke(app, ["score", str(ROOT / "data" / "examples" / "scoring.yaml")])
    assert ranked.exit_code == 0 and "│ Rank" in ranked.output
    assert watched.errors == []
    watched.close()
