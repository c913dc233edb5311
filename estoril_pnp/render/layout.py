"""Piece layouts as data: boxes in millimetres, with Squib-style `extends` inheritance.

A layout file names a palette, font roles (role -> a TrueType file, the pack's own or shipped;
its bold and italic faces are found beside it by family name), icon concepts and
layouts. Each layout has a size and an ordered mapping of elements; an element has a
drawing verb, a box [x, y, w, h] measured from the piece's top-left corner, and style keys.
`extends` copies the parent's elements; the child may override keys of an element, add
elements, or drop one with `null`. The shipped layout files are read first, then the
pack's own: a pack's palette entry, font role, icon or layout replaces the shipped one of
that name. Every key is checked against what its verb accepts, every colour, font role and
icon is looked up, and every fault becomes a finding with file, line and key.

`min_text` is the smallest text size (pt) any layout or piece may set: a `size` or `min`
under it is a finding, so a text that does not fit at it is reported, never set smaller.

Units: boxes, strokes (`width`), `radius`, `dash`, `gap`, `band` in mm; text `size` and
`min` in points; `leading` a factor of the size; `angle` in degrees.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Finding, InputError, written
from ..source import names, yamlsrc
from ..source.packfiles import PackFiles
from . import icons, picture
from .fonts import register_font
from .geometry import Box

# Every style key each verb accepts, Squib-style: anything else is a typo worth a finding.
# `follows` (every verb): the element moves up by the room the named element, written before it,
# leaves unused under its text (render/resolve.py), so a section starts where the one above ends
ACCEPTS: dict[str, frozenset[str]] = {
    verb: keys | {"follows"}
    for verb, keys in {
        "rect": frozenset({"fill", "stroke", "width", "radius", "bleed", "dash"}),
        "text": frozenset(
            {"text", "key", "font", "size", "min", "leading", "align", "valign", "colour", "angle", "upper", "wrap"}
            | {"gap", "hang"}  # mm between paragraphs; a list item's wrapped lines under its words
        ),
        "icon": frozenset({"icon", "colour"}),
        "icons": frozenset({"icons", "gap", "colour"}),
        "shape": frozenset({"shape", "fill", "stroke", "width"}),
        "stripes": frozenset({"band", "colours"}),
        "grid": frozenset({"cols", "rows", "cells", "fill", "stroke", "width"}),
        # flow: items stacked by the height their content takes, the spare room shared between them
        "place": frozenset({"items", "direction", "flow"}),
        "image": frozenset({"image", "fit", "anchor", "bleed", "angle"}),
    }.items()
}
VERBS = tuple(ACCEPTS)
NUMBERS = {"width", "radius", "size", "min", "leading", "angle", "gap", "band", "cols", "rows"}
CHOICES = {
    "align": ("left", "center", "right"),
    "valign": ("top", "middle", "bottom"),
    "direction": ("down", "right"),
    "shape": ("circle", "triangle", "square", "diamond", "star"),
    "fit": picture.FITS,
}
COLOURS = {"fill", "stroke", "colour"}
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Element:
    name: str
    verb: str
    box: Box
    style: Mapping[str, Any]
    # where it is written: its layout file and its path there, for a finding about one of its keys
    src: yamlsrc.Located | None = field(default=None, compare=False, repr=False)
    path: tuple = field(default=(), compare=False, repr=False)

    def at(self, key: str, message: str) -> Finding | None:
        """A finding at one of its keys (`box`, `image`), where the layout file writes it; None for
        an element made in code."""
        return None if self.src is None else self.src.finding((*self.path, key), message)


@dataclass(frozen=True)
class Layout:
    name: str
    width: float
    height: float
    elements: tuple[Element, ...]
    where: Finding  # the layout's own place in its file, for findings about it as a whole


@dataclass(frozen=True)
class Design:
    """Everything the layout files declare: colours, font roles, icon concepts and layouts."""

    palette: Mapping[str, str]
    fonts: Mapping[str, str]  # role -> registered font name
    icons: Mapping[str, str]  # concept (symbol, rule, piece part) -> icon name, e.g. game/medal
    layouts: Mapping[str, Layout]
    files: PackFiles
    min_text: float = 0.0  # pt: no text is set smaller
    _icon_files: dict[str, Path] = field(default_factory=dict, compare=False, repr=False)

    def icon(self, concept: str) -> str:
        """The icon named for a concept; a finding if the layout files name none."""
        if concept not in self.icons:
            raise InputError([Finding("layouts", None, f"icons.{concept}", "no icon named for this concept")])
        return self.icons[concept]

    def icon_file(self, name: str, where: Finding | None = None) -> Path:
        """The SVG of an icon name, checked to exist and to be readable (once per design and name)."""
        known = self._icon_files.get(name)
        if known is not None:
            return known
        locate = _locator(where) if where else lambda m: Finding(f"{name}.svg", None, "", m)
        path = _icon(self.files, name, locate)
        self._icon_files[name] = path
        return path

    def picture(self, name: Any, locate: Callable[[str], Finding]) -> tuple[Path, picture.Info]:
        """A picture's file under the pack's images/ and what it is, checked (again only once it changes)."""
        return _picture(self.files, name, locate)


def _picture(files: PackFiles, name: Any, locate: Callable[[str], Finding]) -> tuple[Path, picture.Info]:
    bad = picture.kind_problem(name)
    if bad:
        raise InputError([locate(bad)])
    bad = picture.name_problem(name)
    if bad and not picture.climbs(name):  # a name that climbs out is said to do so, by the look-up
        raise InputError([locate(bad)])
    path = files.find("image", name, locate)
    return path, picture.check(path, locate)


def _locator(where: Finding) -> Callable[[str], Finding]:
    return lambda message: Finding(where.file, where.line, where.key, message)


def _icon(files: PackFiles, name: str, locate: Callable[[str], Finding]) -> Path:
    """An icon's SVG: its name is names joined by `/` (game/medal), its file a readable SVG in the pack or shipped."""
    path = files.find("icon", f"{name}.svg", locate)  # first: a name that climbs out is said to do so
    bad = next((p for part in name.split("/") if (p := names.problem(part))), None)
    if bad:
        raise InputError([locate(f"the icon name {bad}")])
    icons.check(path, locate)
    return path


