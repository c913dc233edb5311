"""Every value a sheet can compute, bounded by interval arithmetic before any record is scored
(docs/score-sheet.md, "Bounds, proved at validate"): a value that could leave ±2**53 would be
computed differently by Python's integers and the page's JavaScript numbers, so such a sheet is
refused where the value is written.

Ranges are pairs of integers, clamped to ±2**62 so that a hostile chain of products costs no
more than a friendly one; anything beyond ±2**53 is already refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .forms import IT, MAX_LIST, PLAYERS, ROUND, TABLE, TOTAL, evaluate_num, form_of
from .forms.bound import Range, hull

SAFE = 2**53
_CLAMP = 2**62


def _clamp(value: int) -> int:
    return max(-_CLAMP, min(_CLAMP, value))


def _r(low: int, high: int) -> Range:
    return _clamp(low), _clamp(high)


class _Bounds:
    def __init__(self, sheet: Any) -> None:
        self.sheet = sheet
        self.players = sheet.players
        self.known: dict[str, Range] = {}
        self.too_big: Range | None = None  # the first sub-value found out of bounds
        self.beyond: set[str] = set()  # names already out of bounds: what reads them is not said again
        self.tainted = False  # the value being judged reads one of them
        # every entry as any change can leave it: a change may raise a bound
        self.entries: dict[str, list[Mapping[str, Any]]] = {e["id"]: [e] for e in sheet.entries}
        for change in sheet.changes:
            for ident, keys in change["entries"].items():
                self.entries[ident].append({**self.entries[ident][0], **keys})
        self.items = {c.id: c.items for c in sheet.collections.values()}

    def num(self, value: Any) -> Range:
        # a number value grows with the player count and the round: its ends are at theirs
        rounds = (1, self.sheet.rounds) if self.sheet.rounds else (0,)
        ends = [evaluate_num(value, n, r) for n in self.players for r in rounds]
        return _r(min(ends), max(ends))

    def size(self, names: list[str]) -> int:
        """The most pieces a piece list can hold."""
        total = 0
        for name in names:
            if name == IT:
                total += sum(self.size([e]) for e, forms in self.entries.items() if forms[0]["kind"] == "pieces")
                continue
            entry = self.entries[name][0]
            pieces = sum(len(self.items[c]) for c in entry["of"])
            if entry["kind"] == "choice":
                total += 1
            elif entry["kind"] == "choices":
                total += max(self.num(_chosen_most(e, pieces))[1] for e in self.entries[name])
            elif entry["kind"] == "holders":
                total += pieces
            else:  # a list of names, or a bare count up to every piece
                total += max(MAX_LIST, pieces)
        return total

    def field(self, name: str, names: list[str]) -> Range:
        values = [p.fields[name] for c in self.items.values() for p in c if isinstance(p.fields.get(name), int)]
        return min([0, *values]), max([0, *values])

    def check(self, value: Range) -> Range:
        if self.too_big is None and (value[0] < -SAFE or value[1] > SAFE):
            self.too_big = value
        return value

    def expr(self, x: Any) -> Range:
        return self.check(self._expr(x))

    def _expr(self, x: Any) -> Range:
        if isinstance(x, (int, list)) or x in (PLAYERS, ROUND):
            return self.num(x)
        # a form of none of them is named here, never ranged as another
        return TABLE[form_of(x, TABLE)].bound(self, x)

    clamped = staticmethod(_r)

    def contest(self, category: Mapping[str, Any], patches: list[Mapping[str, Any]]) -> Range:
        prizes = [p for c in (category["contest"], *patches) for p in c.get("prizes", ())]
        if category["contest"]["over"] is not None:
            self.expr(category["contest"]["over"])
            contests = 1
        else:
            contests = self.size([category["contest"]["each"]])
        for c in (category["contest"], *patches):
            if c.get("enters") is not None:
                self.expr(c["enters"])
        ranges = [self.num(p) for p in prizes]  # a prize that counts the players: over every count the game takes
        low = sum(min(r[0], 0) for r in ranges)
        high = sum(max(r[1], 0) for r in ranges)
        return _r(contests * low, contests * high)


def _chosen_most(entry: Mapping[str, Any], pieces: int) -> Any:
    """The most pieces a `choices` entry names: its `count`, else its `most`, else every piece."""
    if entry["count"] is not None:
        return entry["count"]
    return pieces if entry.get("most") is None else entry["most"]


def _times(r: Range, k: int) -> Range:
    return _r(r[0] * k, r[1] * k)


def beyond(sheet: Any) -> Iterator[tuple[str, str]]:
    """(the name of what is written, message) for each value that can leave ±2**53."""
    b = _Bounds(sheet)
    categories = {c["id"]: c for c in sheet.categories}
    patches: dict[str, list[Mapping[str, Any]]] = {}
    for change in sheet.changes:
        for ident, keys in change["categories"].items():
            patches.setdefault(ident, []).append(keys)

    def judged(name: str, work: Any) -> Iterator[tuple[str, str]]:
        b.too_big, b.tainted = None, False
        found = work()
        if b.too_big is not None:
            b.beyond.add(name)
        if b.too_big is not None and not b.tainted:
            low, high = b.too_big
            far = high if abs(high) >= abs(low) else low
            yield name, f"can reach {float(far):.2g}, beyond ±2⁵³: Python and the score page would differ"
        return found

    for ident, x in sheet.measures.items():
        b.known[f"measure:{ident}"] = yield from judged(ident, lambda x=x: b.expr(x))
    for name in sheet.order:
        if name == TOTAL:
            b.known[TOTAL] = yield from judged(TOTAL, lambda: b.expr({"plus": [{"figure": c} for c in categories]}))
        elif name in categories:
            category = categories[name]
            if category["contest"] is not None:
                work = lambda c=category: b.contest(c, patches.get(c["id"], []))  # noqa: E731
            else:
                exprs = [category["points"], *(p["points"] for p in patches.get(name, []) if "points" in p)]
                rounds = sheet.rounds if category.get("round") else 1  # summed over the rounds
                work = lambda xs=exprs, k=rounds: b.check(_times(hull(*(b.expr(x) for x in xs)), k))  # noqa: E731
            b.known[name] = yield from judged(name, work)
        else:
            b.known[name] = yield from judged(name, lambda x=sheet.figures[name]: b.expr(x))
    for end in sheet.outcome["ends"]:
        yield from judged(f"end:{end['id']}", lambda x=end["met"]: b.expr(x))
    for check in sheet.checks:
        if check["all"] is not None:  # summed over every seat
            x = {"times": [check["all"], sheet.players[1]]}
        else:
            x = check["each"] if check["each"] is not None else check["seats"]
        yield from judged(f"check:{check['id']}", lambda x=x: b.expr(x))
