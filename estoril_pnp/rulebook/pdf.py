"""The rulebook as a printable PDF (ReportLab platypus): a table of contents, bookmarks,
running headers, page numbers, icons inline at the size of the text, the real pieces as
pictures, and only the project's embedded TrueType fonts.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from PIL import Image
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepInFrame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from ..errors import Finding, InputError
from ..render import icons
from ..render.docinfo import DocInfo
from ..render.draw import describe
from ..render.imposition import Paper
from .document import Block, Break, Document, Figure, Icon, Items, Para, Picture, Run, Section, Text
from .document import Table as TableBlock
from .pictures import draw_picture

MARGIN = 18 * mm
HEADING_ROOM = 48  # pt: a chapter title with its space above and below, over a one-page chapter
CELL_PADDING = 6  # pt: ReportLab's default left and right padding of a table cell
SHORT_TABLE = 12  # rows: a table this short is never split between pages
TALLEST_FIGURE = 1.1  # a picture at most this many text widths tall


@dataclass(frozen=True)
class Look:
    """Fonts (registered names) and colours the rulebook is set in; from the pieces' design."""

    text: str
    bold: str
    italic: str
    heading: str
    ink: str = "#1f1a17"
    accent: str = "#1c2a43"
    stamp: str = "#9e1b1b"
    paper: str = "#f3ead3"

    @classmethod
    def of(cls, fonts: Mapping[str, str], palette: Mapping[str, str]) -> Look:
        """The pieces' font roles and palette, with the defaults above where a pack's design lacks one."""
        text = fonts["text"]
        return cls(
            text,
            fonts.get("text_bold", text),
            fonts.get("italic", text),
            fonts.get("heading", text),
            palette.get("ink", cls.ink),
            palette.get("navy", cls.accent),
            palette.get("stamp", cls.stamp),
            palette.get("paper", cls.paper),
        )


def write_pdf(doc: Document, target: Path, paper: Paper, look: Look, info: DocInfo) -> None:
    """The whole rulebook into `target` (the caller writes it atomically); `info`: what it says of itself."""
    registerFontFamily(look.text, normal=look.text, bold=look.bold, italic=look.italic, boldItalic=look.bold)
    styles = _styles(look)
    template = _Book(str(target), doc, look, info, pagesize=(paper.width * mm, paper.height * mm))
    with tempfile.TemporaryDirectory(prefix="rulebook-icons-") as folder:
        _PLACEHOLDERS.append(Path(folder))
        try:
            story = _story(doc, styles, template.width, template.height)
            template.multiBuild(story, canvasmaker=_IconCanvas)
        except LayoutError:  # a pack's template can ask for a block no page holds
            why = "a table, picture or paragraph is larger than a page, so the rulebook cannot be laid out"
            raise InputError([Finding(f"rulebook [{doc.lang}]", None, "", why)]) from None
        finally:
            _PLACEHOLDERS.pop()
            for path in [p for p in _ICONS if p.startswith(folder)]:
                del _ICONS[path]


# ---- inline icons: an <img> the paragraph measures, a vector form the canvas draws ----------

_ICONS: dict[str, tuple[str, str | None]] = {}  # placeholder image file -> (svg, colour)
_PLACEHOLDERS: list[Path] = []  # the folder placeholder images are written to, while a build runs


def _icon_file(icon: Icon) -> str:
    """A blank one-pixel PNG standing for the icon: Paragraph lays it out like an image, and
    _IconCanvas draws the SVG in its place, as a vector form."""
    for path, known in _ICONS.items():
        if known == (icon.path, icon.colour) and Path(path).exists():
            return path
    folder = _PLACEHOLDERS[-1]
    path = str(folder / f"icon{len(_ICONS)}.png")
    Image.new("LA", (1, 1), (0, 0)).save(path, "PNG")
    _ICONS[path] = (icon.path, icon.colour)
    return path


