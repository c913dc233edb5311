"""`score --interactive` keeps what was typed: answers checked at once, saving offered first, nothing lost."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SHIPPED, assert_clean_outcome
from test_score_cli import EXAMPLE_ANSWERS
from typer.testing import CliRunner, Result

from estoril_pnp.cli import app
from estoril_pnp.errors import Finding, InputError
from estoril_pnp.files import atomic
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.scoring import ask as scoreask
from estoril_pnp.scoring import calc as scorecalc

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
ENDED = "error: <stdin>: input ended before every question was answered\n"


def session(answers: list[str], *options: str) -> Result:
    return runner.invoke(app, ["score", "--interactive", *options], input="".join(f"{a}\n" for a in answers))


def with_answer(answers: list[str], after: str, *inserted: str) -> list[str]:
    """`answers` with `inserted` typed right after the first answer equal to `after`."""
    at = answers.index(after) + 1
    return [*answers[:at], *inserted, *answers[at:]]


@pytest.mark.slow
@pytest.mark.parametrize("typed", range(len(EXAMPLE_ANSWERS) + 1))
def test_end_of_input_at_any_question_is_one_line_and_exit_2(typed: int) -> None:
    result = session(EXAMPLE_ANSWERS[:typed])
    assert_clean_outcome(result, 2)
    assert result.stderr == ENDED


def test_ctrl_c_is_one_line_and_exit_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "estoril_pnp", "score", "--interactive"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"3\n")
    process.stdin.flush()
    seen, deadline = b"", time.monotonic() + 30
    while b"Variants" not in seen and time.monotonic() < deadline:  # wait for the second question
        seen += os.read(process.stdout.fileno(), 4096)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert (process.returncode, err) == (130, b"error: interrupted; nothing more was written\n")


def test_secret_missions_with_two_players_is_refused_at_once_and_asked_again() -> None:
    answers = list(EXAMPLE_ANSWERS)
    answers[1:2] = ["secret missions", ""]
    result = session([*answers, ""])
    assert_clean_outcome(result, 0)
    assert "Secret Missions needs at least 3 players; this game has 2." in result.stdout
    assert "Winner: Red (Ana)" in result.stdout


def test_too_many_discards_are_refused_at_once() -> None:
    answers = list(EXAMPLE_ANSWERS)
    answers[answers.index("7")] = "100"
    answers = with_answer(answers, "100", "7")
    result = session([*answers, ""])
    assert_clean_outcome(result, 0)
    assert "Discards: at most 27; the game has no more." in result.stdout  # 33 less the 6 in hand
    assert "Winner: Red (Ana)" in result.stdout


def test_discards_of_all_players_together_are_bounded() -> None:
    # 2 players: 12 starting characters and 27 rewards; red holds 6 and discards 27, yellow holds 3
    answers = list(EXAMPLE_ANSWERS)
    answers[answers.index("7")] = "27"
    answers[answers.index("otto, nora")] = "4"
    answers = with_answer(answers, "4", "2")
    result = session([*answers, ""])
    assert_clean_outcome(result, 0)
    assert "Discards: at most 3; the game has no more." in result.stdout


@pytest.mark.parametrize("typed", ["\x1b[A", "red\x00", "x" * 5000])
def test_control_characters_and_runaway_pastes_are_asked_again(typed: str) -> None:
    result = session([*with_answer(EXAMPLE_ANSWERS, "2", typed), ""])
    assert_clean_outcome(result, 0)
    assert "please" in result.stdout  # the runner echoes what was typed; only our own lines are checked


def test_not_utf8_input_is_one_line() -> None:
    result = runner.invoke(app, ["score", "--interactive"], input=b"2\n\n\xff\xfe\n")
    assert_clean_outcome(result, 2)
    assert result.stderr == "error: <stdin>: not UTF-8 text\n"


def test_a_typed_name_is_text() -> None:
    answers = list(EXAMPLE_ANSWERS)
    answers[answers.index("Ana")] = "[/bold] Ana"
    result = session([*answers, ""])
    assert_clean_outcome(result, 0)
    assert "Red ([/bold] Ana)" in result.stdout


def test_the_record_is_offered_before_scoring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("a bug in scoring")

    monkeypatch.setattr(scorecalc, "score", broken)
    saved = tmp_path / "game.yaml"
    result = session([*EXAMPLE_ANSWERS, str(saved)])
    assert isinstance(result.exception, RuntimeError)  # a real bug may still show itself...
    assert "players:" in saved.read_text(encoding="utf-8")  # ...but the typed-in game is safe


def test_a_record_refused_at_the_end_is_still_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> None:
        raise InputError([Finding("<interactive>", None, "", "a rule nobody foresaw")])

    monkeypatch.setattr(scoreask, "parse", refuse)
    saved = tmp_path / "game.yaml"
    result = session([*EXAMPLE_ANSWERS, str(saved)])
    assert_clean_outcome(result, 2)
    assert result.stderr == "error: <interactive>: a rule nobody foresaw\n"
    text = saved.read_text(encoding="utf-8")
    assert "name: Ana" in text and "discards: 7" in text


def test_an_existing_file_is_never_overwritten_without_asking(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    saved.write_text("precious\n", encoding="utf-8")
    other = tmp_path / "other.yaml"
    result = session([*EXAMPLE_ANSWERS, str(saved), "n", str(saved), "", str(other)])
    assert_clean_outcome(result, 0)
    assert saved.read_text(encoding="utf-8") == "precious\n"
    assert result.stdout.count(f"{saved} exists. Replace it? [y/N]") == 2
    assert "players:" in other.read_text(encoding="utf-8")
    result = session([*EXAMPLE_ANSWERS, str(saved), "y"])
    assert_clean_outcome(result, 0)
    assert "players:" in saved.read_text(encoding="utf-8")


def test_bad_save_paths_are_asked_again(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    good = tmp_path / "game.yaml"
    bad = [str(tmp_path), str(tmp_path / "nope" / "game.yaml"), str(tmp_path / "plain" / "game.yaml"), "/dev/null"]
    result = session([*EXAMPLE_ANSWERS, *bad, str(good)])
    assert_clean_outcome(result, 0)
    assert f"{tmp_path} is a folder; give a file name." in result.stdout
    assert f"There is no folder {tmp_path / 'nope'}." in result.stdout
    assert f"There is no folder {tmp_path / 'plain'}." in result.stdout
    assert "/dev/null is not a regular file." in result.stdout
    assert good.is_file()
    assert "Winner: Red (Ana)" in result.stdout


def test_an_unwritable_folder_is_asked_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = atomic.tempfile.mkstemp
    calls = []

    def refuse_once(*args: object, **kwargs: object) -> tuple[int, str]:
        calls.append(1)
        if len(calls) == 1:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse_once)
    result = session([*EXAMPLE_ANSWERS, str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")])
    assert_clean_outcome(result, 0)
    assert f"Cannot write {tmp_path / 'a.yaml'}: Permission denied" in result.stdout
    assert (tmp_path / "b.yaml").is_file() and not (tmp_path / "a.yaml").exists()


def test_polish_scoring_takes_polish_yes_and_no(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    saved.write_text("precious\n", encoding="utf-8")
    pl = Texts(SHIPPED.catalogs, "pl")
    result = session([*EXAMPLE_ANSWERS, str(saved), "n", str(saved), "t"], "--lang", "pl")
    assert_clean_outcome(result, 0)
    assert result.stdout.count(f"{pl('score.ask.overwrite', path=saved)} [t/N]") == 2  # the choices in Polish
    assert "players:" in saved.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("answers", "replaced"),
    [(["TAK"], True), (["Nie"], False), (["ja"], True), (["não"], False), (["NAO"], False), (["maybe", "t"], True)],
)
def test_yes_and_no_in_any_language_ignoring_case_and_accents(
    tmp_path: Path, answers: list[str], replaced: bool
) -> None:
    saved = tmp_path / "game.yaml"
    saved.write_text("precious\n", encoding="utf-8")
    result = session([*EXAMPLE_ANSWERS, str(saved), *answers, *([] if replaced else [""])], "--lang", "pl")
    assert_clean_outcome(result, 0)
    assert ("players:" in saved.read_text(encoding="utf-8")) is replaced
    if "maybe" in answers:  # not a word of any language: asked again, saying which words it takes
        assert Texts(SHIPPED.catalogs, "pl")("answer.again", yes="tak", no="nie") in result.stdout


ENGLISH_ONLY = ("A number from 2 to 4", "there is no", "could be", "unknown variant", "is ambiguous", "please")


@pytest.mark.parametrize("lang", ["en", "pl", "hu", "pt", "de", "es"])
def test_wrong_answers_are_answered_in_the_players_language(lang: str) -> None:
    t = Texts(SHIPPED.catalogs, lang)
    answers = ["9", "2", "xx", "secret", "", "red", *EXAMPLE_ANSWERS[3:], ""]
    result = session(answers, "--lang", lang)
    assert_clean_outcome(result, 0)
    out = result.stdout
    variant, secret = t("score.noun.variant"), t("score.variant.secret_missions.name")
    recruitment = t("score.variant.secret_recruitment.name")
    assert t("score.answer.number", min=2, max=4) in out
    assert t("score.answer.unknown", what=variant, text="xx") in out
    assert t("score.answer.ambiguous", what=variant, text="secret", names=t.list([secret, recruitment], "or")) in out
    assert f"→ {t('colour.red')}\n" in out  # typed in English, shown back as printed here, without its id
    if lang != "en":  # nothing of the English messages, nor the English noun
        assert not [english for english in (*ENGLISH_ONLY, "Variant:") if english in out]
    assert "(red)" not in out and "secret_missions" not in out
