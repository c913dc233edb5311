"""The phone's score page (OUT/<lang>/score.html) in a real headless browser (Debian's Chromium,
driven by Playwright's own driver): entered by tapping at a phone's width, scored as the
command line scores every record, kept over a reload, readable by assistive technology."""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SHIPPED
from records import dump
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.games.estoril.sample import VARIANTS, random_record
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring import calc as scorecalc
from estoril_pnp.scoring import record as scorerecord
from estoril_pnp.scoring import table as scoretable
from estoril_pnp.source.yamlsrc import Located

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)"),
]
PHONE = {"width": 360, "height": 800}
EXAMPLE = SHIPPED.files.root / "examples" / "scoring.yaml"
RECORDS = 1000  # random legal records per language, besides the example


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("score")
    result = CliRunner().invoke(app, ["build", "--lang", "all", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return out


class Watched:
    """A page at a phone's width that records console errors and every request that is not the file itself."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport=PHONE)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        own = ("data:", "blob:", url)
        self.page.on("request", lambda r: None if r.url.startswith(own) else self.requests.append(r.url))
        self.page.goto(url)

    def close(self) -> None:
        self.context.close()


def example_hands() -> dict[str, tuple[list[str], int]]:
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    return {p["colour"]: (p["hand"], p["discards"]) for p in data["players"]}


def tap_the_example(page: Any) -> None:
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for colour in example_hands():
        page.click(f"#colour-{colour}")
    for mission in data["missions"]:
        page.click(f"#entry-missions-{mission}")
    for colour, (hand, discards) in example_hands().items():
        page.click(f"#tab-{colour}")
        for card in hand:
            page.click(f"#{colour}-hand-{card}")
        for _ in range(discards):
            page.click(f"#{colour}-discards-more")
    page.click(f"#entry-enigma-{data['enigma']}")


def totals(page: Any) -> dict[str, str]:
    """The page's total row, by the column headings (the players' colour names)."""
    return page.evaluate(
        """() => {const heads=[...document.querySelectorAll('#result thead th')].slice(1)
        .map(th=>th.textContent.trim());
        const row=[...document.querySelectorAll('#result tbody tr')].find(tr=>tr.classList.contains('strong'));
        return Object.fromEntries(heads.map((h,i)=>[h,row.cells[i+1].textContent]));}"""
    )


def test_the_worked_example_tapped_in_at_phone_width(pages: Path, browser: Any) -> None:
    watched = Watched(browser, (pages / "en" / "score.html").as_uri())
    page = watched.page
    tap_the_example(page)
    assert totals(page) == {"Red": "33", "Yellow": "25", "Blue": "22"}
    assert page.inner_text("#verdict") == "Winner: Red · 33 VP — the highest total."
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no horizontal scroll
    assert watched.errors == [] and watched.requests == []
    watched.close()


def test_a_card_in_two_hands_and_a_seventh_card_are_refused_with_the_reason(pages: Path, browser: Any) -> None:
    watched = Watched(browser, (pages / "en" / "score.html").as_uri())
    page = watched.page
    page.click("#colour-red")
    page.click("#colour-blue")
    page.click("#red-hand-garbo")
    page.click("#tab-blue")
    page.click("#blue-hand-garbo")
    assert page.inner_text("#notice") == "Garbo is already taken: Red: Characters in hand."
    assert page.get_attribute("#blue-hand-garbo", "aria-pressed") == "false"
    for card in ["hans_r", "elizabeth", "linda_x", "araujo", "guedes", "roque"]:
        page.click(f"#blue-hand-{card}")
    page.click("#blue-hand-pires")
    assert page.inner_text("#notice") == "Characters in hand: at most 6."
    for _ in range(34):  # a player has at most 6 + 27 cards
        page.click("#blue-discards-more")
    assert page.inner_text("#notice") == "More cards than the game has (33)."  # said as a sentence
    assert page.inner_text("#blue-discards-count") == "27"  # 6 in hand + 27 discards
    watched.close()


def test_a_players_name_is_shown_as_text(pages: Path, browser: Any) -> None:
    watched = Watched(browser, (pages / "en" / "score.html").as_uri())
    page = watched.page
    page.click("#colour-red")
    page.fill("#name-red", "<script>alert(1)</script><b>x</b>")
    page.press("#name-red", "Enter")
    assert page.inner_text("#tab-red") == "Red (<script>alert(1)</script><b>x</b>)"
    assert page.evaluate("document.querySelectorAll('main b, main script').length") == 0
    watched.close()


def test_a_reload_keeps_the_game_and_the_saved_record_scores_the_same(
    pages: Path, browser: Any, tmp_path: Path
) -> None:
    watched = Watched(browser, (pages / "en" / "score.html").as_uri())
    page = watched.page
    tap_the_example(page)
    page.fill("#name-red", "Ana")
    page.press("#name-red", "Enter")
    page.reload()
    assert totals(page) == {"Red (Ana)": "33", "Yellow": "25", "Blue": "22"}
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "record.yaml"
    download.value.save_as(saved)
    assert page.input_value("#record-text") == saved.read_text(encoding="utf-8")
    result = CliRunner().invoke(app, ["score", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.output)
    assert [(p["colour"], p["name"], p["total"]) for p in scored["players"]] == [
        ("red", "Ana", 33),
        ("yellow", None, 25),
        ("blue", None, 22),
    ]
    # and a record loads back into the page: a new game, then the saved text
    page.once("dialog", lambda d: d.accept())
    page.click("#new-game")
    assert page.query_selector("#result table") is None
    page.click("#record-details summary")  # the game as text: shown on request
    page.fill("#record-text", saved.read_text(encoding="utf-8"))
    page.click("#load")
    assert totals(page) == {"Red (Ana)": "33", "Yellow": "25", "Blue": "22"}
    page.fill("#record-text", saved.read_text(encoding="utf-8").replace("hand: [pires", "hand: [garbo, pires"))
    page.click("#load")
    assert "Garbo is already taken" in page.inner_text("#notice")
    assert "at most 6" in page.inner_text("#notice")  # the seventh card, said with it as `score` says both
    watched.close()


def random_records(n: int, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Legal records of every variant and option, as YAML, and what `score --json` says of each."""
    shipped = load_pack(SHIPPED.files.root)
    pack, sheet = shipped.model.data, shipped.sheet  # type: ignore[union-attr]
    rng = random.Random(seed)
    for _ in range(n):
        record = random_record(pack, rng)
        options = {"zero_wins": rng.random() < 0.3, "rounding": rng.choice(["down", "up"])}
        record["options"] = {**options, "recruit_starting": rng.random() < 0.3}
        played = scorerecord.parse(sheet, Located("record", record), {}, {})
        yield dump(record), scoretable.to_json(sheet, scorecalc.score(sheet, played))


def cli_json(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_the_page_scores_every_record_as_the_command_line(pages: Path, browser: Any, lang: str) -> None:
    cases = list(random_records(RECORDS, seed=hash(lang) % 1000))
    cases.append((EXAMPLE.read_text(encoding="utf-8"), cli_json(EXAMPLE)))
    variants = {v for text, _ in cases for v in VARIANTS if v in text}
    assert variants == set(VARIANTS)  # every variant is exercised
    watched = Watched(browser, (pages / lang / "score.html").as_uri())
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", [text for text, _ in cases])
    differ = [(text, want, page) for (text, want), page in zip(cases, got, strict=True) if want != page]
    assert differ == [], differ[:2]
    assert watched.errors == []
    watched.close()


def test_no_serious_accessibility_violation(pages: Path, browser: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    for lang in ("en", "pl"):
        watched = Watched(browser, (pages / lang / "score.html").as_uri())
        tap_the_example(watched.page)
        watched.page.click("#tab-yellow")
        results = Axe().run(watched.page)
        bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], json.dumps(bad, indent=1)[:3000]
        watched.close()


def test_the_pages_are_small_and_offline(pages: Path) -> None:
    for lang in SHIPPED.languages:
        text = (pages / lang / "score.html").read_text(encoding="utf-8")
        assert len(text.encode()) < 2 * 1024 * 1024
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
        assert 'href="rulebook.html"' in text
        assert 'href="score.html"' in (pages / lang / "rulebook.html").read_text(encoding="utf-8")


def leftovers(page: Any, lang: str = "en") -> list[str]:
    """What a person should never read on the page: a placeholder, a selector, a script's null
    (in German, "null" is the word for zero)."""
    shown = page.evaluate("() => document.body.innerText")
    return re.findall(r"\{[^}]*\}?|\bundefined\b" + ("" if lang == "de" else r"|\bnull\b"), shown)


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_every_language_shows_its_words_filled_in(pages: Path, browser: Any, lang: str) -> None:
    # a catalog text states the pack's numbers with their nouns ({n|one:…|other:…}): the page must
    # choose the form as the command line does, in every language, with every variant shown
    watched = Watched(browser, (pages / lang / "score.html").as_uri())
    left = leftovers(watched.page, lang)  # before anyone taps: sections with nothing to show yet
    tap_the_example(watched.page)
    for tab in ("#tab-red", "#tab-yellow"):
        watched.page.click(tab)
        left += leftovers(watched.page, lang)
        assert watched.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert left == [], left[:3]
    assert watched.errors == []
    watched.close()


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_a_refused_record_is_explained_in_the_pages_language(pages: Path, browser: Any, lang: str) -> None:
    catalog = SHIPPED.catalogs[lang]
    watched = Watched(browser, (pages / lang / "score.html").as_uri())
    record = EXAMPLE.read_text(encoding="utf-8") + "options: {zero_wins: maybe}\n"
    watched.page.click("#record-details summary")  # the game as text: shown on request
    watched.page.fill("#record-text", record)
    watched.page.click("#load")
    notice = watched.page.inner_text("#notice")
    unknown = catalog["scorepage.refuse.unknown"]  # the house rule as the page names it, and the value given
    expected = unknown.replace("{what}", catalog["score.variant.zero_wins.name"]).replace("{text}", "maybe")
    assert expected in notice, notice
    assert catalog["scorepage.refuse.record"] in notice
    assert watched.errors == []
    watched.close()
