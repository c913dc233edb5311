"""Each expression form's range (the form table's `bound`), by interval arithmetic: `b` is the
walker of bounds.py, which knows the sheet's entries, pieces and the ranges proved so far, and
ranges an operand with `b.expr` (the table's dispatch, handed in so that this module needs no
table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..vocabulary import MAX_LIST, Expr

Range = tuple[int, int]
Walker = Any  # bounds._Bounds: what a form's range reads
Bound = Callable[[Walker, Expr], Range]


def hull(*ranges: Range) -> Range:
    return min(r[0] for r in ranges), max(r[1] for r in ranges)


def count(b: Walker, x: Expr) -> Range:
    n = b.size(x["count"])
    if x["symbol"] is not None:
        n *= max((len(p.symbols) for c in b.items.values() for p in c), default=0)
    return b.clamped(0, n)


def sum_(b: Walker, x: Expr) -> Range:
    n = b.size(x["of"])
    low, high = b.field(x["sum"], x["of"])
    return b.clamped(n * low, n * high)


def distinct(b: Walker, x: Expr) -> Range:
    return b.clamped(0, b.size(x["of"]))


def measure(b: Walker, x: Expr) -> Range:
    return hull((0, 0), *(b.known[f"measure:{m}"] for m in b.sheet.measures))


def yes_or_no(b: Walker, x: Expr) -> Range:
    return 0, 1


def value(b: Walker, x: Expr) -> Range:
    forms = b.entries[x["value"]]
    ranges = [b.num(f[k]) for f in forms for k in ("min", "max", "default") if f.get(k) is not None]
    return hull((0, 0), *ranges)


def figure(b: Walker, x: Expr) -> Range:
    b.tainted |= x["figure"] in b.beyond
    return b.known.get(x["figure"], (0, 0))


def won(b: Walker, x: Expr) -> Range:
    return 0, MAX_LIST


def table(b: Walker, x: Expr) -> Range:
    b.expr(x["table"])
    return min(x["points"]), max(x["points"])


def div(b: Walker, x: Expr) -> Range:
    low, high = b.expr(x["div"])
    return min(low, 0), max(high, 0)


def abs_(b: Walker, x: Expr) -> Range:
    low, high = b.expr(x["abs"])
    if low >= 0:
        return low, high
    return (-high, -low) if high <= 0 else (0, max(-low, high))


def if_(b: Walker, x: Expr) -> Range:
    b.expr(x["if"])
    return hull(b.expr(x["then"]), b.expr(x["else"]))


def comparison(form: str) -> Bound:
    """at_least, at_most, equal: 0 or 1, once both sides are ranged."""

    def compared(b: Walker, x: Expr) -> Range:
        b.expr(x[form][0])
        b.expr(x[form][1])
        return 0, 1

    return compared


def minus(b: Walker, x: Expr) -> Range:
    (a, b_), (c, d) = b.expr(x["minus"][0]), b.expr(x["minus"][1])
    return b.clamped(a - d, b_ - c)


def plus(b: Walker, x: Expr) -> Range:
    parts = [b.expr(p) for p in x["plus"]]
    return b.clamped(sum(p[0] for p in parts), sum(p[1] for p in parts))


def pick(form: str, choose: Callable[..., int]) -> Bound:
    """least, most: the least (most) of the low ends and of the high ends."""

    def picked(b: Walker, x: Expr) -> Range:
        parts = [b.expr(p) for p in x[form]]
        return choose(p[0] for p in parts), choose(p[1] for p in parts)

    return picked


def times(b: Walker, x: Expr) -> Range:
    out: Range = (1, 1)  # every partial product is a value the page computes too
    for low, high in [b.expr(p) for p in x["times"]]:
        ends = [out[0] * low, out[0] * high, out[1] * low, out[1] * high]
        out = b.check(b.clamped(min(ends), max(ends)))
    return out
