"""The `estoril-pnp` command. Thin: parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 findings (validation), 2 bad input (unreadable pack or record, bad options,
a file that cannot be read or written, input that ended early), 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import errno
import functools
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec

import typer
from typer.core import TyperCommand

from . import __version__
from .errors import Finding, InputError
from .files.resources import default_pack
from .terminal import clean, plain, safe_json

# Each command imports what it uses when it runs: a rebuild with nothing to do, or one
# score, must not pay for loading ReportLab, Jinja and the drawing code.
if TYPE_CHECKING:
    from rich.console import Console

    from .i18n.catalogs import Texts
    from .pack.load import Pack
    from .render.imposition import Paper
    from .render.layout import Design
    from .render.options import SheetOptions
    from .render.piece import Piece
    from .scoring.sheet import Sheet
    from .validate import Checked

app = typer.Typer(
    help="Print-and-play toolchain for physical games, every game a pack (unofficial fan tool).",
    no_args_is_help=True,
    add_completion=False,
)


def out() -> Console:
    """Everything printed here is data or our own Text: no markup, no emoji codes. Made anew for each
    print: the terminal's width (COLUMNS) is read then, not kept from an earlier command in the process."""
    from rich.console import Console

    return Console(soft_wrap=True, markup=False, emoji=False, highlight=False)


def stderr_console() -> Console:
    """For progress bars: on stderr, and only drawn on a terminal."""
    from rich.console import Console

    return Console(stderr=True)


P = ParamSpec("P")

PackOption = Annotated[
    Path | None, typer.Option("--pack", help="Pack directory to use instead of the shipped one.", show_default=False)
]
LangOption = Annotated[str, typer.Option("--lang", help="Language of the output (en, pl, hu, pt, de, es).")]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"estoril-pnp {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Print-and-play toolchain for physical games, every game a pack (unofficial fan tool)."""


def fail(exc: InputError) -> NoReturn:
    """Bad input: every finding on its own line on stderr, once (a fault met at each of a text's
    10,000 brackets is one line), exit status 2, nothing written."""
    for line in dict.fromkeys(f"error: {clean(str(finding))}" for finding in exc.findings):
        typer.echo(line, err=True)
    raise typer.Exit(2)


def say(line: str, err: bool = False) -> None:
    """One line that may quote a pack, a record or a path: shown, never obeyed by the terminal."""
    typer.echo(clean(line), err=err)


def warn(line: str) -> None:
    say(f"warning: {line}", err=True)


def os_finding(exc: OSError, path: Path | str | None = None, doing: str = "") -> Finding:
    """An operating-system failure named by the path the user gave, and what the system said."""
    reason = exc.strerror or str(exc)
    where = path if path is not None else exc.filename or "file system"
    inner = exc.filename2 or exc.filename
    detail = f" ({inner})" if path is not None and inner and str(inner) != str(path) else ""
    return Finding(str(where), None, "", f"{doing}{reason}{detail}")


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """An OSError while writing under `path` (a full disk, a read-only folder) is bad input, not a crash."""
    try:
        yield
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise
        raise InputError([os_finding(exc, path, "cannot write: ")]) from None


def edge(command: Callable[P, None]) -> Callable[P, None]:
    """Every way a user's input or machine can make a command fail leaves as `error:` lines, never a traceback."""

    @functools.wraps(command)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except InputError as exc:
            fail(exc)
        except typer.Abort as exc:  # a question met the end of input, or Ctrl-C
            typer.echo("")  # the prompt's line is left open
            if isinstance(exc.__context__, KeyboardInterrupt):
                interrupted()
            fail(InputError([Finding("<stdin>", None, "", "input ended before every question was answered")]))
        except KeyboardInterrupt:
            interrupted()
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # `| head`: the reader left; typer closes quietly
                raise
            fail(InputError([os_finding(exc)]))

    return guarded


def interrupted() -> NoReturn:
    say("error: interrupted; nothing more was written", err=True)
    raise typer.Exit(130)


def open_pack(pack_dir: Path | None) -> Pack:
    from .pack.load import load_pack

    try:
        return load_pack(pack_dir or default_pack())
    except InputError as exc:
        fail(exc)


def texts(pack: Pack, lang: str) -> Texts:
    if lang not in pack.catalogs:
        fail(
            InputError(
                [Finding("--lang", None, "", f"no catalog for {lang!r}; have {', '.join(sorted(pack.catalogs))}")]
            )
        )
    return pack.texts(lang)


def score_sheet(pack: Pack) -> Sheet:
    """The pack's score sheet, for the commands that score (score, scorepad)."""
    if pack.sheet is None:
        path = pack.files.root / "scoring.yaml"
        fail(InputError([Finding(path, None, "", "this pack has no score sheet, so it cannot be scored")]))
    return pack.sheet


