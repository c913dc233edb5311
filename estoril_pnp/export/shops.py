"""Print-on-demand shops as data, and a plan of a pack's pieces for one of them: which card each
piece becomes, centred on the shop's trim, and what the shop would cut away. Pure: no file, no drawing.

Every number is the shop's own published one (README: "Print shops" cites each page). Sizes are
named as the shop names them; a shop's pixels are the image it asks for, bleed included.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from ..errors import Finding, InputError
from ..render.geometry import Box
from ..render.ops import IconOp, ImageOp, Op, RectOp, TextOp, shifted
from ..render.outline import RECT
from ..render.piece import Piece
from .raster import MM_PER_INCH

SIZE_TOLERANCE = 1.0  # mm: a piece within this of a shop's card (63 × 88 for 2.5 × 3.5 in) is that card


class FileKind(StrEnum):
    png = "png"  # one image per card face and back, at the shop's exact pixels
    pdf = "pdf"  # one PDF per deck, a page per face with the shop's TrimBox and BleedBox


@dataclass(frozen=True)
class Card:
    name: str  # as the shop names the product
    width: float  # trim, inches
    height: float
    pixels: tuple[int, int] | None = None  # the image the shop asks for, bleed included (PNG shops)

    @property
    def size(self) -> tuple[float, float]:
        """The trim in mm."""
        return self.width * MM_PER_INCH, self.height * MM_PER_INCH


@dataclass(frozen=True)
class Shop:
    key: str  # what --shop takes
    name: str
    bleed: float  # inches, on every side
    safe: float  # inches inside the trim that text and icons must keep clear of
    dpi: int
    kind: FileKind
    colour: str  # what the shop's page says of colour
    cards: tuple[Card, ...]
    source: str  # the shop's specification page
    # the most ink (C+M+Y+K, percent) the shop takes on any spot of a CMYK file, and the page that
    # says so; None where the shop publishes none (it takes RGB images and separates them itself)
    ink_limit: float | None = None
    ink_source: str = ""
    asks_cmyk: bool = False  # its files in CMYK: an RGB build is said (build/outlets.py)

    @property
    def bleed_mm(self) -> float:
        return self.bleed * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe * MM_PER_INCH


SHOPS: dict[str, Shop] = {
    shop.key: shop
    for shop in (
        Shop(
            "thegamecrafter",
            "The Game Crafter",
            bleed=0.125,
            safe=0.125,
            dpi=300,
            kind=FileKind.png,
            colour="RGB only (CMYK images are refused)",
            cards=(
                Card("Poker Deck", 2.5, 3.5, (825, 1125)),
                Card("Bridge Deck", 2.25, 3.5, (750, 1125)),
                Card("Square Deck", 3.5, 3.5, (1125, 1125)),
                Card("Tarot Deck", 2.75, 4.75, (900, 1500)),
                Card("Jumbo Deck", 3.5, 5.5, (1125, 1725)),
            ),
            source="https://help.thegamecrafter.com/article/39-templates",
        ),
        Shop(
            "makeplayingcards",
            "MakePlayingCards",
            bleed=36 / 300,  # "36 pixels each side based on a 300DPI image", not quite 1/8 in
            safe=36 / 300,
            dpi=300,
            kind=FileKind.png,
            colour="RGB accepted",
            cards=(Card("Poker size", 2.5, 3.5, (822, 1122)), Card("Tarot", 2.75, 4.75, (897, 1497))),
            source="https://www.makeplayingcards.com/faq-photo.aspx",
        ),
        Shop(
            "drivethrucards",
            "DriveThruCards",
            bleed=0.125,
            safe=0.125,
            dpi=300,
            kind=FileKind.pdf,
            colour="CMYK, PDF/X-1a:2003",
            cards=(Card("US Poker", 2.5, 3.5),),
            source="https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607",
            # "Specifications for Print Cards": files in CMYK, ink coverage not over 240 % (its rich
            # black: C60 M40 Y40 K100); read in the page's German edition, the same article number
            asks_cmyk=True,
            ink_limit=240,
            ink_source="https://help.drivethrupartners.com/hc/de/articles/12780748203543-Spezifikationen-f%C3%BCr-gedruckte-Karten",
        ),
    )
}


def find_shop(key: str) -> Shop:
    if key not in SHOPS:
        raise InputError([Finding("--shop", None, "", f"unknown shop '{key}'; choose one of {', '.join(SHOPS)}")])
    return SHOPS[key]


def check_bleed(shop: Shop, bleed: float | None) -> list[Finding]:
    """A bleed other than the shop's: the shop cuts its own, so the file would be the wrong size."""
    if bleed is None or math.isclose(bleed, shop.bleed_mm, abs_tol=0.01):
        return []
    taken = f"{round(shop.bleed_mm, 3):g} mm ({round(shop.bleed, 3):g} in)"
    message = f"{shop.name} takes a bleed of {taken}, not {bleed:g} mm; leave --bleed out"
    return [Finding("--bleed", None, "", message)]


