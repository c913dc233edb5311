"""The cache of parsed YAML (source/yamlcache.py): where it lives, that a kept parse is the parse,
and that no change to a file, however small, is answered from it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.source import yamlcache, yamlsrc

SHIPPED_YAML = sorted(ROOT.glob("data/**/*.yaml"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("ESTORIL_PNP_CACHE", str(where))
    return where


def unparsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, a read that parses fails the test: what it gets comes from the cache."""

    def parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlsrc, "parse", parse)


@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_kept_parse_is_the_parse(path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = yamlsrc.read(path)
    assert len(list(cache.iterdir())) == 1
    unparsed(monkeypatch)
    kept = yamlsrc.read(path, "shown as")
    assert (kept.data, kept.lines, kept.file) == (fresh.data, fresh.lines, "shown as")
    assert list(kept.data) == list(fresh.data)  # the keys in the file's order too


def test_a_change_of_one_byte_is_parsed_anew_whatever_the_size_and_time(tmp_path: Path, cache: Path) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    stamp = file.stat()
    assert yamlsrc.read(file).data == {"a": 1}
    file.write_text("a: 2\n")
    os.utime(file, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert yamlsrc.read(file).data == {"a": 2}


def test_an_entry_is_used_only_for_the_very_bytes_it_was_parsed_from(tmp_path: Path, cache: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("a: 1\n")
    second.write_text("b: 2\n")
    yamlsrc.read(first)
    (entry,) = cache.iterdir()
    name = yamlcache._entry(second.read_bytes())
    assert name is not None
    entry.rename(name)  # first's parse where second's would be, as a clash of names would put it
    assert yamlsrc.read(second).data == {"b": 2}


def test_a_fault_is_never_kept(tmp_path: Path, cache: Path) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\na: 2\n")
    for _ in range(2):
        with pytest.raises(InputError) as caught:
            yamlsrc.read(file)
        assert str(caught.value.findings[0]) == f"{file}:2: a: key given twice"
    assert not cache.exists()


def test_aliases_allowed_once_are_still_refused_where_none_are(tmp_path: Path, cache: Path) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: &x 1\nb: *x\n")
    assert yamlsrc.read(file).data == {"a": 1, "b": 1}
    with pytest.raises(InputError, match="aliases"):
        yamlsrc.read(file, aliases=False)


def test_a_damaged_entry_is_parsed_anew_and_replaced(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: [1, 2]\n")
    yamlsrc.read(file)
    (entry,) = cache.iterdir()
    entry.write_bytes(b"\x00not a kept parse")
    assert yamlsrc.read(file).data == {"a": [1, 2]}
    unparsed(monkeypatch)
    assert yamlsrc.read(file).data == {"a": [1, 2]}


def test_it_lives_in_the_users_cache_folder_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    monkeypatch.delenv("ESTORIL_PNP_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    yamlsrc.read(file)
    assert len(list((tmp_path / "xdg" / "estoril-pnp" / "yaml").iterdir())) == 1
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    yamlsrc.read(file)
    assert len(list((tmp_path / "home" / ".cache" / "estoril-pnp" / "yaml").iterdir())) == 1
    monkeypatch.setenv("ESTORIL_PNP_CACHE", "")  # off: nothing is written anywhere
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "off"))
    yamlsrc.read(file)
    assert not (tmp_path / "off").exists()


def test_the_oldest_entries_go_past_the_limit(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlcache, "MAX_ENTRIES", 3)
    for n in range(5):
        file = tmp_path / f"f{n}.yaml"
        file.write_text(f"n: {n}\n")
        yamlsrc.read(file)
        entry = yamlcache._entry(file.read_bytes())
        assert entry is not None
        os.utime(entry, ns=(n * 10**9, n * 10**9))  # made one after another, whatever the clock's grain
    assert len(list(cache.iterdir())) == 3
    assert all(yamlcache.get((tmp_path / f"f{n}.yaml").read_bytes(), True) for n in (2, 3, 4))


def test_a_cache_that_cannot_be_written_only_costs_a_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("ESTORIL_PNP_CACHE", str(blocked / "cache"))  # under a file: no folder can be made
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    assert yamlsrc.read(file).data == {"a": 1}


def test_score_twice_and_after_an_edit(tmp_path: Path, cache: Path) -> None:
    record = tmp_path / "game.yaml"
    record.write_text((ROOT / "data" / "examples" / "scoring.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    runner = CliRunner()
    first = runner.invoke(app, ["score", "--json", str(record)])
    again = runner.invoke(app, ["score", "--json", str(record)])
    assert first.exit_code == again.exit_code == 0 and first.stdout == again.stdout
    assert any(cache.iterdir())
    record.write_text(record.read_text(encoding="utf-8").replace("enigma: blue", "enigma: red"), encoding="utf-8")
    edited = runner.invoke(app, ["score", "--json", str(record)])
    assert edited.exit_code == 0 and edited.stdout != first.stdout
