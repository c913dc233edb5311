"""A checked game, scored by a score sheet: pure functions from (Sheet, Played) to a Result.

The sheet's expressions and contests are turned into small Python closures once per combination
of switches (cached on the sheet): what does not depend on the record (each expression's form, the
sheet's numbers, a contest's prizes and rules) is read there, so scoring a record walks no data
structure twice and leaves no reference cycle for the garbage collector.
docs/score-sheet.md defines every number computed here; the phone page computes the same.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from ..errors import Finding, InputError
from . import rules
from .forms import IT, PIECE_KEYS, PLAYERS, ROUND, TABLE, TOTAL, Expr, evaluate_num, form_of
from .forms.evaluate import Env, Fn, divide, pieces_of
from .rounds import per_round, round_values
from .seats import Seat, seats
from .sheet import Piece, Sheet

Value = Any  # an entry's value: ids, a count, a number, a yes/no, a seat or None


@dataclass(frozen=True)
class Played:
    """A legal finished game, in the sheet's terms: as scorerecord makes it."""

    players: tuple[Seat, ...]  # the record's `players:`, in its order
    values: Mapping[str, Value]  # per-game entry id -> value
    switches: Mapping[str, bool | str]  # every switch's value


@dataclass(frozen=True)
class ContestResult:
    id: str  # the contested piece, or the category's id for a single contest
    counts: Mapping[str, int]  # seat -> measure, every seat in seat order
    points: Mapping[str, int]  # seat -> prize, only prizes that are not 0
    first: tuple[str, ...]
    entered: tuple[str, ...] | None = None  # with `enters`: the seats that entered, in seat order


@dataclass(frozen=True)
class SeatScore:
    seat: Seat
    figures: Mapping[str, int]  # every category's points (0 if not in play), every figure, total
    rank: int
    ended: tuple[str, ...] = ()  # the end conditions this seat meets, in the sheet's order
    rounds: Mapping[str, list[int]] = field(default_factory=dict)  # a round category in play -> its points per round

    @property
    def total(self) -> int:
        return self.figures[TOTAL]


@dataclass(frozen=True)
class Result:
    players: tuple[SeatScore, ...]  # best first; equal ranks in seat order
    categories: tuple[str, ...]  # the categories in play, in sheet order
    contests: Mapping[str, tuple[ContestResult, ...]]  # contest category id -> its contests
    winners: tuple[str, ...]
    tiebreak: str | None  # the deciding tie-break's id, "shared", or None if the total decided
    switches: Mapping[str, bool | str]
    outcome: str = "ranked"  # ranked | ended | won | lost | unfinished
    end: str | None = None  # the end condition that decided the game
    checks: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # check id -> its value per seat, seat order


# ---- compiling ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """The sheet under one combination of switches, compiled."""

    in_play: tuple[str, ...]
    measures: Mapping[str, Fn]
    lookup: Mapping[str, Mapping[str, Piece]]  # per-player entry id -> piece id -> Piece
    game_lookup: Mapping[str, Mapping[str, Piece]]  # the same for the game's entries
    # (what, name, how) in the sheet's order: a figure's expression, a contest category's run, or None
    steps: tuple[tuple[str, str, Fn | Contest | None], ...]
    ends: tuple[tuple[str, Fn], ...]  # the end conditions, in order
    otherwise: str  # the outcome when no end is met
    ranking: tuple[tuple[str, int], ...]  # total and tie-break figures, each with its sign: greater is better
    checks: tuple[tuple[str, Fn], ...]
    holders: tuple[str, ...]  # the game's `holders` entries


def plan(sheet: Sheet, switches: Mapping[str, bool | str], players: int) -> _Plan:
    key = (*switches.items(), players)  # a record's switches come in the sheet's order: no sorting per record
    found = sheet.plans.get(key)
    if found is None:
        found = sheet.plans[key] = _compile(sheet, switches, players)
    return found


