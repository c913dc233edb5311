"""Reading a sheet, stage 3: `measures:` and `categories:`, and every expression, checked by its
form in the form table (scoring/forms/) and resolved; what each category or figure reads is
recorded for the order of steps (order.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import written
from ...source.yamlsrc import Located, Path_
from ..forms import FORMS, IT, PLAYERS, TABLE, TOTAL, Expr, Num, evaluate_num
from ..forms.check import Where
from .checks import meant, written_id
from .entries import EntriesReader
from .keys import CONTEST, MAX_DEPTH, MAX_FORMS, PIECE_KINDS, TIES
from .model import Collection, Piece
from .names import Declared


def mentions_players(value: Num) -> bool:
    """Whether a resolved number value depends on the player count."""
    return value == PLAYERS or (isinstance(value, list) and any(map(mentions_players, value)))


class ExprsReader(EntriesReader):
    """The sheet's measures, categories (`categories`) and what each expression reads (`deps`)."""

    def __init__(
        self,
        src: Located,
        numbers: Mapping[str, int],
        pieces: Mapping[str, tuple[Piece, ...]] | None,
        declared: Declared,
    ):
        super().__init__(src, numbers, pieces)
        self.declared = declared  # every category's and figure's name, known before any is read
        self.categories: dict[str, dict[str, Any]] = {}
        self.deps: dict[str, set[str]] = {}  # figure or category -> what it reads
        self.dep_at: dict[str, Path_] = {}
        self.measured_choices: set[str] = set()  # choice entries that a `measure` reads
        self.broken_measures: set[str] = set()
        self.forms = 0  # expression forms read so far (MAX_FORMS)
        self.at: dict[str, Path_] = {}  # category, figure or measure -> where its expression is written

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
        allowed["round"] = False
        for i, raw in enumerate(self.listed(value, ("categories",), "categories")):
            at: Path_ = ("categories", i)
            spec = self.keys(raw, at, allowed, "a category")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(written_id(raw))
                continue
            if ident in self.categories or ident in self.declared.figures or ident == TOTAL:
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
            per_round = self.in_round(spec, at, "a category")
            if per_round and "contest" in spec:
                self.fault((*at, "round"), "only a category of points is scored round by round")
            elif per_round:
                category["round"] = True  # only where true: a sheet without rounds resolves as it always did
            if "points" in spec:
                self.round_on = per_round
                category["points"] = self.expr(spec["points"], (*at, "points"), Where(ident, False, 0))
                self.round_on = False
            else:
                category["contest"] = self.contest(spec["contest"], (*at, "contest"), ident)

    def contest(self, value: Any, at: Path_, owner: str, partial: bool = False) -> dict[str, Any] | None:
        allowed = {k: v and not partial for k, v in CONTEST.items()}
        spec = self.keys(value, at, allowed, "a contest")
        if spec is None:
            return None
        out: dict[str, Any] = {}
        if "prizes" in spec:
            prizes = self.listed(spec["prizes"], (*at, "prizes"), "numbers")
            out["prizes"] = [self.prize(p, (*at, "prizes", j)) for j, p in enumerate(prizes)]
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
        if "enters" in spec:
            if spec.get("zero_wins") is True:
                self.fault((*at, "enters"), "give either 'zero_wins' (every seat enters) or 'enters' (who enters)")
            out["enters"] = self.expr(spec["enters"], (*at, "enters"), Where(owner, False, 0))
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

    def prize(self, value: Any, at: Path_) -> Num | None:
        """A place's prize: a number value, which may count the players (`[players, -1]`); one that
        does not is resolved to its integer, as every prize was before `players` was allowed."""
        found = self.num(value, at)
        return found if found is None or mentions_players(found) else evaluate_num(found, 0)

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
            elif isinstance(name, str) and name in self.entries and self.entries[name]["kind"] in PIECE_KINDS:
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
            got = ", ".join(k if isinstance(k, str) else written(k) for k in value) or "nothing"  # `true`, not True
            hints = [h for k in value if (h := meant(k, FORMS))] if not forms else []
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
