"""YAML 1.2 wherever the project reads YAML: `yes`, `no`, `on` and `off` are words, only `true` and
`false` are yes/no values; so `{yes: ENTRY}` loads as the reference writes it, and a record answers
its yes/no entries with the words of any of the pack's languages, on the command line and on the
score page alike. Messages quote values as YAML writes them; a score-only pack needs no
components.yaml; a failed check is located where it belongs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, assert_clean_outcome
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError, shown, written
from estoril_pnp.i18n.folding import fold
from estoril_pnp.pack.load import load_pack
from estoril_pnp.source import yamlsrc

runner = CliRunner()
STAWKA = ROOT / "packs" / "stawka"
PANDEMIC = ROOT / "examples" / "sheets" / "pandemic"
TINY = ROOT / "tests" / "fixtures" / "tiny_game"
WORDS = ["yes", "no", "on", "off", "y", "n"]


def parsed(text: str) -> Any:
    return yamlsrc.parse(text, "f.yaml").data


@pytest.mark.parametrize("word", [w for base in WORDS for w in (base, base.title(), base.upper())])
def test_yes_no_on_off_in_any_case_are_words(word: str) -> None:
    assert parsed(f"a: {word}\n{word}: 1\nb: [{word}]\n") == {"a": word, word: 1, "b": [word]}


@pytest.mark.parametrize(
    ("text", "value"), [(w, True) for w in ("true", "True", "TRUE")] + [(w, False) for w in ("false", "False", "FALSE")]
)
def test_only_true_and_false_are_yes_no_values(text: str, value: bool) -> None:
    assert parsed(f"a: {text}") == {"a": value}
    assert parsed("a: tRUE") == {"a": "tRUE"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1:30", "1:30"),
        ("010", 10),
        ("0o10", 8),
        ("0x1F", 31),
        ("1_000", "1_000"),
        ("2024-05-01", "2024-05-01"),
        ("~", None),
    ],
)
def test_numbers_read_as_yaml_1_2_writes_them(text: str, value: Any) -> None:
    assert parsed(f"a: {text}") == {"a": value}


def test_the_reference_yes_form_loads_unquoted(tmp_path: Path) -> None:
    sheet = (PANDEMIC / "scoring.yaml").read_text(encoding="utf-8")
    assert "{yes: cubes_out}" in sheet and '"yes"' not in sheet
    result = runner.invoke(
        app, ["score", str(PANDEMIC / "records" / "lost_cards.yaml"), "--pack", str(PANDEMIC), "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["end"] == "cards"  # {yes: cards_out} read the record


def test_words_stay_words_in_a_catalog_and_an_item(tmp_path: Path) -> None:
    pack = tmp_path / "tiny"
    shutil.copytree(TINY, pack)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Gull,", "name: Off,"), encoding="utf-8")
    catalog = pack / "i18n" / "en.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8") + "extra:\n  answer: No\n", encoding="utf-8")
    loaded = load_pack(pack)
    assert loaded.items["cards.yaml"][2].face["name"] == "Off"
    assert loaded.catalogs["en"]["extra.answer"] == "No"


def _stawka(goal_pl: str, goal_de: str, arrests: str) -> str:
    return (
        "scenario: extended\nsecrets_to_win: 2\nplayers:\n"
        f"  - {{colour: pl, easy: 1, hard: 0, tens: 0, secrets: 0, goal: {goal_pl}}}\n"
        f"  - {{colour: de, easy: 0, hard: 1, tens: 0, secrets: 0, goal: {goal_de}, arrests: {arrests}}}\n"
    )


def _scored(pack: Path, record: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def word_records() -> list[tuple[str, str, str]]:
    """(language, record with that language's words, the same record with true/false), per catalog of Stawka."""
    out = []
    for lang, catalog in sorted(load_pack(STAWKA).catalogs.items()):
        yes, no = catalog["answer.yes_word"], catalog["answer.no_word"]
        out.append((lang, _stawka(no, yes.upper(), f'"{no}"'), _stawka("false", "true", "false")))
    return out


@pytest.mark.parametrize(("lang", "words", "booleans"), word_records())
def test_a_record_answered_with_a_languages_words_scores_as_true_and_false(
    tmp_path: Path, lang: str, words: str, booleans: str
) -> None:
    said, meant = tmp_path / "words.yaml", tmp_path / "booleans.yaml"
    said.write_text(words, encoding="utf-8")
    meant.write_text(booleans, encoding="utf-8")
    assert _scored(STAWKA, said) == _scored(STAWKA, meant)
    assert _scored(STAWKA, said)["players"][0]["ended"] == ["goal"]  # de's goal: yes, so it ended the game


def test_every_shipped_language_has_yes_and_no_words() -> None:
    for pack in (ROOT / "data", STAWKA, ROOT / "packs" / "espionage_1762"):
        for lang, catalog in load_pack(pack).catalogs.items():
            yes, no = fold(catalog["answer.yes_word"]), fold(catalog["answer.no_word"])
            assert yes and no and yes != no, (pack.name, lang)


def test_a_game_entry_answered_yes(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    text = (PANDEMIC / "records" / "lost_cards.yaml").read_text(encoding="utf-8")
    assert "cards_out: true" in text
    record.write_text(text.replace("cards_out: true", "cards_out: yes"), encoding="utf-8")
    assert _scored(PANDEMIC, record) == _scored(PANDEMIC, PANDEMIC / "records" / "lost_cards.yaml")


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (True, "true"),
        (None, "null"),
        (float("nan"), ".nan"),
        (float("-inf"), "-.inf"),
        ("it's", "'it''s'"),
        ("a\nb", '"a\\nb"'),
        ({"x": None}, "{x: null}"),
        (["on", 2], "['on', 2]"),
    ],
)
def test_a_message_quotes_a_value_as_yaml_writes_it(value: Any, said: str) -> None:
    assert written(value) == said == shown(value)


