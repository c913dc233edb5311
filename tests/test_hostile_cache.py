"""The cache of parsed YAML under attack (source/yamlcache.py): whatever is planted in its folder,
or wherever the folder is made to point, `score` gives the result of a real parse, ends, and no
file the cache did not make is deleted."""

from __future__ import annotations

import marshal
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.source import yamlcache, yamlsrc

EXAMPLE = ROOT / "data" / "examples" / "scoring.yaml"
runner = CliRunner()


@pytest.fixture
def record(tmp_path: Path) -> Path:
    copy = tmp_path / "game.yaml"
    copy.write_bytes(EXAMPLE.read_bytes())
    return copy


@pytest.fixture(scope="module")
def truth() -> str:
    """The scores of a real parse: the cache is off in the suite (conftest)."""
    done = runner.invoke(app, ["score", "--json", str(EXAMPLE)])
    assert done.exit_code == 0, done.output
    return done.stdout


def score(record: Path) -> str:
    done = runner.invoke(app, ["score", "--json", str(record)])
    assert done.exit_code == 0, done.output
    return done.stdout


def score_apart(record: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    """`score` in a process of its own, which must end within a minute, in 1 GiB of memory."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "ESTORIL_PNP_CACHE": str(cache)}
    command = [sys.executable, "-m", "estoril_pnp", "score", "--json", str(record)]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, preexec_fn=limited)


def filled(record: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache turned on in `cache` and filled by one `score`; the record's entry."""
    monkeypatch.setenv("ESTORIL_PNP_CACHE", str(cache))
    score(record)
    entry = cache / yamlcache.entry_name(record.read_bytes())
    assert entry.is_file()
    return entry


def edited(record: Path) -> Any:
    """Another game's parse: what a forger would like `score` to see for the record's bytes."""
    text = record.read_text(encoding="utf-8").replace("enigma: blue", "enigma: red")
    return yamlsrc.parse(text, str(record), aliases=False)


def huge(record: Path) -> Any:
    """The record's parse with a number of 5001 digits, which no parse lets through."""
    located = yamlsrc.parse(record.read_text(encoding="utf-8"), str(record), aliases=False)
    located.data["players"][0]["discards"] = 10**5000
    return located


def bare(body: bytes) -> bytes:
    return body  # the entry as marshal writes it, without the digest that ties it to its writer


def another_key(body: bytes) -> bytes:
    from hashlib import blake2b

    return blake2b(body, key=b"a guess", digest_size=yamlcache.DIGEST_BYTES).digest() + body


@pytest.mark.parametrize("payload", [edited, huge])
@pytest.mark.parametrize("form", [bare, another_key])
def test_a_planted_entry_changes_nothing(
    payload: Any, form: Any, record: Path, tmp_path: Path, truth: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = filled(record, tmp_path / "cache", monkeypatch)
    planted = payload(record)
    body = marshal.dumps((yamlcache._reader(), False, record.read_bytes(), planted.data, planted.lines))
    entry.write_bytes(form(body))
    assert score(record) == truth
    assert score(record) == truth  # and the honest entry written in its place is used


def test_a_fifo_at_an_entrys_name_is_not_waited_for(record: Path, tmp_path: Path, truth: str) -> None:
    cache = tmp_path / "cache"
    assert score_apart(record, cache).stdout == truth
    entry = cache / yamlcache.entry_name(record.read_bytes())
    entry.unlink()
    os.mkfifo(entry)
    done = score_apart(record, cache)  # a wait on the FIFO would end in TimeoutExpired
    assert (done.returncode, done.stdout, done.stderr) == (0, truth, "")


def test_an_entry_linked_to_an_endless_device_is_not_read(record: Path, tmp_path: Path, truth: str) -> None:
    cache = tmp_path / "cache"
    assert score_apart(record, cache).stdout == truth
    entry = cache / yamlcache.entry_name(record.read_bytes())
    entry.unlink()
    entry.symlink_to("/dev/zero")
    done = score_apart(record, cache)  # a read to its end would run out of memory
    assert (done.returncode, done.stdout, done.stderr) == (0, truth, "")


def users_files(folder: Path, count: int = 300) -> dict[str, bytes]:
    """`count` files of a user's, old ones, some named as entries are: nothing the cache made."""
    folder.mkdir(mode=0o700)
    for n in range(count):
        file = folder / (f"{n:08x}-{n:x}" if n % 2 else f"photo-{n}.jpg")
        file.write_bytes(b"mine %d" % n)
        os.utime(file, ns=(n * 10**9, n * 10**9))  # older than any entry
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_linked_folder_is_not_used(record: Path, tmp_path: Path, truth: str, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine"
    before = users_files(mine)
    (tmp_path / "xdg" / "estoril-pnp").mkdir(parents=True)
    (tmp_path / "xdg" / "estoril-pnp" / "yaml").symlink_to(mine)
    monkeypatch.delenv("ESTORIL_PNP_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(yamlcache, "MAX_ENTRIES", 3)  # any cache of this folder would prune
    assert score(record) == score(record) == truth
    assert {p.name: p.read_bytes() for p in mine.iterdir()} == before


def test_a_folder_holding_other_files_is_not_used(
    record: Path, tmp_path: Path, truth: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    before = users_files(mine)
    monkeypatch.setenv("ESTORIL_PNP_CACHE", str(mine))
    monkeypatch.setattr(yamlcache, "MAX_ENTRIES", 3)
    assert score(record) == score(record) == truth
    assert {p.name: p.read_bytes() for p in mine.iterdir()} == before
