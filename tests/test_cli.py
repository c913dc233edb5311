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
        f"error: {pack_copy / 'characters.yaml'}:{line}: reward[26].strength: "
        "Input should be a valid integer (got 'five')"
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
