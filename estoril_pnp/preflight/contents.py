"""What a page's content streams paint, read operator by operator as a viewer would (the
graphics state's matrix and colour spaces, through forms): each image with the size it is
printed at, and every colour set in RGB."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..render.geometry import IDENTITY, Matrix, compose

DEPTH = 12  # forms inside forms: deeper than any real file nests them
MOST_FORMS = 5000  # forms drawn on one page: a file that draws a form drawing itself twice stops here
RGB_NAMES = {"/DeviceRGB", "/RGB", "/CalRGB"}
SHOW = {b"Tj", b"TJ", b"'", b'"'}  # text shown in the font set by Tf (set before BT or inside it)
SAFE_NAMES = {"/DeviceCMYK", "/CMYK", "/DeviceGray", "/G", "/CalGray", "/Pattern"}


@dataclass(frozen=True)
class Placed:
    """An image as printed: its pixels, its size on the page (pt), its colour space's kind."""

    name: str
    pixels: tuple[int, int]
    size: tuple[float, float]
    rgb: bool

    @property
    def ppi(self) -> float:
        """The lower of its two resolutions at its printed size."""
        (w, h), (pw, ph) = self.pixels, self.size
        return min(w * 72 / pw, h * 72 / ph) if pw > 0 and ph > 0 else math.inf


@dataclass
class Painted:
    images: list[Placed] = field(default_factory=list)
    rgb: Counter[str] = field(default_factory=Counter)  # what was set in RGB: "fill colours", "images"…
    fonts: list[Any] = field(default_factory=list)  # the font dictionaries text was shown in
    forms: int = 0


def painted(page: Any) -> Painted:  # page: pypdf.PageObject
    out = Painted()
    contents = page.get_contents()
    if contents is not None:
        _walk(contents, page.get("/Resources"), IDENTITY, out, 0, page.pdf)
    return out


def is_rgb(space: Any, resources: Any) -> bool:
    """Whether a colour space (a name, or an array) paints in RGB."""
    space = _obj(space)
    if isinstance(space, str):
        if space in RGB_NAMES:
            return True
        if space in SAFE_NAMES or resources is None:
            return False
        named = _obj(_obj(resources).get("/ColorSpace", {})).get(space) if hasattr(_obj(resources), "get") else None
        return named is not None and is_rgb(named, None)
    if isinstance(space, list) and space:
        kind = str(_obj(space[0]))
        if kind == "/ICCBased" and len(space) > 1:
            return int(_obj(space[1]).get("/N", 0)) == 3
        if kind == "/CalRGB":
            return True
        if kind in ("/Indexed", "/I") and len(space) > 1:
            return is_rgb(space[1], resources)
    return False


def _obj(value: Any) -> Any:
    return value.get_object() if hasattr(value, "get_object") else value


def _walk(stream: Any, resources: Any, ctm: Matrix, out: Painted, depth: int, pdf: Any) -> None:
    from pypdf.generic import ContentStream

    resources = _obj(resources) or {}
    if not isinstance(stream, ContentStream):
        stream = ContentStream(stream, pdf)
    stack: list[tuple[Matrix, bool, bool]] = []
    fill_rgb = stroke_rgb = False
    font: Any = None
    for operands, operator in stream.operations:
        if operator == b"q":
            stack.append((ctm, fill_rgb, stroke_rgb))
        elif operator == b"Q" and stack:
            ctm, fill_rgb, stroke_rgb = stack.pop()
        elif operator == b"cm" and len(operands) == 6:
            ctm = compose(ctm, tuple(float(v) for v in operands))  # type: ignore[arg-type]
        elif operator == b"Tf" and operands:
            font = _obj(_obj(resources.get("/Font", {})).get(operands[0]))
        elif operator in SHOW and font is not None and all(font is not f for f in out.fonts):
            out.fonts.append(font)
        elif operator == b"rg":
            out.rgb["fill colours"] += 1
        elif operator == b"RG":
            out.rgb["stroke colours"] += 1
        elif operator == b"cs" and operands:
            fill_rgb = is_rgb(operands[0], resources)
        elif operator == b"CS" and operands:
            stroke_rgb = is_rgb(operands[0], resources)
        elif operator in (b"sc", b"scn") and fill_rgb:
            out.rgb["fill colours"] += 1
        elif operator in (b"SC", b"SCN") and stroke_rgb:
            out.rgb["stroke colours"] += 1
        elif operator == b"sh" and operands:
            shading = _obj(_obj(resources.get("/Shading", {})).get(operands[0]))
            if shading is not None and is_rgb(shading.get("/ColorSpace"), resources):
                out.rgb["shadings"] += 1
        elif operator == b"INLINE IMAGE":
            settings = operands.get("settings", {})
            width, height = settings.get("/W", settings.get("/Width")), settings.get("/H", settings.get("/Height"))
            space = settings.get("/CS", settings.get("/ColorSpace"))
            if width and height and not settings.get("/IM", settings.get("/ImageMask")):
                _place(out, "an inline image", int(width), int(height), ctm, is_rgb(space, resources))
        elif operator == b"Do" and operands:
            xobject = _obj(_obj(resources.get("/XObject", {})).get(operands[0]))
            if xobject is None:
                continue
            subtype = xobject.get("/Subtype")
            if subtype == "/Image" and not xobject.get("/ImageMask"):
                rgb = is_rgb(xobject.get("/ColorSpace"), resources)
                _place(out, f"image {operands[0][1:]}", int(xobject["/Width"]), int(xobject["/Height"]), ctm, rgb)
            elif subtype == "/Form" and depth < DEPTH and out.forms < MOST_FORMS:
                out.forms += 1
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                inner = xobject.get("/Resources", resources)
                _walk(xobject, inner, compose(ctm, matrix), out, depth + 1, pdf)  # type: ignore[arg-type]


def _place(out: Painted, name: str, width: int, height: int, ctm: Matrix, rgb: bool) -> None:
    """An image fills the unit square of the matrix in force: its printed sides are that square's."""
    a, b, c, d, _, _ = ctm
    out.images.append(Placed(name, (width, height), (math.hypot(a, b), math.hypot(c, d)), rgb))
    if rgb:
        out.rgb["images"] += 1
