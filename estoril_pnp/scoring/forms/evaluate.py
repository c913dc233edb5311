"""Each expression form as Python computes it (the form table's `evaluate`): a resolved expression
turned into a small closure of a seat and `it` (a measure's pieces) once per plan (calc.py), so
scoring a record walks no data structure twice. `sub` compiles an operand: the table's dispatch,
handed in so that this module needs no table."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..vocabulary import IT, Expr

if TYPE_CHECKING:
    from ..sheet import Piece


class Env:
    """One seat while a record is scored."""

    __slots__ = ("by_round", "figs", "game", "measures", "pieces", "players", "round", "seat", "seats", "values", "won")

    def __init__(
        self,
        seat: str,
        values: dict[str, Any],
        pieces: dict[str, Any],
        game: Mapping[str, Any],
        n: int,
        measures: Mapping[str, Fn],
    ):
        self.seat = seat  # its id
        self.measures = measures
        self.values = values
        self.pieces = pieces  # entry id -> tuple of Piece, or an int (a bare count)
        self.game = game
        self.players = n
        self.figs: dict[str, int] = {}
        self.won: dict[str, int] = {}
        # every seat's pieces, this one's included: what `also` compares with (their pieces, not the
        # seats: a seat holding the list of seats would be a cycle, freed by the garbage collector only)
        self.seats: list[dict[str, Any]] = []
        self.round = 0  # the round being scored (rounds.py), 0 outside any round
        self.by_round: dict[str, list[int]] = {}  # a round category's points in each round


Fn = Callable[[Env, Any], int]
Sub = Callable[[Expr], Fn]  # how an operand is compiled


def pieces_of(names: Sequence[str], excluded: Sequence[str]) -> Callable[[Env, Any], Any]:
    """A piece list's value: its pieces, or an int for a lone bare count."""
    if len(names) == 1 and not excluded:
        name = names[0]
        return (lambda e, it: it) if name == IT else (lambda e, it: e.pieces[name])
    gone = frozenset(excluded)

    def get(e: Env, it: Any) -> Any:
        out: list[Piece] = []
        for name in names:
            part = it if name == IT else e.pieces[name]
            if isinstance(part, int):  # a bare count: only `count` reads it (scorerecord sees to that)
                out.append(part)  # type: ignore[arg-type]
            else:
                out.extend(part)
        return [p for p in out if isinstance(p, int) or p.collection not in gone] if gone else out

    return get


def _also(x: Expr, get: Callable[[Env, Any], Any]) -> Callable[[Env, Any], Any]:
    """The pieces of `get` that also stand in another entry's value of some seats."""
    entry, whose = x["also"], x["whose"]

    def also(e: Env, it: Any) -> list[Piece]:
        seats = [s for s in e.seats if (s is e.pieces) == (whose == "mine")] if whose != "any" else e.seats
        there = {p.id for s in seats if not isinstance(s[entry], int) for p in s[entry]}
        return [p for p in get(e, it) if not isinstance(p, int) and p.id in there]

    return also


def size(value: Any) -> int:
    """How many pieces; a bare count (a `count_ok` entry given as a number) is that number."""
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):  # one entry's pieces (calc's _as_pieces): no bare count among them
        return len(value)
    return sum([part if isinstance(part, int) else 1 for part in value])


def divide(value: int, by: int, rounding: str) -> int:
    """value / by rounded down, up, or to the nearest (a half up), exactly."""
    if rounding == "nearest":
        return (2 * value + by) // (2 * by)
    return value // by if rounding == "down" else -(-value // by)


def count(x: Expr, sub: Sub) -> Fn:
    get = pieces_of(x["count"], x["except"])
    if x["also"] is not None:
        get = _also(x, get)
    if x["mine"]:
        name = x["field"]
        return lambda e, it: sum([p.fields[name] == e.seat for p in get(e, it)])
    if x["symbol"] is not None:
        symbol = x["symbol"]
        return lambda e, it: sum([p.symbols.count(symbol) for p in get(e, it)])
    if x["field"] is not None:
        name = x["field"]
        wanted = frozenset(x["in"]) if x["in"] is not None else frozenset([x["is"]])
        return lambda e, it: sum([p.fields[name] in wanted for p in get(e, it)])
    return lambda e, it: size(get(e, it))


