"""Text and drawings inside a shop's unsafe margin, read from the page as pdfplumber lays it out:
words, and shapes and images that lie inside the cut yet come closer to it than the margin.
Art that reaches the cut or beyond (a background, a band into the bleed) is meant to be cut."""

from __future__ import annotations

from typing import Any

from .document import Rect

TOUCH = 0.5  # pt: a shape this close to the cut reaches it


def intrusions(page: Any, trim: Rect, safe: float) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """(words, shapes) inside the margin, each with how deep into it it reaches (pt).
    `page`: a pdfplumber page; `trim`: the TrimBox in PDF space."""
    height = float(page.height)
    tx0, ty0, tx1, ty1 = trim
    sx0, sy0, sx1, sy1 = tx0 + safe, ty0 + safe, tx1 - safe, ty1 - safe

    def depth(x0: float, y0: float, x1: float, y1: float) -> float:
        return max(sx0 - x0, sy0 - y0, x1 - sx1, y1 - sy1)

    words = []
    for word in page.extract_words(keep_blank_chars=False, use_text_flow=True):
        y0, y1 = height - float(word["bottom"]), height - float(word["top"])
        d = depth(float(word["x0"]), y0, float(word["x1"]), y1)
        if d > 0.05 and _inside(float(word["x0"]), y0, float(word["x1"]), y1, trim, 0.0) is not False:
            words.append((str(word["text"]), d))
    shapes = []
    for kind, objects in (("shape", page.rects + page.curves + page.lines), ("image", page.images)):
        for obj in objects:
            x0, y0, x1, y1 = (float(obj[k]) for k in ("x0", "y0", "x1", "y1"))
            if _inside(x0, y0, x1, y1, trim, TOUCH) and (d := depth(x0, y0, x1, y1)) > 0.05:
                where = f"{kind} at x {_mm(x0 - tx0):.1f}, y {_mm(ty1 - y1):.1f} mm from the trim's top-left"
                shapes.append((where, d))
    return words, shapes


def _inside(x0: float, y0: float, x1: float, y1: float, trim: Rect, touch: float) -> bool | None:
    """True: wholly inside the trim, clear of the cut; False: wholly outside it; None: across the cut."""
    tx0, ty0, tx1, ty1 = trim
    if x1 <= tx0 or x0 >= tx1 or y1 <= ty0 or y0 >= ty1:
        return False
    if x0 > tx0 + touch and y0 > ty0 + touch and x1 < tx1 - touch and y1 < ty1 - touch:
        return True
    return None


def _mm(pt: float) -> float:
    return pt / 72 * 25.4
