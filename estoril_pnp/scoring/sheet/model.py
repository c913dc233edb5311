"""The checked score sheet as the scorer, the table, the pad and the page read it: its pieces
(`Piece`, `Collection`) and the `Sheet`, with categories, entries and expressions in their
resolved JSON form (numbers by name replaced by integers, every default written out): the Python
scorer and the phone page compute from the same data, and a change (`changes:`) merges into it
key by key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..forms import PLAYERS, TOTAL, Expr, Step, StepKind
from .keys import CONTEST, DEFAULT_POINTS

SHEET = "scoring.yaml"
VERSION = 1
TEAM = "team"  # the one seat of a co-operative game


@dataclass(frozen=True)
class Piece:
    """One thing a record may name: a card, a colour, a mission."""

    id: str
    collection: str
    name: str  # the printed name, the same in every language, or the fallback of name_key
    name_key: str | None = None  # a catalog key naming it per language
    fields: Mapping[str, int | str] = field(default_factory=dict)
    symbols: tuple[str, ...] = ()


@dataclass(frozen=True)
class Collection:
    id: str
    once: str  # game | player | any
    what: str  # the English noun of messages
    items: tuple[Piece, ...]
    many: str = ""  # the English plural of messages counting them ("reward cards")

    @property
    def by_id(self) -> dict[str, Piece]:
        return {p.id: p for p in self.items}


@dataclass(frozen=True)
class Sheet:
    """A checked score sheet; categories, entries and expressions in resolved JSON form."""

    file: Path | str
    title: str
    legend: str | None
    players: tuple[int, int]
    numbers: Mapping[str, int]
    collections: Mapping[str, Collection]
    measures: Mapping[str, Expr]
    entries: tuple[dict[str, Any], ...]
    switches: tuple[dict[str, Any], ...]
    categories: tuple[dict[str, Any], ...]
    changes: tuple[dict[str, Any], ...]
    figures: Mapping[str, Expr]
    tallies: tuple[dict[str, Any], ...]
    ranking: Mapping[str, Any]
    order: tuple[str, ...]  # categories, figures and total, each after what it reads
    teams: tuple[int, int] | None = None  # members per seat in a partnership game
    outcome: Mapping[str, Any] = field(default_factory=lambda: default_outcome(None))
    checks: tuple[dict[str, Any], ...] = ()
    # the catalog key whose plural forms say a total in the verdict ("{count} VP"); None: the
    # verdict says who won and why, no total (a game without points, or `points: none`)
    points: str | None = DEFAULT_POINTS
    # the catalog keys the writer left to their defaults (an entry's question, a switch's name …),
    # each with the words shown when no catalog has it: never required of the catalogs
    unwritten: Mapping[str, str] = field(default_factory=dict)
    rounds: int | None = None  # how many rounds a game has (`rounds:`), if its entries come round by round
    plans: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)  # scorecalc's cache

    @property
    def colours(self) -> Collection:
        return self.collections["colours"]

    @property
    def together(self) -> bool:
        return bool(self.outcome["together"])

    @property
    def steps(self) -> tuple[Step, ...]:
        """The computation in order, each step typed: category, contest, figure or total."""
        kinds: dict[str, StepKind] = {
            c["id"]: "contest" if c["contest"] is not None else "category" for c in self.categories
        }
        return tuple(Step("total" if n == TOTAL else kinds.get(n, "figure"), n) for n in self.order)

    def switch(self, ident: str) -> dict[str, Any]:
        return next(s for s in self.switches if s["id"] == ident)

    def defaults(self) -> dict[str, bool | str]:
        """Every switch at its default: variants off, options at their first value or no."""
        return {s["id"]: s["values"][0] if s["values"] else False for s in self.switches}

    def apply(
        self, values: Mapping[str, bool | str], players: int | None = None
    ) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
        """The categories and entries once every change whose switches match `values` (and, for a
        change by player count, whose counts hold `players`; none while the count is unknown) is made."""
        patches: dict[str, dict[str, dict[str, Any]]] = {"categories": {}, "entries": {}}
        for change in self.changes:
            if applies(change["when"], values, players):
                for part, targets in patches.items():
                    for target, keys in change[part].items():
                        targets.setdefault(target, {}).update(keys)
        return (
            tuple(_patched(c, patches["categories"].get(c["id"])) for c in self.categories),
            tuple(_patched(e, patches["entries"].get(e["id"])) for e in self.entries),
        )


def applies(when: Mapping[str, Any], values: Mapping[str, bool | str], players: int | None) -> bool:
    """Whether a change's `when` holds: every switch at its value, the player count within its bounds."""
    for name, wanted in when.items():
        if name == PLAYERS:
            low, high = wanted["min"], wanted["max"]
            if players is None or (low is not None and players < low) or (high is not None and players > high):
                return False
        elif values.get(name) != wanted:
            return False
    return True


def default_outcome(why: str | None) -> dict[str, Any]:
    """A sheet without `outcome:`: ranked, always a winner."""
    return {"together": False, "ends": [], "otherwise": {"result": "rank", "label": None, "why": why}}


def _patched(item: dict[str, Any], patch: dict[str, Any] | None) -> dict[str, Any]:
    if not patch:
        return item
    out = dict(item)
    for key, value in patch.items():
        if key in CONTEST:
            out["contest"] = {**out["contest"], key: value}
        else:
            out[key] = value
    return out
