"""`export showcase`: chosen cards in one PNG, fanned as a hand or laid out as a spread, each with a
soft shadow, to show a game in a forum post or on a crowdfunding page.

The geometry is pure (card sizes in, each card's centre and turn out, in pixels, y down); the
compositing is the edge. The cards themselves are the pictures `export png` writes, drawn and
rasterized by `images.py`, never drawn a second way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from PIL import Image, ImageColor, ImageFilter

from ..errors import Finding, InputError
from ..pieces.selection import Picture
from ..render.options import DEFAULT_BLEED
from ..render.piece import Piece
from .images import images, shaped
from .raster import PageBox, pixels

MAX_CARDS = 40  # a hand of more is no longer a picture of cards
MAX_PIXELS = 80_000_000  # the whole image: beyond this, a lower --dpi says the same
FAN_STEP = 10.0  # degrees between neighbouring cards of a hand…
FAN_TOTAL = 80.0  # …unless the whole fan would be wider than this
SHADOW_OPACITY = 0.45


class Style(StrEnum):
    hand = "hand"  # fanned from a point below the cards, the first on the left, underneath
    spread = "spread"  # rows of upright cards with a gap between them


@dataclass(frozen=True)
class Placement:
    centre: tuple[float, float]  # px from the image's top-left corner, y down
    angle: float  # degrees, clockwise as seen
    size: tuple[int, int]  # the card's own picture, px


@dataclass(frozen=True)
class Shadow:
    blur: float  # the Gaussian blur's radius, px
    offset: tuple[int, int]  # towards the lower right, px

    @property
    def reach(self) -> int:
        """How far beyond a card its shadow can show, px."""
        return math.ceil(3 * self.blur) + max(self.offset)


@dataclass(frozen=True)
class Showcase:
    size: tuple[int, int]  # the whole image, px
    cards: tuple[Placement, ...]  # in drawing order: each over the ones before it
    shadow: Shadow


def shadow_for(dpi: int) -> Shadow:
    """A shadow that looks the same at any resolution: 1.5 mm of blur, 1 mm down and right."""
    return Shadow(blur=pixels(1.5, dpi), offset=(pixels(1.0, dpi), pixels(1.0, dpi)))


def corners(placement: Placement) -> list[tuple[float, float]]:
    """The four corners of a placed card, turned about its centre."""
    (cx, cy), (w, h) = placement.centre, placement.size
    turn = math.radians(placement.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in _box(w, h)]


def to_image(placement: Placement, x: float, y: float) -> tuple[float, float]:
    """A point of the card (px from its own top-left corner) where it lands in the image."""
    (cx, cy), (w, h) = placement.centre, placement.size
    turn = math.radians(placement.angle)
    dx, dy = x - w / 2, y - h / 2
    return cx + dx * math.cos(turn) - dy * math.sin(turn), cy + dx * math.sin(turn) + dy * math.cos(turn)


def hand(sizes: Sequence[tuple[int, int]], shadow: Shadow) -> Showcase:
    """The cards fanned about a point 1.6 card heights below their centres, the middle one upright."""
    n = len(sizes)
    step = FAN_STEP if n < 2 else min(FAN_STEP, FAN_TOTAL / (n - 1))
    radius = 1.6 * max(h for _, h in sizes)
    cards = []
    for i, size in enumerate(sizes):
        angle = (i - (n - 1) / 2) * step
        turn = math.radians(angle)
        cards.append(Placement((radius * math.sin(turn), -radius * math.cos(turn)), angle, size))
    return _framed(cards, shadow)


def spread(sizes: Sequence[tuple[int, int]], shadow: Shadow, columns: int | None = None) -> Showcase:
    """Upright cards in rows, left to right, a gap of a tenth of a card between them; each row's
    cells as wide as its widest card, as tall as its tallest."""
    n = len(sizes)
    across = columns or max(1, min(n, round(math.sqrt(n * 1.8))))
    gap = round(0.1 * max(w for w, _ in sizes))
    rows = [sizes[i : i + across] for i in range(0, n, across)]
    cell_w = max(w for w, _ in sizes)
    cards, top = [], 0
    for row in rows:
        cell_h = max(h for _, h in row)
        for column, (w, h) in enumerate(row):
            # whole pixels: an upright card is pasted unresampled, pixel for pixel its PNG
            left = column * (cell_w + gap) + (cell_w - w) // 2
            upper = top + (cell_h - h) // 2
            cards.append(Placement((left + w / 2, upper + h / 2), 0.0, (w, h)))
        top += cell_h + gap
    return _framed(cards, shadow)


def _box(w: float, h: float) -> list[tuple[float, float]]:
    return [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]


def _framed(cards: Sequence[Placement], shadow: Shadow) -> Showcase:
    """The cards moved so their corners and shadows lie inside the image, with a margin of the
    shadow's reach all round; upright cards keep whole-pixel corners."""
    points = [point for card in cards for point in corners(card)]
    margin = shadow.reach + 1  # the one pixel a turned card's rounding may take
    left = math.floor(min(x for x, _ in points)) - margin
    top = math.floor(min(y for _, y in points)) - margin
    right = math.ceil(max(x for x, _ in points)) + margin
    bottom = math.ceil(max(y for _, y in points)) + margin
    moved = tuple(Placement((c.centre[0] - left, c.centre[1] - top), c.angle, c.size) for c in cards)
    return Showcase((right - left, bottom - top), moved, shadow)


