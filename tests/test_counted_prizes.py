"""Prizes and changes that depend on the player count, contests only the seats an `enters`
expression names take part in, and ties that share their own place's prize (issue 37;
docs/score-sheet.md, Contests and Changes): Sushi Go! of the gallery and the `counted` fixture,
through the real CLI. The page computes the same (tests/test_score_differential.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, assert_clean_outcome, replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()
SUSHI = ROOT / "examples" / "sheets" / "sushi_go"
COUNTED = Path(__file__).parent / "fixtures" / "sheets" / "counted"


def copied(tmp_path: Path, pack: Path) -> Path:
    out = tmp_path / pack.name
    shutil.copytree(pack, out)
    return out


def scored(pack: Path, record: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["score", "--json", str(record), "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def record(tmp_path: Path, players: list[str]) -> Path:
    out = tmp_path / "game.yaml"
    out.write_text("players:\n" + "".join(f"  - {{{p}}}\n" for p in players), encoding="utf-8")
    return out


def test_two_players_lose_nothing_for_the_fewest_puddings_without_naming_a_variant() -> None:
    data = scored(SUSHI, SUSHI / "records" / "two_players.yaml")
    blue = next(p for p in data["players"] if p["colour"] == "blue")
    assert blue["breakdown"]["pudding_fewest"] == 0  # blue has no pudding at all
    assert data["pudding_fewest"] == [{"id": "pudding_fewest", "counts": {"red": -4, "blue": 0}, "points": {}}]


def test_three_players_do_lose_for_the_fewest_puddings(tmp_path: Path) -> None:
    third = "colour: green, cards: 10, maki_1: 0, maki_2: 0, maki_3: 0, puddings: 1"
    lines = (SUSHI / "records" / "two_players.yaml").read_text(encoding="utf-8").splitlines()
    players = [x.strip()[3:-1] for x in lines if x.strip().startswith("- {")]
    data = scored(SUSHI, record(tmp_path, [*players, third]))
    assert {p["colour"]: p["breakdown"]["pudding_fewest"] for p in data["players"]} == {
        "red": 0,
        "blue": -6,
        "green": 0,
    }


def test_a_seat_that_did_not_enter_takes_no_place_and_the_table_shows_a_dash() -> None:
    path = SUSHI / "records" / "four_players.yaml"
    data = scored(SUSHI, path)
    [round_3] = data["maki_3"]
    assert round_3["entered"] == ["green", "yellow"]  # red and blue had no maki
    assert round_3["points"] == {"green": 6, "yellow": 3}
    result = runner.invoke(app, ["score", str(path), "--pack", str(SUSHI)])
    row = next(line for line in result.stdout.splitlines() if "round 3" in line)
    assert [c.strip() for c in row.split("│")[2:6]] == ["—", "—", "6 (4)", "3 (2)"]  # blue, red, green, yellow


def test_a_tie_for_the_most_shares_its_own_prize_and_leaves_no_second_place() -> None:
    data = scored(SUSHI, SUSHI / "records" / "four_players.yaml")
    [round_1] = data["maki_1"]
    assert round_1["points"] == {"red": 3, "blue": 3}  # 6 / 2; green, second by icons, takes no place


def test_prizes_count_the_players_and_a_change_by_count_sets_an_entry_bound(tmp_path: Path) -> None:
    three = ["colour: red, laps: 5, bid: 2", "colour: blue, laps: 3, bid: 0", "colour: green, laps: 1, bid: 3"]
    data = scored(COUNTED, record(tmp_path, three))
    assert data["race"][0]["points"] == {"red": 3, "blue": 1, "green": 1}  # prizes [3, 3 − 2, 1]
    assert data["bids"][0]["points"] == {"red": 5, "green": 2} and data["bids"][0]["entered"] == ["red", "green"]
    two = scored(COUNTED, record(tmp_path, three[:2]))
    assert two["race"][0]["points"] == {"red": 4}  # two players: [2 + step]
    over = record(tmp_path, [*three, "colour: yellow, laps: 8, bid: 1"])
    assert scored(COUNTED, over)["race"][0]["points"]["yellow"] == 4  # four players may run 9 laps
    three_over = record(tmp_path, [*three[:2], "colour: green, laps: 8, bid: 0"])
    result = runner.invoke(app, ["score", str(three_over), "--pack", str(COUNTED)])
    assert_clean_outcome(result, 2)
    assert result.stderr.strip().endswith("players[2].laps: must be a whole number from 0 to 6 (got 8)")


SHEET_FAULTS = [
    ("when: {players: 2}", "when: {players: 0}", "changes[0].when.players: allows no player count (got 0)"),
    (
        "when: {players: 2}",
        "when: {players: {min: 4, max: 3}}",
        "changes[0].when.players: allows no player count (got {min: 4, max: 3})",
    ),
    (
        "when: {players: 2}",
        "when: {players: {mni: 3}}",
        "changes[0].when.players.mni: unknown key 'mni'; did you mean 'min'?",
    ),
    ("when: {players: 2}", "when: {players: two}", "changes[0].when.players: unknown number 'two'"),
    ("enters: {value: maki_1}", "enters: {value: maki_9}", "categories[1].contest.enters.value: "),
    (
        "prizes: [pudding], zero_wins: true",
        "prizes: [pudding], zero_wins: true, enters: 1",
        "categories[4].contest.enters: give either 'zero_wins' (every seat enters) or 'enters' (who enters)",
    ),
    (
        "tie: split_place}\n  - id: maki_2",
        "tie: split_places}\n  - id: maki_2",
        "categories[1].contest.tie: must be split, full, none, split_place (got 'split_places')",
    ),
    (
        "prizes: [maki_most, maki_second], tie: split_place}\n  - id: maki_2",
        "prizes: [maki_most, playres], tie: split_place}\n  - id: maki_2",
        "categories[1].contest.prizes[1]: unknown number 'playres'",
    ),
]


@pytest.mark.parametrize(("old", "new", "says"), SHEET_FAULTS, ids=[f[2].split(":")[0] for f in SHEET_FAULTS])
def test_a_wrong_player_count_prize_or_entry_rule_is_one_located_finding(
    tmp_path: Path, old: str, new: str, says: str
) -> None:
    pack = copied(tmp_path, SUSHI)
    line = replace_once(pack / "scoring.yaml", old, new)
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert_clean_outcome(result, 1)
    errors = [x for x in result.output.splitlines() if x.startswith("error:")]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"error: {pack / 'scoring.yaml'}:{line}: ") and says in errors[0], errors


def test_a_switch_cannot_be_named_players(tmp_path: Path) -> None:
    pack = copied(tmp_path, SUSHI)
    line = replace_once(
        pack / "scoring.yaml", "\nentries:\n", "\nswitches:\n  - {id: players, kind: variant}\nentries:\n"
    )
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert_clean_outcome(result, 1)
    errors = [x for x in result.output.splitlines() if x.startswith("error:")]
    assert errors == [
        f"error: {pack / 'scoring.yaml'}:{line + 2}: switches[0].id: 'players' is the player count a change may "
        "test; name the switch otherwise"
    ]


def test_interactive_scoring_applies_the_change_by_player_count() -> None:
    red = ["red", "", "52", "7", "6", "0", "4"]
    blue = ["blue", "", "55", "7", "2", "5", "0"]
    result = runner.invoke(
        app, ["score", "-i", "--json", "--pack", str(SUSHI)], input="\n".join(["2", *red, *blue, "", ""])
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert {p["colour"]: p["total"] for p in data["players"]} == {"red": 67, "blue": 67}
    assert data["winners"] == ["red"] and data["tiebreak"] == "puddings"


def test_the_pad_says_how_to_mark_a_seat_that_takes_no_place(tmp_path: Path) -> None:
    import pdfplumber

    for pack, says in ((SUSHI, True), (ROOT / "examples" / "sheets" / "ticket_to_ride", False)):
        out = tmp_path / f"{pack.name}.pdf"
        result = runner.invoke(app, ["scorepad", "--pack", str(pack), "--out", str(out)])
        assert result.exit_code == 0, result.output
        with pdfplumber.open(out) as pdf:
            text = " ".join(pdf.pages[0].extract_text().split())
        assert ("No place In a contest row, write a dash (—) for a player who does not take part" in text) == says