def plan_shop(pieces: Sequence[Piece], shop: Shop) -> tuple[list[Piece], list[Finding]]:
    """The pieces the shop prints, each with its card's trim, drawn centred on it; a warning per
    size of piece it has no card for, and an error per text or icon inside its unsafe margin (the
    piece's key and the element)."""
    placed: list[Piece] = []
    findings: list[Finding] = []
    unmatched: dict[tuple[float, float], Piece] = {}
    for piece in pieces:
        card = card_for(shop, piece.width, piece.height)
        if card is None:
            unmatched.setdefault((piece.width, piece.height), piece)
            continue
        on_card = centred(piece, card)
        placed.append(on_card)
        if piece.copy <= 1:  # the copies are alike: measured, and reported, once
            findings += unsafe(on_card, shop)
    for (width, height), piece in unmatched.items():
        offered = "; ".join(f"{c.name} {c.size[0]:.1f} × {c.size[1]:.1f} mm" for c in shop.cards)
        message = f"{width:g} × {height:g} mm: {shop.name} has no card of this size ({offered}); left out"
        findings.append(Finding(piece.group, None, piece.key, message, "warning"))
    return placed, findings


def card_for(shop: Shop, width: float, height: float) -> Card | None:
    for card in shop.cards:
        w, h = card.size
        if abs(w - width) <= SIZE_TOLERANCE and abs(h - height) <= SIZE_TOLERANCE:
            return card
    return None


def centred(piece: Piece, card: Card) -> Piece:
    """The piece with the card's trim, its drawing moved to the card's centre (within a millimetre).
    What bleeds still reaches the card's bleed: each side of a bleeding element that lies on the
    piece's cut (or beyond it) is carried out to the card's cut, so a card larger than the piece
    shows no white sliver between the drawing and the shop's edge."""
    w, h = card.size
    dx, dy = (w - piece.width) / 2, (h - piece.height) / 2
    trim, card_trim = Box(0.0, 0.0, piece.width, piece.height), Box(0.0, 0.0, w, h)

    def move(ops: tuple[Op, ...] | None) -> tuple[Op, ...] | None:
        return (
            None if ops is None else tuple(_to_card(shifted(op, dx, dy), trim.moved(dx, dy), card_trim) for op in ops)
        )

    outline = piece.outline
    if outline.shape == "rounded":  # the shop rounds its cards itself, and asks for ink to the rectangle's edge
        outline = RECT
    elif outline.shape == "polygon":  # its points are mm from the trim box's top-left, y down
        outline = replace(outline, points=tuple((x + dx, y + dy) for x, y in outline.points))
    return replace(piece, width=w, height=h, front=move(piece.front) or (), back=move(piece.back), outline=outline)


def _to_card(op: Op, trim: Box, card: Box) -> Op:
    """A bleeding rect or picture whose sides on (or beyond) the piece's cut `trim` are carried out
    to the card's cut; never pulled in, where the card is the smaller."""
    if not isinstance(op, RectOp | ImageOp) or not op.bleed:
        return op
    box, edge = op.box, 0.01  # mm: a side this near the cut is on it
    left = max(0.0, box.x - card.x) if box.x <= trim.x + edge else 0.0
    bottom = max(0.0, box.y - card.y) if box.y <= trim.y + edge else 0.0
    right = max(0.0, card.right - box.right) if box.right >= trim.right - edge else 0.0
    top = max(0.0, card.top - box.top) if box.top >= trim.top - edge else 0.0
    return replace(op, box=box.grow(left, bottom, right, top))


def unsafe(piece: Piece, shop: Shop) -> list[Finding]:
    """Each text line and icon of either side that reaches into the shop's unsafe margin."""
    safe = Box(0.0, 0.0, piece.width, piece.height).inset(shop.safe_mm)
    out = []
    for side, ops in (("front", piece.front), ("back", piece.back or ())):
        for op in ops:
            for what, box in extents(op):
                depth = max(safe.x - box.x, safe.y - box.y, box.right - safe.right, box.top - safe.top)
                if depth > 0.01:
                    message = (
                        f"{side}: {what} reaches {depth:.1f} mm into {shop.name}'s unsafe margin "
                        f"({shop.safe_mm:.1f} mm inside the cut)"
                    )
                    out.append(Finding(piece.group, None, f"{piece.item} [{piece.lang}]", message))
    return out


def extents(op: Op) -> list[tuple[str, Box]]:
    """What an operation shows that a cut must not touch, with its box in the piece's mm: each
    line of text (its ink, turned as drawn), an icon. Backgrounds and frames may reach the cut."""
    if isinstance(op, IconOp):
        return [(f"icon '{op.icon}'", op.box)]
    if not isinstance(op, TextOp):
        return []
    ascent, descent = getAscentDescent(op.font, op.size)
    out = []
    for i, (x, y, line) in enumerate(op.lines):
        width = sum(s.width for s in op.spans[i]) if op.spans else stringWidth(line, op.font, op.size)
        left = {"left": x, "center": x - width / 2, "right": x - width}[op.align]
        corners = [(left, y + descent), (left + width, y + descent), (left, y + ascent), (left + width, y + ascent)]
        turned = [_turn(px, py, op.angle, op.pivot) for px, py in corners]
        xs, ys = [p[0] for p in turned], [p[1] for p in turned]
        out.append((f"text '{line}'", Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
    return out


def _turn(x: float, y: float, angle: float, pivot: tuple[float, float]) -> tuple[float, float]:
    if not angle:
        return x, y
    a = math.radians(angle)
    dx, dy = x - pivot[0], y - pivot[1]
    return pivot[0] + dx * math.cos(a) - dy * math.sin(a), pivot[1] + dx * math.sin(a) + dy * math.cos(a)
