"""Items: one thing to print each, with its id and the values of its sides; and a pack's own
files of items, read once when the pack is read, so a bad id stops every command.

An items file is YAML (`{id, face: {element: value}, reverse: {…}}` each), or a spreadsheet
(CSV, XLSX or ODS: `source/spreadsheet.py`) whose header row names the fields: `id`, then a
column per element of the face (`name`), of the reverse (`reverse.name`), or one style key of
an element (`name.colour`); `NAME@LANG` is that language's own value. A cell is kept as written,
text, until the layout that shows it says what it must be (`pack/cells.py`); a cell
`key:some.key` names a catalog text as `{key: some.key}` does in YAML; an empty cell is a value
the item does not give, as a missing key in YAML."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from typing import Any

from ..errors import Finding, InputError
from ..source import names, yamlsrc
from ..source.packfiles import PackFiles
from .manifest import Manifest

Values = dict[str, Any]  # layout element name -> its value for one piece
YAML_FILES = (".yaml", ".yml")
SHEET_FILES = (".csv", ".xlsx", ".ods")
ITEM_FILES = YAML_FILES + SHEET_FILES
SIDES = ("face", "reverse")
KEY_CELL = "key:"  # a cell that names a catalog text
# a column: [reverse.]element[.style key][@language]
COLUMN = re.compile(
    r"^(?:(?P<reverse>reverse)\.)?(?P<field>[A-Za-z0-9_][A-Za-z0-9_-]*(?:\.[a-z_]+)?)(?:@(?P<lang>[A-Za-z_-]+))?$"
)
Field = tuple[str, str, str]  # (side, field, language): "" for every language


@dataclass(frozen=True)
class Item:
    """One thing to print: its id, the values of its face and of its own second side."""

    id: str
    face: Values
    reverse: Values = field(default_factory=dict)
    translated: Mapping[str, tuple[Values, Values]] = field(default_factory=dict)  # a language's own face, reverse
    where: Mapping[Field, Finding] = field(default_factory=dict, compare=False)  # each value's place, no message
    as_written: bool = False  # a spreadsheet's cells: text, typed by the layout that shows them (pack/cells.py)

    def in_language(self, lang: str) -> Item:
        """The item as `lang` shows it: its own values over everyone's."""
        own = self.translated.get(lang)
        if not own:
            return self
        return replace(self, face={**self.face, **own[0]}, reverse={**self.reverse, **own[1]})

    def at(self, side: str, name: str, lang: str) -> Finding:
        """Where the value `lang` shows for `name` is written, as a finding without its message."""
        return self.where.get((side, name, lang)) or self.where.get((side, name, ""), Finding("", None, name, ""))


@dataclass(frozen=True)
class Column:
    """A spreadsheet's column, as its header names it."""

    side: str
    field: str  # element, or element.style
    lang: str  # "" for every language
    header: Finding  # where it is named, no message

    @property
    def element(self) -> str:
        return self.field.split(".", 1)[0]


@dataclass(frozen=True)
class ItemFile:
    """An items file as read: its items, and a spreadsheet's columns (empty for YAML)."""

    items: list[Item]
    columns: tuple[Column, ...] = ()


def read_item_files(
    files: PackFiles, manifest: Manifest, manifest_src: yamlsrc.Located | None = None
) -> tuple[dict[str, ItemFile], list[Finding]]:
    """Every items file the manifest names, by its name; and every fault in them."""
    out: dict[str, ItemFile] = {}
    findings: list[Finding] = []
    first = {}  # each source, by the first kind that names it
    for kind_name, kind in manifest.pieces.items():
        first.setdefault(kind.items, kind_name)
    for source, kind in first.items():
        name, _, sheet = source.partition("#")
        suffix = PurePosixPath(name).suffix.lower()
        try:
            if suffix in YAML_FILES and not sheet:
                out[source] = ItemFile(read_items(files, name))
            elif suffix in SHEET_FILES:
                out[source] = read_sheet(files, name, sheet or None)
            elif suffix and manifest_src is not None:
                message = f"estoril-pnp does not read items from a {suffix} file; it reads {', '.join(ITEM_FILES)}"
                if suffix in YAML_FILES:
                    message = f"a YAML file has no sheets: name it without #{sheet}"
                findings.append(manifest_src.finding(("pieces", kind, "items"), message))
        except InputError as exc:
            findings += exc.findings
    return out, findings


