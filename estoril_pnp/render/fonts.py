"""Registers the shipped TrueType fonts with ReportLab (never Base-14: no Polish letters)."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..resources import resource_dir

FONTS: dict[str, str] = {
    "Vollkorn": "Vollkorn-Regular.ttf",
    "Vollkorn-Bold": "Vollkorn-Bold.ttf",
    "Oswald": "Oswald-Regular.ttf",
    "Oswald-Bold": "Oswald-Bold.ttf",
    "SpecialElite": "SpecialElite-Regular.ttf",
}


def register_fonts(directory: Path | None = None) -> None:
    """Registers every font in FONTS once; `directory` defaults to the shipped fonts/."""
    missing = [name for name in FONTS if name not in pdfmetrics.getRegisteredFontNames()]
    if not missing:
        return
    folder = directory or resource_dir("fonts")
    for name in missing:
        pdfmetrics.registerFont(TTFont(name, str(folder / FONTS[name])))
