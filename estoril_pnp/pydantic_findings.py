"""A pydantic validation error, with its location mapped back onto the YAML document."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import names
from .errors import Finding, shown
from .yamlsrc import Located


def pydantic_finding(src: Located, err: Any) -> Finding:
    """A pydantic error, with its location mapped back onto the YAML document."""
    path = _real_path(src.data, err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        return src.finding(path, "unknown key")
    if kind == "missing":
        return src.finding(path, f"missing key '{err['loc'][-1]}'")
    if kind in ("model_type", "dict_type"):  # pydantic would name its internal class here
        return src.finding(path, f"expected a mapping of keys to values (got {shown(err['input'])})")
    if (kind == "string_pattern_mismatch" and err["ctx"]["pattern"] == names.PATTERN) or (
        kind == "string_too_long" and err["ctx"]["max_length"] == names.MAX_LENGTH
    ):
        return src.finding(path, names.problem(err["input"]) or err["msg"])
    if kind == "union_tag_invalid":
        tag = shown(err["input"].get("kind"))
        return src.finding(path, f"unknown kind {tag}; expected {err['ctx']['expected_tags']}")
    return src.finding(path, f"{err['msg']} (got {shown(err['input'])})")


def _real_path(data: Any, loc: Iterable[str | int]) -> tuple[str | int, ...]:
    """Drops the parts of a pydantic location that are not in the document (union tags)."""
    path: tuple[str | int, ...] = ()
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        elif part == "[key]":  # the fault is a mapping's key: it is found at its own line
            continue
        elif isinstance(data, dict) and isinstance(part, str) and not part.startswith(("function", "union")):
            return (*path, part)  # a missing or unknown key: point at its mapping
        else:
            continue
        path += (part,)
    return path
