"""What `build` writes beside each language's sheets, each made by its own stage: the score pad
(`scoring/pad.py`, `render/scorepad.py`), the rulebook (`rulebook/book.py`) and the phone's score
page (`export/scorepage.py`). Each extra gives a content key first and draws only when that key
changed (`printset.build_set`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..pack.about import about
from ..render.imposition import PAPERS
from .printset import BESIDE, Extra

if TYPE_CHECKING:
    from ..pack.load import Pack
    from ..render.docinfo import DocInfo
    from ..render.imposition import Paper
    from ..render.layout import Design
    from ..render.piece import Piece
    from ..render.scorepad import Pad
    from ..rulebook.document import Document

Warn = Callable[[str], None]


def extras(pack: Pack, paper: str, documents: Mapping[str, Document] | None = None) -> dict[str, Extra]:
    """Every extra the pack has: a score pad and a score page where it has a score sheet, a rulebook where it has one.
    `paper` is the option's name (a4, letter); `documents` are rulebooks already made, by language."""
    return {**scorepads(pack, PAPERS[paper]), **rulebooks(pack, paper, documents or {}), **score_pages(pack)}


def scorepads(pack: Pack, paper: Paper) -> dict[str, Extra]:
    """Beside the pieces, each language's score pad; only a pack with a score sheet has one."""
    from ..scoring.pad import score_pad
    from .cache import shown_key

    sheet = pack.sheet
    if sheet is None:
        return {}

    def pad(lang: str, pieces: Sequence[Piece], warn: Warn) -> tuple[str, Callable[[Path], None]]:
        drawn = score_pad(sheet, pack.info.title, pack.texts(lang))
        info = about(pack, lang, "scorepad")
        return shown_key(drawn, paper, info), lambda target: write_scorepad(drawn, info, paper, target, warn)

    return {"scorepad.pdf": pad}


def write_scorepad(pad: Pad, info: DocInfo, paper: Paper, target: Path, warn: Warn, within: Path | None = None) -> None:
    from ..files.atomic import atomic_path
    from ..render.draw import new_canvas
    from ..render.scorepad import draw_pad

    with atomic_path(target, within) as temp:
        canvas = new_canvas(temp, info)
        overflows = draw_pad(canvas, pad, paper)
        canvas.save()
    for overflow in overflows:
        warn(f"{target.name} [{info.lang}]: {overflow}")


def rulebooks(pack: Pack, paper: str, documents: Mapping[str, Document]) -> dict[str, Extra]:
    """Beside the pieces, each language's rulebook: the PDF for the paper, and one HTML page per
    language beside the paper folders. Both are made from one document per language (from
    `documents` where it is already made)."""
    from ..rulebook import book

    if not book.has_rulebook(pack):
        return {}
    from ..export import scorepage

    has_sheet = pack.sheet is not None
    # per language, in each process: the PDF's and the HTML's jobs share one when one process draws both
    made: dict[str, tuple[Document, Design, tuple[str, str] | None]] = {}

    def document(lang: str, pieces: Sequence[Piece]) -> tuple[Document, Design, tuple[str, str] | None]:
        from ..render.layout import load_design

        if lang not in made:
            # the design only when a language is rebuilt: an unchanged build reads no layout file
            design = load_design(pack.files)
            doc = documents[lang] if lang in documents else book.make_document(pack, design, pieces, lang)[0]
            score_page = (scorepage.NAME, pack.texts(lang).raw(scorepage.KEYS + "link")) if has_sheet else None
            made[lang] = doc, design, score_page
        return made[lang]

    def pdf(lang: str, pieces: Sequence[Piece], warn: Warn) -> tuple[str, Callable[[Path], None]]:
        from .cache import shown_key

        doc, design, score_page = document(lang, pieces)
        info = about(pack, lang, "rulebook")
        key = shown_key(doc, paper, score_page, info)
        return key, lambda target: book.write_pdf_to(doc, design, target, paper, info)

    def html(lang: str, pieces: Sequence[Piece], warn: Warn) -> tuple[str, Callable[[Path], None]]:
        from ..files.atomic import atomic_path
        from .cache import shown_key

        doc, design, score_page = document(lang, pieces)

        def write(target: Path) -> None:
            with atomic_path(target, target.parent) as temp:
                book.write_html_to(doc, design, temp, score_page)

        return shown_key(doc, score_page, "html"), write

    return {book.PDF_NAME: pdf, BESIDE + book.HTML_NAME: html}


def score_pages(pack: Pack) -> dict[str, Extra]:
    """Beside the paper folders, each language's phone page to score a game (OUT/<lang>/score.html),
    for every pack with a score sheet; it links to the rulebook page where the pack has one."""
    from ..export import scorepage
    from ..rulebook import book
    from .cache import value_key

    resolved = scorepage.resolved_sheet(pack)
    if resolved is None:
        return {}
    rulebook = book.HTML_NAME if book.has_rulebook(pack) else None

    def page(lang: str, pieces: Sequence[Piece], warn: Warn) -> tuple[str, Callable[[Path], None]]:
        text = scorepage.make_page(pack, resolved, pieces, lang, rulebook)
        return value_key(text), lambda target: scorepage.write(target, text)

    return {BESIDE + scorepage.NAME: page}
