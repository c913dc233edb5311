"""A printable piece as plain data: what every output (sheets, single pages, images) draws."""

from __future__ import annotations

from dataclasses import dataclass

from .ops import Op
from .outline import RECT, Outline


@dataclass(frozen=True)
class Piece:
    key: str  # group/item, e.g. "characters/lucky_luciano"; unique in a build
    group: str  # the output it belongs to, e.g. "characters"
    lang: str
    width: float  # trim size, mm
    height: float
    front: tuple[Op, ...]  # in mm from the trim box's lower-left corner; may reach into the bleed
    back: tuple[Op, ...] | None  # None: nothing printed on the back
    shared_back: bool = False  # the back is the one every piece of its kind shares (not its own content)
    copy: int = 0  # which of the item's copies (1, 2 …; the key ends in /copy), 0 for an item printed once
    outline: Outline = RECT  # the line it is cut along; its drawing is clipped to it grown by the bleed

    @property
    def item(self) -> str:
        """The key without the copy number: the one picture every copy prints."""
        return self.key.rsplit("/", 1)[0] if self.copy else self.key
