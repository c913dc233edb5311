"""The spreadsheet readers weighed for items files (issue 33): python-calamine (one wheel, reads
XLSX and ODS) against openpyxl (XLSX) plus odfpy (ODS). Prints each one's import time (a fresh
interpreter, median of runs) and the time to read a sheet of N rows into cell values.

    python bench/spreadsheet.py [--rows 300] [--runs 5]

Needs openpyxl and odfpy installed beside python-calamine (only calamine is a dependency).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = ["id", "name", "cost", "art", "ability", "ability@pl"]


def make(folder: Path, rows: int) -> tuple[Path, Path]:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P
    from openpyxl import Workbook

    data = [HEADER] + [
        [f"ship_{i}", f"Ship {i}", i % 7, "tiny/wave", "Gain 2 coins. " * 4, "Zyskaj 2."] for i in range(rows)
    ]
    book = Workbook()
    sheet = book.active
    sheet.title = "Ships"
    for row in data:
        sheet.append(row)
    xlsx = folder / "ships.xlsx"
    book.save(xlsx)
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Ships")
    for row in data:
        tr = TableRow()
        for value in row:
            if isinstance(value, int):
                cell = TableCell(valuetype="float", value=value)
            else:
                cell = TableCell(valuetype="string")
            cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    ods = folder / "ships.ods"
    doc.save(str(ods))
    return xlsx, ods


def import_time(module: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    return statistics.median(times)


def calamine(path: Path) -> list[list[object]]:
    from python_calamine import CalamineWorkbook

    return CalamineWorkbook.from_path(str(path)).get_sheet_by_index(0).to_python()


def openpyxl_read(path: Path) -> list[list[object]]:
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True, data_only=True)
    return [list(row) for row in book.worksheets[0].iter_rows(values_only=True)]


def odfpy_read(path: Path) -> list[list[object]]:
    from odf.opendocument import load
    from odf.table import Table, TableCell, TableRow

    doc = load(str(path))
    sheet = doc.spreadsheet.getElementsByType(Table)[0]
    out = []
    for row in sheet.getElementsByType(TableRow):
        out.append([str(cell) for cell in row.getElementsByType(TableCell)])
    return out


def read_time(read, path: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        read(path)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        xlsx, ods = make(Path(tmp), args.rows)
        print(f"import (median of {args.runs} fresh interpreters):")
        for module in ("python_calamine", "openpyxl", "odf.opendocument"):
            print(f"  {module:18} {import_time(module, args.runs) * 1000:7.1f} ms")
        print(f"read {args.rows} rows (median of {args.runs}):")
        for name, read, path in (
            ("calamine xlsx", calamine, xlsx),
            ("openpyxl xlsx", openpyxl_read, xlsx),
            ("calamine ods", calamine, ods),
            ("odfpy ods", odfpy_read, ods),
        ):
            print(f"  {name:18} {read_time(read, path, args.runs) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
