"""The functions of a JavaScript file and their lengths in lines, by a small scanner (no parser on
PyPI reads the page's ES2020: `??`, `?.`, regex `\\p{L}`): strings, templates, regexes and comments
are blanked, then each brace that opens a function's body is matched with the one that closes it."""

from __future__ import annotations

import re
from dataclasses import dataclass

BLOCKS = {"if", "for", "while", "switch", "catch", "with"}
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
WORDS_BEFORE_REGEX = {"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw"}


@dataclass(frozen=True)
class Function:
    name: str  # "=>" for an arrow, "function" for an anonymous one
    line: int  # where its body opens
    lines: int  # from the line its body opens on to the line it closes on
    module: bool  # an arrow at a file's top level, called at once: the scope of a file's names, not a function


def _code(text: str) -> str:
    """`text` with every string, template text, regex and comment blanked (line breaks kept), so
    that braces and parentheses are code only."""
    out = list(text)
    i, n = 0, len(text)
    stack: list[str] = []  # "`" inside a template, "{" a ${ } inside one
    last = ""  # the last code character that is not a space

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if stack and stack[-1] == "`":
            if c == "\\":
                blank(i, i + 2)
                i += 2
            elif c == "`":
                stack.pop()
                i += 1
                last = "`"
            elif text.startswith("${", i):
                stack.append("{")
                i += 2
                last = "{"
            else:
                blank(i, i + 1)
                i += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2) + 2
            blank(i, j)
            i = j
        elif c in "'\"":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, j)
            i = j + 1
            last = c
        elif c == "`":
            stack.append("`")
            i += 1
        elif c == "/" and (last in REGEX_AFTER or last == "" or _word_before(text, i) in WORDS_BEFORE_REGEX):
            j, klass = i + 1, False
            while klass or text[j] != "/":
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    klass = True
                elif text[j] == "]":
                    klass = False
                j += 1
            blank(i + 1, j)
            i = j + 1
            last = "/"
        else:
            if c == "{" and stack:
                stack.append("{")
            elif c == "}" and stack and stack[-1] == "{":
                stack.pop()
            if not c.isspace():
                last = c
            i += 1
    return "".join(out)


def _word_before(text: str, i: int) -> str:
    m = re.search(r"([A-Za-z_$][\w$]*)\s*$", text[:i])
    return m.group(1) if m else ""


def functions(text: str) -> list[Function]:
    """Every function body in `text`: declarations, expressions, methods and arrows with a block."""
    code = _code(text)
    found: list[Function] = []
    opened: list[tuple[int, str | None]] = []  # each open brace: its place, and its function's name
    parens: list[int] = []
    closed_paren: dict[int, int] = {}  # a ")" -> its "("
    for i, c in enumerate(code):
        if c == "(":
            parens.append(i)
        elif c == ")":
            closed_paren[i] = parens.pop()
        elif c == "{":
            opened.append((i, _function_name(code, i, closed_paren)))
        elif c == "}":
            start, name = opened.pop()
            if name is not None:
                first = code.count("\n", 0, start) + 1
                module = name == "=>" and not opened and code[i + 1 :].lstrip().startswith(")()")
                found.append(Function(name, first, code.count("\n", 0, i) + 2 - first, module))
    return found


def _function_name(code: str, brace: int, closed_paren: dict[int, int]) -> str | None:
    """The name of the function whose body the brace opens ("=>" for an arrow), else None."""
    before = code[:brace].rstrip()
    if before.endswith("=>"):
        return "=>"
    if not before.endswith(")"):
        return None
    word = _word_before(code, closed_paren[len(before) - 1])
    if word in BLOCKS:
        return None
    return word or "function"
