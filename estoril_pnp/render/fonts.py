"""TrueType fonts, registered once with ReportLab under stable names.

Base-14 fonts are never used: they have no Polish or Hungarian letters and are not embedded.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import Finding, InputError
from ..files.resources import resource_dir

DEFAULT_FONT = "Vollkorn-Regular"  # what every canvas starts with, so no Base-14 font is referenced
_FILES: dict[str, Path] = {}  # registered name -> file: the coverage guard reads the file's own cmap


@cache
def register_font(path: Path) -> str:
    """Registers a TrueType file and returns its name; a pack's own font gets a name of its own."""
    shipped = path.parent.resolve() == resource_dir("fonts").resolve()
    name = path.stem if shipped else f"{path.stem}-{_digest(path)}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except (TTFError, OSError, ValueError, KeyError, AssertionError, IndexError, TypeError) as exc:
        raise InputError([Finding(path, None, "", f"not a usable TrueType font ({exc})")]) from None
    _FILES[name] = path
    return name


def font_file(name: str) -> Path:
    return _FILES[name]


@cache
def register_fonts() -> None:
    """The shipped fonts the engine draws with on its own pages (calibration) and as the default."""
    for file in sorted(resource_dir("fonts").glob("*.ttf")):
        register_font(file)


def _digest(path: Path) -> str:
    return hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
