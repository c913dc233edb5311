"""The four newest surfaces attacked as an attacker and a careless user would: items from a
spreadsheet (CSV, XLSX, ODS), card-text markup, pictures, outlines. Each attack is run through the
real CLI in a child process (`validate`, `build`, `export png`), with a time limit and a cap on its
memory: it must end in findings (validate: exit 1) or our own `error:` lines naming the file (exit 2),
or build cleanly when the input is merely odd; never a traceback, a hang or unbounded memory, and a
refused build or export writes nothing."""

from __future__ import annotations

import csv
import io
import os
import resource
import struct
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 3 << 30  # address space a command may take: an unbounded read fails under it, as a MemoryError
SECONDS = 120

LAYOUT = """\
icons: {coin: game/medal}
layouts:
  card:
    size: [63, 88]
    elements:
      name: {verb: text, box: [6, 6, 51, 10], font: heading, size: 16, min: 9}
      art:  {verb: image, box: [6, 18, 51, 36], fit: contain}
      rule: {verb: text, box: [6, 58, 51, 24], font: text, size: 9, min: 7}
"""
COMPONENTS = "pieces:\n  card: {size: [63, 88], group: cards, items: cards.csv, face: card%s}\n"
ROWS = [["id", "name", "art", "rule"], ["lamp", "Lamp", "lamp.png", "Gain 2 [coin] when you **trade**."]]


def write_pack(root: Path) -> Path:
    """A small pack of one card from a CSV, with a picture and a marked text: what each attack spoils."""
    pack = root / "pack"
    (pack / "layouts").mkdir(parents=True)
    (pack / "i18n").mkdir()
    (pack / "images").mkdir()
    (pack / "pack.yaml").write_text('title: "Hostile"\n', encoding="utf-8")
    (pack / "components.yaml").write_text(COMPONENTS % "", encoding="utf-8")
    (pack / "layouts" / "hostile.yaml").write_text(LAYOUT, encoding="utf-8")
    (pack / "i18n" / "en.yaml").write_text("card: {label: Card}\n", encoding="utf-8")
    write_csv(pack / "cards.csv", ROWS)
    Image.new("RGB", (700, 494), "#e0a030").save(pack / "images" / "lamp.png")
    return pack


