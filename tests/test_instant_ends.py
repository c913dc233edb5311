"""An instant loss or win in a competitive game (docs/score-sheet.md, Outcome): the first end
condition listed that some seat meets decides; the seats that meet a `result: lose` end lose at once
and come last, the others are ranked as usual; a curse on every seat leaves nobody to win. The
Gold Rush fixture has no check against two ends in one record, so the order alone decides; the
command line and the phone page say the same verdict."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean_outcome
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack

runner = CliRunner()
GOLD = Path(__file__).parent / "fixtures" / "sheets" / "instant"

# record -> (players, the deciding end, winners, each seat's rank best first, the verdict)
CASES = {
    # red meets two ends: the curse is listed first, so red loses though it also found the crown;
    # blue and green, left, tie on gold and share the win
    "cursed_and_crowned": (
        "[{colour: red, gold: 6, cursed: yes, crown: yes}, {colour: blue, gold: 5}, {colour: green, gold: 5}]",
        "cursed",
        ["blue", "green"],
        [("blue", 1), ("green", 1), ("red", 3)],
        "Red drew the curse and lost — Blue and Green win · 5 points",
    ),
    # a loser comes last whatever its gold; the rest keep their order by gold
    "cursed_rich": (
        "[{colour: red, gold: 6, cursed: yes}, {colour: blue, gold: 2}, {colour: green, gold: 4},"
        " {colour: yellow, gold: 3}]",
        "cursed",
        ["green"],
        [("green", 1), ("yellow", 2), ("blue", 3), ("red", 4)],
        "Red drew the curse and lost — Green wins · 4 points",
    ),
    # the crown is listed before running out of gold: green wins, red (no gold) is merely last
    "crowned_before_broke": (
        "[{colour: red, gold: 0}, {colour: blue, gold: 5}, {colour: green, gold: 2, crown: yes}]",
        "crown",
        ["green"],
        [("green", 1), ("blue", 2), ("red", 3)],
        "Winner: Green · 2 points — Green found the crown.",
    ),
    # every seat loses at once: nobody is left to win, and nobody has a place
    "all_cursed": (
        "[{colour: red, gold: 3, cursed: yes}, {colour: blue, gold: 5, cursed: yes}]",
        "cursed",
        [],
        [("blue", None), ("red", None)],
        "Blue and Red drew the curse and lost — nobody is left to win",
    ),
    # two seats lose by the last end: the third wins
    "two_broke": (
        "[{colour: red, gold: 0}, {colour: blue, gold: 0}, {colour: green, gold: 1}]",
        "broke",
        ["green"],
        [("green", 1), ("red", 2), ("blue", 2)],
        "Red and Blue ran out of gold and lost — Green wins · 1 point",
    ),
}


def record(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"players: {CASES[name][0]}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", CASES)
def test_the_first_end_met_decides_and_a_loser_comes_last(tmp_path: Path, name: str) -> None:
    _, end, winners, ranks, _ = CASES[name]
    result = runner.invoke(app, ["score", "--json", str(record(tmp_path, name)), "--pack", str(GOLD)])
    assert_clean_outcome(result, 0)
    data = json.loads(result.stdout)
    assert (data["outcome"], data["end"], data["winners"], data["tiebreak"]) == ("ended", end, winners, None)
    assert [(p["colour"], p["rank"]) for p in data["players"]] == ranks


@pytest.mark.parametrize("name", CASES)
def test_the_verdict_says_who_lost_and_who_is_left_to_win(tmp_path: Path, name: str) -> None:
    result = runner.invoke(app, ["score", str(record(tmp_path, name)), "--pack", str(GOLD)])
    assert_clean_outcome(result, 0)
    said = [line for line in result.stdout.splitlines() if line.strip()]
    assert said[-1] == CASES[name][4]
    # places only among those left after an instant loss: none when nobody is left to win, and none
    # by points where a seat won at once (its condition's row is ticked)
    assert ("Rank" in result.stdout) == (bool(CASES[name][2]) and CASES[name][1] != "crown")


def test_the_pad_says_a_loss_at_once_for_more_than_two(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(GOLD), "--out", str(out)])
    assert_clean_outcome(result, 0)
    import pdfplumber

    with pdfplumber.open(out) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    for label in ("Drew the curse", "No gold left"):
        assert f"{label} Loses at once: the game ends, and the others are ranked as usual." in text
    assert "Found the crown Loses" not in text  # an instant win is the tick boxes' rule


@pytest.mark.slow  # a real Chromium
def test_the_page_says_the_same_verdicts(browser: Any, tmp_path: Path) -> None:
    from test_score_page import Watched

    pack = load_pack(GOLD)
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, scorepage.resolved_sheet(pack), [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    texts = [f"players: {case[0]}\n" for case in CASES.values()]
    said = "texts => texts.map((t) => { const r = readRecord(t); return verdict(r.result || G.score(r.record)); })"
    got = watched.page.evaluate(said, texts)
    # the page joins names with commas, as it names every winner
    colours = "(Red|Blue|Green|Yellow)"
    assert got == [re.sub(f"{colours} and {colours}", r"\1, \2", case[4]) for case in CASES.values()]
    assert watched.errors == []
    watched.close()