def _compile(sheet: Sheet, switches: Mapping[str, bool | str], players: int) -> _Plan:
    categories, entries = sheet.apply(switches, players)
    on = [c for c in categories if rules.in_play(c, switches)]

    def lookup(per: str) -> dict[str, dict[str, Piece]]:
        return {
            e["id"]: {p.id: p for c in e.get("of", ()) for p in sheet.collections[c].items}
            for e in entries
            if e["kind"] in ("pieces", "choice", "choices", "holders") and e["per"] == per
        }

    measures = {pid: compile_expr(x) for pid, x in sheet.measures.items()}
    points = {c["id"]: per_round(sheet, c, compile_expr(c["points"])) for c in on if c["points"] is not None}
    contests = {c["id"]: _contest(c["id"], c["contest"], measures, players) for c in on if c["contest"] is not None}
    figures = {name: compile_expr(x) for name, x in sheet.figures.items()}
    steps: list[tuple[str, str, Fn | Contest | None]] = []
    for kind, name in sheet.steps:
        if kind == TOTAL:
            steps.append((kind, name, None))
        elif kind == "contest" and name in contests:
            steps.append((kind, name, contests[name]))
        elif name in points or name in figures:
            steps.append(("figure", name, points.get(name) or figures[name]))
        else:  # a category not in play
            steps.append(("zero", name, None))
    return _Plan(
        in_play=tuple(c["id"] for c in on),
        measures=measures,
        lookup=lookup("player"),
        game_lookup=lookup("game"),
        steps=tuple(steps),
        ends=tuple((e["id"], compile_expr(e["met"])) for e in sheet.outcome["ends"]),
        otherwise=OTHERWISE[sheet.outcome["otherwise"]["result"]],
        ranking=(
            (TOTAL, -1 if sheet.ranking["lowest"] else 1),
            *((t["figure"], -1 if t["lowest"] else 1) for t in sheet.ranking["tiebreaks"]),
        ),
        checks=tuple(
            (
                c["id"],
                round_values(sheet, c, compile_expr(next(c[k] for k in ("each", "all", "seats") if c[k] is not None))),
            )
            for c in sheet.checks
        ),
        holders=tuple(e["id"] for e in entries if e["kind"] == "holders"),
    )


def _as_pieces(lookup: Mapping[str, Mapping[str, Piece]], values: Mapping[str, Any]) -> dict[str, Any]:
    """Each entry's value as pieces (a bare count stays a number)."""
    out: dict[str, Any] = {}
    for entry, table in lookup.items():
        value = values.get(entry)
        if isinstance(value, (tuple, list)):
            out[entry] = tuple(map(table.__getitem__, value))
        elif isinstance(value, str):
            out[entry] = (table[value],)
        elif isinstance(value, int):
            out[entry] = value
        else:  # nothing, or a holders entry: each seat's own pieces, set by score()
            out[entry] = ()
    return out


def compile_expr(x: Expr) -> Fn:
    """An expression as a function of a seat and `it` (a measure's pieces): the form is looked up and
    the sheet's numbers read here, once per plan, not for every record."""
    if isinstance(x, int):
        return lambda e, it: x
    if x in (PLAYERS, ROUND) or isinstance(x, list):
        return lambda e, it: evaluate_num(x, e.players, e.round)
    return TABLE[form_of(x, TABLE)].evaluate(x, compile_expr)


Award = Callable[[Mapping[str, int], Collection[str] | None], tuple[dict[str, int], tuple[str, ...]]]


