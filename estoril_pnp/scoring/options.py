"""A score sheet's house rules (its `option` switches) given on the command line as KEY=VALUE:
each key checked against the sheet, each value against the option's values (yes/no where it
has none), and the list of them for `score --help`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import Finding, InputError, written
from .sheet import Sheet

YES, NO = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def house_rules(sheet: Sheet) -> dict[str, tuple[str, ...]]:
    """Each option's key and the values it takes (none: on or off)."""
    return {s["id"]: tuple(s["values"]) for s in sheet.switches if s["kind"] == "option"}


def parse_options(sheet: Sheet, given: Sequence[str]) -> dict[str, bool | str]:
    """`KEY=VALUE` words as the record's `options:` would hold them; every fault named, all at once."""
    rules = house_rules(sheet)
    out: dict[str, bool | str] = {}
    said: dict[str, str] = {}  # each key's value as first given
    problems = []
    for word in given:
        key, eq, value = word.partition("=")
        key, value = key.strip(), value.strip().lower()
        if not eq or not key:
            problems.append(f"{written(word)} is not KEY=VALUE")
        elif key not in rules:
            problems.append(f"unknown option {written(key)}; the score sheet's options: {', '.join(rules) or 'none'}")
        elif rules[key] and value not in rules[key]:
            problems.append(f"{key} must be {' or '.join(rules[key])} (got {written(value)})")
        elif not rules[key] and value not in YES + NO:
            problems.append(f"{key} must be yes or no (got {written(value)})")
        else:
            parsed = value if rules[key] else value in YES
            if out.setdefault(key, parsed) != parsed:  # a contradiction is named, never settled by order
                problems.append(f"{key} given twice: {written(said[key])}, then {written(value)}")
            said.setdefault(key, value)
    if problems:
        raise InputError([Finding("--option", None, "", p) for p in problems])
    return out


def described(sheet: Sheet, english: Mapping[str, str]) -> list[str]:
    """One line per option for `score --help`: its key, its values and what it changes."""
    lines = []
    for key, values in house_rules(sheet).items():
        label = english.get(sheet.switch(key)["label"] or "", "")
        lines.append(f"{key}={'|'.join(values) or 'yes|no'}" + (f": {label}" if label else ""))
    return lines
