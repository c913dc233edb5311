"""Text from users is text: names never act as rich markup, emoji codes or terminal escapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import assert_clean_outcome, replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.terminal import clean, safe_json

runner = CliRunner()
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\r", "\x00")  # none of these may reach the terminal as they are

# As written in a YAML double-quoted string, and what the terminal must show instead of obeying it.
HOSTILE_NAMES = [
    ("[/bold]", "[/bold]"),
    ("[bold red]Ana[/]", "[bold red]Ana[/]"),
    ("[link=https://example.com]Ana[/link]", "[link=https://example.com]Ana[/link]"),
    (":smile: Ana", ":smile: Ana"),
    ("\\e[2J\\e[HAna", "\\x1b[2J\\x1b[HAna"),  # clear the screen
    ("\\e]0;pwned\\a", "\\x1b]0;pwned\\x07"),  # set the window title
    ("\\x9b31mAna", "\\x9b31mAna"),  # the one-byte C1 escape
    ("Ana\\u202eanA", "Ana\\u202eanA"),  # right-to-left override
    ("Ana\\rBea", "Ana\\rBea"),  # carriage return overwrites the line
    ("Ana\\nerror: forged", "Ana\\nerror: forged"),  # a second, forged line
]


def record(name: str) -> str:
    return f"""\
players:
  - {{colour: red, name: "{name}", hand: [s_smith], discards: 0}}
  - {{colour: yellow, name: Bea, hand: [otto_m], discards: 1}}
missions: [most_assassin, most_conspirator, most_nationalist, most_seducer]
"""


def no_raw_controls(text: str) -> None:
    assert not any(ch in text for ch in RAW), repr(text)


@pytest.mark.parametrize(("written", "shown"), HOSTILE_NAMES)
def test_a_player_name_is_shown_as_written_in_the_table(tmp_path: Path, written: str, shown: str) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(record(written), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)], env={"COLUMNS": "300"})
    assert_clean_outcome(result, 0)
    no_raw_controls(result.stdout)
    assert f"Red ({shown})" in result.stdout
    assert not any(line.startswith("error:") for line in result.stdout.splitlines())


@pytest.mark.parametrize(("written", "shown"), HOSTILE_NAMES)
def test_a_player_name_survives_json_exactly_and_inertly(tmp_path: Path, written: str, shown: str) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(record(written), encoding="utf-8")
    result = runner.invoke(app, ["score", "--json", str(path)])
    assert_clean_outcome(result, 0)
    no_raw_controls(result.stdout.replace("\n", ""))
    red = next(p for p in json.loads(result.stdout)["players"] if p["colour"] == "red")
    assert red["name"] == yaml.safe_load(f'"{written}"')  # the very name, for programs
    assert clean(red["name"]) == shown


def test_a_lone_surrogate_in_a_catalog_is_a_finding_not_a_crash(pack_copy: Path) -> None:
    line = replace_once(pack_copy / "i18n" / "en.yaml", "  characters: Characters\n", '  characters: "\\uD800"\n')
    result = runner.invoke(app, ["list", "characters", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 2)
    assert f"{pack_copy / 'i18n' / 'en.yaml'}:{line}:" in result.stderr
    assert "Unicode" in result.stderr  # libyaml calls it a syntax error; PyYAML's parser leaves it to our check
    assert clean("a\ud800b") == "a\\ud800b"


def test_json_escaping_is_lossless() -> None:
    data = {"name": "a\x1b\x9b\u202e\u2028\n\tb"}
    dumped = safe_json(json.dumps(data, ensure_ascii=False))
    no_raw_controls(dumped)
    assert json.loads(dumped) == data


@pytest.mark.parametrize(("written", "shown"), HOSTILE_NAMES)
def test_a_pack_name_is_shown_as_written_by_list(pack_copy: Path, written: str, shown: str) -> None:
    replace_once(pack_copy / "characters.yaml", 'name: "Garbo"', f'name: "{written}"')
    replace_once(pack_copy / "locations.yaml", 'name: "Hotel Palácio"', f'name: "{written}"')
    for what in ("characters", "locations"):
        result = runner.invoke(app, ["list", what, "--pack", str(pack_copy)], env={"COLUMNS": "300"})
        assert_clean_outcome(result, 0)
        no_raw_controls(result.stdout)
        assert shown in result.stdout


def test_catalog_text_is_not_markup(pack_copy: Path) -> None:
    title = '  characters: "[red]Cards[/] [/bold]"\n'
    replace_once(pack_copy / "i18n" / "en.yaml", "  characters: Characters\n", title)
    result = runner.invoke(app, ["list", "characters", "--pack", str(pack_copy)], env={"COLUMNS": "300"})
    assert_clean_outcome(result, 0)
    assert "[red]Cards[/] [/bold]" in result.stdout


def test_escapes_in_findings_are_shown_not_obeyed(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    text = record("Ana").replace("missions:", '"\\e[2Jscore\\rforged": 1\nmissions:')
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert_clean_outcome(result, 2)
    no_raw_controls(result.stderr)
    assert result.stderr == f"error: {path}:4: \\x1b[2Jscore\\rforged: unknown key\n"


def test_a_folder_name_with_brackets_is_printed_as_it_is(pack_copy: Path) -> None:
    odd = pack_copy.parent / "[bold]pack[red]"
    pack_copy.rename(odd)
    result = runner.invoke(app, ["validate", "--pack", str(odd)])
    assert_clean_outcome(result, 0)
    assert f"{odd}: City of Spies: Estoril 1942: 27 reward characters" in result.stdout


def test_an_unknown_name_quotes_its_escapes(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(record("Ana").replace("s_smith", '"\\e[31msmith"'), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert_clean_outcome(result, 2)
    no_raw_controls(result.stderr)
    assert 'unknown character "\\x1b[31msmith"' in result.stderr
