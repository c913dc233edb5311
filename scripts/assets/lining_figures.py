"""Maps the digits 0-9 of Vollkorn to its own lining figures (the `.lf` glyphs).

Vollkorn's default digits are old-style: its "1" looks like a small capital I, so "+1" on a
player aid read as "+I". ReportLab cannot switch OpenType features on, so the character map
itself is changed, once, in the repository. The OFL allows modified versions (Vollkorn
declares no Reserved Font Name); the result stays under the OFL.

Run from the repository root: python scripts/assets/lining_figures.py fonts/Vollkorn-*.ttf
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.ttLib import TTFont

DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def main(paths: list[str]) -> None:
    for path in map(Path, paths):
        font = TTFont(path)
        glyphs = set(font.getGlyphOrder())
        for table in font["cmap"].tables:
            if not table.isUnicode():
                continue
            for i, name in enumerate(DIGITS):
                if f"{name}.lf" in glyphs and ord("0") + i in table.cmap:
                    table.cmap[ord("0") + i] = f"{name}.lf"
        font.save(path)
        print(f"{path}: digits now lining")


if __name__ == "__main__":
    main(sys.argv[1:])
