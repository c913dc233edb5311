"""Pieces of any outline, read back from what a user gets: the bleed follows the hexagon and the
circle (pixels of the sheets), their crop marks point at the cut (the PDF's lines), the cutter's
SVG path lies on the outline, the PNG is transparent outside it, and Tabletop Simulator gets
custom tiles of the matching shape. `tests/fixtures/shapes_game`: a flat hexagon 60 × 52 mm,
a round coin 25 mm, a rounded card and a notched flag, each side one strong colour."""

from __future__ import annotations

import json
import math
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.lib.units import mm
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.render.geometry import Matrix, apply
from estoril_pnp.render.imposition import MARK_CLEAR, OUTLINE_MARK, PAPERS, Backs, plan
from estoril_pnp.render.outline import Outline, corners, cut_line, marks

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "shapes_game"
BLEED = 3.0
DPI = 150
SEA, COIN, BRICK, WHITE = (27, 94, 122), (212, 160, 23), (176, 58, 46), (255, 255, 255)
HEX = Outline("hexagon")
CIRCLE = Outline("circle")
FLAG = Outline("polygon", points=((0, 0), (40, 0), (30, 15), (40, 30), (0, 30)))
SVG = "{http://www.w3.org/2000/svg}"


def _run(*args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shapes")
    _run("build", "--pack", str(FIXTURE), "--out", str(out), "--lang", "en", "-q", "--backs", "none")
    _run("build", "--pack", str(FIXTURE), "--out", str(out), "--lang", "en", "-q", "--cutter", "silhouette")
    return out / "en"


def _page(pdf: Path) -> Callable[[float, float], tuple[int, int, int]]:
    """The colour at (x, y) mm, y up, on the PDF's first page."""
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=DPI / 72).to_pil().convert("RGB")
    height = image.height

    def colour(x: float, y: float) -> tuple[int, int, int]:
        px, py = x / 25.4 * DPI, height - y / 25.4 * DPI
        return image.getpixel((round(px), round(py)))  # type: ignore[return-value]

    return colour


def _near(seen: tuple[int, int, int], want: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(seen, want, strict=True))


def _placements(outline: Outline, width: float, height: float, count: int) -> list[Matrix]:
    """Where the build puts the first `count` pieces: the sheet plan's maps, piece mm to page mm."""
    sheet = plan(PAPERS["a4"], width, height, BLEED, Backs.none, outline=outline)
    return [slot.front_matrix for slot in sheet.slots[:count]]


