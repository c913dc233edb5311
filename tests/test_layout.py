"""Layouts as data: `extends` inheritance, boxes turned into PDF coordinates, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from estoril_pnp.errors import InputError
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.layout import load_design
from estoril_pnp.render.ops import IconOp, TextOp
from estoril_pnp.render.resolve import resolve
from estoril_pnp.source.packfiles import PackFiles

DESIGN = """\
palette: {ink: "#000000", paper: "#ffffff"}
fonts: {text: Vollkorn-Regular.ttf}
icons: {}
layouts:
  base:
    size: [70, 50]
    elements:
      paper: {verb: rect, box: [0, 0, 70, 50], fill: paper}
      title: {verb: text, box: [5, 5, 60, 10], size: 12, min: 7}
      badge: {verb: icon, box: [60, 40, 8, 8]}
  child:
    extends: base
    elements:
      title: {size: 20}
      badge: null
      note: {verb: text, box: [5, 20, 60, 10], text: "static"}
"""


def design(tmp_path: Path, text: str = DESIGN):
    """The design of a pack whose own layout file is `text`, over the shipped layouts."""
    (tmp_path / "layouts").mkdir(exist_ok=True)
    (tmp_path / "layouts" / "pieces.yaml").write_text(text, encoding="utf-8")
    return load_design(PackFiles(tmp_path))


def test_extends_overrides_drops_and_adds(tmp_path: Path) -> None:
    d = design(tmp_path)
    child = {e.name: e for e in d.layouts["child"].elements}
    assert list(child) == ["paper", "title", "note"]
    assert child["title"].style["size"] == 20 and child["title"].style["min"] == 7
    assert (d.layouts["child"].width, d.layouts["child"].height) == (70, 50)


def test_boxes_are_measured_from_the_top_left(tmp_path: Path) -> None:
    title = design(tmp_path).layouts["base"].elements[1]
    assert title.box == Box(5, 50 - 5 - 10, 60, 10)


def test_data_elements_are_left_out_without_a_value(tmp_path: Path) -> None:
    d = design(tmp_path)
    bare = resolve(d, d.layouts["base"], {"title": "Hello"}, str)
    assert not any(isinstance(op, IconOp) for op in bare.ops)
    badged = resolve(d, d.layouts["base"], {"title": "Hello", "badge": "game/medal"}, str)
    [icon] = [op.icon for op in badged.ops if isinstance(op, IconOp)]
    assert icon.endswith("icons/game/medal.svg")


def test_text_shrinks_to_fit_then_overflows(tmp_path: Path) -> None:
    d = design(tmp_path)
    fitted = resolve(d, d.layouts["base"], {"title": "A rather long title that must shrink"}, str)
    [text] = [op for op in fitted.ops if isinstance(op, TextOp)]
    assert text.size < 12 / 2.83  # shrunk below its 12 pt start (sizes are stored in mm)
    overflowing = resolve(d, d.layouts["base"], {"title": "word " * 200}, str)
    assert [o.element for o in overflowing.overflows] == ["title"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("extends: base", "extends: nothing"), "layouts.child.extends: unknown layout 'nothing'"),
        (("verb: icon", "verb: sparkle"), "unknown verb 'sparkle'"),
        (("size: [70, 50]", "size: 70"), "size must be [width, height] in mm"),
        (("    extends: base", "    extends: child"), "`extends` loops: child -> child"),
        (("fill: paper}", "colur: paper}"), "layouts.base.elements.paper.colur: unknown key for a rect"),
        (("size: 12, min: 7", "size: 12, min: 7, font: fancy"), "title.font: unknown font role 'fancy'"),
        (("fill: paper}", "fill: papper}"), "paper.fill: unknown colour 'papper'"),
        (("size: 12, min: 7", "size: twelve, min: 7"), "title.size: expected a number"),
        (("size: 12, min: 7", "size: 12, min: 6.5"), "title.min: 6.5 pt is under the smallest text size, min_text: 7"),
        (('text: "static"', 'text: "static", size: 5'), "note.size: 5 pt is under the smallest text size"),
        (("icons: {}", "icons: {}\nmin_text: tiny"), "min_text: a text size in points, 0–72 (got 'tiny')"),
        (('text: "static"', 'text: "static", align: middle'), "note.align: unknown value 'middle'"),
        (('text: "static"', 'text: "static", hang: yes'), "note.hang: expected true or false (got 'yes')"),
        (('text: "static"', 'text: "static", follows: nothing'), "note.follows: no element 'nothing' before this"),
        (
            ("icons: {}", "icons: {medal: game/no-such-icon}"),
            "icons.medal: icon file 'game/no-such-icon.svg' not found",
        ),
        (("icons: {}", "icons: {medal: ../../etc/passwd}"), "climbs out of the pack with '..'"),
        (("icons: {}", "icons: {medal: /etc/passwd}"), "is an absolute path"),
        (
            ("fonts: {text: Vollkorn-Regular.ttf}", "fonts: {text: Comic.ttf}"),
            "fonts.text: font file 'Comic.ttf' not found",
        ),
    ],
)
def test_layout_faults_name_file_and_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert change[0] in DESIGN
    with pytest.raises(InputError) as caught:
        design(tmp_path, DESIGN.replace(*change, 1))
    [finding] = caught.value.findings
    assert str(finding).startswith(f"{tmp_path / 'layouts' / 'pieces.yaml'}:"), str(finding)
    assert finding.line is not None
    assert message in str(finding)


def test_a_pack_may_set_its_own_smallest_text_size(tmp_path: Path) -> None:
    smaller = design(tmp_path, DESIGN.replace("size: 12, min: 7", "size: 12, min: 5") + "min_text: 5\n")
    assert smaller.min_text == 5
    title = next(e for e in smaller.layouts["base"].elements if e.name == "title")
    fitted = resolve(smaller, smaller.layouts["base"], {"title": "A rather long title that must shrink a lot"}, str)
    assert title.style["min"] == 5 and not fitted.overflows


def test_a_no_break_space_keeps_two_words_on_one_line() -> None:
    from estoril_pnp.render.fonts import register_fonts
    from estoril_pnp.render.text import fit

    register_fonts()
    text = "Połóż kartę w\u00a0domu i\u00a0czekaj na znak"
    for width in range(40, 200, 5):
        lines = fit(text, "Vollkorn-Regular", width, 1000, 10, 10, 1.2, True).lines
        assert not any(line.endswith((" w", " i")) or line in ("w", "i") for line in lines), lines
