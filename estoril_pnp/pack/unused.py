"""What a pack holds that would print nothing, named by `validate`:
- an item's field, or a spreadsheet's column, that no layout of its pieces shows and no rulebook
  template names (a typo: `titel` for `title`), a style key its element does not take, a column for
  a language the pack has no catalog of;
- a file in a folder the pack's data is read from (`i18n/`, `layouts/`, `icons/`, `images/`) that no
  reader takes: its extension is not read there, or, in `i18n/`, its name is no language code
  (`notes.yaml` is named here, never read as a language).
A score sheet names its own pieces (`scoring.yaml`), so it uses no item field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import get_close_matches
from pathlib import Path

from ..errors import Finding
from ..render.layout import ACCEPTS, Design
from ..source import names
from .items import Column, Item
from .load import Pack, is_catalog

# what each folder's readers take; hidden files (a desktop's .DS_Store) are nobody's
READ = {
    "i18n": (".yaml",),
    "layouts": (".yaml",),
    "icons": (".svg",),
    "images": (".png", ".jpg", ".jpeg", ".webp", ".svg"),
}
NOTES = (".md", ".txt")  # a licence or an attribution beside the files it speaks of: read by people
I18N_FOLDERS = ("terms",)  # i18n/terms/LANG.yaml: each language's term list (i18n/terms.py)
# the names a rulebook template reads from an item: card.face.name, card.face["name"]
_TEMPLATE_NAME = re.compile(r"\.\s*([A-Za-z_][A-Za-z0-9_]*)|\[\s*['\"]([^'\"]+)['\"]\s*\]")


def unused_fields(pack: Pack, design: Design) -> list[Finding]:
    """Every item field and spreadsheet column that nothing shows, each where it is written."""
    named = _template_names(pack.files.root / "rulebook")
    out: list[Finding] = []
    for source, items in pack.items.items():
        layouts: dict[str, list[str]] = {"face": [], "reverse": []}
        for kind in pack.manifest.pieces.values():
            if kind.items == source:
                layouts["face"].append(kind.face)
                layouts["reverse"] += [kind.reverse] if kind.reverse else []
        elements = {
            side: {el.name: el.verb for name in names if name in design.layouts for el in design.layouts[name].elements}
            for side, names in layouts.items()
        }
        if any(name not in design.layouts for names in layouts.values() for name in names):
            continue  # a layout that does not exist is the finding (pieces/lay_out.py), not each field it lacks
        if source in pack.columns:
            out += _columns(pack.columns[source], elements, layouts, named, pack.languages)
        else:
            out += _fields(items, elements, layouts, named)
    return out


def _columns(
    columns: Iterable[Column],
    elements: dict[str, dict[str, str]],
    layouts: dict[str, list[str]],
    named: set[str],
    languages: list[str],
) -> list[Finding]:
    out = []
    for column in columns:
        verb = elements[column.side].get(column.element)
        _, _, style = column.field.partition(".")
        if column.lang and column.lang not in languages:
            message = f"no catalog i18n/{column.lang}.yaml: the pack's languages are {', '.join(languages)}"
            out.append(Finding(column.header.file, column.header.line, column.header.key, message))
        elif verb is None and column.element not in named:
            why = _nothing(column.element, column.side, elements, layouts, "column")
            out.append(Finding(column.header.file, column.header.line, column.header.key, why))
        elif verb is not None and style and style not in ACCEPTS[verb]:
            message = f"a {verb} has no style key {style!r}; it takes {', '.join(sorted(ACCEPTS[verb]))}"
            out.append(Finding(column.header.file, column.header.line, column.header.key, message))
    return out


def _fields(
    items: Iterable[Item], elements: dict[str, dict[str, str]], layouts: dict[str, list[str]], named: set[str]
) -> list[Finding]:
    out = []
    for item in items:
        for (side, name, _), where in item.where.items():
            if name not in elements[side] and name not in named:
                why = _nothing(name, side, elements, layouts, "value")
                out.append(Finding(where.file, where.line, where.key, why))
    return out


def _nothing(
    name: str, side: str, elements: dict[str, dict[str, str]], layouts: dict[str, list[str]], what: str
) -> str:
    if name == "copies":
        return "copies are set per kind of piece in components.yaml (copies: N), not per item"
    if side == "reverse" and not layouts["reverse"]:
        return f"these pieces have no reverse of their own (components.yaml: reverse:), so this {what} prints nothing"
    shown = ", ".join(f"'{n}'" for n in dict.fromkeys(layouts[side]))
    close = get_close_matches(name, list(elements[side]), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"no element of layout {shown} is called '{name}', so this {what} prints nothing{hint}"


def _template_names(folder: Path) -> set[str]:
    """Every name a pack's rulebook templates read with `.name` or `["name"]`: an item's field
    shown only in the rulebook is used."""
    names: set[str] = set()
    for file in sorted(folder.glob("*.j2")) if folder.is_dir() else []:
        for match in _TEMPLATE_NAME.finditer(file.read_text(encoding="utf-8", errors="replace")):
            names.add(match.group(1) or match.group(2))
    return names


def unread_files(root: Path) -> list[Finding]:
    """Every file in the pack's data folders that no reader takes, as a warning naming it."""
    out: list[Finding] = []
    for folder, kinds in READ.items():
        top = root / folder
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            relative = path.relative_to(top)
            if any(part.startswith(".") for part in relative.parts) or path.is_dir():
                continue
            why = _unread(folder, relative, kinds)
            if why:
                out.append(Finding(path, None, "", why, "warning"))
    return out


def _unread(folder: str, relative: Path, kinds: tuple[str, ...]) -> str | None:
    """Why no reader takes the file at `relative` inside `folder`; None when one does."""
    suffix = relative.suffix.lower()
    if folder in ("icons", "images"):  # art travels with its licence and attribution, read by people
        return None if suffix in kinds or suffix in NOTES else f"not read: {folder}/ holds {', '.join(kinds)} files"
    if folder == "i18n" and len(relative.parts) == 2 and relative.parts[0] in I18N_FOLDERS and suffix == ".yaml":
        return None
    if len(relative.parts) > 1:
        return f"not read: {folder}/ is read without its subfolders"
    if folder == "i18n":
        if is_catalog(relative):
            return None
        if suffix == ".yaml" and names.is_name(relative.stem):  # not a name at all: refused when read (load.py)
            return f"not read as a language: '{relative.stem}' is no language code (en, pl, pt_br)"
        return None if suffix == ".yaml" else "not read: i18n/ holds one catalog per language, LANG.yaml"
    return None if suffix in kinds else f"not read: {folder}/ holds {', '.join(kinds)} files"
