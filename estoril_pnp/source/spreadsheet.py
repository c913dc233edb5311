"""A spreadsheet of a pack read into located cells: CSV (comma or semicolon, UTF-8 with or without
a BOM, as Excel and LibreOffice save it), XLSX (openpyxl) or ODS (odfpy). The only module that
imports a spreadsheet library, and only when a pack has such a file.

A formula cell gives the value its program saved; a saved error (#DIV/0!, #REF!, …) is kept as an
error for the reader to refuse. The first row is the header; a row with no value is skipped. Each
cell knows its place: a CSV's line in the file (where its record starts), a workbook's sheet, row
and column letter, so every fault can be put where the designer looks.

python-calamine reads both workbook formats far faster (bench/spreadsheet.py), but reads an error
cell as an empty one (python-calamine issue 105), and an error must be a finding, not a blank card.
"""

from __future__ import annotations

import csv
import io
import math
import re
import zipfile
from dataclasses import dataclass, replace
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from ..errors import Finding, InputError, shown
from .document import MAX_STRING

FORMATS = (".csv", ".xlsx", ".ods")
MAX_BYTES = 10 * 1024 * 1024  # a workbook is zipped XML: larger than the YAML it stands for
MAX_ROWS = 10_000  # as many pieces as a build lays out in all
MAX_COLUMNS = 200
# a workbook is unzipped as it is read: a zip bomb's few kilobytes would fill memory (ODS) or take minutes (XLSX)
MAX_UNZIPPED = 64 * 1024 * 1024
# XML elements a workbook may hold, counted before its library reads it: odfpy builds the whole document
# as objects (about a kilobyte and 60 µs each), openpyxl a cell in some 45 µs, so 64 MiB of small empty
# elements would take minutes and gigabytes; 10,000 rows of a few cells are some 100,000 elements
MAX_ELEMENTS = {".xlsx": 500_000, ".ods": 250_000}
# what no text of a card holds, and a terminal would obey: C0 and C1 controls but tab and line breaks
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")

Value = str | int | float | bool


@dataclass(frozen=True)
class Cell:
    """One cell with a value: its text, number or yes/no as saved (dates as ISO text), or its
    formula's saved error."""

    row: int  # the sheet's row number, or the CSV's line where the record starts
    column: int  # from 0
    value: Value
    error: str = ""  # "#DIV/0!", …: the value is then meaningless


@dataclass(frozen=True)
class Table:
    file: Path
    sheet: str | None  # a workbook's sheet; None for a CSV
    header: tuple[Cell, ...]  # the first row with a value
    rows: tuple[tuple[Cell, ...], ...]  # every later row with a value, only its cells with one

    def finding(self, row: int, column: int | None, message: str, field: str = "", severity: str = "error") -> Finding:
        """A fault at a cell (or a whole row: `column` None), named as the designer's program shows it."""
        if self.sheet is None:
            name = field or (self.name(column) if column is not None else "")
            return Finding(self.file, row, name, message, severity)
        place = f"sheet {self.sheet}, row {row}" + (f", column {letters(column)}" if column is not None else "")
        return Finding(self.file, None, place + (f": {field}" if field else ""), message, severity)

    def name(self, column: int) -> str:
        """The header's text over a column."""
        return next((str(c.value) for c in self.header if c.column == column), letters(column))


