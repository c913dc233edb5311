"""Each expression form as a sheet is read (the form table's `check`): its keys checked against the
form's operands, each name it reads checked against the sheet, the expression resolved. `r` is the
sheet's reader (sheet/read.py): its findings, small checks and the names read so far; an operand
is read with `r.expr` (the table's dispatch, handed in so that this module needs no table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...errors import written
from ..vocabulary import PLAYERS, TOTAL, Expr, evaluate_num

if TYPE_CHECKING:
    from ...source.yamlsrc import Path_
    from . import Form

MAX_PARTS = 50  # parts of one list form (plus, times, least, most) or of one number value's sum
MAX_TABLE = 200  # points of one table
ROUNDS = ("down", "up", "nearest")
WHOSE = ("mine", "others", "any")

Reader = Any  # sheet/read.py's reader
Check = Callable[[Reader, "Form", dict[str, Any], "Path_", "Where"], Expr | None]


class Where:
    """Where an expression is read: the category or figure it belongs to (what it reads is recorded
    for the order of steps), in a measure or not, and how deep."""

    __slots__ = ("depth", "measure", "owner")

    def __init__(self, owner: str | None, measure: bool, depth: int) -> None:
        self.owner, self.measure, self.depth = owner, measure, depth

    def deeper(self) -> Where:
        return Where(self.owner, self.measure, self.depth + 1)


# -- forms of expressions -------------------------------------------------------------------------
def parts(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    """A list form (`form.operands` "list") or a pair ("pair": exactly two)."""
    name = form.name
    if r.keys(value, at, form.keys, name) is None:
        return None
    items = r.listed(value[name], (*at, name), "expressions")
    if not r.short(items, (*at, name), "expressions"):
        return None
    found = [r.expr(v, (*at, name, j), where.deeper()) for j, v in enumerate(items)]
    if form.operands == "pair" and len(found) != 2:
        r.fault((*at, name), f"needs exactly two expressions (got {len(found)})")
        return None
    if not found:
        r.fault((*at, name), "needs at least one expression")
    return None if any(p is None for p in found) or not found else {name: found}


def div(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    spec = r.keys(value, at, form.keys, "div")
    if spec is None:
        return None
    inner = r.expr(spec["div"], (*at, "div"), where.deeper())
    by = r.num(spec["by"], (*at, "by"), least=1)
    if by is not None and by != PLAYERS and evaluate_num(by, 1, 1) < 1:
        r.fault((*at, "by"), f"must be 1 or more (got {evaluate_num(by, 1, 1)})")
        by = None
    rounding = spec.get("round", "down")
    if rounding not in ROUNDS:
        r.fault((*at, "round"), f"must be {', '.join(ROUNDS)} (got {written(rounding)})")
        return None
    return None if inner is None or by is None else {"div": inner, "by": by, "round": rounding}


def if_(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    spec = r.keys(value, at, form.keys, "if")
    if spec is None:
        return None
    found = {k: r.expr(spec[k], (*at, k), where.deeper()) for k in ("if", "then", "else")}
    return None if None in found.values() else found


def table(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    if r.keys(value, at, form.keys, "table") is None:
        return None
    inner = r.expr(value["table"], (*at, "table"), where.deeper())
    given = r.listed(value["points"], (*at, "points"), "numbers")
    if not r.short(given, (*at, "points"), "numbers", MAX_TABLE):
        return None
    points = [r.const(p, (*at, "points", j)) for j, p in enumerate(given)]
    if not points:
        r.fault((*at, "points"), "needs at least one number")
    return None if inner is None or not points or None in points else {"table": inner, "points": points}


def one(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    """abs: a form of one expression."""
    if r.keys(value, at, form.keys, form.name) is None:
        return None
    inner = r.expr(value[form.name], (*at, form.name), where.deeper())
    return None if inner is None else {form.name: inner}


def _of_a_player(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> bool:
    """A form that reads a player: not in a measure, and its one key."""
    if where.measure:
        r.fault(at, f"a measure counts pieces only; '{form.name}' reads a player")
        return False
    return r.keys(value, at, form.keys, form.name) is not None


def entry(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    """holds, yes, value: an entry of the kind the form reads (`form.reads`)."""
    if not _of_a_player(r, form, value, at, where):
        return None
    target = value[form.name]
    found = r.entries.get(target) if isinstance(target, str) else None
    if not found or found["kind"] != form.reads:
        r.dangling((*at, form.name), target, f"must name a {form.reads} entry (got {written(target)})")
        return None
    if found.get("round") and not r.round_on:
        r.fault((*at, form.name), f"{target!r} is given round by round: only a round category or check reads it")
        return None
    return {form.name: target}


def step(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
    """figure, won: a step computed before, so a step that reads it comes after it."""
    if not _of_a_player(r, form, value, at, where):
        return None
    target = value[form.name]
    if form.name == "figure":
        known, what = {*r.declared.categories, *r.declared.figures, TOTAL}, "figure or category"
    else:
        known, what = r.declared.contests, "contest category"
    if not isinstance(target, str) or target not in known:
        r.dangling((*at, form.name), target, f"unknown {what} {written(target)}")
        return None
    if where.owner:
        r.deps.setdefault(where.owner, set()).add(target)
        r.dep_at.setdefault(where.owner, at)
    return {form.name: target}


# -- forms of pieces ------------------------------------------------------------------------------
class Got(NamedTuple):
    """The pieces a form of pieces reads: its entries, the collections left out, and so the
    collections it can reach."""

    pieces: list[str]
    excluded: list[str]
    reach: list[Any]


Tail = Callable[[Reader, Mapping[str, Any], "Path_", Got, Where], Expr | None]


def of_pieces(tail: Tail) -> Check:
    """sum, count, distinct, measure: the entries whose pieces the form reads (`form.pieces`), the
    collections it leaves out, then the form's own keys (`tail`)."""

    def check(r: Reader, form: Form, value: dict[str, Any], at: Path_, where: Where) -> Expr | None:
        spec = r.keys(value, at, form.keys, form.name)
        if spec is None:
            return None
        key = form.pieces or form.name
        pieces = r.pieces(spec[key], (*at, key), where.measure)
        if pieces is None:
            return None
        excluded = spec.get("except", [])
        excluded = [excluded] if isinstance(excluded, str) else r.listed(excluded, (*at, "except"), "collections")
        if not all(r.collection(c, (*at, "except")) for c in excluded):
            return None
        reach = [c for c in r.reach(pieces) if c.id not in excluded]
        return tail(r, spec, at, Got(pieces, excluded, reach), where)

    return check


