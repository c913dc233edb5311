"""Piece layouts as data: boxes in millimetres, with Squib-style `extends` inheritance.

A layout file names a palette, font roles and layouts. Each layout has a size and an
ordered mapping of elements; an element has a drawing verb, a box [x, y, w, h] measured
from the piece's top-left corner, and style keys. `extends` copies the parent's elements;
the child may override keys of an element, add elements, or drop one with `null`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .. import yamlsrc
from ..errors import InputError
from ..resources import resource_dir
from .geometry import Box

VERBS = ("rect", "text", "icon", "icons", "shape", "stripes", "grid", "place")


@dataclass(frozen=True)
class Element:
    name: str
    verb: str
    box: Box
    style: Mapping[str, Any]


@dataclass(frozen=True)
class Layout:
    name: str
    width: float
    height: float
    elements: tuple[Element, ...]


@dataclass(frozen=True)
class Design:
    """Everything a layout file declares: colours, font roles and the layouts."""

    palette: Mapping[str, str]
    fonts: Mapping[str, str]
    icons: Mapping[str, str]  # concept (symbol, rule, piece part) -> icon under data/icons
    layouts: Mapping[str, Layout]


def layout_file() -> Path:
    return resource_dir("templates") / "layouts" / "pieces.yaml"


@cache
def load_design(path: Path | None = None) -> Design:
    src = yamlsrc.read(path or layout_file())
    data = src.data
    raw = data.get("layouts", {})
    resolved: dict[str, Layout] = {}
    for name in raw:
        resolved[name] = _resolve(src, raw, name, ())
    return Design(data.get("palette", {}), data.get("fonts", {}), data.get("icons", {}), resolved)


def _merged(src: yamlsrc.Located, raw: Mapping[str, Any], name: str, chain: tuple[str, ...]) -> dict[str, Any]:
    if name in chain:
        raise InputError([src.finding(("layouts", name), f"`extends` loops: {' -> '.join((*chain, name))}")])
    spec = raw[name]
    parent_name = spec.get("extends")
    if parent_name is None:
        return {"size": spec.get("size"), "elements": dict(spec.get("elements") or {})}
    if parent_name not in raw:
        raise InputError([src.finding(("layouts", name, "extends"), f"unknown layout '{parent_name}'")])
    base = _merged(src, raw, parent_name, (*chain, name))
    elements = dict(base["elements"])
    for key, value in (spec.get("elements") or {}).items():
        if value is None:
            elements.pop(key, None)
        else:
            elements[key] = {**elements.get(key, {}), **value}
    return {"size": spec.get("size", base["size"]), "elements": elements}


def _resolve(src: yamlsrc.Located, raw: Mapping[str, Any], name: str, chain: tuple[str, ...]) -> Layout:
    spec = _merged(src, raw, name, chain)
    size = spec["size"]
    if not (isinstance(size, list) and len(size) == 2):
        raise InputError([src.finding(("layouts", name, "size"), "size must be [width, height] in mm")])
    width, height = size
    elements = []
    for key, el in spec["elements"].items():
        where = ("layouts", name, "elements", key)
        verb, box = el.get("verb"), el.get("box")
        if verb not in VERBS:
            raise InputError([src.finding(where, f"unknown verb {verb!r}; known: {', '.join(VERBS)}")])
        if not (isinstance(box, list) and len(box) == 4):
            raise InputError([src.finding(where, "box must be [x, y, width, height] in mm")])
        x, y, w, h = box
        style = {k: v for k, v in el.items() if k not in ("verb", "box")}
        elements.append(Element(key, verb, Box(x, height - y - h, w, h), style))
    return Layout(name, width, height, tuple(elements))
