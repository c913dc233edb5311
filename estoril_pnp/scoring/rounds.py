"""Rounds (`rounds:`, docs/score-sheet.md "Rounds"): what is given, scored and checked once per
round. A round entry's value is a list, one number per round; a round category's points are its
expression's summed over the rounds, each evaluated with `round` the round's index and every round
entry read as that round's number; a round check is made in every round. calc.py compiles with
these; the page's scoring/calc.js does the same by the same names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .forms.evaluate import Env, Fn


def round_entries(sheet: Any) -> tuple[str, ...]:
    """The ids of the entries given round by round."""
    return tuple(e["id"] for e in sheet.entries if e.get("round"))


def in_round(e: Env, r: int, entries: tuple[str, ...], fn: Fn) -> int:
    """`fn` for seat `e` in round `r` (from 1): `round` is r and each round entry that round's number."""
    values = e.values
    e.round = r
    e.values = {**values, **{k: values[k][r - 1] for k in entries if k in values}}
    try:
        return fn(e, None)
    finally:
        e.values, e.round = values, 0


def per_round(sheet: Any, category: Mapping[str, Any], fn: Fn) -> Fn:
    """A category's points: for a round category, its expression's summed over the rounds."""
    if not category.get("round"):
        return fn
    count, entries, ident = sheet.rounds, round_entries(sheet), category["id"]

    def summed(e: Env, it: Any) -> int:
        points = e.by_round[ident] = [in_round(e, r, entries, fn) for r in range(1, count + 1)]
        return sum(points)

    return summed


def round_categories(sheet: Any) -> tuple[str, ...]:
    """The ids of the categories scored round by round."""
    return tuple(c["id"] for c in sheet.categories if c.get("round"))


def round_values(sheet: Any, check: Mapping[str, Any], fn: Fn) -> Fn:
    """A check's value for a seat; a round check's is a tuple, its value in each round."""
    if not check.get("round"):
        return fn
    count, entries = sheet.rounds, round_entries(sheet)
    return lambda e, it: tuple(in_round(e, r, entries, fn) for r in range(1, count + 1))  # type: ignore[return-value]
