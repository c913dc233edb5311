"""YAML text parsed with the safe loader, composed here so that the limits hold (document.py)
however the text is made: alias bombs, deep nesting, merge-key floods, huge numbers.

Only a file not found in the cache of parsed YAML (yamlcache.py) is parsed: PyYAML is imported
here alone, so a command whose files are all cached does not pay for it.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from ..errors import Finding, InputError, written
from .document import MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_STRING, Located, Path_, dotted

_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_SURROGATE = re.compile("[\ud800-\udfff]")  # only an escape such as "\uD800" can make one
_INT_DIGITS = sys.get_int_max_str_digits() or 4300  # what Python prints (0: no limit; as long is absurd anyway)
_INT_LIMIT = 10**_INT_DIGITS


def parse(text: str, file: Path | str, *, aliases: bool = True) -> Located:
    """Parse one YAML document with the safe loader; errors name file and line."""
    if len(text) > MAX_BYTES:
        raise InputError([Finding(file, None, "", f"longer than {MAX_BYTES} characters, the limit")])
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        node = _Composer(loader, file, aliases).single_document()
        builder = _Builder(loader, file)
        data = None if node is None else builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        if "maximum nesting depth" in problem:
            # libyaml 0.2.6's scanner counts flow brackets ahead of the events this module
            # composes, so it can stop deep nesting before our own depth check sees it
            raise InputError([Finding(file, line, "", f"nested more than {MAX_DEPTH} levels deep")]) from None
        raise InputError([Finding(file, line, "", f"YAML syntax: {problem}")]) from None
    except yaml.reader.ReaderError as exc:
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        at = text.find(chr(code))  # the first one: libyaml's position counts bytes, not characters
        line = text.count("\n", 0, at) + 1 if at >= 0 else None
        message = f"control character U+{code:04X} is not allowed in YAML text"
        raise InputError([Finding(file, line, "", message)]) from None
    except yaml.YAMLError as exc:
        raise InputError([Finding(file, None, "", f"YAML: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Located(file, data, builder.lines)


# libyaml's parser when it is installed: some 25 times faster than PyYAML's own, which matters
# for a 2 MiB file of tiny values. Nodes are composed here either way, so the limits hold.
_Base: type = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader


class _TooManyMerged(Exception):
    def __init__(self, node: yaml.Node) -> None:
        self.node = node


class _MergeBound:
    """Merge keys that cannot double for ever: each `<<:` level can double a mapping, so every level is checked."""

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        yaml.constructor.SafeConstructor.flatten_mapping(self, node)  # type: ignore[arg-type]
        if len(node.value) > MAX_NODES:
            raise _TooManyMerged(node)


_BOOL, _INT, _FLOAT, _NULL = (f"tag:yaml.org,2002:{t}" for t in ("bool", "int", "float", "null"))
# YAML 1.2's core schema: what a plain value means. Unlike YAML 1.1 (PyYAML's own), yes, no, on,
# off, y and n are text, as is 1:30 (no base 60), 010 is ten (octal is 0o10), 1_000 and 2024-01-01
# are text. The score page's record reader (templates/scorepage/record.js) reads the same way.
_CORE: tuple[tuple[str, str, str], ...] = (
    (_BOOL, r"true|True|TRUE|false|False|FALSE", "tTfF"),
    (_INT, r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+", "-+0123456789"),
    (
        _FLOAT,
        r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
        "-+.0123456789",
    ),
    (_NULL, r"~|null|Null|NULL|", "~nN"),
    ("tag:yaml.org,2002:merge", r"<<", "<"),  # `<<:` merge keys, as PyYAML reads them
)


def _resolvers() -> dict[str | None, list[tuple[str, re.Pattern[str]]]]:
    out: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}
    for tag, pattern, first in _CORE:
        regexp = re.compile(f"^(?:{pattern})$")
        for char in (*first, "") if tag == _NULL else first:
            out.setdefault(char, []).append((tag, regexp))
    return out


def _int(loader: Any, node: yaml.ScalarNode) -> int:
    text = loader.construct_scalar(node)
    if text[:2] in ("0o", "0x"):
        return int(text[2:], 8 if text[1] == "o" else 16)
    return int(text, 10)  # a ValueError for what is no core integer (`!!int 0b1`): one finding


def _bool(loader: Any, node: yaml.ScalarNode) -> bool:
    text = loader.construct_scalar(node)
    if text.lower() not in ("true", "false"):
        raise ValueError(text)  # `!!bool yes`: YAML 1.2 has two booleans
    return text.lower() == "true"


class _Core:
    """YAML 1.2's core schema for a PyYAML loader: its plain values' types and their constructors."""

    yaml_implicit_resolvers: ClassVar = _resolvers()
    yaml_constructors: ClassVar = {**yaml.SafeLoader.yaml_constructors, _INT: _int, _BOOL: _bool}


def dump(data: Any) -> str:
    """YAML text that reads back as `data` here (YAML 1.2) and in a YAML 1.1 reader alike: a text
    either would read as something else (`yes`, `0o10`, `1e3`, `1:30`) is quoted."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None)