def _outward(outline: Outline, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Each edge's midpoint of a polygon outline with its outward normal."""
    points = corners(outline, width, height)
    out = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        out.append(((x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) / length, -(x1 - x0) / length))
    return out


def test_a_hexagons_bleed_follows_its_edges_and_is_rounded_at_its_vertices(sheets: Path) -> None:
    colour = _page(sheets / "a4" / "tiles.pdf")
    for matrix in _placements(HEX, 60, 52, 3):

        def at(x: float, y: float, matrix: Matrix = matrix) -> tuple[int, int, int]:
            return colour(*apply(matrix, x, y))

        assert _near(at(30, 8), SEA)  # below its white label
        for x, y, nx, ny in _outward(HEX, 60, 52):
            assert _near(at(x + nx * BLEED / 2, y + ny * BLEED / 2), SEA), "half-way into the bleed: ink"
            assert _near(at(x + nx * (BLEED + 0.5), y + ny * (BLEED + 0.5)), WHITE), "beyond the bleed: paper"
        # at each vertex the bleed is rounded: ink half a millimetre inside its reach, paper just beyond
        for (x, y), (ux, uy) in _bisectors(HEX, 60, 52):
            assert _near(at(x + ux * (BLEED - 0.5), y + uy * (BLEED - 0.5)), SEA)
            assert _near(at(x + ux * (BLEED + 0.5), y + uy * (BLEED + 0.5)), WHITE)


def _bisectors(outline: Outline, width: float, height: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each vertex with the unit vector halving the angle of its two edges' outward normals."""
    edges = _outward(outline, width, height)  # edge i runs from vertex i to vertex i + 1
    out = []
    for i, p in enumerate(corners(outline, width, height)):
        mx, my = edges[i - 1][2] + edges[i][2], edges[i - 1][3] + edges[i][3]
        out.append((p, (mx / math.hypot(mx, my), my / math.hypot(mx, my))))
    return out


def test_a_circles_bleed_is_a_ring_not_a_square(sheets: Path) -> None:
    colour = _page(sheets / "a4" / "tokens.pdf")
    for matrix in _placements(CIRCLE, 25, 25, 4):

        def rim(r: float, a: float, matrix: Matrix = matrix) -> tuple[int, int, int]:
            return colour(*apply(matrix, 12.5 + r * math.cos(a), 12.5 + r * math.sin(a)))

        for k in range(8):
            assert not _near(rim(12.5 + BLEED / 2, k * math.pi / 4), WHITE), "half-way into the bleed: ink"
            assert _near(rim(12.5 + BLEED + 0.5, k * math.pi / 4), WHITE)
        # the square bleed's corner (12.5 + 3 mm away on each axis) stays paper
        assert _near(colour(*apply(matrix, -BLEED + 0.5, -BLEED + 0.5)), WHITE)


def _lines(pdf: Path) -> list[tuple[float, float, float, float]]:
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        h = float(page.height)
        return [
            (a / mm, (h - b) / mm, c / mm, (h - d) / mm)
            for ln in page.lines
            if abs(ln["linewidth"] / mm - 0.09) < 0.01
            for (a, b), (c, d) in [ln["pts"]]
        ]


def _points_at(line: tuple[float, float, float, float], target: tuple[float, float]) -> tuple[float, float] | None:
    """A mark's distances (near end, far end) from `target` when it lies on a ray from `target`."""
    x0, y0, x1, y1 = line
    d0, d1 = math.dist((x0, y0), target), math.dist((x1, y1), target)
    near, far = min(d0, d1), max(d0, d1)
    if abs((far - near) - math.dist((x0, y0), (x1, y1))) > 0.02:  # not on one ray from the target
        return None
    return near, far


def test_a_hexagons_marks_point_at_each_vertex_from_outside_its_bleed(sheets: Path) -> None:
    lines = _lines(sheets / "a4" / "tiles.pdf")
    placed = _placements(HEX, 60, 52, 3)
    assert len(lines) == 6 * len(placed), "six marks a tile, no grid lines across the sheet"
    for matrix in placed:
        centre = apply(matrix, 30, 26)
        for vertex in corners(HEX, 60, 52):
            v = apply(matrix, *vertex)
            found = [d for line in lines if (d := _points_at(line, v)) is not None and d[0] < 5]
            assert found == [pytest.approx((BLEED + MARK_CLEAR, BLEED + MARK_CLEAR + OUTLINE_MARK), abs=0.02)]
            # and it points outward: its far end is farther from the piece's centre than the vertex
            [line] = [ln for ln in lines if _points_at(ln, v) and min(math.dist(ln[:2], v), math.dist(ln[2:], v)) < 5]
            assert max(math.dist(line[:2], centre), math.dist(line[2:], centre)) > math.dist(v, centre) + BLEED


def test_a_circles_marks_sit_on_its_centre_lines(sheets: Path) -> None:
    lines = _lines(sheets / "a4" / "tokens.pdf")
    placed = _placements(CIRCLE, 25, 25, 4)
    assert len(lines) == 4 * len(placed)
    for matrix in placed:
        cx, cy = apply(matrix, 12.5, 12.5)
        on_centre = [
            ln
            for ln in lines
            if (abs(ln[0] - cx) < 0.02 and abs(ln[2] - cx) < 0.02)
            or (abs(ln[1] - cy) < 0.02 and abs(ln[3] - cy) < 0.02)
        ]
        near = [ln for ln in on_centre if min(math.dist(ln[:2], (cx, cy)), math.dist(ln[2:], (cx, cy))) < 17]
        assert len(near) == 4
        for ln in near:  # from outside the bleed, OUTLINE_MARK long
            d = sorted((math.dist(ln[:2], (cx, cy)), math.dist(ln[2:], (cx, cy))))
            assert d == pytest.approx([12.5 + BLEED + MARK_CLEAR, 12.5 + BLEED + MARK_CLEAR + OUTLINE_MARK], abs=0.02)


def _svg_paths(svg: Path) -> dict[str, str]:
    root = ET.parse(svg).getroot()
    return {p.get("data-piece", ""): p.get("d", "") for p in root.iter(f"{SVG}path")}


def test_the_cut_file_follows_the_hexagon_and_the_circle(sheets: Path) -> None:
    folder = sheets / "silhouette-a4"
    for group, colour_of in (("tiles", SEA), ("tokens", None)):
        page_h = float(ET.parse(folder / f"{group}-1.svg").getroot().get("viewBox", "").split()[3])
        colour = _page(folder / f"{group}.pdf")
        paths = _svg_paths(folder / f"{group}-1.svg")
        assert paths
        for key, d in paths.items():
            numbers = [float(n) for n in re.findall(r"-?\d+\.\d+", d)]
            if group == "tiles":
                assert re.fullmatch(r"M [\d. ]+( L [\d. ]+){5} Z", d), d
                points = [(x, page_h - y) for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
                xs, ys = [x for x, _ in points], [y for _, y in points]
                assert max(xs) - min(xs) == pytest.approx(60, abs=0.01)
                assert max(ys) - min(ys) == pytest.approx(52, abs=0.01)
                centre = (sum(xs) / 6, sum(ys) / 6)
                at = [(min(xs) + x, min(ys) + y) for x, y in corners(HEX, 60, 52)]
                flat = [v for p in sorted(points) for v in p]
                assert flat == pytest.approx([v for p in sorted(at) for v in p], abs=0.002), "through every vertex"
            else:
                # M x0 cy A r r 0 1 0 x1 cy A r r 0 1 0 x0 cy Z: a circle of radius 12.5 mm
                assert re.fullmatch(r"M [\d. ]+ A [\d. ]+ 0 1 0 [\d. ]+ A [\d. ]+ 0 1 0 [\d. ]+ Z", d), d
                x0, y, rx, ry, x1 = numbers[0], numbers[1], numbers[2], numbers[3], numbers[4]
                assert (rx, ry) == (12.5, 12.5) and x1 - x0 == pytest.approx(25)
                centre = ((x0 + x1) / 2, page_h - y)
                points = [
                    (centre[0] + 12.5 * math.cos(a / 4 * math.pi), centre[1] + 12.5 * math.sin(a / 4 * math.pi))
                    for a in range(8)
                ]
            # the printed piece is where the cut goes: its ink just inside, its bleed just outside
            for p in points:
                inward, outward = _toward(p, centre, 1.0), _toward(p, centre, -BLEED / 2)
                assert not _near(colour(*inward), WHITE) and not _near(colour(*outward), WHITE), key
                if colour_of:
                    assert _near(colour(*inward), colour_of)


def _toward(p: tuple[float, float], centre: tuple[float, float], d: float) -> tuple[float, float]:
    length = math.dist(p, centre)
    return p[0] + (centre[0] - p[0]) * d / length, p[1] + (centre[1] - p[1]) * d / length


def test_png_is_transparent_outside_the_outline(tmp_path: Path) -> None:
    _run("export", "png", "--pack", str(FIXTURE), "--out", str(tmp_path), "--lang", "en")
    folder = tmp_path / "en" / "png"
    for name in ("tiles/north", "tiles/back", "tokens/five", "tokens/five-reverse", "flags/red"):
        with Image.open(folder / f"{name}.png") as image:
            assert image.mode == "RGBA"
            w, h = image.size
            alpha = image.getchannel("A")
            assert alpha.getpixel((w // 2, h // 2)) == 255
            if name.startswith("flags"):  # the notch is cut out; its corners on the left are the flag's
                assert alpha.getpixel((w - 2, h // 2)) == 0 and alpha.getpixel((1, 1)) == 255
            else:
                assert [alpha.getpixel(p) for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))] == [0] * 4
    with Image.open(folder / "cards" / "brig.png") as card:  # rounded: only the corners' tips are cut
        assert card.getchannel("A").getpixel((0, 0)) == 0 and card.getchannel("A").getpixel((card.width // 2, 0)) == 255


def test_png_with_bleed_keeps_the_grown_outline_opaque(tmp_path: Path) -> None:
    _run("export", "png", "--pack", str(FIXTURE), "--out", str(tmp_path), "--lang", "en", "--bleed", "--only", "tokens")
    with Image.open(tmp_path / "en" / "png" / "tokens" / "one.png") as image:
        w, h = image.size
        px = w / (25 + 2 * BLEED)  # px per mm
        alpha, rgb = image.getchannel("A"), image.convert("RGB")
        # 1.5 mm outside the cut, within the bleed: the coin's colour, opaque
        x, y = round(w / 2 + (12.5 + BLEED / 2) * px), h // 2
        assert alpha.getpixel((x, y)) == 255 and _near(rgb.getpixel((x, y)), COIN)
        assert alpha.getpixel((0, 0)) == 0


def test_tabletop_simulator_gets_round_and_hexagonal_custom_tiles(tmp_path: Path) -> None:
    _run("export", "tts", "--pack", str(FIXTURE), "--out", str(tmp_path), "--lang", "en")
    folder = tmp_path / "en" / "tts"
    for group, kind, names in (("tokens", 2, ["one", "five"]), ("tiles", 1, ["north", "south", "east"])):
        saved = json.loads((folder / f"{group}-tiles.json").read_text(encoding="utf-8"))
        states = saved["ObjectStates"]
        assert [s["Name"] for s in states] == ["Custom_Tile"] * len(names)
        assert [s["Nickname"] for s in states] == names
        for state in states:
            custom = state["CustomImage"]
            assert custom["CustomTile"]["Type"] == kind
            face = Path(custom["ImageURL"].removeprefix("file://"))
            back = Path(custom["ImageSecondaryURL"].removeprefix("file://"))
            assert face.is_file() and back.is_file() and face != back
            with Image.open(face) as image:
                assert image.mode == "RGBA" and image.getchannel("A").getpixel((0, 0)) == 0
    # the rounded cards, which share a back, are still a deck of cards
    deck = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    assert deck["ObjectStates"][0]["Name"] == "DeckCustom"
    assert not (folder / "cards-tiles.json").exists()


def test_a_notch_is_marked_from_outside_its_bleed_and_the_grown_outline_keeps_the_notch_sharp() -> None:
    line = cut_line(FLAG, 40, 30, BLEED)
    notch = (30.0, 15.0)  # y up: the same point
    # the grown edges meet at a point BLEED from both edges of the notch, not rounded
    mitre = [p for p in line.points if abs(p[1] - 15) < 1e-6]
    assert len(mitre) == 1 and mitre[0][0] > notch[0]
    found = [m for m in marks(FLAG, 40, 30, BLEED, MARK_CLEAR, OUTLINE_MARK) if abs(m[1] - 15) < 1e-6]
    assert len(found) == 1 and found[0][0] > mitre[0][0] + MARK_CLEAR - 1e-6


def test_a_polygons_back_is_cut_from_the_turned_outline() -> None:
    turned = FLAG.flipped("x", 40, 30)
    assert turned.points == ((40, 0), (0, 0), (10, 15), (0, 30), (40, 30))
    assert HEX.flipped("x", 60, 52) == HEX
    sheet = plan(PAPERS["a4"], 40, 30, BLEED, Backs.duplex_long, outline=FLAG)
    assert sheet.back_flip == ("y" if sheet.turned else "x")


@pytest.mark.parametrize(
    ("outline", "message"),
    [
        (
            "hexagone",
            "pieces.harbour.outline: must be 'rect', 'rounded', 'circle', 'hexagon' or 'polygon' (got 'hexagone')",
        ),
        (
            "{shape: hexagon, orientation: up}",
            "pieces.harbour.outline.orientation: must be 'flat' or 'pointy' (got 'up')",
        ),
        ("{shape: hexagon, radius: 2}", "pieces.harbour.outline: `radius` belongs to a rounded outline, not a hexagon"),
        (
            "{shape: rounded, radius: 40}",
            "pieces.harbour: outline: a radius of 40 mm is more than half the 60 x 52 mm size",
        ),
        (
            "{shape: polygon, points: [[0, 0], [70, 0], [30, 40]]}",
            "pieces.harbour: outline: the point [70, 0] lies outside the 60 x 52 mm size",
        ),
        (
            "{shape: polygon, points: [[0, 0], [10, 0]]}",
            "pieces.harbour.outline.points: must hold at least 3 items (it holds 2)",
        ),
        ("polygon", "pieces.harbour: outline: a polygon needs its `points`"),
        ("{shape: circle, sides: 6}", "pieces.harbour.outline.sides: unknown key"),
    ],
)
def test_a_bad_outline_is_a_located_finding(tmp_path: Path, outline: str, message: str) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURE, pack)
    manifest = pack / "components.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(
        text.replace("outline: {shape: hexagon, orientation: flat}", f"outline: {outline}"), encoding="utf-8"
    )
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"{manifest}:2: {message}" in " ".join(result.output.split()), result.output


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from p to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _apart(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> float:
    """The distance between two polygons (or segments) that do not cross: vertex to edge, both ways."""
    edges = lambda ps: list(zip(ps, ps[1:] + ps[:1], strict=True)) if len(ps) > 2 else [(ps[0], ps[1])]  # noqa: E731
    return min(
        min(_to_segment(v, a, b) for v in p for a, b in edges(q)),
        min(_to_segment(v, a, b) for v in q for a, b in edges(p)),
    )


@pytest.mark.parametrize(
    ("outline", "width", "height", "paper", "grid", "packed"),
    [
        (HEX, 60, 52, "a4", 9, 11),
        (HEX, 60, 52, "letter", 9, 11),
        (Outline("hexagon", orientation="pointy"), 52, 60, "a4", 9, 11),
        (HEX, 40, 40, "letter", 15, 18),
        (CIRCLE, 25, 25, "a4", 35, 36),
        (CIRCLE, 25, 25, "letter", 35, 39),
        (CIRCLE, 50, 50, "a4", 12, 13),
        (CIRCLE, 50, 50, "letter", 12, 12),  # staggered rows gain nothing here: the grid is kept
    ],
)
def test_hexagons_and_circles_pack_tighter_than_their_boxes_and_stay_cleanly_cuttable(
    outline: Outline, width: float, height: float, paper: str, grid: int, packed: int
) -> None:
    sheet = plan(PAPERS[paper], width, height, BLEED, Backs.duplex_long, outline=outline)
    # the same outline as a polygon is laid in the grid of its bounding boxes
    points = [(x, height - y) for x, y in cut_line(outline, width, height).polygon(24)]
    boxed = plan(
        PAPERS[paper], width, height, BLEED, Backs.duplex_long, outline=Outline("polygon", points=tuple(points))
    )
    assert (len(boxed.slots), len(sheet.slots)) == (grid, packed)
    line = cut_line(outline, width, height).polygon(48)
    shapes = [[apply(s.front_matrix, *p) for p in line] for s in sheet.slots]
    centres = [apply(s.front_matrix, width / 2, height / 2) for s in sheet.slots]
    near = 1.5 * max(width, height)  # farther pieces cannot touch
    for i, shape in enumerate(shapes):
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        assert min(xs) - BLEED >= 6 and max(xs) + BLEED <= sheet.page_width - 6, "inside the printer's margin"
        assert min(ys) - BLEED >= 6 and max(ys) + BLEED <= sheet.page_height - 6
        for j in range(i + 1, len(shapes)):
            if math.dist(centres[i], centres[j]) < near:
                assert _apart(shape, shapes[j]) >= 2 * BLEED - 0.05, "two bleeds never overlap"
    for own, slot in enumerate(sheet.slots):
        assert len(slot.marks) == (4 if outline.shape == "circle" else 6)
        for m in slot.marks:
            for other, shape in enumerate(shapes):
                if other != own and math.dist(centres[own], centres[other]) < near:
                    clear = _apart([(m.x0, m.y0), (m.x1, m.y1)], shape)
                    assert clear >= BLEED + MARK_CLEAR - 0.05, "a mark never reaches another piece's bleed"


@pytest.mark.slow
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_a_polygons_back_lands_behind_its_front_when_the_sheet_is_turned(tmp_path: Path, backs: str) -> None:
    _run("build", "--pack", str(FIXTURE), "--out", str(tmp_path), "--lang", "en", "-q", "--backs", backs)
    doc = pdfium.PdfDocument(str(tmp_path / "en" / "a4" / "flags.pdf"))
    front, back = (doc[i].render(scale=50 / 72).to_pil().convert("L") for i in (0, 1))
    turned = back.transpose(
        Image.Transpose.FLIP_LEFT_RIGHT if backs == "duplex-long" else Image.Transpose.FLIP_TOP_BOTTOM
    )
    a, b = _ink(front), _ink(turned)
    assert len(a) > 500 and len(a ^ b) < 0.03 * len(a), "the notched back covers the notched front"


def _ink(image: Image.Image) -> set[tuple[int, int]]:
    return {(x, y) for x in range(image.width) for y in range(image.height) if image.getpixel((x, y)) < 200}  # type: ignore[operator]


@pytest.mark.parametrize(("outline", "width", "height"), [(CIRCLE, 25, 25), (HEX, 60, 52), (FLAG, 40, 30)])
def test_folded_a_pieces_marks_stay_off_both_its_sides(outline: Outline, width: float, height: float) -> None:
    sheet = plan(PAPERS["a4"], width, height, BLEED, Backs.fold, outline=outline)
    for slot in sheet.slots:
        assert slot.back_matrix is not None
        inks = [
            [apply(slot.front_matrix, *p) for p in cut_line(outline, width, height, BLEED).polygon(48)],
            [
                apply(slot.back_matrix, *p)
                for p in cut_line(outline.flipped("x", width, height), width, height, BLEED).polygon(48)
            ],
        ]
        cuts = [m for m in slot.marks if m.kind == "cut"]
        assert len(cuts) >= 4 and [m.kind for m in slot.marks].count("fold") == 2
        for m in cuts:
            assert not any(_inside(p, ink) for p in ((m.x0, m.y0), (m.x1, m.y1)) for ink in inks)


def _inside(p: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Whether p is inside the polygon: a ray to its right crosses its edges an odd number of times."""
    crossings = 0
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
            crossings += 1
    return crossings % 2 == 1


@pytest.mark.parametrize(
    ("outline", "width", "height", "grid", "packed"), [(HEX, 60, 52, 9, 11), (CIRCLE, 25, 25, 45, 52)]
)
def test_a_cutter_sheet_packs_hexagons_and_circles_too(
    outline: Outline, width: float, height: float, grid: int, packed: int
) -> None:
    from estoril_pnp.render.cutter import SILHOUETTE, plan_cut
    from estoril_pnp.render.outline import RECT

    sheet = plan_cut(PAPERS["a4"], SILHOUETTE, width, height, BLEED, 0, outline)
    assert (len(plan_cut(PAPERS["a4"], SILHOUETTE, width, height, BLEED, 0, RECT).slots), len(sheet.slots)) == (
        grid,
        packed,
    )
    line = cut_line(outline, width, height).polygon(48)
    shapes = [[(s.x + x, s.y + y) for x, y in line] for s in sheet.slots]
    for i, shape in enumerate(shapes):
        for other in shapes[i + 1 :]:
            if math.dist(shape[0], other[0]) < 1.5 * max(width, height):
                assert _apart(shape, other) >= 2 * BLEED - 0.05, "the bleeds meet at most"
        grown = sheet.slots[i].grow(BLEED, BLEED, BLEED, BLEED)
        assert grown.x >= 10 and grown.right <= sheet.page_width - 10, "inside the registration marks"
        assert not any(grown.overlap(k) for k in sheet.keep_out)
