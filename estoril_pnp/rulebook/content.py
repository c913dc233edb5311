"""The rulebook's words and structure become one plain Document.

A Jinja template (the pack's `rulebook/`, or templates/rulebook/) gives the structure as a
small XML vocabulary and asks the catalogs for every sentence through `t` and `plural`; the
pack gives the facts, and the pictures are its pieces (or a game model's drawings). The
template is untrusted: it runs sandboxed (sandbox.py). Catalog text is escaped, so a
translation can never inject markup; its own markup (i18n/markup.py: `**bold**` a defined term,
`*italic*`, `[icon]`, a newline) becomes the vocabulary's inline elements.

    <document title subtitle edition contents>
      <section id title [icon] [break] [contents="short"] [fit="page"]>   blocks, nested sections (level 2)
        <p [kind]>  <ol>/<ul> of <li>  <table [numeric="0,1,…"]> of <tr> of <th>/<td>
        <figure ref [size]> <caption/> and <li> legend entries </figure>
        <figure [size]> <piece key [side="back"]/>… <caption/> <li/>… </figure>   the pack's pieces in a row
    inline: text, <b>, <i>, <br/>, <icon name="concept"/>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from ..errors import Finding, InputError, written
from ..i18n import markup
from ..i18n.catalogs import FALLBACK, MissingText, Texts
from ..render import icons
from ..render.layout import Design
from ..render.piece import Piece
from ..source.packfiles import PackFiles
from .document import (
    Block,
    Break,
    Document,
    Figure,
    Icon,
    Inline,
    Items,
    Para,
    Picture,
    Placed,
    Run,
    Section,
    Table,
    Text,
)
from .sandbox import line_of, render

TEMPLATE = "rulebook.xml.j2"
ROW_GAP = 6.0  # mm between the pieces of a figure
ROW_MAX = (170.0, 110.0)  # mm: a figure of pieces is scaled down to fit this


@dataclass(frozen=True)
class Source:
    """Where a rulebook's template is: `folder/rulebook.xml.j2` of `files`, a pack (its own
    template) or the shipped templates (City of Spies'); other files of that folder may be included."""

    files: PackFiles
    folder: str = "rulebook"

    @property
    def main(self) -> Path:
        return self.files.root / self.folder / TEMPLATE


@dataclass
class Recorder:
    """`t` and `plural` for the template: escaped catalog text with bold terms; remembers every key it was asked for."""

    texts: Texts
    keys: set[str] = field(default_factory=set)

    def text(self, key: str, **values: object) -> Markup:
        self.keys.add(key)
        return _marked(self._look_up(lambda: self.texts(key, **values), key))

    def plural(self, key: str, count: int, **values: object) -> Markup:
        if not isinstance(count, int) or isinstance(count, bool):  # the sandbox reports it at the template's line
            raise ValueError(f"plural({written(key)}, …) needs a whole number, not {written(count)}")
        self.keys.update(k for k in self.texts.catalogs.get(FALLBACK, {}) if k.startswith(f"{key}."))
        return _marked(self._look_up(lambda: self.texts.plural(key, count, **values), f"{key}.other"))

    @staticmethod
    def _look_up(get: Callable[[], str], key: str) -> str:
        try:
            return get()
        except MissingText:
            raise InputError(
                [Finding(f"i18n/{FALLBACK}.yaml", None, key, "no text for this key, which the rulebook uses")]
            ) from None


def _marked(text: str) -> Markup:
    """Catalog text as the template's inline XML: escaped letters, its markup as elements (a
    fault in it is the catalog check's to report; here it prints as written)."""
    out: list[str] = []
    for span in markup.parse(text).spans:
        if isinstance(span, markup.Icon):
            out.append(str(_icon_tag(span.name)))
        elif isinstance(span, markup.Break):
            out.append("<br/>\n")  # the newline kept: a template may still split a text into paragraphs at it
        else:
            body = str(escape(span.text))
            body = f"<i>{body}</i>" if span.italic else body
            out.append(f"<b>{body}</b>" if span.bold else body)
    return Markup("".join(out))


def _icon_tag(concept: str) -> Markup:
    return Markup('<icon name="{}"/>').format(concept)


def build_document(
    source: Source,
    context: Mapping[str, Any],
    texts: Texts,
    design: Design,
    pictures: Mapping[str, Picture],
    pieces: Sequence[Piece] = (),
) -> tuple[Document, set[str]]:
    """The document, and every catalog key it used; `pieces` are what a figure's `<piece>` may name."""
    t = Recorder(texts)
    functions = {"t": t.text, "plural": t.plural, "icon": _icon_tag}
    xml, sources = render(source.files, source.folder, TEMPLATE, {**context, **functions})
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else 0
        said = xml.splitlines()[line - 1].strip() if 0 < line <= len(xml.splitlines()) else ""
        file, at = line_of(sources, source.main, said)
        raise InputError(
            [Finding(file, at, "rulebook", f"the template makes bad XML ({exc}, in its output: {said[:80]!r})")]
        ) from None
    if root.tag != "document":
        raise InputError([Finding(source.main, None, root.tag, "the rulebook template must make one <document>")])
    parser = _Parser(
        lambda *needles: line_of(sources, source.main, *needles), design, pictures, {p.key: p for p in pieces}
    )
    sections = tuple(parser.sections(root, 1))
    doc = Document(
        lang=texts.lang,
        title=root.get("title", ""),
        subtitle=root.get("subtitle", ""),
        edition=root.get("edition", ""),
        contents_title=root.get("contents", ""),
        sections=sections,
        figure_label=root.get("figure", "{n}"),
    )
    return doc, t.keys


@dataclass
class _Parser:
    locate: Callable[..., tuple[Path, int | None]]  # the template line that wrote a text
    design: Design
    pictures: Mapping[str, Picture]
    pieces: Mapping[str, Piece]
    figures: int = 0

    def sections(self, node: ET.Element, level: int, listed: bool = True) -> Iterator[Section]:
        for child in node:
            if child.tag != "section":
                continue
            blocks = tuple(self.block(b) for b in child if b.tag != "section")
            icon = self.icon(child.get("icon")) if child.get("icon") else None
            brk = child.get("break") == "1"
            fit = child.get("fit") == "page"
            yield Section(child.get("id", ""), child.get("title", ""), level, blocks, icon, brk, listed, fit)
            # contents="short": the subsections are in the outline, not in the table of contents
            yield from self.sections(child, level + 1, child.get("contents") != "short")

    def block(self, node: ET.Element) -> Block:
        make: Mapping[str, Callable[[ET.Element], Block]] = {
            "p": lambda n: Para(self.inline(n), n.get("kind", "body")),
            "ol": lambda n: Items(tuple(self.inline(li) for li in n), ordered=True),
            "ul": lambda n: Items(tuple(self.inline(li) for li in n), ordered=False),
            "table": self.table,
            "figure": self.figure,
        }
        if node.tag not in make:
            raise InputError(
                [
                    Finding(
                        *self.locate(*(f"<{node.tag}{end}" for end in (" ", ">", "/"))),
                        node.tag,
                        "unknown element in the rulebook template",
                    )
                ]
            )
        return make[node.tag](node)

    def table(self, node: ET.Element) -> Table:
        rows = [list(tr) for tr in node]
        header = tuple(self.inline(c) for c in rows[0]) if rows and rows[0] and rows[0][0].tag == "th" else ()
        body = rows[1:] if header else rows
        numeric = tuple(i in _ints(node.get("numeric", "")) for i in range(max((len(r) for r in rows), default=0)))
        return Table(header, tuple(tuple(self.inline(c) for c in r) for r in body), numeric)

    def figure(self, node: ET.Element) -> Figure:
        placed = [c for c in node if c.tag == "piece"]
        ref = node.get("ref")
        if placed and ref is None:
            picture = self.row(placed)
        elif ref in self.pictures and not placed:
            picture = self.pictures[ref]
        else:
            why = "a figure has either a ref or <piece> elements" if placed else "no such picture"
            raise InputError(
                [Finding(*self.locate(f'ref="{ref}"', f"ref='{ref}'", "<figure"), f"figure {ref or ''}".strip(), why)]
            )
        self.figures += 1
        caption = next((self.inline(c) for c in node if c.tag == "caption"), ())
        legend = tuple(self.inline(c) for c in node if c.tag == "li")
        return Figure(picture, caption, self.figures, legend, node.get("size", "wide"))

    def row(self, nodes: Sequence[ET.Element]) -> Picture:
        """The named pieces side by side, as printed, scaled down together to fit a page."""
        chosen: list[tuple[Piece, bool]] = []
        for node in nodes:
            key, side = node.get("key", ""), node.get("side", "face")
            piece = self.pieces.get(key)
            if piece is None or side not in ("face", "back") or (side == "back" and piece.back is None):
                why = (
                    "no such piece (a key is group/item, as `export png` names it)"
                    if piece is None
                    else f"side is face or back, not {side!r}"
                    if side not in ("face", "back")
                    else "this piece has no back"
                )
                raise InputError([Finding(*self.locate(f'"{key}"', f"'{key}'", "<piece"), f"piece {key}", why)])
            chosen.append((piece, side == "back"))
        width = sum(p.width for p, _ in chosen) + ROW_GAP * (len(chosen) - 1)
        height = max(p.height for p, _ in chosen)
        scale = min(1.0, ROW_MAX[0] / width, ROW_MAX[1] / height)
        out, x = [], 0.0
        for piece, back in chosen:
            out.append(Placed(piece, x, (height - piece.height) * scale / 2, scale, back=back))
            x += (piece.width + ROW_GAP) * scale
        return Picture(width * scale, height * scale, tuple(out))

    def inline(self, node: ET.Element, bold: bool = False, italic: bool = False) -> Text:
        out: list[Inline] = []
        if node.text:
            out.append(Run(_space(node.text), bold, italic))
        for child in node:
            if child.tag == "b":
                out += self.inline(child, True, italic)
            elif child.tag == "i":
                out += self.inline(child, bold, True)
            elif child.tag == "br":
                out.append(Break())
            elif child.tag == "icon":
                out.append(self.icon(child.get("name", "")))
            if child.tail:
                out.append(Run(_space(child.tail), bold, italic))
        return _tidy(out)

    def icon(self, concept: str) -> Icon:
        name = self.design.icon(concept) if concept in self.design.icons else concept
        file, line = self.locate(f'"{concept}"', f"'{concept}'")
        path = self.design.icon_file(name, Finding(file, line, f"icon {concept}", ""))
        # the one rule for an icon inside text (render/icons.py): a multicolour one (a flag) keeps its colours
        own = icons.multicolour(str(path))
        return Icon(str(path), None if own else self.design.palette.get("ink", "#000000"))


def _space(text: str) -> str:
    """Template whitespace (line breaks, indents) read as single spaces, as HTML does; a no-break
    space a catalog puts after a one-letter word (Polish "w", "z") stays one."""
    return re.sub(r"[^\S\u00a0\u202f]+", " ", text)


def _tidy(parts: list[Inline]) -> Text:
    """No space or break at either end; neighbouring runs of one weight merged."""
    merged: list[Inline] = []
    for part in parts:
        last = merged[-1] if merged else None
        if isinstance(part, Run) and isinstance(last, Run) and (last.bold, last.italic) == (part.bold, part.italic):
            merged[-1] = Run(last.text + part.text, part.bold, part.italic)
        else:
            merged.append(part)
    while True:  # a break that ends a paragraph breaks nothing, and a space there is none
        if merged and isinstance(merged[0], Run) and merged[0].text != merged[0].text.lstrip():
            merged[0] = replace(merged[0], text=merged[0].text.lstrip())
        elif merged and isinstance(merged[-1], Run) and merged[-1].text != merged[-1].text.rstrip():
            merged[-1] = replace(merged[-1], text=merged[-1].text.rstrip())
        elif merged and (isinstance(merged[0], Break) or (isinstance(merged[0], Run) and not merged[0].text)):
            merged.pop(0)
        elif merged and (isinstance(merged[-1], Break) or (isinstance(merged[-1], Run) and not merged[-1].text)):
            merged.pop()
        else:
            break
    for i in range(1, len(merged) - 1):  # a line starts and ends with a letter
        part = merged[i]
        if isinstance(part, Run) and isinstance(merged[i - 1], Break):
            merged[i] = part = replace(part, text=part.text.lstrip())
        if isinstance(part, Run) and isinstance(merged[i + 1], Break):
            merged[i] = replace(part, text=part.text.rstrip())
    return tuple(p for p in merged if not (isinstance(p, Run) and not p.text))


def _ints(text: str) -> set[int]:
    return {int(x) for x in text.split(",") if x.strip().isdigit()}