def sum_(x: Expr, sub: Sub) -> Fn:
    get, name = pieces_of(x["of"], x["except"]), x["sum"]
    return lambda e, it: sum([p.fields[name] for p in get(e, it)])


def distinct(x: Expr, sub: Sub) -> Fn:
    get, name = pieces_of(x["of"], x["except"]), x["distinct"]
    if x["among"] is None:
        return lambda e, it: len({p.fields[name] for p in get(e, it)})
    among = frozenset(x["among"])
    return lambda e, it: len({p.fields[name] for p in get(e, it)} & among)


def measure(x: Expr, sub: Sub) -> Fn:
    get, entry = pieces_of(x["of"], x["except"]), x["measure"]

    def measured(e: Env, it: Any) -> int:
        chosen = e.values.get(entry)
        return 0 if chosen is None else e.measures[chosen](e, get(e, it))

    return measured


def member(x: Expr, sub: Sub) -> Fn:
    """1 if the piece (a literal id, or the one chosen in a `choice` entry) is among the pieces."""
    get, name = pieces_of(x["of"], x["except"]), x["member"]
    if x["entry"]:
        return lambda e, it: int(any(not isinstance(p, int) and p.id == e.values.get(name) for p in get(e, it)))
    return lambda e, it: int(any(not isinstance(p, int) and p.id == name for p in get(e, it)))


def abs_(x: Expr, sub: Sub) -> Fn:
    inner = sub(x["abs"])
    return lambda e, it: abs(inner(e, it))


def holds(x: Expr, sub: Sub) -> Fn:
    entry = x["holds"]
    return lambda e, it: int(e.game.get(entry) == e.seat)


def yes(x: Expr, sub: Sub) -> Fn:
    entry = x["yes"]
    return lambda e, it: int(bool(e.values.get(entry)))


def value(x: Expr, sub: Sub) -> Fn:
    entry = x["value"]
    return lambda e, it: e.values[entry]


def figure(x: Expr, sub: Sub) -> Fn:
    name = x["figure"]
    return lambda e, it: e.figs[name]


def won(x: Expr, sub: Sub) -> Fn:
    name = x["won"]
    return lambda e, it: e.won.get(name, 0)


def table(x: Expr, sub: Sub) -> Fn:
    inner, points = sub(x["table"]), x["points"]
    return lambda e, it: points[min(max(inner(e, it), 0), len(points) - 1)]


def div(x: Expr, sub: Sub) -> Fn:
    inner, by, rounding = sub(x["div"]), sub(x["by"]), x["round"]
    return lambda e, it: divide(inner(e, it), by(e, it), rounding)


def if_(x: Expr, sub: Sub) -> Fn:
    test, then, other = sub(x["if"]), sub(x["then"]), sub(x["else"])
    return lambda e, it: then(e, it) if test(e, it) else other(e, it)


def times(x: Expr, sub: Sub) -> Fn:
    # "so many points per thing": the sheet's own numbers are multiplied once, here
    factor = math.prod(p for p in x["times"] if isinstance(p, int))
    parts = [sub(p) for p in x["times"] if not isinstance(p, int)]
    if len(parts) == 1:
        only = parts[0]
        return lambda e, it: factor * only(e, it)
    return lambda e, it: factor * math.prod([f(e, it) for f in parts])


def pair(form: str, op: Callable[[int, int], int]) -> Callable[[Expr, Sub], Fn]:
    """A form of exactly two operands, `op` of their values."""

    def compile_pair(x: Expr, sub: Sub) -> Fn:
        a, b = (sub(p) for p in x[form])
        return lambda e, it: op(a(e, it), b(e, it))

    return compile_pair


def combined(form: str, combine: Callable[[list[int]], int]) -> Callable[[Expr, Sub], Fn]:
    """A form of a list of operands, `combine` of their values."""

    def compile_list(x: Expr, sub: Sub) -> Fn:
        parts = [sub(p) for p in x[form]]
        return lambda e, it: combine([f(e, it) for f in parts])

    return compile_list
