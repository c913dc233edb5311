"""Font coverage guard: every character set in a font must have a glyph in that font.

A missing glyph prints as an empty box (or nothing), so a translation can look fine in the
catalog and still come out broken on the card; this reads the fonts' own character maps.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from fontTools.ttLib import TTFont

from ..errors import Finding
from .fonts import font_file
from .ops import Op, TextOp, TextRun


@cache
def _cmap(font: str) -> frozenset[int]:
    with TTFont(font_file(font), lazy=True) as tt:
        return frozenset(tt.getBestCmap())


def missing_glyphs(where: str, ops: Iterable[Op]) -> list[Finding]:
    out = []
    for op in ops:
        if isinstance(op, TextOp) and op.spans:
            for line in op.spans:
                for run in (s for s in line if isinstance(s, TextRun)):
                    out += missing_in_text(where, run.font, (run.text,))
        elif isinstance(op, TextOp):
            out += missing_in_text(where, op.font, (line for _, _, line in op.lines))
    return out


def missing_in_text(where: str, font: str, lines: Iterable[str]) -> list[Finding]:
    """Each line that uses a letter `font` (a registered name) has no glyph for."""
    cmap = _cmap(font)
    out = []
    for line in lines:
        missing = sorted({ch for ch in line if ord(ch) not in cmap and not ch.isspace()})
        if missing:
            out.append(Finding(where, None, font, f"no glyph for {' '.join(missing)} in {line!r}"))
    return out
