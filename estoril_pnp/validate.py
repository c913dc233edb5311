"""Every check of a pack, gathered into one report for `estoril-pnp validate`.

Every check runs whatever the others found, so one report lists every fault; what
`validate` accepts, `build` builds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import i18n
from .errors import Finding, InputError
from .pack import Pack, load_pack
from .pieces import lay_out
from .render.coverage import missing_glyphs
from .render.fonts import register_fonts
from .render.layout import load_design


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


def validate(pack_dir: Path) -> Report:
    try:
        pack = load_pack(pack_dir)
    except InputError as exc:
        return Report(pack_dir, None, exc.findings)
    findings = pack.model.check(pack.files, pack.manifest) if pack.model else []
    findings += check_catalogs(pack)
    findings += check_pieces(pack)
    return Report(pack_dir, pack, list(dict.fromkeys(findings)))


def check_pieces(pack: Pack) -> list[Finding]:
    """Lays out every piece in every language: what cannot be laid out, text that does not fit,
    letters a font lacks."""
    register_fonts()
    try:
        design = load_design(pack.files)
    except InputError as exc:
        return exc.findings
    findings: list[Finding] = []
    for lang in pack.languages:
        try:
            pieces, overflows = lay_out(pack, design, lang)
        except InputError as exc:
            findings += exc.findings
            continue
        findings += [Finding(f.file, f.line, f.key, f.message) for f in overflows]  # an overflow is an error here
        for piece in pieces:
            for ops in (piece.front, piece.back or ()):
                findings += missing_glyphs(f"{piece.key} [{lang}]", ops)
    return findings


def check_catalogs(pack: Pack) -> list[Finding]:
    """English must say everything; other languages are warned about what falls back.

    A plural is a group of keys `name.one`, `name.other`, …: each language gives the CLDR
    categories it has, with the same placeholders as the English `other`.
    """
    out: list[Finding] = []
    allowed = set(pack.model.numbers()) if pack.model else set()
    en = pack.catalogs[i18n.FALLBACK]
    root = pack.files.root / "i18n"
    for key in pack.model.required_keys() if pack.model else []:
        if key not in en:
            out.append(Finding(root / "en.yaml", None, key, "missing in the English catalog"))
    plurals = {key.rsplit(".", 1)[0] for key in en if key.endswith(".other")}
    for lang, catalog in sorted(pack.catalogs.items()):
        file = root / f"{lang}.yaml"
        categories = i18n.plural_categories(lang)
        for key, text in catalog.items():
            stem, _, form = key.rpartition(".")
            reference = en.get(key)
            if reference is None and stem in plurals and form in categories:
                reference = en[f"{stem}.other"]
            if reference is None:
                out.append(Finding(file, None, key, "not a key of the English catalog", "warning"))
                continue
            names = i18n.fields(text)
            unknown = names - allowed - i18n.fields(reference) - {"count"}
            if unknown:
                out.append(Finding(file, None, key, f"unknown or malformed placeholder(s) {sorted(unknown)}"))
        if lang != i18n.FALLBACK:
            missing = [k for k in en if k not in catalog and not _plural_form(k, plurals)]
            missing += [
                f"{stem}.{form}"
                for stem in sorted(plurals)
                for form in sorted(categories)
                if f"{stem}.{form}" not in catalog
            ]
            if missing:
                out.append(Finding(file, None, "", f"{len(missing)} keys not translated (English is used)", "warning"))
    return out


def _plural_form(key: str, plurals: set[str]) -> bool:
    return key.rpartition(".")[0] in plurals