def load_design(files: PackFiles) -> Design:
    """Every layout file, shipped then the pack's own, merged and checked; InputError with every fault.

    Kept while no layout file changes: reading and checking them costs more than laying out a deck.
    """
    stamps = tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in files.layout_files())
    return _load_design(files, stamps)


@cache
def _load_design(files: PackFiles, stamps: tuple[tuple[Path, int, int], ...]) -> Design:
    palette: dict[str, str] = {}
    fonts: dict[str, tuple[Any, yamlsrc.Located]] = {}
    concepts: dict[str, tuple[Any, yamlsrc.Located]] = {}
    raw: dict[str, tuple[Any, yamlsrc.Located]] = {}
    findings: list[Finding] = []
    min_text = 0.0
    for path in files.layout_files():
        try:
            src = yamlsrc.read(path)
        except InputError as exc:
            findings += exc.findings
            continue
        data = src.data if isinstance(src.data, dict) else {}
        if not isinstance(src.data, dict) or set(data) - {"min_text", "palette", "fonts", "icons", "layouts"}:
            findings.append(src.finding((), "a layout file holds min_text, palette, fonts, icons and layouts"))
        if "min_text" in data:
            if _number(data["min_text"]) and 0 < data["min_text"] <= 72:
                min_text = float(data["min_text"])
            else:
                findings.append(
                    src.finding(("min_text",), f"a text size in points, 0–72 (got {written(data['min_text'])})")
                )
        for section, target in (("fonts", fonts), ("icons", concepts), ("layouts", raw)):
            entries = data.get(section) or {}
            if not isinstance(entries, dict):
                findings.append(src.finding((section,), "expected a mapping"))
                continue
            target.update({name: (value, src) for name, value in entries.items()})
        for name, value in (data.get("palette") or {}).items():
            if isinstance(value, str) and HEX.match(value):
                palette[name] = value
            else:
                findings.append(src.finding(("palette", name), f"a colour is #rrggbb (got {written(value)})"))
    checker = _Checker(palette, files, findings, min_text)
    font_names = {role: checker.font(role, value, src) for role, (value, src) in fonts.items()}
    icon_names = {concept: checker.icon(value, src, ("icons", concept)) for concept, (value, src) in concepts.items()}
    checker.font_roles = set(font_names)
    layouts = {}
    for name, (_, src) in raw.items():
        bad = names.problem(name)
        if bad:  # a name components.yaml and the pieces' values refer to: a name, never a path
            findings.append(src.finding(("layouts", name), f"the layout name {bad}"))
            continue
        try:
            layouts[name] = checker.layout(raw, name)
        except InputError as exc:
            findings += exc.findings
    if findings:
        raise InputError(_unique(findings))
    return Design(palette, font_names, icon_names, layouts, files, min_text)


