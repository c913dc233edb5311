"""The output folder is all or nothing: killed at any moment, it holds the old set or the new one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from estoril_pnp.errors import InputError
from estoril_pnp.files import outdir
from estoril_pnp.files.outdir import MARK, output_folder, recover, refuse_inside

ROOT = Path(__file__).resolve().parent.parent

# Writes COUNT files labelled LABEL through output_folder; kills itself with SIGKILL at KILL_AT
# (a swap step, or "file<n>" before the n-th file); sleeps DELAY seconds after each file.
WRITER = r"""
import os, signal, sys, time
from pathlib import Path
from estoril_pnp.files import outdir

target, label, count, kill_at, delay = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])

def die_at(step):
    if step == kill_at:
        os.kill(os.getpid(), signal.SIGKILL)

outdir._step = die_at
with outdir.output_folder(target) as staging:
    for i in range(count):
        die_at(f"file{i}")
        (staging / f"piece{i}.pdf").write_text(f"{label} {i}\n" * 2000)
        time.sleep(delay)
"""
OLD, NEW, NEXT = ("old", 5), ("new", 7), ("next", 3)
STEPS = ["staged", "file0", "file3", "file6", "written", "aside", "swapped", "trashed", "done"]


def writer(target: Path, label: str, count: int, kill_at: str = "never", delay: float = 0.0) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", WRITER, str(target), label, str(count), kill_at, str(delay)]
    return subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)


def write(target: Path, label: str, count: int, kill_at: str = "never") -> int:
    process = writer(target, label, count, kill_at)
    _, err = process.communicate(timeout=60)
    assert process.returncode in (0, -signal.SIGKILL), err
    return process.returncode


def which_set(target: Path) -> str:
    """'old', 'new' or 'next' if `target` holds exactly that set; anything else is a failure."""
    files = {p.name: p.read_text() for p in target.iterdir()} if target.is_dir() else {}
    for label, count in (OLD, NEW, NEXT):
        expected = {f"piece{i}.pdf": f"{label} {i}\n" * 2000 for i in range(count)}
        if files == {**expected, MARK: files.get(MARK)} and MARK in files:
            return label
    return f"a mix: {sorted(files)}"


def leftovers(target: Path) -> list[str]:
    """Anything beside or inside `target` that is not the set or the (permanent, empty) lock file."""
    beside = [p.name for p in target.parent.iterdir() if p.name not in (target.name, f".{target.name}.lock")]
    inside = [p.name for p in target.rglob("*") if p.name.endswith(".tmp") or p.is_dir()]
    return beside + inside


@pytest.fixture
def target(tmp_path: Path) -> Path:
    out = tmp_path / "output" / "en" / "a4"
    assert write(out, *OLD) == 0
    assert which_set(out) == "old"
    return out


@pytest.mark.parametrize("step", STEPS)
def test_a_kill_at_each_step_leaves_the_old_set_or_the_new_one(target: Path, step: str) -> None:
    assert write(target, *NEW, kill_at=step) == -signal.SIGKILL
    expected = "new" if step in ("swapped", "trashed", "done") else "old"
    # a kill between renaming the old set aside and the new one in leaves no target: the next run restores it
    if step == "aside":
        assert not target.exists()
        recover(target)
    assert which_set(target) == expected
    assert write(target, *NEXT) == 0
    assert which_set(target) == "next"
    assert leftovers(target) == []


def test_kills_at_random_moments_never_leave_a_mix(target: Path) -> None:
    rng = random.Random(1942)
    seen = set()
    for _ in range(12):
        process = writer(target, *NEW, delay=0.02)
        time.sleep(rng.uniform(0.0, 0.6))  # the interpreter starts, writes 7 files, swaps: about 0.3 s
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        recover(target)
        state = which_set(target)
        assert state in ("old", "new"), state
        seen.add(state)
        assert write(target, *OLD) == 0  # back to the old set for the next round, and no leftovers
        assert leftovers(target) == []
    assert seen  # both outcomes are legal; which ones occur depends on timing


def test_a_second_writer_is_stopped_while_the_first_holds_the_lock(target: Path) -> None:
    first = writer(target, *NEW, delay=0.3)
    staging = target.parent / f".{target.name}.staging"
    deadline = time.monotonic() + 30
    while not staging.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    with pytest.raises(InputError) as caught, output_folder(target):
        pass
    assert f"another build is writing {target}" in str(caught.value)
    first.communicate(timeout=60)
    assert which_set(target) == "new"


def test_a_failed_block_leaves_the_old_set_and_no_staging(target: Path) -> None:
    with pytest.raises(RuntimeError), output_folder(target) as staging:
        (staging / "piece0.pdf").write_text("half")
        raise RuntimeError("drawing failed")
    assert which_set(target) == "old"
    assert leftovers(target) == []


def test_the_first_run_creates_the_folder(tmp_path: Path) -> None:
    with output_folder(tmp_path / "a" / "b") as staging:
        (staging / "x.pdf").write_text("x")
    assert sorted(p.name for p in (tmp_path / "a" / "b").iterdir()) == [MARK, "x.pdf"]


def test_recovery_puts_the_old_set_back_and_cleans_up(tmp_path: Path) -> None:
    target = tmp_path / "a4"
    aside, staging, trash = (tmp_path / f".a4.{n}" for n in ("aside", "staging", "trash"))
    for folder in (aside, staging, trash):
        folder.mkdir()
    (aside / "piece0.pdf").write_text("old")
    (staging / "piece0.pdf").write_text("half new")
    (trash / "piece0.pdf").write_text("half deleted")
    recover(target)
    assert [p.name for p in tmp_path.iterdir()] == ["a4"]
    assert (target / "piece0.pdf").read_text() == "old"
    (target / ".piece1.pdf.abc123.tmp").write_text("a half-written file of an older build")
    (tmp_path / ".a4.aside").mkdir()  # the target exists: a stale aside is only deleted
    recover(target)
    assert [p.name for p in target.iterdir()] == ["piece0.pdf"]
    assert [p.name for p in tmp_path.iterdir()] == ["a4"]


def test_a_folder_of_other_files_is_never_replaced(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "thesis.tex").write_text("years of work")
    with pytest.raises(InputError, match="holds files estoril-pnp did not write"), output_folder(home):
        pass
    assert (home / "thesis.tex").read_text() == "years of work"
    (tmp_path / "plain").write_text("x")
    with pytest.raises(InputError, match="is a file"), output_folder(tmp_path / "plain"):
        pass


def test_pdfs_of_an_older_build_may_be_replaced(tmp_path: Path) -> None:
    old = tmp_path / "a4"
    old.mkdir()
    (old / "characters.pdf").write_text("older build")
    with output_folder(old) as staging:
        (staging / "characters.pdf").write_text("this build")
    assert (old / "characters.pdf").read_text() == "this build"


@pytest.mark.parametrize("where", ["data", "data/sub", ".", "package/estoril_pnp"])
def test_output_may_not_overlap_the_pack_or_the_package(tmp_path: Path, where: str) -> None:
    pack, package = tmp_path / "data", tmp_path / "package" / "estoril_pnp"
    pack.mkdir()
    package.mkdir(parents=True)
    with pytest.raises(InputError, match="cannot write output here: it would overlap"):
        refuse_inside(tmp_path / where, [pack, package])
    with pytest.raises(InputError), output_folder(tmp_path / where, [pack, package]):
        pass
    assert pack.is_dir() and package.is_dir()


def test_a_symlink_into_a_forbidden_folder_is_seen_through(tmp_path: Path) -> None:
    pack = tmp_path / "data"
    pack.mkdir()
    (tmp_path / "link").symlink_to(pack)
    with pytest.raises(InputError):
        refuse_inside(tmp_path / "link" / "out", [pack])
    refuse_inside(tmp_path / "elsewhere", [pack])  # no error


def test_the_swap_steps_are_the_ones_the_kill_test_uses(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps: list[str] = []
    monkeypatch.setattr(outdir, "_step", steps.append)
    for _ in range(2):
        with output_folder(tmp_path / "a4") as staging:
            (staging / "x.pdf").write_text("x")
    assert steps == ["staged", "written", "swapped", "done", "staged", "written", "aside", "swapped", "trashed", "done"]
    assert set(steps) <= set(STEPS)
