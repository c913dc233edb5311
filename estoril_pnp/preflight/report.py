"""A preflight of a PDF or PNG file, or of every one in a folder: one finding per fault, as
`file: page N: what`, in the order of the files and their pages."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Finding, InputError
from .bleed import short_sides
from .boxes import box_faults
from .contents import painted
from .document import PageBoxes, Rect, boxes, open_pdf
from .fonts import not_embedded
from .ink import total_ink
from .margin import intrusions
from .pngs import bleed_message, png_faults
from .render import cmyk_pages, ink_of, resolution
from .rules import MIN_PPI, Rules, mm

if TYPE_CHECKING:
    from PIL import Image

SHOWN = 4  # words or shapes in the margin named on a page's line; the rest counted


def preflight(target: Path, rules: Rules) -> list[Finding]:
    """Every fault of the file, or of each PDF and PNG under the folder; InputError, one line, for
    a target or a file that cannot be read."""
    if target.is_dir():
        files = sorted(p for p in target.rglob("*") if p.is_file() and p.suffix.lower() in (".pdf", ".png"))
        if not files:
            raise InputError([Finding(target, None, "", "no PDF or PNG file in this folder")])
        return [f for path in files for f in check_file(path, str(path.relative_to(target)), rules)]
    if not target.exists():
        raise InputError([Finding(target, None, "", "no such file or folder")])
    return check_file(target, str(target), rules)


def check_file(path: Path, shown: str, rules: Rules) -> list[Finding]:
    try:
        with path.open("rb") as file:
            head = file.read(8)
    except OSError as exc:
        raise InputError([Finding(shown, None, "", f"cannot read: {exc.strerror or exc}")]) from None
    if head.startswith(b"\x89PNG"):
        return [Finding(shown, None, "", fault) for fault in png_faults(path, shown, rules)]
    with _unreadable(shown):
        return check_pdf(path, shown, rules)


def check_pdf(path: Path, shown: str, rules: Rules) -> list[Finding]:
    import logging

    import pdfplumber

    # what the readers log of a damaged file (a form that draws itself) is theirs: the report is ours
    for name in ("pdfminer", "pypdf"):
        logging.getLogger(name).setLevel(logging.CRITICAL)

    reader = open_pdf(path, shown)
    pages: dict[int, list[str]] = {}
    fonts: dict[str, list[int]] = {}
    cmyk: dict[int, bool] = {}
    laid_out: dict[int, PageBoxes] = {}
    for number, page in enumerate(reader.pages, 1):
        found = pages.setdefault(number, [])
        laid_out[number] = boxed = boxes(page, number)
        found += box_faults(boxed, rules)
        paint = painted(page)
        for font in not_embedded(paint.fonts):
            fonts.setdefault(font, []).append(number)
        seen = set()
        for image in paint.images:
            if image.ppi < MIN_PPI - 0.5 and (image.name, round(image.ppi)) not in seen:
                seen.add((image.name, round(image.ppi)))
                w, h = image.pixels
                printed = f"{mm(image.size[0]):.1f} × {mm(image.size[1]):.1f} mm"
                found.append(f"{image.name}: {image.ppi:.0f} ppi at its printed size ({w} × {h} px on {printed})")
        cmyk[number] = not paint.rgb
        if rules.cmyk and paint.rgb:
            what = ", ".join(f"{kind} ({n})" for kind, n in paint.rgb.items())
            found.append(f"RGB where CMYK is asked for: {what} set in RGB")
    for font, used in fonts.items():
        more = f" (on {len(used)} pages)" if len(used) > 1 else ""
        pages[used[0]].insert(0, f"font {font} is not embedded{more}")
    if rules.safe_pt is not None:
        with pdfplumber.open(path) as plumbed:
            for number, page in enumerate(plumbed.pages, 1):
                trim = laid_out[number].trim
                if trim is not None:
                    pages[number] += _margin_faults(page, trim, rules)
                page.close()  # its objects are not kept for the next page
    _pixel_checks(path, shown, rules, laid_out, cmyk, pages)
    return [Finding(shown, None, f"page {n}", fault) for n, faults in pages.items() for fault in faults]


def _margin_faults(page: Any, trim: tuple[float, float, float, float], rules: Rules) -> list[str]:
    assert rules.safe_pt is not None and rules.shop is not None
    words, shapes = intrusions(page, trim, rules.safe_pt)
    margin = f"{rules.shop.name}'s {mm(rules.safe_pt):.1f} mm safe margin inside the trim"
    faults = []
    for kind, found in (("text", words), ("drawings", shapes)):
        if not found:
            continue
        named = ", ".join(
            f"'{what}' ({mm(depth):.1f} mm in)" if kind == "text" else f"{what} ({mm(depth):.1f} mm in)"
            for what, depth in found[:SHOWN]
        )
        rest = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
        faults.append(f"{kind} inside {margin}: {named}{rest}")
    return faults


def _pixel_checks(
    path: Path,
    shown: str,
    rules: Rules,
    laid_out: dict[int, PageBoxes],
    cmyk: dict[int, bool],
    pages: dict[int, list[str]],
) -> None:
    """Total ink of each CMYK page, and each page's bleed, read from Ghostscript's CMYK render."""
    from PIL import Image

    bleeding = {n for n, b in laid_out.items() if b.trim is not None and b.bleed is not None and b.trim != b.bleed}
    if not any(cmyk.values()) and not bleeding:
        return
    largest = max(max(b.media[2] - b.media[0], b.media[3] - b.media[1]) for b in laid_out.values())
    dpi = resolution(largest)
    with cmyk_pages(path, shown, len(laid_out), dpi) as rendered:
        for number, file in enumerate(rendered, 1):
            if cmyk[number] or number in bleeding:
                with Image.open(file) as opened:
                    image = opened.copy()
                limit = rules.ink_limit if cmyk[number] else None
                pages[number] += _pixel_faults(image, laid_out[number], dpi / 72, limit, number in bleeding)


def _pixel_faults(image: Image.Image, box: PageBoxes, scale: float, limit: int | None, bleeding: bool) -> list[str]:
    """The page's total ink over `limit` (None: not measured), and its bleed short of the edge,
    read from its CMYK render (`scale` pixels a point)."""
    faults = []
    x0, y0, x1, y1 = box.media
    above = image.height - (y1 - y0) * scale  # the part of a row above the page's top edge
    if limit is not None:
        ink = total_ink(image, limit)
        if ink.over is not None:
            ox, oy, ox1, oy1 = (v / scale for v in ink.over)
            at_x, at_y = ink.at[0] / scale, (ink.at[1] - above) / scale
            faults.append(
                f"total ink {ink.most:.0f} % is over the limit of {limit} %: the most at x {mm(at_x):.1f}, "
                f"y {mm(at_y):.1f} mm from the page's top-left corner; over it within a "
                f"{mm(ox1 - ox):.1f} × {mm(oy1 - oy):.1f} mm area from x {mm(ox):.1f}, "
                f"y {mm(max(oy - above / scale, 0)):.1f} mm"
            )
    if bleeding and box.trim is not None and box.bleed is not None and box.rotate == 0:
        clipped = (max(box.bleed[0], x0), max(box.bleed[1], y0), min(box.bleed[2], x1), min(box.bleed[3], y1))
        sides = short_sides(
            ink_of(image), _pixels(clipped, box, image.height, scale), _pixels(box.trim, box, image.height, scale)
        )
        if sides:
            faults.append(bleed_message(sides))
    return faults


def _pixels(rect: Rect, box: PageBoxes, height: int, scale: float) -> tuple[int, int, int, int]:
    """The whole pixels inside `rect`, from the image's top-left: Ghostscript puts the page's
    lower-left corner at the image's, so a page of no whole number of pixels leaves part of the
    top row and the right column off it."""
    left, bottom, right, top = rect
    x0, y0 = box.media[0], box.media[1]
    return (
        math.ceil((left - x0) * scale - 0.01),
        math.ceil(height - (top - y0) * scale - 0.01),
        math.floor((right - x0) * scale + 0.01),
        math.floor(height - (bottom - y0) * scale + 0.01),
    )


@contextmanager
def _unreadable(shown: str) -> Iterator[None]:
    """A fault met deep inside a damaged file's objects is bad input, one line, never a traceback."""
    from pdfminer.pdfexceptions import PDFException
    from pdfminer.psexceptions import PSException
    from pypdf.errors import PyPdfError

    try:
        yield
    except (PyPdfError, PDFException, PSException, ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise InputError([Finding(shown, None, "", f"cannot be read as a PDF ({type(exc).__name__}: {exc})")]) from None
    except RecursionError:
        raise InputError([Finding(shown, None, "", "cannot be read as a PDF: its objects nest too deep")]) from None
