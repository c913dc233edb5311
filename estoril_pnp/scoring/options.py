"""A score sheet's house rules (its `option` switches) given on the command line as KEY=VALUE:
each key checked against the sheet, each value against the option's values (yes/no where it
has none), and the list of them for `score --help`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import Finding, InputError
from .sheet import Sheet

YES, NO = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def house_rules(sheet: Sheet) -> dict[str, tuple[str, ...]]:
    """Each option's key and the values it takes (none: on or off)."""
    return {s["id"]: tuple(s["values"]) for s in sheet.switches if s["kind"] == "option"}


def parse_options(sheet: Sheet, given: Sequence[str]) -> dict[str, bool | str]:
    """`KEY=VALUE` words as the record's `options:` would hold them; every fault named, all at once."""
    rules = house_rules(sheet)
    out: dict[str, bool | str] = {}
    problems = []
    for word in given:
        key, eq, value = word.partition("=")
        key, value = key.strip(), value.strip().lower()
        if not eq or not key:
            problems.append(f"{word!r} is not KEY=VALUE")
        elif key not in rules:
            problems.append(f"unknown option {key!r}; the score sheet's options: {', '.join(rules) or 'none'}")
        elif rules[key]:
            if value in rules[key]:
                out[key] = value
            else:
                problems.append(f"{key} must be {' or '.join(rules[key])} (got {value!r})")
        elif value in YES or value in NO:
            out[key] = value in YES
        else:
            problems.append(f"{key} must be yes or no (got {value!r})")
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
