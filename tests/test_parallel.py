"""A build on several cores: the same bytes as a serial build; bad input in one language, or
Ctrl-C, leaves no set written and no worker running."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import alive_in_group
from typer.testing import CliRunner

from estoril_pnp.build import printset
from estoril_pnp.cli import app
from estoril_pnp.errors import Finding, InputError

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_a_parallel_build_writes_the_bytes_of_a_serial_one(tmp_path: Path) -> None:
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    for out, jobs in ((serial, "1"), (parallel, "3")):
        done = runner.invoke(app, ["build", "--lang", "all", "--jobs", jobs, "-q", "--out", str(out)])
        assert done.exit_code == 0, done.output
    one, many = files(serial), files(parallel)
    assert sum(name.endswith(".pdf") for name in one) == 6 * 9
    assert {"de/rulebook.html", "pt/score.html"} < one.keys()
    assert one.keys() == many.keys()
    assert [name for name in one if one[name] != many[name]] == []
    assert multiprocessing.active_children() == []


@pytest.mark.slow
def test_one_language_draws_its_outputs_at_once_with_the_bytes_of_a_serial_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawers = tmp_path / "drawers"  # which process drew what: one line per output, from the forked workers too
    draw, extra = printset.build, printset._extra

    def sheets(pieces, *rest):  # type: ignore[no-untyped-def]
        with drawers.open("a") as log:
            log.write(f"sheets {os.getpid()}\n")
        return draw(pieces, *rest)

    def beside(name, *rest):  # type: ignore[no-untyped-def]
        with drawers.open("a") as log:
            log.write(f"{name} {os.getpid()}\n")
        return extra(name, *rest)

    monkeypatch.setattr(printset, "build", sheets)
    monkeypatch.setattr(printset, "_extra", beside)
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    for out, jobs in ((serial, "1"), (parallel, "2")):
        drawers.unlink(missing_ok=True)
        done = runner.invoke(app, ["build", "--lang", "pl", "--jobs", jobs, "-q", "--out", str(out)])
        assert done.exit_code == 0, done.output
        by = dict(line.split() for line in drawers.read_text().splitlines())
        assert by.keys() == {"sheets", "scorepad.pdf", "rulebook.pdf", "../rulebook.html", "../score.html"}
        assert len(set(by.values())) == int(jobs)  # one process, or the outputs shared between two
        assert (str(os.getpid()) in by.values()) == (jobs == "1")
    one, many = files(serial), files(parallel)
    assert {"pl/rulebook.html", "pl/score.html", "pl/a4/rulebook.pdf", "pl/a4/characters.pdf"} < one.keys()
    assert one.keys() == many.keys()
    assert [name for name in one if one[name] != many[name]] == []
    assert multiprocessing.active_children() == []


def test_bad_input_in_one_language_writes_no_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    draw = printset.build

    def fails_in_german(pieces, *rest):  # type: ignore[no-untyped-def]
        if pieces[0].lang == "de":
            raise InputError([Finding("i18n/de.yaml", 7, "card.title", "planted fault")])
        return draw(pieces, *rest)

    monkeypatch.setattr(printset, "build", fails_in_german)  # the forked workers inherit it
    done = runner.invoke(app, ["build", "--lang", "all", "--jobs", "2", "--out", str(tmp_path)])
    assert done.exit_code == 2
    assert done.stderr.strip() == "error: i18n/de.yaml:7: card.title: planted fault"
    assert [p for p in tmp_path.rglob("*") if p.is_file() and not p.name.endswith(".lock")] == []
    assert multiprocessing.active_children() == []


def test_jobs_below_one_is_refused(tmp_path: Path) -> None:
    done = runner.invoke(app, ["build", "--jobs", "0", "--out", str(tmp_path)])
    assert (done.exit_code, done.stderr.strip()) == (2, "error: --jobs: must be at least 1 (got 0)")


@pytest.mark.slow
def test_ctrl_c_stops_every_worker_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "estoril_pnp", "build", "--lang", "all", "--jobs", "2", "--out", str(out)]
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while not any(out.glob("*/.a4.staging/*.pdf")):  # the workers are drawing
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: to the whole foreground group
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, b"error: interrupted; nothing more was written\n")
    time.sleep(0.2)
    assert alive_in_group(process.pid) == []
    assert [p for p in out.rglob("*") if p.is_file() and not p.name.endswith(".lock")] == []
    assert [p.name for p in out.glob("*/.*") if p.is_dir()] == []  # no staging folder left