def sum_(r: Reader, spec: Mapping[str, Any], at: Path_, got: Got, where: Where) -> Expr | None:
    if not r.field(spec["sum"], got.reach, (*at, "sum"), numeric=True):
        return None
    return {"sum": spec["sum"], "of": got.pieces, "except": got.excluded}


def distinct(r: Reader, spec: Mapping[str, Any], at: Path_, got: Got, where: Where) -> Expr | None:
    if not r.field(spec["distinct"], got.reach, (*at, "distinct")):
        return None
    among = spec.get("among")
    if among is not None:
        among = r.listed(among, (*at, "among"), "values")
        if not r.scalars(among, (*at, "among")):
            return None
    return {"distinct": spec["distinct"], "of": got.pieces, "except": got.excluded, "among": among}


def measure(r: Reader, spec: Mapping[str, Any], at: Path_, got: Got, where: Where) -> Expr | None:
    chosen = spec["measure"]
    found = r.entries.get(chosen) if isinstance(chosen, str) else None
    if where.measure or not found or found["kind"] != "choice":
        r.dangling((*at, "measure"), chosen, f"must name a choice entry (got {written(chosen)})")
        return None
    r.measured_choices.add(found["id"])
    return {"measure": chosen, "of": got.pieces, "except": got.excluded}


