"""Items kept in a spreadsheet (CSV, XLSX, ODS) instead of YAML: the Lighthouse Keepers' cards
(tests/fixtures/tiny_game) moved into one. A pack so made validates and builds, its sheets show
the cells' text in each language; every fault is refused by `validate` and by `build` with the line
that puts it at its file, row and column. And `validate` names what would print nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.pack.load import load_pack
from estoril_pnp.source.spreadsheet import read_table

runner = CliRunner()
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
HEADER = ["id", "name", "name@cs", "power", "rule", "badge", "frame.width"]
ROWS = [
    ["beacon", "Beacon", "Maják", "3", "key:card.beacon", "", ""],
    ["fog", "Fog; Bank", "", "1", "key:card.fog", "tiny/wave", "1,5"],
    ["gull", "Gull", "Racek", "0", "key:card.gull", "", ""],
]


def csv_text(rows: list[list[str]], sep: str = ",", header: list[str] = HEADER) -> str:
    def cell(value: str) -> str:
        return f'"{value}"' if sep in value or "\n" in value else value

    return "".join(sep.join(cell(v) for v in row) + "\r\n" for row in [header, *rows])


def sheet_pack(tmp: Path, name: str, content: bytes | Callable[[Path], None], source: str | None = None) -> Path:
    """The tiny pack with its cards in `name` (written as `content`), components.yaml naming `source`."""
    pack = tmp / "pack"
    shutil.copytree(TINY, pack)
    (pack / "cards.yaml").unlink()
    if callable(content):
        content(pack / name)
    else:
        (pack / name).write_bytes(content)
    components = pack / "components.yaml"
    components.write_text(components.read_text().replace("items: cards.yaml", f"items: {source or name}"))
    return pack


def refused(pack: Path, tmp: Path, says: str) -> None:
    """validate (exit 1) and build (exit 2) both refuse the pack with a line matching `says`; build writes nothing."""
    done = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert done.exit_code == 1, done.output
    assert re.search(says, done.output), done.output
    out = tmp / "out"
    done = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--quiet"])
    assert done.exit_code == 2, done.output
    assert re.search(says, done.output), done.output
    assert not out.exists() or not any(out.rglob("*.pdf"))
    assert "Traceback" not in done.output


def workbook(rows: list[list[object]], formulas: dict[str, tuple[str, str]] | None = None) -> Callable[[Path], None]:
    """Writes an XLSX whose second sheet, Cards, holds `rows`; each formula cell ("D3": (formula,
    saved value)) gets the value a spreadsheet program saves with it (openpyxl writes none: the
    sheet's XML is edited, as Excel would have left it). A saved value starting with # is an error."""

    def write(path: Path) -> None:
        from openpyxl import Workbook

        book = Workbook()
        book.active.title = "Notes"
        book.active.append(["Cards are on the next sheet"])
        sheet = book.create_sheet("Cards")
        for row in rows:
            sheet.append(row)
        for ref, (formula, _) in (formulas or {}).items():
            sheet[ref] = f"={formula}"
        plain = path.with_suffix(".tmp")
        book.save(plain)
        with zipfile.ZipFile(plain) as src, zipfile.ZipFile(path, "w") as out:
            for name in src.namelist():
                data = src.read(name).decode()
                if name == "xl/worksheets/sheet2.xml":
                    for ref, (formula, saved) in (formulas or {}).items():
                        kind = ' t="e"' if saved.startswith("#") else ""
                        old = f'<c r="{ref}"><f>{formula}</f><v></v></c>'
                        assert old in data, data
                        data = data.replace(old, f'<c r="{ref}"{kind}><f>{formula}</f><v>{saved}</v></c>')
                out.writestr(name, data)
        plain.unlink()

    return write


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


# -- what a designer's spreadsheet gives -------------------------------------------------------------


def test_a_csv_with_a_bom_semicolons_crlf_and_a_blank_row_is_read_with_each_cell_in_its_place(tmp_path: Path) -> None:
    text = "\ufeff" + csv_text([ROWS[0], [""] * 7, ROWS[1]], ";").replace("Beacon", '"Bea\r\ncon"', 1)
    file = tmp_path / "cards.csv"
    file.write_bytes(text.encode())
    table = read_table(file)
    assert [c.value for c in table.header][:2] == ["id", "name"]  # the BOM is not part of "id"
    first, second = table.rows
    assert first[1].value == "Bea\ncon"  # a line break inside a cell, CRLF or not
    assert (first[0].row, second[0].row) == (2, 5)  # the record after it starts on the file's line 5
    assert second[1].value == "Fog; Bank"


def test_the_items_of_a_csv_are_the_items_of_the_yaml_it_replaces(tmp_path: Path) -> None:
    pack = load_pack(sheet_pack(tmp_path, "cards.csv", csv_text(ROWS).encode()))
    beacon, fog, gull = pack.items["cards.csv"]
    assert beacon.face == {"name": "Beacon", "power": "3", "rule": {"key": "card.beacon"}}
    assert fog.face["badge"] == "tiny/wave" and fog.face["frame.width"] == "1,5"
    assert gull.in_language("cs").face["name"] == "Racek" and fog.in_language("cs").face["name"] == "Fog; Bank"


@pytest.mark.slow
def test_a_pack_with_its_cards_in_a_csv_builds_and_its_sheets_show_the_cells(tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path, "cards.csv", ("\ufeff" + csv_text(ROWS, ";")).encode())
    done = runner.invoke(app, ["validate", "--strict", "--pack", str(pack)])
    assert done.exit_code == 0, done.output
    out = tmp_path / "out"
    done = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--lang", "all", "--quiet"])
    assert done.exit_code == 0, done.output
    english, czech = pdf_text(out / "en" / "a4" / "cards.pdf"), pdf_text(out / "cs" / "a4" / "cards.pdf")
    assert {"Beacon", "Fog; Bank", "Gull", "Light two lamps along the coast."} <= set(english.splitlines())
    assert {"Maják", "Fog; Bank", "Racek"} <= set(czech.splitlines())  # name@cs, else the plain column
    assert "Beacon" not in czech and "key:" not in english + czech
    listed = runner.invoke(app, ["list", "--pack", str(pack)])
    assert "cards" in listed.output
    listed = runner.invoke(app, ["list", "cards", "--lang", "cs", "--pack", str(pack)])
    assert "Maják" in listed.output and "tiny/wave" in listed.output


@pytest.mark.slow
def test_a_pack_with_its_cards_in_an_xlsx_sheet_builds_with_the_formulas_saved_values(tmp_path: Path) -> None:
    rows: list[list[object]] = [HEADER, *[[*row[:3], None, *row[4:]] for row in ROWS]]
    rows[1][3] = 3  # a number cell: the card says "3", not "3.0"
    formulas = {"D3": ("2-1", "1"), "D4": ("1*0", "0")}
    pack = sheet_pack(tmp_path, "cards.xlsx", workbook(rows, formulas), "cards.xlsx#Cards")
    done = runner.invoke(app, ["validate", "--strict", "--pack", str(pack)])
    assert done.exit_code == 0, done.output
    out = tmp_path / "out"
    done = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--lang", "all", "--quiet"])
    assert done.exit_code == 0, done.output
    english = pdf_text(out / "en" / "a4" / "cards.pdf").splitlines()
    assert {"Beacon", "Fog; Bank", "3", "1", "0"} <= set(english) and "3.0" not in english
    assert "Maják" in pdf_text(out / "cs" / "a4" / "cards.pdf").splitlines()


def test_an_ods_sheet_is_read_with_its_repeated_empty_rows_and_cells_skipped(tmp_path: Path) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for row in [HEADER, ROWS[0], None, ROWS[2]]:
        tr = TableRow(numberrowsrepeated=1000) if row is None else TableRow()
        for value in row or [""]:
            cell = TableCell(valuetype="float", value=value) if value.isdigit() else TableCell(valuetype="string")
            if value:
                cell.addElement(P(text=value))
            tr.addElement(cell)
        tr.addElement(TableCell(numbercolumnsrepeated=16000))  # LibreOffice's empty cells to the sheet's edge
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    file = tmp_path / "cards.ods"
    doc.save(str(file))
    found = read_table(file)
    assert found.sheet == "Cards" and len(found.header) == len(HEADER)
    assert [[c.value for c in row][:4] for row in found.rows] == [
        ["beacon", "Beacon", "Maják", 3],
        ["gull", "Gull", "Racek", 0],
    ]
    assert found.rows[1][0].row == 1003  # after 1,000 empty rows


# -- each fault, located -----------------------------------------------------------------------------

FAULTS = {
    "wrong type": (
        [ROWS[0], [*ROWS[1][:6], "thick"], ROWS[2]],
        r"cards\.csv:3: frame\.width: must be a number \(got 'thick'\)",
    ),
    "missing id": ([ROWS[0], ["", *ROWS[1][1:]], ROWS[2]], r"cards\.csv:3: id: this row has no id"),
    "duplicate id": ([ROWS[0], ROWS[1], ROWS[0]], r"cards\.csv:4: id: a second item 'beacon' \(also on line 2\)"),
    "id not a name": ([ROWS[0], ["../fog", *ROWS[1][1:]], ROWS[2]], r"cards\.csv:3: id: .*is not an id"),
}


@pytest.mark.parametrize("sep", [",", ";"])
@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
def test_a_fault_in_a_csv_is_refused_at_its_line_and_column(fault: str, sep: str, tmp_path: Path) -> None:
    rows, says = FAULTS[fault]
    refused(sheet_pack(tmp_path, "cards.csv", ("\ufeff" + csv_text(rows, sep)).encode()), tmp_path, says)


def test_a_column_that_names_no_element_is_refused_at_its_header(tmp_path: Path) -> None:
    header = [*HEADER[:3], "powr", *HEADER[4:]]
    pack = sheet_pack(tmp_path, "cards.csv", csv_text(ROWS, header=header).encode())
    refused(
        pack, tmp_path, r"cards\.csv:1: powr: no element of layout 'lamp_card' is called 'powr'.*did you mean 'power'"
    )


def test_a_column_for_a_language_the_pack_lacks_is_refused(tmp_path: Path) -> None:
    header = [*HEADER[:2], "name@pl", *HEADER[3:]]
    pack = sheet_pack(tmp_path, "cards.csv", csv_text(ROWS, header=header).encode())
    refused(pack, tmp_path, r"cards\.csv:1: name@pl: no catalog i18n/pl\.yaml")


def test_a_csv_without_an_id_column_is_refused(tmp_path: Path) -> None:
    header = ["ident", *HEADER[1:]]
    refused(
        sheet_pack(tmp_path, "cards.csv", csv_text(ROWS, header=header).encode()),
        tmp_path,
        r"cards\.csv:1: no column is called id",
    )


def test_a_csv_not_saved_as_utf8_is_refused_at_its_line(tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path, "cards.csv", csv_text(ROWS).encode("cp1250"))
    refused(pack, tmp_path, r"cards\.csv:2: not UTF-8 text")


def test_an_error_saved_by_a_formula_is_refused_at_its_sheet_row_and_column(tmp_path: Path) -> None:
    rows: list[list[object]] = [HEADER, *[[*row[:3], None, *row[4:]] for row in ROWS]]
    rows[1][3] = 3
    formulas = {"D3": ("1/0", "#DIV/0!"), "D4": ("2-1", "1")}
    pack = sheet_pack(tmp_path, "cards.xlsx", workbook(rows, formulas), "cards.xlsx#Cards")
    says = r"cards\.xlsx: sheet Cards, row 3, column D: power: the formula's saved value is the error #DIV/0!"
    refused(pack, tmp_path, says)


def test_a_wrong_type_in_an_xlsx_is_refused_at_its_sheet_row_and_column(tmp_path: Path) -> None:
    rows: list[list[object]] = [HEADER, *(list(row) for row in ROWS)]
    rows[3][6] = "thick"
    pack = sheet_pack(tmp_path, "cards.xlsx", workbook(rows), "cards.xlsx#Cards")
    refused(
        pack, tmp_path, r"cards\.xlsx: sheet Cards, row 4, column G: frame\.width: must be a number \(got 'thick'\)"
    )


def test_a_sheet_the_workbook_lacks_is_refused(tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path, "cards.xlsx", workbook([HEADER, *(list(row) for row in ROWS)]), "cards.xlsx#Ships")
    refused(pack, tmp_path, r"cards\.xlsx: no sheet called 'Ships'; it has Notes, Cards")


def test_an_items_file_of_a_kind_not_read_is_refused_where_components_names_it(tmp_path: Path) -> None:
    pack = sheet_pack(tmp_path, "cards.xls", b"\xd0\xcf\x11\xe0")
    refused(
        pack,
        tmp_path,
        r"components\.yaml:\d+: pieces\.lamp_card\.items: estoril-pnp does not read items from a \.xls file",
    )


# -- what would print nothing ------------------------------------------------------------------------


def test_a_yaml_item_field_no_layout_shows_is_named_where_it_is_written(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text().replace('name: Gull, power: "0"', 'name: Gull, powr: "0", power: "0"'))
    refused(pack, tmp_path, r"cards\.yaml:\d+: \[2\]\.face\.powr: no element of layout 'lamp_card' is called 'powr'")


def test_files_no_reader_takes_are_named_and_a_note_in_i18n_is_no_language(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    shutil.copy(pack / "i18n" / "en.yaml", pack / "i18n" / "notes.yaml")
    (pack / "i18n" / "README.md").write_text("How we translate\n")
    (pack / "layouts" / "old.yml").write_text("layouts: {}\n")
    (pack / "icons" / "tiny" / "wave.png").write_bytes(b"\x89PNG")
    (pack / "icons" / "tiny" / "LICENSE.txt").write_text("CC-BY\n")  # art's licence travels with it
    loaded = load_pack(pack)
    assert loaded.languages == ["cs", "en"]  # notes.yaml is not read as a language
    done = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert done.exit_code == 0, done.output  # warnings: the pack still builds
    for says in (
        r"warning: .*i18n/notes\.yaml: not read as a language: 'notes' is no language code",
        r"warning: .*i18n/README\.md: not read",
        r"warning: .*layouts/old\.yml: not read: layouts/ holds \.yaml files",
        r"warning: .*icons/tiny/wave\.png: not read: icons/ holds \.svg files",
    ):
        assert re.search(says, done.output), (says, done.output)
    assert "LICENSE" not in done.output
    assert runner.invoke(app, ["validate", "--strict", "--pack", str(pack)]).exit_code == 1


def test_a_reverse_column_and_a_style_column_fill_the_pieces_as_yaml_would(tmp_path: Path) -> None:
    from estoril_pnp.pieces.lay_out import lay_out
    from estoril_pnp.render.layout import load_design
    from estoril_pnp.render.ops import TextOp

    pack_dir = sheet_pack(tmp_path, "cards.csv", csv_text(ROWS).encode())
    (pack_dir / "aids.yaml").unlink()
    (pack_dir / "aids.csv").write_text("id,reverse.title,reverse.title@cs,title.upper\nturn,Scoring,Počítání,no\n")
    components = pack_dir / "components.yaml"
    components.write_text(components.read_text().replace("items: aids.yaml", "items: aids.csv"))
    pack = load_pack(pack_dir)
    design = load_design(pack.files)
    for lang, title in (("en", "Scoring"), ("cs", "Počítání")):
        pieces = {p.key: p for p in lay_out(pack, design, lang)[0]}
        aid = pieces["aids/turn/1"]
        back = [line[2] for op in aid.back or () if isinstance(op, TextOp) for line in op.lines]
        front = [line[2] for op in aid.front if isinstance(op, TextOp) for line in op.lines]
        assert back[0] == title.upper()  # reverse.title over the catalog key, upper as the layout says
        assert front[0] != front[0].upper()  # title.upper: no, over the layout's `upper: true`


def test_a_yes_or_no_key_given_neither_is_refused_at_its_cell(tmp_path: Path) -> None:
    header = [*HEADER, "name.upper"]
    rows = [[*ROWS[0], "yes"], [*ROWS[1], "perhaps"], [*ROWS[2], ""]]
    pack = sheet_pack(tmp_path, "cards.csv", csv_text(rows, header=header).encode())
    refused(pack, tmp_path, r"cards\.csv:3: name\.upper: must be yes or no \(got 'perhaps'\)")


def test_an_icon_or_a_colour_that_does_not_exist_is_refused_at_its_cell(tmp_path: Path) -> None:
    header = [*HEADER, "frame.stroke"]
    rows = [[*ROWS[0], "sea"], [*ROWS[1][:5], "tiny/wav", "", "sea"], [*ROWS[2], "seaweed"]]
    pack = sheet_pack(tmp_path, "cards.csv", csv_text(rows, header=header).encode())
    refused(pack, tmp_path, r"cards\.csv:3: badge: icon file 'tiny/wav\.svg' not found")
    refused(pack, tmp_path, r"cards\.csv:4: frame\.stroke: unknown colour 'seaweed'")