def _unique(findings: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(findings))


@dataclass
class _Checker:
    palette: Mapping[str, str]
    files: PackFiles
    findings: list[Finding]
    min_text: float
    font_roles: set[str] = field(default_factory=set)

    def font(self, role: str, file: Any, src: yamlsrc.Located) -> str:
        where = ("fonts", role)
        if not isinstance(file, str) or not file.lower().endswith((".ttf", ".otf")):
            message = f"a font is a TrueType or OpenType file name such as Vollkorn-Regular.ttf (got {written(file)})"
            self.findings.append(src.finding(where, message))
            return ""
        try:
            return register_font(self.files.find("font", file, _locator(src.finding(where, ""))))
        except InputError as exc:
            self.findings += exc.findings
            return ""

    def icon(self, name: Any, src: yamlsrc.Located, where: tuple) -> str:
        if not isinstance(name, str):
            self.findings.append(src.finding(where, f"an icon is a name such as game/medal (got {written(name)})"))
            return ""
        try:
            _icon(self.files, name, _locator(src.finding(where, "")))
        except InputError as exc:
            self.findings += exc.findings
        return name

    def layout(self, raw: Mapping[str, tuple[Any, yamlsrc.Located]], name: str) -> Layout:
        """The merged layout. Each fault is reported once, where it is written: a layout checks
        its own size and the style keys it writes itself, not what it inherits."""
        spec, src = raw[name]
        merged = _merged(raw, name, ())
        size = merged["size"]
        if not (isinstance(size, list) and len(size) == 2 and all(_number(v) and v > 0 for v in size)):
            if "size" in spec or spec.get("extends") is None:
                self.findings.append(src.finding(("layouts", name, "size"), "size must be [width, height] in mm"))
            return Layout(name, 1.0, 1.0, (), src.finding(("layouts", name), ""))
        width, height = size
        own = spec.get("elements") or {}
        elements = []
        for key, (el, el_src, el_path) in merged["elements"].items():
            element = self.element(key, el, el_src, el_path, height, own.get(key))
            if element:
                elements.append(element)
        self._followed(elements)
        return Layout(name, float(width), float(height), tuple(elements), src.finding(("layouts", name), ""))

    def _followed(self, elements: list[Element]) -> None:
        """Each `follows` names an element written before it in the layout."""
        seen: set[str] = set()
        for el in elements:
            name = el.style.get("follows")
            if name is not None and name not in seen:
                before = ", ".join(sorted(seen)) or "none"
                self.findings.append(
                    el.at("follows", f"no element {written(name)} before this one to follow; before it: {before}")
                    or Finding("layouts", None, f"{el.name}.follows", "no such element before it")
                )
            seen.add(el.name)

    def element(
        self, key: str, el: Mapping[str, Any], src: yamlsrc.Located, path: tuple, height: float, own: Any
    ) -> Element | None:
        verb, box = el.get("verb"), el.get("box")
        mine = own if isinstance(own, dict) else {}
        if verb not in ACCEPTS:
            if "verb" in mine or not own:
                self.findings.append(
                    src.finding((*path, "verb"), f"unknown verb {written(verb)}; known: {', '.join(VERBS)}")
                )
            return None
        if not (isinstance(box, list) and len(box) == 4 and all(_number(v) for v in box)):
            if "box" in mine or not own:
                self.findings.append(src.finding((*path, "box"), "box must be [x, y, width, height] in mm"))
            return None
        style = {k: v for k, v in el.items() if k not in ("verb", "box")}
        given = {k: v for k, v in style.items() if k in mine}
        problems = check_style(verb, given, self, lambda k, m: src.finding((*path, k), m))
        self.findings += problems
        inherited = check_style(verb, {k: v for k, v in style.items() if k not in mine}, self, _quiet)
        if problems or inherited:
            return None
        x, y, w, h = box
        return Element(key, verb, Box(x, height - y - h, w, h), style, src, path)


def _quiet(key: str, message: str) -> Finding:
    return Finding("", None, key, message)


