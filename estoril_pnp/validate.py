"""Every check of a pack, gathered into one report for `estoril-pnp validate`.

Every check runs whatever the others found, so one report lists every fault; what
`validate` accepts, `build` builds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .build.outlets import shop_plans
from .errors import Finding, InputError
from .export.shops import Shop, check_bleed
from .export.ttsdecks import resolve
from .i18n import catalogs as i18n
from .pack import markup
from .pack.load import Pack, load_pack
from .pack.translation import plural_stems, state, used_keys
from .pack.unused import unread_files, unused_fields
from .pieces.lay_out import lay_out, layout_failure, too_long
from .pieces.selection import one_of_each
from .render.coverage import missing_glyphs
from .render.fonts import register_fonts
from .render.imposition import PAPERS, DoesNotFit, Paper
from .render.layout import Design, load_design
from .render.options import DEFAULT_BLEED
from .render.picture import unprintable
from .render.piece import Piece
from .render.tiling import tile
from .rulebook import book
from .rulebook.document import Document
from .scoring.sheet import call_values, catalog_keys

REACH_TOLERANCE = 0.01  # mm: a box drawn to the bleed's edge, give or take rounding, is within it


@dataclass(frozen=True)
class Report:
    pack_dir: Path
    pack: Pack | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    def ok(self, strict: bool = False) -> bool:
        return not self.errors and not (strict and self.warnings)


def validate(pack_dir: Path, shop: Shop | None = None, bleed: float | None = None) -> Report:
    """The pack's report; with a `shop`, also what `build --shop` would refuse or leave out."""
    try:
        pack = load_pack(pack_dir, keep_sheet_faults=True)
    except InputError as exc:
        return Report(pack_dir, None, exc.findings)
    made = checked(pack, bleed=shop.bleed_mm if shop is not None else DEFAULT_BLEED)
    findings = made.findings
    if shop is not None:
        findings += check_bleed(shop, bleed)
        try:
            findings += shop_plans(pack, pack.languages, shop, lambda _: None, made.pieces)[1]
        except InputError as exc:  # pieces that cannot be laid out: already reported by the checks
            findings += [f for f in exc.findings if f not in findings]
    return Report(pack_dir, pack, findings)


@dataclass(frozen=True)
class Checked:
    """The findings, and what the checks made on the way: a build draws these rather than make them again."""

    findings: list[Finding]
    pieces: dict[str, list[Piece]] = field(default_factory=dict)  # per language that could be laid out
    documents: dict[str, Document] = field(default_factory=dict)  # per language: the rulebook, where the pack has one
    said: list[Finding] = field(default_factory=list)  # warnings a build says too: pictures too coarse to print


def checked(
    pack: Pack, languages: Sequence[str] | None = None, bleed: float = DEFAULT_BLEED, paper: Paper | None = None
) -> Checked:
    """Every finding on a read pack, its pieces laid out in `languages` (all by default), with the
    pieces and the rulebooks made on the way; `bleed` (mm): the output's, which no element may lie
    further outside its piece; sizes on `paper`, or on every paper. `build` refuses whatever errors
    this finds for the languages and paper it builds, before it writes a file."""
    findings = list(pack.sheet_findings)
    findings += pack.model.check(pack.files, pack.manifest) if pack.model else []
    findings += check_sizes(pack, paper)
    findings += unread_files(pack.files.root)
    register_fonts()
    try:
        design = load_design(pack.files)
    except InputError as exc:
        return Checked(findings + exc.findings)
    findings += unused_fields(pack, design)
    findings += check_reach(design, bleed, {name for kind in pack.manifest.pieces.values() for name in kind.layouts})
    findings += check_catalogs(pack, design)
    langs = pack.languages if languages is None else languages
    made = Checked([])
    try:  # every check runs, whatever else was found
        made = check_pieces(pack, design, langs)
        findings += made.findings
    except Exception as exc:  # the layout code met data it cannot lay out: a failed check, not a crash
        findings.append(layout_failure(pack.files.root, exc))
    try:
        findings += check_tts(pack, design)
    except Exception as exc:
        findings.append(layout_failure(pack.files.root, exc))
    return Checked(list(dict.fromkeys(findings)), made.pieces, made.documents, list(dict.fromkeys(made.said)))


def refuse_errors(found: Checked, strict: bool = False) -> Checked:
    """`found` as it is; InputError for every error among its findings: what `build` and `watch`
    refuse before they write a file (with `strict`, a picture under 150 ppi too)."""
    errors = [f for f in found.findings if f.severity == "error"]
    if strict:
        errors += [Finding(f.file, f.line, f.key, f.message) for f in found.said if unprintable(f)]
    if errors:
        raise InputError(errors)
    return found


def check_sizes(pack: Pack, paper: Paper | None = None) -> list[Finding]:
    """Every kind of piece goes on `paper` with the default bleed, many to a sheet or as a board
    tiled across sheets (a piece a sheet holds tiles too): what the build would refuse, at its size.

    Without a paper, on each: an error if none takes the piece, a warning naming the papers that
    do if only some do."""
    papers = {paper.name: paper} if paper is not None else dict(PAPERS)
    findings = []
    for name, kind in pack.manifest.pieces.items():
        refused: dict[str, str] = {}
        for key, each in papers.items():
            try:
                tile(each, kind.width, kind.height, DEFAULT_BLEED)
            except DoesNotFit as exc:
                refused[key] = str(exc)
        if not refused:
            continue
        where = ("pieces", name, "size")
        taken = [key for key in papers if key not in refused]
        if not taken:
            findings.append(pack.manifest_src.finding(where, next(iter(refused.values()))))
        else:
            only = " or ".join(f"--paper {key}" for key in taken)
            for message in refused.values():
                findings.append(pack.manifest_src.finding(where, f"{message}; build it with {only}", "warning"))
    return findings