ShopOption = Annotated[
    str | None,
    typer.Option(
        "--shop",
        help="A print shop's cards instead of sheets: thegamecrafter, makeplayingcards or drivethrucards.",
        show_default=False,
    ),
]
BleedOption = Annotated[
    float | None,
    typer.Option("--bleed", help="Bleed around each piece, mm (default 3; a shop's own).", show_default=False),
]


@app.command()
@edge
def validate(
    pack: PackOption = None,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as findings too.")] = False,
    shop: ShopOption = None,
    bleed: BleedOption = None,
) -> None:
    """Check the pack: data, cross-references, counts and catalogs (and, with --shop, against the shop)."""
    from .export.shops import find_shop
    from .validate import validate as run_validation

    if bleed is not None and shop is None:  # sizes are checked with the default bleed, as build's sheets use it
        raise InputError([Finding("--bleed", None, "", "only with --shop; leave it out")])
    pack_dir = pack or default_pack()
    if not pack_dir.is_dir():
        raise InputError([Finding(pack_dir, None, "", "no such pack directory")])
    report = run_validation(pack_dir, find_shop(shop) if shop else None, bleed)
    for finding in report.findings:
        say(f"{finding.severity}: {finding}")
    if report.pack is not None:
        p = report.pack
        holds = p.model.summary() if p.model else f"{len(p.manifest.pieces)} kinds of piece"
        summary = plain(str(pack_dir), "bold")
        summary.append(clean(f": {p.info.title}: {holds}, {len(p.catalogs)} language(s): {', '.join(p.languages)}"))
        out().print(summary)
    verdict = "ok" if report.ok(strict) else "FAILED"
    out().print(f"{len(report.errors)} error(s), {len(report.warnings)} warning(s): {verdict}")
    if not report.ok(strict):
        raise typer.Exit(1)


@app.command("list")
@edge
def list_(
    what: Annotated[
        str | None, typer.Argument(help="The table to show; none: what the pack offers.", show_default=False)
    ] = None,
    pack: PackOption = None,
    lang: LangOption = "en",
) -> None:
    """Show a table of the pack, to check a piece's numbers against it."""
    from .pack.listing import listings

    p = open_pack(pack)
    t = texts(p, lang)
    offered = listings(p)
    if what is None:
        say(f"{p.info.title}: estoril-pnp list " + " | ".join(offered) if offered else "this pack has nothing to list")
        return
    if what not in offered:
        known = ", ".join(offered) or "nothing"
        raise InputError([Finding("WHAT", None, "", f"this pack has no table {what!r}; it lists: {known}")])
    out().print(offered[what](t))


# --- Sheets: pieces imposed on paper, and the duplex calibration page ---------------------

PaperOption = Annotated[str, typer.Option("--paper", help="Paper: a4 or letter.")]
BacksOption = Annotated[str, typer.Option("--backs", help="Backs: none, duplex-long, duplex-short or fold.")]
OffsetOption = Annotated[
    str, typer.Option("--back-offset", help="Shift of the back pages X,Y in mm, as read on the calibration page.")
]


