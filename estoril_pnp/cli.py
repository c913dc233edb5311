"""The `estoril-pnp` command. Thin: parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 findings (validation), 2 bad input (unreadable pack or record, bad options).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

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
    lang: Annotated[str, typer.Option("--lang", help="Language (en, pl, hu, pt, de, es), or all.")] = "en",
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
    from .translation import state

    try:
        options = resolve_options(paper, bleed, backs, back_offset, layout)
    except InputError as exc:
        fail(exc)
    p = open_pack(pack)
    languages = p.languages if lang == "all" else [lang]
    for code in languages:
        texts(p, code)
    register_fonts()
    laid_out = {}
    try:  # every language laid out before any file is written: bad input writes nothing
        design = load_design(p.files)
        for code in languages:
            laid_out[code] = lay_out(p, design, code)
    except InputError as exc:
        fail(exc)
    for code, (_, overflows) in laid_out.items():
        left = state(p, code)
        missing = left.total - left.translated
        if missing:
            typer.echo(f"warning: i18n/{code}.yaml: {missing} keys not translated; English is used for them", err=True)
        for finding in overflows:
            typer.echo(f"warning: {finding}", err=True)
    documents = rulebooks(p, design, laid_out)  # made before any file is written: a broken one writes nothing
    total = sum(len(pieces) for pieces, _ in laid_out.values())
    written: list[Path] = []
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("Imposing", total=total)
        for code, (pieces, _) in laid_out.items():
            try:
                written += build_pdfs(
                    pieces,
                    out_dir / code / paper,
                    options,
                    lambda n: bar.advance(task, n),
                    lambda s: out.print(f"note: {escape(s)}"),
                )
            except InputError as exc:
                fail(exc)
    books = [path for doc in documents for path in write_rulebook(doc, design, out_dir, paper)]
    for file in written + books:
        out.print(escape(str(file)))
    where = out_dir / languages[0] / paper if len(languages) == 1 else out_dir / f"{{{','.join(languages)}}}" / paper
    out.print(escape(how_to_print(total, len(written), where, options)))


def rulebooks(p: Pack, design: Any, laid_out: dict[str, Any]) -> list[Any]:
    """Each language's rulebook as a document, from its pieces; none for a pack without rules."""
    from .rulebook import book

    if not book.has_rulebook(p):
        return []
    try:
        return [book.make_document(p, design, pieces, code)[0] for code, (pieces, _) in laid_out.items()]
    except InputError as exc:
        fail(exc)


def write_rulebook(doc: Any, design: Any, out_dir: Path, paper: str) -> list[Path]:
    from .rulebook import book

    return book.write(doc, design, out_dir, paper)


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
    lang: LangOption = "en",
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
    t = texts(open_pack(pack), lang)
    register_fonts()
    with atomic_path(out_file) as temp:
        canvas = new_canvas(temp, title=t("sheets.calibration.title"))
        draw_calibration(canvas, options.paper, options.backs, options.back_offset, t)
        canvas.save()
    out.print(str(out_file))


# --- Translations: what each language still lacks, and a template for a new one -----------

i18n_app = typer.Typer(help="The state of the translations, and a template for a new language.", no_args_is_help=True)
app.add_typer(i18n_app, name="i18n")


def _translation_states(pack: Pack) -> tuple[dict[str, Any], set[str]]:
    from .render.layout import load_design
    from .translation import state, used_keys

    try:
        used = used_keys(pack, load_design(pack.files))
    except InputError as exc:
        fail(exc)
    return {lang: state(pack, lang, used) for lang in pack.languages}, used


@i18n_app.command("status")
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
        table.add_row(escape(lang), done, *counts)
    out.print(table)


@i18n_app.command("check")
def i18n_check(
    lang: Annotated[str, typer.Argument(help="The language to check, e.g. pl.")], pack: PackOption = None
) -> None:
    """What a translator still has to do, key by key, with the English text beside it."""
    p = open_pack(pack)
    texts(p, lang)
    states, _ = _translation_states(p)
    s = states[lang]
    if not s.problems:
        out.print(f"{escape(lang)}: complete, {s.total} keys, nothing left to do")
        return
    out.print(f"{escape(lang)}: {len(s.problems)} to do (key, what, the English text)")
    for problem in s.problems:
        what = f"{problem.kind}: {problem.detail}" if problem.detail else problem.kind
        english = " ".join(problem.english.split())
        out.print(f"{problem.key}  [{what}]  {english}", markup=False, highlight=False)
    raise typer.Exit(1)


@i18n_app.command("new")
def i18n_new(
    lang: Annotated[str, typer.Argument(help="The new language's code, e.g. it, cs, fr.")],
    pack: PackOption = None,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="Where to write it (default: the pack's i18n/LANG.yaml).")
    ] = None,
) -> None:
    """Write a template catalog: every key, empty, with the English text as a comment."""
    import re

    from .atomic import atomic_path
    from .translation import template

    if not re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", lang):
        fail(InputError([Finding("LANG", None, "", f"'{lang}' is not a language code such as it or pt_BR")]))
    p = open_pack(pack)
    target = out_file or p.files.root / "i18n" / f"{lang}.yaml"
    if target.exists():
        fail(InputError([Finding(target, None, "", "already exists; edit it, or remove it to start again")]))
    with atomic_path(target) as temp:
        temp.write_text(template(p.catalogs["en"], lang), encoding="utf-8")
    out.print(f"{escape(str(target))}: {len(p.catalogs['en'])} English texts to translate")
    out.print(f"Then: estoril-pnp i18n check {lang}" + (f" --pack {escape(str(pack))}" if pack else ""))


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