def write_csv(path: Path, rows: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def with_cell(column: str, value: str) -> Callable[[Path], None]:
    """The card's `column` cell set to `value`, written as a spreadsheet writes it."""

    def spoil(pack: Path) -> None:
        rows = [list(r) for r in ROWS]
        rows[1][rows[0].index(column)] = value
        write_csv(pack / "cards.csv", rows)

    return spoil


def raw_csv(data: bytes) -> Callable[[Path], None]:
    return lambda pack: (pack / "cards.csv").write_bytes(data)


def items_file(name: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
    """The cards' items read from `name` instead, made by `make`."""

    def spoil(pack: Path) -> None:
        (pack / "components.yaml").write_text(
            (COMPONENTS % "").replace("items: cards.csv", f"items: {name}"), encoding="utf-8"
        )
        make(pack / name)

    return spoil


def outline(spec: str) -> Callable[[Path], None]:
    return lambda pack: (pack / "components.yaml").write_text(COMPONENTS % f", outline: {spec}", encoding="utf-8")


def picture(make: Callable[[Path], None], name: str = "lamp.png") -> Callable[[Path], None]:
    """images/lamp.png (or `name`, which the card's art cell then names) made by `make`."""

    def spoil(pack: Path) -> None:
        (pack / "images" / "lamp.png").unlink()
        target = pack / "images" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        make(target)
        if name != "lamp.png":
            with_cell("art", name)(pack)

    return spoil


# --- spreadsheets -----------------------------------------------------------------------------


def xlsx(rows: list[list[str]]) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def ods(rows: list[list[str]]) -> bytes:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for row in rows:
        tr = TableRow()
        for value in row:
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    out = io.BytesIO()
    doc.write(out)
    return out.getvalue()


def rezip(data: bytes, replace: dict[str, bytes | Callable[[bytes], bytes]], add: dict[str, bytes] = {}) -> bytes:  # noqa: B006
    """A workbook's zip with some parts replaced (by bytes, or by a function of their bytes) or added."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            body = old.read(info)
            change = replace.get(info.filename)
            new.writestr(info, change(body) if callable(change) else change if change is not None else body)
        for name, body in add.items():
            new.writestr(name, body)
    return out.getvalue()


def bomb_part(data: bytes, part: str, head: bytes, tail: bytes, megabytes: int) -> bytes:
    """`part` replaced by `head`, `megabytes` of spaces (XML whitespace: valid, and 1000:1 deflated), `tail`;
    with `head` and `tail` empty, the spaces go between the part's own last row and what follows it."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            body = old.read(info)
            if info.filename != part:
                new.writestr(info, body)
                continue
            if not head:
                cut = (
                    body.rindex(b"</row>") + len(b"</row>") if b"</row>" in body else body.rindex(b"</table:table-row>")
                )
                head, tail = body[:cut], body[cut:]
            bombed = zipfile.ZipInfo(part)
            bombed.compress_type = zipfile.ZIP_DEFLATED
            with new.open(bombed, "w", force_zip64=True) as sink:
                sink.write(head)
                chunk = b" " * (1 << 20)
                for _ in range(megabytes):
                    sink.write(chunk)
                sink.write(tail)
    return out.getvalue()


def xlsx_bomb(path: Path, megabytes: int = 2048) -> None:
    path.write_bytes(bomb_part(xlsx(ROWS), "xl/worksheets/sheet1.xml", b"", b"", megabytes))


def xlsx_external_links(path: Path) -> None:
    """A workbook whose formula reads another workbook, by a link to a file and to an address."""
    book = xlsx([*ROWS[:1], ["lamp", "Lamp", "lamp.png", "Rule"]])
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    link = (
        f'<externalLink xmlns="{main}" xmlns:r="{rel}"><externalBook r:id="rId1"><sheetNames>'
        '<sheetName val="S"/></sheetNames><sheetDataSet><sheetData sheetId="0"><row r="1">'
        '<cell r="A1" t="s"><v>0</v></cell></row></sheetData></sheetDataSet></externalBook></externalLink>'
    ).encode()
    link_rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/externalLinkPath" Target="file:///etc/passwd" TargetMode="External"/>'
        "</Relationships>"
    ).encode()

    def workbook(body: bytes) -> bytes:
        return body.replace(b"<workbook ", f'<workbook xmlns:r="{rel}" '.encode(), 1).replace(
            b"</sheets>", b'</sheets><externalReferences><externalReference r:id="rId99"/></externalReferences>'
        )

    def workbook_rels(body: bytes) -> bytes:
        return body.replace(
            b"</Relationships>",
            f'<Relationship Id="rId99" Type="{rel}/externalLink" Target="externalLinks/externalLink1.xml"/>'
            "</Relationships>".encode(),
        )

    def types(body: bytes) -> bytes:
        return body.replace(
            b"</Types>",
            b'<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/'
            b'vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>',
        )

    def sheet(body: bytes) -> bytes:  # the rule cell: a formula into the other workbook, its saved value kept
        return body.replace(b'<c r="D2" t="s"><v>', b'<c r="D2" t="str"><f>[1]S!A1</f><v>From a link').replace(
            b'<c r="D2" t="inlineStr"><is><t>Rule</t></is></c>',
            b'<c r="D2" t="str"><f>[1]S!A1</f><v>From a link</v></c>',
        )

    path.write_bytes(
        rezip(
            book,
            {
                "xl/workbook.xml": workbook,
                "xl/_rels/workbook.xml.rels": workbook_rels,
                "[Content_Types].xml": types,
                "xl/worksheets/sheet1.xml": sheet,
            },
            {"xl/externalLinks/externalLink1.xml": link, "xl/externalLinks/_rels/externalLink1.xml.rels": link_rels},
        )
    )


LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10) for i in range(1, 10))
    + b"]>"
)


def xlsx_laughs(path: Path) -> None:
    def sheet(body: bytes) -> bytes:
        body = body.split(b"?>", 1)[1] if body.startswith(b"<?xml") else body
        return LAUGHS.replace(b"lolz", b"worksheet") + body.replace(b">Lamp<", b">&lol9;<")

    path.write_bytes(rezip(xlsx(ROWS), {"xl/worksheets/sheet1.xml": sheet}))


def xlsx_far_cell(path: Path) -> None:
    def sheet(body: bytes) -> bytes:
        return body.replace(
            b"</row></sheetData>", b'<c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row></sheetData>'
        )

    path.write_bytes(rezip(xlsx(ROWS), {"xl/worksheets/sheet1.xml": sheet}))


