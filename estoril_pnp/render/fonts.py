"""TrueType fonts, registered once with ReportLab under stable names, and the faces of a family.

Base-14 fonts are never used: they have no Polish or Hungarian letters and are not embedded.
A font's bold and italic faces are the files beside it (the pack's `fonts/`, or the shipped
folder) whose name table gives the same family; `**bold**` in a role set in MyFamily-Regular
uses MyFamily-Bold. ReportLab embeds TrueType outlines only: an OpenType font with CFF
(PostScript) outlines is refused with a finding, never a traceback.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont as FontFile
from fontTools.ttLib import TTLibError
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
    if _family(path)[2]:
        message = (
            "an OpenType font with CFF (PostScript) outlines, which the PDF writer cannot embed: "
            "use the font's TrueType build (glyf outlines, usually .ttf)"
        )
        raise InputError([Finding(path, None, "", message)])
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except (TTFError, OSError, ValueError, KeyError, AssertionError, IndexError, TypeError) as exc:
        raise InputError([Finding(path, None, "", f"not a usable TrueType font ({exc})")]) from None
    _FILES[name] = path
    return name


FONT_SUFFIXES = (".ttf", ".otf")
STYLES = ("bold", "italic", "bold italic")  # the faces a marked text may ask for besides its own


@cache
def _family(path: Path) -> tuple[str, str, bool]:
    """(family, style, CFF outlines) from the font's name table; style is regular, bold, italic or
    bold italic. ('', '', False) for a file fontTools cannot read: ReportLab then says why."""
    try:
        with FontFile(path, lazy=True) as tt:
            names = tt["name"]
            family = names.getDebugName(16) or names.getDebugName(1) or ""
            sub = (names.getDebugName(17) or names.getDebugName(2) or "").lower()
            cff = "CFF " in tt or "CFF2" in tt
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, IndexError, TypeError):
        return "", "", False
    bold = any(w in sub for w in ("bold", "black", "heavy"))
    italic = any(w in sub for w in ("italic", "oblique"))
    return (
        family,
        {(False, False): "regular", (True, False): "bold", (False, True): "italic"}.get((bold, italic), "bold italic"),
        cff,
    )


def faces(name: str) -> dict[str, str]:
    """The registered font's faces by style (regular, bold, italic, bold italic), each a registered
    name: the files of its family in its own folder, as they are now (a watched pack's folder changes).
    A sibling that cannot be registered is left out (the text asking for it says so)."""
    folder = _FILES[name].parent
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in FONT_SUFFIXES)
    return _faces(name, tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in files))


@cache
def _faces(name: str, stamps: tuple[tuple[Path, int, int], ...]) -> dict[str, str]:
    path = _FILES[name]
    family, own, _ = _family(path)
    out = {own or "regular": name}
    if not family:
        return out
    for sibling, _, _ in stamps:
        fam, style, cff = _family(sibling)
        if fam != family or style in out or cff:
            continue
        try:
            out[style] = register_font(sibling)
        except InputError:
            continue
    return out


def face(name: str, bold: bool, italic: bool) -> str | None:
    """The face of `name`'s family for a run's weight and slant, added to the role's own (bold in
    an italic role is bold italic; bold in a bold role is the role's face); None if the family has none."""
    if not (bold or italic):
        return name
    own = _family(_FILES[name])[1]
    bold, italic = bold or "bold" in own, italic or "italic" in own
    style = "bold italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
    return faces(name).get(style)


def family_name(name: str) -> str:
    return _family(_FILES[name])[0] or name


def font_file(name: str) -> Path:
    return _FILES[name]


@cache
def register_fonts() -> None:
    """The shipped fonts the engine draws with on its own pages (calibration) and as the default."""
    for file in sorted(resource_dir("fonts").glob("*.ttf")):
        register_font(file)


def _digest(path: Path) -> str:
    return hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
