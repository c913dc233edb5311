"""Parsed YAML read into frozen records by their type hints: a small, closed set of types,
checked strictly (a quoted "5" is not a number), every misfit collected with its path.

Why not a library: measured on 2026-11-26 (2 cores, `bench/startup.py`, 21 paired runs, CPU time).
msgspec 0.22 is the fastest candidate, and its import alone, with nothing converted, made
`score` of one game 0.171 s instead of 0.165 s (+6 ms; the no-op rebuild reads no record and
stays at 0.075 s), while this whole module converts City of Spies' pack in 1.6 ms (7 documents):
no conversion msgspec could speed up pays for its import. And msgspec's strict conversion
stops at the first misfit, where a pack's author wants every fault of a file at once, each at
its line. pydantic cost every command some 0.1 s of imports and class building. The messages
are our own words, the same as every other finding's ("must be a whole number (got 'five')").

    class Colour(Record):
        id: Name
        rgb: Annotated[str, Limits(pattern=r"^#[0-9a-fA-F]{6}$")]

    colour = typed.load(Colour, located)  # InputError with every finding, each at its line
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, Union, dataclass_transform, get_args, get_origin, get_type_hints

from ..errors import InputError, written
from .yamlsrc import Located

T = TypeVar("T")
Path_ = tuple[str | int, ...]


@dataclass_transform(frozen_default=True, kw_only_default=True)
class Record:
    """A frozen dataclass read from a mapping; a key it does not name is refused."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)


@dataclass(frozen=True)
class Limits:
    """Bounds of a number, or of a text's or a list's length; a pattern a whole text matches."""

    ge: float | None = None
    gt: float | None = None
    le: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None

    def __post_init__(self) -> None:
        # `$` would let a final newline through: the whole text must match
        assert self.pattern is None or (self.pattern.startswith("^") and self.pattern.endswith("$"))

    def problem(self, value: Any) -> str | None:
        """What is wrong with `value`, or None."""
        if isinstance(value, (int, float)):
            if self.ge is not None and not value >= self.ge:  # `not >=`: NaN fails too
                return f"must be at least {_number(self.ge)}"
            if self.gt is not None and not value > self.gt:
                return f"must be more than {_number(self.gt)}"
            if self.le is not None and not value <= self.le:
                return f"must be at most {_number(self.le)}"
            return None
        size = len(value)
        short = self.min_length is not None and size < self.min_length
        if short or (self.max_length is not None and size > self.max_length):
            bound = self.min_length if short else self.max_length
            most = "at least" if short else "at most"
            if isinstance(value, str):
                return f"must be {most} {_count(bound, 'character')} long"
            return f"must hold {most} {_count(bound, 'item')} (it holds {size})"
        if self.pattern is not None and isinstance(value, str) and not _regex(self.pattern).fullmatch(value):
            return f"must match the pattern {self.pattern}"
        return None


@dataclass(frozen=True)
class Check:
    """A rule of the project's own: `problem(value)` says what is wrong, or None."""

    problem: Callable[[Any], str | None]


@dataclass(frozen=True)
class Tag:
    """A union of records told apart by the value of one key (a mission's `kind`)."""

    key: str


_SHAPES: dict[Any, tuple[type, ...]] = {list: (list, tuple), tuple: (list, tuple), dict: (dict,), Mapping: (dict,)}
_SCALARS: dict[type, str] = {int: "a whole number", float: "a number", str: "a text", bool: "true or false"}
_NUMBER = (int, float)
_BAD = object()  # a value that did not fit; its misfits are already listed


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern[1:-1])


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, include_extras=True)


@cache
def _keys(cls: type[Record]) -> dict[str, tuple[Any, bool]]:
    """A record's keys: each one's type, and whether a document must give it (it has no default)."""
    hints = _hints(cls)
    return {
        f.name: (hints[f.name], f.default is MISSING and f.default_factory is MISSING)
        for f in fields(cls)  # type: ignore[arg-type]
    }


@cache
def _by_tag(options: tuple[type[Record], ...], key: str) -> dict[str, type[Record]]:
    return {get_args(_hints(cls)[key])[0]: cls for cls in options}


def load(cls: type[T], src: Located) -> T:
    """The document as `cls`, or InputError with a located finding per misfit."""
    misfits: list[tuple[Path_, str]] = []
    value = _read(cls, src.data, (), misfits)
    if misfits:
        raise InputError([src.finding(path, message) for path, message in misfits])
    return value  # type: ignore[no-any-return]


def problem(tp: Any, value: Any) -> str | None:
    """Why `value` is not a `tp`, in the words a finding uses; None when it is one. For a
    reader of its own (records, whose shape the score sheet decides)."""
    misfits: list[tuple[Path_, str]] = []
    _read(tp, value, (), misfits)
    return misfits[0][1] if misfits else None