@app.command()
@edge
def build(
    ctx: typer.Context,
    pack: PackOption = None,
    lang: Annotated[str, typer.Option("--lang", help="Language (en, pl, hu, pt, de, es), or all.")] = "en",
    paper: PaperOption = "a4",
    bleed: BleedOption = None,
    backs: BacksOption = "duplex-long",
    back_offset: OffsetOption = "0,0",
    layout: Annotated[
        str, typer.Option("--layout", help="sheet: many pieces per page with crop marks; single: one per page.")
    ] = "sheet",
    overlap: Annotated[
        float | None,
        typer.Option(
            "--overlap",
            help="Glue strip between the tiles of a board larger than the paper, mm (default 10).",
            show_default=False,
        ),
    ] = None,
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no list of files.")] = False,
    shop: ShopOption = None,
    cutter: Annotated[
        str | None,
        typer.Option(
            "--cutter",
            help="Print-and-cut sheets with registration marks, and SVG cut files: silhouette.",
            show_default=False,
        ),
    ] = None,
    corner: Annotated[float, typer.Option("--corner", help="With --cutter: radius of the cut corners, mm.")] = 0.0,
    cmyk: Annotated[
        Path | None,
        typer.Option(
            "--cmyk", help="With a shop that takes PDF: its colours in CMYK by this ICC profile.", show_default=False
        ),
    ] = None,
    ink_limit: Annotated[
        float | None,
        typer.Option(
            "--ink-limit",
            help="With --cmyk: most total ink (C+M+Y+K) on any spot, percent, 100–400 [default: the shop's].",
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Outputs drawn at once (a language's sheets, rulebook…), each in its own process [default: cores].",
        ),
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Refuse a picture printed under 150 ppi (under 300: a warning).")
    ] = False,
) -> None:
    """Impose the pieces on paper: one PDF per component group under OUT/<lang>/<paper>/.

    Only what changed since the last build into the same folder is drawn again. With --shop, a
    print shop's files under OUT/<lang>/<shop>/; with --cutter, sheets and cut files under
    OUT/<lang>/<cutter>-<paper>/.
    """
    from .build.printset import build_set, unchanged
    from .render.options import DEFAULT_BLEED, resolve_options
    from .render.tiling import OVERLAP
    from .source.packfiles import PackFiles

    if findings := unused_options(ctx, shop, cutter):
        raise InputError(findings)
    given = DEFAULT_BLEED if bleed is None else bleed
    options = resolve_options(paper, given, backs, back_offset, layout, overlap=OVERLAP if overlap is None else overlap)
    if jobs is not None and jobs < 1:
        raise InputError([Finding("--jobs", None, "", f"must be at least 1 (got {jobs})")])
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError([Finding("--out", None, "", f"{out_dir} is a file; give a folder")])
    pack_dir = pack or default_pack()
    if shop is not None or cutter is not None:
        outlet(pack_dir, lang, shop, cutter, bleed, corner, cmyk, options, out_dir, quiet, strict, ink_limit)
        return
    try:  # a language is named by its catalog's file
        asked = [f.stem for f in PackFiles(pack_dir).listing("i18n")] if lang == "all" else [lang]
    except InputError:
        asked = []  # reported as the pack is read
    kept = None if strict else unchanged(pack_dir, asked, options, out_dir)  # --strict looks at the pictures again
    if kept is not None:
        say(f"Nothing changed: all {len(kept)} files under {out_dir}/ are up to date.")
        return
    from rich.progress import Progress

    from .build.extras import extras
    from .build.parallel import cores

    p, languages, made = checked_pack(pack_dir, lang, strict, options.bleed, options.paper)
    progress = stderr_console()  # a bar only on a terminal: in a log it is noise before any error line
    with Progress(console=progress, transient=True, disable=quiet or not progress.is_terminal) as bar, writing(out_dir):
        task = bar.add_task("Drawing", total=None)
        done = build_set(
            p,
            languages,
            options,
            out_dir,
            progress=lambda n: bar.advance(task, n),
            note=lambda s: say(f"note: {s}"),
            warn=warn,
            sized=lambda total: bar.update(task, total=total),
            extras=extras(p, paper, made.documents),
            jobs=jobs or cores(),
            pieces=made.pieces,
        )
    if not done.drawn:
        say(f"Nothing changed: all {len(done.files)} files under {out_dir}/ are up to date.")
        return
    if not quiet:
        for file in done.drawn:
            say(str(file))
    where = out_dir / languages[0] / paper if len(languages) == 1 else out_dir / f"{{{','.join(languages)}}}" / paper
    for line in how_to_print(len(done.drawn), len(done.files), where, options).splitlines():
        say(line)


# What each output leaves unused: an option given there is refused, never silently ignored.
SHEETS_ONLY = ("backs", "back_offset", "layout", "overlap")
UNUSED = {"--shop": (*SHEETS_ONLY, "paper", "corner"), "--cutter": (*SHEETS_ONLY, "cmyk", "ink_limit")}
ONLY_WITH = {"corner": "--cutter", "cmyk": "--shop drivethrucards", "ink_limit": "--shop drivethrucards --cmyk"}


def unused_options(ctx: typer.Context, shop: str | None, cutter: str | None) -> list[Finding]:
    """One finding per option given on the command line that the chosen output would not use."""
    # by the source's name: typer may vendor its own click, whose enum is not click's
    given = [
        p.name
        for p in ctx.command.params
        if getattr(ctx.get_parameter_source(p.name or ""), "name", "") == "COMMANDLINE"
    ]
    output = "--shop" if shop is not None else "--cutter" if cutter is not None else None
    findings = []
    for name in given:
        option = f"--{(name or '').replace('_', '-')}"
        if output is not None and name in UNUSED[output]:
            findings.append(Finding(option, None, "", f"not used with {output}; leave it out"))
        elif output is None and name in ONLY_WITH:
            findings.append(Finding(option, None, "", f"only with {ONLY_WITH[name]}; leave it out"))
    return findings


def outlet(
    pack_dir: Path,
    lang: str,
    shop: str | None,
    cutter: str | None,
    bleed: float | None,
    corner: float,
    cmyk: Path | None,
    options: SheetOptions,
    out_dir: Path,
    quiet: bool,
    strict: bool = False,
    ink_limit: float | None = None,
) -> None:
    """`build --shop` or `build --cutter`: every option and the pack checked before any file is written."""
    from .build.outlets import build_cutter, build_shop, chosen_outlet, preflight_shop
    from .export.shops import Shop

    chosen, separation = chosen_outlet(shop, cutter, bleed, corner, cmyk, ink_limit)
    # a shop prints each piece on a page of its own: no paper to check it on
    paper = None if isinstance(chosen, Shop) else options.paper
    p, languages, made = checked_pack(
        pack_dir, lang, strict, chosen.bleed_mm if isinstance(chosen, Shop) else options.bleed, paper
    )
    faults: list[Finding] = []
    with writing(out_dir):
        if isinstance(chosen, Shop):
            files = build_shop(p, languages, chosen, out_dir, lambda _: None, warn, separation, made.pieces)
            how = f"{len(files)} files for {chosen.name}: {chosen.kind.value.upper()} at {chosen.dpi} dpi."
            faults = preflight_shop(files, chosen, separation)
        else:
            paper = options.paper
            files = build_cutter(
                p, languages, chosen, paper, options.bleed, corner, out_dir, lambda _: None, warn, made.pieces
            )
            how = (
                f"{len(files)} files for {chosen.name}: print each PDF page at actual size (100 %), one-sided; "
                "cut it with the SVG of the same number."
            )
    if not quiet:
        for file in files:
            say(str(file))
    say(how)
    if faults:  # written, yet the shop would flag them: said on every line, and by the exit status
        for finding in faults:
            say(f"error: preflight: {finding}", err=True)
        folders = dict.fromkeys(Path(*f.relative_to(out_dir).parts[:2]) for f in files)
        again = "; ".join(f"estoril-pnp preflight {out_dir / folder} --shop {shop}" for folder in folders)
        say(f"error: preflight: {len(faults)} finding(s) a print shop would flag in these files ({again})", err=True)
        raise typer.Exit(1)


InkLimitOption = Annotated[
    int | None,
    typer.Option(
        "--ink-limit",
        help="Most total ink (C+M+Y+K) a CMYK page may take, percent (default: the shop's, else 300).",
        show_default=False,
    ),
]


@app.command()
@edge
def preflight(
    target: Annotated[Path, typer.Argument(metavar="PDF-OR-FOLDER", help="A PDF or PNG, or a folder of them.")],
    shop: Annotated[
        str | None,
        typer.Option(
            "--shop",
            help="Check against this shop's bleed, safe margin, cards and colour: thegamecrafter, makeplayingcards "
            "or drivethrucards.",
            show_default=False,
        ),
    ] = None,
    cmyk: Annotated[bool, typer.Option("--cmyk", help="Colours must be CMYK: report RGB.")] = False,
    ink_limit: InkLimitOption = None,
) -> None:
    """Check print files as a print shop does: one line per fault, exit 1 if there is any.

    Fonts not embedded, images under 300 ppi at their printed size, total ink over the limit on a
    CMYK page, bleed that stops short of the edge, missing or wrong TrimBox and BleedBox; with
    --shop, also text and drawings in the shop's unsafe margin, a bleed narrower than the shop's,
    pages of no card's size, and RGB where the shop asks for CMYK.
    """
    from .export.shops import find_shop
    from .preflight.report import preflight as run_preflight
    from .preflight.rules import rules

    chosen = rules(find_shop(shop) if shop is not None else None, cmyk or None, ink_limit)
    findings = run_preflight(target, chosen)
    for finding in findings:
        say(str(finding))
    say(f"{len(findings)} finding(s): " + ("FAILED" if findings else "ok"))
    if findings:
        raise typer.Exit(1)


def checked_pack(
    pack_dir: Path, lang: str, strict: bool = False, bleed: float | None = None, paper: Paper | None = None
) -> tuple[Pack, list[str], Checked]:
    """The pack, the languages to build (`lang`, or all) and what the checks made (pieces, rulebooks); bad
    input, before any file is written, for every error `validate` finds in the pack and in those languages
    (the same findings, in the same words), sizes on `paper` alone if one is given, and with `strict`
    for a picture under 150 ppi. `bleed`: the output's (the default's if None), which no element may lie
    further outside its piece."""
    from .pack.load import load_pack
    from .render.options import DEFAULT_BLEED
    from .validate import checked, refuse_errors

    pack = load_pack(pack_dir, keep_sheet_faults=True)  # a faulty score sheet is reported with the rest
    if lang != "all":
        texts(pack, lang)  # a language the pack has
    languages = pack.languages if lang == "all" else [lang]
    found = refuse_errors(checked(pack, languages, DEFAULT_BLEED if bleed is None else bleed, paper), strict)
    for finding in found.said:
        warn(str(finding))
    return pack, languages, found


def how_to_print(drawn: int, files: int, target: Path, options: SheetOptions) -> str:
    """The build's last lines: what was written where, and how to print it."""
    from .render.imposition import Backs
    from .render.options import Layout

    done = f"{drawn} of {files} files drawn in {target}/" + (" (the others were unchanged)." if drawn < files else ".")
    size = "Print at actual size (100 %, not “fit to page”)"
    if options.layout is Layout.single:
        how = "one piece per page with TrimBox and BleedBox, for a print shop; each back follows its front"
    elif options.backs is Backs.duplex_long:
        how = f"{size}, double-sided, flipping on the long edge; each front page is followed by its back page"
    elif options.backs is Backs.duplex_short:
        how = f"{size}, double-sided, flipping on the short edge; each front page is followed by its back page"
    elif options.backs is Backs.fold:
        how = f"{size}, one-sided; fold each piece along the dotted line, glue, then cut"
    else:
        how = (
            f"{size}, one-sided; shared backs are left out, a piece's own second side is printed as a piece of its own"
        )
    check = "If backs land off their fronts, run `estoril-pnp calibrate` and pass --back-offset."
    return f"{done}\n{how}.\n{check}" if options.backs.value.startswith("duplex") else f"{done}\n{how}."


@app.command()
@edge
def watch(
    pack: PackOption = None,
    lang: Annotated[str, typer.Option("--lang", help="Language (en, pl, hu, pt, de, es), or all.")] = "en",
    paper: PaperOption = "a4",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder of the build.")] = Path("output"),
    port: Annotated[int, typer.Option("--port", help="Port on 127.0.0.1 (0: any free one).")] = 8765,
) -> None:
    """Build, then serve a live gallery of every piece at http://127.0.0.1:PORT/ that follows every save in the pack.

    Only what a save changed is redrawn; a finding shows in the page and here, and the last good
    pictures stay. Ctrl-C stops it.
    """
    from .watch.session import run as watch_pack

    watch_pack((pack or default_pack()).resolve(), lang, out_dir, paper, port, say, lambda line: say(line, err=True))


@app.command()
@edge
def calibrate(
    pack: PackOption = None,
    paper: PaperOption = "a4",
    backs: Annotated[
        str, typer.Option("--backs", help="How the printer turns the sheet: duplex-long or duplex-short.")
    ] = "duplex-long",
    back_offset: OffsetOption = "0,0",
    out_file: Annotated[Path, typer.Option("--out", help="PDF to write.")] = Path("output/calibration.pdf"),
    lang: LangOption = "en",
) -> None:
    """Write a duplex calibration page pair and a 50 mm square to check actual-size printing."""
    from .files.atomic import atomic_path
    from .render.calibration import draw_calibration
    from .render.draw import new_canvas
    from .render.fonts import register_fonts
    from .render.options import resolve_options

    options = resolve_options(paper, backs=backs, back_offset=back_offset)
    if not options.backs.value.startswith("duplex"):
        raise InputError([Finding("--backs", None, "", "calibration is for duplex-long or duplex-short")])
    if out_file.is_dir():
        raise InputError([Finding("--out", None, "", f"{out_file} is a folder; give a file name")])
    from .pack.about import about

    p = open_pack(pack)
    t = texts(p, lang)
    register_fonts()
    with writing(out_file), atomic_path(out_file) as temp:
        canvas = new_canvas(temp, about(p, lang, "calibration"))
        draw_calibration(canvas, options.paper, options.backs, options.back_offset, t)
        canvas.save()
    say(str(out_file))


@app.command()
@edge
def scorepad(
    pack: PackOption = None,
    lang: LangOption = "en",
    paper: PaperOption = "a4",
    out_file: Annotated[
        Path | None, typer.Option("--out", help="PDF to write (default: output/<lang>/<paper>/scorepad.pdf).")
    ] = None,
) -> None:
    """Write the printable end-of-game score pad: a row per source of points, a column per player."""
    from .build.extras import write_scorepad
    from .pack.about import about
    from .render.fonts import register_fonts
    from .render.options import resolve_options
    from .scoring.pad import score_pad

    options = resolve_options(paper)
    p = open_pack(pack)
    t = texts(p, lang)
    sheet = score_sheet(p)
    register_fonts()
    target = out_file or Path("output") / lang / paper / "scorepad.pdf"
    if target.is_dir():
        raise InputError([Finding("--out", None, "", f"{target} is a folder; give a file name")])
    with writing(target):
        pad = score_pad(sheet, p.info.title, t)
        info = about(p, lang, "scorepad")
        write_scorepad(pad, info, options.paper, target, warn, None if out_file else Path("output"))
    say(str(target))


# --- Translations: what each language still lacks, and a template for a new one -----------

i18n_app = typer.Typer(help="The state of the translations, and a template for a new language.", no_args_is_help=True)
app.add_typer(i18n_app, name="i18n")


def _translation_states(pack: Pack) -> tuple[dict[str, Any], set[str]]:
    from .pack.translation import state, used_keys
    from .render.layout import load_design

    used = used_keys(pack, load_design(pack.files))
    return {lang: state(pack, lang, used) for lang in pack.languages}, used


@i18n_app.command("status")
@edge
def i18n_status(pack: PackOption = None) -> None:
    """A table of languages × completeness."""
    from rich.table import Table

    p = open_pack(pack)
    states, _ = _translation_states(p)
    table = Table(title="Translations")
    for column in ("language", "translated", "missing", "unused", "placeholders", "plural forms missing"):
        table.add_column(column, justify="left" if column == "language" else "right")
    for lang, s in states.items():
        done = f"{s.translated}/{s.total} {100 * s.translated // max(s.total, 1)}%"
        counts = [str(s.count(kind)) for kind in ("missing", "unused", "placeholders", "plural form missing")]
        table.add_row(plain(lang), done, *counts)
    out().print(table)


@i18n_app.command("check")
@edge
def i18n_check(
    lang: Annotated[str, typer.Argument(help="The language to check, e.g. pl.")], pack: PackOption = None
) -> None:
    """What a translator still has to do, key by key, with the English text beside it."""
    p = open_pack(pack)
    texts(p, lang)
    states, _ = _translation_states(p)
    s = states[lang]
    if not s.problems:
        say(f"{lang}: complete, {s.total} keys, nothing left to do")
        return
    say(f"{lang}: {len(s.problems)} to do (key, what, the English text)")
    for problem in s.problems:
        what = f"{problem.kind}: {problem.detail}" if problem.detail else problem.kind
        say(f"{problem.key}  [{what}]  {' '.join(problem.english.split())}")
    raise typer.Exit(1)


@i18n_app.command("new")
@edge
def i18n_new(
    lang: Annotated[str, typer.Argument(help="The new language's code, e.g. it, cs, fr.")],
    pack: PackOption = None,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Where to write it (default: the pack's i18n/LANG.yaml).")
    ] = None,
) -> None:
    """Write a template catalog: every key, empty, with the English text as a comment."""
    import re

    from .files.atomic import atomic_path
    from .pack.translation import template

    # a code is a name (source/names.py), in the form CLDR's plural rules are looked up by
    if not re.fullmatch(r"[a-z]{2,3}(_[a-z0-9]{2,8})?", lang):
        raise InputError([Finding("LANG", None, "", f"{clean(lang)!r} is not a language code such as it or pt_br")])
    p = open_pack(pack)
    folder = out_file.parent if out_file else p.files.root / "i18n"
    target = out_file or folder / f"{lang}.yaml"
    if target.exists():
        raise InputError([Finding(target, None, "", "already exists; edit it, or remove it to start again")])
    with writing(target), atomic_path(target, folder) as temp:
        temp.write_text(template(p.catalogs["en"], lang), encoding="utf-8")
    say(f"{target}: {len(p.catalogs['en'])} English texts to translate")
    say(f"Then: estoril-pnp i18n check {lang}" + (f" --pack {pack}" if pack else ""))


class ScoreCommand(TyperCommand):
    """`score --help` ends with the house rules of the pack given (--pack, else the shipped one)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:  # click's own types: typer may vendor click
        self.epilog = _house_rules_help(sys.argv)
        super().format_help(ctx, formatter)


def _house_rules_help(argv: Sequence[str]) -> str:
    from .pack.load import load_pack
    from .scoring.options import described

    words = list(argv)
    given = next((w.split("=", 1)[1] for w in words if w.startswith("--pack=")), None)
    if "--pack" in words[:-1]:
        given = words[words.index("--pack") + 1]
    folder = Path(given) if given else default_pack()
    try:
        pack = load_pack(folder)
    except InputError:
        return f"House rules: {folder} cannot be read; run validate --pack on it."
    if pack.sheet is None:
        return f"{pack.info.title} has no score sheet."
    lines = described(pack.sheet, pack.catalogs.get("en", {}))
    if not lines:
        return f"House rules of {pack.info.title}: none."
    # typer's help joins an epilog's lines unless a blank line parts them
    return "\n\n".join([f"House rules of {pack.info.title} (--option KEY=VALUE):", *lines])


@app.command(cls=ScoreCommand)
@edge
def score(
    record_file: Annotated[
        str | None,
        typer.Argument(metavar="RECORD", help="Game record (YAML or JSON); - reads stdin.", show_default=False),
    ] = None,
    interactive: Annotated[bool, typer.Option("--interactive", "-i", help="Ask for the record instead.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A house rule of the pack's score sheet, KEY=VALUE (repeat for more); listed below.",
            show_default=False,
        ),
    ] = None,
    pack: PackOption = None,
    lang: LangOption = "en",
) -> None:
    """Score a finished game: every player's points, the breakdown and the winner.

    The house rules that the rulebook's edition notes offer are the score sheet's options, listed
    below. Given here, they override the record's `options:`; without either, the edition's rules apply.
    """
    if interactive == (record_file is not None):
        raise typer.BadParameter("give either a RECORD file (- for standard input) or --interactive")
    from .scoring import calc as scorecalc
    from .scoring import record as scorerecord
    from .scoring import table as scoretable
    from .scoring.options import parse_options

    pack_ = open_pack(pack)
    t = texts(pack_, lang)
    sheet = score_sheet(pack_)
    overrides: dict[str, Any] = parse_options(sheet, option or [])
    if interactive:  # the typed-in game is offered for saving before anything else can fail
        from .scoring import ask as scoreask

        played = scoreask.settle(sheet, t, scoreask.interview(sheet, t), overrides)
    else:
        played = scorerecord.read(sheet, record_file or scorerecord.STDIN, overrides, t.catalogs)
    result = scorecalc.score(sheet, played)
    if as_json:
        typer.echo(safe_json(json.dumps(scoretable.to_json(sheet, result), ensure_ascii=False, indent=2)))
    else:
        out().print(scoretable.render(sheet, result, t))


def run() -> None:  # console-script entry point
    sys.exit(app())


# --- Images: a PNG per piece, Tabletop Simulator decks --------------------------------------

export_app = typer.Typer(help="The pieces as images: PNG files, Tabletop Simulator decks.", no_args_is_help=True)
app.add_typer(export_app, name="export")

ExportLangOption = Annotated[str, typer.Option("--lang", help="Language (en, pl, hu, pt, de, es), or all.")]
ExportOutOption = Annotated[Path, typer.Option("--out", help="Output folder.")]


def _export_pieces(pack_dir: Path | None, lang: str) -> tuple[Pack, Design, dict[str, list[Piece]]]:
    """The pack (one copy of each item: copies are the same picture), its design, and its pieces
    in every language asked for, all laid out before anything is written."""
    from .pieces.lay_out import lay_out
    from .pieces.selection import one_of_each
    from .render.fonts import register_fonts
    from .render.layout import load_design

    p = one_of_each(open_pack(pack_dir))
    languages = p.languages if lang == "all" else [lang]
    for code in languages:
        texts(p, code)
    register_fonts()
    laid_out: dict[str, list[Piece]] = {}
    design = load_design(p.files)
    for code in languages:
        pieces, overflows = lay_out(p, design, code)
        for finding in overflows:
            warn(str(finding))
        laid_out[code] = pieces
    return p, design, laid_out


@export_app.command("png")
@edge
def export_png(
    pack: PackOption = None,
    lang: ExportLangOption = "en",
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution: pixels per inch of the piece (10–1200).")] = 300,
    bleed: Annotated[bool, typer.Option("--bleed", help="Add the 3 mm bleed around each piece.")] = False,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            help="Only these groups or keys (GROUP, GROUP/KEY, or patterns such as 'GROUP/*/x'); repeat or "
            "separate with commas.",
            show_default=False,
        ),
    ] = None,
    out_dir: ExportOutOption = Path("output"),
) -> None:
    """One PNG per piece face and back under OUT/<lang>/png/, named by the piece's key."""
    from rich.progress import Progress

    from .export.images import check_dpi, size
    from .export.images import export_png as write_pngs
    from .pieces.selection import pictures, select

    check_dpi(dpi)
    _, _, laid_out = _export_pieces(pack, lang)
    patterns = [part for value in only or [] for part in value.split(",") if part]
    # every selection and file name checked before the first file is written
    chosen = {code: select(pieces, patterns) for code, pieces in laid_out.items()}
    found = {code: pictures(pieces) for code, pieces in chosen.items()}
    bars = stderr_console()
    with Progress(console=bars, transient=True, disable=not bars.is_terminal) as bar, writing(out_dir):
        task = bar.add_task("Rasterizing", total=sum(len(f) for f in found.values()))
        for code, pieces in chosen.items():
            write_pngs(pieces, out_dir / code / "png", dpi, bleed, lambda n: bar.advance(task, n))
    for code in chosen:
        say(f"{len(found[code])} images in {out_dir / code / 'png'}/")
    example = next(iter(found.values()))[0]
    width, height = size(example, dpi, bleed)
    edge = "with a 3 mm bleed" if bleed else "cut at the trim"
    mm_size = f"{example.width:g} × {example.height:g} mm"
    say(f"{dpi} dpi, {edge}: {example.name}.png ({mm_size}) is {width} × {height} px.")


@export_app.command("showcase")
@edge
def export_showcase(
    pack: PackOption = None,
    lang: ExportLangOption = "en",
    style: Annotated[
        str, typer.Option("--style", help="hand: the cards fanned as held; spread: upright in rows.")
    ] = "hand",
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution: pixels per inch of a card (10–1200).")] = 150,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            help="The cards to show, in this order: groups or keys (GROUP, GROUP/KEY, or patterns such as "
            "'GROUP/*'); repeat or separate with commas.",
            show_default=False,
        ),
    ] = None,
    columns: Annotated[
        int | None, typer.Option("--columns", help="Cards in a row of a spread (default: as square as fits).")
    ] = None,
    colour: Annotated[
        str, typer.Option("--background", help="transparent, or a colour such as '#1d3557' or 'white'.")
    ] = "transparent",
    out_dir: ExportOutOption = Path("output"),
) -> None:
    """The chosen cards' faces in one PNG with soft shadows, OUT/<lang>/showcase-<style>.png: to show the game."""
    from .export.images import check_dpi, save
    from .export.showcase import Style, background, faces, plan, render, sizes
    from .pieces.selection import select

    check_dpi(dpi)
    if style not in Style.__members__:
        raise InputError([Finding("--style", None, "", f"expected hand or spread (got '{style}')")])
    if columns is not None and columns < 1:
        raise InputError([Finding("--columns", None, "", f"must be 1 or more (got {columns})")])
    fill = background(colour)
    _, _, laid_out = _export_pieces(pack, lang)
    patterns = [part for value in only or [] for part in value.split(",") if part]
    # every selection and size checked in every language before the first file is written
    chosen = {code: faces(_in_order(select(pieces, patterns), patterns)) for code, pieces in laid_out.items()}
    plans = {code: plan(Style(style), sizes(found, dpi), dpi, columns) for code, found in chosen.items()}
    with writing(out_dir):
        for code, found in chosen.items():
            target = out_dir / code / f"showcase-{style}.png"
            save(render(found, plans[code], fill), target, dpi, out_dir)
            width, height = plans[code].size
            say(f"{target}: {len(found)} cards, {width} × {height} px")


