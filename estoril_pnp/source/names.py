"""The one rule for every id a pack gives: items, piece kinds, groups, layouts, decks,
languages. Ids become file and folder names, URLs and keys, so an id is a plain name, never
a path: lowercase letters, digits, `_` and `-`, starting with a letter or digit, at most
64 characters. Printed names are free text; only ids are names.
"""

from __future__ import annotations

import re
from typing import Annotated

from ..errors import shown
from .typed import Check

MAX_LENGTH = 64
PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
RULE = f"an id is lowercase letters, digits, _ and -, starting with a letter or digit, at most {MAX_LENGTH} characters"
_NAME = re.compile(PATTERN[1:-1])  # fullmatch: `$` would let a final newline through


def is_name(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_LENGTH and _NAME.fullmatch(value) is not None


def problem(value: object) -> str | None:
    """Why `value` is not a name, quoting it safely; None when it is one."""
    if is_name(value):
        return None
    return f"{shown(value)} is not an id: {RULE}"


# for typed records: a value that breaks the rule is a finding at its own line
Name = Annotated[str, Check(problem)]
