"""Safe, bounded YAML reading that remembers the line of every key, for error messages.

Every input goes through here, so the limits live here too: no file, however made, can
exhaust memory or time (alias bombs, deep nesting, huge files, endless devices).
"""

from __future__ import annotations

import codecs
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from .errors import Finding, InputError

Path_ = tuple[str | int, ...]
_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_KEY = object()
_SURROGATE = re.compile("[\ud800-\udfff]")  # only an escape such as "\uD800" can make one

# The shipped files are at most 15 KiB, 7 levels deep, 2,100 values and 760 characters per
# text; the limits leave ample room for real packs and records and none for an attack.
MAX_BYTES = 2 * 1024 * 1024  # a pack file, catalog, layout or record, also on standard input
MAX_DEPTH = 32  # nesting of mappings and lists
MAX_NODES = 100_000  # values after aliases are expanded: a 480-byte alias bomb stops here
MAX_STRING = 10_000  # characters in one text or number

_FOREIGN_BOMS = (  # UTF-32 first: its little-endian mark starts with UTF-16's
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


@dataclass(frozen=True)
class Located:
    """A parsed YAML document plus the 1-based line of every path in it."""

    file: Path | str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line(self, path: Path_) -> int | None:
        """Line of the deepest part of `path` that exists in the document."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return None

    def finding(self, path: Path_, message: str, severity: str = "error") -> Finding:
        return Finding(self.file, self.line(path), dotted(path), message, severity)


def dotted(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read(path: Path, shown_as: str | None = None, *, aliases: bool = True) -> Located:
    """The YAML file at `path`; InputError if it is missing, unreadable, too large or bad YAML.

    `aliases=False` refuses `*alias` references (records need none); otherwise they count
    against MAX_NODES every time they are used.
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
    return parse(decode(data, name), name, aliases=aliases)


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
    """Parse one YAML document with the safe loader; errors name file and line."""
    if len(text) > MAX_BYTES:
        raise InputError([Finding(file, None, "", f"longer than {MAX_BYTES} characters, the limit")])
    loader: _Loader | None = None
    try:
        loader = _Loader(text, file, aliases)  # the reader checks every character here
        node = loader.get_single_node()
        builder = _Builder(loader, file)
        data = None if node is None else builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError([Finding(file, line, "", f"YAML syntax: {problem}")]) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        raise InputError([Finding(file, line, "", f"control character {what} is not allowed in YAML text")]) from None
    except yaml.YAMLError as exc:
        raise InputError([Finding(file, None, "", f"YAML: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Located(file, data, builder.lines)


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing what could not end: deep nesting, merge bombs, unwanted aliases."""

    def __init__(self, text: str, file: Path | str, aliases: bool) -> None:
        super().__init__(text)
        self.file = file
        self.aliases = aliases
        self.path: list[object] = []  # keys and positions being composed; _KEY while composing a key

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        # `index` is the key node for a mapping value, the position for a list item, None for a key
        if self.check_event(yaml.AliasEvent) and not self.aliases:
            raise self.limit(self.peek_event().start_mark, "aliases (*name) are not allowed here")
        part = index.value if isinstance(index, yaml.ScalarNode) else index
        self.path.append(part if isinstance(part, (str, int)) else _KEY)
        try:
            if len(self.path) > MAX_DEPTH:
                raise self.limit(self.peek_event().start_mark, f"nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self.path.pop()

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        # each `<<:` level can double a mapping; checking every level stops the doubling early
        super().flatten_mapping(node)
        if len(node.value) > MAX_NODES:
            raise self.limit(node.start_mark, f"merge keys (<<) make more than {MAX_NODES} entries")

    def limit(self, mark: yaml.Mark, message: str) -> InputError:
        key = dotted(tuple(p for p in self.path if isinstance(p, (str, int))))
        return InputError([Finding(self.file, mark.line + 1, key, message)])


@dataclass
class _Builder:
    """Plain data from the node graph, counting every value so that shared nodes cannot multiply."""

    loader: _Loader
    file: Path | str
    lines: dict[Path_, int] = field(default_factory=dict)
    nodes: int = 0

    def fault(self, node: yaml.Node, path: Path_, message: str) -> InputError:
        return InputError([Finding(self.file, node.start_mark.line + 1, dotted(path), message)])

    def build(self, node: yaml.Node, path: Path_) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fault(node, path, f"more than {MAX_NODES} values (an alias counts each time it is used)")
        if len(path) > MAX_DEPTH:  # an alias can point into its own ancestor
            raise self.fault(node, path, f"nested more than {MAX_DEPTH} levels deep")
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if node.tag not in _PLAIN_TAGS:
            # scalars go through the safe constructor; collections are built here, so their
            # tags are checked here: a tag like !!python/object must never pass silently
            raise self.fault(node, path, f"unsupported YAML tag {node.tag}")
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path)
        return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]

    def mapping(self, node: yaml.MappingNode, path: Path_) -> dict[Any, Any]:
        self.loader.flatten_mapping(node)  # resolves `<<:` merge keys
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node, path) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, (str, int)):
                raise self.fault(key_node, path, "keys must be text or numbers")
            if key in out:
                raise self.fault(key_node, (*path, key), "key given twice")
            out[key] = self.build(value_node, (*path, key))
            self.lines[(*path, key)] = key_node.start_mark.line + 1
        return out

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        if len(node.value) > MAX_STRING:
            raise self.fault(node, path, f"a value of {len(node.value)} characters; at most {MAX_STRING}")
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError):  # such as an impossible date, or '0b_' read as binary
            raise self.fault(node, path, f"cannot read {node.value[:40]!r} as {node.tag.rsplit(':', 1)[-1]}") from None
        if isinstance(value, str) and _SURROGATE.search(value):  # no file, terminal or PDF can hold it
            raise self.fault(node, path, "not valid Unicode text (a lone surrogate escape such as \\uD800)")
        return value