def _in_order(pieces: Sequence[Piece], patterns: Sequence[str]) -> list[Piece]:
    """The pieces in the order the patterns name them (the pack's order within one pattern)."""
    from .pieces.selection import matches

    if not patterns:
        return list(pieces)
    ordered = [p for pattern in patterns for p in pieces if matches(p.key, pattern)]
    return list({p.key: p for p in ordered}.values())  # a piece two patterns name: at the first


@export_app.command("tts")
@edge
def export_tts(
    pack: PackOption = None,
    lang: ExportLangOption = "en",
    out_dir: ExportOutOption = Path("output"),
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            help="Where you will upload the OUT folder (https://…); default: file:/// URLs of this computer.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Tabletop Simulator decks (face sheet, back, saved object) and single images under OUT/<lang>/tts/."""
    from rich.progress import Progress

    from .export.images import check_base_url
    from .export.images import export_tts as write_tts
    from .export.ttsdecks import plan_decks
    from .pieces.selection import pictures

    check_base_url(base_url)
    p, design, laid_out = _export_pieces(pack, lang)
    plans = plan_decks(p, design, laid_out)
    total = sum(len(d.cards) for decks, _ in plans.values() for d in decks)
    total += sum(len(pictures(singles)) for _, singles in plans.values())
    bars = stderr_console()
    with Progress(console=bars, transient=True, disable=not bars.is_terminal) as bar, writing(out_dir):
        task = bar.add_task("Drawing decks", total=total)
        for code, (decks, singles) in plans.items():
            folder = out_dir / code / "tts"
            files = write_tts(decks, singles, folder, out_dir, base_url, lambda n: bar.advance(task, n))
            for deck, saved in zip(decks, files.decks, strict=True):
                say(f"{saved}: {deck.title}, {len(deck.cards)} cards")
            for saved in files.tiles:
                say(f"{saved}: round and hexagonal pieces as custom tiles")
            counts = f"{len(files.sheets)} face sheets and backs, {len(files.singles)} single images"
            say(f"{counts} in {folder}/")
    say(
        "Import: copy the .json files into Tabletop Simulator's Saves/Saved Objects folder and spawn them from "
        "Objects → Saved Objects; or Objects → Components → Custom → Deck with a -faces sheet, its -back image, "
        "the width × height from its .json, and “Back is Hidden”."
        + ("" if base_url else " The URLs are file:/// paths of this computer: other players need --base-url.")
    )
