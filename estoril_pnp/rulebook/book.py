"""A pack's rulebook in one language: the document from the template, the catalogs, the
pack's facts and pieces (and a game model's pictures), then written as PDF and HTML, each
file atomically.

The template is the pack's own `rulebook/rulebook.xml.j2` if it has one, else the shipped
one for a game model that offers a rulebook; a pack with neither has no rulebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Finding, InputError
from ..files.atomic import atomic_path
from ..files.resources import resource_dir
from ..pack.load import Pack
from ..pieces.selection import each_item
from ..render.coverage import missing_in_text
from ..render.docinfo import DocInfo
from ..render.fonts import font_file
from ..render.imposition import PAPERS
from ..source.packfiles import PackFiles
from .content import TEMPLATE, Source, build_document
from .document import Document, Picture, strings
from .facts import facts
from .html import write_html
from .pdf import Look, write_pdf

if TYPE_CHECKING:
    from ..render.layout import Design
    from ..render.piece import Piece

PDF_NAME, HTML_NAME = "rulebook.pdf", "rulebook.html"


def source(pack: Pack) -> Source | None:
    """The template a pack's rulebook is made from; None for a pack that has none.
    InputError if the pack's template is a link that leaves it."""
    own = Source(pack.files)
    if pack.files.path(f"{own.folder}/{TEMPLATE}").exists():
        return own
    if pack.model is not None and hasattr(pack.model, "rulebook"):
        return Source(PackFiles(resource_dir("templates")))
    return None


def has_rulebook(pack: Pack) -> bool:
    try:
        return source(pack) is not None
    except InputError:  # a template that leaves the pack: make_document reports it
        return True


def make_document(pack: Pack, design: Design, pieces: Sequence[Piece], lang: str) -> tuple[Document, set[str]]:
    """The rulebook of `pieces`' language, and the catalog keys it used."""
    where = source(pack)
    assert where is not None
    t = pack.texts(lang)
    context: dict[str, Any] = facts(pack, lang)
    pictures: dict[str, Picture] = {}
    if pack.model is not None and hasattr(pack.model, "rulebook"):
        # a model draws an item by its key: each item once, whatever copies the pack prints
        own, pictures = pack.model.rulebook(pack.files, pack.manifest, design, each_item(pieces), t)
        context.update(own)
    return build_document(where, context, t, design, pictures, pieces)


def missing_glyphs(doc: Document, design: Design) -> list[Finding]:
    """Letters of the document that a font of the rulebook lacks (each text in each of its fonts)."""
    look = Look.of(design.fonts, design.palette)
    lines = [s.replace("\xad", "") for s in strings(doc)]  # a soft hyphen is a place to break, not a letter
    out: list[Finding] = []
    for font in dict.fromkeys((look.text, look.bold, look.italic, look.heading)):
        out += missing_in_text(f"rulebook [{doc.lang}]", font, lines)
    return out


def write(doc: Document, design: Design, out_dir: Path, paper: str) -> list[Path]:
    """OUT/<lang>/<paper>/rulebook.pdf and OUT/<lang>/rulebook.html; `paper` names one of PAPERS."""
    pdf = out_dir / doc.lang / paper / PDF_NAME
    page = out_dir / doc.lang / HTML_NAME
    with atomic_path(pdf, out_dir) as temp:
        write_pdf_to(doc, design, temp, paper)
    with atomic_path(page, out_dir) as temp:
        write_html_to(doc, design, temp)
    return [pdf, page]


def write_pdf_to(doc: Document, design: Design, target: Path, paper: str, info: DocInfo | None = None) -> None:
    """`info`: what the PDF says of itself (else the document's title and language)."""
    info = info or DocInfo(f"{doc.title} — {doc.subtitle}", doc.lang)
    write_pdf(doc, target, PAPERS[paper], Look.of(design.fonts, design.palette), info)


def write_html_to(doc: Document, design: Design, target: Path, score_page: tuple[str, str] | None = None) -> None:
    """`score_page`: the file name and link text of the phone's score page beside it, if any."""
    look = Look.of(design.fonts, design.palette)
    write_html(doc, target, look, font_file(look.heading), score_page)
