"""A checked game, scored by a score sheet: pure functions from (Sheet, Played) to a Result.

The sheet's expressions are turned into small Python closures once per combination of
switches (cached on the sheet), so scoring a record walks no data structure twice.
docs/score-sheet.md defines every number computed here; the phone page computes the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import Finding, InputError
from .sheet import IT, PLAYERS, TEAM, TOTAL, Expr, Piece, Sheet, evaluate_num

Value = Any  # an entry's value: ids, a count, a number, a yes/no, a colour or None


@dataclass(frozen=True)
class PlayerEntry:
    """One seat of a record: a player, or a team with its members."""

    colour: str
    name: str | None
    values: Mapping[str, Value]  # per-player entry id -> value (ids, not pieces)
    members: tuple[str, ...] = ()


@dataclass(frozen=True)
class Played:
    """A legal finished game, in the sheet's terms: as scorerecord makes it."""

    players: tuple[PlayerEntry, ...]
    values: Mapping[str, Value]  # per-game entry id -> value
    switches: Mapping[str, bool | str]  # every switch's value


@dataclass(frozen=True)
class ContestResult:
    id: str  # the contested piece, or the category's id for a single contest
    counts: Mapping[str, int]  # colour -> measure, every player in colour order
    points: Mapping[str, int]  # colour -> prize, only prizes that are not 0
    first: tuple[str, ...]


@dataclass(frozen=True)
class PlayerScore:
    colour: str  # the seat: a player's or a team's colour, or "team" in a co-operative game
    name: str | None
    figures: Mapping[str, int]  # every category's points (0 if not in play), every figure, total
    rank: int
    members: tuple[str, ...] = ()
    ended: tuple[str, ...] = ()  # the end conditions this seat meets, in the sheet's order

    @property
    def total(self) -> int:
        return self.figures[TOTAL]


@dataclass(frozen=True)
class Result:
    players: tuple[PlayerScore, ...]  # best first; equal ranks in colour order
    categories: tuple[str, ...]  # the categories in play, in sheet order
    contests: Mapping[str, tuple[ContestResult, ...]]  # contest category id -> its contests
    winners: tuple[str, ...]
    tiebreak: str | None  # the deciding tie-break's id, "shared", or None if the total decided
    switches: Mapping[str, bool | str]
    outcome: str = "ranked"  # ranked | ended | won | lost | unfinished
    end: str | None = None  # the end condition that decided the game
    checks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # check id -> its value per seat, seat order


# ---- compiling ---------------------------------------------------------------------------------

Fn = Callable[["_Env", Any], int]


class _Env:
    """One player while a record is scored."""

    __slots__ = ("colour", "figs", "game", "measures", "pieces", "players", "seats", "values", "won")

    def __init__(
        self,
        colour: str,
        values: dict[str, Any],
        pieces: dict[str, Any],
        game: Mapping[str, Any],
        n: int,
        measures: Mapping[str, Fn],
    ):
        self.colour = colour
        self.measures = measures
        self.values = values
        self.pieces = pieces  # entry id -> tuple of Piece, or an int (a bare count)
        self.game = game
        self.players = n
        self.figs: dict[str, int] = {}
        self.won: dict[str, int] = {}
        self.seats: list[_Env] = []  # every seat, this one included: what `also` compares with


@dataclass(frozen=True)
class _Plan:
    """The sheet under one combination of switches, compiled."""

    in_play: tuple[str, ...]
    contests: Mapping[str, dict[str, Any]]  # contest category -> its contest
    measures: Mapping[str, Fn]
    lookup: Mapping[str, Mapping[str, Piece]]  # per-player entry id -> piece id -> Piece
    game_lookup: Mapping[str, Mapping[str, Piece]]  # the same for the game's entries
    over: Mapping[str, Fn]  # single contests' measures
    steps: tuple[tuple[str, str, Fn | None], ...]  # (what, name, expression) in the sheet's order
    seat: Mapping[str, int]  # colour -> its place in the colours' order
    ends: tuple[Fn, ...]
    checks: tuple[tuple[str, Fn], ...]
    holders: tuple[str, ...]  # the game's `holders` entries


