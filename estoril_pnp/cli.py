"""The `estoril-pnp` command. Thin: parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 findings (validation), 2 bad input (unreadable pack or record, bad options).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from enum import Enum, StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from . import __version__, scoreprompt, scoreview, scoring
from . import record as records
from .errors import InputError
from .i18n import Texts
from .model import Pack
from .pack import load_pack
from .resources import default_pack
from .tables import TABLES
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
        colours = len(p.game.colours)
        out.print(
            f"[bold]{pack_dir}[/bold]: {len(p.reward)} reward characters, "
            f"{len(p.starting) * colours} starting cards ({len(p.starting)} × {colours} colours), "
            f"{len(p.missions)} missions, {len(p.locations)} locations, "
            f"{len(p.catalogs)} language(s): {', '.join(sorted(p.catalogs))}"
        )
    verdict = "ok" if report.ok(strict) else "FAILED"
    out.print(f"{len(report.errors)} error(s), {len(report.warnings)} warning(s): {verdict}")
    if not report.ok(strict):
        raise typer.Exit(1)


class ListWhat(str, Enum):
    characters = "characters"
    missions = "missions"
    locations = "locations"


@app.command("list")
def list_(what: ListWhat, pack: PackOption = None, lang: LangOption = "en") -> None:
    """Show the pack's characters, missions or locations as a table."""
    p = open_pack(pack)
    out.print(TABLES[what.value](p, Texts(p, lang)))


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
        typer.Option("--zero-wins/--no-zero-wins", help="Can a player with none of a mission's count win it?",
                     show_default=False),
    ] = None,
    rounding: Annotated[
        RoundingChoice | None, typer.Option("--rounding", help="Important Second Place splits.", show_default=False)
    ] = None,
    recruit_starting: Annotated[
        bool | None,
        typer.Option("--recruit-starting/--no-recruit-starting", help="Secret Recruitment counts starting characters.",
                     show_default=False),
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
    t = Texts(p, lang)
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
