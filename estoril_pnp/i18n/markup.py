"""The markup of every text a pack shows: one syntax, one parser, for cards, both rulebooks and the
score page.

    **bold**   *italic*   [coin] an inline icon (a concept of the layouts' `icons:`, or an icon
    name with a slash, [game/coin])   a newline breaks the line   \\* \\[ \\\\ a literal *, [ or \\

An asterisk marks only where it can: an opening one is followed by a letter, not a space, and a
closing one follows a letter (as in CommonMark), so "items marked * are reusable" keeps its star.
A fault (a bold never closed, a bracket that names nothing) is reported, and the text is still
set: the unmatched marks print as written. Nothing here knows fonts or icons' files; the drawing
stages map a `Run`'s weight to a face and an `Icon`'s name to its SVG.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

ESCAPABLE = "*[]\\"
ICON_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_./-]*$")
MARKS = re.compile(r"[*\[\]\\\n]")  # a text without these is plain: set as it always was


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Icon:
    name: str  # as written: a concept (coin) or an icon name (game/coin)


@dataclass(frozen=True)
class Break:
    """A line break: a newline in the text."""


Span = Run | Icon | Break


@dataclass(frozen=True)
class Marked:
    spans: tuple[Span, ...]
    faults: tuple[str, ...] = ()  # each a message, to be located by the caller (file, line, key, language)

    @property
    def icons(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.spans if isinstance(s, Icon))

    @property
    def bold(self) -> tuple[str, ...]:
        """The bold words, each run as written: what a translation is expected to mark too."""
        return tuple(s.text.strip() for s in self.spans if isinstance(s, Run) and s.bold and s.text.strip())

    @property
    def plain(self) -> str:
        """The letters alone: no marks, an icon as nothing, a break as a newline."""
        return "".join(s.text if isinstance(s, Run) else "\n" if isinstance(s, Break) else "" for s in self.spans)

    def is_plain(self, text: str) -> bool:
        """Whether `text` says only its letters and line breaks: set as plain text, as it always was."""
        return (
            not self.faults
            and self.plain == text
            and not any(isinstance(s, Run) and (s.bold or s.italic) for s in self.spans)
        )


def has_marks(text: str) -> bool:
    return bool(MARKS.search(text))


@cache
def parse(text: str) -> Marked:
    """The text's runs, icons and breaks, and its faults."""
    tokens, faults = _tokens(text)
    styled = _pair(tokens, faults)
    return Marked(_merged(styled), tuple(faults))


# a token: ("text", str) | ("icon", name) | ("break", "") | ("mark", "**" or "*", can_open, can_close)
Token = tuple


def _tokens(text: str) -> tuple[list[Token], list[str]]:
    out: list[Token] = []
    faults: list[str] = []
    i, n = 0, len(text)
    buf = ""
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] in ESCAPABLE:
            buf += text[i + 1]
            i += 2
        elif ch == "\n":
            out += [("text", buf), ("break", "")]
            buf, i = "", i + 1
        elif ch == "[":
            end = text.find("]", i + 1)
            name = text[i + 1 : end] if end > 0 else ""
            if end < 0 or "\n" in name or "[" in name:
                faults.append("a '[' that is never closed: an icon is written [name], a bracket \\[")
                buf += ch
                i += 1
            elif not ICON_NAME.match(name) or "//" in name or name.endswith("/"):
                faults.append(f"[{name}] is no icon name: an icon is written [coin] or [game/coin], a bracket \\[")
                buf += text[i : end + 1]
                i = end + 1
            else:
                out += [("text", buf), ("icon", name)]
                buf, i = "", end + 1
        elif ch == "]":
            faults.append("a ']' with no '[' before it: a bracket is written \\]")
            buf += ch
            i += 1
        elif ch == "*":
            run = 3 if text.startswith("***", i) else 2 if text.startswith("**", i) else 1
            before = text[i - 1] if i > 0 else " "
            after = text[i + run] if i + run < n else " "
            can_open, can_close = not after.isspace(), not before.isspace()
            # ***both***: bold outside italic, so the closing run closes the italic first
            marks = {1: ["*"], 2: ["**"], 3: ["*", "**"] if can_close else ["**", "*"]}[run]
            out += [("text", buf), *(("mark", m, can_open, can_close) for m in marks)]
            buf, i = "", i + run
        else:
            buf += ch
            i += 1
    out.append(("text", buf))
    return [t for t in out if t != ("text", "")], faults


def _pair(tokens: list[Token], faults: list[str]) -> list[tuple[Token, bool, bool]]:
    """Each token with the bold and italic in force at it; an unmatched mark becomes its own text."""
    opened: list[int] = []  # indexes of marks still open
    partner: dict[int, int] = {}
    for i, token in enumerate(tokens):
        if token[0] != "mark":
            continue
        _, mark, can_open, can_close = token
        match = next((j for j in reversed(opened) if tokens[j][1] == mark), None)
        if match is not None and can_close:
            opened = opened[: opened.index(match)]  # marks opened inside and never closed stay literal
            partner[match], partner[i] = i, match
        elif can_open:
            opened.append(i)
    for j in opened:
        what = "bold" if tokens[j][1] == "**" else "italic"
        faults.append(f"a {what} '{tokens[j][1]}' that is never closed (a literal asterisk is written \\*)")
    out: list[tuple[Token, bool, bool]] = []
    bold = italic = False
    for i, token in enumerate(tokens):
        if token[0] == "mark" and i in partner:
            if token[1] == "**":
                bold = partner[i] > i
            else:
                italic = partner[i] > i
            continue
        out.append((("text", token[1]) if token[0] == "mark" else token, bold, italic))
    return out


def _merged(styled: list[tuple[Token, bool, bool]]) -> tuple[Span, ...]:
    spans: list[Span] = []
    for token, bold, italic in styled:
        kind = token[0]
        if kind == "icon":
            spans.append(Icon(token[1]))
        elif kind == "break":
            spans.append(Break())
        elif spans and isinstance(spans[-1], Run) and (spans[-1].bold, spans[-1].italic) == (bold, italic):
            spans[-1] = Run(spans[-1].text + token[1], bold, italic)
        else:
            spans.append(Run(token[1], bold, italic))
    return tuple(spans)
