from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import replace_once
from typer.testing import CliRunner

from estoril_pnp import __version__
from estoril_pnp.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def test_validate_reports_the_game_counts() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    for words in ("27 reward characters", "24 starting cards", "12 missions", "8 locations", "0 error(s)"):
        assert words in result.output


def test_list_characters_shows_luciano_numbers() -> None:
    result = runner.invoke(app, ["list", "characters"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    row = next(line for line in result.output.splitlines() if "C. Lucky Luciano" in line)
    cells = [c.strip() for c in row.split("│") if c.strip()]
    assert cells[:6] == ["lucky_luciano", "C. Lucky Luciano", "reward", "Italy", "5", "1"]


@pytest.mark.parametrize("what", ["missions", "locations"])
def test_list_other_tables(what: str) -> None:
    result = runner.invoke(app, ["list", what], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert {"missions": "Other Nations", "locations": "Museu Conde Castro Guimarães"}[what] in result.output


ONE_FAULT = [
    ("characters.yaml", 'name: "Garbo",', 'name: "Garbo"'),  # broken YAML syntax
    ("characters.yaml", "id: s_smith,", "id: garbo,"),  # a duplicate id
    ("characters.yaml", "abilities: [nationalist, nationalist]", "abilities: [nationalist, sniper]"),
    ("characters.yaml", "strength: 5,", 'strength: "five",'),
    ("missions.yaml", "kind: strength}", "kind: strength, bonus: 2}"),  # an extra unknown key
]


@pytest.mark.parametrize(("file", "old", "new"), ONE_FAULT)
def test_one_fault_gives_one_line_with_file_and_line(pack_copy: Path, file: str, old: str, new: str) -> None:
    line = replace_once(pack_copy / file, old, new)
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    [error] = [x for x in result.output.splitlines() if x.startswith("error:")]
    reported = int(error.removeprefix(f"error: {pack_copy / file}:").split(":")[0])
    assert reported == line or (reported > line and "YAML syntax" in error)
    assert "Traceback" not in result.output


def test_validate_a_broken_copy_names_the_line(pack_copy: Path) -> None:
    line = replace_once(pack_copy / "characters.yaml", "strength: 5,", 'strength: "five",')
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    errors = [x for x in result.output.splitlines() if x.startswith("error:")]
    assert errors == [
        f"error: {pack_copy / 'characters.yaml'}:{line}: reward[26].strength: must be a whole number (got 'five')"
    ]
    assert "Traceback" not in result.output


def test_validate_counts_against_the_published_game(pack_copy: Path) -> None:
    text = (pack_copy / "missions.yaml").read_text()
    (pack_copy / "missions.yaml").write_text(text.replace("  - {id: strongest,        kind: strength}\n", ""))
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    assert "missions: 11 entries, but the game has 12" in result.output


def test_strict_fails_on_warnings(pack_copy: Path) -> None:
    (pack_copy / "i18n" / "xx.yaml").write_text("colour:\n  red: Rot\n", encoding="utf-8")
    assert runner.invoke(app, ["validate", "--pack", str(pack_copy)]).exit_code == 0
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy), "--strict"])
    assert result.exit_code == 1
    assert "keys not translated" in result.output


