"""What is built, for which languages and paper, and what can be kept from the last build:
plans first (so a bad size stops before any file), then one PDF per group of pieces."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
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
from ..render.outline import RECT, Outline
from ..render.tiling import TilePlan, tile
from .cache import STAMP, Stamp, files_key, inputs_key, known_files, output_key, read_stamp, stamp_text, whole

# Laying out and drawing load when a language is rebuilt: a build with nothing to do needs neither.
if TYPE_CHECKING:
    from ..files.digests import Digests
    from ..pack.load import Pack
    from ..render.docinfo import DocInfo
    from ..render.piece import Piece
    from ..render.sheets import Progress
    from .parallel import Report


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
    digests: Digests | None = None,
    about: Callable[[str], DocInfo] | None = None,
) -> Built:
    """One PDF per group in `out_dir`; InputError (and no file) if any piece cannot be imposed.
    `about`: what a group's PDF says of itself (its title, author, language; pack/about.py).

    A PDF whose content key is in `previous` and whose file is still in `keep_from` (the folder
    of the last build) is taken from there as it is, not drawn again. `digests`: the hashes of
    the files the pieces name, as known from the last build or taken in this run.
    """
    from ..render.docinfo import untitled
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
        info = about(name) if about is not None else untitled(name)
        keys[target.name] = output_key(members, options, info, digests=digests)
        files.append(target)
        kept = (keep_from or out_dir) / target.name
        if (previous or {}).get(target.name) == keys[target.name] and kept.is_file():
            if kept != target:
                _keep(kept, target)
            progress(len(members))
            continue
        with atomic_path(target, out_dir) as temp:
            canvas = new_canvas(temp, info)
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
        digest = files_key(pack_dir, known_files(stamps.values()))
    except OSError:  # an unreadable file: the pack's reader says which, and where
        return None
    if any(stamp.inputs != inputs_key(digest, code, options) for code, stamp in stamps.items() if stamp):
        return None
    built = [(out_dir / code / paper, stamp) for code, stamp in stamps.items() if stamp]
    return [placed(folder, name) for folder, stamp in built for name in sorted(stamp.outputs)]


# an output beside the pieces: for a language, its pieces and where its warnings go, its content
# key and how to write it to a path
Extra = Callable[[str, Sequence["Piece"], Callable[[str], None]], tuple[str, Callable[[Path], None]]]
# an extra named "../NAME" is one file per language, OUT/<lang>/NAME, beside the paper folders
# (a phone page is the same on every paper); it is staged with the set and put in place with it
BESIDE = "../"
STAGED_BESIDE = ".beside"  # in a staging folder: the files that go beside the paper folder
SHEETS = ""  # the job of a language that draws its sheets; its other jobs are named by their extra


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
    jobs: int = 1,
    pieces: Mapping[str, Sequence[Piece]] | None = None,
) -> Built:
    """Every language's pieces into OUT/<lang>/<paper>/, drawing only what changed, `jobs` at a time.

    A language whose input files and options are unchanged is not even laid out; the others are
    laid out here (or taken from `pieces`, laid out by the checks before), then their sheets and
    each extra are drawn as jobs of their own, so that one language's rulebook draws while its
    sheets do. Each language is written to a staging folder, and only once every one of them is
    whole do they replace the last sets: bad input in any language writes nothing. `extras` are
    more outputs per language: file name -> a function of the language giving the output's
    content key and how to write it.
    """
    from .parallel import Report, run

    extras = extras or {}
    paper = options.paper.name.lower()
    suffix = "-single" if options.layout is Layout.single else ""
    expected = {f"{group}{suffix}.pdf" for group in pack.manifest.groups} | set(extras)
    stamps = {code: read_stamp(out_dir / code / paper) for code in languages}
    digests = known_files(stamps.values())  # only a file changed since the last build is read
    digest = files_key(pack.files.root, digests)  # every input file looked at once, whatever the languages
    keys = {code: inputs_key(digest, code, options) for code in languages}
    todo = [c for c in languages if not (stamps[c].inputs == keys[c] and expected <= set(stamps[c].outputs))]
    files = [placed(out_dir / c / paper, name) for c in languages if c not in todo for name in sorted(expected)]
    laid = lay_out_languages(pack, todo, warn, pieces) if todo else {}
    sized(sum(len(found) for found in laid.values()))
    forbidden = (pack.files.root, package_dir())
    fresh = [f for f in (out_dir, *(out_dir / code for code in todo)) if not f.exists()]
    with _unmade_on_failure(fresh), ExitStack() as stack:
        # all or nothing: each set is written beside its folder and replaces it whole at the end
        staging = {
            code: stack.enter_context(output_folder(inside(out_dir, out_dir / code / paper), forbidden))
            for code in todo
        }

        def job(name: tuple[str, str], report: Report) -> Built:
            code, output = name
            folder, previous = out_dir / code / paper, stamps[code].outputs
            if output != SHEETS:
                return _extra(output, extras[output], code, laid[code], report.warn, staging[code], folder, previous)
            from ..pack.about import about

            done = build(
                laid[code],
                staging[code],
                options,
                report.progress,
                report.note,
                previous,
                folder,
                digests,
                lambda group: about(pack, code, group),
            )
            return Built([folder / f.name for f in done.files], [folder / f.name for f in done.drawn], done.keys)

        # the extras first: the rulebook, the longest job of a language, starts at once
        names = [(code, output) for code in todo for output in (*extras, SHEETS)]
        done = run(names, job, jobs, Report(progress, warn, note))
        drawn: list[Path] = []
        for code in todo:
            parts = [done[code, output] for output in (SHEETS, *extras)]
            outputs = {name: key for part in parts for name, key in part.keys.items()}
            stamp = Stamp(keys[code], outputs, digests.record())
            (staging[code] / STAMP).write_text(stamp_text(stamp), encoding="utf-8")
            files += [f for part in parts for f in part.files]
            drawn += [f for part in parts for f in part.drawn]
        for code in todo:  # the pages beside the paper folders, once every set is whole
            _place_beside(staging[code], inside(out_dir, out_dir / code))
    return Built(files, drawn, {})


def _extra(
    name: str,
    extra: Extra,
    code: str,
    pieces: Sequence[Piece],
    warn: Callable[[str], None],
    staging: Path,
    folder: Path,
    previous: Mapping[str, str],
) -> Built:
    """One extra of a language in its staging folder, drawn only if its key changed."""
    key, write = extra(code, pieces, warn)
    beside, final = name.startswith(BESIDE), placed(folder, name)
    if previous.get(name) == key and final.is_file():
        if not beside:  # a page beside the folder stays where it is
            _keep(folder / name, staging / name)
        return Built([final], [], {name: key})
    if beside:
        target = inside(staging, staging / STAGED_BESIDE / name.removeprefix(BESIDE))
        target.parent.mkdir(exist_ok=True)
    else:
        target = inside(staging, staging / name)
    write(target)
    return Built([final], [final], {name: key})


@contextmanager
def _unmade_on_failure(fresh: Sequence[Path]) -> Iterator[None]:
    """A failed build takes back the folders it made, left holding only their locks: bad input writes nothing."""
    try:
        yield
    except BaseException:
        for folder in reversed(fresh):
            if folder.is_dir() and all(f.name.endswith(".lock") for f in folder.iterdir()):
                for lock in folder.iterdir():
                    lock.unlink()
                folder.rmdir()
        raise


def _register_fonts() -> None:
    """In the parent, before any worker forks: each then starts with the fonts registered."""
    from ..render.fonts import register_fonts

    register_fonts()


def _place_beside(staging: Path, folder: Path) -> None:
    """The staged pages beside a paper folder moved to their place, each replaced whole."""
    staged = staging / STAGED_BESIDE
    if staged.is_dir():
        for page in sorted(staged.iterdir()):
            os.replace(page, inside(folder, folder / page.name))
        staged.rmdir()


def laid_out(pack: Pack, code: str, warn: Callable[[str], None]) -> list[Piece]:
    """A language's pieces; what does not fit is said."""
    from ..pieces.lay_out import lay_out, layout_failure
    from ..render.layout import load_design

    design = load_design(pack.files)
    try:
        pieces, overflows = lay_out(pack, design, code)
    except InputError:
        raise
    except Exception as exc:  # as in validate: layout code that raises on a pack's data is bad input
        raise InputError([layout_failure(pack.files.root, exc)]) from None
    for finding in overflows:
        warn(str(finding))
    return pieces


