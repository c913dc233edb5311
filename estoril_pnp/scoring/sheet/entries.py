"""Reading a sheet, stage 2: `switches:` (variants and options) and `entries:` (what a record
gives), each checked against the collections read before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import written
from ...source.yamlsrc import Located, Path_
from ..forms import PLAYERS, evaluate_num
from .checks import as_words, meant, written_id
from .keys import ENTRY_COMMON, ENTRY_KINDS, GAME_ONLY, PIECE_KINDS
from .model import Piece
from .pieces import PiecesReader


class EntriesReader(PiecesReader):
    """The sheet's switches (`switches`) and entries (`entries`), by id in the file's order."""

    def __init__(self, src: Located, numbers: Mapping[str, int], pieces: Mapping[str, tuple[Piece, ...]] | None):
        super().__init__(src, numbers, pieces)
        self.switches: dict[str, dict[str, Any]] = {}
        self.entries: dict[str, dict[str, Any]] = {}
        self.unmeetable: set[str] = set()  # entries whose own bounds are refused already

    def read_switches(self, value: Any) -> None:
        allowed = {"id": True, "kind": True, "values": False, "players": False, "label": False, "rule": False}
        for i, raw in enumerate(self.listed(value, ("switches",), "switches")):
            at: Path_ = ("switches", i)
            spec = self.keys(raw, at, allowed, "a switch")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(written_id(raw))
                continue
            if ident == PLAYERS:
                self.fault((*at, "id"), "'players' is the player count a change may test; name the switch otherwise")
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
                self.unwritten[f"score.variant.{ident}.value.{v}"] = as_words(v)

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
            if not isinstance(kind, str) or kind not in ENTRY_KINDS:
                self.fault(
                    (*at, "kind"),
                    f"must be one of {', '.join(ENTRY_KINDS)} (got {written(kind)}){meant(kind, ENTRY_KINDS)}",
                )
                self.refused(written_id(raw))
                continue
            spec = self.keys(raw, at, {**ENTRY_COMMON, **ENTRY_KINDS[kind]}, f"a {kind} entry")
            if spec is None or not (ident := self.ident(spec["id"], (*at, "id"))):
                self.refused(written_id(raw))
                continue
            if ident in self.entries:
                self.fault((*at, "id"), f"entry {ident!r} is defined twice")
            per = spec["per"]
            if per not in ("player", "game") or (kind in GAME_ONLY and per != "game"):
                self.fault(
                    (*at, "per"), f"must be {'game' if kind in GAME_ONLY else 'player or game'} (got {written(per)})"
                )
            ask = self.key(self.written(spec, "ask", f"score.ask.{ident}", ident), (*at, "ask"))
            per_round = written_round = self.in_round(spec, at, "an entry")
            if per_round and (kind != "number" or per != "player"):
                self.fault((*at, "round"), "only a per-player number entry is given round by round")
                per_round = False
            entry: dict[str, Any] = {
                "id": ident,
                "per": per,
                "kind": kind,
                "when": self.switch_on(spec.get("when"), (*at, "when")),
                "ask": ask,
                "label": self.key(spec.get("label", ask), (*at, "label")),
                "only": self.only(spec["only"], per, (*at, "only")) if "only" in spec else None,
            }
            self.round_on = written_round  # its bounds may depend on the round
            entry |= self.entry_keys(kind, spec, at)
            self.round_on = False
            if per_round:
                entry["round"] = True  # only where true: a sheet without rounds resolves as it always did
            if entry.get("mine") is not None and per != "player":
                self.fault(
                    (*at, "mine"), "'mine' keeps a seat's choice to its own pieces: only a 'per: player' choice has it"
                )
            elif entry.get("mine") is not None:
                self.every_seat_chooses(entry, (*at, "mine"))
            if kind in PIECE_KINDS and not entry["of"]:  # its collection is refused: so is what counts it
                self.refused(ident)
            if kind in PIECE_KINDS:
                first = self.collections[entry["of"][0]].what if entry["of"] else ident
                entry["noun"] = self.noun(spec.get("noun", first), (*at, "noun"))
            elif kind == "holder":
                entry["noun"] = self.noun(spec["noun"], (*at, "noun")) if "noun" in spec else None
            before = len(self.findings)
            if kind == "choices":
                self.how_many(spec, entry, at)
            if kind == "number":
                self.some_number(entry, at, self.seat_counts)
            if len(self.findings) > before:
                self.unmeetable.add(ident)  # said once, here: a change to it is not blamed again
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
                mine = spec.get("mine")
                out["mine"] = None if mine is None else self.mine(mine, out["of"], (*at, "mine"))
            else:
                out["count"] = self.num(spec["count"], (*at, "count"), least=0) if "count" in spec else None
                why = spec.get("expected")
                out["expected"] = None if why is None else self.numbered(why, (*at, "expected"))
                if kind == "choices" and ("count" not in spec or {"least", "most"} & set(spec)):
                    out |= self.up_to(spec, at)  # only then: a sheet of counts resolves as it always did
        return out

    def up_to(self, spec: Mapping[str, Any], at: Path_) -> dict[str, Any]:
        """A `choices` entry's `least` and `most`: a record may name that few or that many."""
        return {
            side: self.num(spec[side], (*at, side), least=0) if spec.get(side) is not None else None
            for side in ("least", "most")
        }

    def how_many(self, spec: Mapping[str, Any], entry: Mapping[str, Any], at: Path_) -> None:
        """A `choices` entry says exactly how many (`count`) or how few and how many (`least`, `most`)."""
        ranged = [k for k in ("least", "most") if k in spec]
        if ("count" in spec) == bool(ranged):
            said = f"'count' and '{ranged[0]}' together" if ranged else "neither"
            self.fault(at, f"a choices entry takes either 'count' (exactly so many) or 'least'/'most' (got {said})")
            return
        self.choosable(entry, at, self.seat_counts)

    def choosable(self, entry: Mapping[str, Any], at: Path_, counts: range, changed: tuple[str, ...] = ()) -> None:
        """A `choices` entry (as a change leaves it: `changed` names the keys the change sets) must
        allow some record for each player count in `counts`: a `count` or `least` no greater than
        its collection's pieces, a `least` no greater than its `most`. One fault, at the key."""
        if not entry.get("of"):
            return
        every = sum(len(self.collections[c].items) for c in entry["of"])
        for n in counts:
            said = "" if len(counts) == 1 or not self.counted(entry) else f" with {n} players"
            if entry.get("count") is not None:
                wanted = evaluate_num(entry["count"], n)
                if wanted > every:
                    self.fault(
                        (*at, "count"),
                        f"must be at most {every}, the pieces of {written(entry['of'][0])} (got {wanted}{said})",
                    )
                    return
                continue
            low = 0 if entry.get("least") is None else evaluate_num(entry["least"], n)
            high = None if entry.get("most") is None else evaluate_num(entry["most"], n)
            key = "least" if not changed or "least" in changed else "most"
            if low > every:
                self.fault(
                    (*at, "least"),
                    f"must be at most {every}, the pieces of {written(entry['of'][0])} (got {low}{said})",
                )
                return
            if high is not None and low > high:
                gave = (
                    f"must be at most 'most' ({high}); got {low}"
                    if key == "least"
                    else f"must be at least 'least' ({low}); got {high}"
                )
                self.fault((*at, key), gave + said)
                return

    def some_number(self, entry: Mapping[str, Any], at: Path_, counts: range, changed: tuple[str, ...] = ()) -> None:
        """A `number` entry (as a change leaves it) allows some value for each player count in
        `counts` and, for a round entry, in each round: `min` no greater than `max`, and a `default`
        between them. One fault, at the key."""
        if entry.get("min") is None or entry.get("max") is None or (entry.get("round") and self.rounds is None):
            return
        rounds = range(1, (self.rounds or 0) + 1) if entry.get("round") else range(1)
        for n in counts:
            for r in rounds:
                low, high = evaluate_num(entry["min"], n, r), evaluate_num(entry["max"], n, r)
                said = self.case(entry, counts, n, r)
                if low > high:
                    key = "max" if changed and "min" not in changed else "min"
                    gave = (
                        f"must be at most 'max' ({high}); got {low}"
                        if key == "min"
                        else (f"must be at least 'min' ({low}); got {high}")
                    )
                    self.fault((*at, key), gave + said)
                    return
                if entry.get("default") is not None and not low <= (d := evaluate_num(entry["default"], n, r)) <= high:
                    self.fault((*at, "default"), f"must be from {low} to {high}; got {d}{said}")
                    return

    def case(self, entry: Mapping[str, Any], counts: range, n: int, r: int) -> str:
        """Where a bound fails, when it depends on them: ' in round 2', ' with 4 players'."""
        keys = [entry[k] for k in ("min", "max", "default") if entry.get(k) is not None]
        by_players = len(counts) > 1 and any(evaluate_num(v, 1, r) != evaluate_num(v, 2, r) for v in keys)
        by_round = r > 0 and any(evaluate_num(v, n, 1) != evaluate_num(v, n, 2) for v in keys)
        return (f" in round {r}" if by_round else "") + (f" with {n} players" if by_players else "")

    @staticmethod
    def counted(entry: Mapping[str, Any]) -> bool:
        """Whether the entry's bounds count the players (so a fault says for how many)."""
        bounds = [entry[k] for k in ("count", "least", "most") if entry.get(k) is not None]
        return any(evaluate_num(v, 1) != evaluate_num(v, 2) for v in bounds)

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

    def every_seat_chooses(self, entry: Mapping[str, Any], at: Path_) -> None:
        """A `mine` choice leaves each seat that has it some piece to choose: one whose field is the
        seat's colour id (and not in `except`); else every record that seat plays in is refused."""
        colours = self.collections.get("colours")
        if colours is None or not entry["of"]:
            return
        field, collection = entry["mine"], entry["of"][0]
        left = [p for p in self.collections[collection].items if p.id not in entry["except"]]
        seats = entry["only"] or [c.id for c in colours.items]
        none = [s for s in seats if not any(p.fields.get(field) == s for p in left)]
        if none:
            who = ", ".join(repr(s) for s in none)
            kept = " left by 'except'" if len(left) < len(self.collections[collection].items) else ""
            self.fault(
                at,
                f"{'seat' if len(none) == 1 else 'seats'} {who} could choose nothing: no piece of "
                f"{collection!r}{kept} has the seat's colour id as its {field!r}",
            )

    def mine(self, value: Any, of: list[str], at: Path_) -> str | None:
        """A choice's `mine: FIELD`: a field every piece of its collection has, compared with the
        choosing seat's colour id."""
        if not isinstance(value, str) or not value:
            self.fault(at, f"must be a field's name (got {written(value)})")
            return None
        for c in of:
            items = self.collections[c].items
            if not items or any(value not in p.fields for p in items):
                have = ", ".join(sorted(items[0].fields)) if items else ""
                self.fault(at, f"unknown field {written(value)}: the pieces of {c!r} have {have or 'no fields'}")
                return None
        return value