def test_missing_pack_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--pack", str(tmp_path / "nope")])
    assert result.exit_code == 2
    result = runner.invoke(app, ["list", "missions", "--pack", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "no such pack directory" in result.output


def test_version_and_help() -> None:
    assert runner.invoke(app, ["--version"]).output.strip() == f"estoril-pnp {__version__}"
    for command in ([], ["validate"], ["list"]):
        result = runner.invoke(app, [*command, "--help"])
        assert result.exit_code == 0
        assert "Usage" in result.output


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ESTORIL_SKIP_INSTALL") == "1", reason="install test disabled")
def test_installed_package_works_from_any_directory(tmp_path: Path) -> None:
    """`pip install .` (not editable) must carry the pack: run it from an unrelated folder."""
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(ROOT)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-m", "estoril_pnp", "validate"], cwd=elsewhere, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert str(target) in result.stdout.replace("\n", "")
    assert "27 reward characters" in result.stdout


def test_a_plain_pack_lists_its_items_files_and_names_what_it_lists() -> None:
    tiny = str(ROOT / "tests" / "fixtures" / "tiny_game")
    offered = runner.invoke(app, ["list", "--pack", tiny])
    assert offered.exit_code == 0 and "cards" in offered.stdout and "characters" not in offered.stdout
    cards = runner.invoke(app, ["list", "cards", "--pack", tiny], env={"COLUMNS": "200"})
    assert cards.exit_code == 0 and "Fog Bank" in cards.stdout and "Light two lamps" in cards.stdout
    wrong = runner.invoke(app, ["list", "characters", "--pack", tiny])
    assert wrong.exit_code == 2 and "it lists: " in wrong.output and "cards" in wrong.output


def test_house_rules_are_the_sheets_options_given_as_key_value(tmp_path: Path) -> None:
    record = ROOT / "data" / "examples" / "scoring.yaml"
    for bad, said in [("zero_wins=maybe", "zero_wins must be yes or no"), ("rounding", "is not KEY=VALUE")]:
        result = runner.invoke(app, ["score", str(record), "--option", bad])
        assert result.exit_code == 2 and said in result.output
    unknown = runner.invoke(app, ["score", str(record), "-o", "zero_win=yes"])
    assert (
        unknown.exit_code == 2 and "the score sheet's options: zero_wins, rounding, recruit_starting" in unknown.output
    )
    assert runner.invoke(app, ["score", str(record), "-o", "zero_wins=yes", "-o", "rounding=up"]).exit_code == 0
    # the same house rule given twice: the same value is one rule, two values are a contradiction, not the last one
    assert runner.invoke(app, ["score", str(record), "-o", "zero_wins=yes", "-o", "zero_wins=on"]).exit_code == 0
    twice = runner.invoke(app, ["score", str(record), "-o", "zero_wins=yes", "-o", "zero_wins=no"])
    assert twice.exit_code == 2
    assert twice.output.splitlines() == ["error: --option: zero_wins given twice: 'yes', then 'no'"]


def test_score_help_names_the_house_rules_of_the_pack_given() -> None:
    def helped(*pack: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "estoril_pnp", "score", "--help", *pack],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": "200"},
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "rounding=down|up" in helped() and "zero_wins=yes|no" in helped()
    tiny = helped("--pack", str(ROOT / "tests" / "fixtures" / "tiny_game"))
    assert "rounding" not in tiny and "House rules" in tiny


def test_the_command_line_names_no_game() -> None:
    """Options, tables and help come from the pack: cli.py names no piece or house rule of City of Spies."""
    cli = (ROOT / "estoril_pnp" / "cli.py").read_text(encoding="utf-8").lower()
    for word in ("zero_wins", "zero-wins", "rounding", "recruit", "character", "mission", "location", "city of spies"):
        assert word not in cli, word


TINY = ROOT / "tests" / "fixtures" / "tiny_game"


@pytest.mark.parametrize(
    ("given", "line"),
    [
        (["--shop", "thegamecrafter", "--layout", "single"], "error: --layout: not used with --shop"),
        (["--shop", "thegamecrafter", "--backs", "fold"], "error: --backs: not used with --shop"),
        (["--shop", "thegamecrafter", "--paper", "letter"], "error: --paper: not used with --shop"),
        (["--shop", "thegamecrafter", "--back-offset", "1,1"], "error: --back-offset: not used with --shop"),
        (["--shop", "thegamecrafter", "--corner", "3"], "error: --corner: not used with --shop"),
        (["--cutter", "silhouette", "--backs", "duplex-short"], "error: --backs: not used with --cutter"),
        (["--cutter", "silhouette", "--overlap", "20"], "error: --overlap: not used with --cutter"),
        (["--cutter", "silhouette", "--cmyk", "/no/such.icc"], "error: --cmyk: not used with --cutter"),
        (["--corner", "3"], "error: --corner: only with --cutter"),
        (["--cmyk", "/no/such.icc"], "error: --cmyk: only with --shop"),
    ],
)
def test_an_option_the_output_does_not_use_is_refused_not_ignored(tmp_path: Path, given: list[str], line: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--pack", str(TINY), "--lang", "en", "--out", str(out), "-q", *given])
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith(line), result.output
    assert not out.exists()


@pytest.mark.parametrize(
    ("what", "shown"),
    [("\x1b]0;x\x07", r"'\x1b]0;x\x07'"), ("[red]x[/red]", "'[red]x[/red]'"), ("a\\b", r"'a\\b'")],
)
def test_list_names_an_unknown_table_once_escaped_as_typed(what: str, shown: str) -> None:
    result = runner.invoke(app, ["list", what, "--pack", str(TINY)])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: WHAT: this pack has no table {shown}; it lists: cards, boards, aids"]


def test_validate_refuses_a_bleed_it_would_not_check() -> None:
    # validate checks sizes with the default bleed; --bleed is what a shop's bleed is checked against
    result = runner.invoke(app, ["validate", "--pack", str(TINY), "--bleed", "2"])
    assert result.exit_code == 2
    assert result.output.splitlines() == ["error: --bleed: only with --shop; leave it out"]
