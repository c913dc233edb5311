"""A PDF opened for preflight: its pages and their boxes, read with pypdf; anything that keeps it
from being read (not a PDF, cut short, encrypted, broken) is one line of bad input."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import Finding, InputError

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in pt, PDF user space


@dataclass(frozen=True)
class PageBoxes:
    number: int  # from 1
    media: Rect
    trim: Rect | None  # None: the page has none
    bleed: Rect | None
    rotate: int


def bad(path: Path | str, message: str) -> InputError:
    return InputError([Finding(path, None, "", message)])


def open_pdf(path: Path, shown: str):  # -> pypdf.PdfReader
    """The file read with pypdf; InputError with one line for a file that is not a whole, readable PDF."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise bad(shown, f"cannot read: {exc.strerror or exc}") from None
    if not data.startswith(b"%PDF-"):
        raise bad(shown, "not a PDF (it does not start with %PDF-)")
    if b"%%EOF" not in data[-2048:]:
        raise bad(shown, "cut short: the PDF does not end with %%EOF (an interrupted download or copy?)")
    try:
        reader = PdfReader(path, strict=False)
        if reader.is_encrypted:
            raise bad(shown, "encrypted: a print shop needs a PDF without a password or restrictions")
        if len(reader.pages) == 0:  # reading the page tree is the check
            raise bad(shown, "has no pages")
    except InputError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        raise bad(shown, f"cannot be read as a PDF ({type(exc).__name__}: {exc})") from None
    return reader


def _rect(page, key: str) -> Rect | None:  # page: pypdf.PageObject
    value = page.get(key)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value.get_object())
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def boxes(page, number: int) -> PageBoxes:  # page: pypdf.PageObject
    media = page.mediabox
    return PageBoxes(
        number,
        (float(media.left), float(media.bottom), float(media.right), float(media.top)),
        _rect(page, "/TrimBox"),
        _rect(page, "/BleedBox"),
        int(page.get("/Rotate", 0) or 0) % 360,
    )
