"""Mutations of valid records and pack files, and the judge of what the CLI did with them.

Plain functions of a `random.Random`: hypothesis drives them in test_fuzz.py (through
`st.randoms`, so failures shrink), and a script can drive them with a seed for long runs.
"""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import yaml
from typer.testing import Result

ALIAS_BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)

HOSTILE_TEXTS = [
    "",
    " ",
    "[/bold]",
    "[bold red]x[/]",
    ":smile:",
    "\x1b[2J\x1b[H",
    "\x1b]0;title\x07",
    "\x9b31m",
    "\u202eevil",
    "a\nerror: forged",
    "\r",
    "\x00",
    "{hand_limit.__class__}",
    "{",
    "~",
    "null",
    "0x10",
    "1e3",
    "2016-13-45",
    "yes",
    "../../etc/passwd",
    "Araújo",
    "🂡",
    "\ud800",  # a lone surrogate
    "garbo",
    "red",
    "most_assassin",
    "secret_missions",
    "hans_r",
    "Zsa Zsa G.",
]

INSERTS = [
    b"\x00",
    b"\x07",
    b"\x1b",
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\r",
    b"\t",
    b"&a ",
    b"*a",
    b"!!python/object/apply:os.system ['true'] ",
    b"!!binary ",
    b"!!set ",
    b"<<: ",
    b"{",
    b"}",
    b"[",
    b"]",
    b"- ",
    b": ",
    b"? ",
    b"'",
    b'"',
    b"#",
    b"|",
    b">",
    b"%YAML 1.1\n",
    b"---\n",
    b"...\n",
    b"\n",
    b"  ",
    b"\\",
    b"\\e",
    b"\\x9b",
    b'"\\uD800"',
    b"-1",
    b"99999999999999999999999",
    b".inf",
    b".nan",
    b"0b_",
    b"2016-13-45",
]


# Plausible values: a record stays legal often enough that scoring itself is fuzzed too.
PLAUSIBLE = [
    *("garbo", "hans_r", "Zsa Zsa G.", "luciano", "elizabeth", "otto_m", "nora_s", "s_smith", "amelia", "salazar"),
    *("red", "green", "blue", "yellow", "Red", "white"),
    *("most_assassin", "strongest", "Other Nations", "women", "most_germans", "most_diplomat", "Seducers"),
    *("secret_missions", "secret_recruitment", "important_second_place", "down", "up", True, False),
    *(0, 1, 2, 6, 7, 12, 26, 27, 33),
]


def plausible_value(rng: random.Random) -> Any:
    if rng.random() < 0.2:
        return rng.sample(PLAUSIBLE[:10], rng.randint(0, 7))
    return rng.choice(PLAUSIBLE)


def tweak(data: Any, rng: random.Random) -> Any:
    """One to three values changed for others of their type: a number nudged, a text swapped with another."""
    leaves = [p for p in _paths(data) if p and not isinstance(_parent(data, p)[p[-1]], (dict, list))]
    texts = [_parent(data, p)[p[-1]] for p in leaves if isinstance(_parent(data, p)[p[-1]], str)]
    numbers = [p for p in leaves if isinstance(_parent(data, p)[p[-1]], int)]
    if numbers and rng.random() < 0.7:  # numbers first: a swapped name breaks a record's card-once rules
        leaves = numbers
    for path in rng.sample(leaves, min(len(leaves), rng.randint(1, 3))):
        parent, last = _parent(data, path), path[-1]
        value = parent[last]
        if isinstance(value, bool):
            parent[last] = not value
        elif isinstance(value, int):
            parent[last] = max(0, rng.choice([value - 1, value + 1, value * 2, 0, 1, rng.randint(0, 99)]))
        elif isinstance(value, str) and texts:
            parent[last] = rng.choice(texts)
    return data


def hostile_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of a wrong type, size or content."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([0, -1, 1, 7, 33, 34, 100, 2**31, 2**63, -(2**63), 10 ** rng.randint(2, 400)])
    if kind == 1:
        return rng.choice([float("inf"), float("-inf"), float("nan"), 1e308, 0.5, -0.0, 1e-300])
    if kind == 2:
        return rng.choice([True, False, None])
    if kind in (3, 4):
        return rng.choice(HOSTILE_TEXTS)
    if kind == 5:
        return rng.choice(["x" * n for n in (100, 10_001)] + [rng.choice(HOSTILE_TEXTS) * rng.randint(2, 50)])
    if kind == 6:  # long lists only at the top, so a mutation stays a few thousand values at most
        return [hostile_value(rng, depth + 1) for _ in range(rng.choice([0, 1, 3, 7, 70] if depth == 0 else [0, 1, 3]))]
    if kind == 7:
        return {rng.choice(["a", "colour", "hand", "kind", 1, "x" * 40]): hostile_value(rng, depth + 1)}
    nested: Any = rng.choice(HOSTILE_TEXTS)
    for _ in range(rng.choice([5, 31, 40])):
        nested = [nested]
    return nested


def _small(data: Any, budget: int = 20_000) -> bool:
    """Whether `data` has at most `budget` values once aliases are expanded (an alias bomb has billions)."""
    stack = [data]
    while stack:
        budget -= 1
        if budget < 0:
            return False
        item = stack.pop()
        stack += item.values() if isinstance(item, dict) else item if isinstance(item, list) else []
    return True


