"""The `estoril-pnp` command. Thin: parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 findings (validation), 2 bad input (unreadable pack or record, bad options).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from . import __version__
from .errors import Finding, InputError
from .games.estoril import CityOfSpies, scoreprompt, scoreview, scoring
from .games.estoril import record as records
from .games.estoril.model import Estoril
from .games.estoril.tables import TABLES
from .i18n import Texts
from .pack import Pack, load_pack
from .render.imposition import Backs
from .render.options import Layout, SheetOptions
from .resources import default_pack
from .validate import validate as run_validation

app = typer.Typer(
    help="Print-and-play toolchain for City of Spies: Estoril 1942 (unofficial fan tool).",
    no_args_is_help=True,
    add_completion=False,
)
out = Console(soft_wrap=True)

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
    """Print-and-play toolchain for City of Spies: Estoril 1942 (unofficial fan tool)."""


def fail(exc: InputError) -> NoReturn:
    """Bad input: every finding on its own line on stderr, exit status 2, nothing written."""
    for finding in exc.findings:
        typer.echo(f"error: {finding}", err=True)
    raise typer.Exit(2)


def open_pack(pack_dir: Path | None) -> Pack:
    try:
        return load_pack(pack_dir or default_pack())
    except InputError as exc:
        fail(exc)


def texts(pack: Pack, lang: str) -> Texts:
    if lang not in pack.catalogs:
        fail(
            InputError(
                [Finding("--lang", None, "", f"no catalog for '{lang}'; have {', '.join(sorted(pack.catalogs))}")]
            )
        )
    return pack.texts(lang)


def estoril(pack: Pack) -> Estoril:
    """The City of Spies data of a pack, for the commands that know that game (score, list)."""
    if not isinstance(pack.model, CityOfSpies):
        fail(
            InputError([Finding(pack.files.root / "pack.yaml", None, "model", "this command needs the estoril model")])
        )
    return pack.model.data


@app.command()
def validate(
    pack: PackOption = None,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as findings too.")] = False,
) -> None:
    """Check the pack: data, cross-references, counts and catalogs."""
    pack_dir = pack or default_pack()
    if not pack_dir.is_dir():
        typer.echo(f"error: {pack_dir}: no such pack directory", err=True)
        raise typer.Exit(2)
    report = run_validation(pack_dir)
    for finding in report.findings:
        typer.echo(f"{finding.severity}: {finding}")
    if report.pack is not None:
        p = report.pack
        holds = p.model.summary() if p.model else f"{len(p.manifest.pieces)} kinds of piece"
        out.print(
            f"[bold]{escape(str(pack_dir))}[/bold]: {escape(p.info.title)}: {holds}, "
            f"{len(p.catalogs)} language(s): {', '.join(p.languages)}"
        )
    verdict = "ok" if report.ok(strict) else "FAILED"
    out.print(f"{len(report.errors)} error(s), {len(report.warnings)} warning(s): {verdict}")
    if not report.ok(strict):
        raise typer.Exit(1)


class ListWhat(StrEnum):
    characters = "characters"
    missions = "missions"
    locations = "locations"


@app.command("list")
def list_(what: ListWhat, pack: PackOption = None, lang: LangOption = "en") -> None:
    """Show the pack's characters, missions or locations as a table."""
    p = open_pack(pack)
    out.print(TABLES[what.value](estoril(p), texts(p, lang)))


# --- Sheets: pieces imposed on paper, and the duplex calibration page ---------------------

PaperOption = Annotated[str, typer.Option("--paper", help="Paper: a4 or letter.")]
BacksOption = Annotated[str, typer.Option("--backs", help="Backs: none, duplex-long, duplex-short or fold.")]
OffsetOption = Annotated[
    str, typer.Option("--back-offset", help="Shift of the back pages X,Y in mm, as read on the calibration page.")
]