def untranslated(pack: Pack, code: str, warn: Callable[[str], None]) -> None:
    """What a language's catalog leaves to English, said in one line."""
    from ..pack.translation import state

    left = state(pack, code)
    if left.total > left.translated:
        warn(f"i18n/{code}.yaml: {left.total - left.translated} keys not translated; English is used for them")


def lay_out_languages(
    pack: Pack,
    languages: Sequence[str],
    warn: Callable[[str], None],
    checked: Mapping[str, Sequence[Piece]] | None = None,
) -> dict[str, Sequence[Piece]]:
    """Every language's pieces, before any file is written, those the checks laid out (`checked`)
    taken as they are; what is left untranslated or does not fit is said."""
    _register_fonts()
    out = {}
    for code in languages:
        out[code] = checked[code] if checked and code in checked else laid_out(pack, code, warn)
        untranslated(pack, code, warn)
    return out


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
    out: dict[Size, SheetPlan | TilePlan] = {}
    for (width, height, outline), batch in by_size(pieces).items():
        backs = options.backs if any(p.back for p in batch) and options.layout is Layout.sheet else Backs.none
        try:
            out[width, height, outline] = _sheet_plan(name, width, height, backs, options, note, outline)
        except DoesNotFit:
            try:
                out[width, height, outline] = board = tile(options.paper, width, height, options.bleed, options.overlap)
            except DoesNotFit as exc:
                raise InputError([Finding(name, None, batch[0].key, str(exc))]) from None
            if options.layout is Layout.sheet:
                note(_tiled_note(name, batch, board, options))
    return out


def _sheet_plan(
    name: str,
    width: float,
    height: float,
    backs: Backs,
    options: SheetOptions,
    note: Callable[[str], None],
    outline: Outline = RECT,
) -> SheetPlan:
    try:
        return plan(options.paper, width, height, options.bleed, backs, options.back_offset, outline)
    except DoesNotFit:
        if backs is not Backs.fold:
            raise
    # a piece too large to sit beside its own back (the location tile) still gets
    # its back: on the following page, as for a long-edge duplex print
    sheet = plan(options.paper, width, height, options.bleed, Backs.duplex_long, options.back_offset, outline)
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


Size = tuple[float, float, Outline]  # a trim size and the outline cut inside it


def by_size(pieces: Sequence[Piece]) -> dict[Size, list[Piece]]:
    """Pieces grouped by trim size and outline, in order of first appearance: each gets its own pages."""
    out: dict[Size, list[Piece]] = {}
    for piece in pieces:
        out.setdefault((piece.width, piece.height, piece.outline), []).append(piece)
    return out
