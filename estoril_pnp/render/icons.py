"""SVG icons, read once and drawn into each PDF once as a form, then placed by reference.

Placing a form costs a few bytes per use; redrawing the paths on every card made the
600-card build four to seventy times slower and several times larger (design.md).
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Group
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from ..errors import Finding, InputError
from .fonts import DEFAULT_FONT
from .paint import colour as to_colour
from .picture import svg_fault

MAX_BYTES = 1 << 20  # an icon is a few kilobytes; a megabyte is no icon


def check(path: Path, locate: Callable[[str], Finding]) -> None:
    """InputError unless the file is an SVG this renderer can draw."""
    try:
        _drawing(str(path))
    except InputError as exc:
        raise InputError([locate(f.message) for f in exc.findings]) from None


@cache
def _drawing(icon: str) -> Drawing:
    path = Path(icon)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise InputError([Finding(path, None, "", "icon file larger than 1 MiB")])
        # a pack's own icon is untrusted as its pictures are: svglib would embed a file it links to
        fault = svg_fault(path.read_bytes())
        if fault is not None:
            raise InputError([Finding(path, None, "", f"{path.name}: {fault}")])
        drawing = svg2rlg(str(path))
    except InputError:
        raise
    except Exception as exc:  # svglib and lxml raise many kinds on a broken file
        raise InputError([Finding(path, None, "", f"not a readable SVG icon ({type(exc).__name__})")]) from None
    if drawing is None or not drawing.width or not drawing.height:
        raise InputError([Finding(path, None, "", f"{path.name}: not a readable SVG icon")])
    # the renderer otherwise starts every drawing by selecting Helvetica, which would put an
    # unembedded Base-14 font into the PDF even though no icon has text
    drawing.initialFontName = DEFAULT_FONT
    return drawing


@cache
def multicolour(icon: str) -> bool:
    """Whether the icon paints more than one colour (a flag): set inside text, it keeps its own
    colours; a one-colour icon takes the text's."""
    seen: set[str] = set()
    stack: list = [_drawing(icon)]
    while stack:
        node = stack.pop()
        if isinstance(node, (Group, Drawing)):
            stack.extend(node.contents)
        else:
            for attr in ("fillColor", "strokeColor"):
                paint = getattr(node, attr, None)
                if paint is not None and getattr(paint, "alpha", 1) != 0:
                    seen.add(paint.hexval())
    return len(seen) > 1


@cache
def aspect(icon: str) -> float:
    """Width over height."""
    drawing = _drawing(icon)
    return float(drawing.width) / float(drawing.height)


@cache
def _coloured(icon: str, colour: str | None) -> Drawing:
    """The icon with every filled shape painted `colour`; None keeps its colours (flags)."""
    drawing = _drawing(icon)
    if colour is None:
        return drawing
    drawing = copy.deepcopy(drawing)
    paint = to_colour(colour)
    stack: list = [drawing]
    while stack:
        node = stack.pop()
        if isinstance(node, (Group, Drawing)):
            stack.extend(node.contents)
        elif getattr(node, "fillColor", None) is not None:
            node.fillColor = paint
    return drawing


@cache
def _digest(icon: str) -> str:
    return hashlib.sha256(Path(icon).read_bytes()).hexdigest()[:8]


def place(canvas: Canvas, icon: str, colour: str | None, x: float, y: float, w: float, h: float) -> None:
    """Draws the icon (an SVG file) into the box; the form is defined on first use in this document."""
    digest = _digest(icon)  # two packs' icons of one name stay apart, and a build is reproducible anywhere
    name = re.sub(r"\W", "_", f"Icon_{Path(icon).stem}_{digest}_{colour or 'own'}")  # a PDF name
    defined: set[str] = canvas.__dict__.setdefault("_estoril_forms", set())
    if name not in defined:
        drawing = _coloured(icon, colour)
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=1, uppery=1)
        canvas.scale(1 / drawing.width, 1 / drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.endForm()
        defined.add(name)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas.doForm(name)
    canvas.restoreState()