def check_style(
    verb: str, style: Mapping[str, Any], checker: _Checker | Design, at: Callable[[str, str], Finding]
) -> list[Finding]:
    """Findings for style keys the verb does not accept, and for values that name nothing."""
    out: list[Finding] = []
    for key, value in style.items():
        if key not in ACCEPTS[verb]:
            out.append(at(key, f"unknown key for a {verb}; it accepts {', '.join(sorted(ACCEPTS[verb]))}"))
        elif key in NUMBERS and not _number(value):
            out.append(at(key, f"expected a number (got {written(value)})"))
        elif key in ("hang", "flow") and not isinstance(value, bool):
            out.append(at(key, f"expected true or false (got {written(value)})"))
        elif key == "follows" and not isinstance(value, str):
            out.append(at(key, f"expected the name of an element written before it (got {written(value)})"))
        elif verb == "image" and (bad := _image_key(key, value)):
            out.append(at(key, bad))
        elif verb == "text" and key in ("size", "min") and value < checker.min_text:
            out.append(at(key, f"{value:g} pt is under the smallest text size, min_text: {checker.min_text:g} pt"))
        elif key in CHOICES and value not in CHOICES[key] and value is not None:
            out.append(at(key, f"unknown value {written(value)}; choose one of {', '.join(CHOICES[key])}"))
        elif key in COLOURS and isinstance(value, str) and not _colour_known(checker.palette, value):
            out.append(at(key, f"unknown colour {written(value)}; the palette has {', '.join(checker.palette)}"))
        elif key == "colours" and not (
            isinstance(value, list) and len(value) == 2 and all(_colour_known(checker.palette, v) for v in value)
        ):
            out.append(at(key, "expected two palette colours"))
        elif key == "font" and value not in _roles(checker):
            out.append(at(key, f"unknown font role {written(value)}; known: {', '.join(sorted(_roles(checker)))}"))
        elif key == "icon" and isinstance(value, str) and isinstance(checker, _Checker):
            try:
                _icon(checker.files, value, _locator(at(key, "")))
            except InputError as exc:
                out += exc.findings
        elif verb == "image" and key == "image" and isinstance(checker, _Checker):
            try:  # a picture the layout names is checked where the layout names it; an item's, where the item does
                _picture(checker.files, value, _locator(at(key, "")))
            except InputError as exc:
                out += exc.findings
    return out


def _image_key(key: str, value: Any) -> str | None:
    """What is wrong with an image's own key, beyond the checks every verb shares."""
    if key == "image":
        return picture.kind_problem(value)
    if key == "anchor" and picture.anchor(value) is None:
        return f"{picture.ANCHOR_RULE} (got {written(value)})"
    if key == "angle" and value not in picture.ANGLES:
        return f"a picture turns by quarter turns: 0, 90, 180 or 270 (got {written(value)})"
    if key == "bleed" and not isinstance(value, bool):
        return f"expected true or false (got {written(value)})"
    return None


def _roles(checker: _Checker | Design) -> set[str]:
    return checker.font_roles if isinstance(checker, _Checker) else set(checker.fonts)


def _colour_known(palette: Mapping[str, str], value: str) -> bool:
    return value == "none" or bool(HEX.match(value)) or value in palette


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value and abs(value) < 1e6


def _merged(raw: Mapping[str, tuple[Any, yamlsrc.Located]], name: str, chain: tuple[str, ...]) -> dict[str, Any]:
    """The layout with its ancestors' elements, each element remembering where it was written."""
    spec, src = raw[name]
    if name in chain:
        raise InputError([src.finding(("layouts", name), f"`extends` loops: {' -> '.join((*chain, name))}")])
    if not isinstance(spec, dict):
        raise InputError([src.finding(("layouts", name), "a layout is a mapping with size and elements")])
    unknown = set(spec) - {"size", "extends", "elements"}
    if unknown:
        raise InputError(
            [src.finding(("layouts", name, sorted(unknown)[0]), "unknown key; a layout has size, extends and elements")]
        )
    own = spec.get("elements") or {}
    if not isinstance(own, dict):
        raise InputError([src.finding(("layouts", name, "elements"), "expected a mapping of elements")])
    parent_name = spec.get("extends")
    elements: dict[str, tuple[dict[str, Any], yamlsrc.Located, tuple]] = {}
    size = spec.get("size")
    if parent_name is not None:
        if parent_name not in raw:
            raise InputError([src.finding(("layouts", name, "extends"), f"unknown layout '{parent_name}'")])
        base = _merged(raw, parent_name, (*chain, name))
        elements = dict(base["elements"])
        size = spec.get("size", base["size"])
    for key, value in own.items():
        path = ("layouts", name, "elements", key)
        if value is None:
            elements.pop(key, None)
        elif not isinstance(value, dict):
            raise InputError([src.finding(path, "an element is a mapping of style keys")])
        elif key in elements:
            elements[key] = ({**elements[key][0], **value}, src, path)
        else:
            elements[key] = (dict(value), src, path)
    return {"size": size, "elements": elements}
