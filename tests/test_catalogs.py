"""Catalog placeholders: only plain {name} fields from an allowed list; validate reports the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import replace_once
from typer.testing import CliRunner

from estoril_pnp import validate as validation
from estoril_pnp.cli import app
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.i18n.catalogs import CALL_VALUES, Texts, fill, placeholder_problems

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "filled"),
    [
        ("hand limit {hand_limit}", "hand limit 6"),
        ("{{hand_limit}} is written so", "{hand_limit} is written so"),
        ("{hand_limit.__class__}", "{hand_limit.__class__}"),  # attributes are never reached
        ("{hand_limit.__class__.__mro__[1].__subclasses__}", "{hand_limit.__class__.__mro__[1].__subclasses__}"),
        ("{names[0]}", "{names[0]}"),  # nor indexes
        ("{hand_limit!r:>20}", "{hand_limit!r:>20}"),  # nor conversions and formats
        ("{0} {}", "{0} {}"),  # nor positions
        ("a lone { and }", "a lone { and }"),
        ("{unknown}", "{unknown}"),
        ("{", "{"),
        ("}}{{", "}{"),
    ],
)
def test_fill_only_fills_plain_known_names(text: str, filled: str) -> None:
    assert fill(text, {"hand_limit": 6, "names": ["Ana"]}) == filled


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ("{hand_limit} and {{braces}}", []),
        (
            "{hand_limit.__class__}",
            ["malformed placeholder '{hand_limit.__class__}': only {name} or {name|one:…|other:…} is allowed"],
        ),
        ("{names[0]}", ["malformed placeholder '{names[0]}': only {name} or {name|one:…|other:…} is allowed"]),
        ("{x!r}", ["malformed placeholder '{x!r}': only {name} or {name|one:…|other:…} is allowed"]),
        ("{}", ["malformed placeholder '{}': only {name} or {name|one:…|other:…} is allowed"]),
        ("{rondas}", ["unknown placeholder '{rondas}'"]),
        ("open { brace", ["a lone '{' (write {{ for a brace)"]),
        ("close } brace", ["a lone '}' (write }} for a brace)"]),
        ("{hand_limit} {hand_limit|one:card|other:cards}", []),
        ("{hand_limit|one:card}", ["plural selector '{hand_limit|one:card}' has no 'other' form"]),
        (
            "{hand_limit|one:card|cards}",
            ["malformed placeholder '{hand_limit|one:card|cards}': only {name} or {name|one:…|other:…} is allowed"],
        ),
        ("{rondas|one:a|other:b}", ["unknown placeholder '{rondas|one:a|other:b}'"]),
    ],
)
def test_placeholder_problems(text: str, problems: list[str]) -> None:
    assert placeholder_problems(text, {"hand_limit"}) == problems


def test_a_plural_selector_names_only_the_forms_its_language_has() -> None:
    text = "{hand_limit|one:karta|few:karty|many:kart|other:karty}"
    assert placeholder_problems(text, {"hand_limit"}, "pl") == []
    wrong = f"plural selector '{text}': de has no plural form few, many"
    assert placeholder_problems(text, {"hand_limit"}, "de") == [wrong]


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("pl", 1, "1 karta"),
        ("pl", 2, "2 karty"),
        ("pl", 5, "5 kart"),
        ("pl", 22, "22 karty"),
        ("pl", 25, "25 kart"),
        ("de", 5, "5 Karten"),
        ("hu", 5, "5 kártya"),
    ],
)
def test_a_noun_after_a_number_takes_the_languages_plural_form(lang: str, count: int, said: str) -> None:
    forms = {
        "en": "{n|one:card|other:cards}",
        "pl": "{n|one:karta|few:karty|many:kart|other:karty}",
        "de": "{n|one:Karte|other:Karten}",
        "hu": "{n|one:kártya|other:kártya}",
    }
    assert fill("{n} " + forms[lang], {"n": count}, lang) == said


@pytest.mark.parametrize(
    ("lang", "joined"),
    [
        ("en", "A, B, and C"),
        ("pl", "A, B i C"),
        ("hu", "A, B és C"),
        ("pt", "A, B e C"),
        ("de", "A, B und C"),
        ("es", "A, B y C"),
    ],
)
def test_lists_of_names_are_joined_the_languages_way(lang: str, joined: str) -> None:
    assert Texts({}, lang).list(["A", "B", "C"]) == joined
    assert Texts({}, lang).list(["A"]) == "A"


def test_every_key_with_call_values_exists_in_english(pack: Estoril) -> None:
    assert set(CALL_VALUES) <= set(pack.catalogs["en"])


def test_texts_never_raise_on_a_hostile_catalog(pack: Estoril) -> None:
    hostile = {**pack.catalogs["en"], "score.winner": "{names.__class__} {0} { {names!r}"}
    t = Texts({"en": hostile}, "en")
    assert t("score.winner", names="Ana") == "{names.__class__} {0} { {names!r}"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('winner: "Winner: {names}"', 'winner: "Winner: {names.__class__}"', "malformed placeholder"),
        ("after round {rounds}.", "after round {rounds.real}.", "malformed placeholder"),
        ("after round {rounds}.", "after round {round}.", "unknown placeholder '{round}'"),
        ("after round {rounds}.", "after round {rounds.", "a lone '{'"),
        ('saved: "Record saved to {path}."', 'saved: "Record saved to {names}."', "unknown placeholder '{names}'"),
    ],
)
def test_validate_reports_a_bad_placeholder_in_english(pack_copy: Path, old: str, new: str, message: str) -> None:
    replace_once(pack_copy / "i18n" / "en.yaml", old, new)
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1, result.output
    assert any(line.startswith("error:") and message in line for line in result.output.splitlines()), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_calibrate_and_list_survive_a_hostile_placeholder(pack_copy: Path, tmp_path: Path) -> None:
    en = pack_copy / "i18n" / "en.yaml"
    replace_once(en, '"Front · {paper} · {backs}', '"Front · {paper.__class__.__init__.__globals__} · {backs')
    replace_once(en, "deck_starting: starting ×{colours}", "deck_starting: starting ×{colours[0]}")
    result = runner.invoke(app, ["calibrate", "--pack", str(pack_copy), "--out", str(tmp_path / "c.pdf")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["list", "characters", "--pack", str(pack_copy)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "starting ×{colours[0]}" in result.stdout


def test_a_translation_may_not_use_what_english_uses_wrongly(pack_copy: Path) -> None:
    """The allowed list is the code's, not whatever the English text happens to contain."""
    replace_once(pack_copy / "i18n" / "en.yaml", "after round {rounds}.", "after round {secret}.")
    (pack_copy / "i18n" / "xx.yaml").write_text("piece:\n  round_track_rule: Runde {secret}\n", encoding="utf-8")
    report = validation.validate(pack_copy)
    bad = sorted(str(f.file).rsplit("/", 1)[-1] for f in report.errors if "'{secret}'" in f.message)
    assert bad == ["en.yaml", "xx.yaml"]


