"""The score sheet's reserved names and number values (docs/score-sheet.md), shared by the reader
(sheet.py) and the proof of its bounds (bounds.py)."""

from __future__ import annotations

from typing import Any

PLAYERS = "players"  # the one number name that stays a name: the game's player count
IT = "it"  # a measure's pieces
TOTAL = "total"

Num = int | str | list[Any]  # an integer, "players", or a list of them (a sum)


def evaluate_num(value: Num, players: int) -> int:
    """A resolved number value for a game of `players`."""
    if isinstance(value, list):
        return sum(evaluate_num(v, players) for v in value)
    return players if value == PLAYERS else int(value)
