"""Art that stops short of the bleed: bare paper in the outer band of the bleed where the art
at the cut beside it is inked. A cut a little off would show that paper as a white sliver."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

BAND = 2  # px: the outermost band of the bleed read
PAPER = 3  # an ink value (0–255) at most this is bare paper
SIDES = ("top", "right", "bottom", "left")

PixelBox = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), from the top-left


def short_sides(ink: Image.Image, bleed: PixelBox, trim: PixelBox) -> dict[str, float]:
    """Each side whose outer band has bare paper beside inked art at the cut: the fraction of the
    side's length where it does. A side with no bleed beyond its band is not read."""
    bl, bt, br, bb = bleed
    tl, tt, tr, tb = trim
    found = {}
    for side in SIDES:
        if side in ("top", "bottom"):
            if (tt - bt if side == "top" else bb - tb) <= BAND:
                continue
            band_rows = range(bt, bt + BAND) if side == "top" else range(bb - BAND, bb)
            cut_row = tt if side == "top" else tb - 1
            along = range(tl + BAND, tr - BAND)
            band = [_row(ink, r, along) for r in band_rows]
            cut = _row(ink, cut_row, along)
        else:
            if (tl - bl if side == "left" else br - tr) <= BAND:
                continue
            band_cols = range(bl, bl + BAND) if side == "left" else range(br - BAND, br)
            cut_col = tl if side == "left" else tr - 1
            along = range(tt + BAND, tb - BAND)
            band = [_column(ink, c, along) for c in band_cols]
            cut = _column(ink, cut_col, along)
        short = sum(1 for i, v in enumerate(cut) if v > PAPER and any(line[i] <= PAPER for line in band))
        if short and along:
            found[side] = short / len(along)
    return found


def _row(ink: Image.Image, y: int, xs: range) -> bytes:
    return ink.crop((xs.start, y, xs.stop, y + 1)).tobytes() if xs else b""


def _column(ink: Image.Image, x: int, ys: range) -> bytes:
    return ink.crop((x, ys.start, x + 1, ys.stop)).tobytes() if ys else b""
