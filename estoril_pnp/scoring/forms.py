"""The score sheet's reserved names, number values and steps (docs/score-sheet.md), shared by the
reader (sheet.py), the proof of its bounds (bounds.py) and the scorer (calc.py)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

PLAYERS = "players"  # the one number name that stays a name: the game's player count
IT = "it"  # a measure's pieces
TOTAL = "total"

StepKind = Literal["category", "contest", "figure", "total"]


class Step(NamedTuple):
    """One step of scoring a seat, in the sheet's computed order: both interpreters run the same
    steps (calc.py, and `STEPS` in templates/scorepage/sheet.js, which reads them as `{step, id}`)."""

    kind: StepKind
    id: str  # the category's or figure's id; "total" for the total


Num = int | str | list[Any]  # an integer, "players", or a list of them (a sum)


def evaluate_num(value: Num, players: int) -> int:
    """A resolved number value for a game of `players`."""
    if isinstance(value, list):
        return sum(evaluate_num(v, players) for v in value)
    return players if value == PLAYERS else int(value)
