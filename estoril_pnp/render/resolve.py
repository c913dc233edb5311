"""Resolve step: a layout plus one piece's values become drawing operations.

All lookups (palette, font roles, catalog texts) and all fitting happen here, so the
drawing loop only draws. Text that cannot fit even at its minimum size is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from reportlab.pdfbase.pdfmetrics import getFont

from ..errors import Finding, InputError, written
from ..i18n import markup
from . import icons, picture
from .fonts import face, family_name
from .geometry import Box
from .layout import Design, Element, Layout, check_style
from .ops import GridOp, IconOp, ImageOp, Op, RectOp, ShapeOp, StripesOp, TextOp, TextRun, shifted
from .text import PT, Letters, Paragraphs, Picture, Piece, fit, fit_marked

# The key a scalar value fills, per verb; a dict value overrides any style keys instead.
CONTENT = {
    "text": "text",
    "icon": "icon",
    "icons": "icons",
    "shape": "shape",
    "grid": "cells",
    "place": "items",
    "image": "image",
}
# where a piece's own value for an element is written (its items file, line and key), when it is known
Where = Callable[[str], Finding | None]


@dataclass(frozen=True)
class Overflow:
    element: str
    text: str


@dataclass(frozen=True)
class Fault:
    """Markup the text's element cannot set: an unclosed bold, an unknown icon, a face its font lacks."""

    element: str
    message: str


@dataclass(frozen=True)
class Resolved:
    ops: tuple[Op, ...]
    overflows: tuple[Overflow, ...]
    pictures: tuple[tuple[str, ImageOp], ...] = ()  # each picture drawn, by its element's name
    faults: tuple[Fault, ...] = ()


def resolve(
    design: Design,
    layout: Layout,
    values: Mapping[str, Any],
    translate: Callable[[str], str],
    where: Where = lambda _: None,
) -> Resolved:
    ops: list[Op] = []
    overflows: list[Overflow] = []
    pictures: list[tuple[str, ImageOp]] = []
    faults: list[Fault] = []
    shift: dict[str, float] = {}  # how far each element moved up, following another
    room: dict[str, float] = {}  # how much of a text's box its lines leave empty at the bottom
    for el in layout.elements:
        follows = el.style.get("follows")
        shift[el.name] = shift.get(follows, 0.0) + room.get(follows, 0.0) if follows else 0.0
        if shift[el.name]:
            el = replace(el, box=el.box.moved(0, shift[el.name]))
        if el.name in values and values[el.name] is None:
            continue  # the piece's data says: not on this piece
        style = _style(design, el, values.get(el.name))
        if style is None:
            continue
        if el.verb == "place":
            placed = _place(design, el, style, translate)
            ops += placed.ops
            overflows += placed.overflows
            pictures += placed.pictures
            faults += placed.faults
            continue
        if el.verb == "image":
            image = _image(design, el, style, where(el.name) if el.name in values else None)
            ops.append(image)
            pictures.append((el.name, image))
            continue
        for op in _ops(design, el, style, translate):
            if isinstance(op, Overflow):
                overflows.append(op)
            elif isinstance(op, Fault):
                faults.append(op)
            else:
                ops.append(op)
                if isinstance(op, TextOp) and style.get("valign") == "top" and op.lines:
                    room[el.name] = max(0.0, _text_bottom(op, float(style.get("leading", 1.15))) - el.box.y)
    return Resolved(tuple(ops), tuple(overflows), tuple(pictures), tuple(faults))


def _text_bottom(op: TextOp, leading: float) -> float:
    """Where a text's last line box ends (mm, y up): its baseline less the leading below it."""
    lead = op.size * leading
    return min(y for _, y, _ in op.lines) - (lead - op.size * 0.7) / 2


def _bottom(op: Op) -> float:
    """The lowest point an operation inks (mm, y up), for stacking items by what they show."""
    if isinstance(op, TextOp):
        return min(y for _, y, _ in op.lines) - op.size * 0.3 if op.lines else float("inf")
    box = getattr(op, "box", None)
    return box.y if isinstance(box, Box) else float("inf")


