"""A rulebook template is untrusted input: it is rendered in Jinja's immutable sandbox,
reads only files of its own folder, and runs on a budget, so that whatever it says the
answer is the rendered text or a located finding, never a reach into the program, a file
outside the pack, or a hang.

The sandbox refuses attributes such as `__class__` and any change to the values passed in;
the budget bounds what the sandbox does not: loop steps (nested loops multiply), the size of
strings and numbers an operator or a call may make, and the size of the output.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from ..errors import Finding, InputError
from ..source.packfiles import PackFiles

MAX_STEPS = 100_000  # loop steps in one rendering, all loops together
MAX_TEXT = 200_000  # characters in one string (or items in one list) an operator or call may make or take
MAX_NUMBER = 10**9  # the largest number an operator or call may take
MAX_OUTPUT = 4_000_000  # characters of rendered XML
READ_LIMIT = 2 * 1024 * 1024  # bytes of a template file, as for every other file of a pack

# Filters that cannot multiply their input: the others (center, indent, format, replace,
# wordwrap, …) are left out rather than bounded one by one.
FILTERS = (
    "abs", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first", "float",
    "groupby", "int", "items", "join", "last", "length", "list", "lower", "map", "max", "min",
    "reject", "rejectattr", "reverse", "round", "select", "selectattr", "sort", "string", "sum",
    "title", "trim", "unique", "upper",
)  # fmt: skip
MAX_COMPILED = 64  # templates kept compiled in one run: a build reads a few, a hostile pack may name many
GLOBALS = ("range", "dict")  # no namespace (a loop could grow a value through it), cycler, joiner, lipsum


_COMPILED: dict[tuple[str, str | None, str | None], Any] = {}


class BudgetSpent(Exception):
    """The template asked for more than a rulebook needs."""


@dataclass
class _Budget:
    steps: int = 0

    def loop(self, iterable: Iterable[Any]) -> Iterator[Any]:
        for value in iterable:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise BudgetSpent(f"more than {MAX_STEPS:,} loop steps")
            yield value


def _weight(value: Any, limit: int = MAX_TEXT) -> int:
    """Characters and items in a value, counted only up to just past `limit` (so never slowly)."""
    total, todo = 0, [value]
    while todo and total <= limit:
        item = todo.pop()
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, list | tuple | dict):
            total += 1 + len(item)
            todo += [*item.keys(), *item.values()] if isinstance(item, dict) else list(item[: limit + 1])
        else:
            total += 1
    return total


def _check(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise BudgetSpent(f"a number larger than {MAX_NUMBER:,}")
    if isinstance(value, str | list | tuple | dict) and _weight(value) > MAX_TEXT:
        raise BudgetSpent(f"a text or list longer than {MAX_TEXT:,}")
    return value


def _times(left: Any, right: Any) -> Any:
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, str | list | tuple) and isinstance(n, int) and _weight(seq) * max(n, 0) > MAX_TEXT:
            raise BudgetSpent(f"a text or list longer than {MAX_TEXT:,}")
    return left * right


def _plus(left: Any, right: Any) -> Any:
    return _check(left + right)  # each side is within the budget, so the sum is at most twice it


def _power(left: Any, right: Any) -> Any:
    if isinstance(right, int | float) and abs(right) > 64:
        raise BudgetSpent("a power above 64")
    return _check(left**right)


def _modulo(left: Any, right: Any) -> Any:
    if isinstance(left, str):  # printf formatting can pad to any width
        raise SecurityError("'%' formatting of text is not available in a rulebook template")
    return left % right


def _guarded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose arguments and result keep to the budget; `join` and `sum` are checked
    before they run, since they can make far more than they are given."""

    @functools.wraps(function)  # keeps Jinja's marks of what the filter is passed
    def run(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()):
            _check(value)
        if name == "join":
            items = list(args[1])
            glue = args[2] if len(args) > 2 else kwargs.get("d", "")
            if _weight(items) + len(str(glue)) * len(items) > MAX_TEXT:
                raise BudgetSpent(f"a text or list longer than {MAX_TEXT:,}")
            args = (args[0], items, *args[2:])
        if name == "sum" and not isinstance(kwargs.get("start", args[3] if len(args) > 3 else 0), int | float):
            raise SecurityError("sum adds numbers only in a rulebook template")
        return _check(function(*args, **kwargs))

    return run


class _Environment(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, loader: jinja2.BaseLoader, budget: _Budget) -> None:
        super().__init__(
            loader=loader,
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.filters = {name: _guarded(name, self.filters[name]) for name in FILTERS}
        self.globals = {name: self.globals[name] for name in GLOBALS}
        self.globals["_rulebook_loop_budget"] = budget.loop

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """Every loop's iterable goes through the budget, whatever the template loops over."""
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Call(
                nodes.Name("_rulebook_loop_budget", "load", lineno=loop.lineno), [loop.iter], [], None, None,
                lineno=loop.lineno,
            )  # fmt: skip
        return tree

    def compile(  # type: ignore[override]
        self,
        source: str,
        name: str | None = None,
        filename: str | None = None,
        raw: bool = False,
        defer_init: bool = False,
    ) -> Any:
        """Compiled once per source and name: every language of a build renders the same
        templates, and Jinja's own cache is per environment (one per rendering, for its budget)."""
        if raw or defer_init:
            return super().compile(source, name, filename, raw, defer_init)
        key = (source, name, filename)
        code = _COMPILED.get(key)
        if code is None:
            code = super().compile(source, name, filename)
            if len(_COMPILED) < MAX_COMPILED:
                _COMPILED[key] = code
        return code

    def wrap_str_format(self, value: Any) -> None:
        """`str.format` is refused outright (is_safe_attribute), not run in Jinja's format sandbox."""
        return None

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, str) and attr in ("format", "format_map"):  # pads to any width before any check
            return False
        return super().is_safe_attribute(obj, attr, value)

    def call_binop(self, context: jinja2.runtime.Context, op: str, left: Any, right: Any) -> Any:
        return {"*": _times, "**": _power, "%": _modulo, "+": _plus}[op](_check(left), _check(right))

    def call(__self, __context: jinja2.runtime.Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()):
            _check(value)
        return _check(super().call(__context, __obj, *args, **kwargs))