def letters(column: int) -> str:
    """A column's letters as spreadsheets show them: 0 → A, 25 → Z, 26 → AA."""
    out = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def read_table(path: Path, sheet: str | None = None) -> Table:
    """The file's table (a workbook's first sheet unless `sheet` names one); InputError if it cannot be read."""
    suffix = path.suffix.lower()
    where = Finding(path, None, "", "")

    def refuse(message: str) -> InputError:
        return InputError([Finding(where.file, None, "", message)])

    try:
        size = path.stat().st_size
    except OSError:
        raise refuse("no such file") from None
    if size > MAX_BYTES:
        raise refuse(f"is {size:,} bytes; a spreadsheet of items may have at most {MAX_BYTES:,}")
    if suffix == ".csv":
        if sheet is not None:
            raise refuse(f"a CSV file has no sheets (asked for sheet {sheet!r})")
        rows = _csv(path)
        name = None
    elif suffix in (".xlsx", ".ods"):
        unzipped = _unzipped(path)
        if unzipped > MAX_UNZIPPED:
            raise refuse(f"unzips to {unzipped:,} bytes; a workbook of items may unzip to at most {MAX_UNZIPPED:,}")
        most = MAX_ELEMENTS[suffix]
        if _elements(path, most) > most:
            raise refuse(f"holds more than {most:,} XML elements: save it as CSV, or with fewer rows and columns")
        name, rows = _xlsx(path, sheet) if suffix == ".xlsx" else _ods(path, sheet)
    else:
        raise refuse(f"not a spreadsheet estoril-pnp reads ({', '.join(FORMATS)})")
    kept = [row for row in rows if row]
    if not kept:
        raise refuse("has no header row: the first row names the fields (id, then one column per element)")
    table = Table(path, name, tuple(kept[0]), tuple(tuple(row) for row in kept[1:]))
    if len(table.rows) > MAX_ROWS:
        raise InputError([table.finding(table.rows[MAX_ROWS][0].row, None, f"more than {MAX_ROWS:,} rows of items")])
    wide = next((c for row in kept for c in row if c.column >= MAX_COLUMNS), None)
    if wide is not None:
        raise InputError([table.finding(wide.row, wide.column, f"more than {MAX_COLUMNS} columns")])
    long = next((c for row in kept for c in row if isinstance(c.value, str) and len(c.value) > MAX_STRING), None)
    if long is not None:
        raise InputError([table.finding(long.row, long.column, f"a cell of more than {MAX_STRING:,} characters")])
    control = next((c for row in kept for c in row if isinstance(c.value, str) and CONTROL.search(c.value)), None)
    if control is not None:
        char = CONTROL.search(str(control.value)).group()  # type: ignore[union-attr]
        message = f"a control character ({shown(char)}) in {shown(control.value)}: a cell holds text to print"
        raise InputError([table.finding(control.row, control.column, message)])
    return table


def _unzipped(path: Path) -> int:
    """The bytes a workbook's zip says it unzips to (Python's zipfile reads no more than said); 0 when
    it is no zip, which the workbook's reader then says in its words."""
    try:
        with zipfile.ZipFile(path) as archive:
            return sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return 0


def _csv(path: Path) -> list[list[Cell]]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")  # Excel's "CSV UTF-8" starts with a byte-order mark
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(
            [Finding(path, line, "", "not UTF-8 text: save it as CSV with the UTF-8 character set")]
        ) from None
    first = text.split("\n", 1)[0]
    # Excel and LibreOffice write ; where the comma is the decimal mark; the header row tells which
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    csv.field_size_limit(MAX_STRING + 1)
    rows: list[list[Cell]] = []
    start = 1
    try:
        for record in reader:
            cells = []
            for i, value in enumerate(record):
                if value.strip():
                    cells.append(Cell(start, i, _cell(value)))
                    if i >= MAX_COLUMNS:  # refused by the caller: no need to make the million cells after it
                        break
            rows.append(cells)
            if len(rows) > MAX_ROWS + 1:
                break
            start = reader.line_num + 1
    except csv.Error as exc:
        if "field limit" in str(exc):
            message = f"a cell of more than {MAX_STRING:,} characters"
            raise InputError([Finding(path, reader.line_num, "", message)]) from None
        raise InputError(
            [Finding(path, reader.line_num, "", f"not a CSV file as a spreadsheet saves it ({exc})")]
        ) from None
    return rows


def _cell(text: str) -> str:
    """A CSV cell's text: a line break inside it is one, however the program ended its lines."""
    return text.strip().replace("\r\n", "\n").replace("\r", "\n")


def _xlsx(path: Path, wanted: str | None) -> tuple[str, list[list[Cell]]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)  # data_only: a formula's saved value
    except Exception as exc:  # a zip or XML that is not a workbook: bad input, whatever the library raises
        raise InputError([Finding(path, None, "", f"not an XLSX workbook ({type(exc).__name__})")]) from None
    try:
        name = _sheet(path, book.sheetnames, wanted)
        rows: list[list[Cell]] = []
        sheet = book[name]
        sheet.reset_dimensions()  # read every cell: openpyxl drops those past the size a file claims for its sheet
        for row in sheet.iter_rows():
            cells = []
            for cell in row:
                if cell.value is None or getattr(cell, "column", None) is None:
                    continue
                at = (cell.row, cell.column - 1)
                if cell.data_type == "e":
                    cells.append(Cell(*at, "", str(cell.value)))
                elif (value := _value(cell.value)) != "":
                    cells.append(Cell(*at, value))
            rows.append(cells)
            if len(rows) > MAX_ROWS + 1:
                break
        return name, rows
    except InputError:
        raise
    except Exception as exc:
        raise InputError([Finding(path, None, "", f"not a readable XLSX workbook ({type(exc).__name__})")]) from None
    finally:
        book.close()


