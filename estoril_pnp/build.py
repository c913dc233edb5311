"""Writes one PDF per group of pieces: plans first (so a bad size stops before any file), then draws."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from .atomic import atomic_path
from .errors import Finding, InputError
from .render.fonts import DEFAULT_FONT
from .render.imposition import Backs, DoesNotFit, SheetPlan, plan
from .render.options import Layout, SheetOptions
from .render.piece import Piece
from .render.sheets import Progress, draw_sheets, draw_single


def for_print(pieces: Sequence[Piece], backs: Backs) -> dict[str, list[Piece]]:
    """The pieces per group as they go to paper. Without backs, the back every piece of a kind
    shares is left out, but a piece's own second side is never lost: it follows as a piece of
    its own."""
    groups: dict[str, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(piece.group, []).append(piece)
    if backs is not Backs.none:
        return groups
    out: dict[str, list[Piece]] = {}
    for group, members in groups.items():
        fronts = [replace(p, back=None) for p in members]
        reverses = [
            replace(p, key=f"{p.key}/reverse", front=p.back, back=None)
            for p in members
            if p.back is not None and not p.shared_back
        ]
        out[group] = fronts + reverses
    return out


def build(
    pieces: Sequence[Piece],
    out_dir: Path,
    options: SheetOptions,
    progress: Progress,
    note: Callable[[str], None] = lambda _: None,
) -> list[Path]:
    """One PDF per group in `out_dir`; InputError (and no file) if any piece cannot be imposed."""
    groups = for_print(pieces, options.backs)
    plans = {name: _plans(name, members, options, note) for name, members in groups.items()}
    written = []
    suffix = "-single" if options.layout is Layout.single else ""
    for name, members in groups.items():
        target = out_dir / f"{name}{suffix}.pdf"
        with atomic_path(target) as temp:
            canvas = new_canvas(temp, title=name)
            if options.layout is Layout.single:
                draw_single(canvas, members, options.bleed, progress)
            else:
                for size, batch in _by_size(members).items():
                    draw_sheets(canvas, batch, plans[name][size], options.bleed, options.crop_marks, progress)
            canvas.save()
        written.append(target)
    return written


def new_canvas(path: Path, title: str) -> Canvas:
    # invariant=1: no dates or random ids, so the same input gives byte-identical PDFs.
    # a TrueType initial font, so no unembedded Base-14 font is ever referenced
    canvas = Canvas(str(path), invariant=1, initialFontName=DEFAULT_FONT, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("estoril-pnp")
    return canvas


def _plans(
    name: str, pieces: Sequence[Piece], options: SheetOptions, note: Callable[[str], None]
) -> dict[tuple[float, float], SheetPlan]:
    """A plan per piece size in the group; single pages need none, but must still fit the paper."""
    out = {}
    for (width, height), batch in _by_size(pieces).items():
        backs = options.backs if any(p.back for p in batch) and options.layout is Layout.sheet else Backs.none
        try:
            try:
                out[width, height] = plan(options.paper, width, height, options.bleed, backs, options.back_offset)
            except DoesNotFit:
                if backs is not Backs.fold:
                    raise
                # a piece too large to sit beside its own back (the location tile) still gets
                # its back: on the following page, as for a long-edge duplex print
                out[width, height] = plan(
                    options.paper, width, height, options.bleed, Backs.duplex_long, options.back_offset
                )
                note(f"{name}: {width:g} × {height:g} mm is too large to fold; its backs follow on duplex pages")
        except DoesNotFit as exc:
            raise InputError([Finding(name, None, batch[0].key, str(exc))]) from None
    return out


def _by_size(pieces: Sequence[Piece]) -> dict[tuple[float, float], list[Piece]]:
    """Pieces grouped by trim size, in order of first appearance: each size gets its own pages."""
    out: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        out.setdefault((piece.width, piece.height), []).append(piece)
    return out