def read_items(files: PackFiles, name: str) -> list[Item]:
    """A pack's own list of items: each `{id, face: {element: value}, reverse: {…}}`."""
    src = yamlsrc.read(files.path(name))
    if not isinstance(src.data, list):
        raise InputError([src.finding((), "an items file is a list of items")])
    items, problems = [], []
    for i, entry in enumerate(src.data):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str | int):
            problems.append(src.finding((i,), "an item is a mapping with an id"))
            continue
        bad_id = names.problem(str(entry["id"]))
        if bad_id:
            problems.append(src.finding((i, "id"), bad_id))
        unknown = set(entry) - {"id", "face", "reverse"}
        for key in sorted(unknown):
            problems.append(src.finding((i, key), "unknown key; an item has id, face and reverse"))
        sides = {side: entry.get(side) or {} for side in ("face", "reverse")}
        for side, values in sides.items():
            if not isinstance(values, dict):
                problems.append(src.finding((i, side), "expected a mapping of element names to values"))
        if not unknown and not bad_id and all(isinstance(v, dict) for v in sides.values()):
            where = {(side, key, ""): src.finding((i, side, key), "") for side in SIDES for key in sides[side]}
            items.append(Item(str(entry["id"]), sides["face"], sides["reverse"], where=where))
    if problems:
        raise InputError(problems)
    return items


def read_sheet(files: PackFiles, name: str, sheet: str | None) -> ItemFile:
    """A spreadsheet of items: a header row, then a row per item (a blank row is skipped)."""
    from ..source.spreadsheet import as_text, read_table

    table = read_table(files.path(name), sheet)
    problems: list[Finding] = []
    columns: dict[int, Column] = {}
    seen: dict[tuple[str, str, str], str] = {}
    id_column = None
    for cell in table.header:
        text = as_text(cell.value) if not cell.error else cell.error
        match = COLUMN.fullmatch(text)
        where = table.finding(cell.row, cell.column, "", text)
        if text == "id":
            id_column = cell.column
            continue
        if match is None:
            problems.append(
                replace(
                    where,
                    message="a column is named id, an element (name), reverse.element, element.style_key, "
                    "or any of these @ a language (name@pl)",
                )
            )
            continue
        side = "reverse" if match["reverse"] else "face"
        lang = match["lang"] or ""
        lang = "" if lang == "en" else lang  # English is everyone's text: ability and ability@en are one column
        key = (side, match["field"], lang)
        if key in seen:
            problems.append(replace(where, message=f"names the same values as column {seen[key]}"))
            continue
        seen[key] = text
        columns[cell.column] = Column(side, match["field"], lang, where)
    if id_column is None:
        problems.append(table.finding(table.header[0].row, None, "no column is called id: each item needs one"))
        raise InputError(problems)
    items: list[Item] = []
    ids: dict[str, int] = {}
    for row in table.rows:
        by_column = {c.column: c for c in row}
        errors = [c for c in row if c.error]
        problems += [
            table.finding(c.row, c.column, f"the formula's saved value is the error {c.error}", table.name(c.column))
            for c in errors
        ]
        id_cell = by_column.get(id_column)
        if id_cell is None:
            problems.append(
                table.finding(
                    row[0].row, id_column, "this row has no id (a blank row is skipped; this one is not blank)", "id"
                )
            )
            continue
        item_id = as_text(id_cell.value)
        bad = names.problem(item_id) if not id_cell.error else None
        if bad:
            problems.append(table.finding(id_cell.row, id_column, bad, "id"))
            continue
        if item_id in ids:
            other = f"line {ids[item_id]}" if table.sheet is None else f"row {ids[item_id]}"
            problems.append(table.finding(id_cell.row, id_column, f"a second item {item_id!r} (also on {other})", "id"))
            continue
        ids[item_id] = id_cell.row
        sides: dict[str, dict[str, Values]] = {"": {"face": {}, "reverse": {}}}
        where: dict[Field, Finding] = {}
        for cell in row:
            column = columns.get(cell.column)
            if column is None or cell.error:
                continue
            text = as_text(cell.value)
            value: Any = {"key": text[len(KEY_CELL) :].strip()} if text.startswith(KEY_CELL) else text
            sides.setdefault(column.lang, {"face": {}, "reverse": {}})[column.side][column.field] = value
            where[(column.side, column.field, column.lang)] = table.finding(
                cell.row, cell.column, "", table.name(cell.column)
            )
        shared = sides.pop("")
        translated = {lang: (own["face"], own["reverse"]) for lang, own in sides.items()}
        items.append(Item(item_id, shared["face"], shared["reverse"], translated, where, as_written=True))
    if problems:
        raise InputError(problems)
    return ItemFile(items, tuple(columns.values()))