@app.command()
def build(
    pack: PackOption = None,
    lang: LangOption = "en",
    paper: PaperOption = "a4",
    bleed: Annotated[float, typer.Option("--bleed", help="Bleed around each piece, mm.")] = 3.0,
    backs: BacksOption = "duplex-long",
    back_offset: OffsetOption = "0,0",
    layout: Annotated[
        str, typer.Option("--layout", help="sheet: many pieces per page with crop marks; single: one per page.")
    ] = "sheet",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
) -> None:
    """Impose the pieces on paper: one PDF per component group under OUT/<lang>/<paper>/."""
    from rich.progress import Progress

    from .build import build as build_pdfs
    from .pieces import lay_out
    from .render.fonts import register_fonts
    from .render.layout import load_design
    from .render.options import resolve_options

    try:
        options = resolve_options(paper, bleed, backs, back_offset, layout)
    except InputError as exc:
        fail(exc)
    p = open_pack(pack)
    texts(p, lang)
    register_fonts()
    try:
        pieces, overflows = lay_out(p, load_design(p.files), lang)
    except InputError as exc:
        fail(exc)
    for finding in overflows:
        typer.echo(f"warning: {finding}", err=True)
    target = out_dir / lang / paper
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("Imposing", total=len(pieces))
        try:
            files = build_pdfs(
                pieces, target, options, lambda n: bar.advance(task, n), lambda s: out.print(f"note: {s}")
            )
        except InputError as exc:
            fail(exc)
    for file in files:
        out.print(str(file))
    out.print(how_to_print(len(pieces), len(files), target, options))


def how_to_print(pieces: int, files: int, target: Path, options: SheetOptions) -> str:
    """The build's last lines: what was written where, and how to print it."""
    done = f"{pieces} pieces in {files} PDFs in {target}/."
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
def calibrate(
    pack: PackOption = None,
    paper: PaperOption = "a4",
    backs: Annotated[
        str, typer.Option("--backs", help="How the printer turns the sheet: duplex-long or duplex-short.")
    ] = "duplex-long",
    back_offset: OffsetOption = "0,0",
    out_file: Annotated[Path, typer.Option("--out", help="PDF to write.")] = Path("output/calibration.pdf"),
) -> None:
    """Write a duplex calibration page pair and a 50 mm square to check actual-size printing."""
    from .atomic import atomic_path
    from .build import new_canvas
    from .render.calibration import draw_calibration
    from .render.fonts import register_fonts
    from .render.options import resolve_options

    try:
        options = resolve_options(paper, backs=backs, back_offset=back_offset)
        if not options.backs.value.startswith("duplex"):
            raise InputError([Finding("--backs", None, "", "calibration is for duplex-long or duplex-short")])
    except InputError as exc:
        fail(exc)
    texts = open_pack(pack).texts("en")
    register_fonts()
    with atomic_path(out_file) as temp:
        canvas = new_canvas(temp, title=texts("sheets.calibration.title"))
        draw_calibration(canvas, options.paper, options.backs, options.back_offset, texts)
        canvas.save()
    out.print(str(out_file))


class RoundingChoice(StrEnum):
    down = "down"
    up = "up"


@app.command()
def score(
    record_file: Annotated[
        str | None,
        typer.Argument(metavar="RECORD", help="Game record (YAML or JSON); - reads stdin.", show_default=False),
    ] = None,
    interactive: Annotated[bool, typer.Option("--interactive", "-i", help="Ask for the record instead.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    zero_wins: Annotated[
        bool | None,
        typer.Option(
            "--zero-wins/--no-zero-wins", help="Can a player with none of a mission's count win it?", show_default=False
        ),
    ] = None,
    rounding: Annotated[
        RoundingChoice | None, typer.Option("--rounding", help="Important Second Place splits.", show_default=False)
    ] = None,
    recruit_starting: Annotated[
        bool | None,
        typer.Option(
            "--recruit-starting/--no-recruit-starting",
            help="Secret Recruitment counts starting characters.",
            show_default=False,
        ),
    ] = None,
    pack: PackOption = None,
    lang: LangOption = "en",
) -> None:
    """Score a finished game: every player's points, the breakdown and the winner.

    Options given here override the record's `options:`.
    """
    if interactive == (record_file is not None):
        raise typer.BadParameter("give either a RECORD file (- for standard input) or --interactive")
    pack_ = open_pack(pack)
    t = texts(pack_, lang)
    p = estoril(pack_)
    try:
        game = scoreprompt.interview(p, t) if interactive else records.read(p, record_file or records.STDIN)
    except InputError as exc:
        fail(exc)
    overrides = {"zero_wins": zero_wins, "rounding": rounding and rounding.value, "recruit_starting": recruit_starting}
    game = replace(game, options=game.options.model_copy(update={k: v for k, v in overrides.items() if v is not None}))
    result = scoring.score(p, game, game.options)
    if as_json:
        typer.echo(json.dumps(scoreview.to_json(result), ensure_ascii=False, indent=2))
    else:
        out.print(scoreview.render(result, t))
    if interactive:
        scoreprompt.offer_save(game, t)


def run() -> None:  # console-script entry point
    sys.exit(app())