def check_reach(design: Design, bleed: float, used: set[str]) -> list[Finding]:
    """Each element whose box lies more than `bleed` mm outside its layout's piece: nothing prints
    there, so the box is a slip (a size in the wrong field, a y measured from the wrong edge). Only
    the `used` layouts, those the pack's pieces print: a shipped layout no piece prints may extend a
    layout the pack has replaced with one of another size."""
    out = []
    for layout in (design.layouts[name] for name in sorted(used) if name in design.layouts):
        for element in layout.elements:
            box = element.box
            depth = max(-box.x, -box.y, box.right - layout.width, box.top - layout.height)
            if depth > bleed + REACH_TOLERANCE:
                piece = f"{layout.width:g} × {layout.height:g} mm piece"
                said = f"lies {round(depth, 1):g} mm outside the {piece} (more than the {round(bleed, 2):g} mm bleed)"
                if (finding := element.at("box", said)) is not None:
                    out.append(finding)
    return list(dict.fromkeys(out))


def check_pieces(pack: Pack, design: Design, languages: Sequence[str]) -> Checked:
    """Lays out every piece in each language: what cannot be laid out, text that does not fit,
    letters a font lacks; and the pieces and rulebook of each language that could be made."""
    findings: list[Finding] = []
    said: list[Finding] = []
    laid: dict[str, list[Piece]] = {}
    documents: dict[str, Document] = {}
    for lang in languages:
        try:
            pieces, overflows = lay_out(pack, design, lang)
        except InputError as exc:
            findings += exc.findings
            continue
        laid[lang] = pieces
        # text that does not fit is an error here; a picture too coarse to print stays a warning
        findings += [Finding(f.file, f.line, f.key, f.message) if too_long(f) else f for f in overflows]
        said += [f for f in overflows if not too_long(f)]
        if book.has_rulebook(pack):
            try:  # the template, its keys and the example record, as build would meet them
                documents[lang], _ = book.make_document(pack, design, pieces, lang)
                findings += book.missing_glyphs(documents[lang], design)
            except InputError as exc:
                findings += exc.findings
        for piece in pieces:
            for ops in (piece.front, piece.back or ()):
                findings += missing_glyphs(f"{piece.key} [{lang}]", ops)
    return Checked(findings, laid, documents, said)


def check_tts(pack: Pack, design: Design) -> list[Finding]:
    """The pack's `tts.yaml`, if it has one: every pattern matches, every deck has one size and one back."""
    if pack.tts is None:
        return []
    try:
        pieces, _ = lay_out(one_of_each(pack), design, i18n.FALLBACK)
        resolve(*pack.tts, pieces, {})
    except InputError as exc:
        return exc.findings
    return []


BOOK = "rulebook."


def check_catalogs(pack: Pack, design: Design) -> list[Finding]:
    """English must say everything the game needs; every language must match it (pack/translation.py).

    A score sheet that failed to load names no keys and fills no placeholders; as what it would
    use cannot be known, no key is called unused and no placeholder unknown: its own errors are
    the report, not their echoes in the catalogs."""
    root = pack.files.root / "i18n"
    sheet_failed = bool(pack.sheet_findings)
    english = pack.catalogs[i18n.FALLBACK]
    required = (pack.model.required_keys() if pack.model else []) + (catalog_keys(pack.sheet) if pack.sheet else [])
    missing = [key for key in required if key not in english]
    out = [Finding(root / "en.yaml", None, key, "missing in the English catalog") for key in missing]
    numbers = set(pack.numbers())
    model_values = {
        **(pack.model.call_values() if pack.model else {}),
        **(call_values(pack.sheet) if pack.sheet else {}),
    }
    plurals = plural_stems(english)
    for lang, catalog in sorted(pack.catalogs.items()):  # the allowed names are the code's, whatever English says
        for key, text in catalog.items():
            stem = key.rpartition(".")[0]
            allowed = numbers | i18n.CALL_VALUES.get(key, i18n.CALL_VALUES.get(stem, frozenset()))
            allowed |= model_values.get(key, frozenset()) | ({"count"} if stem in plurals else set())
            if key.startswith(BOOK):  # the rulebook's template passes each paragraph its own values
                allowed |= i18n.fields(english.get(key, ""))
            problems = i18n.placeholder_problems(text, None if sheet_failed else allowed, lang)
            out += [Finding(root / f"{lang}.yaml", None, key, p) for p in problems]
    out += markup.check(pack, design)
    used = None if sheet_failed else used_keys(pack, design)
    for lang in pack.languages:
        file = root / f"{lang}.yaml"
        done = state(pack, lang, used)
        left = done.total - done.translated
        if left:
            out.append(Finding(file, None, "", f"{left} keys not translated (English is used)", "warning"))
        for p in done.problems:
            if p.kind == "placeholders":
                out.append(Finding(file, None, p.key, f"placeholders differ from the English: {p.detail}"))
            elif p.kind == "unused":
                out.append(Finding(file, None, p.key, p.detail, "warning"))
    return out
