"""Errors that name where a user's input went wrong."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Finding:
    """One problem in an input file, located as precisely as the input allows."""

    file: Path | str
    line: int | None
    key: str
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"


def shown(value: object, limit: int = 60) -> str:
    """`value` quoted as YAML writes it (a text always quoted), cut short: a message quotes what
    it refuses, never a Python value, nor a whole megabyte of it."""
    return written(value, limit)


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def written(value: object, limit: int = 60) -> str:
    """`value` as YAML would write it (`true`, `null`, `{value: lamps}`), cut short: a message about
    a YAML file quotes what the user wrote, never a Python value. A text on its own is quoted, so it
    reads apart from the words around it; a text in a list or mapping only where YAML needs quotes."""
    text = _quoted(value) if isinstance(value, str) else _flow(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def _flow(value: object, depth: int = 0) -> str:
    if depth > 20:  # a message needs no more; and no recursion without end
        return "…"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 14_000:  # past 4 300 digits, which repr refuses
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    if isinstance(value, str):
        plain = _PLAIN.fullmatch(value) and value.lower() not in _YAML_WORDS
        return value if plain else _quoted(value)
    if isinstance(value, dict):
        items = list(value.items())
        parts = (f"{_flow(k, depth + 1)}: {_flow(v, depth + 1)}" for k, v in items[:10])
        return "{" + ", ".join(parts) + (", …" if len(items) > 10 else "") + "}"
    if isinstance(value, (list, tuple)):
        parts = (_flow(v, depth + 1) for v in value[:10])
        return "[" + ", ".join(parts) + (", …" if len(value) > 10 else "") + "]"
    if isinstance(value, float) and value != value:
        return ".nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return ".inf" if value > 0 else "-.inf"
    return str(value)  # a number (a date, if one were ever given, as its ISO text)


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _quoted(text: str) -> str:
    """A text in YAML's quotes: single, or double with YAML's escapes (`\\n`, `\\x1b`) where it
    holds a character no one can see."""
    if text.isprintable():
        return "'" + text.replace("'", "''") + "'"
    return '"' + "".join(_ESCAPES.get(c) or (c if c.isprintable() else _escape(c)) for c in text) + '"'


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class InputError(Exception):
    """Input that cannot be used; carries every finding that explains why."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Finding]]]:
        # a parallel build's worker sends it back to the parent whole, findings and all
        return InputError, (self.findings,)
