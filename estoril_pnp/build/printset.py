"""What is built, for which languages and paper, and what can be kept from the last build:
plans first (so a bad size stops before any file), then one PDF per group of pieces."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Finding, InputError
from ..files.atomic import atomic_path
from ..files.outdir import output_folder
from ..files.resources import package_dir
from ..files.safepath import inside
from ..render.imposition import Backs, DoesNotFit, SheetPlan, plan
from ..render.options import Layout, SheetOptions
from ..render.piece import Piece
from ..render.tiling import TilePlan, tile
from .cache import STAMP, Stamp, files_key, inputs_key, output_key, read_stamp, stamp_text, whole

# Laying out and drawing load when a language is rebuilt: a build with nothing to do needs neither.
if TYPE_CHECKING:
    from ..pack.load import Pack
    from ..render.sheets import Progress


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


@dataclass(frozen=True)
class Built:
    files: list[Path]  # every output, in group order
    drawn: list[Path]  # those drawn this time (the others were unchanged)
    keys: dict[str, str]  # file name -> content key, for the next build


def build(
    pieces: Sequence[Piece],
    out_dir: Path,
    options: SheetOptions,
    progress: Progress,
    note: Callable[[str], None] = lambda _: None,
    previous: Mapping[str, str] | None = None,
    keep_from: Path | None = None,
) -> Built:
    """One PDF per group in `out_dir`; InputError (and no file) if any piece cannot be imposed.

    A PDF whose content key is in `previous` and whose file is still in `keep_from` (the folder
    of the last build) is taken from there as it is, not drawn again.
    """
    from ..render.draw import new_canvas
    from ..render.sheets import draw_sheets, draw_single, draw_tiles

    groups = for_print(pieces, options.backs)
    plans = {name: _plans(name, members, options, note) for name, members in groups.items()}
    if options.layout is Layout.sheet:
        # a board tiled across sheets has no back page to land on: its own reverse becomes a board of its own
        groups = {
            name: [p for size, batch in by_size(members).items() for p in _tiled_sides(batch, plans[name][size])]
            for name, members in groups.items()
        }
    suffix = "-single" if options.layout is Layout.single else ""
    files, drawn, keys = [], [], {}
    for name, members in groups.items():
        target = out_dir / f"{name}{suffix}.pdf"
        keys[target.name] = output_key(members, options)
        files.append(target)
        kept = (keep_from or out_dir) / target.name
        if (previous or {}).get(target.name) == keys[target.name] and kept.is_file():
            if kept != target:
                _keep(kept, target)
            progress(len(members))
            continue
        with atomic_path(target, out_dir) as temp:
            canvas = new_canvas(temp, title=name)
            if options.layout is Layout.single:
                draw_single(canvas, members, options.bleed, progress)
            else:
                for size, batch in by_size(members).items():
                    sized = plans[name][size]
                    if isinstance(sized, TilePlan):
                        duplex = options.backs in (Backs.duplex_long, Backs.duplex_short)
                        for piece in batch:
                            draw_tiles(canvas, piece, sized, options.bleed, duplex, progress)
                    else:
                        draw_sheets(canvas, batch, sized, options.bleed, options.crop_marks, progress)
            canvas.save()
        drawn.append(target)
    return Built(files, drawn, keys)


def unchanged(pack_dir: Path, languages: Sequence[str], options: SheetOptions, out_dir: Path) -> list[Path] | None:
    """Every file of a build with nothing to do, or None. Decided before the pack is read: a
    folder's stamp is written only once its set is built from these same files and options,
    so reading, checking and laying them out again would find what it found then."""
    paper = options.paper.name.lower()
    stamps = {code: whole(out_dir / code / paper) for code in languages}
    # looked at first: only a folder that holds a pack, with built sets to compare, is hashed
    if not stamps or None in stamps.values() or not (pack_dir / "pack.yaml").is_file():
        return None
    try:
        digest = files_key(pack_dir)
    except OSError:  # an unreadable file: the pack's reader says which, and where
        return None
    if any(stamp.inputs != inputs_key(digest, code, options) for code, stamp in stamps.items() if stamp):
        return None
    built = [(out_dir / code / paper, stamp) for code, stamp in stamps.items() if stamp]
    return [placed(folder, name) for folder, stamp in built for name in sorted(stamp.outputs)]


# an output beside the pieces: for a language and its pieces, its content key and how to write it to a path
Extra = Callable[[str, Sequence[Piece]], tuple[str, Callable[[Path], None]]]
# an extra named "../NAME" is one file per language, OUT/<lang>/NAME, beside the paper folders
# (a phone page is the same on every paper); its writer writes it atomically itself
BESIDE = "../"


def placed(folder: Path, name: str) -> Path:
    """Where the output `name` of a paper folder's set lives."""
    return folder.parent / name.removeprefix(BESIDE) if name.startswith(BESIDE) else folder / name