def plan(sheet: Sheet, switches: Mapping[str, bool | str]) -> _Plan:
    key = tuple(sorted(switches.items()))
    found = sheet.plans.get(key)
    if found is None:
        found = sheet.plans[key] = _compile(sheet, switches)
    return found


def _compile(sheet: Sheet, switches: Mapping[str, bool | str]) -> _Plan:
    categories, entries = sheet.apply(switches)
    on = [c for c in categories if c["when"] is None or switches.get(c["when"]) is True]

    def lookup(per: str) -> dict[str, dict[str, Piece]]:
        return {
            e["id"]: {p.id: p for c in e.get("of", ()) for p in sheet.collections[c].items}
            for e in entries
            if e["kind"] in ("pieces", "choice", "choices", "holders") and e["per"] == per
        }

    points = {c["id"]: compile_expr(c["points"]) for c in on if c["points"] is not None}
    contests = {c["id"]: c["contest"] for c in on if c["contest"] is not None}
    figures = {name: compile_expr(x) for name, x in sheet.figures.items()}
    steps: list[tuple[str, str, Fn | None]] = []
    for kind, name in sheet.steps:
        if kind == TOTAL or (kind == "contest" and name in contests):
            steps.append((kind, name, None))
        elif name in points or name in figures:
            steps.append(("figure", name, points.get(name) or figures[name]))
        else:  # a category not in play
            steps.append(("zero", name, None))
    return _Plan(
        in_play=tuple(c["id"] for c in on),
        contests=contests,
        measures={pid: compile_expr(x) for pid, x in sheet.measures.items()},
        lookup=lookup("player"),
        game_lookup=lookup("game"),
        over={
            c["id"]: compile_expr(c["contest"]["over"]) for c in on if c["contest"] and c["contest"]["over"] is not None
        },
        steps=tuple(steps),
        seat={c.id: i for i, c in enumerate(sheet.colours.items)} | {TEAM: -1},
        ends=tuple(compile_expr(e["met"]) for e in sheet.outcome["ends"]),
        checks=tuple(
            (c["id"], compile_expr(next(c[k] for k in ("each", "all", "seats") if c[k] is not None)))
            for c in sheet.checks
        ),
        holders=tuple(e["id"] for e in entries if e["kind"] == "holders"),
    )


def _as_pieces(lookup: Mapping[str, Mapping[str, Piece]], values: Mapping[str, Any]) -> dict[str, Any]:
    """Each entry's value as pieces (a bare count stays a number)."""
    out: dict[str, Any] = {}
    for entry, table in lookup.items():
        value = values.get(entry)
        if value is None or isinstance(value, Mapping):  # a holders entry: each seat's own, below
            out[entry] = ()
        elif isinstance(value, str):
            out[entry] = (table[value],)
        elif isinstance(value, int):
            out[entry] = value
        else:
            out[entry] = tuple(table[i] for i in value)
    return out


def _pieces(names: Sequence[str], excluded: Sequence[str]) -> Callable[[_Env, Any], Any]:
    """A piece list's value: its pieces, or an int for a lone bare count."""
    if len(names) == 1 and not excluded:
        name = names[0]
        return (lambda e, it: it) if name == IT else (lambda e, it: e.pieces[name])
    gone = frozenset(excluded)

    def get(e: _Env, it: Any) -> Any:
        out: list[Piece] = []
        for name in names:
            part = it if name == IT else e.pieces[name]
            if isinstance(part, int):  # a bare count: only `count` reads it (scorerecord sees to that)
                out.append(part)  # type: ignore[arg-type]
            else:
                out.extend(part)
        return [p for p in out if isinstance(p, int) or p.collection not in gone] if gone else out

    return get


def _also(x: Expr, get: Callable[[_Env, Any], Any]) -> Callable[[_Env, Any], Any]:
    """The pieces of `get` that also stand in another entry's value of some seats."""
    entry, whose = x["also"], x["whose"]

    def also(e: _Env, it: Any) -> list[Piece]:
        seats = [s for s in e.seats if (s is e) == (whose == "mine")] if whose != "any" else e.seats
        there = {p.id for s in seats if not isinstance(s.pieces[entry], int) for p in s.pieces[entry]}
        return [p for p in get(e, it) if not isinstance(p, int) and p.id in there]

    return also


