"""A finished game's record (YAML or JSON) checked against a score sheet -> Played.

Every bound comes from the sheet and its pieces: the player counts, each entry's kind and
limits, how often a piece can be named (`once`), how many pieces exist, the switches' player
counts. Every fault is one located finding; a record that passes can be scored.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from ..errors import Finding, InputError, written
from ..i18n.answers import record_words
from ..i18n.catalogs import fill
from ..i18n.folding import fold, near
from ..source import typed, yamlsrc
from ..source.typed import Limits
from ..source.yamlsrc import Located, Path_
from . import rules
from .calc import Played, needs_pieces, score
from .forms import MAX_LIST
from .seats import Seat, place, seats
from .sheet import Piece, Sheet, evaluate_num

STDIN = "-"
MAX_PLAYERS = 16
MAX_NAME = 100  # characters in a player's name


class Unresolved(ValueError):
    """A typed name that names no one piece, with its parts, so a caller can say it in the player's language.
    `str()` is the English message record files report."""

    def __init__(self, message: str, what: str, text: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.what, self.text = what, text
        self.candidates = candidates  # ids


class UnknownName(Unresolved):
    """Names nothing; `candidates` are close spellings (perhaps none)."""


class AmbiguousName(Unresolved):
    """Fits more than one piece; `candidates` are all it fits."""


@dataclass(frozen=True)
class Names:
    """Resolves what a player types (id, printed name or an unambiguous part of it) to an id."""

    what: str
    shown: Mapping[str, str]  # id -> how it is printed, for messages and candidate lists
    aliases: Mapping[str, frozenset[str]]  # folded alias -> ids
    own: Mapping[str, frozenset[str]]  # folded id and printed name -> ids: what a spelling may be close to

    @classmethod
    def of(cls, what: str, entries: Iterable[tuple[str, str, Iterable[str]]]) -> Names:
        """`entries`: (id, printed name, further aliases, such as its names in other languages)."""
        shown: dict[str, str] = {}
        aliases: dict[str, set[str]] = {}
        own: dict[str, set[str]] = {}
        for ident, printed, more in entries:
            shown[ident] = printed
            for alias in (ident, printed, *more):
                aliases.setdefault(fold(alias), set()).add(ident)
            for alias in (ident, printed):
                own.setdefault(fold(alias), set()).add(ident)
        return cls(
            what,
            shown,
            {k: frozenset(v) for k, v in aliases.items() if k},
            {k: frozenset(v) for k, v in own.items() if k},
        )

    def matches(self, text: str) -> list[str]:
        key = fold(text)
        if key in self.aliases:
            found: Iterable[str] = self.aliases[key]
        else:
            found = {i for alias, ids in self.aliases.items() if key and key in alias for i in ids}
        return sorted(found, key=list(self.shown).index)

    def label(self, ident: str) -> str:
        printed = self.shown[ident]
        return printed if fold(printed) == fold(ident) else f"{printed} ({ident})"

    def printed(self, ident: str) -> str:
        """The name as printed; the id beside it only where another piece is printed the same."""
        twins = [i for i, name in self.shown.items() if fold(name) == fold(self.shown[ident])]
        return self.label(ident) if len(twins) > 1 else self.shown[ident]

    def resolve(self, text: str) -> str:
        """The one id `text` names, else Unresolved saying what was meant or could be."""
        found = self.matches(text)
        if len(found) == 1:
            return found[0]
        if found:
            message = f"{self.what} {written(text)} is ambiguous: {', '.join(map(self.label, found))}"
            raise AmbiguousName(message, self.what, text, tuple(found))
        close = self.closest(text)
        hint = f"; did you mean {' or '.join(map(self.label, close))}?" if close else ""
        raise UnknownName(f"unknown {self.what} {written(text)}{hint}", self.what, text, tuple(close))

    def closest(self, text: str) -> list[str]:
        """Up to three ids whose id or printed name looks like `text` (a typo, a misremembered
        spelling). Other languages' names are matched whole or in part, never as a spelling:
        Portuguese "roxo" (purple) is not Spanish "rojo" (red) mistyped."""
        close = near(fold(text), list(self.own), 6)
        return list(dict.fromkeys(i for alias in close for i in sorted(self.own[alias])))[:3]


def names(
    sheet: Sheet, collections: Iterable[str], catalogs: Mapping[str, Mapping[str, str]], what: str, lang: str = "en"
) -> Names:
    """The pieces of `collections` as a record may name them: id, printed name in any language."""

    def entry(p: Piece) -> tuple[str, str, list[str]]:
        if p.name_key is None:
            return p.id, p.name, []
        printed = catalogs.get(lang, {}).get(p.name_key) or catalogs.get("en", {}).get(p.name_key) or p.name
        return p.id, printed, [c[p.name_key] for c in catalogs.values() if c.get(p.name_key)]

    return Names.of(what, (entry(p) for c in collections for p in sheet.collections[c].items))


def variant_names(sheet: Sheet, catalogs: Mapping[str, Mapping[str, str]], printed: Callable[[str], str]) -> Names:
    """The sheet's variants as a record or an answer may name them: id, or label in any language;
    `printed` gives the label as messages show it (the id where it has no words)."""
    variants = [s for s in sheet.switches if s["kind"] == "variant"]
    return Names.of(
        "variant",
        (
            (v["id"], printed(v["label"]) or v["id"], [c[v["label"]] for c in catalogs.values() if c.get(v["label"])])
            for v in variants
        ),
    )


def read(
    sheet: Sheet, source: str, overrides: Mapping[str, Any], catalogs: Mapping[str, Mapping[str, str]] | None = None
) -> Played:
    """The record in file `source` (`-`: standard input), or InputError naming every fault."""
    if source == STDIN:
        src = yamlsrc.read_stream(getattr(sys.stdin, "buffer", None), "<stdin>", aliases=False)
    else:
        src = yamlsrc.read(Path(source), aliases=False)
    return parse(sheet, src, overrides, catalogs or {})


def parse(
    sheet: Sheet, src: Located, overrides: Mapping[str, Any], catalogs: Mapping[str, Mapping[str, str]]
) -> Played:
    check = _Check(sheet, src, catalogs)
    played = check.record(src.data, overrides)
    if check.shape:  # a record of the wrong shape is refused for its shape alone
        raise InputError(check.shape)
    if check.findings or played is None:
        raise InputError(check.findings or [src.finding((), "not a game record")])
    check.sheet_checks(played)
    if check.findings:
        raise InputError(check.findings)
    return played


@dataclass
class _Check:
    sheet: Sheet
    src: Located
    catalogs: Mapping[str, Mapping[str, str]]
    findings: list[Finding] = field(default_factory=list)
    shape: list[Finding] = field(default_factory=list)  # wrong types, unknown and missing keys
    meant: set[Path_] = field(default_factory=set)  # keys a misspelt key was said to mean

    @cached_property
    def answers(self) -> dict[str, bool]:
        return record_words(self.catalogs)

    @cached_property
    def seat_names(self) -> Names:
        """The colours a record names its seats by, and a holder its seat."""
        return names(self.sheet, ["colours"], self.catalogs, "colour")

    def fault(self, path: Path_, message: str) -> None:
        self.findings.append(self.src.finding(path, message))

    def misfit(self, path: Path_, message: str) -> None:
        self.shape.append(self.src.finding(path, message))

    def keys(self, raw: Mapping[Any, Any], allowed: set[str], at: Path_) -> None:
        """Every key of `raw` is allowed; a misspelt one names the key it may have meant, which is
        then not also reported missing (`missing`)."""
        absent = sorted(allowed - set(raw))
        for key in raw:
            if not isinstance(key, str):
                self.misfit((*at, key), f"Keys should be strings (got {written(key)})")
            elif key not in allowed:
                close = near(key, absent)
                if close:
                    self.meant.add((*at, close[0]))
                    self.misfit((*at, key), f"unknown key {written(key)}; did you mean {close[0]!r}?")
                else:
                    self.misfit((*at, key), "unknown key")

    def missing(self, at: Path_, key: str, message: str | None = None) -> None:
        """Key `key` of the mapping at `at` is missing: a misfit, unless a misspelling of it was reported."""
        if (*at, key) not in self.meant:
            self.misfit((*at, key), message or f"missing key {key!r}")

    def sized(self, value: Any, most: int, at: Path_) -> bool:
        """Whether `value` is a list of at most `most` items; if not, a misfit."""
        wrong = typed.problem(Annotated[list[Any], Limits(max_length=most)], value)
        if wrong:
            self.misfit(at, wrong)
        return wrong is None

    def name(self, names: Names, text: Any, at: Path_) -> str | None:
        if wrong := typed.problem(str, text):
            self.misfit(at, wrong)
            return None
        try:
            return names.resolve(text)
        except ValueError as exc:
            self.fault(at, str(exc))
            return None

    def record(self, data: Any, overrides: Mapping[str, Any]) -> Played | None:
        sheet = self.sheet
        game_entries = {e["id"] for e in sheet.entries if e["per"] == "game"}
        allowed = {"players", "variants", "options", *game_entries}
        if not isinstance(data, dict):
            self.misfit((), f"expected a mapping of keys to values (got {written(data)})")
            return None
        self.keys(data, allowed, ())
        raw_players = data.get("players")
        if "players" not in data:
            self.missing((), "players")
            raw_players = []
        elif not self.sized(raw_players, MAX_PLAYERS, ("players",)):
            raw_players = []
        n = len(raw_players)
        low, high = sheet.players
        if not low <= n <= high:
            seats = ("team" if sheet.teams else "player") + ("" if n == 1 else "s")
            size = f"exactly {low}" if low == high else f"{low} to {high}"
            self.fault(("players",), f"{n} {seats}; the game takes {size}")
        switches = self.switches(data, n, overrides)
        _, entries = sheet.apply(switches, n)
        players = [self.player(raw, ("players", i), entries, switches, n) for i, raw in enumerate(raw_players)]
        self.once([(("players", i, "colour"), p.id) for i, p in enumerate(players)], "colour")
        values = {}
        for entry in entries:
            if entry["per"] == "game" and self.wanted(entry, data, (), switches):
                values[entry["id"]] = self.value(
                    entry, data.get(entry["id"]), (entry["id"],), n, [p.id for p in players]
                )
        self.pieces_once(players, values, entries)
        self.enough_exist(players, entries)
        self.lists_given(players, values, entries, switches)
        return Played(tuple(players), values, switches)

    def switches(self, data: Mapping[str, Any], n: int, overrides: Mapping[str, Any]) -> dict[str, bool | str]:
        sheet = self.sheet
        out = sheet.defaults()
        known = variant_names(sheet, self.catalogs, self.text)
        raw = data.get("variants", [])
        if not self.sized(raw, 2 * len(known.shown), ("variants",)):  # each at most twice, by id and by name
            raw = []
        for i, text in enumerate(raw):
            found = self.name(known, text, ("variants", i))
            if found:
                out[found] = True
                self.players_allow(sheet.switch(found), n, ("variants", i))
        options = {s["id"]: s for s in sheet.switches if s["kind"] == "option"}
        given = data.get("options", {})
        if not isinstance(given, dict):
            self.misfit(("options",), f"expected a mapping of keys to values (got {written(given)})")
            given = {}
        self.keys(given, set(options), ("options",))
        for key, value in {**given, **overrides}.items():
            at: Path_ = ("options", key)
            option = options.get(key)
            if option is None:
                if key in overrides:  # from the command line: the record's own keys are checked above
                    known = ", ".join(options) or "none"
                    self.misfit(at, f"unknown option {written(key)}; the sheet's options: {known}")
                continue
            if wrong := typed.problem(Literal[tuple(option["values"])] if option["values"] else bool, value):
                self.misfit(at, wrong)
            else:
                out[key] = value
                if value != sheet.defaults()[key]:
                    self.players_allow(option, n, at)
        return out

    def players_allow(self, switch: Mapping[str, Any], n: int, at: Path_) -> None:
        outside = rules.players_outside(switch, n)
        if outside is not None:
            bound, players = outside
            says = "needs at least" if bound == "min" else "allows at most"
            self.fault(at, f"{switch['id']} {says} {players} players")

    def text(self, key: str | None) -> str:
        return (self.catalogs.get("en", {}).get(key) or "") if key else ""

    def player(
        self,
        raw: Any,
        at: Path_,
        entries: tuple[dict[str, Any], ...],
        switches: Mapping[str, Any],
        n: int,
    ) -> Seat:
        mine = [e for e in entries if e["per"] == "player"]
        if not isinstance(raw, dict):
            self.misfit(at, f"expected a mapping of keys to values (got {written(raw)})")
            return Seat("", None, {})
        teams = {"members"} if self.sheet.teams else set()
        self.keys(raw, {"colour", "name", *teams, *(e["id"] for e in entries if e["per"] == "player")}, at)
        colour = ""
        if "colour" not in raw:
            self.missing(at, "colour")
        else:
            # a colour not understood stays as written: two players writing it are still one colour twice
            colour = self.name(self.seat_names, raw["colour"], (*at, "colour")) or str(raw["colour"])
        name = raw.get("name")
        if name is not None and (wrong := typed.problem(Annotated[str, Limits(max_length=MAX_NAME)], name)):
            self.misfit((*at, "name"), wrong)
            name = None
        values = {}
        for entry in mine:
            if not rules.has_entry(entry, colour):
                if entry["id"] in raw:
                    sides = " and ".join(self.text(f"colour.{c}") or c for c in entry["only"])
                    self.fault((*at, entry["id"]), f"only {sides} has {entry['id']!r}")
                if rules.in_play(entry, switches):
                    values[entry["id"]] = _empty(entry, n, self.sheet.rounds or 0)
            elif self.wanted(entry, raw, at, switches):
                values[entry["id"]] = self.value(entry, raw.get(entry["id"]), (*at, entry["id"]), n, [], colour)
        return Seat(colour, name, values, self.members(raw, at))

    def members(self, raw: Mapping[str, Any], at: Path_) -> tuple[str, ...]:
        """A team's members, as many as the sheet's `teams` allows."""
        if self.sheet.teams is None:
            return ()
        low, high = self.sheet.teams
        value = raw.get("members")
        if "members" not in raw:
            self.missing(at, "members")
            return ()
        if wrong := typed.problem(
            Annotated[list[Annotated[str, Limits(max_length=MAX_NAME)]], Limits(max_length=MAX_LIST)], value
        ):
            self.misfit((*at, "members"), wrong)
            return ()
        if not low <= len(value) <= high:
            size = str(low) if low == high else f"{low} to {high}"
            self.fault((*at, "members"), f"{len(value)} members; a team has {size}")
        return tuple(value)

    def sheet_checks(self, played: Played) -> None:
        """The sheet's own checks (`checks:`), on the scored record; one finding per failing check."""
        if not self.sheet.checks:
            return
        result = score(self.sheet, played)
        n = len(played.players)
        # a finding about a seat points at its place in the record; one about all of them names the check
        at = [place(played.players, s) for s in seats(self.sheet, played.players)]
        places: list[Path_] = [("players",) if i is None else ("players", i) for i in at]
        for check in self.sheet.checks:
            if check.get("round"):  # made in every round: each seat's values, round by round
                for r, values in enumerate(zip(*result.checks[check["id"]], strict=True), start=1):
                    self.check(check, values, places, n, r)
            else:
                self.check(check, result.checks[check["id"]], places, n, 0)

    def check(self, check: Mapping[str, Any], values: tuple[int, ...], places: list[Path_], n: int, r: int) -> None:
        """One check in one round (0: a check not made round by round); the first fault it finds."""
        low = evaluate_num(check["least"], n, r) if check["least"] is not None else None
        high = evaluate_num(check["most"], n, r) if check["most"] is not None else None
        if check["each"] is not None:
            found = list(zip(places, values, strict=True))
        else:
            total = sum(values) if check["all"] is not None else sum(1 for v in values if v)
            found = [(("players",), total)]
        for at, value in found:
            if (low is not None and value < low) or (high is not None and value > high):
                words = {"value": value, "least": "" if low is None else low, "most": "" if high is None else high}
                words |= {"round": r} if r else {}
                if check["each"] is not None:
                    self.fault(at, self.says(check, words))
                else:  # about the whole record, no one place in it: the message alone (a player reads it)
                    self.findings.append(Finding(self.src.file, None, "", self.says(check, words)))
                return

    def wanted(self, entry: Mapping[str, Any], raw: Mapping[str, Any], at: Path_, switches: Mapping[str, Any]) -> bool:
        """Whether the entry is given and in play; one given out of play, or missing in play without a
        default, is a fault. A choice or holder given as null is not given."""
        ident, when = entry["id"], entry["when"]
        # null is no value: a choice, holder or number given as null is not given
        nullable = entry["kind"] in ("choice", "holder", "holders", "number")
        given = raw.get(ident) is not None if nullable else ident in raw
        if not rules.in_play(entry, switches):
            if given:
                what = f"a {ident} {entry['noun']}" if entry.get("noun") else repr(ident)
                self.fault((*at, ident), f"{what} needs the {when} variant")
            return False
        optional = entry["kind"] in ("holder", "holders", "yesno") or (
            entry["kind"] == "number" and entry["default"] is not None
        )
        if not given and not optional:
            if (*at, ident) in self.meant:  # a misspelling of it is the one fault
                return False
            if when:  # the switch asks for it: said where the switch's effect is felt
                self.fault(at, f"missing key {ident!r} (the {when} variant is on)")
            else:
                self.missing(at, ident)
            return False
        return True

    def value(self, entry: Mapping[str, Any], value: Any, at: Path_, n: int, playing: list[str], seat: str = "") -> Any:
        """`seat`: the colour of the seat a player's entry is for ("" for the game's, or one not understood)."""
        kind = entry["kind"]
        if kind == "yesno":  # true/false, or a yes or no word of any of the pack's languages
            meaning = (
                value if isinstance(value, bool) else self.answers.get(fold(value)) if isinstance(value, str) else None
            )
            if value is not None and meaning is None:
                self.fault(at, f"must be yes or no (got {written(value)})")
            return meaning is True
        if entry.get("round"):
            return self.rounds(entry, value, at, n)
        if kind == "number":
            if value is None:  # only an entry with a default may be left out (`wanted`)
                return rules.default(entry, n)
            low, high = rules.bounds(entry, n)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                self.fault(at, f"must be a whole number from {low} to {high} (got {written(value)})")
                return low
            return value
        if kind == "holder":
            if value is None:
                return None
            found = self.name(self.seat_names, value, at)
            if found and playing and found not in playing:
                holder = f"the {entry['noun']} holder" if entry["noun"] else "the holder"
                self.fault(at, f"{holder} {found!r} is not playing")
            return found
        what = names(self.sheet, entry["of"], self.catalogs, entry["noun"])
        if kind == "holders":
            return self.holders(entry, value, at, what, playing)
        if kind == "choice":
            found = self.name(what, value, at)
            if found in entry["except"]:
                why = entry["except_why"] or f"cannot be chosen for {entry['id']!r}"
                self.fault(at, f"{found!r} {why}")
            elif found and seat in self.seat_names.shown and not rules.may_choose(self.sheet, entry, found, seat):
                field = entry["mine"]
                its = next(c.by_id[found] for c in map(self.sheet.collections.get, entry["of"]) if found in c.by_id)
                self.fault(
                    at,
                    f"{found!r} is another seat's {entry['noun']} (its {field} is {its.fields[field]!r}, not {seat!r})",
                )
            return found
        return self.listed(entry, value, at, what, n)

    def rounds(self, entry: Mapping[str, Any], value: Any, at: Path_, n: int) -> tuple[int, ...]:
        """A round entry: a list of whole numbers, one per round, each within that round's bounds."""
        count = self.sheet.rounds or 0
        if value is None:  # given as null, or left out with a default: every round at its default
            return tuple(rules.default(entry, n, r) or 0 for r in range(1, count + 1))
        if not isinstance(value, list) or len(value) != count:
            self.misfit(at, f"must be a list of {count} whole numbers, one per round (got {written(value)})")
            return tuple(rules.bounds(entry, n, r)[0] for r in range(1, count + 1))
        out = []
        for r, v in enumerate(value, start=1):
            low, high = rules.bounds(entry, n, r)
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                self.fault((*at, r - 1), f"round {r}: must be a whole number from {low} to {high} (got {written(v)})")
                v = low
            out.append(v)
        return tuple(out)

    def holders(self, entry: Mapping[str, Any], value: Any, at: Path_, what: Names, playing: list[str]) -> Any:
        """A holder per item: {piece: seat}; a piece held by nobody is left out (or null)."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.misfit(at, f"expected a mapping of {entry['noun']}s to who holds them (got {written(value)})")
            return {}
        if len(value) > MAX_LIST:  # refused whole, never cut
            self.misfit(at, f"must hold at most {MAX_LIST} items (it holds {len(value)})")
            return {}
        out: dict[str, str] = {}
        for text, holder in value.items():
            piece = self.name(what, text, (*at, text))
            if holder is None or piece is None:
                continue
            seat = self.name(self.seat_names, holder, (*at, text))
            if piece in out:
                self.fault((*at, text), f"{entry['noun']} {piece!r} is named twice")
            elif seat and seat not in playing:
                self.fault((*at, text), f"the holder {seat!r} of {piece!r} is not playing")
            elif seat:
                out[piece] = seat
        return out

    def listed(self, entry: Mapping[str, Any], value: Any, at: Path_, what: Names, n: int) -> Any:
        if entry["kind"] == "pieces" and entry["count_ok"]:
            most = sum(len(self.sheet.collections[c].items) for c in entry["of"])
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most:
                return value
            if not _names(value):
                self.fault(
                    at,
                    f"must be a number of {entry['counted']}s (0 to {most}) or a list of {entry['listed']} "
                    f"(got {written(value)})",
                )
                return 0
        if not self.sized(value, MAX_LIST, at):
            return ()
        # "" keeps the place of a name not understood, so later messages point at the right item
        ids = tuple(self.name(what, text, (*at, j)) or "" for j, text in enumerate(value))
        most = rules.most(entry, n) if entry["kind"] == "pieces" else None
        if most is not None and len(ids) > most:
            self.fault(at, f"{len(ids)} {what.what}s {entry['where']}; the {entry['id']} limit is {most}")
        if entry["kind"] == "choices":
            low, high = rules.choosable(self.sheet, entry, n)
            if not low <= len(ids) <= high:
                # a range is said as the page says it ("at most 3"), a count as it always was ("4 expected")
                wanted = (
                    f"{low} expected" if low == high else f"at least {low}" if len(ids) < low else f"at most {high}"
                )
                why = f" ({entry['expected']})" if entry.get("expected") else ""
                self.fault(at, f"{len(ids)} {what.what}s given; {wanted}{why}")
        return ids

    def pieces_once(self, players: list[Seat], game: Mapping[str, Any], entries: tuple[dict[str, Any], ...]) -> None:
        """A piece of a `once: game` collection stands once in the record; `once: player`, once per player,
        and once in the game's own entries (a `choices` names different pieces), as the page counts them."""
        owner = rules.owners(self.sheet)
        places: list[tuple[Path_, str]] = []
        for entry in entries:
            value = game.get(entry["id"])
            places += _places((entry["id"],), value)
        per_player: list[list[tuple[Path_, str]]] = [list(places)]
        for i, p in enumerate(players):
            mine: list[tuple[Path_, str]] = []
            for entry in entries:
                if entry["per"] == "player":
                    mine += _places(("players", i, entry["id"]), p.values.get(entry["id"]))
            per_player.append(mine)
            places += mine
        for c in self.sheet.collections.values():
            if c.id == "colours" or c.once == "any":
                continue
            if c.once == "game":
                self.once([(path, x) for path, x in places if owner.get(x) is c], c.what)
            else:
                for mine in per_player:
                    self.once([(path, x) for path, x in mine if owner.get(x) is c], c.what)

    def enough_exist(self, players: list[Seat], entries: tuple[dict[str, Any], ...]) -> None:
        """No player, nor all together, can hold more pieces of some collections than exist.

        A `once: player` collection is every player's own copy; the others are shared by all.
        """
        lists = [e for e in entries if e["kind"] == "pieces" and e["per"] == "player"]
        for group in dict.fromkeys(tuple(e["of"]) for e in lists):
            same = [e for e in lists if tuple(e["of"]) == group]
            cs = [self.sheet.collections[c] for c in group]
            own, exist = rules.room(self.sheet, group, len(players))
            held = [sum(_count(p.values.get(e["id"])) for e in same) for p in players]
            noun = f"{same[0]['noun']}s" if all(e["noun"] == same[0]["noun"] for e in same) else "pieces"
            where = " and ".join(e["where"] for e in same)
            for i, n in enumerate(held):
                if n > own:
                    parts = _join(f"{len(c.items)} {'own ' * (c.once == 'player')}{c.many}" for c in cs)
                    self.fault(
                        ("players", i, same[-1]["id"]),
                        f"{n} {noun} {where}; a player can have at most {own}{parts}",
                    )
                    return
            if sum(held) > exist and all(c.once != "any" for c in cs):
                parts = _join(f"{len(c.items)} {c.many}{' each' * (c.once == 'player')}" for c in cs)
                self.fault(("players",), f"{sum(held)} {noun} {where}; {len(players)} players have only {exist}{parts}")

    def lists_given(
        self,
        players: list[Seat],
        game: Mapping[str, Any],
        entries: tuple[dict[str, Any], ...],
        switches: Mapping[str, Any],
    ) -> None:
        """A bare count cannot stand for pieces the score reads one by one (said of a player who
        gave every entry in play: one missing is the fault to mend first)."""
        read = needs_pieces(self.sheet, switches, len(players))
        by_id = {e["id"]: e for e in entries}
        mine = [e["id"] for e in entries if e["per"] == "player" and rules.in_play(e, switches)]
        for i, p in enumerate(players):
            if any(ident not in p.values for ident in mine):
                continue
            for ident, value in p.values.items():
                if ident in read and isinstance(value, int) and not isinstance(value, bool):
                    cause = self.cause(ident, switches)
                    what = by_id[ident]["listed"]
                    self.fault(("players", i, ident), f"{cause} needs {what} as a list, not a number")

    def cause(self, ident: str, switches: Mapping[str, Any]) -> str:
        """The switch that makes the score read entry `ident` piece by piece, or 'the score'."""
        defaults = self.sheet.defaults()
        for switch, value in switches.items():
            if value != defaults[switch] and ident not in needs_pieces(
                self.sheet, {**switches, switch: defaults[switch]}
            ):
                return switch
        return "the score"

    def says(self, check: Mapping[str, Any], words: Mapping[str, Any]) -> str:
        """A failing check's message in English, its placeholders filled (the sheet's numbers too)."""
        text = self.text(check["message"]) or f"the record fails the sheet's check {check['id']!r}: {{value}}"
        return fill(text, {**self.sheet.numbers, **words})  # as every text is filled: plural forms too

    def once(self, places: list[tuple[Path_, str]], what: str) -> None:
        first: dict[str, Path_] = {}
        for path, ident in places:
            if ident in first:
                self.fault(path, f"{what} {ident!r} appears twice (also at {yamlsrc.dotted(first[ident])})")
            first.setdefault(ident, path)


def _empty(entry: Mapping[str, Any], n: int, rounds: int) -> Any:
    """The value of an entry a seat does not have (`only`): nothing done, nothing held."""
    kind = entry["kind"]
    if kind == "yesno":
        return False
    if entry.get("round"):
        return tuple(rules.bounds(entry, n, r)[0] for r in range(1, rounds + 1))
    if kind == "number":
        return rules.bounds(entry, n)[0]
    return None if kind == "choice" else ()


def _names(value: Any) -> bool:
    """Whether `value` is a list of names a record may hold."""
    return isinstance(value, list) and len(value) <= MAX_LIST and all(isinstance(v, str) for v in value)


def _join(parts: Iterable[str]) -> str:
    """' (a and b)'."""
    return f" ({' and '.join(parts)})"


def _places(at: Path_, value: Any) -> list[tuple[Path_, str]]:
    if isinstance(value, str):
        return [(at, value)]
    if isinstance(value, tuple):
        return [((*at, j), x) for j, x in enumerate(value)]
    return []


def _count(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return len(value) if isinstance(value, tuple) else 0
