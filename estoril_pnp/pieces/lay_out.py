"""Every piece of a pack in one language, as plain data: the manifest says what is printed,
the game model (or a YAML file of items) says what each piece shows, the layouts say where.

Pure apart from reading an items file: a layout plus an item's values become drawing
operations, text fitted; what cannot be laid out is a finding, never a half-made piece.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Finding, InputError
from ..i18n.catalogs import FALLBACK, MissingText, Texts
from ..pack.cells import typed
from ..pack.items import Item, Values
from ..pack.load import Pack
from ..pack.manifest import PieceKind
from ..render.layout import Design, Layout
from ..render.ops import Op
from ..render.options import DEFAULT_BLEED
from ..render.picture import coarse
from ..render.piece import Piece
from ..render.resolve import PIECE_DATA, resolve
from ..source import names


@dataclass
class _Translate:
    """Catalog look-ups for the resolve step; a key no catalog has becomes a finding."""

    texts: Texts
    missing: dict[str, str] = field(default_factory=dict)  # key -> the layout that used it
    layout: str = ""

    def __call__(self, key: str) -> str:
        try:
            return self.texts(key)
        except MissingText:
            self.missing.setdefault(key, self.layout)
            return key


# Printed pieces in one language: the shipped game has 111. Each kind's copies are bounded, the
# number of kinds is not, so this bounds the work of a build (3,000 kinds of 1,000 copies is no set).
MAX_PIECES = 10_000


def lay_out(pack: Pack, design: Design, lang: str) -> tuple[list[Piece], list[Finding]]:
    """Every piece in print order, and every text that does not fit (still set, at its minimum size).

    InputError for what cannot be laid out at all: a missing layout, a size that disagrees
    with the manifest, a missing catalog key, an unknown items source.
    """
    translate = _Translate(pack.texts(lang))
    problems: list[Finding] = []
    overflows: list[Finding] = []
    pieces: list[Piece] = []
    total = 0
    for name, kind in pack.manifest.pieces.items():
        try:
            layouts = {side: _layout(pack, design, name, kind, side) for side in ("face", "back", "reverse")}
            items = _items(pack, design, name, kind, translate.texts)
        except InputError as exc:
            problems += exc.findings
            continue
        total += len(items) * kind.copies
        if total > MAX_PIECES:
            message = f"more than {MAX_PIECES:,} pieces in all (items × copies); a print-and-play set has far fewer"
            problems.append(pack.manifest_src.finding(("pieces", name), message))
            break
        back_key = f"{kind.group}/back"
        try:
            shared = _side(design, layouts["back"], None, "face", translate, overflows, back_key, lang, back_key)
        except InputError as exc:
            problems += [_on_piece(f, back_key, lang) for f in exc.findings]
            continue
        seen: set[str] = set()
        for item in items:
            at = ("pieces", name)
            # a model may join ids (`hans_r/red`); each part is a name, or the key would be a path
            bad = [names.problem(part) for part in item.id.split("/") if names.problem(part)]
            if bad:
                problems.append(pack.manifest_src.finding(at, f"an item's {bad[0]}"))
                continue
            if item.id in seen:
                problems.append(pack.manifest_src.finding(at, f"two items with id {item.id!r}"))
            seen.add(item.id)
            first = piece_key(kind, item.id, 1)
            try:  # a spreadsheet's cells, as this language shows them, typed by the layouts; each fault at its cell
                item = typed(item, layouts["face"], layouts["reverse"], design, lang)
            except InputError as exc:
                problems += exc.findings
                continue
            try:  # the copies are alike: laid out, and reported, once
                art = f"{kind.group}/{item.id}"  # a picture too coarse is said once for every copy
                front = _side(design, layouts["face"], item, "face", translate, overflows, first, lang, art)
                own = _side(design, layouts["reverse"], item, "reverse", translate, overflows, first, lang, art)
            except InputError as exc:
                for f in exc.findings:
                    at = _located(item, f, lang) if isinstance(exc, _MarkupFaults) else None
                    problems.append(at or _on_piece(f, first, lang))
                continue
            assert front is not None
            back = own if kind.reverse else shared
            size, outline = (kind.width, kind.height), kind.shape
            numbered = kind.copies > 1  # as piece_key numbers the keys
            for n in range(1, kind.copies + 1):
                key = piece_key(kind, item.id, n)
                pieces.append(
                    Piece(key, kind.group, lang, *size, front, back, bool(kind.back), n if numbered else 0, outline)
                )
    catalog = pack.files.root / "i18n" / f"{FALLBACK}.yaml"
    problems += [
        Finding(catalog, None, key, f"no text for this key, which layout '{layout}' uses")
        for key, layout in translate.missing.items()
    ]
    if problems:
        raise InputError(problems)
    return pieces, overflows


TOO_LONG = "text does not fit even at its minimum size"


def too_long(finding: Finding) -> bool:
    """Whether a finding of `lay_out` is text that does not fit (the rest are pictures too coarse to print)."""
    return finding.message.startswith(TOO_LONG)


def _on_piece(finding: Finding, key: str, lang: str) -> Finding:
    """A side's finding named by its piece and language, unless it is already located in a file
    (a picture a layout or an items file names keeps its place)."""
    if finding.file not in (PIECE_DATA, ""):
        return finding
    return Finding(f"{key} [{lang}]", None, finding.key, finding.message)


class _MarkupFaults(InputError):
    """Markup a side cannot set (resolve.Fault): an unclosed bold, an unknown icon, a missing face."""


def _located(item: Item, finding: Finding, lang: str) -> Finding | None:
    """A fault in an item's own value, at its line in the pack's items file; None when the value is
    not written there (a layout's text, a model's item)."""
    element = re.split(r"[.\[]", finding.key, maxsplit=1)[0]
    side = "face" if element in item.face else "reverse" if element in item.reverse else None
    at = item.at(side, element, lang) if side else None
    return None if at is None or not at.file else Finding(at.file, at.line, at.key, f"{finding.message} [{lang}]")


def piece_key(kind: PieceKind, item_id: str, copy: int) -> str:
    """group/item, with /copy when the kind has several copies: unique in a language."""
    return f"{kind.group}/{item_id}" + (f"/{copy}" if kind.copies > 1 else "")


def faces(pack: Pack, design: Design, lang: str) -> dict[str, Values]:
    """Every piece's face values by key, as `lay_out` keys them: what an export names its cards from.
    Call it after `lay_out` has accepted the pack: it reports nothing itself."""
    texts = pack.texts(lang)
    out: dict[str, Values] = {}
    for name, kind in pack.manifest.pieces.items():
        face, reverse = (_layout(pack, design, name, kind, side) for side in ("face", "reverse"))
        for item in _items(pack, design, name, kind, texts):
            shown = typed(item, face, reverse, design, lang)
            for n in range(1, kind.copies + 1):
                out[piece_key(kind, item.id, n)] = shown.face
    return out


def _layout(pack: Pack, design: Design, name: str, kind: PieceKind, side: str) -> Layout | None:
    layout_name = getattr(kind, side)
    if layout_name is None:
        return None
    layout = design.layouts.get(layout_name)
    if layout is None:
        raise InputError([pack.manifest_src.finding(("pieces", name, side), f"no layout named '{layout_name}'")])
    if (layout.width, layout.height) != (float(kind.width), float(kind.height)):
        at = layout.where
        raise InputError(
            [
                Finding(
                    at.file,
                    at.line,
                    at.key,
                    f"layout is {layout.width:g} × {layout.height:g} mm but a {name} is "
                    f"{kind.width:g} × {kind.height:g} mm (components.yaml)",
                )
            ]
        )
    return layout


def _side(
    design: Design,
    layout: Layout | None,
    item: Item | None,
    side: str,
    translate: _Translate,
    overflows: list[Finding],
    key: str,
    lang: str,
    art: str,
) -> tuple[Op, ...] | None:
    """One side's operations; what does not fit, and art too coarse to print, added to `overflows`."""
    if layout is None:
        return None
    translate.layout = layout.name
    values: Mapping[str, Any] = {} if item is None else getattr(item, side)
    done = resolve(design, layout, values, translate, lambda element: item and item.at(side, element, lang))
    overflows += [
        Finding(f"{key} [{lang}]", None, o.element, f"{TOO_LONG}: {o.text!r}", "warning") for o in done.overflows
    ]
    root = design.files.root
    for element, op in done.pictures:
        file = Path(op.image)
        shown = (file.relative_to(root) if file.is_relative_to(root) else file).as_posix()
        low = coarse(op, shown, f"{art}: {element}", DEFAULT_BLEED)  # as build's sheets print it
        if low is not None and low not in overflows:
            overflows.append(low)
    if done.faults:  # markup the piece cannot set: the caller names where it is written
        raise _MarkupFaults([Finding("", None, f.element, f.message) for f in done.faults])
    return done.ops


def _items(pack: Pack, design: Design, name: str, kind: PieceKind, t: Texts) -> list[Item]:
    if pack.model is not None:
        made = pack.model.items(kind.items, design, t)
        if made is not None:
            return made
    if kind.items in pack.items:
        return pack.items[kind.items]
    message = f"'{kind.items}' is neither a list the game model provides nor a file of items (.yaml, .csv, .xlsx, .ods)"
    raise InputError([pack.manifest_src.finding(("pieces", name, "items"), message)])


def layout_failure(pack_dir: Path, exc: Exception) -> Finding:
    """Layout code that raised on a pack's data: bad input, reported as such, not a crash."""
    return Finding(pack_dir, None, "", f"the pieces could not be laid out ({type(exc).__name__}: {str(exc)[:200]})")