def xlsx_many_cells(path: Path) -> None:
    """Two million empty cells in one row, 60 kB zipped: openpyxl would take 90 s and a gigabyte."""

    def sheet(body: bytes) -> bytes:
        return body.replace(
            b"</row></sheetData>", b'</row><row r="3">' + b"<c><v>1</v></c>" * 2_000_000 + b"</row></sheetData>"
        )

    path.write_bytes(rezip(xlsx(ROWS), {"xl/worksheets/sheet1.xml": sheet}))


def ods_laughs(path: Path) -> None:
    def content(body: bytes) -> bytes:
        body = body.split(b"?>", 1)[1] if body.startswith(b"<?xml") else body
        return LAUGHS + body.replace(b">Lamp<", b">&lol9;<")

    path.write_bytes(rezip(ods(ROWS), {"content.xml": content}))


def ods_external_entity(path: Path) -> None:
    secret = path.parent / "secret.txt"
    secret.write_text("TOPSECRET", encoding="utf-8")

    def content(body: bytes) -> bytes:
        body = body.split(b"?>", 1)[1] if body.startswith(b"<?xml") else body
        head = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "%s">]>' % secret.as_uri().encode()
        return head + body.replace(b">Lamp<", b">&xxe;<")

    path.write_bytes(rezip(ods(ROWS), {"content.xml": content}))


def ods_many_elements(path: Path) -> None:
    """300,000 empty rows in 5 MB of XML (15 kB zipped): odfpy would take 20 s and 400 MB to read them."""

    def content(body: bytes) -> bytes:
        cut = body.rindex(b"</table:table-row>") + len(b"</table:table-row>")
        return body[:cut] + b"<table:table-row/>" * 300_000 + body[cut:]

    path.write_bytes(rezip(ods(ROWS), {"content.xml": content}))


def ods_bomb(path: Path, megabytes: int = 2048) -> None:
    path.write_bytes(bomb_part(ods(ROWS), "content.xml", b"", b"", megabytes))


# --- pictures ---------------------------------------------------------------------------------


def png_header_only(width: int, height: int) -> Callable[[Path], None]:
    """A PNG that claims `width` x `height` pixels in its header, with one tiny compressed row."""

    def make(path: Path) -> None:
        def chunk(kind: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
        path.write_bytes(
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b"")
        )

    return make


def wide_png(path: Path) -> None:
    Image.new("L", (60000, 2), 128).save(path)


def tiny_png(path: Path) -> None:
    Image.new("RGB", (1, 1), "red").save(path)


def animated_gif(path: Path) -> None:
    frames = [Image.new("P", (40, 40), i) for i in range(3)]
    frames[0].save(path, format="GIF", save_all=True, append_images=frames[1:], loop=0)


def animated_png(path: Path) -> None:
    frames = [Image.new("RGB", (600, 424), c) for c in ("red", "green")]
    frames[0].save(path, format="PNG", save_all=True, append_images=frames[1:])


def svg(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


SVG_LAUGHS = (
    LAUGHS.decode() + '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&lol9;</text></svg>'
)


def svg_external_dtd(path: Path) -> None:
    (path.parent / "secret.txt").write_text("TOPSECRET", encoding="utf-8")
    dtd = path.parent / "evil.dtd"
    dtd.write_text(f'<!ENTITY xxe SYSTEM "{(path.parent / "secret.txt").as_uri()}">', encoding="utf-8")
    path.write_text(
        f'<?xml version="1.0"?><!DOCTYPE svg SYSTEM "{dtd.as_uri()}">'
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="5">&xxe;</text></svg>',
        encoding="utf-8",
    )


def svg_use_bomb(path: Path) -> None:
    """No entity at all: ten <use> of the group below at each of nine levels, a billion rectangles."""
    levels = ['<g id="a0"><rect width="1" height="1"/></g>']
    levels += [f'<g id="a{i}">' + f'<use href="#a{i - 1}"/>' * 10 + "</g>" for i in range(1, 10)]
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>'
        + "".join(levels)
        + '</defs><use href="#a9"/></svg>',
        encoding="utf-8",
    )


SVG_USE_LOOP = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>'
)


def icon(make: Callable[[Path], None]) -> Callable[[Path], None]:
    """The pack's own icon icons/my/evil.svg made by `make`, set inside the card's text."""

    def spoil(pack: Path) -> None:
        target = pack / "icons" / "my" / "evil.svg"
        target.parent.mkdir(parents=True)
        make(target)
        with_cell("rule", "Gain [my/evil] now.")(pack)

    return spoil


