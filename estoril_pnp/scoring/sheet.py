"""A pack's score sheet (`scoring.yaml`, docs/score-sheet.md): read, checked against its closed
vocabulary and the pack's pieces, frozen. Nothing in a sheet is evaluated as code.

Categories, entries and expressions are kept in their resolved JSON form (numbers by name
replaced by integers, every default written out): the Python scorer and the phone page
compute from the same data, and a change (`changes:`) merges into it key by key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from collections.abc import Collection as Collection_
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Finding, InputError, written
from ..i18n.catalogs import ENGINE_WORDS, Catalogs, MissingText, Texts
from ..i18n.folding import near
from ..source import yamlsrc
from ..source.yamlsrc import Located, Path_
from . import bounds
from .forms import FORMS as FORMS
from .forms import IT as IT
from .forms import PLAYERS as PLAYERS
from .forms import TABLE, Step, StepKind
from .forms import TOTAL as TOTAL
from .forms import Expr as Expr
from .forms import Num as Num
from .forms import evaluate_num as evaluate_num
from .forms.check import MAX_PARTS as MAX_PARTS
from .forms.check import MAX_TABLE as MAX_TABLE
from .forms.check import ROUNDS as ROUNDS
from .forms.check import WHOSE as WHOSE
from .forms.check import Where

SHEET = "scoring.yaml"
VERSION = 1
LIMIT = 1_000_000  # |a literal number|: every result stays far inside 2**53
MAX_DEPTH = 20  # nesting of one expression
MAX_FORMS = 2_000  # expression forms in a whole sheet: the work of scoring one seat
TEAM = "team"  # the one seat of a co-operative game
MAX_ITEMS = 500  # pieces of one collection written in a sheet
SHAPES = ("circle", "triangle", "square", "diamond", "star")
ONCE = ("game", "player", "any")

_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_KEY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
_RGB = re.compile(r"#[0-9a-fA-F]{6}")


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
    # the catalog keys the writer left to their defaults (an entry's question, a switch's name …),
    # each with the words shown when no catalog has it: never required of the catalogs
    unwritten: Mapping[str, str] = field(default_factory=dict)
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

    def apply(self, values: Mapping[str, bool | str]) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
        """The categories and entries once every change whose switches match `values` is made."""
        patches: dict[str, dict[str, dict[str, Any]]] = {"categories": {}, "entries": {}}
        for change in self.changes:
            if all(values.get(s) == v for s, v in change["when"].items()):
                for part, targets in patches.items():
                    for target, keys in change[part].items():
                        targets.setdefault(target, {}).update(keys)
        return (
            tuple(_patched(c, patches["categories"].get(c["id"])) for c in self.categories),
            tuple(_patched(e, patches["entries"].get(e["id"])) for e in self.entries),
        )


def default_outcome(why: str | None) -> dict[str, Any]:
    """A sheet without `outcome:`: ranked, always a winner."""
    return {"together": False, "ends": [], "otherwise": {"result": "rank", "label": None, "why": why}}


def _patched(item: dict[str, Any], patch: dict[str, Any] | None) -> dict[str, Any]:
    if not patch:
        return item
    out = dict(item)
    for key, value in patch.items():
        if key in _CONTEST:
            out["contest"] = {**out["contest"], key: value}
        else:
            out[key] = value
    return out


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


# ---- reading ---------------------------------------------------------------------------------


def _close(word: Any, choices: Collection_[str]) -> str | None:
    """What a misspelt name may have meant: the closest of `choices`, if one is close."""
    close = near(str(word), list(choices))
    return close[0] if close else None


def _meant(word: Any, choices: Collection_[str]) -> str:
    """The hint "; did you mean …?" for a misspelt name, else nothing."""
    close = _close(word, choices) if isinstance(word, str) else None
    return f"; did you mean {close!r}?" if close else ""


def _as_words(ident: str) -> str:
    """An id as the words a display shows when no catalog names it: "open_stalls" → "open stalls"."""
    return ident.replace("_", " ").replace("-", " ")


def _written_id(raw: Any) -> Any:
    return raw.get("id") if isinstance(raw, dict) else None


_TOP = {
    "sheet": True, "title": True, "legend": False, "players": True, "numbers": False, "pieces": True,
    "measures": False, "entries": True, "switches": False, "categories": True, "changes": False,
    "figures": False, "tallies": True, "ranking": False, "teams": False, "outcome": False, "checks": False,
}  # fmt: skip
_ENTRY_KINDS: dict[str, dict[str, bool]] = {  # kind -> its own keys (True: required)
    "number": {"min": False, "max": True, "default": False},
    "yesno": {},
    "pieces": {
        "of": True,
        "most": False,
        "count_ok": False,
        "noun": False,
        "where": False,
        "counted": False,
        "listed": False,
    },
    "choice": {"of": True, "except": False, "except_why": False, "noun": False},
    "choices": {"of": True, "count": True, "expected": False, "noun": False},
    "holder": {"noun": False},
    "holders": {"of": True, "noun": False},
}
# Keys a change cannot set: what an entry is made of, and the words naming it in messages.
_FIXED = ("of", "except", "except_why", "noun", "where", "counted", "listed")
_ENTRY_COMMON = {"id": True, "per": True, "kind": True, "when": False, "ask": False, "label": False, "only": False}
_GAME_ONLY = ("holder", "holders")  # kinds only `per: game`
_CONTEST = {
    "each": False, "of": False, "over": False, "prizes": True, "rounding": False, "zero_wins": False, "tie": False,
}  # fmt: skip
TIES = ("split", "full", "none")
_PIECE_KINDS = ("pieces", "choice", "choices", "holders")  # entries a piece list may name


class _Reader:
    def __init__(self, src: Located, numbers: Mapping[str, int], pieces: Mapping[str, tuple[Piece, ...]] | None):
        self.src = src
        self.model_numbers = numbers
        self.model_pieces = pieces
        self.findings: list[Finding] = []
        self.numbers: dict[str, int] = {}
        self.collections: dict[str, Collection] = {}
        self.entries: dict[str, dict[str, Any]] = {}
        self.switches: dict[str, dict[str, Any]] = {}
        self.categories: dict[str, dict[str, Any]] = {}
        self.figure_names: dict[str, None] = {}  # in the file's order: the steps' order must not vary between runs
        self.deps: dict[str, set[str]] = {}  # figure or category -> what it reads
        self.dep_at: dict[str, Path_] = {}
        self.category_names: set[str] = set()  # every category's id, known before any is read
        self.contest_names: set[str] = set()
        self.measured_choices: set[str] = set()  # choice entries that a `measure` reads
        self.broken_measures: set[str] = set()
        self.forms = 0  # expression forms read so far (MAX_FORMS)
        self.at: dict[str, Path_] = {}  # category, figure or measure -> where its expression is written
        self.broken: set[str] = set()  # names written but refused: a reference to one is no second fault
        self.unwritten: dict[str, str] = {}  # Sheet.unwritten

    # -- small checks ---------------------------------------------------------------------
    def fault(self, path: Path_, message: str) -> None:
        self.findings.append(self.src.finding(path, message))

    def dangling(self, path: Path_, name: Any, message: str) -> None:
        """A reference that names nothing: a fault, unless `name` was written and already refused
        (the writer sees the one located error, not its echoes wherever the name is used)."""
        if not (isinstance(name, str) and name in self.broken):
            self.fault(path, message)

    def written(self, spec: Mapping[str, Any], name: str, default: str, ident: str) -> Any:
        """The catalog key `spec` gives as `name`, else `default`, which no catalog then needs:
        without a text it shows `ident` as words (nothing for an empty `ident`)."""
        if name in spec:
            return spec[name]
        self.unwritten[default] = _as_words(ident)
        return default

    def refused(self, name: Any) -> None:
        """A definition that could not be read: its name, if it has one, is known to be broken."""
        if isinstance(name, str):
            self.broken.add(name)

    def keys(self, value: Any, path: Path_, allowed: Mapping[str, bool], what: str) -> dict[str, Any] | None:
        """`value` as a mapping with only the `allowed` keys and every required one, else None."""
        if not isinstance(value, dict):
            self.fault(path, f"{what} must be a mapping (got {written(value)})")
            return None
        ok = True
        meant = set()  # a misspelt required key is one fault, not also "missing"
        for key in value:
            if key not in allowed:
                close = _close(key, allowed)
                meant |= {close} if close else set()
                hint = f"did you mean {close!r}?" if close else f"{what} takes {', '.join(allowed)}"
                self.fault((*path, key), f"unknown key {written(key)}; {hint}")
                ok = False
        for key, required in allowed.items():
            if required and key not in value and key not in meant:
                self.fault(path, f"missing key '{key}' ({what})")
                ok = False
        return value if ok else None

    def ident(self, value: Any, path: Path_) -> str | None:
        if isinstance(value, str) and _ID.fullmatch(value):
            return value
        self.fault(path, f"must be a plain name ([a-z0-9][a-z0-9_-]*, at most 64 characters), got {written(value)}")
        return None

    def key(self, value: Any, path: Path_) -> str | None:
        if value is None:
            return None
        if isinstance(value, str) and _KEY.fullmatch(value):
            return value
        self.fault(path, f"must be a catalog key (got {written(value)})")
        return None

    def flag(self, value: Any, path: Path_) -> bool:
        if isinstance(value, bool):
            return value
        self.fault(path, f"must be true or false (got {written(value)})")
        return False

    def literal(self, value: Any, path: Path_, least: int = -LIMIT) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) and least <= value <= LIMIT:
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            self.fault(path, f"must be from {least} to {LIMIT} (got {written(value)})")
        else:  # not a number at all: say every form a number value takes
            self.fault(path, f"must be a whole number, a number's name or a list of them (got {written(value)})")
        return None

    def field_number(self, value: Any, path: Path_) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return self.literal(value, path)
        self.fault(path, f"must be a whole number or a text (got {written(value)})")
        return None

    def num(self, value: Any, path: Path_, players: bool = True, least: int = -LIMIT) -> Num | None:
        """A number value: a literal, a number's name, `players`, or a list of them (their sum).
        `least` bounds a literal written alone (a divisor is at least 1)."""
        if isinstance(value, list):
            if not self.short(value, path, "number values"):
                return None
            parts = [self.num(v, (*path, i), players) for i, v in enumerate(value)]
            return None if any(p is None for p in parts) else parts
        if isinstance(value, str):
            if value == PLAYERS and players:
                return PLAYERS
            if value in self.numbers:
                return self.numbers[value]
            if value in self.model_numbers:
                return self.model_numbers[value]
            known = ", ".join(sorted({*self.numbers, *self.model_numbers})) or "none"
            self.dangling(path, value, f"unknown number {written(value)}; the pack's numbers: {known}")
            return None
        return self.literal(value, path, least)

    def const(self, value: Any, path: Path_) -> int | None:
        """A number value that cannot depend on the game: its integer."""
        found = self.num(value, path, players=False)
        return None if found is None else evaluate_num(found, 0)

    def short(self, value: list[Any], path: Path_, what: str, most: int = MAX_PARTS) -> bool:
        """Whether a list is within its limit; a longer one is refused whole, never cut."""
        if len(value) <= most:
            return True
        self.fault(path, f"at most {most} {what} (got {len(value)})")
        return False

    def listed(self, value: Any, path: Path_, what: str) -> list[Any]:
        if isinstance(value, list):
            return value
        self.fault(path, f"must be a list of {what} (got {written(value)})")
        return []

    # -- the sheet --------------------------------------------------------------------------
    def sheet(self) -> Sheet | None:
        top = self.keys(self.src.data, (), _TOP, "a score sheet")
        if top is None:
            return None
        if top["sheet"] != VERSION:
            self.fault(("sheet",), f"this engine reads score sheets of version {VERSION} (got {written(top['sheet'])})")
        numbers = top.get("numbers") or {}
        if not isinstance(numbers, dict):
            self.fault(("numbers",), "must be a mapping of names to whole numbers")
            numbers = {}
        for name, value in numbers.items():
            if self.ident(name, ("numbers", name)) and self.literal(value, ("numbers", name)) is not None:
                self.numbers[name] = value
            else:
                self.refused(name)
        players = self.players(top["players"])
        self.read_pieces(top["pieces"])
        self.read_switches(top.get("switches") or [])
        self.read_entries(top["entries"])
        figures = top.get("figures") or {}
        self.figure_names = dict.fromkeys(f for f in figures if isinstance(f, str)) if isinstance(figures, dict) else {}
        for raw in top["categories"] if isinstance(top["categories"], list) else ():
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                self.category_names.add(raw["id"])
                if "contest" in raw:
                    self.contest_names.add(raw["id"])
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
        order = self.order()
        if "colours" not in {*self.collections, *self.broken} and isinstance(top["pieces"], dict):
            self.fault(
                ("pieces",), f"missing collection 'colours' (the players' colours){_meant('colours', top['pieces'])}"
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
            order=order,
            teams=teams,
            outcome=outcome,
            checks=tuple(checks),
            unwritten=self.unwritten,
        )

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

    # -- pieces -----------------------------------------------------------------------------
    def read_pieces(self, value: Any) -> None:
        if not isinstance(value, dict):
            self.fault(("pieces",), "must be a mapping of collection names to collections")
            return
        for name, raw in value.items():
            at: Path_ = ("pieces", name)
            if not self.ident(name, at):
                continue
            allowed = {"from": False, "items": False, "once": False, "what": False, "many": False}
            spec = self.keys(raw, at, allowed, "a collection")
            if spec is None:
                self.refused(name)
                continue
            once = spec.get("once", "game")
            if once not in ONCE:
                self.fault((*at, "once"), f"must be one of {', '.join(ONCE)} (got {written(once)})")
            what = spec.get("what", name.removesuffix("s").replace("_", " "))
            if not isinstance(what, str) or not 0 < len(what) <= 60:
                self.fault((*at, "what"), f"must be a short noun (got {written(what)})")
            many = self.words(spec.get("many", f"{what}s"), (*at, "many"))
            if ("from" in spec) == ("items" in spec):
                self.fault(at, "give either 'from: model' or 'items:'")
                self.refused(name)
                continue
            if "from" in spec:
                items = self.model_collection(name, spec["from"], (*at, "from"))
            else:
                items = self.items(name, spec["items"], (*at, "items"))
            if items is not None:
                self.collections[name] = Collection(name, once, str(what), items, many)
            else:
                self.refused(name)
        colours = self.collections.get("colours")
        for i, piece in enumerate(colours.items if colours else ()):
            if piece.fields.get("shape") not in SHAPES or not _RGB.fullmatch(str(piece.fields.get("rgb"))):
                where = (
                    ("pieces", "colours", "items", i) if "items" in value.get("colours", {}) else ("pieces", "colours")
                )
                self.fault(where, f"colour {piece.id!r} needs fields shape ({', '.join(SHAPES)}) and rgb (#rrggbb)")

    def model_collection(self, name: str, source: Any, at: Path_) -> tuple[Piece, ...] | None:
        if source != "model":
            self.fault(at, f"must be 'model' (got {written(source)})")
            return None
        if self.model_pieces is None:
            self.fault(at, "this pack has no game model to take pieces from; write them as items")
            return None
        if name not in self.model_pieces:
            self.fault(at, f"the game model has no pieces called {name!r}; it has {', '.join(self.model_pieces)}")
            return None
        return self.model_pieces[name]

    def items(self, collection: str, value: Any, at: Path_) -> tuple[Piece, ...] | None:
        raw = self.listed(value, at, "pieces")
        if not self.short(raw, at, "pieces", MAX_ITEMS):
            return None
        out: list[Piece] = []
        names: set[str] | None = None
        allowed = {"id": True, "name": False, "fields": False, "symbols": False}
        for i, item in enumerate(raw):
            spec = self.keys(item, (*at, i), allowed, "a piece")
            if spec is None:
                continue
            ident = self.ident(spec["id"], (*at, i, "id"))
            name, key = self.piece_name(spec.get("name"), (*at, i, "name"))
            fields = spec.get("fields", {})
            if not isinstance(fields, dict) or not all(
                self.ident(k, (*at, i, "fields", k))
                and (isinstance(v, str) or self.field_number(v, (*at, i, "fields", k)) is not None)
                for k, v in fields.items()
            ):
                if not isinstance(fields, dict):
                    self.fault((*at, i, "fields"), "must be a mapping of field names to numbers or texts")
                continue
            if names is not None and set(fields) != names:
                self.fault((*at, i, "fields"), f"every piece of {collection!r} needs the same fields: {sorted(names)}")
            names = set(fields) if names is None else names
            symbols = self.listed(spec.get("symbols", []), (*at, i, "symbols"), "symbols")
            if ident and all(self.ident(s, (*at, i, "symbols", j)) for j, s in enumerate(symbols)):
                if collection == "colours":  # named by the engine's words for it, else by its id
                    key = f"colour.{ident}"
                    self.unwritten[key] = _as_words(ident)
                out.append(Piece(ident, collection, name or ident, key, dict(fields), tuple(symbols)))
        seen: set[str] = set()
        for i, piece in enumerate(out):
            if piece.id in seen:
                self.fault((*at, i, "id"), f"piece {piece.id!r} is listed twice")
            seen.add(piece.id)
        return tuple(out)

    def piece_name(self, value: Any, at: Path_) -> tuple[str | None, str | None]:
        if value is None:
            return None, None
        if isinstance(value, str) and 0 < len(value) <= 100:
            return value, None
        if isinstance(value, dict) and set(value) == {"key"}:
            return None, self.key(value["key"], (*at, "key"))
        self.fault(at, f"must be a printed name or {{key: catalog key}} (got {written(value)})")
        return None, None

    # -- switches and entries ---------------------------------------------------------------
    def read_switches(self, value: Any) -> None:
        allowed = {"id": True, "kind": True, "values": False, "players": False, "label": False, "rule": False}
        for i, raw in enumerate(self.listed(value, ("switches",), "switches")):
            at: Path_ = ("switches", i)
            spec = self.keys(raw, at, allowed, "a switch")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(_written_id(raw))
                continue
            if spec["kind"] not in ("variant", "option"):
                self.fault((*at, "kind"), f"must be variant or option (got {written(spec['kind'])})")
            values = self.listed(spec.get("values", []), (*at, "values"), "names")
            values = [v for j, v in enumerate(values) if self.ident(v, (*at, "values", j))]
            if spec["kind"] == "variant" and values:
                self.fault((*at, "values"), "a variant is on or off; only an option has values")
            bounds: dict[str, int | None] = {"min": None, "max": None}
            if "players" in spec:
                got = self.keys(spec["players"], (*at, "players"), {"min": False, "max": False}, "players")
                for side in got or {}:
                    bounds[side] = self.const(got[side], (*at, "players", side)) if got else None
            if ident in self.switches:
                self.fault((*at, "id"), f"switch {ident!r} is defined twice")
            self.switches[ident] = {
                "id": ident,
                "kind": spec["kind"],
                "values": values,
                "players": bounds,
                "label": self.key(self.written(spec, "label", f"score.variant.{ident}.name", ident), (*at, "label")),
                "rule": self.key(self.written(spec, "rule", f"score.variant.{ident}.rule", ""), (*at, "rule")),
            }
            for v in values:  # a valued option's values have no key of their own to write
                self.unwritten[f"score.variant.{ident}.value.{v}"] = _as_words(v)

    def switch_on(self, value: Any, at: Path_) -> str | None:
        """A `when:`: a yes/no switch that must be on."""
        if value is None:
            return None
        if not isinstance(value, str) or value not in self.switches:
            self.dangling(at, value, f"unknown switch {written(value)}; known: {', '.join(self.switches) or 'none'}")
            return None
        if self.switches[value]["values"]:
            self.fault(at, f"switch {value!r} has values; 'when' needs a switch that is on or off")
        return str(value)

    def read_entries(self, value: Any) -> None:
        for i, raw in enumerate(self.listed(value, ("entries",), "entries")):
            at: Path_ = ("entries", i)
            kind = raw.get("kind") if isinstance(raw, dict) else None
            if not isinstance(kind, str) or kind not in _ENTRY_KINDS:
                self.fault(
                    (*at, "kind"),
                    f"must be one of {', '.join(_ENTRY_KINDS)} (got {written(kind)}){_meant(kind, _ENTRY_KINDS)}",
                )
                self.refused(_written_id(raw))
                continue
            spec = self.keys(raw, at, {**_ENTRY_COMMON, **_ENTRY_KINDS[kind]}, f"a {kind} entry")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(_written_id(raw))
                continue
            if ident in self.entries:
                self.fault((*at, "id"), f"entry {ident!r} is defined twice")
            per = spec["per"]
            if per not in ("player", "game") or (kind in _GAME_ONLY and per != "game"):
                self.fault(
                    (*at, "per"), f"must be {'game' if kind in _GAME_ONLY else 'player or game'} (got {written(per)})"
                )
            ask = self.key(self.written(spec, "ask", f"score.ask.{ident}", ident), (*at, "ask"))
            entry: dict[str, Any] = {
                "id": ident,
                "per": per,
                "kind": kind,
                "when": self.switch_on(spec.get("when"), (*at, "when")),
                "ask": ask,
                "label": self.key(spec.get("label", ask), (*at, "label")),
                "only": self.only(spec["only"], per, (*at, "only")) if "only" in spec else None,
            }
            entry |= self.entry_keys(kind, spec, at)
            if kind in _PIECE_KINDS and not entry["of"]:  # its collection is refused: so is what counts it
                self.refused(ident)
            if kind in _PIECE_KINDS:
                first = self.collections[entry["of"][0]].what if entry["of"] else ident
                entry["noun"] = self.noun(spec.get("noun", first), (*at, "noun"))
            elif kind == "holder":
                entry["noun"] = self.noun(spec["noun"], (*at, "noun")) if "noun" in spec else None
            if kind == "pieces":
                entry["where"] = self.words(spec.get("where", f"in {ident}"), (*at, "where"))
                entry["counted"] = self.words(spec.get("counted", entry["noun"]), (*at, "counted"))
                entry["listed"] = self.words(spec.get("listed", "them"), (*at, "listed"))
            self.entries[ident] = entry

    def entry_keys(self, kind: str, spec: Mapping[str, Any], at: Path_) -> dict[str, Any]:
        """An entry's own keys, resolved; also used for what a change sets."""
        out: dict[str, Any] = {}
        if kind == "number":
            out["min"] = self.num(spec.get("min", 0), (*at, "min"))
            out["max"] = self.num(spec["max"], (*at, "max")) if "max" in spec else None
            out["default"] = self.num(spec["default"], (*at, "default")) if spec.get("default") is not None else None
        elif kind == "pieces":
            of = spec.get("of")
            names = [of] if isinstance(of, str) else self.listed(of, (*at, "of"), "collections")
            if isinstance(of, list) and not of:
                self.fault((*at, "of"), "must name one collection or more")
            out["of"] = [c for j, c in enumerate(names) if self.collection(c, (*at, "of", j))]
            ids = [p.id for c in out["of"] for p in self.collections[c].items]
            if len(ids) != len(set(ids)):
                self.fault((*at, "of"), "these collections share piece ids; a record could not say which is meant")
            out["most"] = self.num(spec["most"], (*at, "most")) if spec.get("most") is not None else None
            out["count_ok"] = self.flag(spec.get("count_ok", False), (*at, "count_ok"))
        elif kind in ("choice", "choices", "holders"):
            of = spec.get("of")
            out["of"] = [of] if self.collection(of, (*at, "of")) else []
            if kind == "choice":
                excluded = self.listed(spec.get("except", []), (*at, "except"), "piece ids")
                out["except"] = [p for j, p in enumerate(excluded) if self.piece(out["of"], p, (*at, "except", j))]
                why = spec.get("except_why")
                out["except_why"] = None if why is None else self.words(why, (*at, "except_why"))
            else:
                out["count"] = self.num(spec["count"], (*at, "count")) if "count" in spec else None
                why = spec.get("expected")
                out["expected"] = None if why is None else self.numbered(why, (*at, "expected"))
        return out

    def only(self, value: Any, per: str, at: Path_) -> list[str] | None:
        """`only:`: the seats (colour ids) that have a per-player entry."""
        colours = self.collections.get("colours")
        names = self.listed(value, at, "colour ids")
        if per != "player" or not names:
            self.fault(at, "'only' names the seats that have a per-player entry")
            return None
        if colours is None or not all(self.piece(["colours"], c, (*at, j)) for j, c in enumerate(names)):
            return None
        return list(names)

    def words(self, value: Any, at: Path_) -> str:
        """A few English words of a refused record's message."""
        if isinstance(value, str) and 0 < len(value) <= 120 and value.isprintable():
            return value
        self.fault(at, f"must be a short English text (got {written(value)})")
        return ""

    def numbered(self, value: Any, at: Path_) -> str:
        """Words whose `{name}`s are the pack's numbers, replaced by their values."""
        text = self.words(value, at)

        def number(match: re.Match[str]) -> str:
            found = self.const(match[1], at)
            return match[0] if found is None else str(found)

        return re.sub(r"\{([a-z0-9_]+)\}", number, text)

    def noun(self, value: Any, at: Path_) -> str:
        if isinstance(value, str) and 0 < len(value) <= 60:
            return value
        self.fault(at, f"must be a short noun (got {written(value)})")
        return ""

    def collection(self, name: Any, at: Path_) -> bool:
        if isinstance(name, str) and name in self.collections:
            return True
        known = ", ".join(self.collections)
        self.dangling(at, name, f"unknown collection {written(name)}; the sheet's pieces: {known}")
        return False

    def piece(self, collections: list[str], ident: Any, at: Path_) -> bool:
        if isinstance(ident, str) and any(ident in self.collections[c].by_id for c in collections):
            return True
        if collections:  # else the collection named is unknown, a fault already
            self.fault(at, f"unknown piece {written(ident)} in {', '.join(collections)}")
        return False

    # -- expressions ------------------------------------------------------------------------
    def read_measures(self, value: Any) -> dict[str, Expr]:
        if not isinstance(value, dict):
            self.fault(("measures",), "must be a mapping of piece ids to expressions")
            return {}
        every = {p for c in self.collections.values() for p in c.by_id}
        out = {}
        for ident, raw in value.items():
            at: Path_ = ("measures", ident)
            if ident not in every:
                self.fault(at, f"unknown piece {written(ident)}: a measure belongs to a piece of the sheet")
                continue
            self.at[ident] = at
            found = self.expr(raw, at, Where(None, True, 0))
            if found is not None:
                out[ident] = found
            else:  # already a finding: not "missing" too
                self.broken_measures.add(ident)
        return out

    def read_categories(self, value: Any) -> None:
        allowed = {"id": True, "label": True, "hint": False, "when": False, "points": False, "contest": False}
        for i, raw in enumerate(self.listed(value, ("categories",), "categories")):
            at: Path_ = ("categories", i)
            spec = self.keys(raw, at, allowed, "a category")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(_written_id(raw))
                continue
            if ident in self.categories or ident in self.figure_names or ident == TOTAL:
                self.fault((*at, "id"), f"{ident!r} is already the name of a category or figure")
                continue
            if ("points" in spec) == ("contest" in spec):
                self.fault(at, "give either 'points' or 'contest'")
                self.refused(ident)
                continue
            category: dict[str, Any] = {
                "id": ident,
                "label": self.key(spec["label"], (*at, "label")),
                "hint": self.key(spec.get("hint"), (*at, "hint")),
                "when": self.switch_on(spec.get("when"), (*at, "when")),
                "points": None,
                "contest": None,
            }
            self.categories[ident] = category  # before its points: `won` may name a contest, a cycle is found later
            self.at[ident] = (*at, "points" if "points" in spec else "contest")
            if "points" in spec:
                category["points"] = self.expr(spec["points"], (*at, "points"), Where(ident, False, 0))
            else:
                category["contest"] = self.contest(spec["contest"], (*at, "contest"), ident)

    def contest(self, value: Any, at: Path_, owner: str, partial: bool = False) -> dict[str, Any] | None:
        allowed = {k: v and not partial for k, v in _CONTEST.items()}
        spec = self.keys(value, at, allowed, "a contest")
        if spec is None:
            return None
        out: dict[str, Any] = {}
        if "prizes" in spec:
            prizes = self.listed(spec["prizes"], (*at, "prizes"), "numbers")
            out["prizes"] = [self.const(p, (*at, "prizes", j)) for j, p in enumerate(prizes)]
        if "rounding" in spec or not partial:
            out["rounding"] = spec.get("rounding", "down")
            if out["rounding"] not in ("down", "up"):
                self.fault((*at, "rounding"), f"must be down or up (got {written(out['rounding'])})")
        if "zero_wins" in spec or not partial:
            out["zero_wins"] = self.flag(spec.get("zero_wins", False), (*at, "zero_wins"))
        if "tie" in spec or not partial:
            out["tie"] = spec.get("tie", "split")
            if out["tie"] not in TIES:
                self.fault((*at, "tie"), f"must be {', '.join(TIES)} (got {written(out['tie'])})")
        if partial and not {"each", "of", "over"} & set(spec):
            return out
        if ("each" in spec) == ("over" in spec):
            self.fault(at, "give either 'each' (one contest per chosen piece) or 'over' (one contest)")
            return None
        out["each"] = out["over"] = None
        out["of"] = []
        if "over" in spec:
            out["over"] = self.expr(spec["over"], (*at, "over"), Where(owner, False, 0))
            return out
        each = spec["each"]
        entry = self.entries.get(each) if isinstance(each, str) else None
        if not entry or entry["kind"] not in ("choice", "choices") or entry["per"] != "game":
            self.dangling((*at, "each"), each, f"must name a choice or choices entry of the game (got {written(each)})")
            return None
        out["each"] = each
        if "of" not in spec:
            self.fault(at, "missing key 'of' (whose pieces each player's measure counts)")
            return None
        out["of"] = self.pieces(spec["of"], (*at, "of"), measure=False)
        if out["of"] is not None and not any(self.entries[e]["per"] == "player" for e in out["of"]):
            self.fault((*at, "of"), "a contest without players: 'of' names no per-player entry")
        return out

    def check_measured(self, measures: Mapping[str, Expr]) -> None:
        """Every piece that can be contested or chosen for a `measure` has a measure (said once per piece)."""
        measured = [
            self.entries[c["contest"]["each"]] for c in self.categories.values() if (c["contest"] or {}).get("each")
        ]
        measured += [e for e in self.entries.values() if e["kind"] == "choice" and e["id"] in self.measured_choices]
        missing: dict[str, str] = {}
        for entry in measured:
            excluded = {*entry.get("except", []), *measures, *self.broken_measures}
            for piece in (p.id for c in entry["of"] for p in self.collections[c].items if p.id not in excluded):
                missing.setdefault(piece, entry["id"])
        for piece, entry in missing.items():
            self.fault(("measures",), f"no measure for {piece!r}, which can be chosen for {entry!r}")

    def pieces(self, value: Any, at: Path_, measure: bool) -> list[str] | None:
        names = [value] if isinstance(value, str) else self.listed(value, at, "entries")
        out = []
        for j, name in enumerate(names):
            where = at if isinstance(value, str) else (*at, j)
            if measure and name == IT:
                out.append(IT)
            elif isinstance(name, str) and name in self.broken:  # refused where it is written
                return None
            elif isinstance(name, str) and name in self.entries and self.entries[name]["kind"] in _PIECE_KINDS:
                out.append(name)
            else:
                self.fault(
                    where, f"unknown entry of pieces {written(name)}" + ("; a measure counts 'it'" if measure else "")
                )
                return None
        return out

    def reach(self, pieces: list[str]) -> list[Collection]:
        """The collections a piece list can hold."""
        names = {c for e in pieces if e != IT for c in self.entries[e]["of"]}
        if IT in pieces:  # a measure is applied to per-player pieces
            names |= {c for e in self.entries.values() if e["kind"] == "pieces" for c in e["of"]}
        return [self.collections[c] for c in self.collections if c in names]

    def expr(self, value: Any, at: Path_, where: Where) -> Expr | None:
        """An expression, checked and resolved; `where.owner` (a category or figure) records what it reads."""
        self.forms += 1
        if where.depth > MAX_DEPTH:
            self.fault(at, f"nested deeper than {MAX_DEPTH} levels")
            return None
        if self.forms == MAX_FORMS + 1:
            self.fault(at, f"the sheet has more than {MAX_FORMS} expression forms; scoring must stay small")
        if self.forms > MAX_FORMS:
            return None
        if not isinstance(value, dict):
            if isinstance(value, (int, str, list)) and not isinstance(value, bool):
                return self.num(value, at)
            self.fault(at, f"must be a number or an expression (got {written(value)})")
            return None
        forms = [k for k in value if k in FORMS]
        if len(forms) != 1:
            got = ", ".join(map(str, value)) or "nothing"
            hints = [h for k in value if (h := _meant(k, FORMS))] if not forms else []
            self.fault(at, f"an expression has one of {', '.join(FORMS)} (got {got}){''.join(hints[:1])}")
            return None
        form = TABLE[forms[0]]
        return form.check(self, form, value, at, where)

    def scalars(self, values: list[Any], at: Path_) -> bool:
        """Values a field is compared with: texts or whole numbers."""
        if all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in values):
            return True
        self.fault(at, f"must be texts or whole numbers (got {written(values)})")
        return False

    def field(self, name: Any, reach: list[Collection], at: Path_, numeric: bool = False) -> bool:
        if not reach:
            self.fault(at, "these entries hold no pieces")
            return False
        if not isinstance(name, str):
            self.fault(at, f"must be a field's name (got {written(name)})")
            return False
        for c in reach:
            values = [p.fields.get(name) for p in c.items]
            if not c.items or any(v is None for v in values):
                have = sorted(c.items[0].fields) if c.items else []
                self.fault(
                    at, f"unknown field {written(name)}: the pieces of {c.id!r} have {', '.join(have) or 'no fields'}"
                )
                return False
            if numeric and not all(isinstance(v, int) for v in values):
                self.fault(at, f"field {name!r} of {c.id!r} is not a number on every piece; 'sum' adds numbers")
                return False
        return True

    # -- changes, figures, tallies, ranking ----------------------------------------------------
    def read_changes(self, value: Any) -> list[dict[str, Any]]:
        out = []
        for i, raw in enumerate(self.listed(value, ("changes",), "changes")):
            at: Path_ = ("changes", i)
            spec = self.keys(raw, at, {"when": True, "categories": False, "entries": False}, "a change")
            if spec is None:
                continue
            when = {}
            for name, wanted in (spec["when"] or {}).items() if isinstance(spec["when"], dict) else ():
                switch = self.switches.get(name)
                if switch is None:
                    self.dangling((*at, "when", name), name, f"unknown switch {written(name)}")
                elif (wanted not in switch["values"]) if switch["values"] else not isinstance(wanted, bool):
                    self.fault(
                        (*at, "when", name),
                        f"must be {' or '.join(switch['values']) or 'true or false'} (got {written(wanted)})",
                    )
                else:
                    when[name] = wanted
            if not when:
                self.fault((*at, "when"), "must map switches to the values that make the change")
            change: dict[str, Any] = {"when": when, "categories": {}, "entries": {}}
            for part in ("categories", "entries"):
                targets = spec.get(part, {})
                if not isinstance(targets, dict):
                    self.fault((*at, part), f"must map {part} to the keys the change sets")
                    continue
                for target, keys in targets.items():
                    found = self.change_keys(part, target, keys, (*at, part, target))
                    if found is not None:
                        change[part][target] = found
            out.append(change)
        return out

    def change_keys(self, part: str, target: str, keys: Any, at: Path_) -> dict[str, Any] | None:
        if part == "categories" and target in self.categories:
            category = self.categories[target]
            if category["contest"] is not None:
                found = self.contest(keys, at, target, partial=True)
                return {k: v for k, v in (found or {}).items() if k in keys} if found is not None else None
            spec = self.keys(keys, at, {"points": True}, "a change to a category of points")
            return {"points": self.expr(spec["points"], (*at, "points"), Where(target, False, 0))} if spec else None
        if part == "entries" and target in self.entries:
            kind = self.entries[target]["kind"]
            own = {k: False for k in _ENTRY_KINDS[kind] if k not in _FIXED}
            spec = self.keys(keys, at, own, f"a change to a {kind} entry")
            if spec is None:
                return None
            base = {k: v for k, v in self.entries[target].items() if v is not None}
            if kind in ("choice", "choices"):
                base["of"] = base["of"][0] if base["of"] else None
            found = self.entry_keys(kind, {**base, **spec}, at)
            return {k: found[k] for k in spec}
        self.dangling(at, target, f"unknown {'category' if part == 'categories' else 'entry'} {written(target)}")
        return None

    def read_figures(self, value: Any) -> dict[str, Expr]:
        if not isinstance(value, dict):
            self.fault(("figures",), "must be a mapping of names to expressions")
            return {}
        out = {}
        for name, raw in value.items():
            if not self.ident(name, ("figures", name)):
                continue
            if name in self.categories or name == TOTAL:
                self.fault(("figures", name), f"{name!r} is already the name of a category")
            self.at[name] = ("figures", name)
            found = self.expr(raw, ("figures", name), Where(name, False, 0))
            if found is not None:
                out[name] = found
        return out

    def figure(self, value: Any, at: Path_) -> str | None:
        if isinstance(value, str) and (value in self.categories or value in self.figure_names or value == TOTAL):
            return str(value)
        self.dangling(at, value, f"names nothing: {written(value)} is no category, figure or total")
        return None

    def read_tallies(self, value: Any) -> list[dict[str, Any]]:
        out = []
        allowed = {"figure": True, "label": True, "hint": False, "strong": False}
        for i, raw in enumerate(self.listed(value, ("tallies",), "tallies")):
            spec = self.keys(raw, ("tallies", i), allowed, "a tally")
            if spec and (figure := self.figure(spec["figure"], ("tallies", i, "figure"))):
                out.append({
                    "figure": figure,
                    "label": self.key(spec["label"], ("tallies", i, "label")),
                    "hint": self.key(spec.get("hint"), ("tallies", i, "hint")),
                    "strong": self.flag(spec.get("strong", False), ("tallies", i, "strong")),
                })  # fmt: skip
        return out

    def read_ranking(self, value: Any) -> dict[str, Any]:
        allowed = {"why": True, "lowest": False, "tiebreaks": False, "shared": True}
        spec = self.keys(value, ("ranking",), allowed, "ranking")
        if spec is None:
            return {}
        tiebreaks = []
        allowed = {"id": True, "figure": True, "label": True, "why": True, "lowest": False}
        for i, raw in enumerate(self.listed(spec.get("tiebreaks", []), ("ranking", "tiebreaks"), "tie-breaks")):
            at: Path_ = ("ranking", "tiebreaks", i)
            tb = self.keys(raw, at, allowed, "a tie-break")
            if tb and isinstance(tb["id"], str) and tb["id"] in {x["id"] for x in tiebreaks}:
                self.fault((*at, "id"), f"tie-break {tb['id']!r} is listed twice")
            elif tb and self.ident(tb["id"], (*at, "id")) and (figure := self.figure(tb["figure"], (*at, "figure"))):
                tiebreaks.append({
                    "id": tb["id"], "figure": figure,
                    "label": self.key(tb["label"], (*at, "label")), "why": self.key(tb["why"], (*at, "why")),
                    "lowest": self.flag(tb.get("lowest", False), (*at, "lowest")),
                })  # fmt: skip
        shared = self.keys(spec["shared"], ("ranking", "shared"), {"label": True, "why": True}, "shared")
        return {
            "why": self.key(spec["why"], ("ranking", "why")),
            "lowest": self.flag(spec.get("lowest", False), ("ranking", "lowest")),
            "tiebreaks": tiebreaks,
            "shared": {k: self.key(v, ("ranking", "shared", k)) for k, v in (shared or {}).items()},
        }

    def read_outcome(self, value: Any) -> dict[str, Any]:
        """`outcome:`: end conditions in order and what happens when none is met."""
        out = default_outcome(None)
        if value is None:
            return out
        spec = self.keys(value, ("outcome",), {"together": False, "ends": False, "otherwise": False}, "outcome")
        if spec is None:
            return out
        together = out["together"] = self.flag(spec.get("together", False), ("outcome", "together"))
        allowed = {"id": True, "met": True, "result": False, "label": True, "why": True}
        for i, raw in enumerate(self.listed(spec.get("ends", []), ("outcome", "ends"), "end conditions")):
            at: Path_ = ("outcome", "ends", i)
            end = self.keys(raw, at, allowed, "an end condition")
            if end is None or not (ident := self.ident(end["id"], (*at, "id"))):
                continue
            if ident in {e["id"] for e in out["ends"]}:
                self.fault((*at, "id"), f"end condition {ident!r} is listed twice")
            result = end.get("result", "win")
            if result not in (("win", "lose") if together else ("win", "rank")):
                self.fault(
                    (*at, "result"), f"must be {'win or lose' if together else 'win or rank'} (got {written(result)})"
                )
            self.at[f"end:{ident}"] = (*at, "met")
            met = self.expr(end["met"], (*at, "met"), Where(None, False, 0))
            out["ends"].append({
                "id": ident, "met": met, "result": result,
                "label": self.key(end["label"], (*at, "label")), "why": self.key(end["why"], (*at, "why")),
            })  # fmt: skip
        if "otherwise" in spec:
            at = ("outcome", "otherwise")
            other = self.keys(spec["otherwise"], at, {"result": True, "label": True, "why": True}, "otherwise")
            if other is not None:
                results = ("win", "lose", "unfinished") if together else ("rank", "unfinished")
                if other["result"] not in results:
                    self.fault((*at, "result"), f"must be {' or '.join(results)} (got {written(other['result'])})")
                out["otherwise"] = {
                    "result": other["result"],
                    "label": self.key(other["label"], (*at, "label")),
                    "why": self.key(other["why"], (*at, "why")),
                }
        if together:
            for i, entry in enumerate(self.entries.values()):
                if entry["per"] == "player":
                    self.fault(("entries", i, "per"), "a co-operative game's entries are the team's: per: game")
            if not out["ends"] and out["otherwise"]["result"] not in ("win", "lose"):
                self.fault(("outcome",), "a co-operative game needs an end condition or otherwise: win or lose")
        return out

    def read_checks(self, value: Any) -> list[dict[str, Any]]:
        out = []
        allowed = {"id": True, "each": False, "all": False, "seats": False, "least": False, "most": False}
        allowed["message"] = True
        for i, raw in enumerate(self.listed(value, ("checks",), "checks")):
            at: Path_ = ("checks", i)
            spec = self.keys(raw, at, allowed, "a check")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                continue
            forms = [k for k in ("each", "all", "seats") if k in spec]
            if len(forms) != 1:
                self.fault(at, "a check has one of each, all, seats")
                continue
            if "least" not in spec and "most" not in spec:
                self.fault(at, "a check needs least, most or both")
                continue
            check: dict[str, Any] = {"id": ident, "each": None, "all": None, "seats": None}
            self.at[f"check:{ident}"] = (*at, forms[0])
            check[forms[0]] = self.expr(spec[forms[0]], (*at, forms[0]), Where(None, False, 0))
            check["least"] = self.num(spec["least"], (*at, "least")) if "least" in spec else None
            check["most"] = self.num(spec["most"], (*at, "most")) if "most" in spec else None
            check["message"] = self.key(spec["message"], (*at, "message"))
            out.append(check)
        return out

    def order(self) -> tuple[str, ...]:
        """Categories, figures and total, each after everything it reads; a cycle is a finding."""
        nodes = [*self.categories, *self.figure_names]
        deps = {n: set(self.deps.get(n, ())) for n in nodes}
        deps[TOTAL] = set(self.categories)
        done: list[str] = []
        state: dict[str, int] = {}

        def visit(node: str, trail: list[str]) -> bool:
            if state.get(node) == 2:
                return True
            if state.get(node) == 1:
                cycle = [*trail[trail.index(node) :], node]
                self.fault(self.dep_at.get(cycle[0], ()), f"a cycle between computed figures: {' -> '.join(cycle)}")
                return False
            state[node] = 1
            ok = all(visit(d, [*trail, node]) for d in sorted(deps[node]) if d in deps)
            state[node] = 2
            done.append(node)
            return ok

        for node in [*nodes, TOTAL]:
            if not visit(node, []):
                break
        return tuple(done)


