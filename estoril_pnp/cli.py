"""The `estoril-pnp` command. Thin: parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 findings (validation), 2 bad input (unreadable pack or record, bad options,
a file that cannot be read or written, input that ended early), 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import errno
import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, ParamSpec

import typer
from rich.console import Console

from . import __version__, scoreprompt, scoreview, scoring
from . import record as records
from .errors import Finding, InputError
from .i18n import Texts
from .model import Pack
from .pack import load_pack
from .resources import default_pack
from .tables import TABLES
from .terminal import clean, plain, safe_json
from .validate import layout_failure
from .validate import validate as run_validation

app = typer.Typer(
    help="Print-and-play toolchain for City of Spies: Estoril 1942 (unofficial fan tool).",
    no_args_is_help=True,
    add_completion=False,
)
# Everything printed through `out` is data or our own Text: no markup, no emoji codes.
out = Console(soft_wrap=True, markup=False, emoji=False, highlight=False)
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
    """Print-and-play toolchain for City of Spies: Estoril 1942 (unofficial fan tool)."""


def fail(exc: InputError) -> NoReturn:
    """Bad input: every finding on its own line on stderr, exit status 2, nothing written."""
    for finding in exc.findings:
        typer.echo(f"error: {clean(str(finding))}", err=True)
    raise typer.Exit(2)


def say(line: str, err: bool = False) -> None:
    """One line that may quote a pack, a record or a path: shown, never obeyed by the terminal."""
    typer.echo(clean(line), err=err)


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
    return Texts(pack, lang)


@app.command()
@edge
def validate(
    pack: PackOption = None,
    strict: Annotated[bool, typer.Option("--strict", help="Treat warnings as findings too.")] = False,
) -> None:
    """Check the pack: data, cross-references, counts and catalogs."""
    pack_dir = pack or default_pack()
    if not pack_dir.is_dir():
        raise InputError([Finding(pack_dir, None, "", "no such pack directory")])
    report = run_validation(pack_dir)
    for finding in report.findings:
        say(f"{finding.severity}: {finding}")
    if report.pack is not None:
        p = report.pack
        colours = len(p.game.colours)
        summary = plain(str(pack_dir), "bold")
        summary.append(
            f": {len(p.reward)} reward characters, "
            f"{len(p.starting) * colours} starting cards ({len(p.starting)} × {colours} colours), "
            f"{len(p.missions)} missions, {len(p.locations)} locations, "
            f"{len(p.catalogs)} language(s): {clean(', '.join(sorted(p.catalogs)))}"
        )
        out.print(summary)
    verdict = "ok" if report.ok(strict) else "FAILED"
    out.print(f"{len(report.errors)} error(s), {len(report.warnings)} warning(s): {verdict}")
    if not report.ok(strict):
        raise typer.Exit(1)


class ListWhat(StrEnum):
    characters = "characters"
    missions = "missions"
    locations = "locations"


@app.command("list")
@edge
def list_(what: ListWhat, pack: PackOption = None, lang: LangOption = "en") -> None:
    """Show the pack's characters, missions or locations as a table."""
    p = open_pack(pack)
    out.print(TABLES[what.value](p, texts(p, lang)))


# --- Sheets: pieces imposed on paper, and the duplex calibration page ---------------------

PaperOption = Annotated[str, typer.Option("--paper", help="Paper: a4 or letter.")]
BacksOption = Annotated[str, typer.Option("--backs", help="Backs: none, duplex-long, duplex-short or fold.")]
OffsetOption = Annotated[
    str, typer.Option("--back-offset", help="Shift of the back pages X,Y in mm, as read on the calibration page.")
]


@app.command()
@edge
def build(
    pack: PackOption = None,
    lang: LangOption = "en",
    paper: PaperOption = "a4",
    bleed: Annotated[float, typer.Option("--bleed", help="Bleed around each piece, mm.")] = 3.0,
    backs: BacksOption = "none",
    back_offset: OffsetOption = "0,0",
    layout: Annotated[
        str, typer.Option("--layout", help="sheet: many pieces per page with crop marks; single: one per page.")
    ] = "sheet",
    out_dir: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
) -> None:
    """Impose the pieces on paper: one PDF per component group under OUT/<lang>/<paper>/."""
    from rich.progress import Progress

    from .build import build as build_pdfs
    from .render.catalogue import piece_groups
    from .render.fonts import register_fonts
    from .render.options import resolve_options

    options = resolve_options(paper, bleed, backs, back_offset, layout)
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError([Finding("--out", None, "", f"{out_dir} is a file; give a folder")])
    p = open_pack(pack)
    texts(p, lang)
    register_fonts()
    try:
        groups, overflows = piece_groups(p, lang)
    except InputError:
        raise
    except Exception as exc:  # as in validate: layout code that raises on a pack's data is bad input
        raise InputError([layout_failure(pack or default_pack(), exc)]) from None
    for finding in overflows:
        say(f"warning: {finding}", err=True)
    progress = Console(stderr=True)  # a bar only on a terminal: in a log it is noise before any error line
    with Progress(console=progress, transient=True, disable=not progress.is_terminal) as bar, writing(out_dir):
        task = bar.add_task("Imposing", total=sum(len(g) for g in groups.values()))
        files = build_pdfs(
            groups,
            out_dir / lang / paper,
            options,
            lambda n: bar.advance(task, n),
            lambda s: say(f"note: {s}"),
        )
    for file in files:
        say(str(file))


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
) -> None:
    """Write a duplex calibration page pair and a 50 mm square to check actual-size printing."""
    from .atomic import atomic_path
    from .build import new_canvas
    from .render.calibration import draw_calibration
    from .render.fonts import register_fonts
    from .render.options import resolve_options

    options = resolve_options(paper, backs=backs, back_offset=back_offset)
    if not options.backs.value.startswith("duplex"):
        raise InputError([Finding("--backs", None, "", "calibration is for duplex-long or duplex-short")])
    if out_file.is_dir():
        raise InputError([Finding("--out", None, "", f"{out_file} is a folder; give a file name")])
    texts = Texts(open_pack(pack), "en")
    register_fonts()
    with writing(out_file), atomic_path(out_file) as temp:
        canvas = new_canvas(temp, title=texts("sheets.calibration.title"))
        draw_calibration(canvas, options.paper, options.backs, options.back_offset, texts)
        canvas.save()
    say(str(out_file))


class RoundingChoice(StrEnum):
    down = "down"
    up = "up"


@app.command()
@edge
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
    p = open_pack(pack)
    t = texts(p, lang)
    given = {"zero_wins": zero_wins, "rounding": rounding and rounding.value, "recruit_starting": recruit_starting}
    overrides: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    if interactive:
        # the typed-in game is offered for saving before anything else can fail
        game = scoreprompt.settle(p, t, scoreprompt.interview(p, t), overrides)
    else:
        game = records.read(p, record_file or records.STDIN)
    game = replace(game, options=game.options.model_copy(update=overrides))
    result = scoring.score(p, game, game.options)
    if as_json:
        typer.echo(safe_json(json.dumps(scoreview.to_json(result), ensure_ascii=False, indent=2)))
    else:
        out.print(scoreview.render(result, t))


def run() -> None:  # console-script entry point
    sys.exit(app())
