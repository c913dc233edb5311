"""What a preflight checks files against: a shop's figures, or only what any print file must hold."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from ..export.cmyk import check_ink_limit
from ..export.raster import MM_PER_INCH
from ..export.shops import Shop

PT_PER_INCH = 72
MIN_PPI = 300  # what every shop asks of an image at its printed size
DEFAULT_INK_LIMIT = 300  # percent of C+M+Y+K, for a file no shop (and no --ink-limit) names a limit for
SIZE_TOLERANCE = 0.5  # pt: a page within this of a card's size (with bleed) is that size


@dataclass(frozen=True)
class Rules:
    shop: Shop | None
    cmyk: bool  # RGB is a finding
    ink_limit: float  # percent

    @property
    def safe_pt(self) -> float | None:
        return None if self.shop is None else self.shop.safe * PT_PER_INCH

    @property
    def bleed_pt(self) -> float | None:
        return None if self.shop is None else self.shop.bleed * PT_PER_INCH

    def page_sizes(self) -> list[tuple[float, float]]:
        """Each of the shop's cards as a page with its bleed, pt, upright."""
        if self.shop is None:
            return []
        grow = 2 * self.shop.bleed
        return [((c.width + grow) * PT_PER_INCH, (c.height + grow) * PT_PER_INCH) for c in self.shop.cards]


def rules(shop: Shop | None, cmyk: bool | None, ink_limit: float | None) -> Rules:
    """What to check: `cmyk` True or False says whether RGB is a finding; None leaves it to the
    shop (a shop that asks for CMYK)."""
    if ink_limit is not None and (findings := check_ink_limit(ink_limit)):
        raise InputError(findings)
    published = shop.ink_limit if shop is not None else None
    limit = ink_limit if ink_limit is not None else published if published is not None else DEFAULT_INK_LIMIT
    asks = cmyk if cmyk is not None else shop is not None and shop.asks_cmyk
    return Rules(shop, asks, limit)


def mm(pt: float) -> float:
    return pt / PT_PER_INCH * MM_PER_INCH
