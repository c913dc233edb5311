"""Reading a sheet: its stages in their order (pieces → entries → expressions → verdict → the order
of steps), then the frozen `Sheet`; `load` adds the bounds of every value (bounds.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...errors import InputError, written
from ...source import yamlsrc
from ...source.yamlsrc import Located
from .. import bounds
from .checks import meant
from .keys import DEFAULT_POINTS, MAX_ROUNDS, NO_POINTS, ROUND_KEYS, TOP
from .model import VERSION, Piece, Sheet, default_outcome
from .names import declared
from .order import order
from .verdict import VerdictReader


def load(path: Path, numbers: Mapping[str, int], pieces: Mapping[str, tuple[Piece, ...]] | None) -> Sheet:
    """The sheet at `path`, checked; InputError with every finding, each located in the file.

    `numbers`: the game model's named numbers; `pieces`: the collections the model supplies
    (None for a pack without a model).
    """
    src = yamlsrc.read(path)
    reader = _Reader(src, numbers, pieces)
    sheet = reader.sheet()
    if reader.findings or sheet is None:
        raise InputError(reader.findings or [src.finding((), "not a score sheet")])
    beyond = [src.finding(reader.at.get(name, ()), message) for name, message in bounds.beyond(sheet)]
    if beyond:
        raise InputError(beyond)
    return sheet


class _Reader(VerdictReader):
    """One sheet read, its stages in their order (`sheet`)."""

    def __init__(self, src: Located, numbers: Mapping[str, int], pieces: Mapping[str, tuple[Piece, ...]] | None):
        super().__init__(src, numbers, pieces, declared(src.data))

    def points(self, value: Any, scored: bool) -> str | None:
        """What a total is called in the verdict: a catalog key of plural forms, or none at all
        (`points: none`, or a sheet with no categories: nothing is counted)."""
        if value == NO_POINTS or not scored:
            return None
        return self.key(value, ("points",))

    def sheet(self) -> Sheet | None:
        top = self.keys(self.src.data, (), TOP, "a score sheet")
        if top is None:
            return None
        if top["sheet"] != VERSION:
            self.fault(("sheet",), f"this engine reads score sheets of version {VERSION} (got {written(top['sheet'])})")
        self.read_numbers(top.get("numbers") or {})
        if "rounds" in top:
            self.read_rounds(top["rounds"])
        players = self.players(top["players"])
        self.seat_counts = range(0) if players is None else range(players[0], players[1] + 1)
        self.read_pieces(top["pieces"])
        self.read_switches(top.get("switches") or [])
        self.read_entries(top["entries"])
        measures = self.read_measures(top.get("measures") or {})
        self.read_categories(top["categories"])
        self.check_measured(measures)
        changes = self.read_changes(top.get("changes") or [])
        figures = self.read_figures(top.get("figures") or {})
        tallies = self.read_tallies(top["tallies"])
        outcome = self.read_outcome(top.get("outcome"))
        if "ranking" in top:
            ranking = self.read_ranking(top["ranking"])
        elif outcome["together"]:
            ranking = {"why": None, "lowest": False, "tiebreaks": [], "shared": {"label": None, "why": None}}
        else:
            self.fault((), "missing key 'ranking' (a score sheet)")
            ranking = {}
        if "outcome" not in top:
            outcome = default_outcome(ranking.get("why"))
        elif outcome["otherwise"]["why"] is None:
            outcome["otherwise"]["why"] = ranking.get("why")
        checks = self.read_checks(top.get("checks") or [])
        teams = self.teams(top["teams"]) if "teams" in top else None
        steps = order(self.categories, self.declared.figures, self.deps, self.dep_at)
        if steps.cycle is not None:
            self.fault(*steps.cycle)
        if "colours" not in {*self.collections, *self.broken} and isinstance(top["pieces"], dict):
            self.fault(
                ("pieces",), f"missing collection 'colours' (the players' colours){meant('colours', top['pieces'])}"
            )
        if self.findings or players is None:
            return None
        return Sheet(
            file=self.src.file,
            title=self.key(top["title"], ("title",)) or "",
            legend=self.key(top.get("legend"), ("legend",)),
            players=players,
            numbers={**self.model_numbers, **self.numbers},
            collections=self.collections,
            measures=measures,
            entries=tuple(self.entries.values()),
            switches=tuple(self.switches.values()),
            categories=tuple(self.categories.values()),
            changes=tuple(changes),
            figures=figures,
            tallies=tuple(tallies),
            ranking=ranking,
            order=steps.steps,
            teams=teams,
            outcome=outcome,
            checks=tuple(checks),
            points=self.points(top.get("points", DEFAULT_POINTS), bool(self.categories)),
            unwritten=self.unwritten,
            rounds=self.rounds,
        )

    def read_numbers(self, numbers: Any) -> None:
        """`numbers:`, the sheet's own named numbers, read before anything that may use them."""
        if not isinstance(numbers, dict):
            self.fault(("numbers",), "must be a mapping of names to whole numbers")
            numbers = {}
        for name, value in numbers.items():
            if self.ident(name, ("numbers", name)) and self.literal(value, ("numbers", name)) is not None:
                self.numbers[name] = value
            else:
                self.refused(name)

    def read_rounds(self, value: Any) -> None:
        """`rounds: {count: NUM}`: the rounds an entry, category or check may be repeated in."""
        raw = self.keys(value, ("rounds",), ROUND_KEYS, "rounds")
        count = None if raw is None else self.const(raw["count"], ("rounds", "count"))
        if count is not None and not 1 <= count <= MAX_ROUNDS:
            self.fault(("rounds", "count"), f"must be from 1 to {MAX_ROUNDS} (got {count})")
            count = None
        self.rounds, self.rounds_refused = count, count is None

    def players(self, value: Any, what: str = "players") -> tuple[int, int] | None:
        raw = self.keys(value, (what,), {"min": True, "max": True}, what)
        if raw is None:
            return None
        low, high = self.const(raw["min"], (what, "min")), self.const(raw["max"], (what, "max"))
        if low is None or high is None:
            return None
        if not 1 <= low <= high <= 100:
            self.fault((what,), f"allows no game: min {low}, max {high} (1 <= min <= max <= 100)")
            return None
        return low, high

    def teams(self, value: Any) -> tuple[int, int] | None:
        return self.players(value, "teams")
