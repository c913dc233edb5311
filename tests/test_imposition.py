"""The solver, as data: counts, mirrors, fold pairs, and marks kept out of pieces and margins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.capacity import pieces_per_page
from estoril_pnp.render.geometry import Box
from estoril_pnp.render.imposition import MARGIN, PAPERS, Backs, DoesNotFit, Mark, SheetPlan, plan

A4, LETTER = PAPERS["a4"], PAPERS["letter"]
EPS = 1e-9

# Pieces per page with 3 mm bleed, from data/components.yaml sizes (the README table).
SQUARES = {"character": 6, "mission": 6, "enigma": 6}
EXPECTED = {
    "a4": {**SQUARES, "location": 1, "player_aid": 2, "location_aid": 2, "first_player": 4, "marker": 96},
    "letter": {**SQUARES, "location": 1, "player_aid": 2, "location_aid": 2, "first_player": 4, "marker": 88},
}
FOLDED_SQUARES = {"character": 3, "mission": 3, "enigma": 3}
FOLDED = {  # a front and its back side by side; the tile cannot fold on either paper
    "a4": {**FOLDED_SQUARES, "location": 0, "player_aid": 1, "location_aid": 1, "first_player": 2, "marker": 56},
    "letter": {**FOLDED_SQUARES, "location": 0, "player_aid": 1, "location_aid": 1, "first_player": 2, "marker": 55},
}


def _sizes() -> dict[str, tuple[float, float]]:
    return {k: (s.width, s.height) for k, s in load_pack(default_pack()).manifest.pieces.items()}


def test_pieces_per_page_table() -> None:
    assert pieces_per_page(_sizes(), bleed=3.0) == EXPECTED


def test_pieces_per_page_folded() -> None:
    assert pieces_per_page(_sizes(), bleed=3.0, backs=Backs.fold) == FOLDED


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.top - EPS and b.y < a.top - EPS


def _mark_hits(m: Mark, box: Box) -> bool:
    lo_x, hi_x, lo_y, hi_y = min(m.x0, m.x1), max(m.x0, m.x1), min(m.y0, m.y1), max(m.y0, m.y1)
    return lo_x <= box.right + EPS and hi_x >= box.x - EPS and lo_y <= box.top + EPS and hi_y >= box.y - EPS


def _printable(p: SheetPlan) -> Box:
    return Box(MARGIN, MARGIN, p.page_width - 2 * MARGIN, p.page_height - 2 * MARGIN)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner.x >= outer.x - EPS
        and inner.y >= outer.y - EPS
        and inner.right <= outer.right + EPS
        and inner.top <= outer.top + EPS
    )


@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(list(PAPERS.values())),
    width=st.floats(5, 220),
    height=st.floats(5, 220),
    bleed=st.floats(0, 6),
    backs=st.sampled_from(list(Backs)),
)
@pytest.mark.slow
def test_every_plan_keeps_pieces_and_marks_apart_and_inside(paper, width, height, bleed, backs) -> None:
    try:
        p = plan(paper, width, height, bleed, backs)
    except DoesNotFit:
        return
    printable = _printable(p)
    clips = [c for s in p.slots for c in (s.front_clip, s.back_clip if backs is Backs.fold else None) if c]
    assert all(_inside(c, printable) for c in clips)
    assert not any(_overlap(a, b) for i, a in enumerate(clips) for b in clips[i + 1 :])
    for m in p.marks:
        assert _inside(Box(min(m.x0, m.x1), min(m.y0, m.y1), abs(m.x1 - m.x0), abs(m.y1 - m.y0)), printable)
        assert not any(_mark_hits(m, c) for c in clips), m
    # Every trim edge is marked: each distinct cut line has at least one mark on it.
    cuts = {round(m.x0, 6) for m in p.marks if m.kind == "cut" and m.x0 == m.x1}
    assert {round(x, 6) for s in p.slots for x in (s.front.x, s.front.right) if backs is not Backs.fold} <= cuts


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_duplex_long_mirrors_x_on_an_upright_page(paper) -> None:
    p = plan(paper, 70, 70, 3, Backs.duplex_long)
    assert p.page_width < p.page_height and p.back_page
    for s in p.slots:
        (fx, fy), (bx, by) = s.front.centre, s.back.centre
        assert bx == pytest.approx(p.page_width - fx) and by == pytest.approx(fy)


def test_duplex_short_mirrors_y_and_the_offset_shifts_backs() -> None:
    p = plan(A4, 70, 70, 3, Backs.duplex_short, back_offset=(1.5, -2.0))
    for s in p.slots:
        (fx, fy), (bx, by) = s.front.centre, s.back.centre
        assert bx == pytest.approx(fx + 1.5) and by == pytest.approx(p.page_height - fy - 2.0)
        assert s.back_clip.centre == pytest.approx(s.back.centre)


def test_a_grid_across_the_paper_keeps_the_page_upright_and_turns_the_pieces() -> None:
    p = plan(A4, 100, 148, 3, Backs.duplex_long, back_offset=(1.0, -2.0))  # two aids fit only across the paper
    assert p.turned and p.page_width < p.page_height and len(p.slots) == 2
    for s in p.slots:
        assert (s.front.width, s.front.height) == pytest.approx((148, 100))  # a quarter turn
        assert s.front_matrix[:4] == s.back_matrix[:4] == (0.0, 1.0, -1.0, 0.0)  # the back turned like its front
        (fx, fy), (bx, by) = s.front.centre, s.back.centre
        # the offset is in the paper's frame, as read on the upright calibration page
        assert bx == pytest.approx(p.page_width - fx + 1.0) and by == pytest.approx(fy - 2.0)


def test_a_back_offset_that_pushes_backs_off_the_paper_is_refused() -> None:
    plan(A4, 166, 166, 3, Backs.duplex_long, back_offset=(15, 0))  # the tile's bleed still on the paper
    with pytest.raises(DoesNotFit, match="pushes the backs off the A4 paper"):
        plan(A4, 166, 166, 3, Backs.duplex_long, back_offset=(20, 0))


def test_fold_puts_each_back_beside_its_front_with_a_fold_mark_on_the_shared_edge() -> None:
    p = plan(A4, 70, 70, 3, Backs.fold)
    assert not p.back_page
    folds = {m.x0 for m in p.marks if m.kind == "fold"}
    for s in p.slots:
        assert s.back.x == pytest.approx(s.front.right) and s.back.y == s.front.y
        assert s.front_clip.right == pytest.approx(s.front.right)  # no bleed across the fold
        assert s.front.right in folds


def test_tiny_pieces_put_bleeds_together_and_marks_only_outside() -> None:
    p = plan(A4, 16, 16, 3)
    assert not p.marks_in_gutters
    first, second = p.slots[0], p.slots[1]
    assert second.front.x - first.front.right == pytest.approx(6.0)  # exactly bleed to bleed


def test_a_piece_larger_than_the_page_does_not_fit() -> None:
    with pytest.raises(DoesNotFit, match=r"300 x 300 mm .* A4 inside the 6 mm margin"):
        plan(A4, 300, 300, 3)
    with pytest.raises(DoesNotFit, match="folded"):
        plan(A4, 160, 160, 3, Backs.fold)


def test_pieces_that_fill_the_printable_width_exactly_all_fit() -> None:
    # five 31.6 mm pieces, bleeds together, fill A4's 182 mm between marks to the micron: 5 × 37.6 - 6
    p = plan(A4, 31.6, 262, 3)
    assert len(p.slots) == 5
    # one 251.4 mm piece fills Letter's height (279.4 - 2 × (6 + 3 + 5)) exactly
    assert len(plan(LETTER, 100, 251.4, 3).slots) == 1
