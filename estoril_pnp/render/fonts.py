"""The project's TrueType fonts, registered once with ReportLab under stable names."""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..resources import resource_dir

# ReportLab name -> file in fonts/. Base-14 fonts are never used: they have no Polish or
# Hungarian letters and are not embedded.
FONT_FILES = {
    "Vollkorn": "Vollkorn-Regular.ttf",
    "Vollkorn-Bold": "Vollkorn-Bold.ttf",
    "Vollkorn-Italic": "Vollkorn-Italic.ttf",
    "Oswald": "Oswald-Regular.ttf",
    "Oswald-Bold": "Oswald-Bold.ttf",
    "SpecialElite": "SpecialElite-Regular.ttf",
}
DEFAULT_FONT = "Vollkorn"


@cache
def register_fonts() -> None:
    folder = resource_dir("fonts")
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
