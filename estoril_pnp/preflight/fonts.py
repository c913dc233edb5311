"""The fonts a page uses whose glyphs are not in the file: a printer substitutes its own for them."""

from __future__ import annotations

from typing import Any

from .contents import DEPTH, _obj

EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


def not_embedded(page: Any) -> list[str]:  # page: pypdf.PageObject
    """The base names of the page's fonts (its own and its forms') with no font program in the file."""
    found: dict[str, None] = {}
    _fonts(_obj(page.get("/Resources")), found, 0, set())
    return list(found)


def _fonts(resources: Any, found: dict[str, None], depth: int, seen: set[int]) -> None:
    if not hasattr(resources, "get") or depth > DEPTH or id(resources) in seen:
        return
    seen.add(id(resources))
    for font in (_obj(_obj(resources.get("/Font", {})) or {})).values():
        font = _obj(font)
        if not _embedded(font):
            found[str(font.get("/BaseFont", "(unnamed)")).lstrip("/")] = None
    for xobject in (_obj(_obj(resources.get("/XObject", {})) or {})).values():
        xobject = _obj(xobject)
        if xobject.get("/Subtype") == "/Form":
            _fonts(_obj(xobject.get("/Resources")), found, depth + 1, seen)


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":  # its glyphs are drawings in the file
        return True
    if font.get("/Subtype") == "/Type0":
        descendants = _obj(font.get("/DescendantFonts")) or []
        font = _obj(descendants[0]) if descendants else {}
    descriptor = _obj(font.get("/FontDescriptor")) or {}
    return any(key in descriptor for key in EMBEDDED)