def build_set(
    pack: Pack,
    languages: Sequence[str],
    options: SheetOptions,
    out_dir: Path,
    progress: Progress,
    note: Callable[[str], None] = lambda _: None,
    warn: Callable[[str], None] = lambda _: None,
    sized: Callable[[int], None] = lambda _: None,
    extras: Mapping[str, Extra] | None = None,
) -> Built:
    """Every language's pieces into OUT/<lang>/<paper>/, drawing only what changed.

    A language whose input files and options are unchanged is not even laid out; the others
    are all laid out before any file is written, so bad input writes nothing. `extras` are
    more outputs per language: file name -> a function of the language giving the output's
    content key and how to write it.
    """
    extras = extras or {}
    paper = options.paper.name.lower()
    suffix = "-single" if options.layout is Layout.single else ""
    expected = {f"{group}{suffix}.pdf" for group in pack.manifest.groups} | set(extras)
    stamps = {code: read_stamp(out_dir / code / paper) for code in languages}
    digest = files_key(pack.files.root)  # every input file read once, whatever the number of languages
    keys = {code: inputs_key(digest, code, options) for code in languages}
    todo = [c for c in languages if not (stamps[c].inputs == keys[c] and expected <= set(stamps[c].outputs))]
    laid_out = lay_out_languages(pack, todo, warn) if todo else {}
    sized(sum(len(pieces) for pieces, _ in laid_out.values()))
    files = [placed(out_dir / c / paper, name) for c in languages if c not in todo for name in sorted(expected)]
    drawn: list[Path] = []
    # every extra made (a rulebook from its template…) before any file is written: bad input writes nothing
    prepared = {
        code: {name: extra(code, pieces) for name, extra in extras.items()} for code, (pieces, _) in laid_out.items()
    }
    forbidden = (pack.files.root, package_dir())
    for code, (pieces, _) in laid_out.items():
        folder = inside(out_dir, out_dir / code / paper)
        # all or nothing: the set is written beside the folder and replaces it whole at the end
        with output_folder(folder, forbidden) as staging:
            done = build(pieces, staging, options, progress, note, stamps[code].outputs, keep_from=folder)
            made = {}
            for name, (key, write) in prepared[code].items():
                made[name] = key
                beside = name.startswith(BESIDE)
                if stamps[code].outputs.get(name) == key and placed(folder, name).is_file():
                    if not beside:
                        _keep(folder / name, staging / name)
                else:
                    write(inside(out_dir, placed(folder, name)) if beside else inside(staging, staging / name))
                    drawn.append(placed(folder, name))
            (staging / STAMP).write_text(stamp_text(Stamp(keys[code], {**done.keys, **made})), encoding="utf-8")
        files += [folder / f.name for f in done.files] + [placed(folder, name) for name in extras]
        drawn += [folder / f.name for f in done.drawn]
    return Built(files, drawn, {})