def svg_linking_a_picture(path: Path) -> None:
    outside = path.parent.parent.parent.parent / "outside.png"  # beside the pack
    Image.new("RGB", (40, 40), "blue").save(outside)
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
        '<image width="10" height="10" xlink:href="../../../outside.png"/></svg>',  # svglib follows a relative link
        encoding="utf-8",
    )


def link_out(target: str) -> Callable[[Path], None]:
    def spoil(pack: Path) -> None:
        outside = pack.parent / "outside.png"
        Image.new("RGB", (600, 424), "blue").save(outside)
        (pack / "images" / "lamp.png").unlink()
        (pack / "images" / "lamp.png").symlink_to(outside if target == "png" else Path(target))

    return spoil


# --- the attacks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attack:
    name: str
    spoil: Callable[[Path], None]
    says: str = ""  # in the one located line; "" for odd input that builds (then ok is True)
    ok: bool = False  # the input is odd, not wrong: every command succeeds
    shows: str = ""  # what the built card then reads
    export_warns: bool = False  # a text that does not fit: an error to build, a warning to export png


NESTED = "***" * 1600 + "deep" + "***" * 1600  # within a cell's 10,000 characters
ATTACKS = [
    # CSV
    Attack("csv-nul-byte", raw_csv(b"id,name,art,rule\nlamp,La\x00mp,lamp.png,Rule\n"), "cards.csv:2"),
    Attack("csv-million-columns", raw_csv(b"id," + b",".join(b"c%d" % i for i in range(10**6)) + b"\n"), "cards.csv:1"),
    Attack("csv-million-cells-in-a-row", raw_csv(b"id,name\nlamp," + b"a," * 10**6 + b"\n"), "cards.csv:2"),
    Attack("csv-100-mb", raw_csv(b"id,name\nlamp," + b"x" * (100 << 20) + b"\n"), "cards.csv"),
    Attack("csv-9-mb-cell", raw_csv(b"id,name\nlamp," + b"x" * (9 << 20) + b"\n"), "cards.csv:2"),
    Attack("csv-unbalanced-quote", raw_csv(b'id,name,art,rule\nlamp,"Lamp,lamp.png,Rule\n'), "cards.csv:"),
    Attack("csv-utf16", raw_csv("id,name,art,rule\nlamp,Lamp,lamp.png,Rule\n".encode("utf-16")), "cards.csv:1"),
    Attack("csv-binary", raw_csv(bytes(range(256)) * 64), "cards.csv"),
    Attack("csv-quote-soup", raw_csv(b'"' * 100_000), "cards.csv"),
    # XLSX and ODS
    Attack("xlsx-not-a-zip", items_file("cards.xlsx", lambda p: p.write_bytes(b"id,name\nlamp,Lamp\n")), "cards.xlsx"),
    Attack("xlsx-zip-bomb", items_file("cards.xlsx", xlsx_bomb), "cards.xlsx"),
    Attack("xlsx-external-link", items_file("cards.xlsx", xlsx_external_links), ok=True, shows="From a link"),
    Attack("xlsx-billion-laughs", items_file("cards.xlsx", xlsx_laughs), "cards.xlsx"),
    Attack("xlsx-cell-at-column-xfd", items_file("cards.xlsx", xlsx_far_cell), "column XFD"),
    Attack("xlsx-2m-cells", items_file("cards.xlsx", xlsx_many_cells), "cards.xlsx"),
    Attack("xlsx-truncated", items_file("cards.xlsx", lambda p: p.write_bytes(xlsx(ROWS)[:700])), "cards.xlsx"),
    Attack("ods-billion-laughs", items_file("cards.ods", ods_laughs), "cards.ods"),
    Attack("ods-external-entity", items_file("cards.ods", ods_external_entity), "cards.ods"),
    Attack("ods-zip-bomb", items_file("cards.ods", ods_bomb), "cards.ods"),
    Attack("ods-300k-elements", items_file("cards.ods", ods_many_elements), "cards.ods"),
    Attack("ods-not-a-zip", items_file("cards.ods", lambda p: p.write_bytes(b"\x00" * 100)), "cards.ods"),
    # markup
    Attack("markup-nested-stars", with_cell("rule", NESTED), "does not fit", export_warns=True),
    Attack(
        "markup-100k-brackets",
        raw_csv(b"id,name,art,rule\nlamp,Lamp,lamp.png," + b"[" * 100_000 + b"\n"),
        "cards.csv:2",
    ),
    Attack("markup-9999-brackets", with_cell("rule", "[" * 9999), "cards.csv:2"),
    Attack("markup-bracket-words", with_cell("rule", "[a] " * 2400), "cards.csv:2"),
    Attack("markup-icon-path", with_cell("rule", "Gain [../../etc/passwd]"), "cards.csv:2"),
    Attack("markup-icon-absolute", with_cell("rule", "Gain [/etc/passwd]"), "cards.csv:2"),
    Attack("markup-open-bracket-at-end", with_cell("rule", "Gain 2 ["), "cards.csv:2"),
    Attack("markup-escape-at-end", with_cell("rule", "Gain 2 \\"), ok=True, shows="Gain 2 \\"),  # a backslash
    Attack("markup-bold-never-closed", with_cell("rule", "Gain **2"), "cards.csv:2"),
    # pictures
    Attack("picture-link-to-passwd", link_out("/etc/passwd"), "lamp.png"),
    Attack("picture-link-out-of-the-pack", link_out("png"), "lamp.png"),
    Attack("picture-one-pixel", picture(tiny_png), ok=True),
    Attack("picture-60000-px-wide", picture(wide_png), ok=True),
    Attack("picture-bomb-header", picture(png_header_only(60000, 60000)), "lamp.png"),
    Attack("picture-animated-gif-as-png", picture(animated_gif), "lamp.png"),
    Attack("picture-animated-png", picture(animated_png), ok=True),
    Attack("picture-svg-laughs", picture(svg(SVG_LAUGHS), "lamp.svg"), "lamp.svg"),
    Attack("picture-svg-external-dtd", picture(svg_external_dtd, "lamp.svg"), ok=True, shows="Lamp"),
    Attack("picture-svg-use-bomb", picture(svg_use_bomb, "lamp.svg"), "lamp.svg"),
    Attack("picture-svg-use-loop", picture(svg(SVG_USE_LOOP), "lamp.svg"), "lamp.svg"),
    Attack("icon-links-a-picture-outside", icon(svg_linking_a_picture), "evil.svg"),
    Attack("icon-use-bomb", icon(svg_use_bomb), "evil.svg"),
    Attack("picture-name-climbs", with_cell("art", "../pack.yaml.png"), "cards.csv:2"),
    Attack("picture-name-absolute", with_cell("art", "/etc/passwd.png"), "cards.csv:2"),
    Attack("picture-name-nul", with_cell("art", "la\x00mp.png"), "cards.csv:2"),
    # outlines
    Attack(
        "outline-100k-points",
        outline(f"{{shape: polygon, points: [{', '.join(['[1, 1]'] * 100_000)}]}}"),
        "components.yaml",
    ),
    Attack(
        "outline-bow-tie", outline("{shape: polygon, points: [[0, 0], [63, 88], [63, 0], [0, 88]]}"), "components.yaml"
    ),
    Attack(
        "outline-self-crossing-star",
        outline("{shape: polygon, points: [[31, 0], [50, 88], [0, 30], [63, 30], [12, 88]]}"),
        ok=True,
    ),
    Attack("outline-nan", outline("{shape: polygon, points: [[.nan, 0], [63, 0], [0, 88]]}"), "components.yaml"),
    Attack("outline-inf", outline("{shape: polygon, points: [[.inf, 0], [63, 0], [0, 88]]}"), "components.yaml"),
    Attack("outline-zero-area", outline("{shape: polygon, points: [[0, 0], [0, 0], [0, 0]]}"), "components.yaml"),
    Attack("outline-radius-negative", outline("{shape: rounded, radius: -3}"), "components.yaml"),
    Attack("outline-radius-nan", outline("{shape: rounded, radius: .nan}"), "components.yaml"),
    Attack("outline-radius-huge", outline("{shape: rounded, radius: 1.0e+308}"), "components.yaml"),
]