def test_no_message_quotes_a_python_repr() -> None:
    """Every "(got …)" of the package quotes through written/shown, never `!r` or repr()."""
    offenders = []
    for file in (ROOT / "estoril_pnp").rglob("*.py"):
        for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if "(got {" in line and ("!r}" in line or "repr(" in line):
                offenders.append(f"{file.relative_to(ROOT)}:{n}")
    assert offenders == []


def test_a_layout_value_of_the_wrong_type_is_quoted_as_yaml(tmp_path: Path) -> None:
    pack = tmp_path / "tiny"
    shutil.copytree(TINY, pack)
    layout = next((pack / "layouts").glob("*.yaml"))
    text = layout.read_text(encoding="utf-8")
    assert re.search(r"^palette:\n  (\w+): ", text, re.M), text[:400]
    layout.write_text(re.sub(r"^(palette:\n  \w+: )[^\n]+", r"\1true", text, count=1, flags=re.M), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert "(got true)" in result.output and "True" not in result.output, result.output


def test_a_score_only_pack_needs_no_components_yaml(tmp_path: Path) -> None:
    assert not (PANDEMIC / "components.yaml").exists()  # as every pack of the gallery
    pack = tmp_path / "pandemic"
    shutil.copytree(PANDEMIC, pack)
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    assert _scored(pack, pack / "records" / "won.yaml") == _scored(PANDEMIC, PANDEMIC / "records" / "won.yaml")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert (out / "en" / "a4" / "scorepad.pdf").is_file() and (out / "en" / "score.html").is_file()


def test_a_pack_with_neither_components_nor_a_sheet_still_needs_components(tmp_path: Path) -> None:
    pack = tmp_path / "pandemic"
    shutil.copytree(PANDEMIC, pack)
    (pack / "scoring.yaml").unlink()
    with pytest.raises(InputError, match=r"components\.yaml: file not found"):
        load_pack(pack)


def test_a_failed_check_of_the_whole_game_is_its_message_at_no_key(tmp_path: Path) -> None:
    spades = ROOT / "examples" / "sheets" / "spades"
    result = runner.invoke(app, ["score", str(spades / "records" / "impossible_tricks.yaml"), "--pack", str(spades)])
    assert_clean_outcome(result, 2)
    assert result.stderr.endswith("impossible_tricks.yaml: the tricks add up to 14; a hand has 13\n"), result.stderr
    assert ": players:" not in result.stderr


def test_a_failed_check_of_a_seat_is_at_the_seat_as_the_docs_write_it(tmp_path: Path) -> None:
    docs = (ROOT / "docs" / "score-sheet.md").read_text(encoding="utf-8")
    assert "players.1" not in docs and "players[1]" in docs
    record = tmp_path / "r.yaml"
    record.write_text(
        _stawka("false", "false", "false").replace(
            "secrets: 0, goal: false, arrests", "secrets: 5, goal: false, arrests"
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", str(record), "--pack", str(STAWKA)])
    assert_clean_outcome(result, 2)
    assert re.search(r"r\.yaml:\d+: players\[1\]\.?\w*:", result.stderr), result.stderr


@pytest.mark.slow
def test_the_score_page_reads_a_languages_words_as_the_command_line(tmp_path: Path, browser: Any) -> None:
    from test_score_page import CHROMIUM, Watched

    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--pack", str(STAWKA), "--lang", "all", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    records = word_records()
    want = []
    for i, (_, words, _) in enumerate(records):
        path = tmp_path / f"r{i}.yaml"
        path.write_text(words, encoding="utf-8")
        want.append(_scored(STAWKA, path))
    refused = _stawka("on", "false", "false")
    for lang, _, _ in records:  # every language's page reads every language's words
        watched = Watched(browser, (out / lang / "score.html").as_uri())
        got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", [w for _, w, _ in records] + [refused])
        assert got[:-1] == want, lang
        fault = got[-1]["faults"]
        assert len(fault) == 1 and "PL" in fault[0] and "— " in fault[0] and "players.0" not in fault[0], fault
        assert watched.errors == []
        watched.close()


@pytest.mark.parametrize("name", ["yes", "1e3", "0o10", "1:30", "on", "010", "True", "null", "~", "2024-01-01"])
def test_a_saved_record_reads_back_as_it_was_in_either_yaml(name: str) -> None:
    import yaml

    from estoril_pnp.source.yamlparse import dump

    record = {"players": [{"colour": "red", "name": name, "goal": True, "coins": 10}]}
    text = dump(record)
    assert parsed(text) == record == yaml.safe_load(text)  # score -i saves what both read back


def test_a_sheet_key_that_is_a_yes_no_value_is_said_as_yaml_writes_it(tmp_path: Path) -> None:
    pack = tmp_path / "pandemic"
    shutil.copytree(PANDEMIC, pack)
    sheet = pack / "scoring.yaml"
    sheet.write_text(
        sheet.read_text(encoding="utf-8").replace("{yes: cubes_out}", "{true: cubes_out}", 1), encoding="utf-8"
    )
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1, result.output
    assert "(got true)" in result.output and "True" not in result.output, result.output