def _paths(data: Any, at: tuple = ()) -> Iterator[tuple]:
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*at, i))


def _parent(data: Any, path: tuple) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def mutate_structure(data: Any, rng: random.Random) -> Any:
    """Drops a key, swaps a value's type, duplicates a list item, or puts a hostile or plausible value anywhere."""
    paths = [p for p in _paths(data) if p]
    if not paths:
        return hostile_value(rng)
    path = rng.choice(paths)
    parent, last = _parent(data, path), path[-1]
    move = rng.randrange(8)
    if move >= 5:
        parent[last] = plausible_value(rng)
        return data
    if move == 0 and isinstance(parent, dict):
        del parent[last]
    elif move == 1 and isinstance(parent, list):
        parent.insert(last, parent[last])
    elif move == 2:
        parent[last] = [parent[last]] if rng.random() < 0.5 else {"value": parent[last]}
    elif move == 3 and isinstance(parent, dict):
        parent[rng.choice(["extra", "x" * 10_001, "\x1b[31m", "<<", 1])] = hostile_value(rng)
    else:
        parent[last] = hostile_value(rng)
    return data


def dump(data: Any, rng: random.Random) -> str:
    """YAML in block or flow style, or JSON: the ways a record or pack is written."""
    style = rng.randrange(3)
    if style == 2:
        try:
            return json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True)
        except (TypeError, ValueError):
            pass
    return yaml.safe_dump(data, allow_unicode=rng.random() < 0.5, default_flow_style=style == 1, sort_keys=False)


def _lines(text: bytes, rng: random.Random) -> bytes:
    lines = text.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    move = rng.randrange(6)
    if move == 0:
        del lines[i]
    elif move == 1:  # a duplicate line: a duplicate key, or a duplicate list item
        lines.insert(i, lines[i])
    elif move == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif move == 3:
        lines[i] = b" " * rng.choice([1, 2, 4]) + lines[i]
    elif move == 4:
        lines[i] = lines[i].lstrip()
    else:
        lines.insert(i, lines[j])
    return b"\n".join(lines)


def _bytes(text: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(text) + 1)
    move = rng.randrange(4)
    if move == 0:
        return text[:at] + rng.choice(INSERTS) + text[at:]
    if move == 1:
        return text[:at] + text[at + rng.randint(1, 20) :]
    if move == 2:
        return text[:at] + bytes([rng.randrange(256)]) + text[at + 1 :]
    return text[:at]  # cut short


def _whole(text: bytes, rng: random.Random) -> bytes:
    move = rng.randrange(6)
    if move == 0:
        return ALIAS_BOMB.encode() + text
    if move == 1:
        encoding = rng.choice(["utf-16", "utf-32", "latin-1", "utf-8-sig"])
        return text.decode("utf-8", "replace").encode(encoding, "replace")
    if move == 2:
        return text + b"\nextra: &x [1, 2]\nmore: *x\n"
    if move == 3:
        return b"[" * rng.choice([33, 1000, 100_000]) + text
    if move == 4:
        return text * rng.choice([2, 3, 2_200_000 // max(len(text), 1) + 1])  # the last passes the 2 MiB limit
    return text + b"\n" + text  # every key twice


def mutate(text: str, rng: random.Random) -> bytes:
    """One to three mutations of a valid file, of its bytes, lines, values or structure.

    A third of the time only plausible values change, so that deeper stages (scoring, laying
    out the pieces) see many inputs that pass the first checks.
    """
    if rng.random() < 0.35:
        return dump(tweak(yaml.safe_load(text), rng), rng).encode()
    out = text.encode()
    for _ in range(rng.randint(1, 3)):
        layer = rng.randrange(10)
        if layer < 4 and len(out) < 50_000:  # re-reading a grown file would cost the fuzzer, not the tool
            try:
                data = yaml.safe_load(out.decode())
            except (yaml.YAMLError, UnicodeDecodeError, RecursionError):
                data = None
            if data is not None and _small(data):
                out = dump(mutate_structure(data, rng), rng).encode("utf-8", "surrogatepass")
                continue
        if layer < 6:
            out = _lines(out, rng)
        elif layer < 9:
            out = _bytes(out, rng)
        else:
            out = _whole(out, rng)
    return out


class Hang(BaseException):
    """The command ran past its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(*_: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(result: Result, allowed: tuple[int, ...]) -> str:
    """'ok', 'findings' or 'refused' (exit 0, 1, 2) if the CLI behaved; else why it did not."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"crash: {type(result.exception).__name__}: {result.exception}"[:300]
    if result.exit_code not in allowed:
        return f"exit {result.exit_code}"
    if "Traceback" in result.output:
        return "traceback in the output"
    stderr = result.stderr.splitlines()
    if result.exit_code == 2 and (not stderr or not all(line.startswith("error: ") for line in stderr)):
        return f"exit 2 without error lines: {result.stderr[:200]!r}"
    return {0: "ok", 1: "findings", 2: "refused"}[result.exit_code]


def run_judged(invoke: Callable[[], Result], allowed: tuple[int, ...], seconds: float = 20) -> str:
    try:
        with time_limit(seconds):
            return judge(invoke(), allowed)
    except Hang:
        return "hang"
