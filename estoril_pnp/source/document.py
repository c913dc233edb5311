"""A parsed YAML document that remembers the line of every key, and the limits every reading of
YAML holds to (yamlsrc.py reads files, yamlparse.py parses; both need these, and neither PyYAML).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Finding

Path_ = tuple[str | int, ...]

# The shipped files are at most 15 KiB, 7 levels deep, 2,100 values and 760 characters per
# text; the limits leave ample room for real packs and records and none for an attack.
MAX_BYTES = 2 * 1024 * 1024  # a pack file, catalog, layout or record, also on standard input
MAX_DEPTH = 32  # nesting of mappings and lists
MAX_NODES = 100_000  # values after aliases are expanded: a 480-byte alias bomb stops here
MAX_STRING = 10_000  # characters in one text or number


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