def compile_expr(x: Expr) -> Fn:
    if isinstance(x, int):
        return lambda e, it: x
    if x == PLAYERS or isinstance(x, list):
        return lambda e, it: evaluate_num(x, e.players)
    if "count" in x:
        get = _pieces(x["count"], x["except"])
        if x["also"] is not None:
            get = _also(x, get)
        if x["mine"]:
            name = x["field"]
            return lambda e, it: sum(p.fields[name] == e.colour for p in get(e, it))
        if x["symbol"] is not None:
            symbol = x["symbol"]
            return lambda e, it: sum(p.symbols.count(symbol) for p in get(e, it))
        if x["field"] is not None:
            name = x["field"]
            wanted = frozenset(x["in"]) if x["in"] is not None else frozenset([x["is"]])
            return lambda e, it: sum(p.fields[name] in wanted for p in get(e, it))
        return lambda e, it: _size(get(e, it))
    if "sum" in x:
        get, name = _pieces(x["of"], x["except"]), x["sum"]
        return lambda e, it: sum(p.fields[name] for p in get(e, it))
    if "distinct" in x:
        get, name = _pieces(x["of"], x["except"]), x["distinct"]
        if x["among"] is None:
            return lambda e, it: len({p.fields[name] for p in get(e, it)})
        among = frozenset(x["among"])
        return lambda e, it: len({p.fields[name] for p in get(e, it)} & among)
    if "measure" in x:
        get, entry = _pieces(x["of"], x["except"]), x["measure"]

        def measure(e: _Env, it: Any) -> int:
            chosen = e.values.get(entry)
            return 0 if chosen is None else e.measures[chosen](e, get(e, it))

        return measure
    if "holds" in x:
        entry = x["holds"]
        return lambda e, it: int(e.game.get(entry) == e.colour)
    if "yes" in x:
        entry = x["yes"]
        return lambda e, it: int(bool(e.values.get(entry)))
    if "value" in x:
        entry = x["value"]
        return lambda e, it: e.values[entry]
    if "figure" in x:
        name = x["figure"]
        return lambda e, it: e.figs[name]
    if "won" in x:
        name = x["won"]
        return lambda e, it: e.won.get(name, 0)
    if "table" in x:
        inner, points = compile_expr(x["table"]), x["points"]
        return lambda e, it: points[min(max(inner(e, it), 0), len(points) - 1)]
    if "div" in x:
        inner, by, rounding = compile_expr(x["div"]), compile_expr(x["by"]), x["round"]
        return lambda e, it: divide(inner(e, it), by(e, it), rounding)
    if "if" in x:
        test, then, other = compile_expr(x["if"]), compile_expr(x["then"]), compile_expr(x["else"])
        return lambda e, it: then(e, it) if test(e, it) else other(e, it)
    for form, pair in _PAIRS.items():
        if form in x:
            a, b = (compile_expr(p) for p in x[form])
            return lambda e, it, a=a, b=b, pair=pair: pair(a(e, it), b(e, it))  # type: ignore[misc]
    for form, combine in (("plus", sum), ("least", min), ("most", max)):
        if form in x:
            parts = [compile_expr(p) for p in x[form]]
            return lambda e, it, parts=parts, combine=combine: combine(f(e, it) for f in parts)  # type: ignore[misc]
    parts = [compile_expr(p) for p in x["times"]]

    def times(e: _Env, it: Any) -> int:
        out = 1
        for f in parts:
            out *= f(e, it)
        return out

    return times


def _size(value: Any) -> int:
    """How many pieces; a bare count (a `count_ok` entry given as a number) is that number."""
    if isinstance(value, int):
        return value
    return sum(part if isinstance(part, int) else 1 for part in value)


_PAIRS: dict[str, Callable[[int, int], int]] = {
    "minus": lambda a, b: a - b,
    "at_least": lambda a, b: int(a >= b),
    "at_most": lambda a, b: int(a <= b),
    "equal": lambda a, b: int(a == b),
}


