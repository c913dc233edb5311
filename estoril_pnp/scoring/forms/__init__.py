"""The expression forms of the score sheet (docs/score-sheet.md), each declared once, in one table:
its name (the key a sheet writes, and the name the page's interpreter dispatches on, in
templates/scorepage/), its operands, how it is checked when a sheet is read (check.py), its range
(bound.py) and how Python computes it (evaluate.py). The sheet's reader, bounds.py and calc.py
dispatch through the table; `tests/test_forms.py` checks that the page knows exactly its forms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..vocabulary import IT as IT
from ..vocabulary import MAX_LIST as MAX_LIST
from ..vocabulary import PLAYERS as PLAYERS
from ..vocabulary import ROUND as ROUND
from ..vocabulary import TOTAL as TOTAL
from ..vocabulary import Expr as Expr
from ..vocabulary import Num as Num
from ..vocabulary import Step as Step
from ..vocabulary import StepKind as StepKind
from ..vocabulary import evaluate_num as evaluate_num
from ..vocabulary import form_of as form_of
from . import bound, check, evaluate

# what a form's operands are: entries of pieces, one entry, one step (figure or contest), a list
# of expressions, exactly two, a form of its own keys (div, if, table), or one expression (abs)
Operands = Literal["pieces", "entry", "step", "list", "pair", "div", "if", "table", "one"]


def _always(x: Expr) -> bool:
    return True


def _not_bare(x: Expr) -> bool:
    """A count of a field or a symbol reads the pieces; a bare count only how many there are."""
    return x.get("field") is not None or x.get("symbol") is not None


@dataclass(frozen=True)
class Form:
    name: str
    operands: Operands
    keys: Mapping[str, bool]  # every key it takes (True: required), in the order messages list them
    check: check.Check
    bound: bound.Bound
    evaluate: Callable[[Expr, evaluate.Sub], evaluate.Fn]
    reads: str | None = None  # an entry form: the kind of entry it names
    pieces: str | None = None  # a form of pieces: the key naming the entries whose pieces it reads
    as_pieces: Callable[[Expr], bool] = _always  # whether it reads them as pieces (not only how many)


def _of_pieces(name: str, tail: check.Tail, rng: bound.Bound, fn: Any, extra: Mapping[str, bool]) -> Form:
    key = "count" if name == "count" else "of"
    keys = {name: True, "except": False, **extra}
    return Form(name, "pieces", keys, check.of_pieces(tail), rng, fn, pieces=key,
                as_pieces=_not_bare if name == "count" else _always)  # fmt: skip


def _of_entry(name: str, kind: str, rng: bound.Bound, fn: Any) -> Form:
    return Form(name, "entry", {name: True}, check.entry, rng, fn, reads=kind)


def _of_list(name: str, operands: Operands, rng: bound.Bound, fn: Any) -> Form:
    return Form(name, operands, {name: True}, check.parts, rng, fn)


_COUNT_KEYS = {"field": False, "is": False, "in": False, "symbol": False, "mine": False, "also": False, "whose": False}

# in the order a message lists them
TABLE: Mapping[str, Form] = {
    form.name: form
    for form in (
        _of_pieces("sum", check.sum_, bound.sum_, evaluate.sum_, {"of": True}),
        _of_pieces("count", check.count, bound.count, evaluate.count, _COUNT_KEYS),
        _of_pieces("distinct", check.distinct, bound.distinct, evaluate.distinct, {"of": True, "among": False}),
        _of_pieces("measure", check.measure, bound.measure, evaluate.measure, {"of": True}),
        _of_entry("holds", "holder", bound.yes_or_no, evaluate.holds),
        _of_entry("yes", "yesno", bound.yes_or_no, evaluate.yes),
        _of_entry("value", "number", bound.value, evaluate.value),
        Form("figure", "step", {"figure": True}, check.step, bound.figure, evaluate.figure),
        Form("won", "step", {"won": True}, check.step, bound.won, evaluate.won),
        _of_list("plus", "list", bound.plus, evaluate.combined("plus", sum)),
        _of_list("times", "list", bound.times, evaluate.times),
        _of_list("least", "list", bound.pick("least", min), evaluate.combined("least", min)),
        _of_list("most", "list", bound.pick("most", max), evaluate.combined("most", max)),
        _of_list("minus", "pair", bound.minus, evaluate.pair("minus", lambda a, b: a - b)),
        _of_list("at_least", "pair", bound.comparison("at_least"), evaluate.pair("at_least", lambda a, b: int(a >= b))),
        _of_list("at_most", "pair", bound.comparison("at_most"), evaluate.pair("at_most", lambda a, b: int(a <= b))),
        _of_list("equal", "pair", bound.comparison("equal"), evaluate.pair("equal", lambda a, b: int(a == b))),
        Form("div", "div", {"div": True, "by": True, "round": False}, check.div, bound.div, evaluate.div),
        Form("if", "if", {"if": True, "then": True, "else": True}, check.if_, bound.if_, evaluate.if_),
        Form("table", "table", {"table": True, "points": True}, check.table, bound.table, evaluate.table),
        Form("abs", "one", {"abs": True}, check.one, bound.abs_, evaluate.abs_),
        _of_pieces("member", check.member, bound.yes_or_no, evaluate.member, {"of": True}),
    )
}

FORMS = tuple(TABLE)  # every form's name
PIECE_KEYS = frozenset(f.pieces for f in TABLE.values() if f.pieces)  # keys naming entries of pieces
