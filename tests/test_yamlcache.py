"""The cache of parsed YAML (source/yamlcache.py): where it lives, that a kept parse is the parse,
and that no change to a file, however small, is answered from it."""

from __future__ import annotations

import os
import re
import shutil
import stat
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


def entries(cache: Path) -> list[Path]:
    """The entries in the folder, beside its tag and key."""
    return [p for p in cache.iterdir() if re.fullmatch(yamlcache._ENTRY, p.name)]


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From here on, every parse is counted: a read that does not parse was served by the cache."""
    counted: list[str] = []
    parse = yamlsrc.parse

    def counting(text: str, file: Path | str, **options: bool) -> object:
        counted.append(str(file))
        return parse(text, file, **options)

    monkeypatch.setattr(yamlsrc, "parse", counting)
    return counted


def unparsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, a read that parses fails the test: what it gets comes from the cache."""

    def parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlsrc, "parse", parse)


@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_kept_parse_is_the_parse(path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = yamlsrc.read(path)
    assert len(entries(cache)) == 1
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
    (entry,) = entries(cache)
    entry.rename(cache / yamlcache.entry_name(second.read_bytes()))  # where a clash of names would put it
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
    (entry,) = entries(cache)
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
    assert len(entries(tmp_path / "xdg" / "estoril-pnp" / "yaml")) == 1
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    yamlsrc.read(file)
    assert len(entries(tmp_path / "home" / ".cache" / "estoril-pnp" / "yaml")) == 1
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
        entry = cache / yamlcache.entry_name(file.read_bytes())
        os.utime(entry, ns=(n * 10**9, n * 10**9))  # made one after another, whatever the clock's grain
    assert len(entries(cache)) == 3
    assert {p.name for p in cache.iterdir()} - {p.name for p in entries(cache)} == {"CACHEDIR.TAG", "key"}
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


def test_the_folder_is_private_and_tagged_and_its_entries_tied_to_a_private_key(tmp_path: Path, cache: Path) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    yamlsrc.read(file)
    assert stat.S_IMODE(cache.lstat().st_mode) == 0o700
    assert (cache / "CACHEDIR.TAG").read_bytes().startswith(b"Signature: 8a477f597d28d172789f06886806bc55")
    key = cache / "key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == 32
    assert [stat.S_IMODE(p.stat().st_mode) for p in entries(cache)] == [0o600]


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777], ids=oct)
def test_a_folder_others_can_write_is_not_used(
    mode: int, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.mkdir()
    cache.chmod(mode)
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    counted = parses(monkeypatch)
    assert yamlsrc.read(file).data == yamlsrc.read(file).data == {"a": 1}
    assert len(counted) == 2 and list(cache.iterdir()) == []


@pytest.mark.skipif(os.getuid() != 0, reason="only root can give a folder to another user")
def test_a_folder_of_another_user_is_not_used(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.mkdir(mode=0o700)
    os.chown(cache, 4242, -1)
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    counted = parses(monkeypatch)
    assert yamlsrc.read(file).data == yamlsrc.read(file).data == {"a": 1}
    assert len(counted) == 2 and list(cache.iterdir()) == []


def test_a_folder_that_lost_its_tag_is_neither_pruned_nor_used(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("a: 1\n")
    second.write_text("b: 2\n")
    yamlsrc.read(first)
    (cache / "CACHEDIR.TAG").write_text("Signature: something else\n")
    monkeypatch.setattr(yamlcache, "MAX_ENTRIES", 0)
    yamlsrc.read(second)  # in the same run: written, but nothing pruned
    assert len(entries(cache)) == 2
    monkeypatch.setattr(yamlcache, "_opened", {})  # a new run: not used at all
    counted = parses(monkeypatch)
    assert yamlsrc.read(first).data == {"a": 1} and yamlsrc.read(second).data == {"b": 2}
    assert len(counted) == 2 and len(entries(cache)) == 2


@pytest.mark.parametrize("odd", ["readable by others", "too short", "a link"])
def test_an_odd_key_turns_the_cache_off_and_is_left_alone(
    odd: str, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    yamlsrc.read(file)
    key = cache / "key"
    if odd == "readable by others":
        key.chmod(0o644)
    elif odd == "too short":
        key.write_bytes(key.read_bytes()[:16])
    else:
        (tmp_path / "elsewhere").write_bytes(key.read_bytes())
        key.unlink()
        key.symlink_to(tmp_path / "elsewhere")
    kept = key.lstat()
    monkeypatch.setattr(yamlcache, "_opened", {})  # a new run
    counted = parses(monkeypatch)
    assert yamlsrc.read(file).data == yamlsrc.read(file).data == {"a": 1}
    assert len(counted) == 2
    assert (key.lstat().st_mode, key.lstat().st_size, key.lstat().st_ino) == (kept.st_mode, kept.st_size, kept.st_ino)


def test_an_entry_past_the_size_limit_is_not_read(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "f.yaml"
    file.write_text("a: 1\n")
    yamlsrc.read(file)
    (entry,) = entries(cache)
    monkeypatch.setattr(yamlcache, "MAX_ENTRY", entry.stat().st_size - 1)
    counted = parses(monkeypatch)
    assert yamlsrc.read(file).data == {"a": 1} and len(counted) == 1


def test_only_regular_files_named_as_entries_are_ever_pruned(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "first.yaml"
    first.write_text("a: 1\n")
    yamlsrc.read(first)
    outside = tmp_path / "outside"
    outside.write_text("mine")
    planted = {"notes.txt": "file", "0badc0de-1": "link", "0badc0de-2": "folder", ".0badc0de-3.tmp": "file"}
    for name, kind in planted.items():
        if kind == "file":
            (cache / name).write_text("mine")
        elif kind == "link":
            (cache / name).symlink_to(outside)
        else:
            (cache / name).mkdir()
        os.utime(cache / name, ns=(0, 0), follow_symlinks=False)  # older than every entry
    monkeypatch.setattr(yamlcache, "MAX_ENTRIES", 1)
    second = tmp_path / "second.yaml"
    second.write_text("b: 2\n")
    yamlsrc.read(second)
    assert [p.name for p in entries(cache) if p.is_file() and not p.is_symlink()] == [
        yamlcache.entry_name(second.read_bytes())
    ]
    assert all((cache / name).exists() for name in planted) and outside.read_text() == "mine"


def test_a_folder_deleted_while_in_use_is_made_again(tmp_path: Path, cache: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("a: 1\n")
    second.write_text("b: 2\n")
    yamlsrc.read(first)
    shutil.rmtree(cache)  # as a user may, while `watch` runs
    yamlsrc.read(first)  # not kept: the folder is gone
    yamlsrc.read(second)
    assert [p.name for p in entries(cache)] == [yamlcache.entry_name(second.read_bytes())]
