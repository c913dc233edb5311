"""A pack's rulebook in one language: the document from the template, the catalogs and the
game's facts and pictures, then written as PDF and HTML, each file atomically."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import atomic_path
from ..render.imposition import PAPERS
from ..resources import resource_dir

if TYPE_CHECKING:  # the builders load when a rulebook is made: a build with nothing to do needs none of them
    from ..pack import Pack
    from ..render.layout import Design
    from ..render.piece import Piece
    from .document import Document

PDF_NAME, HTML_NAME = "rulebook.pdf", "rulebook.html"


def has_rulebook(pack: Pack) -> bool:
    """A pack of plain data has no rules to explain; a game model that offers a rulebook does."""
    return pack.model is not None and hasattr(pack.model, "rulebook")


def template_dir() -> Path:
    return resource_dir("templates") / "rulebook"


def make_document(pack: Pack, design: Design, pieces: Sequence[Piece], lang: str) -> tuple[Document, set[str]]:
    """The rulebook of `pieces`' language, and the catalog keys it used."""
    from .content import build_document

    assert pack.model is not None
    t = pack.texts(lang)
    context, pictures = pack.model.rulebook(pack.files, pack.manifest, design, pieces, t)
    return build_document(template_dir(), context, t, design, pictures)


def write(doc: Document, design: Design, out_dir: Path, paper: str) -> list[Path]:
    """OUT/<lang>/<paper>/rulebook.pdf and OUT/<lang>/rulebook.html; `paper` names one of PAPERS."""
    pdf = out_dir / doc.lang / paper / PDF_NAME
    page = out_dir / doc.lang / HTML_NAME
    with atomic_path(pdf, out_dir) as temp:
        write_pdf_to(doc, design, temp, paper)
    with atomic_path(page, out_dir) as temp:
        write_html_to(doc, design, temp)
    return [pdf, page]


def write_pdf_to(doc: Document, design: Design, target: Path, paper: str) -> None:
    from .pdf import Look, write_pdf

    write_pdf(doc, target, PAPERS[paper], Look.of(design.fonts, design.palette))


def write_html_to(doc: Document, design: Design, target: Path) -> None:
    from ..render.fonts import font_file
    from .html import write_html
    from .pdf import Look

    look = Look.of(design.fonts, design.palette)
    write_html(doc, target, look, font_file(look.heading))