COMMANDS = {
    "validate": (["validate"], 1),
    "build": (["build", "--out", "{out}"], 2),
    "export": (["export", "png", "--out", "{out}"], 2),
}


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(pack: Path, command: str, out: Path) -> subprocess.CompletedProcess[str]:
    args, _ = COMMANDS[command]
    argv = [sys.executable, "-m", "estoril_pnp", *[a.replace("{out}", str(out)) for a in args], "--pack", str(pack)]
    try:
        return subprocess.run(
            argv,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=SECONDS,
            preexec_fn=_capped,
            cwd=pack.parent,
            env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's code, whatever the venv installed
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{command} still running after {SECONDS} s")


@pytest.mark.slow  # a child process per command: seconds each
@pytest.mark.parametrize("attack", ATTACKS, ids=[a.name for a in ATTACKS])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_attack_ends_in_one_located_line(attack: Attack, command: str, tmp_path: Path) -> None:
    pack = write_pack(tmp_path)
    attack.spoil(pack)
    out = tmp_path / "out"
    done = run(pack, command, out)
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "MemoryError" not in said, said[-3000:]
    assert "TOPSECRET" not in said and "root:" not in said  # nothing of a file outside the pack is shown
    if attack.ok or (attack.export_warns and command == "export"):
        assert done.returncode == 0, said[-3000:]
        if command == "build":
            read = subprocess.run(
                ["pdftotext", str(out / "en" / "a4" / "cards.pdf"), "-"], capture_output=True, text=True
            )
            assert attack.shows in read.stdout and "TOPSECRET" not in read.stdout, read.stdout
        return
    assert done.returncode == COMMANDS[command][1], said[-3000:]
    lines = [line for line in said.splitlines() if line.startswith(("error:", "warning:")) or ": " in line]
    errors = [line for line in said.splitlines() if line.startswith("error") or " error" in line[:40]]
    assert attack.says in said, said[-3000:]
    assert len(errors) <= 3, said[-3000:]  # one fault is told once (validate may add its summary)
    assert lines
    if command != "validate":
        assert not out.exists() or not any(p.is_file() for p in out.rglob("*")), sorted(out.rglob("*"))


# --- the fixes, each at its own function: quick ------------------------------------------------


def test_a_control_character_in_a_cell_is_refused_at_its_cell(tmp_path: Path) -> None:
    from estoril_pnp.errors import InputError
    from estoril_pnp.source.spreadsheet import read_table

    raw_csv(b"id,name\nlamp,La\x1b[2Jmp\n")(tmp_path)
    with pytest.raises(InputError) as refused:
        read_table(tmp_path / "cards.csv")
    [finding] = refused.value.findings
    assert (finding.line, finding.key) == (2, "name") and 'control character ("\\x1b")' in finding.message


@pytest.mark.parametrize(
    "bomb", [xlsx_bomb, pytest.param(xlsx_many_cells, marks=pytest.mark.slow), ods_bomb, ods_many_elements]
)
def test_a_workbook_bomb_is_refused_before_its_library_reads_it(bomb: Callable[..., None], tmp_path: Path) -> None:
    from estoril_pnp.errors import InputError
    from estoril_pnp.source.spreadsheet import read_table

    path = tmp_path / ("cards.ods" if bomb.__name__.startswith("ods") else "cards.xlsx")
    if bomb in (xlsx_bomb, ods_bomb):
        bomb(path, 80)  # past the 64 MiB, quick to make
    else:
        bomb(path)
    with pytest.raises(InputError) as refused:
        read_table(path)
    assert "unzips to" in str(refused.value) or "XML elements" in str(refused.value)


def test_an_xlsx_cell_past_the_size_its_sheet_claims_is_read(tmp_path: Path) -> None:
    from estoril_pnp.errors import InputError
    from estoril_pnp.source.spreadsheet import read_table

    xlsx_far_cell(tmp_path / "cards.xlsx")
    with pytest.raises(InputError, match="row 2, column XFD: more than 200 columns"):
        read_table(tmp_path / "cards.xlsx")


def test_an_svg_whose_uses_multiply_or_loop_is_refused() -> None:
    from estoril_pnp.render.picture import svg_fault

    def uses(depth: int) -> bytes:
        """Ten uses of ten uses of … a rectangle, `depth` levels: 10**depth rectangles."""
        levels = ['<g id="a0"><rect width="1" height="1"/></g>']
        levels += [f'<g id="a{i}">' + f'<use href="#a{i - 1}"/>' * 10 + "</g>" for i in range(1, depth + 1)]
        body = "".join(levels)
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs>{body}</defs></svg>'.encode()

    assert svg_fault(uses(4)) is None  # 10,000 rectangles: drawn
    assert "more than 50,000 elements" in (svg_fault(uses(5)) or "")
    assert svg_fault(SVG_USE_LOOP.encode()) == "a <use> that leads back to itself"
