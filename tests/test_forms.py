"""The expression forms: one table (scoring/forms/), which the sheet's reader, the bounds, the
Python scorer and the score page all follow."""

from __future__ import annotations

from estoril_pnp.scoring import forms
from estoril_pnp.scoring.forms import FORMS, TABLE

OPERANDS = {"pieces", "entry", "step", "list", "pair", "div", "if", "table", "one"}


def test_every_form_is_declared_once_with_its_check_bound_and_evaluation() -> None:
    assert FORMS == tuple(TABLE) and len(set(FORMS)) == len(FORMS)
    for name, form in TABLE.items():
        assert form.name == name and form.operands in OPERANDS, name
        assert callable(form.check) and callable(form.bound) and callable(form.evaluate), name
        assert form.keys and next(iter(form.keys)) == name and form.keys[name], name  # its own key first, required
        assert (form.reads is not None) == (form.operands == "entry"), name
        assert (form.pieces is not None) == (form.operands == "pieces"), name
        assert form.pieces is None or form.keys[form.pieces], name  # the entries it reads are required
    assert forms.PIECE_KEYS == {"count", "of"}


# The page's interpreter holds exactly these forms in its dispatch table (`Scoring.calc.FORMS`):
# tests/test_scorepage_js.py asks a real Chromium, not a reading of the script's text.


def test_the_range_of_abs_is_the_distance_from_0_of_its_operand_range() -> None:
    class Walker:
        def __init__(self, low: int, high: int) -> None:
            self.range = (low, high)

        def expr(self, x: object) -> tuple[int, int]:
            return self.range

    abs_ = TABLE["abs"].bound
    assert abs_(Walker(-5, 3), {"abs": 0}) == (0, 5)  # spanning 0: from 0 to the farther end
    assert abs_(Walker(-7, -2), {"abs": 0}) == (2, 7)
    assert abs_(Walker(1, 4), {"abs": 0}) == (1, 4)
