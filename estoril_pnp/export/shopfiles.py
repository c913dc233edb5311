"""A shop's files from its plan, one builder per file kind: a PNG per card picture at the shop's
exact pixels, or a PDF per deck whose pages carry the shop's TrimBox and BleedBox."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..files.atomic import atomic_path
from ..pieces.selection import each_item, pictures
from ..render.docinfo import DocInfo, untitled
from ..render.draw import new_canvas
from ..render.piece import Piece
from ..render.sheets import Progress, draw_single
from .cmyk import Separation
from .images import images, save
from .pdfx import make_pdfx
from .raster import PageBox
from .shops import FileKind, Shop, card_for


def write_shop(
    pieces: Sequence[Piece],
    shop: Shop,
    out_dir: Path,
    progress: Progress,
    separation: Separation | None = None,
    about: Callable[[str], DocInfo] = untitled,
) -> list[Path]:
    """The shop's files for pieces on its cards (export/shops.py: plan_shop) in `out_dir`; the paths,
    in order. PDFs of pieces in `separation`'s CMYK (export/cmyk.py) are made PDF/X-4 (export/pdfx.py).
    `about`: what a group's PDF says of itself."""
    if shop.kind is FileKind.png:
        return _pngs(pieces, shop, out_dir, progress)
    return _decks(pieces, shop, out_dir, progress, separation, about)


def _pngs(pieces: Sequence[Piece], shop: Shop, out_dir: Path, progress: Progress) -> list[Path]:
    """One image per picture: a shop sets the number of copies at upload, so copies are one file."""
    found = pictures(each_item(pieces))
    sizes = []
    for picture in found:
        card = card_for(shop, picture.width, picture.height)
        assert card is not None and card.pixels is not None  # placed pieces sit on a card of the shop
        sizes.append(card.pixels)
    written = []
    for picture, image in images(found, sizes, PageBox.bleed, shop.bleed_mm):
        written.append(save(image, out_dir / f"{picture.name}.png", shop.dpi, out_dir))
        progress(1)
    return written


def _decks(
    pieces: Sequence[Piece],
    shop: Shop,
    out_dir: Path,
    progress: Progress,
    separation: Separation | None,
    about: Callable[[str], DocInfo],
) -> list[Path]:
    """A PDF per group: every copy a page, its back on the next, each page the card plus the shop's bleed."""
    groups: dict[str, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(piece.group, []).append(piece)
    written = []
    for group, members in groups.items():
        target = out_dir / f"{group}.pdf"
        with atomic_path(target, out_dir) as temp:
            canvas = new_canvas(temp, about(group))
            draw_single(canvas, members, shop.bleed_mm, progress)
            canvas.save()
            if separation is not None:
                make_pdfx(temp, separation)
        written.append(target)
    return written
