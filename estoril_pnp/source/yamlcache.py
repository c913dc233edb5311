"""Parsed YAML kept between runs, by content: a file read again with the same bytes is not parsed
again (a pack's catalogs alone cost `score` some 25 ms to parse; an entry loads in a tenth of that).

An entry holds the very bytes it was parsed from and the reader that parsed them, and is used only
when both are those of the read at hand, so no change to a file or to this package can make it
serve stale data. Only a parse that succeeded is kept: every fault is still found by a real parse.
A cache that cannot be read or written only makes reading slower.

Entries live in $ESTORIL_PNP_CACHE (empty: no cache), else $XDG_CACHE_HOME/estoril-pnp/yaml, else
~/.cache/estoril-pnp/yaml; at most MAX_ENTRIES of them, the oldest removed first.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

MAX_ENTRIES = 256  # some 25 MiB at most: an entry is a file's bytes and its parse, about twice the file


@cache
def _reader() -> tuple[Any, ...] | None:
    """What a parse depends on besides the bytes: our parser, PyYAML (its version is in its
    __init__; libyaml is there or not), the marshal format. Found without importing PyYAML, which a
    cached read never needs. None, and no cache, where a source cannot be read."""
    spec = find_spec("yaml")  # a top-level package: found, not imported
    if spec is None or spec.origin is None:
        return None
    try:
        ours = Path(__file__).with_name("yamlparse.py").read_bytes()
        theirs = Path(spec.origin)
        version = theirs.read_bytes()
        libyaml = sorted(p.name for p in theirs.parent.glob("_yaml*"))
    except OSError:
        return None
    return (zlib.crc32(ours), len(ours), zlib.crc32(version), tuple(libyaml), sys.version_info[:2])


def folder() -> Path | None:
    given = os.environ.get("ESTORIL_PNP_CACHE")
    if given is not None:
        return Path(given) if given else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "estoril-pnp" / "yaml"


def _entry(raw: bytes) -> Path | None:
    where = folder()
    # the name only finds the entry; what it holds decides whether it is used
    return None if where is None or _reader() is None else where / f"{zlib.crc32(raw):08x}-{len(raw):x}"


def get(raw: bytes, aliases: bool) -> tuple[Any, dict[Any, int]] | None:
    """The data and lines parsed from exactly `raw` by this reader, if kept; else None."""
    path = _entry(raw)
    if path is None:
        return None
    try:
        reader, allowed, source, data, lines = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):  # none yet, or not one of ours
        return None
    if reader != _reader() or allowed != aliases or source != raw:
        return None
    return data, lines


def put(raw: bytes, aliases: bool, data: Any, lines: dict[Any, int]) -> None:
    """Keep the parse of `raw`; quietly nothing if it cannot be kept."""
    from ..files.atomic import atomic_path  # only a file read for the first time pays for it

    path = _entry(raw)
    if path is None:
        return
    try:
        blob = marshal.dumps((_reader(), aliases, raw, data, lines))
    except ValueError:  # a value marshal cannot hold (a YAML date): that file is parsed each time
        return
    try:
        with atomic_path(path) as temp:
            temp.write_bytes(blob)
        _prune(path.parent)
    except OSError:
        return


def _prune(where: Path) -> None:
    entries = [p for p in where.iterdir() if not p.name.startswith(".")]
    if len(entries) > MAX_ENTRIES:
        entries.sort(key=lambda p: p.stat().st_mtime_ns)
        for old in entries[: len(entries) - MAX_ENTRIES]:
            old.unlink(missing_ok=True)
