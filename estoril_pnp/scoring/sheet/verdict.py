"""Reading a sheet, stage 4: what follows the categories: `changes:` (what a switch changes),
`figures:`, `tallies:`, `ranking:`, `outcome:` and `checks:`."""

from __future__ import annotations

from typing import Any

from ...errors import written
from ...source.yamlsrc import Path_
from ..forms import PLAYERS, TOTAL, Expr
from ..forms.check import Where
from .exprs import ExprsReader
from .keys import ENTRY_KINDS, FIXED
from .model import default_outcome


class VerdictReader(ExprsReader):
    """The rest of the sheet, each part a value returned."""

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
                if name == PLAYERS:
                    counts = self.counts(wanted, (*at, "when", name))
                    if counts is not None:
                        when[name] = counts
                elif switch is None:
                    self.dangling((*at, "when", name), name, f"unknown switch {written(name)}")
                elif (wanted not in switch["values"]) if switch["values"] else not isinstance(wanted, bool):
                    self.fault(
                        (*at, "when", name),
                        f"must be {' or '.join(switch['values']) or 'true or false'} (got {written(wanted)})",
                    )
                else:
                    when[name] = wanted
            if not when and not (isinstance(spec["when"], dict) and spec["when"]):  # a fault inside is said already
                self.fault((*at, "when"), "must map switches (or 'players') to the values that make the change")
            change: dict[str, Any] = {"when": when, "categories": {}, "entries": {}}
            raw_when = spec["when"] if isinstance(spec["when"], dict) else {}
            self.change_counts = self.within(when.get(PLAYERS), raw_when.get(PLAYERS), (*at, "when", PLAYERS))
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

    def counts(self, value: Any, at: Path_) -> dict[str, int | None] | None:
        """A change's player counts: one count (`players: 2`) or `{min: NUM, max: NUM}`, either optional."""
        if isinstance(value, dict):
            spec = self.keys(value, at, {"min": False, "max": False}, "player counts")
            if spec is None:
                return None
            if not spec:
                self.fault(at, "must give min, max or both")
                return None
            low, high = (self.const(spec[k], (*at, k)) if k in spec else None for k in ("min", "max"))
        else:
            low = high = self.const(value, at)
            if low is None:
                return None
        if (low is not None and low < 1) or (low is not None and high is not None and low > high):
            self.fault(at, f"allows no player count (got {written(value)})")
            return None
        return {"min": low, "max": high}

    def within(self, counts: dict[str, int | None] | None, raw: Any, at: Path_) -> range:
        """The player counts a change applies to among those the sheet allows; a change for none of
        them is never made (a fault)."""
        seats = self.seat_counts
        if counts is None or not seats:
            return seats
        low = max(seats.start, counts["min"] or seats.start)
        high = min(seats.stop - 1, seats.stop - 1 if counts["max"] is None else counts["max"])
        if low > high:
            allows = f"{seats.start} to {seats.stop - 1}" if len(seats) > 1 else str(seats.start)
            self.fault(at, f"is never met: the sheet allows {allows} players (got {written(raw)})")
        return range(low, high + 1)

    def change_keys(self, part: str, target: str, keys: Any, at: Path_) -> dict[str, Any] | None:
        if part == "categories" and target in self.categories:
            category = self.categories[target]
            if category["contest"] is not None:
                before = len(self.findings)
                found = self.contest(keys, at, target, partial=True)
                if found is None:
                    return None
                merged = {**category["contest"], **found}
                both = merged["zero_wins"] is True and merged.get("enters") is not None
                if both and len(self.findings) == before and {"enters", "zero_wins"} & set(keys):  # not the base's echo
                    key = "enters" if "enters" in keys else "zero_wins"
                    self.fault(
                        (*at, key),
                        "give either 'zero_wins' (every seat enters) or 'enters' (who enters): "
                        "with this change the contest has both",
                    )
                return {k: v for k, v in found.items() if k in keys}
            spec = self.keys(keys, at, {"points": True}, "a change to a category of points")
            if spec is None:
                return None
            self.round_on = bool(self.categories[target].get("round"))  # a round category's change too
            points = self.expr(spec["points"], (*at, "points"), Where(target, False, 0))
            self.round_on = False
            return {"points": points}
        if part == "entries" and target in self.entries:
            kind = self.entries[target]["kind"]
            own = {k: False for k in ENTRY_KINDS[kind] if k not in FIXED}
            spec = self.keys(keys, at, own, f"a change to a {kind} entry")
            if spec is None:
                return None
            base = {k: v for k, v in self.entries[target].items() if v is not None}
            if kind in ("choice", "choices"):
                base["of"] = base["of"][0] if base["of"] else None
            self.round_on = bool(base.get("round"))
            before = len(self.findings)
            found = self.entry_keys(kind, {**base, **spec}, at)
            self.round_on = False
            if len(self.findings) == before and target not in self.unmeetable:  # no fault said twice
                if kind == "choices":
                    self.choosable({**base, **found}, at, self.change_counts, tuple(spec))
                elif kind == "number":
                    self.some_number({**base, **found}, at, self.change_counts, tuple(spec))
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
        if isinstance(value, str) and (value in self.categories or value in self.declared.figures or value == TOTAL):
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
            if result not in (("win", "lose") if together else ("win", "lose", "rank")):
                self.fault(
                    (*at, "result"),
                    f"must be {'win or lose' if together else 'win, lose or rank'} (got {written(result)})",
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
        allowed["round"] = False
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
            self.round_on = per_round = self.in_round(spec, at, "a check")
            check[forms[0]] = self.expr(spec[forms[0]], (*at, forms[0]), Where(None, False, 0))
            check["least"] = self.num(spec["least"], (*at, "least")) if "least" in spec else None
            check["most"] = self.num(spec["most"], (*at, "most")) if "most" in spec else None
            self.round_on = False
            check["message"] = self.key(spec["message"], (*at, "message"))
            if per_round:
                check["round"] = True  # made in every round; only where true
            out.append(check)
        return out
