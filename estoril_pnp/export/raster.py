"""PDF pages as pictures of an exact size in pixels, rasterized by pdfium (no external program).

pypdfium2's own `render` rounds the page size up at a scale, so a 70 mm card could come out a
pixel too wide; here the caller says how many pixels, and a matrix maps the chosen box of the
page (TrimBox or BleedBox, as the PDF itself declares them) exactly onto them.
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator, Sequence
from enum import StrEnum
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw

from ..render.geometry import Box
from ..render.outline import Line

MM_PER_INCH = 25.4
WHITE = (255, 255, 255, 255)
SUPERSAMPLE = 4  # the outline's mask is drawn this many times larger, then reduced: a smooth edge


class PageBox(StrEnum):
    trim = "trim"  # the cut piece
    bleed = "bleed"  # the piece with the ink beyond the cut


def pixels(mm: float, dpi: float) -> int:
    """A length in whole pixels at `dpi`, rounded to the nearest (halves up): 70 mm at 300 dpi is 827."""
    return max(1, math.floor(mm / MM_PER_INCH * dpi + 0.5))


def rasterize(pdf: Path, sizes: Sequence[tuple[int, int]], box: PageBox) -> Iterator[Image.Image]:
    """Page i of `pdf`, its `box` scaled onto exactly sizes[i] pixels (width, height), as an RGB image."""
    document = pdfium.PdfDocument(pdf)
    try:
        if len(document) != len(sizes):
            raise ValueError(f"{pdf}: {len(document)} pages for {len(sizes)} sizes")
        for index, size in enumerate(sizes):
            page = document[index]
            try:
                yield render(page, page.get_trimbox() if box is PageBox.trim else page.get_bleedbox(), size)
            finally:
                page.close()
    finally:
        document.close()


def render(page: pdfium.PdfPage, box: tuple[float, float, float, float], size: tuple[int, int]) -> Image.Image:
    """The part of `page` inside `box` (left, bottom, right, top in points) on exactly `size` pixels."""
    left, bottom, right, top = box
    width, height = size
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR)
    bitmap.fill_rect(WHITE, 0, 0, width, height)
    sx, sy = width / (right - left), height / (top - bottom)
    # pdfium applies the matrix to the page in device space: points from the CropBox's
    # top-left corner, y down
    crop_left, _, _, crop_top = page.get_cropbox()
    matrix = pdfium_c.FS_MATRIX(sx, 0, 0, sy, -(left - crop_left) * sx, -(crop_top - top) * sy)
    clip = pdfium_c.FS_RECTF(0, 0, width, height)
    pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, ctypes.byref(matrix), ctypes.byref(clip), 0)
    image = bitmap.to_pil()
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.copy()  # detached from pdfium's buffer, which is freed with the bitmap


def cut_out(image: Image.Image, line: Line, box: Box) -> Image.Image:
    """`image`, showing `box` (mm, y up), as RGBA with alpha 0 outside `line` (mm, y up)."""
    width, height = image.size
    big = (width * SUPERSAMPLE, height * SUPERSAMPLE)
    sx, sy = big[0] / box.width, big[1] / box.height
    mask = Image.new("L", big, 0)
    ImageDraw.Draw(mask).polygon([((x - box.x) * sx, (box.top - y) * sy) for x, y in line.polygon()], fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask.reduce(SUPERSAMPLE))
    return out