def count(r: Reader, spec: Mapping[str, Any], at: Path_, got: Got, where: Where) -> Expr | None:
    out = {"count": got.pieces, "except": got.excluded, "field": None, "is": None, "in": None, "symbol": None}
    out |= {"mine": False, "also": None, "whose": None}
    if "also" in spec:
        if not _count_also(r, spec, at, out):
            return None
    elif "whose" in spec:
        r.fault(at, "'whose' needs 'also'")
        return None
    if spec.get("mine") is not None and r.flag(spec["mine"], (*at, "mine")) and spec["mine"]:
        if "field" not in spec or {"is", "in", "symbol"} & set(spec):
            r.fault(at, "'mine' compares a 'field' with the seat's colour: give 'field' without 'is' or 'in'")
            return None
        if not r.field(spec["field"], got.reach, (*at, "field")):
            return None
        out["field"], out["mine"] = spec["field"], True
        return out
    if "symbol" in spec:
        return out if _count_symbol(r, spec, at, got.reach, out) else None
    if "field" in spec:
        return out if _count_field(r, spec, at, got.reach, out) else None
    if {"is", "in"} & set(spec):
        r.fault(at, "'is' and 'in' need a 'field'")
        return None
    return out


def _count_also(r: Reader, spec: Mapping[str, Any], at: Path_, out: dict[str, Any]) -> bool:
    """`also:` one entry whose pieces, held by `whose`, the counted ones must be among."""
    also = r.pieces(spec["also"], (*at, "also"), measure=False)
    whose = spec.get("whose", "others")
    if whose not in WHOSE:
        r.fault((*at, "whose"), f"must be {', '.join(WHOSE)} (got {written(whose)})")
        return False
    if also is None or len(also) != 1:
        if also is not None:
            r.fault((*at, "also"), "must name one entry")
        return False
    out["also"], out["whose"] = also[0], whose
    return True


def _count_symbol(r: Reader, spec: Mapping[str, Any], at: Path_, reach: list[Any], out: dict[str, Any]) -> bool:
    if {"field", "is", "in"} & set(spec):
        r.fault(at, "count either a symbol or a field's value, not both")
        return False
    symbol = spec["symbol"]
    if not any(symbol in p.symbols for c in reach for p in c.items):
        r.fault(
            (*at, "symbol"), f"unknown symbol {written(symbol)}: no piece of {', '.join(c.id for c in reach)} has it"
        )
        return False
    out["symbol"] = symbol
    return True


def _count_field(r: Reader, spec: Mapping[str, Any], at: Path_, reach: list[Any], out: dict[str, Any]) -> bool:
    if ("is" in spec) == ("in" in spec) or not r.field(spec["field"], reach, (*at, "field")):
        if ("is" in spec) == ("in" in spec):
            r.fault(at, "a count by field needs either 'is' or 'in'")
        return False
    out["field"] = spec["field"]
    if "is" in spec:
        out["is"] = spec["is"] if r.scalars([spec["is"]], (*at, "is")) else None
        return True
    out["in"] = r.listed(spec["in"], (*at, "in"), "values")
    return bool(r.scalars(out["in"], (*at, "in")))


def member(r: Reader, spec: Mapping[str, Any], at: Path_, got: Got, where: Where) -> Expr | None:
    """`member:` a `choice` entry (the piece chosen in it) or a piece id, sought among the pieces:
    a piece that `of` cannot hold could never be found, so it is a finding, not a 0."""
    name = spec["member"]
    entry = r.entries.get(name) if isinstance(name, str) else None
    piece = isinstance(name, str) and any(name in c.by_id for c in got.reach)
    if entry is not None and entry["kind"] == "choice":
        if piece:
            r.fault((*at, "member"), f"{name!r} is both a choice entry and a piece; rename one of them")
            return None
        if entry["of"] and not any(c.id in entry["of"] for c in got.reach):
            r.fault((*at, "member"), f"{name!r} chooses from {entry['of'][0]!r}, which 'of' cannot hold")
            return None
        return {"member": name, "of": got.pieces, "except": got.excluded, "entry": True}
    if piece:
        return {"member": name, "of": got.pieces, "except": got.excluded, "entry": False}
    known = ", ".join(c.id for c in got.reach) or "nothing"
    r.dangling((*at, "member"), name, f"must name a choice entry or a piece of {known} (got {written(name)})")
    return None
