"""Reads PDFs back (pdfplumber, pypdf) into millimetres with y up, as the plans are written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from reportlab.lib.units import mm

from estoril_pnp.render.geometry import Box


@dataclass(frozen=True)
class Page:
    width: float  # mm
    height: float
    rects: list[Box]
    words: list[tuple[str, float, float]]  # text, centre x, centre y
    lines: list[tuple[float, float, float, float]]  # x0, y0, x1, y1


def read(path: Path) -> list[Page]:
    with pdfplumber.open(path) as pdf:
        return [_page(p) for p in pdf.pages]


def _page(p: pdfplumber.page.Page) -> Page:
    h = float(p.height)

    def up(top: float) -> float:
        return (h - float(top)) / mm

    rects = [Box(r["x0"] / mm, up(r["bottom"]), r["width"] / mm, r["height"] / mm) for r in p.rects]
    words = [
        (w["text"], (w["x0"] + w["x1"]) / 2 / mm, up((w["top"] + w["bottom"]) / 2))
        for w in p.extract_words(x_tolerance=1, y_tolerance=1)
    ]
    lines = [(ln["x0"] / mm, up(ln["bottom"]), ln["x1"] / mm, up(ln["top"])) for ln in p.lines]
    return Page(float(p.width) / mm, h / mm, rects, words, lines)


def piece_boxes(page: Page) -> dict[str, Box]:
    """Each labelled piece's painted bleed rectangle, keyed by the label drawn at its centre."""
    out = {}
    for text, x, y in page.words:
        hits = [r for r in page.rects if r.x < x < r.right and r.y < y < r.top]
        if hits:
            out[text] = min(hits, key=lambda r: r.width * r.height)
    return out
