"""One error type to the edge: file-system faults and bad streams end as `error:` lines and exit 2."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_clean_outcome, replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.files import atomic
from estoril_pnp.source import yamlsrc

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
RECORD = """\
players:
  - {colour: red, hand: [s_smith], discards: 0}
  - {colour: yellow, hand: [otto_m], discards: 0}
missions: [most_assassin, most_conspirator, most_nationalist, most_seducer]
"""


def fault(code: int, message: str):
    def raising(*_: object, **__: object) -> None:
        raise OSError(code, message)

    return raising


def calibrate(out: Path, *more: str):
    return runner.invoke(app, ["calibrate", "--out", str(out), *more])


def test_calibrate_out_is_a_folder(tmp_path: Path) -> None:
    result = calibrate(tmp_path)
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: --out: {tmp_path} is a folder; give a file name\n"


def test_calibrate_out_below_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = calibrate(tmp_path / "plain" / "c.pdf")
    assert_clean_outcome(result, 2)
    assert result.stderr.startswith(f"error: {tmp_path / 'plain' / 'c.pdf'}: cannot write: ")


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "No space left on device"),
        (errno.EROFS, "Read-only file system"),
        (errno.EACCES, "Permission denied"),
        (errno.EDQUOT, "Disk quota exceeded"),
        (errno.EIO, "Input/output error"),
    ],
)
def test_calibrate_when_the_system_refuses_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    from reportlab.pdfgen.canvas import Canvas

    monkeypatch.setattr(Canvas, "save", fault(code, words))
    result = calibrate(tmp_path / "c.pdf")
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {tmp_path / 'c.pdf'}: cannot write: {words}\n"
    assert list(tmp_path.iterdir()) == []  # the temporary file is gone too


def test_calibrate_in_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic.tempfile, "mkstemp", fault(errno.EROFS, "Read-only file system"))
    result = calibrate(tmp_path / "c.pdf")
    assert_clean_outcome(result, 2)
    assert "cannot write: Read-only file system" in result.stderr


def test_build_out_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "plain")])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: --out: {tmp_path / 'plain'} is a file; give a folder\n"


def test_build_out_below_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "plain" / "sub")])
    assert_clean_outcome(result, 2)
    assert result.stderr.startswith(f"error: {tmp_path / 'plain' / 'sub'}")
    assert "Not a directory" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("code", "words"), [(errno.EACCES, "Permission denied"), (errno.ENOSPC, "No space left on device")]
)
def test_build_when_the_system_refuses_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    monkeypatch.setattr(atomic.tempfile, "mkstemp", fault(code, words))
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "out")])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {tmp_path / 'out'}: cannot write: {words}\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_build_into_a_real_unwritable_folder(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = runner.invoke(app, ["build", "--out", str(locked)])
    assert_clean_outcome(result, 2)
    assert "Permission denied" in result.stderr


def test_record_is_a_folder_or_missing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(tmp_path)])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {tmp_path}: is a folder, not a file\n"
    result = runner.invoke(app, ["score", str(tmp_path / "nope" / "game.yaml")])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {tmp_path / 'nope' / 'game.yaml'}: file not found\n"


def test_record_is_unreadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(RECORD)
    real_open = Path.open

    def denied(self: Path, *args: object, **kwargs: object):
        if self == record:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", denied)
    result = runner.invoke(app, ["score", str(record)])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {record}: cannot read: Permission denied\n"


def test_record_is_a_device_or_a_pipe(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), fifo):
        result = runner.invoke(app, ["score", str(path)])
        assert_clean_outcome(result, 2)
        assert result.stderr == f"error: {path}: not a regular file\n"


def test_a_pack_file_that_is_a_folder_or_unreadable(pack_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (pack_copy / "missions.yaml").unlink()
    (pack_copy / "missions.yaml").mkdir()
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 1)
    assert f"error: {pack_copy / 'missions.yaml'}: is a folder, not a file" in result.output
    result = runner.invoke(app, ["list", "missions", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 2)
    monkeypatch.setattr(yamlsrc.Path, "open", fault(errno.EACCES, "Permission denied"))
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 1)
    assert f"error: {pack_copy / 'pack.yaml'}: cannot read: Permission denied" in result.output


def test_pack_option_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    for command in (["validate"], ["list", "characters"], ["build"], ["calibrate"], ["score", "-"]):
        result = runner.invoke(app, [*command, "--pack", str(tmp_path / "plain")], input="")
        assert_clean_outcome(result, 2)
        assert result.stderr == f"error: {tmp_path / 'plain'}: no such pack directory\n"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00\x01", "control character U+0000"),
        ("players: []\n".encode("utf-16"), "UTF-16 text; save it as UTF-8"),
        (b"players: [\xff]\n", "not UTF-8 text (byte 0xff)"),
        (b"# " + b"x" * yamlsrc.MAX_BYTES, "larger than 2 MiB, the limit"),
        (b"", "expected a mapping of keys to values (got null)"),
    ],
)
def test_bad_standard_input(data: bytes, words: str) -> None:
    result = runner.invoke(app, ["score", "-"], input=data)
    assert_clean_outcome(result, 2)
    assert result.stderr.startswith("error: <stdin>:")
    assert words in result.stderr


def run_cli(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "estoril_pnp", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60, **options)  # type: ignore[call-overload]


def test_closed_standard_input_is_bad_input_not_a_traceback() -> None:
    result = run_cli("score", "-", preexec_fn=lambda: os.close(0))
    assert (result.returncode, result.stderr) == (2, "error: <stdin>: there is no standard input\n")


@pytest.mark.slow
def test_a_reader_that_leaves_early_is_not_a_traceback() -> None:
    python = f"import subprocess, sys; p = subprocess.Popen([{sys.executable!r}, '-m', 'estoril_pnp', 'list', "
    python += "'characters'], stdout=subprocess.PIPE, stderr=subprocess.PIPE); p.stdout.close(); "
    python += "sys.stdout.write(p.stderr.read().decode()); sys.exit(p.wait())"
    result = subprocess.run([sys.executable, "-c", python], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "Traceback" not in result.stdout + result.stderr


def test_a_missing_key_the_code_needs_is_bad_input_not_a_traceback(pack_copy: Path) -> None:
    replace_once(pack_copy / "i18n" / "en.yaml", "  characters: Characters\n", "")
    result = runner.invoke(app, ["list", "characters", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 2)
    assert result.stderr == "error: i18n/en.yaml: list.characters: missing in the English catalog\n"


@pytest.mark.parametrize(
    "options",
    [
        ["--bleed", "nan"],
        ["--bleed", "inf"],
        ["--bleed", "-1e308"],
        ["--back-offset", "nan,0"],
        ["--back-offset", "1e999,1"],
        ["--back-offset", "\x1b[31m"],
        ["--paper", "[/bold]"],
        ["--lang", "\x1b]0;owned\x07"],
        ["--layout", "single", "--backs", "fold"],
    ],
)
def test_bad_build_options_are_one_line_each(tmp_path: Path, options: list[str]) -> None:
    result = runner.invoke(app, ["build", "--out", str(tmp_path), *options])
    assert_clean_outcome(result, 2)
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_pack_the_layout_code_cannot_lay_out_is_bad_input_for_build(
    pack_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Layout code that meets data it cannot lay out (an error of ours the data provoked) is one line."""
    from estoril_pnp.games.estoril import faces as pieces

    def broken(*_: object) -> list:
        raise KeyError("location")

    monkeypatch.setitem(pieces.SOURCES, "locations", broken)
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--out", str(tmp_path / "out")])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: {pack_copy}: the pieces could not be laid out (KeyError: 'location')\n"
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert_clean_outcome(result, 1)
    assert f"error: {pack_copy}: the pieces could not be laid out (KeyError: 'location')" in result.output
