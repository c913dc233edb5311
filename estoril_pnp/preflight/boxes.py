"""A page's TrimBox and BleedBox, and its size, against what a print shop needs."""

from __future__ import annotations

from .document import PageBoxes, Rect
from .rules import SIZE_TOLERANCE, Rules, mm

NEAR = 0.01  # pt


def box_faults(page: PageBoxes, rules: Rules) -> list[str]:
    """What is missing or wrong in the page's boxes, and a size no card of the shop has."""
    faults = []
    if page.trim is None and page.bleed is None:
        faults.append("no TrimBox and no BleedBox: the shop cannot tell where to cut")
    elif page.trim is None:
        faults.append("no TrimBox: the shop cannot tell where to cut")
    elif page.bleed is None:
        faults.append("no BleedBox: the shop cannot tell how far the art bleeds")
    if page.trim is not None and page.bleed is not None:
        if not _contains(page.bleed, page.trim):
            faults.append("the BleedBox does not contain the TrimBox")
        elif rules.bleed_pt is not None and rules.shop is not None:
            narrowest = min(_margins(page.bleed, page.trim))
            if narrowest < rules.bleed_pt - SIZE_TOLERANCE:
                faults.append(
                    f"bleed {mm(narrowest):.1f} mm on its narrowest side; {rules.shop.name} asks for "
                    f"{mm(rules.bleed_pt):.1f} mm"
                )
    for name, box in (("TrimBox", page.trim), ("BleedBox", page.bleed)):
        if box is not None and not _contains(page.media, box):
            faults.append(f"the {name} reaches outside the MediaBox")
    sizes = rules.page_sizes()
    if sizes and rules.shop is not None:
        x0, y0, x1, y1 = page.media
        w, h = x1 - x0, y1 - y0
        if not any(_same((w, h), size) or _same((h, w), size) for size in sizes):
            offered = "; ".join(
                f"{c.name} {mm(sw):.1f} × {mm(sh):.1f} mm" for c, (sw, sh) in zip(rules.shop.cards, sizes, strict=True)
            )
            faults.append(f"page {mm(w):.1f} × {mm(h):.1f} mm: no card of {rules.shop.name} with its bleed ({offered})")
    return faults


def _contains(outer: Rect, inner: Rect) -> bool:
    return all(_margin >= -NEAR for _margin in _margins(outer, inner))


def _margins(outer: Rect, inner: Rect) -> tuple[float, float, float, float]:
    return inner[0] - outer[0], inner[1] - outer[1], outer[2] - inner[2], outer[3] - inner[3]


def _same(size: tuple[float, float], other: tuple[float, float]) -> bool:
    return abs(size[0] - other[0]) <= SIZE_TOLERANCE and abs(size[1] - other[1]) <= SIZE_TOLERANCE
