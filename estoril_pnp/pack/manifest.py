"""What a pack prints (components.yaml): piece kinds with their size, group, layouts and items."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from ..source.names import Name
from ..source.typed import Limits, Record

Millimetres = Annotated[float, Limits(ge=5, le=1000)]  # a piece one can cut, on paper one can buy
# a list the model makes, or a file of items; a workbook's sheet by name: `ships.xlsx#Ships`
Source = Annotated[str, Limits(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*(#[A-Za-z0-9_ -]{1,31})?$", max_length=200)]


class PieceKind(Record):
    size: tuple[Millimetres, Millimetres]
    group: Name
    items: Source  # a list the game model provides, or a file of items in the pack (YAML, CSV, XLSX, ODS)
    face: Name  # layout names
    back: Name | None = None  # shared by every piece of the kind
    reverse: Name | None = None  # the piece's own second side
    copies: Annotated[int, Limits(ge=1, le=1000)] = 1

    def __post_init__(self) -> None:
        if self.back and self.reverse:
            raise ValueError("a piece has either a shared `back` or its own `reverse`, not both")

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]

    @property
    def layouts(self) -> tuple[str, ...]:
        return tuple(x for x in (self.face, self.back, self.reverse) if x)


class Manifest(Record):
    pieces: dict[Name, PieceKind]

    @property
    def groups(self) -> list[str]:
        """The outputs, in order of first mention."""
        return list(dict.fromkeys(kind.group for kind in self.pieces.values()))


class PackInfo(Record):
    """pack.yaml: the pack's title, the game model that reads its game files (if any), and
    the game's numbers that its texts may use as {placeholders} (a pack without a model)."""

    title: Annotated[str, Limits(min_length=1, max_length=200)]
    model: Name | None = None
    numbers: Annotated[dict[Name, Annotated[int, Limits(ge=0, le=9999)]], Limits(max_length=200)] = field(
        default_factory=dict
    )