def _place(design: Design, el: Element, s: dict[str, Any], translate: Callable[[str], str]) -> Resolved:
    """Sub-layouts laid into the box: one item centred, or a list stacked `down` or `right`.

    Each item is {"layout": name, "values": {...}}; items are spread evenly over the box.
    """
    items = s["items"] if isinstance(s["items"], list) else [s["items"]]
    ops: list[Op] = []
    overflows: list[Overflow] = []
    pictures: list[tuple[str, ImageOp]] = []
    faults: list[Fault] = []
    box, down = el.box, s.get("direction", "down") == "down"
    if down and s.get("flow") and len(items) > 1:
        return _flow(design, el, items, translate)
    for i, item in enumerate(items):
        sub = _sub(design, el, item)
        if len(items) == 1:
            x, y = box.cx - sub.width / 2, box.cy - sub.height / 2
        elif down:
            step = (box.height - sub.height) / (len(items) - 1)
            x, y = box.x, box.y + box.height - sub.height - i * step
        else:
            step = (box.width - sub.width) / (len(items) - 1)
            x, y = box.x + i * step, box.cy - sub.height / 2
        done = resolve(design, sub, item.get("values", {}), translate)
        ops += [shifted(op, x, y) for op in done.ops]
        overflows += [Overflow(f"{el.name}[{i}].{o.element}", o.text) for o in done.overflows]
        pictures += [(f"{el.name}[{i}].{name}", replace(op, box=op.box.moved(x, y))) for name, op in done.pictures]
        faults += [Fault(f"{el.name}[{i}].{f.element}", f.message) for f in done.faults]
    return Resolved(tuple(ops), tuple(overflows), tuple(pictures), tuple(faults))


def _flow(design: Design, el: Element, items: list[Any], translate: Callable[[str], str]) -> Resolved:
    """Items stacked down the box by the height each one's content takes (a long text takes more
    room, never a smaller size), the spare room shared equally between them; items that need more
    than the box are an overflow of the box."""
    subs = [_sub(design, el, item) for item in items]
    done = [resolve(design, sub, item.get("values", {}), translate) for sub, item in zip(subs, items, strict=True)]
    lowest = [min((_bottom(op) for op in d.ops), default=sub.height) for sub, d in zip(subs, done, strict=True)]
    used = [min(max(sub.height - low, 0.0), sub.height) for sub, low in zip(subs, lowest, strict=True)]
    spare = (el.box.height - sum(used)) / (len(items) - 1)
    ops: list[Op] = []
    overflows: list[Overflow] = []
    pictures: list[tuple[str, ImageOp]] = []
    faults: list[Fault] = []
    top = el.box.top
    for i, (sub, d) in enumerate(zip(subs, done, strict=True)):
        x, y = el.box.x, top - sub.height
        ops += [shifted(op, x, y) for op in d.ops]
        overflows += [Overflow(f"{el.name}[{i}].{o.element}", o.text) for o in d.overflows]
        pictures += [(f"{el.name}[{i}].{name}", replace(op, box=op.box.moved(x, y))) for name, op in d.pictures]
        faults += [Fault(f"{el.name}[{i}].{f.element}", f.message) for f in d.faults]
        top -= used[i] + spare
    if spare < 0:
        overflows.append(Overflow(el.name, f"{len(items)} items need {sum(used):.1f} mm of {el.box.height:g} mm"))
    return Resolved(tuple(ops), tuple(overflows), tuple(pictures), tuple(faults))


def _sub(design: Design, el: Element, item: Any) -> Layout:
    if not isinstance(item, Mapping) or item.get("layout") not in design.layouts:
        shown = item.get("layout") if isinstance(item, Mapping) else item
        raise InputError([_at(el, "items", f"no layout named {written(shown)}")])
    return design.layouts[item["layout"]]


PIECE_DATA = "piece data"  # a finding's file until lay_out names the piece and language


def _at(el: Element, key: str, message: str) -> Finding:
    return Finding(PIECE_DATA, None, f"{el.name}.{key}", message)


def _style(design: Design, el: Element, value: Any) -> dict[str, Any] | None:
    """The element's style with its value applied; None when a data element has no value."""
    style = dict(el.style)
    if isinstance(value, Mapping) and not (el.verb == "place" and "layout" in value):
        # a piece's data may restyle an element: the same keys and names as a layout may use
        problems = check_style(el.verb, value, design, lambda key, message: _at(el, key, message))
        if problems:
            raise InputError(problems)
        style.update(value)
    elif value is not None:
        style[CONTENT[el.verb]] = value
    content = CONTENT.get(el.verb)
    if content and style.get(content) is None and not (el.verb == "text" and "key" in style):
        return None
    return style


