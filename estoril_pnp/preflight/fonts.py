"""The fonts a page shows text in whose glyphs are not in the file: a printer substitutes its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


def not_embedded(fonts: Iterable[Any]) -> list[str]:
    """The base names of the fonts (pypdf dictionaries, as `contents.painted` found them shown)
    with no font program in the file."""
    return list(dict.fromkeys(str(f.get("/BaseFont", "(unnamed)")).lstrip("/") for f in fonts if not embedded(f)))


def embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":  # its glyphs are drawings in the file
        return True
    if font.get("/Subtype") == "/Type0":
        descendants = font.get("/DescendantFonts")
        descendants = descendants.get_object() if descendants is not None else []
        font = descendants[0].get_object() if descendants else {}
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    return any(key in descriptor for key in EMBEDDED)
