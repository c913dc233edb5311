"""The rulebook as plain data: what every builder (PDF, HTML) reads, and nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n.markup import Break, Run  # a text's runs and breaks, as the one parser of marks gives them
from ..render.ops import Op
from ..render.piece import Piece


@dataclass(frozen=True)
class Icon:
    """An icon inline in the text, at the size of the text."""

    path: str  # the SVG file
    colour: str | None  # None keeps the icon's own colours (flags)


Inline = Run | Icon | Break
Text = tuple[Inline, ...]


@dataclass(frozen=True)
class Para:
    text: Text
    kind: str = "body"  # body | decision (a project decision) | example | lead | small


@dataclass(frozen=True)
class Items:
    items: tuple[Text, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]
    numeric: tuple[bool, ...] = ()  # per column: right-aligned numbers


@dataclass(frozen=True)
class Placed:
    """A piece's face drawn into a picture: lower-left corner at (x, y) mm, scaled, turned."""

    piece: Piece
    x: float
    y: float
    scale: float = 1.0
    turns: int = 0  # quarter turns clockwise, about the piece's centre
    back: bool = False  # the piece's back (a face-down card) instead of its face


@dataclass(frozen=True)
class Picture:
    """A drawing in mm, y up: real pieces, then marks drawn over them (callouts, outlines)."""

    width: float
    height: float
    pieces: tuple[Placed, ...]
    marks: tuple[Op, ...] = ()


@dataclass(frozen=True)
class Figure:
    picture: Picture
    caption: Text
    number: int
    legend: tuple[Text, ...] = ()  # the callouts' numbered explanations
    size: str = "wide"  # wide: the text's width | narrow: half of it


Block = Para | Items | Table | Figure


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int  # 1 chapter, 2 section
    blocks: tuple[Block, ...]
    icon: Icon | None = None  # shown before the title
    page_break: bool = False
    in_contents: bool = True  # False: only the outline lists it, so the contents fit a page
    fit_page: bool = False  # the chapter, subsections and all, is shrunk onto one printed page


@dataclass(frozen=True)
class Document:
    lang: str
    title: str
    subtitle: str
    edition: str
    contents_title: str
    sections: tuple[Section, ...]
    figure_label: str = "{n}"  # a figure's label, its number in place of {n}

    def figure_name(self, n: int) -> str:
        return self.figure_label.replace("{n}", str(n))


def plain(text: Text) -> str:
    return "".join(part.text for part in text if isinstance(part, Run))


def strings(doc: Document) -> list[str]:
    """Every text the document sets: titles, paragraphs, lists, tables, captions and legends."""
    out = [doc.title, doc.subtitle, doc.edition, doc.contents_title]
    for section in doc.sections:
        out.append(section.title)
        for block in section.blocks:
            if isinstance(block, Para):
                texts: tuple[Text, ...] = (block.text,)
            elif isinstance(block, Items):
                texts = block.items
            elif isinstance(block, Table):
                texts = (*block.header, *(cell for row in block.rows for cell in row))
            else:
                texts = (block.caption, *block.legend)
            out += [plain(text) for text in texts]
    return [s for s in out if s]
