"""Sheet options from the command line, checked once into a frozen value the drawing loop reads."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from ..errors import Finding, InputError
from .imposition import PAPERS, Backs, Paper
from .tiling import OVERLAP

DEFAULT_BLEED = 3.0  # mm
MIN_OVERLAP, MAX_OVERLAP = 5.0, 30.0  # mm: room for glue and for the alignment line, yet far less than a tile


class Layout(StrEnum):
    sheet = "sheet"  # as many pieces per page as fit, with crop marks
    single = "single"  # one piece per page, page = piece + bleed, TrimBox/BleedBox set: for print shops


@dataclass(frozen=True)
class SheetOptions:
    paper: Paper
    bleed: float = DEFAULT_BLEED  # mm
    backs: Backs = Backs.none
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, shifts the back pages (as seen on them)
    layout: Layout = Layout.sheet
    crop_marks: bool = True
    overlap: float = OVERLAP  # mm: the glue strip between the tiles of a board larger than the paper


def resolve_options(
    paper: str,
    bleed: float = DEFAULT_BLEED,
    backs: str = "none",
    back_offset: str = "0,0",
    layout: str = "sheet",
    crop_marks: bool = True,
    overlap: float = OVERLAP,
) -> SheetOptions:
    """SheetOptions, or InputError with one finding per bad option."""
    findings: list[Finding] = []

    def choice(option: str, value: str, allowed: list[str]) -> None:
        if value not in allowed:
            findings.append(Finding(option, None, "", f"unknown value '{value}'; choose one of {', '.join(allowed)}"))

    choice("--paper", paper, list(PAPERS))
    choice("--backs", backs, [b.value for b in Backs])
    choice("--layout", layout, [lay.value for lay in Layout])
    if not math.isfinite(bleed) or not 0 <= bleed <= 20:
        findings.append(Finding("--bleed", None, "", f"must be between 0 and 20 mm (got {bleed:g})"))
    if not math.isfinite(overlap) or not MIN_OVERLAP <= overlap <= MAX_OVERLAP:
        message = f"must be between {MIN_OVERLAP:g} and {MAX_OVERLAP:g} mm (got {overlap:g})"
        findings.append(Finding("--overlap", None, "", message))
    offset = parse_offset(back_offset)
    if offset is None:
        message = f"expected X,Y in mm, each within ±20, such as 1.5,-0.5 (got '{back_offset}')"
        findings.append(Finding("--back-offset", None, "", message))
    if layout == Layout.single.value and backs == Backs.fold.value:
        findings.append(Finding("--backs", None, "", "fold needs --layout sheet; print shops take duplex-long"))
    if findings:
        raise InputError(findings)
    assert offset is not None
    return SheetOptions(PAPERS[paper], bleed, Backs(backs), offset, Layout(layout), crop_marks, overlap)


def parse_offset(text: str) -> tuple[float, float] | None:
    """'1.5,-0.5' -> (1.5, -0.5); None unless exactly two finite numbers of at most 20 mm."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        return None
    if not all(math.isfinite(v) and abs(v) <= 20 for v in (x, y)):
        return None
    return x, y
