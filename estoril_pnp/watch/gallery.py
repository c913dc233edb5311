"""What the gallery shows: every picture of a pack (each face, shared back and own second side,
per language) as a PNG, and the findings of the last look at the pack.

A picture is known by its content key, which covers its drawing and every icon and font file
it names: after an edit only the pictures whose key changed are rasterized, and a picture the
same in every language is rasterized once. Readers (the page's requests) see one whole state
at a time; each change bumps the version they wait on.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..build.cache import output_key
from ..export.images import images
from ..export.raster import PageBox, pixels
from ..files.digests import Digests
from ..pieces.selection import Picture, pictures
from ..render.options import DEFAULT_BLEED
from ..render.piece import Piece
from ..render.srgb import srgb

DPI = 100  # enough to read a card's smallest text on a screen, quick to draw


@dataclass(frozen=True)
class Shown:
    """One picture in the gallery."""

    lang: str
    name: str  # the picture's name, as an image export names its file (pieces/selection.py)
    group: str
    width: float  # trim size, mm
    height: float
    key: str  # content key: the picture's address changes with it

    def as_json(self) -> dict[str, object]:
        return {
            "lang": self.lang,
            "name": self.name,
            "group": self.group,
            "size": f"{self.width:g} × {self.height:g} mm",
            "src": f"/picture/{self.key}.png",
        }


@dataclass
class Gallery:
    shown: list[Shown] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)  # located lines: errors, then what does not fit
    links: dict[str, dict[str, str]] = field(default_factory=dict)  # language -> name -> address
    version: int = 0
    pngs: dict[str, bytes] = field(default_factory=dict)  # content key -> PNG
    changed: threading.Condition = field(default_factory=threading.Condition)

    def show(self, laid_out: Mapping[str, Sequence[Piece]]) -> list[Shown]:
        """The pictures of these pieces (by language), from now on; those drawn anew. The findings
        are the last look's until this one says its own (`say`)."""
        digests = Digests()  # the fonts and icons, hashed once a look, not once a picture
        found = [
            (lang, picture, _key(picture, digests)) for lang, pieces in laid_out.items() for picture in pictures(pieces)
        ]
        todo = {key: picture for _, picture, key in found if key not in self.pngs}
        drawn = dict(zip(todo, _rasterized(list(todo.values())), strict=True))
        shown = [Shown(lang, p.name, p.group, p.width, p.height, key) for lang, p, key in found]
        with self.changed:
            self.pngs.update(drawn)
            self.shown = shown
            self.pngs = {s.key: self.pngs[s.key] for s in shown}  # what no picture shows any more is let go
            self._bump()
        return [s for s in shown if s.key in drawn]

    def say(self, findings: Sequence[str], links: dict[str, dict[str, str]] | None = None) -> None:
        """The findings of the last look, and the files it built (None: the last good ones stay, as
        the pictures do when the pack could not be read)."""
        with self.changed:
            self.findings = list(findings)
            if links is not None:
                self.links = links
            self._bump()

    def state(self) -> dict[str, object]:
        with self.changed:
            return {
                "version": self.version,
                "findings": self.findings,
                "pictures": [s.as_json() for s in self.shown],
                "links": self.links,
            }

    def png(self, key: str) -> bytes | None:
        with self.changed:
            return self.pngs.get(key)

    def _bump(self) -> None:
        self.version += 1
        self.changed.notify_all()


def _key(picture: Picture, digests: Digests) -> str:
    return output_key([_as_piece(picture)], "gallery", DPI, digests=digests)


def _as_piece(picture: Picture) -> Piece:
    return Piece(
        picture.name, picture.group, "", picture.width, picture.height, picture.ops, None, outline=picture.outline
    )


def _rasterized(found: Sequence[Picture]) -> list[bytes]:
    sizes = [(pixels(p.width, DPI), pixels(p.height, DPI)) for p in found]
    out = []
    for _, image in images(found, sizes, PageBox.trim, DEFAULT_BLEED):
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=1, pnginfo=srgb())  # drawn on every save: speed over a few kilobytes
        out.append(buffer.getvalue())
    return out