def _colour(design: Design, name: str | None) -> str | None:
    if name is None or name == "none":
        return None
    return name if name.startswith("#") else design.palette[name]


def _ops(
    design: Design, el: Element, s: dict[str, Any], translate: Callable[[str], str]
) -> list[Op | Overflow | Fault]:
    box = el.box
    width = float(s.get("width", 0.3))
    if el.verb == "rect":
        return [
            RectOp(
                box,
                _colour(design, s.get("fill")),
                _colour(design, s.get("stroke")),
                width,
                float(s.get("radius", 0)),
                bool(s.get("bleed", False)),
                tuple(s.get("dash", ())),
            )
        ]
    if el.verb == "stripes":
        a, b = s.get("colours", ["ink", "accent"])
        return [StripesOp(box, float(s.get("band", 3)), (_colour(design, a) or "", _colour(design, b) or ""))]
    if el.verb == "shape":
        return [
            ShapeOp(s["shape"], box, _colour(design, s.get("fill")), _colour(design, s.get("stroke", "ink")), width)
        ]
    if el.verb == "icon":
        return [IconOp(_icon(design, el, s["icon"]), box, _colour(design, s.get("colour", "ink")))]
    if el.verb == "icons":
        return list(_row(design, el, s))
    if el.verb == "grid":
        return [
            GridOp(
                box,
                int(s["cols"]),
                int(s["rows"]),
                tuple(tuple(c) for c in s["cells"]),
                _colour(design, s.get("fill", "ink")) or "",
                _colour(design, s.get("stroke", "ink")) or "",
                width,
            )
        ]
    return _text(design, el, s, translate)


def _icon(design: Design, el: Element, name: Any) -> str:
    if not isinstance(name, str):
        raise InputError([_at(el, "icon", f"an icon is a name such as game/medal (got {written(name)})")])
    return str(design.icon_file(name, _at(el, "icon", "")))


def _image(design: Design, el: Element, s: dict[str, Any], written: Finding | None) -> ImageOp:
    """The element's picture, checked where it is named: the item's line for a piece's own picture."""

    def locate(message: str) -> Finding:
        if written is not None and written.file:  # a model's item is written nowhere
            return Finding(written.file, written.line, written.key, message)
        # the layout's own picture, changed since the layout was read
        return el.at("image", message) or _at(el, "image", message)

    path, info = design.picture(s["image"], locate)
    return picture.image_op(path, info, el.box, s)


def _row(design: Design, el: Element, s: dict[str, Any]) -> list[Op]:
    """Icons side by side, each as large as the box height allows, centred as a group."""
    box = el.box
    icons = [_icon(design, el, name) for name in s["icons"]]
    if not icons:
        return []
    gap = float(s.get("gap", 1))
    side = min(box.height, (box.width - gap * (len(icons) - 1)) / len(icons))
    total = side * len(icons) + gap * (len(icons) - 1)
    x = box.cx - total / 2
    colour = _colour(design, s.get("colour", "ink"))
    ops: list[Op] = []
    for icon in icons:
        ops.append(IconOp(icon, Box(x, box.cy - side / 2, side, side), colour))
        x += side + gap
    return ops