class _IconCanvas(Canvas):
    def drawImage(
        self,
        image: Any,
        x: float,
        y: float,
        width: float | None = None,
        height: float | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        known = _ICONS.get(getattr(image, "fileName", None) or "")
        if known and width and height:
            icons.place(self, known[0], known[1], x, y, width, height)
            return (width, height)
        return super().drawImage(image, x, y, width, height, *args, **kwargs)


# ---- styles and the story --------------------------------------------------------------------


def _styles(look: Look) -> dict[str, ParagraphStyle]:
    ink = colors.HexColor(look.ink)
    base = ParagraphStyle(
        "body",
        fontName=look.text,
        fontSize=10,
        leading=13.4,
        textColor=ink,
        spaceAfter=5,
        bulletFontName=look.text,
        bulletFontSize=10,
    )
    return {
        "body": base,
        "lead": ParagraphStyle("lead", base, fontName=look.italic, fontSize=11, leading=14.5),
        "small": ParagraphStyle("small", base, fontSize=9, leading=11.6, spaceAfter=3),
        "example": ParagraphStyle(
            "example",
            base,
            leftIndent=8,
            borderPadding=(3, 4, 3, 6),
            spaceBefore=2,
            backColor=colors.HexColor("#efe6cc"),
            spaceAfter=6,
        ),
        "decision": ParagraphStyle(
            "decision",
            base,
            leftIndent=8,
            borderPadding=(3, 4, 3, 6),
            spaceBefore=2,
            borderColor=colors.HexColor(look.stamp),
            borderWidth=0.6,
            spaceAfter=8,
        ),
        "item": ParagraphStyle("item", base, leftIndent=16, bulletIndent=3, spaceAfter=3),
        "cell": ParagraphStyle("cell", base, fontSize=9, leading=11.5, spaceAfter=0),
        "cell_num": ParagraphStyle("cell_num", base, fontSize=9, leading=11.5, spaceAfter=0, alignment=2),
        "cell_head": ParagraphStyle("cell_head", base, fontName=look.bold, fontSize=9, leading=11.5, spaceAfter=0),
        "caption": ParagraphStyle(
            "caption",
            base,
            fontName=look.italic,
            fontSize=9,
            leading=11.5,
            alignment=TA_CENTER,
            spaceBefore=3,
            spaceAfter=6,
        ),
        "h1": ParagraphStyle(
            "h1",
            base,
            fontName=look.heading,
            fontSize=19,
            leading=23,
            spaceBefore=10,
            spaceAfter=7,
            textColor=colors.HexColor(look.accent),
        ),
        "h2": ParagraphStyle(
            "h2",
            base,
            fontName=look.heading,
            fontSize=13.5,
            leading=17,
            spaceBefore=7,
            spaceAfter=4,
            textColor=colors.HexColor(look.accent),
        ),
        "title": ParagraphStyle(
            "title",
            base,
            fontName=look.heading,
            fontSize=34,
            leading=40,
            alignment=TA_CENTER,
            textColor=colors.HexColor(look.accent),
            spaceAfter=6,
        ),
        "subtitle": ParagraphStyle(
            "subtitle", base, fontName=look.heading, fontSize=18, leading=22, alignment=TA_CENTER, spaceAfter=8
        ),
        "edition": ParagraphStyle("edition", base, fontName=look.italic, alignment=TA_CENTER, spaceAfter=14),
        "toc_head": ParagraphStyle(
            "toc_head",
            base,
            fontName=look.heading,
            fontSize=15,
            leading=19,
            spaceAfter=6,
            alignment=TA_LEFT,
            textColor=colors.HexColor(look.accent),
        ),
        "toc1": ParagraphStyle("toc1", base, fontName=look.bold, fontSize=10, leading=12.4, leftIndent=0, spaceAfter=0),
        "toc2": ParagraphStyle("toc2", base, fontSize=9, leading=10.6, leftIndent=14, spaceAfter=0),
    }


def markup(text: Text, size: float) -> str:
    """Paragraph markup: text escaped, bold runs, icons as images one text size high."""
    out = []
    for part in text:
        if isinstance(part, Run):
            body = escape(part.text)
            body = f"<i>{body}</i>" if part.italic else body
            out.append(f"<b>{body}</b>" if part.bold else body)
        elif isinstance(part, Break):
            out.append("<br/>")
        else:
            side = size * 1.15
            out.append(
                f'<img src="{_icon_file(part)}" width="{side:.2f}" height="{side:.2f}" valign="{-size * 0.2:.2f}"/>'
            )
    return "".join(out)


class _Heading(Paragraph):
    """A section title: it names its outline entry and its line in the table of contents."""

    def __init__(self, section: Section, text: str, style: ParagraphStyle) -> None:
        super().__init__(text, style)
        self.section = section


class _Picture(Flowable):
    def __init__(self, picture: Picture, width: float, height: float) -> None:
        super().__init__()
        self.picture = picture
        self.scale = min(1.0, width / (picture.width * mm), height / (picture.height * mm))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.scale = min(self.scale, available_width / (self.picture.width * mm))
        return self.picture.width * mm * self.scale, self.picture.height * mm * self.scale

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        draw_picture(self.canv, self.picture)
        self.canv.restoreState()


def _story(doc: Document, styles: Mapping[str, ParagraphStyle], width: float, height: float) -> list[Flowable]:
    # a Table sets its cells' font even around paragraphs: name ours, or Helvetica gets in
    own_font = TableStyle(
        [("FONTNAME", (0, 0), (-1, -1), styles["body"].fontName), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    )
    toc = TableOfContents(levelStyles=[styles["toc1"], styles["toc2"]], dotsMinLevel=0, tableStyle=own_font)
    story: list[Flowable] = [
        Spacer(1, 6 * mm),
        Paragraph(escape(doc.title), styles["title"]),
        Paragraph(escape(doc.subtitle), styles["subtitle"]),
        Paragraph(escape(doc.edition), styles["edition"]),
        Paragraph(escape(doc.contents_title), styles["toc_head"]),
        toc,
        PageBreak(),
    ]
    fitting: list[Flowable] | None = None  # a chapter that must fit one page, gathered
    for section in doc.sections:
        style = styles["h1" if section.level == 1 else "h2"]
        if section.level == 1 and fitting is not None:
            story.append(KeepInFrame(width, height - HEADING_ROOM, fitting, mode="shrink"))
            fitting = None
        if section.page_break:
            story.append(PageBreak())
        elif section.level == 1:
            story.append(CondPageBreak(60 * mm))
        title = markup(
            ((section.icon,) if section.icon else ()) + (Run(" " + section.title if section.icon else section.title),),
            style.fontSize,
        )
        blocks = _flowables(doc, section.blocks, styles, width)
        if fitting is not None:  # inside a one-page chapter: shrunk with it, so in the outline only by chapter
            fitting += [Paragraph(title, style), *blocks]
            continue
        heading = _Heading(section, title, style)
        if section.fit_page:
            story.append(heading)
            fitting = blocks
        else:
            # a heading and a short lead (a location's rule line) never stand alone at a page's foot
            lead = 2 if len(blocks) > 1 and all(isinstance(b, Paragraph) for b in blocks[:2]) else 1
            story.append(KeepTogether([heading, *blocks[:lead]]))
            story += [_whole(b) for b in blocks[lead:]]
    if fitting is not None:
        story.append(KeepInFrame(width, height - HEADING_ROOM, fitting, mode="shrink"))
    return story


def _flowables(
    doc: Document, blocks: Sequence[Block], styles: Mapping[str, ParagraphStyle], width: float
) -> list[Flowable]:
    """A section's blocks; a paragraph that introduces a list ("What a mission counts:") never ends a page."""
    out: list[Flowable] = []
    for block, after in zip(blocks, (*blocks[1:], None), strict=False):  # no block: no pair
        flowables = _block(doc, block, styles, width)
        if isinstance(block, Para) and isinstance(after, Items):
            flowables[-1].keepWithNext = True
        out += flowables
    return out


def _block(doc: Document, block: Block, styles: Mapping[str, ParagraphStyle], width: float) -> list[Flowable]:
    if isinstance(block, Para):
        style = styles.get(block.kind, styles["body"])
        return [Paragraph(markup(block.text, style.fontSize), style)]
    if isinstance(block, Items):
        style = styles["item"]
        return [
            Paragraph(markup(item, style.fontSize), style, bulletText=f"{n}." if block.ordered else "•")
            for n, item in enumerate(block.items, start=1)
        ]
    if isinstance(block, TableBlock):
        return [_table(block, styles, width)]
    assert isinstance(block, Figure)
    return _figure(doc, block, styles, width)


def _figure(doc: Document, fig: Figure, styles: Mapping[str, ParagraphStyle], width: float) -> list[Flowable]:
    # a tall picture (a grid of many rows) is made smaller, so that it, its caption and the first
    # lines of its legend always fit one page
    picture = _Picture(fig.picture, width if fig.size == "wide" else width * 0.72, width * TALLEST_FIGURE)
    label = escape(doc.figure_name(fig.number))
    caption = Paragraph(f"<b>{label}.</b> {markup(fig.caption, 9)}", styles["caption"])
    legend = [
        Paragraph(
            markup(item, 9.5), ParagraphStyle("legend", styles["item"], fontSize=9.5, leading=12.2), bulletText=f"{n}"
        )
        for n, item in enumerate(fig.legend, start=1)
    ]
    return [KeepTogether([_Centred(picture), caption, *legend[:2]]), *legend[2:]]


class _Centred(Flowable):
    def __init__(self, inner: Flowable) -> None:
        super().__init__()
        self.inner = inner

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.inner_size = self.inner.wrap(available_width, available_height)
        self.width = available_width
        return available_width, self.inner_size[1]

    def draw(self) -> None:
        self.inner.drawOn(self.canv, (self.width - self.inner_size[0]) / 2, 0)


def _whole(flowable: Flowable) -> Flowable:
    """A table of a few rows split over two pages reads as two tables: it is kept whole (not inside a
    shrunk one-page chapter, whose frame draws its flowables itself)."""
    if isinstance(flowable, Table) and len(flowable._cellvalues) <= SHORT_TABLE:
        return KeepTogether([flowable])
    return flowable


def _plain(text: Text) -> str:
    return "".join(i.text for i in text if isinstance(i, Run))


def _table(block: TableBlock, styles: Mapping[str, ParagraphStyle], width: float) -> Table:
    def cell(text: Text, col: int) -> Paragraph:
        numeric = col < len(block.numeric) and block.numeric[col]
        return Paragraph(markup(text, 9), styles["cell_num" if numeric else "cell"])

    rows = []
    if block.header:
        rows.append(
            [
                cell(((Run(c[0].text, True),) if c and isinstance(c[0], Run) else c), i)
                for i, c in enumerate(block.header)
            ]
        )
    rows += [[cell(c, i) for i, c in enumerate(r)] for r in block.rows]
    columns = max(len(r) for r in rows)
    numeric = [i < len(block.numeric) and block.numeric[i] for i in range(columns)]
    # a numeric column is as narrow as its heading allows, so the heading never breaks mid-word
    heads = [_plain(c) for c in block.header] if block.header else [""] * columns
    head = styles["cell_head"]
    narrows = [max(22 * mm, stringWidth(h, head.fontName, head.fontSize) + 2 * CELL_PADDING) for h in heads]
    room = width - sum(w for w, n in zip(narrows, numeric, strict=True) if n)
    wide = max(room / max(columns - sum(numeric), 1), 30 * mm)
    widths = [narrow if n else wide for narrow, n in zip(narrows, numeric, strict=True)]
    if sum(widths) > width:
        widths = [w * width / sum(widths) for w in widths]
    table = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1 if block.header else 0)
    line = colors.HexColor("#b9a67a")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("FONTNAME", (0, 0), (-1, -1), styles["cell"].fontName),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, line),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                *([("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e2d3ae"))] if block.header else []),
            ]
        )
    )
    return table


