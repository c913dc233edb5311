"""The small checks every stage of reading a sheet makes (docs/score-sheet.md): a key, a name, a
catalog key, a number, a list within its limit; each fault a finding at its file, line and key,
collected in the order the sheet is read. A name written but refused is remembered (`broken`) so
that what refers to it is no second fault."""

from __future__ import annotations

import re
from collections.abc import Collection as Collection_
from collections.abc import Mapping
from typing import Any

from ...errors import Finding, written
from ...i18n.folding import near
from ...source.yamlsrc import Located, Path_
from ..forms import PLAYERS, ROUND, Num, evaluate_num
from ..forms.check import MAX_PARTS
from .keys import ID, KEY, LIMIT


def closest(word: Any, choices: Collection_[str]) -> str | None:
    """What a misspelt name may have meant: the closest of `choices`, if one is close."""
    close = near(str(word), list(choices))
    return close[0] if close else None


def meant(word: Any, choices: Collection_[str]) -> str:
    """The hint "; did you mean …?" for a misspelt name, else nothing."""
    close = closest(word, choices) if isinstance(word, str) else None
    return f"; did you mean {close!r}?" if close else ""


def as_words(ident: str) -> str:
    """An id as the words a display shows when no catalog names it: "open_stalls" → "open stalls"."""
    return ident.replace("_", " ").replace("-", " ")


def written_id(raw: Any) -> Any:
    return raw.get("id") if isinstance(raw, dict) else None


class Checks:
    """The findings of one sheet, and the checks that make them."""

    def __init__(self, src: Located, numbers: Mapping[str, int]) -> None:
        self.src = src
        self.model_numbers = numbers
        self.findings: list[Finding] = []
        self.numbers: dict[str, int] = {}  # the sheet's own `numbers:`
        self.broken: set[str] = set()  # names written but refused: a reference to one is no second fault
        self.unwritten: dict[str, str] = {}  # Sheet.unwritten
        self.rounds: int | None = None  # `rounds: {count}`: how many rounds a game has, if it has rounds
        self.round_on = False  # reading a round entry, category or check: `round` is a number there
        self.rounds_refused = False  # `rounds:` is written but refused: what is per round is no second fault
        self.seat_counts: range = range(0)  # the player counts the sheet's `players:` allows, once read
        self.change_counts: range = range(0)  # the player counts the change being read applies to

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
        self.unwritten[default] = as_words(ident)
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
                close = closest(key, allowed)
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
        if isinstance(value, str) and ID.fullmatch(value):
            return value
        self.fault(path, f"must be a plain name ([a-z0-9][a-z0-9_-]*, at most 64 characters), got {written(value)}")
        return None

    def key(self, value: Any, path: Path_) -> str | None:
        if value is None:
            return None
        if isinstance(value, str) and KEY.fullmatch(value):
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
            if value == ROUND and players and self.round_on:
                return ROUND
            if value in self.numbers:
                return self.numbers[value]
            if value in self.model_numbers:
                return self.model_numbers[value]
            if value == ROUND:
                self.fault(path, "'round' is the index of a round: only a round entry, category or check reads it")
                return None
            known = ", ".join(sorted({*self.numbers, *self.model_numbers})) or "none"
            self.dangling(path, value, f"unknown number {written(value)}; the pack's numbers: {known}")
            return None
        return self.literal(value, path, least)

    def in_round(self, spec: Mapping[str, Any], at: Path_, what: str) -> bool:
        """Whether an entry, category or check is one per round (`round: true`); a sheet without
        `rounds:` has no rounds to repeat it in."""
        if "round" not in spec or spec["round"] is False:
            return False
        self.flag(spec["round"], (*at, "round"))  # a misspelt true is still read as meant: no echoes
        if self.rounds is None and not self.rounds_refused:
            self.fault((*at, "round"), f"{what} per round needs 'rounds: {{count: N}}' at the top of the sheet")
        return True

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