def lay_out_languages(
    pack: Pack, languages: Sequence[str], warn: Callable[[str], None]
) -> dict[str, tuple[list[Piece], list[Finding]]]:
    """Every language's pieces, before any file is written; what is left untranslated or does not fit is said."""
    from ..pack.translation import state
    from ..pieces.lay_out import lay_out, layout_failure
    from ..render.fonts import register_fonts
    from ..render.layout import load_design

    register_fonts()
    design = load_design(pack.files)
    try:
        laid_out = {code: lay_out(pack, design, code) for code in languages}
    except InputError:
        raise
    except Exception as exc:  # as in validate: layout code that raises on a pack's data is bad input
        raise InputError([layout_failure(pack.files.root, exc)]) from None
    for code, (_, overflows) in laid_out.items():
        left = state(pack, code)
        if left.total > left.translated:
            warn(f"i18n/{code}.yaml: {left.total - left.translated} keys not translated; English is used for them")
        for finding in overflows:
            warn(str(finding))
    return laid_out


def _keep(old: Path, new: Path) -> None:
    """An unchanged output carried into the new set: a second name for the same file where possible."""
    try:
        os.link(old, new)
    except OSError:
        shutil.copy2(old, new)


def _plans(
    name: str, pieces: Sequence[Piece], options: SheetOptions, note: Callable[[str], None]
) -> dict[tuple[float, float], SheetPlan | TilePlan]:
    """A plan per piece size in the group: many to a sheet, or a board tiled across sheets.
    Single pages need none, but must still be pieces a sheet could hold."""
    out: dict[tuple[float, float], SheetPlan | TilePlan] = {}
    for (width, height), batch in by_size(pieces).items():
        backs = options.backs if any(p.back for p in batch) and options.layout is Layout.sheet else Backs.none
        try:
            out[width, height] = _sheet_plan(name, width, height, backs, options, note)
        except DoesNotFit:
            try:
                out[width, height] = board = tile(options.paper, width, height, options.bleed, options.overlap)
            except DoesNotFit as exc:
                raise InputError([Finding(name, None, batch[0].key, str(exc))]) from None
            if options.layout is Layout.sheet:
                note(_tiled_note(name, batch, board, options))
    return out


def _sheet_plan(
    name: str, width: float, height: float, backs: Backs, options: SheetOptions, note: Callable[[str], None]
) -> SheetPlan:
    try:
        return plan(options.paper, width, height, options.bleed, backs, options.back_offset)
    except DoesNotFit:
        if backs is not Backs.fold:
            raise
    # a piece too large to sit beside its own back (the location tile) still gets
    # its back: on the following page, as for a long-edge duplex print
    sheet = plan(options.paper, width, height, options.bleed, Backs.duplex_long, options.back_offset)
    note(f"{name}: {width:g} × {height:g} mm is too large to fold; its backs follow on duplex pages")
    return sheet


def _tiled_note(name: str, batch: Sequence[Piece], board: TilePlan, options: SheetOptions) -> str:
    first = batch[0]
    line = (
        f"{name}: {first.width:g} × {first.height:g} mm does not fit on one sheet of {options.paper.name}: each is "
        f"tiled across {board.sheets} sheets ({board.rows} × {board.columns}, {board.overlap:g} mm glue strips) "
        "after its assembly map"
    )
    if options.backs in (Backs.duplex_long, Backs.duplex_short):
        line += ", each page with a blank back"
    if options.backs is Backs.none or not any(p.back for p in batch):
        return line
    if first.shared_back:
        return f"{line}; its back is left out"
    return f"{line}; its reverse follows as a board of its own"


def _tiled_sides(batch: list[Piece], sized: SheetPlan | TilePlan) -> list[Piece]:
    return for_print(batch, Backs.none)[batch[0].group] if isinstance(sized, TilePlan) else batch


def by_size(pieces: Sequence[Piece]) -> dict[tuple[float, float], list[Piece]]:
    """Pieces grouped by trim size, in order of first appearance: each size gets its own pages."""
    out: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        out.setdefault((piece.width, piece.height), []).append(piece)
    return out