# validate runs every check and reports every finding


def test_pieces_are_checked_even_when_a_translation_warns(pack_copy: Path) -> None:
    (pack_copy / "i18n" / "xx.yaml").write_text("colour:\n  red: Rot\n", encoding="utf-8")  # a warning
    replace_once(pack_copy / "characters.yaml", 'name: "Garbo"', f'name: "{"Garbo " * 40}"')  # does not fit
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("warning:") and "keys not translated" in line for line in lines)
    assert any(line.startswith("error: characters/garbo [en]") and "does not fit" in line for line in lines)
    assert lines[-1].endswith(": FAILED")


def test_pieces_are_checked_even_with_count_and_catalog_errors(pack_copy: Path) -> None:
    replace_once(pack_copy / "game.yaml", "missions: 12", "missions: 11")
    replace_once(pack_copy / "i18n" / "en.yaml", "after round {rounds}.", "after round {round}.")
    replace_once(pack_copy / "characters.yaml", 'name: "Garbo"', f'name: "{"Garbo " * 40}"')
    report = validation.validate(pack_copy)
    messages = [f.message for f in report.errors]
    assert any("but the game has 11" in m for m in messages)
    assert any("unknown placeholder" in m for m in messages)
    assert any("does not fit" in m for m in messages)


def test_a_piece_check_that_raises_becomes_a_finding(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object) -> list:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(validation, "check_pieces", broken)
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    assert f"error: {pack_copy}: the pieces could not be laid out (ZeroDivisionError: division by zero)" in (
        result.output
    )
