"""The score sheet's reserved names, number values and steps (docs/score-sheet.md), shared by the
reader (sheet/), the form table (forms/), the proof of its bounds (bounds.py) and the scorer
(calc.py). The expression forms themselves are forms/'s table."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Literal, NamedTuple

PLAYERS = "players"  # the one number name that stays a name: the game's player count
ROUND = "round"  # inside a round (`rounds:`), the other: the index of the round being scored, from 1
IT = "it"  # a measure's pieces
TOTAL = "total"
MAX_LIST = 64  # names in one list of a record (record.py), and so the most pieces one can hold (bounds.py)

StepKind = Literal["category", "contest", "figure", "total"]


class Step(NamedTuple):
    """One step of scoring a seat, in the sheet's computed order: both interpreters run the same
    steps (calc.py, and `STEPS` in templates/scorepage/scoring/calc.js, which reads them as `{step, id}`)."""

    kind: StepKind
    id: str  # the category's or figure's id; "total" for the total


Num = int | str | list[Any]  # an integer, "players", or a list of them (a sum)


def evaluate_num(value: Num, players: int, round: int = 0) -> int:
    """A resolved number value for a game of `players`, in round `round` (0: outside any round)."""
    if isinstance(value, list):
        return sum(evaluate_num(v, players, round) for v in value)
    if value == ROUND:
        return round
    return players if value == PLAYERS else int(value)


Expr = Any  # an expression in resolved JSON form (docs/score-sheet.md)


def form_of(x: Mapping[str, Any], forms: Collection[str]) -> str:
    """Which of `forms` a resolved expression is: its one key among them. A key of none of them (a
    sheet resolved by hand: `validate` refuses such a sheet) is named, never taken for another form."""
    found = [k for k in x if k in forms]
    if len(found) != 1:
        raise ValueError(f"unknown form {', '.join(map(repr, found or x)) or 'none'}")
    return found[0]