def _text(
    design: Design, el: Element, s: dict[str, Any], translate: Callable[[str], str]
) -> list[Op | Overflow | Fault]:
    text = str(s["text"]) if s.get("text") is not None else translate(s["key"])
    font = design.fonts[s.get("font", "text")]
    size, minimum = float(s.get("size", 10)), float(s.get("min", s.get("size", 10)))
    leading = float(s.get("leading", 1.15))
    gap = float(s.get("gap", 0))  # mm between paragraphs
    apart = Paragraphs(gap / PT, bool(s.get("hang", False)) and s.get("align", "center") == "left")
    box = el.box
    colour = _colour(design, s.get("colour", "ink")) or ""
    faults: list[Fault] = []
    if markup.has_marks(text) and not markup.parse(text).is_plain(text):
        # a catalog's text is checked once, where it is written (pack/markup.py); a layout's or an item's here
        paragraphs, faults = _marked(design, el, text, font, colour, bool(s.get("upper")), s.get("text") is not None)
        cap = _cap(font)
        rich = fit_marked(
            paragraphs, box.width / PT, box.height / PT, size, minimum, leading, bool(s.get("wrap", True)), cap, apart
        )
        spans, count, fits, size_pt = rich.lines, len(rich.lines), rich.fits, rich.size
        texts = tuple("".join(x.text for x in line if isinstance(x, TextRun)) for line in spans)
        indents, numbers = rich.indents, rich.paragraphs
    else:
        if s.get("upper"):
            text = text.upper()
        wrap = bool(s.get("wrap", True))
        fitted = fit(text, font, box.width / PT, box.height / PT, size, minimum, leading, wrap, apart)
        spans, count, fits, size_pt, texts = (), len(fitted.lines), fitted.fits, fitted.size, fitted.lines
        indents, numbers = fitted.indents, fitted.paragraphs
    size_mm = size_pt * PT
    lead = size_mm * leading
    cap_mm = size_mm * 0.7
    block = lead * count + (numbers[-1] * gap if numbers else 0)
    valign = s.get("valign", "middle")
    top = box.y + box.height if valign == "top" else box.y + block if valign == "bottom" else box.cy + block / 2
    align = s.get("align", "center")
    x = box.x if align == "left" else box.x + box.width if align == "right" else box.cx
    # a paragraph's gap lowers the lines after it; a hanging line stands in (left-aligned text only hangs)
    lines = tuple(
        (
            x + (indents[i] * PT if align == "left" and indents else 0),
            top - i * lead - (numbers[i] * gap if numbers else 0) - (lead + cap_mm) / 2,
            line,
        )
        for i, line in enumerate(texts)
    )
    op = TextOp(font, size_mm, colour, lines, align, float(s.get("angle", 0)), (box.cx, box.cy), spans)
    return [op, *faults] if fits else [op, Overflow(el.name, text), *faults]


def _cap(font: str) -> float:
    """The font's cap height as a fraction of its size: how tall an icon in its text stands."""
    cap = getattr(getFont(font).face, "capHeight", 0) or 700
    return float(cap) / 1000


def _marked(
    design: Design, el: Element, text: str, font: str, colour: str, upper: bool, report: bool
) -> tuple[list[list[Piece]], list[Fault]]:
    """The text's paragraphs as runs in their faces and icons; what cannot be set so, as faults.

    `report`: whether the markup's own faults are this element's to report (a catalog's are
    reported where the catalog writes them)."""
    parsed = markup.parse(text)
    faults = [Fault(el.name, m) for m in parsed.faults] if report else []
    paragraphs: list[list[Piece]] = [[]]
    for span in parsed.spans:
        if isinstance(span, markup.Break):
            paragraphs.append([])
        elif isinstance(span, markup.Icon):
            path = _inline_icon(design, span.name)
            if path is None:
                if report:
                    faults.append(Fault(el.name, unknown_icon(design, span.name)))
                paragraphs[-1].append(Letters(f"[{span.name}]", font))
            else:
                own = icons.multicolour(path)
                paragraphs[-1].append(Picture(path, None if own else colour, icons.aspect(path)))
        else:
            run_font = face(font, span.bold, span.italic)
            if run_font is None:
                style = "bold italic" if span.bold and span.italic else "bold" if span.bold else "italic"
                message = (
                    f"the font {family_name(font)} has no {style} face for {written(span.text.strip())}: "
                    f"put its {style} file beside it in the pack's fonts/, or unmark the words"
                )
                faults.append(Fault(el.name, message))
                run_font = font
            paragraphs[-1].append(Letters(span.text.upper() if upper else span.text, run_font))
    return paragraphs, faults


def _inline_icon(design: Design, name: str) -> str | None:
    """An inline icon's SVG: a concept of the layouts' `icons:`, or an icon name with a slash."""
    icon = design.icons.get(name) if "/" not in name else name
    if not icon:
        return None
    try:
        return str(design.icon_file(icon))
    except InputError:
        return None


def unknown_icon(design: Design, name: str) -> str:
    if "/" in name:
        try:
            design.icon_file(name)
        except InputError as exc:
            said = exc.findings[0].message if exc.findings else ""
            if said.startswith(f"{name.rsplit('/', 1)[-1]}.svg: "):  # the file is there: why it cannot be drawn
                return f"[{name}]: {said}"
        return f"[{name}]: no icon file {name}.svg in the pack's icons/ or the shipped ones"
    known = ", ".join(sorted(design.icons)) or "none"
    return f"[{name}]: no such icon; the layouts' icons: are {known} (or name a file: [game/coin])"