def catalog_keys(sheet: Sheet) -> list[str]:
    """The catalog keys the pack must have: every one the sheet's writer wrote. A key left to its
    default (Sheet.unwritten) and the engine's own words (i18n's ENGINE_WORDS, from the shipped
    catalogs) are not required."""
    return [k for k in shown_keys(sheet) if k not in sheet.unwritten and not k.startswith(ENGINE_WORDS)]


def shown_keys(sheet: Sheet) -> list[str]:
    """Every catalog key the table, the pad, the questions and the phone page show for the sheet."""
    keys = [sheet.title, *([sheet.legend] if sheet.legend else [])]
    for c in sheet.categories:
        keys += [c["label"], *([c["hint"]] if c["hint"] else [])]
    for e in sheet.entries:
        keys += [e["ask"], e["label"]]
    for s in sheet.switches:
        keys += [s["label"], s["rule"], *option_value_keys(s)]
    for x in sheet.tallies:
        keys += [x["label"], *([x["hint"]] if x["hint"] else [])]
    ranking = sheet.ranking
    keys += [ranking["why"], ranking["shared"]["label"], ranking["shared"]["why"]]
    keys += [k for tb in ranking["tiebreaks"] for k in (tb["label"], tb["why"])]
    outcome = sheet.outcome
    keys += [k for end in outcome["ends"] for k in (end["label"], end["why"])]
    keys += [outcome["otherwise"]["label"], outcome["otherwise"]["why"], *(c["message"] for c in sheet.checks)]
    if sheet.together:
        keys += ["score.team.name", "score.team.won", "score.team.lost"]
    keys += [p.name_key for c in sheet.collections.values() for p in c.items if p.name_key]
    keys += ["score.rank", "score.winner", "score.winners", "score.points.other", "score.pad.name", "score.pad.ties"]
    keys = [k for k in keys if k]  # a co-operative game's ranking names nothing
    # the questions' own words (score.ask.players, answer.*) are the page's and the scorer's own
    if any(s["kind"] == "variant" for s in sheet.switches):
        keys += ["score.pad.variants", "score.pad.shaded", "score.ask.variants"]
    return list(dict.fromkeys(keys))


