"""Safe, bounded YAML reading that remembers the line of every key, for error messages.

Every input goes through here, within the limits of document.py: no file, however made, can
exhaust memory or time (alias bombs, deep nesting, huge files, endless devices).
"""

from __future__ import annotations

import codecs
import stat
from pathlib import Path
from typing import BinaryIO

from ..errors import Finding, InputError
from . import yamlcache
from .document import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_STRING, Located, Path_, dotted

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "MAX_STRING", "Located", "Path_", "decode", "dotted", "parse", "read"]

_FOREIGN_BOMS = (  # UTF-32 first: its little-endian mark starts with UTF-16's
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def read(path: Path, shown_as: str | None = None, *, aliases: bool = True) -> Located:
    """The YAML file at `path`; InputError if it is missing, unreadable, too large or bad YAML.

    `aliases=False` refuses `*alias` references (records need none); otherwise they count
    against MAX_NODES every time they are used. A file read before with the same bytes is not
    parsed again (yamlcache.py).
    """
    name = shown_as or str(path)
    try:
        kind = path.stat().st_mode
        if stat.S_ISDIR(kind):
            raise InputError([Finding(name, None, "", "is a folder, not a file")])
        if not stat.S_ISREG(kind):  # a pipe or a device could block or never end
            raise InputError([Finding(name, None, "", "not a regular file")])
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        raise InputError([Finding(name, None, "", "file not found")]) from None
    except OSError as exc:
        raise InputError([Finding(name, None, "", f"cannot read: {exc.strerror or exc}")]) from None
    kept = yamlcache.get(data, aliases)
    if kept is not None:
        return Located(name, *kept)
    located = parse(decode(data, name), name, aliases=aliases)
    yamlcache.put(data, aliases, located.data, located.lines)
    return located


def read_stream(stream: BinaryIO | None, name: str, *, aliases: bool = True) -> Located:
    """Like `read`, from an open binary stream such as standard input; never reads past the limit."""
    if stream is None:
        raise InputError([Finding(name, None, "", "there is no standard input")])
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputError([Finding(name, None, "", f"cannot read: {exc.strerror or exc}")]) from None
    return parse(decode(data, name), name, aliases=aliases)


def decode(data: bytes, name: Path | str) -> str:
    """UTF-8 text (a UTF-8 byte-order mark is allowed); InputError naming the first bad byte's line."""
    if len(data) > MAX_BYTES:
        line = data[:MAX_BYTES].count(b"\n") + 1
        raise InputError([Finding(name, line, "", f"larger than {MAX_BYTES // 1024 // 1024} MiB, the limit")])
    for bom, encoding in _FOREIGN_BOMS:
        if data.startswith(bom):
            raise InputError([Finding(name, 1, "", f"{encoding} text; save it as UTF-8")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError([Finding(name, line, "", f"not UTF-8 text (byte 0x{data[exc.start]:02x})")]) from None
    return text.removeprefix("\ufeff")


def parse(text: str, file: Path | str, *, aliases: bool = True) -> Located:
    """One YAML document parsed with the safe loader; errors name file and line (yamlparse.py)."""
    from .yamlparse import parse as parse_yaml  # PyYAML's import is some 9 ms that a cached read skips

    return parse_yaml(text, file, aliases=aliases)
