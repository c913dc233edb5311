"""Text from packs, records and typed answers, made safe to show on a terminal.

Names and catalog texts are data: they must never move the cursor, recolour the screen,
reorder a line (bidirectional overrides) or be read as rich markup such as `[/bold]`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich loads when a table is shown: a line of plain text needs none of it
    from rich.text import Text

# C0 controls but tab and newline; then DEL and C1 controls, bidirectional marks, embeddings,
# overrides and isolates, the Unicode line and paragraph separators, and lone surrogates
# (which no UTF-8 terminal can even be sent).
_C0 = r"\x00-\x08\x0b-\x1f"
_OTHERS = r"\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff"
_UNSAFE = re.compile(rf"[\t\n{_C0}{_OTHERS}]")
_UNSAFE_KEEPING_LINES = re.compile(rf"[{_C0}{_OTHERS}]")
_UNSAFE_IN_JSON = re.compile(rf"[{_OTHERS}]")  # json.dumps already escapes the C0 controls


def _visible(match: re.Match[str]) -> str:
    return ascii(match.group())[1:-1]  # '\x1b', '\u202e': shown, not obeyed


def clean(text: str, lines: bool = False) -> str:
    """`text` with every control character written out as an escape; `lines` keeps tabs and newlines."""
    return (_UNSAFE_KEEPING_LINES if lines else _UNSAFE).sub(_visible, text)


def plain(text: str, style: str = "", lines: bool = False) -> Text:
    """A rich Text that shows `text` as written: never parsed as markup or emoji codes."""
    from rich.text import Text

    return Text(clean(text, lines), style=style)


def safe_json(dumped: str) -> str:
    """JSON text with the controls json.dumps leaves raw written as \\u escapes: the same data, inert."""
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", dumped)
