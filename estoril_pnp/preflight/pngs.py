"""A shop's PNG images checked as it checks an upload: its pixels, colour, resolution and
bleed (a picture is a card with its bleed: the cut lies the shop's bleed inside its edges)."""

from __future__ import annotations

import math
from pathlib import Path

from .bleed import short_sides
from .document import bad
from .render import ink_of
from .rules import MIN_PPI, Rules

MOST_PIXELS = 50_000_000  # an image this large is no card: refused unread (Pillow's own bomb guard is near)


def png_faults(path: Path, shown: str, rules: Rules) -> list[str]:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            if image.width * image.height > MOST_PIXELS:
                raise bad(shown, f"{image.width} × {image.height} px: too large for a card")
            image.load()
            return _faults(image, rules)
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError, ValueError) as exc:
        raise bad(shown, f"cannot be read as an image ({exc})") from None


def _faults(image, rules: Rules) -> list[str]:  # image: PIL.Image.Image
    faults = []
    shop = rules.shop
    if rules.cmyk:  # a PNG holds no CMYK
        faults.append("RGB where CMYK is asked for")
    dpi = image.info.get("dpi")
    if dpi and min(float(v) for v in dpi) < MIN_PPI - 0.5:
        faults.append(f"{min(float(v) for v in dpi):.0f} ppi (its own resolution); a print shop asks for {MIN_PPI}")
    if shop is None:
        return faults
    cards = [c for c in shop.cards if c.pixels is not None]
    card = next((c for c in cards if image.size in (c.pixels, c.pixels[::-1])), None)  # type: ignore[index]
    if card is None:
        if cards:
            offered = "; ".join(f"{c.name} {c.pixels[0]} × {c.pixels[1]} px" for c in cards)  # type: ignore[index]
            faults.append(f"{image.width} × {image.height} px: no card of {shop.name} ({offered})")
        return faults
    edge = math.ceil(shop.bleed * shop.dpi - 0.01)
    w, h = image.size
    sides = short_sides(ink_of(image), (0, 0, w, h), (edge, edge, w - edge, h - edge))
    if sides:
        faults.append(bleed_message(sides))
    return faults


def bleed_message(sides: dict[str, float]) -> str:
    along = ", ".join(f"{side} ({fraction:.0%} of it)" for side, fraction in sides.items())
    return f"bleed short of the edge: bare paper in the bleed's outer 2 px where the art at the cut is inked: {along}"