def plan(style: Style, sizes: Sequence[tuple[int, int]], dpi: int, columns: int | None = None) -> Showcase:
    """The showcase of cards of these sizes; InputError when none are chosen, too many, or the image
    would be too large."""
    if not sizes:
        raise InputError([Finding("--only", None, "", "chooses no card to show")])
    if len(sizes) > MAX_CARDS:
        why = f"chooses {len(sizes)} cards; a showcase shows at most {MAX_CARDS}: name fewer groups or keys"
        raise InputError([Finding("--only", None, "", why)])
    shadow = shadow_for(dpi)
    showcase = hand(sizes, shadow) if style is Style.hand else spread(sizes, shadow, columns)
    width, height = showcase.size
    if width * height > MAX_PIXELS:
        why = f"the showcase would be {width} × {height} px; lower --dpi or choose fewer cards"
        raise InputError([Finding("--dpi", None, "", why)])
    return showcase


def background(value: str) -> tuple[int, int, int, int]:
    """`transparent`, or a colour as CSS names it (`#20303c`, `white`), as RGBA."""
    if value.strip().lower() in ("transparent", "none"):
        return (0, 0, 0, 0)
    try:
        rgb = ImageColor.getrgb(value.strip())
    except ValueError:
        why = f"expected 'transparent' or a colour such as '#1d3557' or 'white' (got '{value}')"
        raise InputError([Finding("--background", None, "", why)]) from None
    return (*rgb[:3], 255)


def faces(pieces: Sequence[Piece]) -> list[Picture]:
    """The face of each chosen piece: what a showcase shows."""
    return [Picture(p.key, p.group, p.width, p.height, p.front, p.outline) for p in pieces]


def sizes(found: Sequence[Picture], dpi: int) -> list[tuple[int, int]]:
    return [(pixels(p.width, dpi), pixels(p.height, dpi)) for p in found]


def render(found: Sequence[Picture], showcase: Showcase, fill: tuple[int, int, int, int]) -> Image.Image:
    """The showcase drawn: the background, then card by card its shadow and the card."""
    canvas = Image.new("RGBA", showcase.size, fill)
    drawn = images(found, [c.size for c in showcase.cards], PageBox.trim, DEFAULT_BLEED)
    for (picture, image), card in zip(drawn, showcase.cards, strict=True):
        face = shaped(picture, image).convert("RGBA")  # a round piece is round, its shadow too
        if card.angle:
            face = face.rotate(-card.angle, resample=Image.Resampling.BICUBIC, expand=True)
        left = round(card.centre[0] - face.width / 2)
        top = round(card.centre[1] - face.height / 2)
        reach = showcase.shadow.reach
        canvas.alpha_composite(_shadow(face, showcase.shadow), (left - reach, top - reach))
        canvas.alpha_composite(face, (left, top))
    return canvas


def _shadow(face: Image.Image, shadow: Shadow) -> Image.Image:
    """A black, blurred copy of the card's outline (its alpha), offset, on a transparent layer
    larger than the card by the shadow's reach on every side."""
    alpha = face.getchannel("A").point(lambda a: round(a * SHADOW_OPACITY))
    reach = shadow.reach
    layer = Image.new("L", (face.width + 2 * reach, face.height + 2 * reach), 0)
    layer.paste(alpha, (reach + shadow.offset[0], reach + shadow.offset[1]))
    blurred = layer.filter(ImageFilter.GaussianBlur(shadow.blur))
    out = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    out.putalpha(blurred)
    return out