class _Dumper(yaml.SafeDumper):
    # a plain scalar is written only where every resolver of both schemas reads it as its own type
    yaml_implicit_resolvers: ClassVar = {
        first: [*_resolvers().get(first, []), *yaml.SafeDumper.yaml_implicit_resolvers.get(first, [])]
        for first in {*_resolvers(), *yaml.SafeDumper.yaml_implicit_resolvers}
    }


class _Loader(_Core, _MergeBound, _Base):  # type: ignore[misc, valid-type]
    """Parser events, and the safe constructor for scalars, reading the core schema."""


class _Composer:
    """Nodes from parser events, refusing as they arrive what could not end: deep nesting,
    too many values, and aliases where none are wanted."""

    def __init__(self, loader: _Loader, file: Path | str, aliases: bool) -> None:
        self.loader = loader
        self.file = file
        self.aliases = aliases
        self.anchors: dict[str, yaml.Node] = {}
        self.path: list[str | int] = []
        self.nodes = 0

    def fault(self, event: yaml.Event, message: str) -> InputError:
        return InputError([Finding(self.file, event.start_mark.line + 1, dotted(tuple(self.path)), message)])

    def single_document(self) -> yaml.Node | None:
        events = self.loader
        events.get_event()  # stream start
        node = None
        if not events.check_event(yaml.StreamEndEvent):
            events.get_event()  # document start
            node = self.node(1)
            events.get_event()  # document end
        if not events.check_event(yaml.StreamEndEvent):
            raise self.fault(events.peek_event(), "YAML syntax: more than one document (---)")
        return node

    def node(self, depth: int) -> yaml.Node:
        events = self.loader
        event = events.get_event()
        if depth > MAX_DEPTH:
            raise self.fault(event, f"nested more than {MAX_DEPTH} levels deep")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fault(event, f"more than {MAX_NODES} values")
        if isinstance(event, yaml.AliasEvent):
            if not self.aliases:
                raise self.fault(event, "aliases (*name) are not allowed here")
            if event.anchor not in self.anchors:  # anchors count once complete: no node holds itself
                raise self.fault(event, f"YAML syntax: unknown alias *{event.anchor}")
            return self.anchors[event.anchor]
        if isinstance(event, yaml.ScalarEvent):
            tag = self.tag(event, yaml.ScalarNode, event.value)
            node: yaml.Node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        elif isinstance(event, yaml.SequenceStartEvent):
            items: list[yaml.Node] = []
            while not events.check_event(yaml.SequenceEndEvent):
                self.path.append(len(items))
                items.append(self.node(depth + 1))
                self.path.pop()
            end = events.get_event()
            node = yaml.SequenceNode(self.tag(event, yaml.SequenceNode), items, event.start_mark, end.end_mark)
        else:
            pairs: list[tuple[yaml.Node, yaml.Node]] = []
            while not events.check_event(yaml.MappingEndEvent):
                key = self.node(depth + 1)
                self.path.append(key.value if isinstance(key, yaml.ScalarNode) else "?")
                pairs.append((key, self.node(depth + 1)))
                self.path.pop()
            end = events.get_event()
            node = yaml.MappingNode(self.tag(event, yaml.MappingNode), pairs, event.start_mark, end.end_mark)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        return node

    def tag(self, event: yaml.NodeEvent, kind: type, value: str | None = None) -> str:
        """The tag written, or the one a plain value implies (int, bool, null...) in the core schema."""
        if event.tag not in (None, "!"):
            return event.tag
        return self.loader.resolve(kind, value, event.implicit)


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
        if len(path) > MAX_DEPTH:  # an alias can carry a deep value into a deep place
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
        try:
            self.loader.flatten_mapping(node)  # resolves `<<:` merge keys
        except _TooManyMerged as exc:
            raise self.fault(exc.node, path, f"merge keys (<<) make more than {MAX_NODES} entries") from None
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
            raise self.fault(
                node, path, f"cannot read {written(node.value[:40])} as {node.tag.rsplit(':', 1)[-1]}"
            ) from None
        if isinstance(value, int) and abs(value) >= _INT_LIMIT:
            # hex or octal notation can write, in a short text, a number Python refuses to
            # print; every message quoting it would fail, so it is refused here, where it stands
            raise self.fault(node, path, f"a number of more than {_INT_DIGITS} digits")
        if isinstance(value, str) and _SURROGATE.search(value):  # no file, terminal or PDF can hold it
            raise self.fault(node, path, "not valid Unicode text (a lone surrogate escape such as \\uD800)")
        return value
