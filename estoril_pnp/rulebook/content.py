"""The rulebook's words and structure become one plain Document.

A Jinja template (templates/rulebook/) gives the structure as a small XML vocabulary and
asks the catalogs for every sentence through `t`; the game's model gives the facts and the
pictures. Catalog text is escaped, so a translation can never inject markup; `**bold**` in
it marks a defined term.

    <document title subtitle edition contents>
      <section id title [icon] [break] [contents="short"] [fit="page"]>   blocks, nested sections (level 2)
        <p [kind]>  <ol>/<ul> of <li>  <table [numeric="0,1,…"]> of <tr> of <th>/<td>
        <figure ref [size]> <caption/> and <li> legend entries </figure>
    inline: text, <b>, <icon name="concept"/>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..errors import Finding, InputError
from ..i18n import MissingText, Texts
from ..render.layout import Design
from .document import Block, Document, Figure, Icon, Inline, Items, Para, Picture, Run, Section, Table, Text

BOLD = re.compile(r"\*\*(.+?)\*\*")
TEMPLATE = "rulebook.xml.j2"


@dataclass
class Recorder:
    """`t` for the template: escaped catalog text with bold terms; remembers every key it was asked for."""

    texts: Texts
    keys: set[str] = field(default_factory=set)

    def __call__(self, key: str, **values: object) -> Markup:
        self.keys.add(key)
        return Markup(BOLD.sub(r"<b>\1</b>", str(escape(self.texts(key, **values)))))


@cache
def _environment(template_dir: Path) -> jinja2.Environment:
    """One per folder: it keeps each template compiled (recompiled if its file changes), so
    every language after the first renders without compiling the template again."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_xml(template_dir: Path, context: Mapping[str, Any], t: Recorder) -> str:
    env = _environment(template_dir)
    try:
        return env.get_template(TEMPLATE).render(**context, t=t, icon=_icon_tag)
    except MissingText as exc:
        raise InputError(
            [Finding("i18n/en.yaml", None, exc.key, "no text for this key, which the rulebook uses")]
        ) from None
    except jinja2.TemplateError as exc:
        where = getattr(exc, "filename", None) or str(template_dir / TEMPLATE)
        raise InputError([Finding(where, getattr(exc, "lineno", None), "", f"rulebook template: {exc}")]) from None


def _icon_tag(concept: str) -> Markup:
    return Markup('<icon name="{}"/>').format(concept)


def build_document(
    template_dir: Path,
    context: Mapping[str, Any],
    texts: Texts,
    design: Design,
    pictures: Mapping[str, Picture],
) -> tuple[Document, set[str]]:
    """The document, and every catalog key it used."""
    t = Recorder(texts)
    xml = render_xml(template_dir, context, t)
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else None
        raise InputError(
            [Finding(template_dir / TEMPLATE, line, "", f"rulebook template makes bad XML: {exc}")]
        ) from None
    parser = _Parser(design, pictures)
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
    design: Design
    pictures: Mapping[str, Picture]
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
            raise InputError([Finding(TEMPLATE, None, node.tag, "unknown element in the rulebook template")])
        return make[node.tag](node)

    def table(self, node: ET.Element) -> Table:
        rows = [list(tr) for tr in node]
        header = tuple(self.inline(c) for c in rows[0]) if rows and rows[0] and rows[0][0].tag == "th" else ()
        body = rows[1:] if header else rows
        numeric = tuple(i in _ints(node.get("numeric", "")) for i in range(max((len(r) for r in rows), default=0)))
        return Table(header, tuple(tuple(self.inline(c) for c in r) for r in body), numeric)

    def figure(self, node: ET.Element) -> Figure:
        ref = node.get("ref", "")
        if ref not in self.pictures:
            raise InputError([Finding(TEMPLATE, None, ref, "the rulebook names a picture the game does not draw")])
        self.figures += 1
        caption = next((self.inline(c) for c in node if c.tag == "caption"), ())
        legend = tuple(self.inline(c) for c in node if c.tag == "li")
        return Figure(self.pictures[ref], caption, self.figures, legend, node.get("size", "wide"))

    def inline(self, node: ET.Element, bold: bool = False) -> Text:
        out: list[Inline] = []
        if node.text:
            out.append(Run(_space(node.text), bold))
        for child in node:
            if child.tag == "b":
                out += self.inline(child, True)
            elif child.tag == "icon":
                out.append(self.icon(child.get("name", "")))
            if child.tail:
                out.append(Run(_space(child.tail), bold))
        return _tidy(out)

    def icon(self, concept: str) -> Icon:
        name = self.design.icon(concept) if concept in self.design.icons else concept
        path = self.design.icon_file(name)
        return Icon(str(path), None if name.startswith("flags/") else self.design.palette.get("ink", "#000000"))


def _space(text: str) -> str:
    """Template whitespace (line breaks, indents) read as single spaces, as HTML does."""
    return re.sub(r"\s+", " ", text)


def _tidy(parts: list[Inline]) -> Text:
    """No space at either end; neighbouring runs of one weight merged."""
    merged: list[Inline] = []
    for part in parts:
        if isinstance(part, Run) and merged and isinstance(merged[-1], Run) and merged[-1].bold == part.bold:
            merged[-1] = Run(merged[-1].text + part.text, part.bold)
        else:
            merged.append(part)
    if merged and isinstance(merged[0], Run):
        merged[0] = Run(merged[0].text.lstrip(), merged[0].bold)
    if merged and isinstance(merged[-1], Run):
        merged[-1] = Run(merged[-1].text.rstrip(), merged[-1].bold)
    return tuple(p for p in merged if not (isinstance(p, Run) and not p.text))


def _ints(text: str) -> set[int]:
    return {int(x) for x in text.split(",") if x.strip().isdigit()}