def _read(tp: Any, value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        return _annotated(args[0], tp.__metadata__, value, path, out)
    if origin in (Union, types.UnionType):
        return _union(args, value, path, out)
    if origin is Literal:
        if value in args and any(type(value) is type(a) for a in args):
            return value
        return _misfit(out, path, f"must be {_either(args)}", value)
    if origin in (tuple, list):
        return _sequence(origin, args, value, path, out)
    if origin in (dict, Mapping):
        return _mapping(args, value, path, out)
    if isinstance(tp, type) and issubclass(tp, Record):
        return _record(tp, value, path, out)
    if tp is Any:
        return value
    if tp in _SCALARS:  # True is an int to Python, never to a pack; a float field takes a whole number
        fits = isinstance(value, bool) if tp is bool else isinstance(value, _NUMBER if tp is float else tp)
        if fits and (tp is bool or not isinstance(value, bool)):
            return value
        return _misfit(out, path, f"must be {_SCALARS[tp]}", value)
    raise TypeError(f"typed: no reader for {tp!r}")  # a programming error, caught by the tests


def _annotated(base: Any, marks: tuple[Any, ...], value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    tag = next((m for m in marks if isinstance(m, Tag)), None)
    if tag is not None:
        return _tagged(get_args(base), tag.key, value, path, out)
    origin = get_origin(base) or base
    # a length is checked before a million items are read; a value of the wrong shape is left
    # to the reader, which names its type (a list is not a "List too long" for a text)
    if isinstance(value, _SHAPES.get(origin, ())):
        for limit in (m for m in marks if isinstance(m, Limits)):
            if problem := limit.problem(value):
                return _misfit(out, path, problem, value)
    read = _read(base, value, path, out)
    if read is _BAD:
        return _BAD
    for mark in marks:
        problem = mark.problem(read) if isinstance(mark, (Limits, Check)) else None
        if problem:
            out.append((path, problem if isinstance(mark, Check) else f"{problem} (got {written(value)})"))
            return _BAD
    return read


def _union(args: tuple[Any, ...], value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    if value is None and type(None) in args:
        return None
    members = [a for a in args if a is not type(None)]
    for member in members[:-1]:  # the first that fits
        tried: list[tuple[Path_, str]] = []
        read = _read(member, value, path, tried)
        if not tried:
            return read
    # none fits: a mapping's misfits are a record's (each at its key), else the last member's
    shaped = next((m for m in members if isinstance(value, dict) and _is_record(m)), members[-1])
    return _read(shaped, value, path, out)


def _is_record(tp: Any) -> bool:
    base = get_args(tp)[0] if get_origin(tp) is Annotated else tp
    return isinstance(base, type) and issubclass(base, Record)


def _tagged(options: tuple[Any, ...], key: str, value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    if not isinstance(value, dict):
        return _misfit(out, path, "expected a mapping of keys to values", value)
    by_tag = _by_tag(options, key)
    if key not in value:
        out.append(((*path, key), f"missing key '{key}'"))
        return _BAD
    tag = value[key]
    if not isinstance(tag, str) or tag not in by_tag:  # found at the tag's own line, not the record's first
        out.append(((*path, key), f"unknown {key} {written(tag)}; expected {_either(tuple(by_tag))}"))
        return _BAD
    return _record(by_tag[tag], value, path, out)


def _sequence(origin: type, args: tuple[Any, ...], value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    if not isinstance(value, (list, tuple)):
        return _misfit(out, path, "must be a list", value)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            return _misfit(out, path, f"must hold exactly {len(args)} items", value)
        items = [_read(tp, item, (*path, i), out) for i, (tp, item) in enumerate(zip(args, value, strict=True))]
    else:
        items = [_read(args[0], item, (*path, i), out) for i, item in enumerate(value)]
    return _BAD if any(item is _BAD for item in items) else origin(items)


def _mapping(args: tuple[Any, ...], value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    if not isinstance(value, dict):
        return _misfit(out, path, "expected a mapping of keys to values", value)
    read: dict[Any, Any] = {}
    for key, item in value.items():
        k = _read(args[0], key, (*path, key), out)
        v = _read(args[1], item, (*path, key), out)
        read[k] = v
    return _BAD if any(k is _BAD or v is _BAD for k, v in read.items()) else read


def _record(cls: type[Record], value: Any, path: Path_, out: list[tuple[Path_, str]]) -> Any:
    if not isinstance(value, dict):
        return _misfit(out, path, "expected a mapping of keys to values", value)
    known = _keys(cls)
    before = len(out)
    for key in value:
        if key not in known:
            out.append(((*path, key), "unknown key"))
    given: dict[str, Any] = {}
    for name, (tp, required) in known.items():
        if name in value:
            given[name] = _read(tp, value[name], (*path, name), out)
        elif required:
            out.append(((*path, name), f"missing key '{name}'"))
    if len(out) > before:
        return _BAD
    try:
        return cls(**given)
    except ValueError as exc:  # a rule across keys, checked by the record itself
        out.append((path, str(exc)))
        return _BAD


def _misfit(out: list[tuple[Path_, str]], path: Path_, message: str, value: Any) -> Any:
    out.append((path, f"{message} (got {written(value)})"))
    return _BAD


def _number(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else str(bound)


def _count(n: int | None, unit: str) -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"


def _either(values: tuple[Any, ...] | list[Any]) -> str:
    """'a', 'b' or 'c'."""
    quoted = [written(v) for v in values]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
