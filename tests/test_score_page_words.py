"""The score page and `score -i` speak the game's words, never the program's: in every state a test
can reach, in every pack and language, the page's visible text holds no key path, record key, file
name, "YAML" or flag (tests/program_words.py), and a game file it refuses is explained by the line
of the file, the player and the row as the page labels them. Read in a real headless Chromium at a
phone's width."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import SHIPPED
from program_words import program_words
from sheet_records import dump as dump_sheet_record
from sheet_records import random_record as random_sheet_record
from test_score_cli import EXAMPLE_ANSWERS
from test_score_page import CHROMIUM, Watched
from typer.testing import CliRunner

from estoril_pnp.build.extras import score_pages
from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.games.estoril.sample import random_record
from estoril_pnp.i18n.catalogs import Texts, fill
from estoril_pnp.pack.load import Pack, load_pack

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)"),
]
ROOT = Path(__file__).parent.parent
PACKS: dict[str, Pack] = {
    "estoril": SHIPPED,
    "stawka": load_pack(ROOT / "packs" / "stawka"),
    "espionage_1762": load_pack(ROOT / "packs" / "espionage_1762"),
}
PAGES = [(name, lang) for name, pack in PACKS.items() for lang in sorted(pack.catalogs)]
EXAMPLE = (SHIPPED.files.root / "examples" / "scoring.yaml").read_text(encoding="utf-8")

# What a player reads: the title, the page's text and every spoken name (a button's, a card's). The
# game file's own text, shown on request below its explanation, is the file's data, not the page's
# words: it is left out.
VISIBLE = """() => {
  const said = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
  const box = document.getElementById('record-text');
  const kept = box.value;
  box.value = '';
  const text = document.body.innerText;
  box.value = kept;
  return [document.title, text, ...said].join('\\n');
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Each pack's page in each of its languages, made by the build's own step; the words test
    needs no card pictures, so none are drawn."""
    out = tmp_path_factory.mktemp("pages")
    made = {}
    for name, pack in PACKS.items():
        ((_, page),) = score_pages(pack).items()
        for lang in sorted(pack.catalogs):
            target = out / name / lang / scorepage.NAME
            target.parent.mkdir(parents=True)
            page(lang, [], print)[1](target)
            made[name, lang] = target
    return made


@pytest.fixture
def opened(pages: dict[tuple[str, str], Path], browser: Any) -> Iterator[Callable[[str, str], Any]]:
    watched: list[Watched] = []

    def open_page(name: str, lang: str) -> Any:
        watched.append(Watched(browser, pages[name, lang].as_uri()))
        return watched[-1].page

    yield open_page
    for w in watched:
        assert w.errors == [], w.errors
        w.close()


def visible(page: Any) -> str:
    return page.evaluate(VISIBLE)


def load(page: Any, text: str) -> list[str]:
    """`text` loaded as a game file through the page's text box; the faults the page lists."""
    if not page.evaluate("() => document.getElementById('record-details').open"):
        page.click("#record-details summary")
    page.fill("#record-text", text)
    page.click("#load")
    return page.eval_on_selector_all("#notice li", "items => items.map((i) => i.textContent)")


def games(name: str, seed: int) -> list[str]:
    """Finished games of the pack, with and without variants and house rules (a random one of a
    sheet-driven pack may break one of its sheet's checks)."""
    rng = random.Random(seed)
    if name == "estoril":
        records = [yaml.safe_load(EXAMPLE)]
        every = ["secret_missions", "secret_recruitment", "important_second_place"]
        model = SHIPPED.model.data  # type: ignore[union-attr]
        records += [random_record(model, rng, variants=v) for v in ([], every)]
        records[-1]["options"] = {"zero_wins": True, "rounding": "up", "recruit_starting": True}
        return [yaml.safe_dump(r, sort_keys=False, allow_unicode=True) for r in records]
    sheet = scorepage.resolved_sheet(PACKS[name])
    assert sheet is not None
    example = (Path(__file__).parent / "fixtures" / "spy_records" / f"{name}.yaml").read_text(encoding="utf-8")
    return [example, *(dump_sheet_record(random_sheet_record(sheet, rng)) for _ in range(8))]


def clean(texts: dict[str, str]) -> list[str]:
    return [f"{state}: {word!r} in …{text[:300]!r}" for state, text in texts.items() for word in program_words(text)]


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{n}-{lang}" for n, lang in PAGES])
def test_every_state_of_the_page_speaks_the_games_words(
    opened: Callable[[str, str], Any], name: str, lang: str
) -> None:
    page = opened(name, lang)
    states = {"empty": visible(page)}
    colours = page.eval_on_selector_all(".colours button", "bs => bs.map((b) => '#' + b.id)")
    for colour in colours[:2]:
        page.click(colour)
    states["two players tapped, the rest to enter"] = visible(page)
    page.click("#record-details summary")
    states["the game as text shown"] = visible(page)
    finished = 0
    for i, text in enumerate(games(name, seed=len(lang))):
        refused = load(page, text)  # a random game the sheet's own checks refuse is a state too
        states[f"game {i}"] = visible(page)
        if refused:
            continue
        finished += 1
        assert page.locator("#verdict").count() == 1
        for tab in page.eval_on_selector_all(".tabs button", "bs => bs.map((b) => '#' + b.id)"):
            page.click(tab)
            states[f"game {i}, {tab}"] = visible(page)
        page.click("#save")
        states[f"game {i} saved"] = visible(page)
    page.click(colours[-1])  # one seat more or less than the loaded game: a refusal or a game to finish
    states["a seat changed"] = visible(page)
    assert finished >= 1 and clean(states) == []


def at_player(lang: str, colour: str) -> str:
    t = SHIPPED.texts(lang)
    return fill(t.raw("scorepage.at.player"), {"colour": t.raw(f"colour.{colour}")})


def at_line(lang: str, line: int) -> str:
    return fill(SHIPPED.texts(lang).raw("scorepage.at.line"), {"line": line})


def cannot_read(lang: str, line: int) -> str:
    """The start of what the page says of a line it cannot read."""
    return SHIPPED.texts(lang).raw("scorepage.refuse.line").split("{message}")[0].replace("{line}", str(line))


def row(lang: str, key: str) -> str:
    return SHIPPED.texts(lang).raw(key)


def replaced(old: str, new: str) -> str:
    assert old in EXAMPLE, old
    return EXAMPLE.replace(old, new, 1)


# 20 kinds of bad game file, each as the example game with one fault, and what the page must name
# in each language: the line of the file, the player and the row, as the page labels them.
HAND = "hand: [zarah_l, anne_d, garbo, otto_m, g_rene, hans_r]"
BAD: dict[str, tuple[str, Callable[[str], list[str]]]] = {
    "unknown colour": (
        replaced("colour: red", "colour: purple"),
        lambda lang: [at_line(lang, 5), fill(row(lang, "scorepage.at.nth_player"), {"n": 1}), "purple"],
    ),
    "unknown character": (
        replaced("garbo", "garbbbo"),
        lambda lang: [at_line(lang, 6), at_player(lang, "red"), row(lang, "score.hand"), "garbbbo"],
    ),
    "too many characters in a hand": (
        replaced(HAND, HAND.replace("hans_r", "hans_r, amelia_e").replace("amelia_e", "clark_g")),
        lambda lang: [
            at_player(lang, "red").split(" ")[0] if lang == "hu" else row(lang, "colour.red"),
            row(lang, "score.hand"),
        ],
    ),
    "a character in two hands": (
        replaced("hans_r", "pires"),
        lambda lang: [row(lang, "colour.red"), row(lang, "score.hand"), "Pires"],
    ),
    "a colour twice": (
        replaced("colour: yellow", "colour: red"),
        lambda lang: [at_line(lang, 8), at_line(lang, 5), at_player(lang, "red")],
    ),
    "discards not a number": (
        replaced("discards: 7", "discards: many"),
        lambda lang: [at_line(lang, 7), at_player(lang, "red"), row(lang, "score.discards")],
    ),
    "discards below zero": (
        replaced("discards: 7", "discards: -3"),
        lambda lang: [row(lang, "colour.red"), row(lang, "score.discards")],
    ),
    "a tab in the indentation": (replaced("    discards: 5", "\tdiscards: 5"), lambda lang: [cannot_read(lang, 10)]),
    "a quotation mark left open": (replaced("colour: blue", 'colour: "blue'), lambda lang: [cannot_read(lang, 11)]),
    "a bracket left open": (replaced(", strongest]", ", strongest"), lambda lang: [cannot_read(lang, 14)]),
    "a line out of place": (replaced("enigma: blue", "   enigma: blue"), lambda lang: [cannot_read(lang, 15)]),
    "a heading twice": (EXAMPLE + "enigma: red\n", lambda lang: [cannot_read(lang, 16)]),
    "an unknown entry of the game": (EXAMPLE + "weather: sunny\n", lambda lang: [at_line(lang, 16)]),
    "a misspelt entry of a player": (
        replaced("discards: 5", "discard: 5"),
        lambda lang: [at_line(lang, 10), at_player(lang, "yellow"), row(lang, "score.discards")],
    ),
    "a hand that is not a list": (
        replaced(HAND, "hand: {garbo: 1}"),
        lambda lang: [at_line(lang, 6), at_player(lang, "red"), row(lang, "score.hand")],
    ),
    "a player without a colour": (
        replaced("  - colour: yellow\n    hand", "  - hand"),
        lambda lang: [fill(row(lang, "scorepage.at.nth_player"), {"n": 2})],
    ),
    "a single player": (
        "players:\n  - colour: red\n    hand: [garbo]\n    discards: 1\n"
        "missions: [most_germans, strongest, most_conspirator, other_nations]\n",
        lambda lang: ["1"],
    ),
    "a mission that does not exist": (
        replaced("strongest]", "weakest]"),
        lambda lang: [at_line(lang, 14), row(lang, "score.missions"), "weakest"],
    ),
    "an unknown variant": (
        EXAMPLE + "variants: [speedy]\n",
        lambda lang: [at_line(lang, 16), row(lang, "scorepage.variants")],
    ),
    "an unknown house rule": (
        EXAMPLE + "options: {zero_wins: maybe, tea_break: true}\n",
        lambda lang: [at_line(lang, 16), row(lang, "scorepage.options"), row(lang, "score.variant.zero_wins.name")],
    ),
    "the Enigma with a colour not playing": (
        replaced("enigma: blue", "enigma: green"),
        lambda lang: [row(lang, "score.enigma"), row(lang, "colour.green")],
    ),
    "a line of prose": ("Dear diary, we played spies tonight.\n", lambda lang: [cannot_read(lang, 1)]),
    "not a game at all": (
        "- Dear diary\n- we played spies tonight\n",
        lambda lang: [row(lang, "scorepage.refuse.shape")],
    ),
}


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_a_bad_game_file_is_explained_by_line_player_and_row(opened: Callable[[str, str], Any], lang: str) -> None:
    page = opened("estoril", lang)
    wrong = []
    for kind, (text, wanted) in BAD.items():
        faults = load(page, text)
        said = " ".join(faults)
        words = program_words(visible(page))
        # each fault said as a sentence: a wanted text that opens one may have gained its capital
        if not faults or words or any(w not in said and w[:1].upper() + w[1:] not in said for w in wanted(lang)):
            wrong.append(f"{kind}: {faults} (program words: {words}; wanted {wanted(lang)})")
        assert page.inner_text("#notice").startswith(row(lang, "scorepage.refuse.record")), kind
    assert len(BAD) >= 20 and wrong == [], "\n".join(wrong)


# the faults any pack's page can be given, with nothing of the pack's own
GENERIC = {
    "a tab": "players:\n\t- colour: x\n",
    "a quotation mark left open": 'players:\n  - colour: "x\n',
    "an unknown colour": "players:\n  - colour: nowhere\n  - colour: elsewhere\n",
    "an unknown entry": "players: []\nweather: sunny\n",
    "an unknown variant": "players: []\nvariants: [speedy]\n",
    "not a game": "- just a list\n",
}


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{n}-{lang}" for n, lang in PAGES])
def test_every_packs_page_explains_a_bad_file_in_its_words(
    opened: Callable[[str, str], Any], name: str, lang: str
) -> None:
    page = opened(name, lang)
    said = {}
    for kind, text in GENERIC.items():
        faults = load(page, text)
        assert faults, kind
        said[kind] = visible(page)
    assert clean(said) == []


def prompts(pack: Pack, lang: str) -> dict[str, str]:
    """Every question `score -i` asks in `lang`, as its catalogs give it (engine's and pack's)."""
    t: Texts = pack.texts(lang)
    keys = {k for catalog in pack.catalogs.values() for k in catalog if k.startswith("score.ask.")}
    keys |= {k for k in t.catalogs.get("en", {}) if k.startswith("score.ask.")}
    # each placeholder a number, as the pack's numbers and a session's counts fill them
    return {
        k: fill(t.raw(k), {**dict.fromkeys(re.findall(r"\{(\w+)", t.raw(k)), 2), **t.numbers}) for k in sorted(keys)
    }


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{n}-{lang}" for n, lang in PAGES])
def test_score_interactive_asks_in_the_games_words(name: str, lang: str) -> None:
    asked = prompts(PACKS[name], lang)
    assert any(k.endswith(".save") for k in asked)
    assert clean(asked) == []


@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_a_whole_score_interactive_session_speaks_the_games_words(lang: str) -> None:
    answers = "".join(f"{a}\n" for a in [*EXAMPLE_ANSWERS, ""])
    result = CliRunner().invoke(app, ["score", "--interactive", "--lang", lang], input=answers)
    assert result.exit_code == 0, result.output
    assert clean({"session": result.output}) == []


@pytest.mark.parametrize("lang", sorted(PACKS["stawka"].catalogs))
def test_a_file_with_several_faults_lists_a_number_out_of_bounds_with_the_others(
    opened: Callable[[str, str], Any], lang: str
) -> None:
    """A value's own fault (a number below its least) is listed with the file's other faults, as
    `score` lists them, not held back until those are mended: the page once said only the unknown
    side and the row that side may not fill, and "easy: -4" when they were gone."""
    pack = PACKS["stawka"]
    example = (Path(__file__).parent / "fixtures" / "spy_records" / "stawka.yaml").read_text(encoding="utf-8")
    broken = example.replace("easy: 2", "easy: -4", 1).replace("colour: de", "colour: fr", 1)
    faults = load(opened("stawka", lang), broken)
    t = pack.texts(lang)
    line = fill(t.raw("scorepage.at.line"), {"line": 6})
    easy = next(f for f in faults if f.startswith(f"{line},"))
    assert t.raw("score.ask.easy").strip().rstrip("?") in easy and "20" in easy, faults
    # the number and the side "fr"; not also the row only DE fills: whose row it is cannot be known
    assert len(faults) == 2, faults
    seven = fill(t.raw("scorepage.at.line"), {"line": 7})
    assert (
        sum(bool(re.search(r"\bfr\b", f)) for f in faults) == 1 and sum(f.startswith(f"{seven},") for f in faults) == 1
    ), faults


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{n}-{lang}" for n, lang in PAGES])
def test_an_empty_page_says_how_to_choose_the_players_once(
    opened: Callable[[str, str], Any], name: str, lang: str
) -> None:
    """Before a seat is tapped, "Still to enter" names the players' section instead of repeating
    the sentence printed under it (1762's page said "Tap the faction of each of the 2 players"
    twice, a screen apart)."""
    page = opened(name, lang)
    hint = page.inner_text("#h-players + p")
    assert hint and visible(page).count(hint) == 1
    listed = page.eval_on_selector_all("#result li", "items => items.map((i) => i.textContent)")
    said = fill(PACKS[name].texts(lang).raw("scorepage.missing.seats"), {"what": page.inner_text("#h-players")})
    assert said[:1].upper() + said[1:] in listed, listed


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{n}-{lang}" for n, lang in PAGES])
def test_opening_a_saved_game_is_a_button_in_the_pages_language(
    opened: Callable[[str, str], Any], name: str, lang: str, tmp_path: Path
) -> None:
    """The browser's own file control says "Choose File / No file chosen" in the browser's
    language whatever the page's: it is hidden, and the page's label is the button that opens it
    (a file chosen through it still loads)."""
    page = opened(name, lang)
    box = page.locator("#record-file").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    button = page.locator("label[for=record-file]")
    assert button.is_visible() and button.inner_text() == PACKS[name].texts(lang).raw("scorepage.load.file")
    assert button.bounding_box()["height"] >= 44  # a finger's size, as the page's other buttons
    saved = tmp_path / "game.yaml"
    saved.write_text("players: [{colour: nobody}]\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(saved))
    page.wait_for_selector("#notice li")
    assert "nobody" in page.inner_text("#notice")


@pytest.mark.parametrize("lang", sorted(PACKS["stawka"].catalogs))
def test_a_choice_without_pictures_is_set_as_word_tiles_that_hold_their_words(
    opened: Callable[[str, str], Any], lang: str
) -> None:
    """Stawka's scenarios have no pictures: each name stands in the middle of its tile, and the
    longest ("Zaawansowany") stays inside it with room to spare at a phone's width."""
    page = opened("stawka", lang)
    page.set_viewport_size({"width": 360, "height": 800})
    tiles = page.locator(".card.words")
    assert tiles.count() >= 4
    for i in range(tiles.count()):
        tile = tiles.nth(i)
        outer, inner = tile.bounding_box(), tile.locator("span").first.bounding_box()
        assert outer is not None and inner is not None
        assert inner["x"] - outer["x"] >= 6 and outer["x"] + outer["width"] - inner["x"] - inner["width"] >= 6, (
            i,
            outer,
            inner,
        )
        middle = (outer["y"] + outer["height"] / 2) - (inner["y"] + inner["height"] / 2)
        assert abs(middle) <= 2, (i, outer, inner)