@dataclass(eq=False)
class _Loader(jinja2.BaseLoader):
    """Templates of one folder, by bare name, each checked to stay inside it (source/packfiles.py)."""

    files: PackFiles
    folder: str
    loaded: dict[str, Path] = field(default_factory=dict)  # file shown in a traceback -> the file
    sources: dict[Path, str] = field(default_factory=dict)  # what each file read holds

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        try:
            path = self.files.path(f"{self.folder}/{template}")
        except InputError as exc:
            message = exc.findings[0].message
            named = message if template in message else f"'{template}' {message}"
            raise jinja2.TemplateNotFound(template, named) from None
        if not path.is_file():
            raise jinja2.TemplateNotFound(template, f"no template '{template}' in {self.folder}/")
        try:
            with path.open("rb") as handle:
                data = handle.read(READ_LIMIT + 1)
        except OSError as exc:
            raise jinja2.TemplateNotFound(template, f"'{template}' cannot be read ({exc.strerror})") from None
        if len(data) > READ_LIMIT:
            raise jinja2.TemplateNotFound(template, f"'{template}' is larger than {READ_LIMIT // 1024 // 1024} MiB")
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise jinja2.TemplateNotFound(template, f"'{template}' is not UTF-8 (byte {exc.start})") from None
        self.loaded[str(path)] = path
        self.sources[path] = source
        return source, str(path), lambda: False


def render(files: PackFiles, folder: str, name: str, context: Mapping[str, Any]) -> tuple[str, dict[Path, str]]:
    """`folder/name` of `files` rendered with `context`, and the source of every template file
    it read; InputError with the template's file and line for whatever it may not do."""
    budget = _Budget()
    loader = _Loader(files, folder)
    env = _Environment(loader, budget)
    main = files.root / folder / name
    try:
        out: list[str] = []
        size = 0
        for chunk in env.get_template(name).generate(**context):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise BudgetSpent(f"more than {MAX_OUTPUT:,} characters of output")
            out.append(chunk)
        return "".join(out), loader.sources
    except InputError as exc:  # raised by a function the template called (a missing catalog key)
        file, line = _where(exc.__traceback__, loader.loaded, main)
        raise InputError([_at(f, file, line) for f in exc.findings]) from None
    except jinja2.TemplateSyntaxError as exc:
        file = Path(exc.filename) if exc.filename else main
        raise InputError([Finding(file, exc.lineno, "rulebook", f"template syntax: {exc.message}")]) from None
    except (jinja2.TemplateError, BudgetSpent, RecursionError, ArithmeticError, TypeError, ValueError) as exc:
        file, line = _where(exc.__traceback__, loader.loaded, main, isinstance(exc, RecursionError))
        raise InputError([Finding(file, line, "rulebook", _message(exc))]) from None


def _message(exc: BaseException) -> str:
    if isinstance(exc, SecurityError):
        return f"refused by the sandbox: {exc}"
    if isinstance(exc, jinja2.TemplateNotFound):
        return f"cannot include: {exc.message}"
    if isinstance(exc, jinja2.UndefinedError):
        return f"undefined: {exc.message}"
    if isinstance(exc, BudgetSpent):
        return f"the template asks for too much: {exc}"
    if isinstance(exc, RecursionError):
        return "the template calls itself without end"
    return f"the template failed: {type(exc).__name__}: {str(exc)[:200]}"


def _where(
    tb: TracebackType | None, loaded: Mapping[str, Path], main: Path, recursion: bool = False
) -> tuple[Path, int | None]:
    """The template file and line the error was raised at: Jinja rewrites the traceback so a
    template's frames carry the template's own file and line numbers. For endless recursion,
    the line that calls again: the one most frames are at, not wherever the stack ran out."""
    frames: list[tuple[Path, int | None]] = []
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name in loaded:
            frames.append((loaded[name], tb.tb_lineno))
        tb = tb.tb_next
    if not frames:
        return main, None
    if recursion:
        counts = Counter(frames)
        return max(reversed(frames), key=counts.__getitem__)
    return frames[-1]


def _at(finding: Finding, file: Path, line: int | None) -> Finding:
    """A finding the template's call met (a catalog lacks a key): where the template asked."""
    return Finding(finding.file, finding.line, finding.key, f"{finding.message} ({file.name}:{line})")


def line_of(sources: Mapping[Path, str], main: Path, *needles: str) -> tuple[Path, int | None]:
    """The first template line that holds a needle (what the output complains of, such as a
    piece's key), for a fault found only once the output is read; else the main file."""
    for needle in filter(None, needles):
        for path, text in sources.items():
            for number, line in enumerate(text.splitlines(), start=1):
                if needle in line:
                    return path, number
    return main, None
