"""Safe YAML reading that remembers the line of every key, for error messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Finding, InputError

Path_ = tuple[str | int, ...]
_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


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


def parse(text: str, file: Path | str) -> Located:
    """Parse one YAML document with the safe loader; errors name file and line."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[Path_, int] = {}
        data = _build(loader, node, (), lines, file) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise InputError([Finding(file, line, "", f"YAML syntax: {problem}")]) from None
    except yaml.YAMLError as exc:
        raise InputError([Finding(file, None, "", f"YAML: {exc}")]) from None
    finally:
        loader.dispose()
    return Located(file, data, lines)


def read(path: Path, shown_as: str | None = None) -> Located:
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Finding(name, None, "", "file not found")]) from None
    except UnicodeDecodeError as exc:
        raise InputError([Finding(name, None, "", f"not UTF-8 text ({exc.reason})")]) from None
    return parse(text, name)


def _build(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict, file) -> Any:
    lines[path] = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode) and node.tag not in _PLAIN_TAGS:
        # scalars go through the safe constructor below; collections are built here, so
        # their tags are checked here: a tag like !!python/object must never pass silently
        raise InputError([Finding(file, node.start_mark.line + 1, dotted(path), f"unsupported YAML tag {node.tag}")])
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves `<<:` merge keys
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)):
                raise InputError(
                    [Finding(file, key_node.start_mark.line + 1, dotted(path), "keys must be text or numbers")]
                )
            if key in out:
                raise InputError([Finding(file, key_node.start_mark.line + 1, dotted((*path, key)), "key given twice")])
            out[key] = _build(loader, value_node, (*path, key), lines, file)
            lines[(*path, key)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*path, i), lines, file) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
