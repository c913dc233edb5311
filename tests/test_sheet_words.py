"""A score sheet's words as a writer meets them: the catalog needs only the keys the sheet names;
what the writer left out (an entry's question, a variant's name, a colour's name) and the words
every score table has are the engine's, in the asked language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()

# A new sheet, written as a newcomer writes one: no `ask`, no `label`, a variant with no words, a
# colour the engine has no name for (teal), and a catalog holding only the keys the sheet names.
SHEET = """\
sheet: 1
title: score.title
players: {min: 2, max: 4}
pieces:
  colours:
    items:
      - {id: red, fields: {shape: circle, rgb: "#b22a22"}}
      - {id: blue, fields: {shape: square, rgb: "#1f4e9e"}}
      - {id: teal, fields: {shape: star, rgb: "#2a9d8f"}}
entries:
  - {id: wins, per: player, kind: number, max: 9}
  - {id: string_snapped, per: player, kind: yesno}
switches:
  - {id: long_game, kind: variant}
categories:
  - {id: wins, label: score.wins, points: {value: wins}}
tallies:
  - {figure: total, label: score.total, strong: true}
ranking:
  why: score.why.points
  shared: {label: score.tiebreak.shared, why: score.why.shared}
"""
CATALOGS = {
    "en": "score: {title: Conkers, wins: Conkers won, total: Total,"
    " why: {points: most conkers won., shared: tied.}, tiebreak: {shared: A shared victory}}\n",
    "de": "score: {title: Kastanienkampf, wins: Gewonnene Kastanien, total: Summe,"
    " why: {points: die meisten Kastanien gewonnen., shared: Gleichstand.}, tiebreak: {shared: Geteilter Sieg}}\n",
}


@pytest.fixture
def conkers(tmp_path: Path) -> Path:
    pack = tmp_path / "conkers"
    (pack / "i18n").mkdir(parents=True)
    (pack / "pack.yaml").write_text('title: "Conkers"\n', encoding="utf-8")
    (pack / "components.yaml").write_text("pieces: {}\n", encoding="utf-8")
    (pack / "scoring.yaml").write_text(SHEET, encoding="utf-8")
    for lang, text in CATALOGS.items():
        (pack / "i18n" / f"{lang}.yaml").write_text(text, encoding="utf-8")
    return pack


def test_a_new_sheet_needs_no_key_its_writer_did_not_write(conkers: Path) -> None:
    checked = runner.invoke(app, ["validate", "--strict", "--pack", str(conkers)])
    assert checked.exit_code == 0, checked.output
    assert "0 error(s), 0 warning(s): ok" in checked.output


def test_a_key_the_writer_wrote_is_still_required(conkers: Path) -> None:
    english = conkers / "i18n" / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(" wins: Conkers won,", ""), encoding="utf-8")
    checked = runner.invoke(app, ["validate", "--pack", str(conkers)])
    errors = [x for x in checked.output.splitlines() if x.startswith("error:")]
    assert errors == [f"error: {english}: score.wins: missing in the English catalog"], checked.output


def test_what_the_writer_left_out_is_said_in_the_engines_words(conkers: Path) -> None:
    answers = ["3", "kurz", "long", "red", "Ana", "3", "n", "teal", "", "1", "y", "blue", "", "1", "n", ""]
    result = runner.invoke(
        app,
        ["score", "--interactive", "--lang", "de", "--pack", str(conkers)],
        input="".join(f"{a}\n" for a in answers),
    )
    assert result.exit_code == 0, result.output
    said = result.output
    assert "Gespielte Varianten (long game; mehrere durch Kommas getrennt; leer für keine)" in said  # named by its id
    assert "  Variante: „kurz“ gibt es nicht." in said  # a refused answer in the asked language
    assert "Spieler 1: Farbe (Rot, Blau, teal)" in said  # the engine's colour names, else the id
    assert "  wins:" in said and "  string snapped [j/N]:" in said  # an entry asked by its id
    assert "│ Platz " in said  # the table's own words, German as asked
    assert "Sieger: Rot (Ana) · 3 Siegpunkte — die meisten Kastanien gewonnen." in said


# --- what the command line shows for team and co-operative games --------------------------------

GALLERY = Path(__file__).parent.parent / "examples" / "sheets"


def test_a_co_operative_teams_unnamed_members_are_named_by_their_colours(tmp_path: Path) -> None:
    record = tmp_path / "nameless.yaml"
    text = (GALLERY / "pandemic" / "records" / "won.yaml").read_text(encoding="utf-8")
    record.write_text(re.sub(r", name: \w+", "", text), encoding="utf-8")
    result = runner.invoke(app, ["score", str(record), "--pack", str(GALLERY / "pandemic")], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Team (Red, Blue, Green, Yellow)" in result.output


def test_a_team_of_a_fixed_size_is_refused_by_that_one_number(tmp_path: Path) -> None:
    """A record whose team has the wrong size is refused by the one number (score -i asks so too: test_gallery.py)."""
    record = tmp_path / "three.yaml"
    text = (GALLERY / "spades" / "records" / "ns_wins.yaml").read_text(encoding="utf-8")
    record.write_text(text.replace("[Cy, Di]", "[Cy, Di, Ed]"), encoding="utf-8")
    refused = runner.invoke(app, ["score", str(record), "--pack", str(GALLERY / "spades")])
    assert refused.exit_code == 2
    assert refused.stderr == f"error: {record}:5: players[1].members: 3 members; a team has 2\n"


def test_a_fixed_number_of_teams_is_refused_as_exactly_that_number(tmp_path: Path) -> None:
    record = tmp_path / "alone.yaml"
    text = (GALLERY / "spades" / "records" / "ns_wins.yaml").read_text(encoding="utf-8")
    record.write_text("\n".join(x for x in text.splitlines() if "east_west" not in x) + "\n", encoding="utf-8")
    refused = runner.invoke(app, ["score", str(record), "--pack", str(GALLERY / "spades")])
    assert refused.exit_code == 2
    assert refused.stderr == f"error: {record}:3: players: 1 team; the game takes exactly 2\n"