def _ods(path: Path, wanted: str | None) -> tuple[str, list[list[Cell]]]:
    from odf.namespaces import TABLENS
    from odf.opendocument import load
    from odf.table import Table as OdfTable

    calcext = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
    try:
        doc = load(str(path))
        sheets = doc.spreadsheet.getElementsByType(OdfTable)
    except Exception as exc:
        raise InputError([Finding(path, None, "", f"not an ODS spreadsheet ({type(exc).__name__})")]) from None
    names = [str(s.getAttrNS(TABLENS, "name")) for s in sheets]
    name = _sheet(path, names, wanted)
    try:
        return name, _ods_rows(sheets[names.index(name)], calcext)
    except (ValueError, TypeError, AttributeError) as exc:  # a repeat count that is no number, …
        raise InputError([Finding(path, None, "", f"not a readable ODS spreadsheet ({type(exc).__name__})")]) from None


def _elements(path: Path, most: int) -> int:
    """How many elements a workbook's XML parts hold, counted as a stream up to just past `most` (no
    entity expanded, nothing fetched); a part that cannot be read counts none: its library says why."""
    from lxml import etree

    count = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for part in archive.infolist():
                if not part.filename.endswith((".xml", ".rels")):
                    continue
                with archive.open(part) as content:
                    try:
                        for _, element in etree.iterparse(
                            content, events=("end",), resolve_entities=False, no_network=True
                        ):
                            count += 1
                            if count > most:
                                return count
                            element.clear(keep_tail=False)  # counted, not kept: the memory stays small
                            while element.getprevious() is not None:
                                del element.getparent()[0]
                    except etree.LxmlError:
                        continue
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return 0
    return count


def _ods_rows(sheet: Any, calcext: str) -> list[list[Cell]]:
    from odf import teletype
    from odf.namespaces import OFFICENS, TABLENS
    from odf.table import TableRow

    rows: list[list[Cell]] = []
    number = 0
    for row in sheet.getElementsByType(TableRow):
        repeat = int(row.getAttrNS(TABLENS, "number-rows-repeated") or 1)
        cells: list[Cell] = []
        column = 0
        for cell in row.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            across = int(cell.getAttrNS(TABLENS, "number-columns-repeated") or 1)
            kind = cell.getAttrNS(OFFICENS, "value-type")
            value: Value | None = None
            error = ""
            if cell.getAttrNS(calcext, "value-type") == "error":
                error = teletype.extractText(cell).strip() or "#ERROR"
            elif kind in ("float", "percentage", "currency"):
                value = _value(float(cell.getAttrNS(OFFICENS, "value")))
            elif kind == "boolean":
                value = cell.getAttrNS(OFFICENS, "boolean-value") == "true"
            elif kind == "date":
                value = str(cell.getAttrNS(OFFICENS, "date-value"))
            elif kind in ("string", "time") or kind is None:
                text = "\n".join(teletype.extractText(p) for p in cell.childNodes if p.qname[1] == "p")
                value = text.strip() or None
            if error or value not in (None, ""):
                # a repeated cell with a value is rare (a filled range); an empty one may repeat to the sheet's edge
                cells += [
                    Cell(0, column + k, "" if value is None else value, error)
                    for k in range(min(across, MAX_COLUMNS + 1))
                ]
            column += across
        if cells:  # LibreOffice repeats empty rows to the sheet's end: only rows with values are made
            rows += [[replace(c, row=number + k + 1) for c in cells] for k in range(min(repeat, MAX_ROWS + 2))]
        else:
            rows.append([])
        number += repeat
        if len(rows) > MAX_ROWS + 1:
            break
    return rows


def _sheet(path: Path, names: list[str], wanted: str | None) -> str:
    if not names:
        raise InputError([Finding(path, None, "", "the workbook has no sheet")])
    if wanted is None:
        return names[0]
    if wanted not in names:
        raise InputError([Finding(path, None, "", f"no sheet called {wanted!r}; it has {', '.join(names)}")])
    return wanted


def _value(value: Any) -> Value:
    """A saved value as the reader meets it: text, a whole number as an int, a fraction, yes/no;
    a date or time as its ISO text."""
    if isinstance(value, bool | int | str):
        return value.strip() if isinstance(value, str) else value
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(sep=" ")
    if isinstance(value, date | time):
        return value.isoformat()
    return str(value)


def as_text(value: Value) -> str:
    """A value as its cell shows it: "3", not "3.0"; a fraction to a spreadsheet's 15 digits."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.15g}"
    return str(value)
