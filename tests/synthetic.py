"""Synthetic pieces: a grey bleed rectangle with the key (or back-key) written at the centre."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from estoril_pnp.render.piece import Drawer, Piece


def labelled(text: str, width: float, height: float) -> Drawer:
    def draw(canvas: Canvas, bleed: float) -> None:
        canvas.setFillGray(0.8)
        canvas.rect(-bleed * mm, -bleed * mm, (width + 2 * bleed) * mm, (height + 2 * bleed) * mm, stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont("Vollkorn", 7)
        canvas.drawCentredString(width / 2 * mm, height / 2 * mm, text)

    return draw


def pieces(n: int, width: float = 70, height: float = 70, backs: bool = True, prefix: str = "p") -> list[Piece]:
    return [
        Piece(
            f"{prefix}{i}",
            width,
            height,
            labelled(f"{prefix}{i}", width, height),
            labelled(f"back-{prefix}{i}", width, height) if backs else None,
        )
        for i in range(n)
    ]
