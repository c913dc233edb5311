"""Every check of a pack, gathered into one report for `estoril-pnp validate`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import i18n
from .errors import Finding, InputError
from .model import Pack
from .pack import load_pack
from .render.catalogue import resolve_specs
from .render.coverage import missing_glyphs
from .render.fonts import register_fonts


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
    findings = check_counts(pack, pack_dir) + check_catalogs(pack, pack_dir)
    # The pieces are laid out whatever else was found: every check runs, every finding is reported.
    try:
        findings += check_pieces(pack)
    except InputError as exc:  # the layout file, an icon or a text is broken
        findings += exc.findings
    except Exception as exc:  # the layout code met data it cannot lay out: a failed check, not a crash
        findings.append(layout_failure(pack_dir, exc))
    return Report(pack_dir, pack, findings)


def layout_failure(pack_dir: Path, exc: Exception) -> Finding:
    """Layout code that raised on a pack's data (such as a piece size missing for a kind of piece)."""
    return Finding(pack_dir, None, "", f"the pieces could not be laid out ({type(exc).__name__}: {str(exc)[:200]})")


def check_pieces(pack: Pack) -> list[Finding]:
    """Lays out every piece in every language: text that does not fit, glyphs a font lacks."""
    register_fonts()
    findings: list[Finding] = []
    for lang in sorted(pack.catalogs):
        groups, overflows = resolve_specs(pack, lang)
        findings += overflows
        for pieces in groups.values():
            for piece in pieces:
                for ops in (piece.front, piece.back or ()):
                    findings += missing_glyphs(f"{piece.spec.key} [{lang}]", ops)
    return findings


def check_counts(pack: Pack, pack_dir: Path) -> list[Finding]:
    want = pack.components.counts
    have = {
        "reward_characters": (len(pack.reward), "characters.yaml", "reward"),
        "starting_characters": (len(pack.starting), "characters.yaml", "starting"),
        "missions": (len(pack.missions), "missions.yaml", "missions"),
        "locations": (len(pack.locations), "locations.yaml", "locations"),
    }
    return [
        Finding(pack_dir / file, None, key, f"{n} entries, but the game has {getattr(want, name)}")
        for name, (n, file, key) in have.items()
        if n != getattr(want, name)
    ]


def check_catalogs(pack: Pack, pack_dir: Path) -> list[Finding]:
    """English must say everything; other languages are warned about what falls back."""
    out: list[Finding] = []
    en = pack.catalogs[i18n.FALLBACK]
    for key in i18n.required_keys(pack):
        if key not in en:
            out.append(Finding(pack_dir / "i18n/en.yaml", None, key, "missing in the English catalog"))
    for lang, catalog in sorted(pack.catalogs.items()):
        file = pack_dir / f"i18n/{lang}.yaml"
        for key, text in catalog.items():
            if key not in en:
                out.append(Finding(file, None, key, "not a key of the English catalog", "warning"))
            for problem in i18n.placeholder_problems(text, i18n.allowed_values(pack, key)):
                out.append(Finding(file, None, key, problem))
        if lang != i18n.FALLBACK:
            missing = [k for k in en if k not in catalog]
            if missing:
                out.append(Finding(file, None, "", f"{len(missing)} keys not translated (English is used)", "warning"))
    return out