def divide(value: int, by: int, rounding: str) -> int:
    """value / by rounded down, up, or to the nearest (a half up), exactly."""
    if rounding == "nearest":
        return (2 * value + by) // (2 * by)
    return value // by if rounding == "down" else -(-value // by)


def split(pool: int, ways: int, rounding: str) -> int:
    """A shared prize: floor or ceiling of pool / ways, exactly."""
    return divide(pool, ways, rounding)


def decide(counts: Mapping[str, int], contest: Mapping[str, Any]) -> tuple[dict[str, int], tuple[str, ...]]:
    """One contest's prizes (colour -> points, zeros left out) and its first place."""
    contenders = {c: n for c, n in counts.items() if n > 0 or contest["zero_wins"]}
    groups: dict[int, list[str]] = {}
    for colour, n in contenders.items():
        groups.setdefault(n, []).append(colour)
    prizes, rounding = contest["prizes"], contest["rounding"]
    points: dict[str, int] = {}
    place = 0
    ordered = [groups[n] for n in sorted(groups, reverse=True)]
    tie = contest.get("tie", "split")
    for group in ordered:
        if place >= len(prizes):
            break
        if len(group) == 1 or tie == "full":
            share = prizes[place]
        elif tie == "none":
            share = 0
        else:
            share = split(sum(prizes[place : place + len(group)]), len(group), rounding)
        if share:
            for colour in group:
                points[colour] = share
        place += len(group)
    return points, tuple(ordered[0]) if ordered else ()


# ---- scoring -----------------------------------------------------------------------------------


def score(sheet: Sheet, played: Played) -> Result:
    """Every player's points, figures and rank; `played` must be legal (scorerecord checks it)."""
    p = plan(sheet, played.switches)
    seat = p.seat
    n = len(played.players)
    players = sorted(played.players, key=lambda pl: seat[pl.colour])
    if sheet.together:  # one seat, the team, whose members are the players
        members = tuple(pl.name or pl.colour for pl in players)
        players = [PlayerEntry(TEAM, None, {}, members)]
    game = played.values
    envs = []
    try:
        game_pieces = _as_pieces(p.game_lookup, game)
        for pl in players:
            pieces = _as_pieces(p.lookup, pl.values)
            pieces.update(game_pieces)
            for entry in p.holders:
                table = p.game_lookup[entry]
                pieces[entry] = tuple(table[i] for i, c in (game.get(entry) or {}).items() if c == pl.colour)
            envs.append(_Env(pl.colour, {**game, **pl.values}, pieces, game, n, p.measures))
    except KeyError as exc:  # a Played built by hand, not by scorerecord, named a piece its entry does not take
        raise InputError(
            [Finding(sheet.file, None, "entries", f"{exc.args[0]!r} is no piece of the entry naming it")]
        ) from None
    for e in envs:
        e.seats = envs
    contests: dict[str, tuple[ContestResult, ...]] = {}
    in_play = p.in_play
    for what, name, fn in p.steps:
        if fn is not None:
            for e in envs:
                e.figs[name] = fn(e, None)
        elif what == "contest":
            contests[name] = _contests(p, name, envs, game)
        elif what == "total":
            for e in envs:
                figs = e.figs
                figs[TOTAL] = sum(figs[c] for c in in_play)
        else:
            for e in envs:
                e.figs[name] = 0
    ended = [
        tuple(end["id"] for end, met in zip(sheet.outcome["ends"], p.ends, strict=True) if met(e, None)) for e in envs
    ]
    outcome, end, first = _outcome(sheet, ended)
    keys = [(i in first, *_better(sheet, e.figs)) for i, e in enumerate(envs)]
    ranked = [
        PlayerScore(pl.colour, pl.name, e.figs, 1 + sum(k > key for k in keys), pl.members, mine)
        for pl, e, key, mine in zip(players, envs, keys, ended, strict=True)
    ]
    ranked.sort(key=lambda s: s.rank)  # stable: equal ranks stay in colour order
    if outcome in ("unfinished", "lost"):
        winners: tuple[str, ...] = ()
    else:
        winners = tuple(s.colour for s in ranked if s.rank == 1)
    decider = _decider(sheet, ranked) if outcome == "ranked" else None
    checks = {ident: tuple(fn(e, None) for e in envs) for ident, fn in p.checks}
    return Result(tuple(ranked), p.in_play, contests, winners, decider, dict(played.switches), outcome, end, checks)


