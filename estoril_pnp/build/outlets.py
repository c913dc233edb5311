"""The pack for a print shop or for a cutting machine: every language laid out and planned before
any file is written (a finding stops the build with nothing written), then each language's folder
OUT/<lang>/<shop> or OUT/<lang>/<machine>-<paper> written whole, at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Finding, InputError
from ..export.cmyk import Separation, check_ink_limit, load_profile, separated
from ..export.cutfiles import write_cut_set
from ..export.shopfiles import write_shop
from ..export.shops import FileKind, Shop, check_bleed, find_shop, plan_shop
from ..files.outdir import output_folder
from ..files.resources import package_dir
from ..files.safepath import inside
from ..pack.about import about
from ..preflight.report import check_file
from ..preflight.rules import rules
from ..render.cutter import CUTTERS, CutSheet, Machine, plan_cut
from ..render.imposition import Backs, DoesNotFit, Paper
from ..render.piece import Piece
from .printset import by_size, for_print, lay_out_languages

if TYPE_CHECKING:
    from ..pack.load import Pack
    from ..render.sheets import Progress


def chosen_outlet(
    shop: str | None,
    cutter: str | None,
    bleed: float | None,
    corner: float,
    cmyk: Path | None,
    ink_limit: float | None = None,
) -> tuple[Shop | Machine, Separation | None]:
    """The shop or the cutting machine asked for (one of them is), and the CMYK separation (its
    profile and ink limit: `ink_limit`, else the shop's), every option checked against the other;
    InputError naming the option at fault."""
    if shop is not None and cutter is not None:
        raise InputError([Finding("--cutter", None, "", "a shop cuts its own cards: give --shop or --cutter")])
    if cutter is not None and cutter not in CUTTERS:
        known = ", ".join(CUTTERS)
        raise InputError([Finding("--cutter", None, "", f"unknown cutter '{cutter}'; choose one of {known}")])
    if not 0 <= corner <= 10:
        raise InputError([Finding("--corner", None, "", f"must be between 0 and 10 mm (got {corner:g})")])
    chosen = find_shop(shop) if shop is not None else None
    if chosen is not None and (findings := check_bleed(chosen, bleed)):
        raise InputError(findings)
    if cmyk is not None and chosen is not None and chosen.kind is not FileKind.pdf:
        takes = f"{chosen.name} takes PNG images, {chosen.colour}"
        raise InputError([Finding("--cmyk", None, "", f"{takes}; CMYK is for a shop that takes PDF")])
    if ink_limit is not None and cmyk is None:
        raise InputError([Finding("--ink-limit", None, "", "only with --cmyk; leave it out")])
    if ink_limit is not None and (findings := check_ink_limit(ink_limit)):
        raise InputError(findings)
    separation = None
    if cmyk is not None and chosen is not None:  # a shop that takes PDF: each publishes its limit
        assert chosen.ink_limit is not None, chosen.key
        separation = Separation(cmyk, load_profile(cmyk), chosen.ink_limit if ink_limit is None else ink_limit)
    return chosen or CUTTERS[cutter or ""], separation


def shop_plans(
    pack: Pack,
    languages: Sequence[str],
    shop: Shop,
    warn: Callable[[str], None],
    checked: Mapping[str, Sequence[Piece]] | None = None,
) -> tuple[dict[str, list[Piece]], list[Finding]]:
    """Each language's pieces (those the checks laid out, `checked`, as they are) on the shop's
    cards, and every finding (warnings: pieces left out)."""
    plans, findings = {}, []
    for code, pieces in lay_out_languages(pack, languages, warn, checked).items():
        plans[code], found = plan_shop(pieces, shop)
        findings += found
    return plans, list(dict.fromkeys(findings))


def build_shop(
    pack: Pack,
    languages: Sequence[str],
    shop: Shop,
    out_dir: Path,
    progress: Progress,
    warn: Callable[[str], None] = lambda _: None,
    separation: Separation | None = None,
    checked: Mapping[str, Sequence[Piece]] | None = None,
) -> list[Path]:
    """The shop's files for every language, in `separation`'s CMYK if given; InputError, and no
    file, for any error found. `checked`: pieces the checks laid out, drawn as they are."""
    plans, findings = shop_plans(pack, languages, shop, warn, checked)
    errors = [f for f in findings if f.severity == "error"]
    if not errors and not any(plans.values()):
        errors = [Finding("--shop", None, "", f"{shop.name} has a card for none of this pack's pieces")]
    if errors:
        raise InputError(errors)
    if shop.asks_cmyk and separation is None:  # no CMYK profile ships with us: the shop's press names its own
        asked = f"{shop.name} asks for CMYK; these PDFs are RGB (give --cmyk PROFILE.icc, the profile of its press)"
        findings = [*findings, Finding("--cmyk", None, "", asked, "warning")]
    for finding in findings:
        warn(str(finding))
    files = []
    for code, placed in plans.items():
        if separation is not None:
            placed = separated(placed, separation.profile, separation.limit)
        folder = inside(out_dir, out_dir / code / shop.key)
        with output_folder(folder, (pack.files.root, package_dir())) as staging:
            written = write_shop(placed, shop, staging, progress, separation, partial(about, pack, code))
        files += [folder / p.relative_to(staging) for p in written]
    return files


def preflight_shop(files: Sequence[Path], shop: Shop, separation: Separation | None) -> list[Finding]:
    """What the shop's own preflight would say of the files written for it (`estoril-pnp preflight
    --shop`, with the build's `--cmyk` and ink limit): every fault, each at its file and page. An RGB
    build for a shop that asks for CMYK was said once already, with its fix (`build_shop`): its
    colours are not said again page by page."""
    asked = rules(shop, cmyk=separation is not None, ink_limit=separation.limit if separation else None)
    return [finding for path in files for finding in check_file(path, str(path), asked)]


def build_cutter(
    pack: Pack,
    languages: Sequence[str],
    machine: Machine,
    paper: Paper,
    bleed: float,
    corner: float,
    out_dir: Path,
    progress: Progress,
    warn: Callable[[str], None] = lambda _: None,
    checked: Mapping[str, Sequence[Piece]] | None = None,
) -> list[Path]:
    """Print-and-cut sheets and their cut files for every language: fronts, and a piece's own
    reverse as a piece of its own (a cut sheet is printed on one side). A piece too large to sit
    between the marks is left out with a warning; InputError, and no file, if that is every piece.
    `checked`: pieces the checks laid out, drawn as they are."""
    laid_out = lay_out_languages(pack, languages, warn, checked)
    plans: dict[str, dict[str, list[tuple[CutSheet, Sequence[Piece]]]]] = {}
    left_out = []
    for code, pieces in laid_out.items():
        plans[code] = {}
        for group, members in for_print(pieces, Backs.none).items():
            for (width, height, outline), batch in by_size(members).items():
                try:
                    sheet = plan_cut(paper, machine, width, height, bleed, corner, outline)
                except DoesNotFit as exc:
                    left_out.append(Finding(group, None, batch[0].key, f"{exc}; left out", "warning"))
                    continue
                plans[code].setdefault(group, []).append((sheet, batch))
    if not any(plans.values()):
        raise InputError([Finding("--cutter", None, "", f"no piece of this pack fits between {machine.name}'s marks")])
    for finding in dict.fromkeys(left_out):
        warn(str(finding))
    files = []
    for code, groups in plans.items():
        folder = inside(out_dir, out_dir / code / f"{machine.key}-{paper.name.lower()}")
        with output_folder(folder, (pack.files.root, package_dir())) as staging:
            written = [
                p
                for group, batches in groups.items()
                for p in write_cut_set(group, batches, bleed, staging, progress, about(pack, code, group))
            ]
        files += [folder / p.relative_to(staging) for p in written]
    return files
