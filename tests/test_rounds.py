"""Rounds (docs/score-sheet.md, Rounds) through the real CLI and page, on the gallery's Oh Hell!:
a record gives one number per round, each within its round's bounds; the pad has a row per round;
`score --interactive` asks round by round; the page has a stepper per round and scores what is
tapped in as the command line does. (Misused rounds in a sheet: test_hostile_sheets.py.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import yaml
from conftest import ROOT, assert_clean_outcome
from test_scorepad import read_pad
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export import scorepage

runner = CliRunner()
OH_HELL = ROOT / "examples" / "sheets" / "oh_hell"
RED_WINS = OH_HELL / "records" / "red_wins.yaml"


def refused(tmp_path: Path, text: str) -> list[str]:
    record = tmp_path / "r.yaml"
    record.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["score", str(record), "--pack", str(OH_HELL)])
    assert_clean_outcome(result, 2)
    return [line.replace(f"error: {record}", "") for line in result.stderr.splitlines()]


def test_a_bid_above_the_rounds_cards_is_refused_at_its_round(tmp_path: Path) -> None:
    text = RED_WINS.read_text(encoding="utf-8").replace("bid: [0, 1, 1, 2,", "bid: [0, 3, 1, 2,")
    assert refused(tmp_path, text) == [":3: players[0].bid[1]: round 2: must be a whole number from 0 to 2 (got 3)"]


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("bid: [0, 1, 1, 2, 1, 2, 3, 2, 3, 4]", "bid: [0, 1, 1]", "(got [0, 1, 1])"),
        ("bid: [0, 1, 1, 2, 1, 2, 3, 2, 3, 4]", "bid: 4", "(got 4)"),
    ],
)
def test_a_round_entry_is_a_list_of_one_number_per_round(tmp_path: Path, old: str, new: str, says: str) -> None:
    text = RED_WINS.read_text(encoding="utf-8").replace(old, new)
    assert refused(tmp_path, text) == [f":3: players[0].bid: must be a list of 10 whole numbers, one per round {says}"]


def test_a_word_in_a_round_is_refused_at_its_round(tmp_path: Path) -> None:
    text = RED_WINS.read_text(encoding="utf-8").replace("tricks: [0, 1, 2,", "tricks: [0, one, 2,")
    assert refused(tmp_path, text) == [
        ":3: players[0].tricks[1]: round 2: must be a whole number from 0 to 2 (got 'one')"
    ]


def test_the_table_and_the_json_show_each_rounds_points() -> None:
    result = runner.invoke(app, ["score", str(RED_WINS), "--pack", str(OH_HELL)])
    assert result.exit_code == 0, result.output
    rows = [" ".join(line.strip("│┃ ").split()) for line in result.stdout.splitlines()]
    assert "Score, round 3 │ 2 │ 0 │ 11" in rows and "Score, round 10 │ 14 │ 13 │ 3" in rows
    data = json.loads(runner.invoke(app, ["score", "--json", str(RED_WINS), "--pack", str(OH_HELL)]).stdout)
    by_seat = {p["colour"]: p["rounds"]["score"] for p in data["players"]}
    assert by_seat == {  # worked by hand in expected.yaml
        "red": [10, 11, 2, 12, 11, 3, 13, 12, 4, 14],
        "blue": [11, 10, 0, 11, 3, 12, 12, 4, 13, 13],
        "green": [10, 11, 11, 1, 11, 1, 2, 12, 2, 3],
    }


def test_the_pad_has_a_row_per_round(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(OH_HELL), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr, result.stderr  # ten rows and the total fit the page
    labels = [row.label for row in read_pad(out).rows]
    assert labels == [*(f"Score, round {r}" for r in range(1, 11)), "Total"]


def _answers() -> list[str]:
    """red_wins.yaml as typed: the players, then round by round each player's bid and tricks."""
    data = yaml.safe_load(RED_WINS.read_text(encoding="utf-8"))
    out = ["3"]
    for p in data["players"]:
        out += [p["colour"], ""]  # no name
    for r in range(10):
        for p in data["players"]:
            out += [str(p["bid"][r]), str(p["tricks"][r])]
    return out