def _award(contest: Mapping[str, Any], players: int) -> Award:
    """How one contest is decided (docs/score-sheet.md, "Deciding one contest"): measures by seat and
    the seats that entered (None: those measuring > 0, or all with `zero_wins`) -> (prizes by seat,
    zeros left out; its first place)."""
    tie, rounding, zero_wins = contest["tie"], contest["rounding"], contest["zero_wins"]
    prizes = [evaluate_num(p, players) for p in contest["prizes"]]

    def award(counts: Mapping[str, int], entered: Collection[str] | None) -> tuple[dict[str, int], tuple[str, ...]]:
        groups: dict[int, list[str]] = {}  # measure -> its contenders, in seat order
        for seat, n in counts.items():
            if (seat in entered) if entered is not None else (n > 0 or zero_wins):
                if n in groups:
                    groups[n].append(seat)
                else:
                    groups[n] = [seat]
        if not groups:
            return {}, ()
        levels = sorted(groups, reverse=True)
        points: dict[str, int] = {}
        place = 0
        for level in levels:
            if place >= len(prizes):
                break
            group = groups[level]
            if len(group) == 1 or tie == "full":
                share = prizes[place]
            elif tie == "none":
                share = 0
            elif tie == "split_place":  # the tied share their own place's prize; the places they fill go unawarded
                share = divide(prizes[place], len(group), rounding)
            else:
                share = divide(sum(prizes[place : place + len(group)]), len(group), rounding)
            if share:
                points.update(dict.fromkeys(group, share))
            place += len(group)
        return points, tuple(groups[levels[0]])

    return award


# ---- scoring -----------------------------------------------------------------------------------


def score(sheet: Sheet, played: Played) -> Result:
    """Every seat's points, figures and rank; `played` must be legal (scorerecord checks it)."""
    n = len(played.players)
    p = plan(sheet, played.switches, n)
    seated = seats(sheet, played.players)
    game = played.values
    envs = []
    try:
        game_pieces = _as_pieces(p.game_lookup, game)
        for seat in seated:
            pieces = _as_pieces(p.lookup, seat.values)
            pieces.update(game_pieces)
            for entry in p.holders:
                table = p.game_lookup[entry]
                pieces[entry] = tuple(table[i] for i, c in (game.get(entry) or {}).items() if c == seat.id)
            envs.append(Env(seat.id, {**game, **seat.values}, pieces, game, n, p.measures))
    except KeyError as exc:  # a Played built by hand, not by scorerecord, named a piece its entry does not take
        raise InputError(
            [Finding(sheet.file, None, "entries", f"{exc.args[0]!r} is no piece of the entry naming it")]
        ) from None
    everyone = [e.pieces for e in envs]
    for e in envs:
        e.seats = everyone
    contests: dict[str, tuple[ContestResult, ...]] = {}
    in_play = p.in_play
    for what, name, how in p.steps:
        if what == "figure":
            for e in envs:
                e.figs[name] = how(e, None)
        elif what == "contest":
            contests[name] = how(envs, game)
        elif what == TOTAL:
            for e in envs:
                figs = e.figs
                figs[TOTAL] = sum(map(figs.__getitem__, in_play))
        else:
            for e in envs:
                e.figs[name] = 0
    ends = p.ends
    ended = [tuple(ident for ident, met in ends if met(e, None)) for e in envs] if ends else [()] * len(envs)
    outcome, end, first, last = _outcome(sheet, ended) if ends else (p.otherwise, None, frozenset(), frozenset())
    ranking = p.ranking
    keys = [tuple([sign * e.figs[name] for name, sign in ranking]) for e in envs]
    if first or last:  # the seats that met the deciding end come first (result: win) or last (lose)
        keys = [((i in first) - (i in last), *key) for i, key in enumerate(keys)]
    ranked = [
        SeatScore(seat, e.figs, 1 + sum([k > key for k in keys]), mine, e.by_round)
        for seat, e, key, mine in zip(seated, envs, keys, ended, strict=True)
    ]
    ranked.sort(key=attrgetter("rank"))  # stable: equal ranks stay in seat order
    if outcome in ("unfinished", "lost") or len(last) == len(envs):  # a lost seat never wins
        winners: tuple[str, ...] = ()
    else:
        winners = tuple(s.seat.id for s in ranked if s.rank == 1)
    decider = _decider(sheet, ranked) if outcome == "ranked" else None
    checks = {ident: tuple(fn(e, None) for e in envs) for ident, fn in p.checks} if p.checks else {}
    return Result(tuple(ranked), p.in_play, contests, winners, decider, dict(played.switches), outcome, end, checks)


