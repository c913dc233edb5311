"""PLACEHOLDER, to be replaced by the lead's catalogue: one plain labelled piece per piece kind,
sized from components.yaml, so `estoril-pnp build` runs before the real drawings are merged."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..model import Pack
from .piece import Drawer, Piece


def piece_groups(pack: Pack, lang: str) -> dict[str, list[Piece]]:
    groups = {}
    for kind, s in pack.components.pieces.items():
        back = _plain(f"{s.back} (back)", s.width, s.height) if s.back else None
        groups[kind] = [Piece(kind, s.width, s.height, _plain(kind, s.width, s.height), back)]
    return groups


def _plain(label: str, width: float, height: float) -> Drawer:
    def draw(canvas: Canvas, bleed: float) -> None:
        canvas.setFillGray(0.85)
        canvas.rect(-bleed * mm, -bleed * mm, (width + 2 * bleed) * mm, (height + 2 * bleed) * mm, stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont("Oswald", 8)
        canvas.drawCentredString(width / 2 * mm, height / 2 * mm, label)

    return draw