def test_score_interactive_asks_round_by_round() -> None:
    answers = _answers()
    answers.insert(13, "5")  # red's bid in round 2 typed as 5 first: asked again, 2 cards at most
    result = runner.invoke(
        app, ["score", "--interactive", "--json", "--pack", str(OH_HELL)], input="\n".join([*answers, "", ""])
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    asked = ["Red: bid, round 1", "Red: tricks taken, round 1", "Blue: bid, round 1", "Red: bid, round 2"]
    assert all(a in said for a in asked) and [said.index(a) for a in asked] == sorted(said.index(a) for a in asked)
    assert "Red: bid, round 11" not in said and "Red: bid, round 10" in said
    assert "A number from 0 to 2, please." in said
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert {p["colour"]: p["total"] for p in data["players"]} == {"red": 92, "blue": 89, "green": 64}


@pytest.mark.slow  # a real Chromium
def test_the_page_has_a_stepper_per_round_and_scores_a_game_tapped_in(browser: Any, tmp_path: Path) -> None:
    from test_score_page import CHROMIUM, PHONE, Watched

    if CHROMIUM is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    result = runner.invoke(app, ["build", "--pack", str(OH_HELL), "--out", str(tmp_path / "out"), "--quiet"])
    assert result.exit_code == 0, result.output
    watched = Watched(browser, (tmp_path / "out" / "en" / scorepage.NAME).as_uri())
    page = watched.page
    data = yaml.safe_load(RED_WINS.read_text(encoding="utf-8"))
    for p in data["players"]:
        page.click(f"#colour-{p['colour']}")
    for p in data["players"]:
        colour = p["colour"]
        page.click(f"#tab-{colour}")
        headings = [h.inner_text() for h in page.query_selector_all(f"[id^={colour}-bid-r][id$=-label]")]
        assert headings == [f"Bid, round {r}" for r in range(1, 11)]  # one stepper per round, named by it
        assert page.get_attribute(f"#{colour}-tricks-r3-count", "max") == "3"  # round 3 deals 3 cards
        for entry in ("bid", "tricks"):
            for r, value in enumerate(p[entry], start=1):
                page.fill(f"#{colour}-{entry}-r{r}-count", str(value))
                page.press(f"#{colour}-{entry}-r{r}-count", "Tab")
    assert page.inner_text("#verdict").startswith("Winner: Red · 92 points")
    table = page.inner_text("#result")
    assert "Score, round 3\t2\t0\t11" in table and "Score, round 10\t14\t13\t3" in table
    record = tmp_path / "record.yaml"
    with page.expect_download() as download:
        page.click("#save")
    download.value.save_as(record)
    said = runner.invoke(app, ["score", str(record), "--pack", str(OH_HELL), "--json"])
    assert said.exit_code == 0, said.output
    assert {p["colour"]: p["total"] for p in json.loads(said.stdout)["players"]} == {"red": 92, "blue": 89, "green": 64}
    page.click("#tab-red")
    page.fill("#red-tricks-r4-count", "3")  # round 4's tricks now add up to 5
    page.press("#red-tricks-r4-count", "Tab")
    assert "Round 4: the tricks taken add up to 5; 4 cards each make 4 tricks" in page.inner_text(
        "#result"
    )  # said as a sentence
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watched.errors == []
    watched.close()


def test_a_pad_with_more_rows_than_a_page_goes_on_over_the_next(tmp_path: Path) -> None:
    """Fifty rounds (the most a sheet takes) do not fit one page: the rows go on over the next pages,
    each page with the title marked "(page/pages)" and the seats' header; the Total and the notes come last."""
    pack = tmp_path / "oh_hell"
    shutil.copytree(OH_HELL, pack)
    sheet = pack / "scoring.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("rounds: {count: 10}", "rounds: {count: 50}"), "utf-8")
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr, result.stderr
    with pdfplumber.open(out) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert len(texts) >= 2
    lines = [line.strip() for text in texts for line in text.splitlines()]
    rounds = [int(line.removeprefix("Score, round ")) for line in lines if line.startswith("Score, round ")]
    assert rounds == list(range(1, 51))  # each once, in order
    assert lines.count("Total") == 1 and "Total" in texts[-1].splitlines()
    for i, text in enumerate(texts, start=1):
        assert f"Oh Hell! — the ten rounds ({i}/{len(texts)})" in text
        assert "Red Blue Green Yellow White" in text and "Name" in text
    assert "Tied for the most" in texts[-1] and not any("Tied for the most" in t for t in texts[:-1])


def test_a_pad_that_fits_one_page_has_one_page_and_no_page_mark(tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(OH_HELL), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 1
        assert "(1/1)" not in pdf.pages[0].extract_text()