Places = frozenset[int]  # seats by their place in the scored order


def _outcome(sheet: Sheet, ended: list[tuple[str, ...]]) -> tuple[str, str | None, Places, Places]:
    """(outcome, the deciding end, the seats that meet it and so come first (result: win) or last
    (result: lose, an instant loss)) from the ends each seat meets; the first end met decides."""
    outcome, none = sheet.outcome, frozenset[int]()
    for end in outcome["ends"]:
        meeting = frozenset(i for i, mine in enumerate(ended) if end["id"] in mine)
        if meeting:
            result = end["result"]
            if sheet.together:
                return ("won" if result == "win" else "lost"), end["id"], none, none
            if result == "rank":
                return "ranked", end["id"], none, none
            return "ended", end["id"], *((meeting, none) if result == "win" else (none, meeting))
    return OTHERWISE[outcome["otherwise"]["result"]], None, none, none


OTHERWISE = {
    "rank": "ranked",
    "unfinished": "unfinished",
    "win": "won",
    "lose": "lost",
}  # the outcome when no end is met


Contest = Callable[[list[Env], Mapping[str, Any]], tuple[ContestResult, ...]]


def _contest(name: str, contest: Mapping[str, Any], measures: Mapping[str, Fn], players: int) -> Contest:
    """A contest category run over the seats: its contests, and each seat's prizes and firsts as the
    category's figure and `won`."""
    award = _award(contest, players)
    enters = compile_expr(contest["enters"]) if contest.get("enters") is not None else None
    if contest["over"] is not None:
        over = compile_expr(contest["over"])

        def measured(envs: list[Env], game: Mapping[str, Any]) -> list[tuple[str, dict[str, int]]]:
            return [(name, {e.seat: over(e, None) for e in envs})]

    else:
        each, get = contest["each"], pieces_of(contest["of"], ())

        def measured(envs: list[Env], game: Mapping[str, Any]) -> list[tuple[str, dict[str, int]]]:
            chosen = game.get(each)
            ids = (chosen,) if isinstance(chosen, str) else chosen or ()
            held = [(e, get(e, None)) for e in envs]  # every contest of the category measures the same pieces
            return [(pid, {e.seat: measures[pid](e, it) for e, it in held}) for pid in ids]

    def run(envs: list[Env], game: Mapping[str, Any]) -> tuple[ContestResult, ...]:
        totals = {e.seat: 0 for e in envs}
        wins = dict(totals)
        out = []
        entered = tuple(e.seat for e in envs if enters(e, None) != 0) if enters else None
        for pid, counts in measured(envs, game):
            points, first = award(counts, entered)
            for seat, v in points.items():
                totals[seat] += v
            for seat in first:
                wins[seat] += 1
            out.append(ContestResult(pid, counts, points, first, entered))
        for e in envs:
            e.figs[name] = totals[e.seat]
            e.won[name] = wins[e.seat]
        return tuple(out)

    return run


def _decider(sheet: Sheet, players: list[SeatScore]) -> str | None:
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


def needs_pieces(sheet: Sheet, switches: Mapping[str, bool | str], players: int | None = None) -> frozenset[str]:
    """Entries read as pieces (not only counted) by what is in play: a bare count cannot stand for them."""
    categories, _ = sheet.apply(switches, players)
    on = [c for c in categories if rules.in_play(c, switches)]
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            form = next((TABLE[k] for k in x if k in TABLE), None)  # none: a contest, whose `of` reads pieces too
            if form is not None and not form.as_pieces(x):
                return
            for key in PIECE_KEYS:
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
