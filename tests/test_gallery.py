"""The gallery of well-known games' scoring (`examples/sheets/*/`): each pack validates clean, each
record gives the result worked out by hand from the published rules (the pack's `expected.yaml`),
the record that cannot have happened is refused with one located line, and the pad shows how the
game ends, its teams and who wins."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import yaml
from conftest import gallery_packs, pack_id
from test_scorepad import read_pad
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.pack.load import load_pack

runner = CliRunner()
GAMES = {
    "seven_wonders",
    "ticket_to_ride",
    "azul",
    "splendor",
    "carcassonne",
    "pandemic",
    "hanabi",
    "hearts",
    "spades",
    "coloretto",
    "wizard",
    "sushi_go",
    "codenames",
    "oh_hell",
}
FORTS = Path(__file__).parent / "fixtures" / "forts"  # a small pack whose one entry is a holder per piece


def records() -> list[tuple[Path, str, dict[str, Any]]]:
    """(pack, record name, what was worked out by hand) for every record of the gallery."""
    out = []
    for pack in gallery_packs():
        expected = yaml.safe_load((pack / "expected.yaml").read_text(encoding="utf-8"))
        out += [(pack, name, want) for name, want in expected.items()]
    return out


def test_the_gallery_has_every_game_and_every_record_its_expected_result() -> None:
    assert {p.name for p in gallery_packs()} == GAMES
    for pack in gallery_packs():
        on_disk = {p.stem for p in (pack / "records").glob("*.yaml")}
        expected = yaml.safe_load((pack / "expected.yaml").read_text(encoding="utf-8"))
        assert on_disk == set(expected), pack.name
        assert sum("refused" in want for want in expected.values()) >= 1, pack.name  # one that cannot have happened
        assert sum("refused" not in want for want in expected.values()) >= 3, pack.name


@pytest.mark.parametrize("pack", gallery_packs(), ids=pack_id)
def test_each_gallery_pack_validates_with_no_finding(pack: Path) -> None:
    result = runner.invoke(app, ["validate", "--strict", "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    assert "0 error(s), 0 warning(s): ok" in result.stdout


@pytest.mark.parametrize(("pack", "name", "want"), records(), ids=lambda v: v if isinstance(v, str) else pack_id(v))
def test_each_record_gives_the_hand_worked_result(pack: Path, name: str, want: dict[str, Any]) -> None:
    path = pack / "records" / f"{name}.yaml"
    result = runner.invoke(app, ["score", "--json", str(path), "--pack", str(pack)])
    if "refused" in want:
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        [line] = result.stderr.splitlines()  # one located line, no traceback
        assert line.startswith(f"error: {path}:") and line.endswith(want["refused"]), line
        return
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {p["colour"]: p["total"] for p in data["players"]} == want["totals"]
    winners = want.get("winners", ["team"] if want.get("outcome") == "won" else [])
    assert sorted(data["winners"]) == sorted(winners)
    for key in ("tiebreak", "outcome", "end"):
        if key in want:
            assert data[key] == want[key], key
    for colour, rank in want.get("ranks", {}).items():
        assert next(p["rank"] for p in data["players"] if p["colour"] == colour) == rank


def test_a_game_with_no_winner_yet_says_so() -> None:
    pack = next(p for p in gallery_packs() if p.name == "hearts")
    result = runner.invoke(app, ["score", str(pack / "records" / "not_over.yaml"), "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "The game goes on — nobody has reached 100 yet; deal another hand." in said
    assert "Winner" not in said


def _pad(tmp_path: Path, game: str) -> tuple[Any, str, int]:
    """The game's pad read back: rows and columns, its text, and how many tick boxes it has."""
    out = tmp_path / f"{game}.pdf"
    pack = next(p for p in gallery_packs() if p.name == game)
    result = runner.invoke(app, ["scorepad", "--pack", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr, result.stderr  # nothing overflowed
    with pdfplumber.open(out) as pdf:
        [page] = pdf.pages
        ticks = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.5 and 13 < r["width"] < 15.5]  # 5 mm
        text = " ".join(page.extract_text().split())
    return read_pad(out), text, len(ticks)


def test_a_pad_has_a_tick_box_per_seat_for_each_end_and_says_the_lowest_wins(tmp_path: Path) -> None:
    pad, text, ticks = _pad(tmp_path, "hearts")
    assert [c.heading for c in pad.columns] == ["North", "East", "South", "West"]
    assert pad.rows[-1].label == "100 reached" and ticks == 4
    assert "Lowest wins The player with the lowest total comes first." in text
    assert "The game goes on Nobody has reached 100 yet; deal another hand." in text


def test_a_co_operative_pad_has_one_column_for_the_team(tmp_path: Path) -> None:
    pad, text, ticks = _pad(tmp_path, "pandemic")
    assert [c.heading for c in pad.columns] == ["Team"]
    assert [row.label for row in pad.rows][-4:] == [
        "All 4 diseases cured",
        "8 outbreaks",
        "A disease ran out of cubes",
        "The player cards ran out",
    ]
    assert ticks == 4 and "Players" in text
    assert "Together The players win or lose together" in text and "Ties" not in text


def test_a_partnership_pad_has_a_column_per_team(tmp_path: Path) -> None:
    pad, text, _ = _pad(tmp_path, "spades")
    assert [c.heading for c in pad.columns] == ["North & South", "East & West"]
    assert "Players" in text and "Lowest wins" not in text


def test_each_gallery_pack_builds_its_pad_and_phone_page(tmp_path: Path) -> None:
    for pack in gallery_packs():
        out = tmp_path / pack.name
        result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
        assert result.exit_code == 0, result.output
        title = load_pack(pack).texts("en")("score.title")
        with pdfplumber.open(out / "en" / "a4" / "scorepad.pdf") as pdf:
            assert title in pdf.pages[0].extract_text()
        assert (out / "en" / "score.html").is_file()


# --- score --interactive asks every new kind of entry ------------------------------------------


def _typed(pack: str, answers: list[str]) -> Any:
    where = next(p for p in gallery_packs() if p.name == pack)
    # the last empty answer: do not save the record
    return runner.invoke(app, ["score", "--interactive", "--pack", str(where)], input="\n".join([*answers, "", ""]))


def test_interactive_asks_each_team_its_members() -> None:
    north_south = ["north_south", "Ana", "Ana, Bo", "440", "3", "7", "8"]  # one member first: asked again
    result = _typed("spades", [*north_south, "east_west", "Cy, Di", "380", "8", "5", "5"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "Team 1: colour (North & South, East & West)" in said
    assert "members (comma-separated, exactly 2)" in said  # a fixed size said as one number, never "2 to 2"
    assert "A team has exactly 2 members; 1 given." in said  # asked again, not refused at the end
    assert "Winner: North & South (Ana, Bo) · 511 points" in said


def test_interactive_says_a_failed_check_in_one_line() -> None:
    north_south = ["north_south", "Ana, Bo", "-40", "2", "5", "5"]  # below 0 before the hand: a score may be
    result = _typed("spades", [*north_south, "east_west", "Cy, Di", "250", "5", "7", "9"])
    assert result.exit_code == 2
    assert result.stderr == "error: <interactive>: the tricks add up to 14; a hand has 13\n"


def test_interactive_asks_who_holds_each_piece() -> None:
    # two players; north: blue (green is not playing), south: red, west: nobody; then do not save
    answers = ["2", "red", "", "blue", "", "green", "blue", "red", "", "", ""]
    result = runner.invoke(app, ["score", "--interactive", "--json", "--pack", str(FORTS)], input="\n".join(answers))
    assert result.exit_code == 0, result.output
    assert "Who holds each fort?" in result.stdout and "North fort" in result.stdout
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert {p["colour"]: p["total"] for p in data["players"]} == {"red": 1, "blue": 1}


def test_a_failed_checks_message_is_filled_as_every_text_is(tmp_path: Path) -> None:
    """A check's message may use a plural selector and escaped braces, as the page's texts do."""
    pack = tmp_path / "spades"
    shutil.copytree(next(p for p in gallery_packs() if p.name == "spades"), pack)
    catalog = pack / "i18n" / "en.yaml"
    text = catalog.read_text(encoding="utf-8")
    said = 'tricks: "the tricks add up to {value}; a hand has {tricks}"'
    assert said in text
    catalog.write_text(
        text.replace(said, 'tricks: "{value} {value|one:trick|other:tricks} {{sic}}; a hand has {tricks}"'),
        encoding="utf-8",
    )
    record = tmp_path / "r.yaml"
    record.write_text(
        """players:
  - {colour: north_south, members: [Ana, Bo], before: 0, bags: 0, bid: 5, tricks: 5}
  - {colour: east_west, members: [Cy, Di], before: 0, bags: 0, bid: 5, tricks: 9}
""",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack)])
    assert result.exit_code == 2, result.output
    assert result.stderr.endswith(": 14 tricks {sic}; a hand has 13\n"), result.stderr


def test_interactive_takes_up_to_three_scoring_colours_and_asks_again_past_them() -> None:
    zero = ["0"] * 5
    red = ["red", "", "3", "2", *zero, "1", "orange, blue, brown, grey", "orange, blue"]  # four: asked again
    white = ["white", "", "0", "0", "0", "0", "4", "0", "0", "0", "grey"]  # one colour collected: one named
    result = _typed("coloretto", ["2", *red, *white])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "the colours that score for you (up to 3)" in said
    assert "Colour: 0 to 3 different names, please, from: Orange, Blue, Brown, Yellow, Grey, Green, and Pink" in said
    # red: orange 3 → 6, blue 2 → 3, +2 → 2: 11; white: grey 4 → 10
    assert "Winner: Red · 11 points" in said


# --- an instant loss in a team game (Codenames) ---------------------------------------------------


def test_interactive_says_who_lost_at_once_and_who_wins() -> None:
    red, blue = ["red", "Ana, Bo", "5", "no"], ["blue", "Cy, Di", "6", "yes"]  # Blue reveals the assassin
    result = _typed("codenames", [*red, *blue, "red"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "Which team went first? (it has 9 agents)" in said
    assert said.endswith("Blue (Cy, Di) revealed the assassin and lost — Red (Ana, Bo) wins")  # no total: no points


def test_a_pad_says_an_instant_loss_as_a_rule(tmp_path: Path) -> None:
    pad, text, ticks = _pad(tmp_path, "codenames")
    assert [c.heading for c in pad.columns] == ["Red", "Blue"]
    assert [row.label for row in pad.rows] == [
        "Agents",
        "Agents still hidden",
        "Revealed the assassin",
        "All its agents found",
    ]
    assert ticks == 4
    assert "Revealed the assassin Loses at once: the game ends, and the opponent wins." in text