def _better(sheet: Sheet, figs: Mapping[str, int]) -> tuple[int, ...]:
    """A seat's total and tie-break figures, each signed so that greater is better."""
    ranking = sheet.ranking
    sign = -1 if ranking["lowest"] else 1
    return (sign * figs[TOTAL], *((-1 if t["lowest"] else 1) * figs[t["figure"]] for t in ranking["tiebreaks"]))


def _outcome(sheet: Sheet, ended: list[tuple[str, ...]]) -> tuple[str, str | None, frozenset[int]]:
    """(outcome, the deciding end, the seats (by place) that meet it and so come first) from the ends each
    seat meets."""
    outcome = sheet.outcome
    for end in outcome["ends"]:
        meeting = [i for i, mine in enumerate(ended) if end["id"] in mine]
        if meeting:
            result = end["result"]
            if sheet.together:
                return ("won" if result == "win" else "lost"), end["id"], frozenset()
            if result == "rank":
                return "ranked", end["id"], frozenset()
            return "ended", end["id"], frozenset(meeting)
    result = outcome["otherwise"]["result"]
    named = {"rank": "ranked", "unfinished": "unfinished", "win": "won", "lose": "lost"}
    return named[result], None, frozenset()


def _contests(p: _Plan, name: str, envs: list[_Env], game: Mapping[str, Any]) -> tuple[ContestResult, ...]:
    contest = p.contests[name]
    if contest["over"] is not None:
        fn = p.over[name]
        measured = [(name, {e.colour: fn(e, None) for e in envs})]
    else:
        chosen = game.get(contest["each"])
        ids = [chosen] if isinstance(chosen, str) else list(chosen or ())
        get = _pieces(contest["of"], ())
        measured = [(pid, {e.colour: p.measures[pid](e, get(e, None)) for e in envs}) for pid in ids]
    out = []
    totals = dict.fromkeys((e.colour for e in envs), 0)
    wins = dict.fromkeys(totals, 0)
    for pid, counts in measured:
        points, first = decide(counts, contest)
        for colour, v in points.items():
            totals[colour] += v
        for colour in first:
            wins[colour] += 1
        out.append(ContestResult(pid, counts, points, first))
    for e in envs:
        e.figs[name] = totals[e.colour]
        e.won[name] = wins[e.colour]
    return tuple(out)


def _decider(sheet: Sheet, players: list[PlayerScore]) -> str | None:
    """The first tie-break that leaves one leader, "shared" if none does, None if the total did."""
    leaders = [s for s in players if s.total == players[0].total]
    if len(leaders) == 1:
        return None
    for tiebreak in sheet.ranking["tiebreaks"]:
        figure, sign = tiebreak["figure"], -1 if tiebreak["lowest"] else 1
        best = max(sign * s.figures[figure] for s in leaders)
        leaders = [s for s in leaders if sign * s.figures[figure] == best]
        if len(leaders) == 1:
            return str(tiebreak["id"])
    return "shared"


def needs_pieces(sheet: Sheet, switches: Mapping[str, bool | str]) -> frozenset[str]:
    """Entries read as pieces (not only counted) by what is in play: a bare count cannot stand for them."""
    categories, _ = sheet.apply(switches)
    on = [c for c in categories if c["when"] is None or switches.get(c["when"]) is True]
    found: set[str] = set()

    def walk(x: Any, counting: bool = False) -> None:
        if isinstance(x, dict):
            if "count" in x and x.get("field") is None and x.get("symbol") is None:
                return
            for key in ("of", "count"):
                if isinstance(x.get(key), list):
                    found.update(n for n in x[key] if n != IT)
            for value in x.values():
                walk(value)
        elif isinstance(x, list):
            for value in x:
                walk(value)

    for c in on:
        walk(c["points"])
        walk(c["contest"])
    for x in sheet.figures.values():
        walk(x)
    return frozenset(found)
