"""Errors that name where a user's input went wrong."""

from __future__ import annotations

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


class InputError(Exception):
    """Input that cannot be used; carries every finding that explains why."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))

    def __reduce__(self) -> tuple[type[InputError], tuple[list[Finding]]]:
        # a parallel build's worker sends it back to the parent whole, findings and all
        return InputError, (self.findings,)