CHECK_VALUES = frozenset({"value", "least", "most"})  # what a check's message may say


def call_values(sheet: Sheet) -> dict[str, frozenset[str]]:
    """The placeholders the scorer fills in the sheet's own texts: a check's message, and a
    `choices` question how many to name (scoring/ask.py)."""
    asked = {e["ask"]: frozenset({"n"}) for e in sheet.entries if e["kind"] == "choices"}
    return asked | {c["message"]: CHECK_VALUES for c in sheet.checks}


def option_value_keys(switch: Mapping[str, Any]) -> list[str]:
    """The catalog keys naming a valued option's values (the phone page's house rules)."""
    return [f"score.variant.{switch['id']}.value.{v}" for v in switch.get("values") or ()]


PLURALS = ("score.points",)  # texts with a form per CLDR plural category


def resolved(sheet: Sheet, catalogs: Catalogs, shipped: Callable[[], Catalogs] | None = None) -> dict[str, Any]:
    """The sheet and every piece and text it needs as plain JSON data: a client (the phone page)
    scores from this alone, with the semantics of docs/score-sheet.md. Texts are looked up as
    the scorer does (Texts: the language, English, the `shipped` engine words, the sheet's defaults)."""
    words = {lang: Texts(catalogs, lang, shipped=shipped, defaults=sheet.unwritten) for lang in sorted(catalogs)}
    # a plural's forms (score.points.one …), not a key that only begins alike (score.points_won)
    keys = [k for k in shown_keys(sheet) if not k.startswith(tuple(f"{stem}." for stem in PLURALS))]

    def look_up(t: Texts, key: str) -> str | None:
        try:
            return t.raw(key)
        except MissingText:  # a fault validate reports
            return None

    def texts(t: Texts) -> dict[str, Any]:
        out: dict[str, Any] = {k: text for k in keys if (text := look_up(t, k)) is not None}
        return out | {stem: t.forms(stem) for stem in PLURALS}

    def name(piece: Piece) -> dict[str, str]:
        found = {lang: look_up(t, piece.name_key) if piece.name_key else None for lang, t in words.items()}
        return {lang: text or piece.name for lang, text in found.items()}

    return {
        "sheet": VERSION,
        "languages": sorted(catalogs),
        "texts": {lang: texts(t) for lang, t in words.items()},
        "numbers": dict(sheet.numbers),
        "players": {"min": sheet.players[0], "max": sheet.players[1]},
        "title": sheet.title,
        "legend": sheet.legend,
        "pieces": {
            c.id: {
                "once": c.once,
                "what": c.what,
                "items": [
                    {"id": p.id, "name": name(p), "fields": dict(p.fields), "symbols": list(p.symbols)} for p in c.items
                ],
            }
            for c in sheet.collections.values()
        },
        "measures": dict(sheet.measures),
        "entries": list(sheet.entries),
        "switches": list(sheet.switches),
        "categories": list(sheet.categories),
        "changes": list(sheet.changes),
        "figures": dict(sheet.figures),
        "tallies": list(sheet.tallies),
        "ranking": dict(sheet.ranking),
        "order": list(sheet.order),
        "steps": [{"step": step.kind, "id": step.id} for step in sheet.steps],
        "teams": None if sheet.teams is None else {"min": sheet.teams[0], "max": sheet.teams[1]},
        "outcome": dict(sheet.outcome),
        "checks": list(sheet.checks),
    }
