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
    """`repr(value)`, cut short: a message quotes what it refuses, not a whole megabyte of it."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def written(value: object, limit: int = 60) -> str:
    """`value` as YAML would write it (`true`, `null`, `{value: lamps}`), cut short: a message about
    a YAML file quotes what the user wrote, never a Python value. A text on its own is quoted, so it
    reads apart from the words around it; a text in a list or mapping only where YAML needs quotes."""
    text = value if isinstance(value, str) else _flow(value)
    text = repr(text) if isinstance(value, str) else text
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
        return value if plain else repr(value)
    if isinstance(value, dict):
        items = list(value.items())
        parts = (f"{_flow(k, depth + 1)}: {_flow(v, depth + 1)}" for k, v in items[:10])
        return "{" + ", ".join(parts) + (", …" if len(items) > 10 else "") + "}"
    if isinstance(value, (list, tuple)):
        parts = (_flow(v, depth + 1) for v in value[:10])
        return "[" + ", ".join(parts) + (", …" if len(value) > 10 else "") + "]"
    return repr(value)


class InputError(Exception):
    """Input that cannot be used; carries every finding that explains why."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Finding]]]:
        # a parallel build's worker sends it back to the parent whole, findings and all
        return InputError, (self.findings,)