# ---- pages: running head, page numbers, outline and contents --------------------------------


class _Book(BaseDocTemplate):
    def __init__(self, filename: str, doc: Document, look: Look, info: DocInfo, **kw: Any) -> None:
        super().__init__(
            filename,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + 4 * mm,
            bottomMargin=MARGIN,
            title=info.title,
            author=info.author,
            subject=info.subject,
            creator="estoril-pnp",
            lang=info.lang,
            displayDocTitle=True,  # the title bar shows the title, not the file name
            invariant=1,
            initialFontName=look.text,
            **kw,
        )
        self.book, self.look, self.chapter, self.info = doc, look, "", info
        self.top_chapter, self.page_fresh = "", True  # the chapter at the top of the page: the running head
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="text")
        self.addPageTemplates(
            [PageTemplate(id="page", frames=[frame], onPage=self._page_starts, onPageEnd=self._furniture)]
        )

    def _page_starts(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        self.top_chapter, self.page_fresh = self.chapter, True

    def beforeDocument(self) -> None:
        self.chapter = ""
        self.canv.showOutline()
        page = (0.0, 0.0, *self.pagesize)  # a book is printed and kept whole: trimmed at its page
        self.canv.setTrimBox(page)
        self.canv.setBleedBox(page)
        describe(self.canv, self.info)

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, (Spacer, ActionFlowable, PageBreak)):  # breaks and the like show nothing
            return
        fresh, self.page_fresh = self.page_fresh, False
        if not isinstance(flowable, _Heading):
            return
        section = flowable.section
        key = f"s-{section.id}"
        if section.level == 1:
            self.chapter = section.title
            if fresh:  # a chapter that opens the page names it
                self.top_chapter = section.title
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(section.title, key, level=section.level - 1, closed=section.level > 1)
        if section.in_contents:
            self.notify("TOCEntry", (section.level - 1, escape(section.title), self.page, key))

    def _furniture(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if doc.page == 1:
            return
        width, height = doc.pagesize
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(self.look.accent))
        canvas.setStrokeColor(colors.HexColor(self.look.accent))
        canvas.setLineWidth(0.4)
        top = height - MARGIN + 1.5 * mm
        canvas.setFont(self.look.heading, 8.5)
        canvas.drawString(MARGIN, top, self.book.title)
        canvas.setFont(self.look.italic, 8.5)
        canvas.drawRightString(width - MARGIN, top, self.top_chapter)
        canvas.line(MARGIN, top - 1.8 * mm, width - MARGIN, top - 1.8 * mm)
        canvas.setFont(self.look.text, 9)
        canvas.drawCentredString(width / 2, MARGIN - 8 * mm, str(doc.page))
        canvas.restoreState()
