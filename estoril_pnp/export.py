"""Image exports, the edge that writes them: pictures drawn as single PDF pages (the drawing every
other output uses), rasterized at an exact size in pixels, written atomically as PNG files.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from PIL import Image

from .atomic import atomic_path
from .build import new_canvas
from .errors import Finding, InputError
from .pictures import Picture, pictures
from .raster import PageBox, pixels, rasterize
from .render.piece import Piece
from .render.sheets import Progress, draw_single

BLEED = 3.0  # mm: what `--bleed` adds, the build's default bleed
MIN_DPI, MAX_DPI = 10, 1200


def check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError([Finding("--dpi", None, "", f"must be between {MIN_DPI} and {MAX_DPI} (got {dpi})")])


def size(picture: Picture, dpi: int, bleed: bool) -> tuple[int, int]:
    """The picture's size in pixels: its trim size, or with `bleed` the trim plus 3 mm on every side."""
    extra = 2 * BLEED if bleed else 0.0
    return pixels(picture.width + extra, dpi), pixels(picture.height + extra, dpi)


def images(
    found: Sequence[Picture], sizes: Sequence[tuple[int, int]], box: PageBox
) -> Iterator[tuple[Picture, Image.Image]]:
    """Each picture as an image of its size: drawn as a page with bleed, TrimBox and BleedBox,
    then the page's own box rendered."""
    if not found:
        return  # a PDF needs a page
    with tempfile.TemporaryDirectory(prefix="estoril-pnp-") as folder:
        pdf = Path(folder) / "pictures.pdf"
        canvas = new_canvas(pdf, title="pictures")
        pages = [Piece(p.name, p.group, "", p.width, p.height, p.ops, None) for p in found]
        draw_single(canvas, pages, BLEED, lambda _: None)
        canvas.save()
        yield from zip(found, rasterize(pdf, sizes, box), strict=True)


def export_png(pieces: Sequence[Piece], out_dir: Path, dpi: int, bleed: bool, progress: Progress) -> list[Path]:
    """A PNG per face, shared back and own second side in `out_dir`, named by key; the paths."""
    found = pictures(pieces)
    box = PageBox.bleed if bleed else PageBox.trim
    written = []
    for picture, image in images(found, [size(p, dpi, bleed) for p in found], box):
        written.append(_save(image, out_dir / f"{picture.name}.png", dpi))
        progress(1)
    return written


def _save(image: Image.Image, target: Path, dpi: int | None) -> Path:
    with atomic_path(target) as temp:
        # the resolution is stored so a print or layout program opens the image at its true size
        image.save(temp, format="PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return target
