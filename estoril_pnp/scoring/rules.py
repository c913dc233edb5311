"""The rules of a game record, each written once: which entries and categories are in play under
the switches, which seat has an entry, an entry's bounds for a number of players, how many pieces
exist, where a piece may stand only once, and the player counts a switch allows.

record.py (a record file), ask.py (`score --interactive`) and calc.py apply them; the score page
has the same rules, each in one place too, by the same names (templates/scorepage/scoring/rules.js).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .sheet import Collection, Sheet, evaluate_num


def in_play(item: Mapping[str, Any], switches: Mapping[str, Any]) -> bool:
    """Whether an entry or category counts in this game: it names no switch, or its switch is on."""
    when = item["when"]
    return when is None or switches.get(when) is True


def has_entry(entry: Mapping[str, Any], seat: str) -> bool:
    """Whether a seat has a `per: player` entry at all (`only` names the seats that do)."""
    return entry["only"] is None or seat in entry["only"]


def bounds(entry: Mapping[str, Any], players: int, round: int = 0) -> tuple[int, int]:
    """A number entry's lowest and highest value for this many players (in this round, for a round entry)."""
    return evaluate_num(entry["min"], players, round), evaluate_num(entry["max"], players, round)


def default(entry: Mapping[str, Any], players: int, round: int = 0) -> int | None:
    """A number entry's value when a record leaves it out, or None if it must be given."""
    return None if entry["default"] is None else evaluate_num(entry["default"], players, round)


def most(entry: Mapping[str, Any], players: int) -> int | None:
    """The most pieces a `pieces` entry may list for this many players, or None for no limit of its own."""
    return None if entry["most"] is None else evaluate_num(entry["most"], players)


def choosable(sheet: Sheet, entry: Mapping[str, Any], players: int) -> tuple[int, int]:
    """How many pieces a `choices` entry takes for this many players: exactly its `count`, else
    from its `least` (default none) to its `most` (default every piece of its collection)."""
    if entry["count"] is not None:
        wanted = evaluate_num(entry["count"], players)
        return wanted, wanted
    every = sum(len(sheet.collections[c].items) for c in entry["of"])
    low = 0 if entry.get("least") is None else evaluate_num(entry["least"], players)
    # all different: never more than there are, whatever `most` says (the pad's rows, the page's "0 of 7")
    return low, every if entry.get("most") is None else min(evaluate_num(entry["most"], players), every)


def room(sheet: Sheet, group: Iterable[str], seats: int) -> tuple[int, int]:
    """How many pieces of these collections one seat can hold, and all seats together: a
    `once: player` collection is every seat's own copy, the others are shared by all."""
    collections = [sheet.collections[c] for c in group]
    each = sum(len(c.items) for c in collections)
    shared = sum(len(c.items) for c in collections if c.once != "player")
    return each, seats * (each - shared) + shared


def owners(sheet: Sheet) -> dict[str, Collection]:
    """Piece id -> its collection, the first that lists it, whose `once` says where the piece may
    stand only once (`game`, `player`) or as often as wished (`any`). The colours are the seats,
    not pieces a record holds."""
    out: dict[str, Collection] = {}
    for c in sheet.collections.values():
        if c.id != "colours":
            for p in c.items:
                out.setdefault(p.id, c)
    return out


def may_choose(sheet: Sheet, entry: Mapping[str, Any], piece: str, seat: str) -> bool:
    """Whether a seat may choose `piece` for a choice entry: any piece, or with `mine: FIELD`
    only one whose FIELD is the seat's colour id (a player's main state among their own side's)."""
    field = entry.get("mine")
    if field is None:
        return True
    found = next((c.by_id[piece] for c in (sheet.collections[i] for i in entry["of"]) if piece in c.by_id), None)
    return found is not None and found.fields.get(field) == seat


def players_outside(switch: Mapping[str, Any], players: int) -> tuple[str, int] | None:
    """("min", n) or ("max", n) if a switch does not allow this many players, else None."""
    low, high = switch["players"]["min"], switch["players"]["max"]
    if low is not None and players < low:
        return "min", low
    if high is not None and players > high:
        return "max", high
    return None
