"""Fitting text into a box: wrap at spaces, shrink to a minimum size, else report.

Plain text is fitted as a string in one font. Marked text (runs in several faces, inline icons)
is fitted by the same rule, word by word: a word's width is its runs' widths in their own faces
plus its icons' widths, a space is measured in the face it is written in, and only a plain space
breaks a line, so an icon stays with the word it touches ("[coin],").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from .ops import Span, TextIcon, TextRun

PT = 25.4 / 72  # one point in millimetres: text sizes are points, everything else is mm
# what opens an item of a list: a number with its point or bracket, or a bullet; a paragraph that
# opens so hangs its wrapped lines under the words after it when its text asks to `hang`
MARK = re.compile(r"(\d{1,3}[.)]|[·•–—-])$")


@dataclass(frozen=True)
class Paragraphs:
    """How a text's paragraphs are set apart: `gap` (pt) between them, and whether a paragraph
    opening with a list mark hangs its wrapped lines under the words after the mark."""

    gap: float = 0.0
    hang: bool = False


FLAT = Paragraphs()


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: float  # points
    fits: bool  # False: even the minimum size overflows the box (it is still set at that size)
    # per line: how far it stands in from the box's left (pt), and which paragraph it belongs to
    indents: tuple[float, ...] = ()
    paragraphs: tuple[int, ...] = ()

    def height(self, leading: float, gap: float) -> float:
        """The lines' height (pt) at their size, the gaps between paragraphs included."""
        return block(len(self.lines), self.size, leading, self.paragraphs, gap)


def block(count: int, size: float, leading: float, paragraphs: Sequence[int], gap: float) -> float:
    return count * size * leading + (paragraphs[-1] if paragraphs else 0) * gap


def fit(
    text: str,
    font: str,
    width: float,
    height: float,
    size: float,
    minimum: float,
    leading: float,
    wrap: bool,
    apart: Paragraphs = FLAT,
) -> Fitted:
    """Largest size from `size` down to `minimum` (pt) at which `text` fits width × height (pt)."""
    step = 0.25
    current = size
    while True:
        set_ = _wrap(text, font, current, width, apart.hang) if wrap else [(text, 0.0, 0)]
        lines = tuple(line for line, _, _ in set_)
        indents = tuple(indent for _, indent, _ in set_)
        paragraphs = tuple(n for _, _, n in set_)
        fits_width = all(stringWidth(line, font, current) + indent <= width for line, indent, _ in set_)
        if fits_width and block(len(lines), current, leading, paragraphs, apart.gap) <= height + 0.01:
            return Fitted(lines, current, True, indents, paragraphs)
        if current - step < minimum - 1e-9:
            return Fitted(lines, current, False, indents, paragraphs)
        current -= step


def _wrap(text: str, font: str, size: float, width: float, hang: bool) -> list[tuple[str, float, int]]:
    """The lines, each with its indent (pt) and its paragraph's number."""
    lines: list[tuple[str, float, int]] = []
    for n, paragraph in enumerate(text.split("\n")):
        words = [w for w in paragraph.split(" ") if w]
        indent = stringWidth(f"{words[0]} ", font, size) if hang and len(words) > 1 and MARK.match(words[0]) else 0.0
        line, start = "", 0.0
        # only plain spaces break a line: a no-break space keeps e.g. Polish "w domu" together
        for word in words:
            trial = f"{line} {word}" if line else word
            if line and stringWidth(trial, font, size) > width - start:
                lines.append((line, start, n))
                line, start = word, indent
            else:
                line = trial
        lines.append((line, start, n))
    return lines


@dataclass(frozen=True)
class Letters:
    text: str
    font: str


@dataclass(frozen=True)
class Picture:
    icon: str  # the SVG file
    colour: str | None
    aspect: float  # width / height


Piece = Letters | Picture
Word = tuple[Piece, ...]


@dataclass(frozen=True)
class FittedMarks:
    lines: tuple[tuple[Span, ...], ...]  # widths in mm
    size: float  # points
    fits: bool
    indents: tuple[float, ...] = ()  # as `Fitted`'s
    paragraphs: tuple[int, ...] = ()


def fit_marked(
    paragraphs: Sequence[Sequence[Piece]],
    width: float,
    height: float,
    size: float,
    minimum: float,
    leading: float,
    wrap: bool,
    cap: float,
    apart: Paragraphs = FLAT,
) -> FittedMarks:
    """As `fit`, for paragraphs of runs and icons; an icon is `cap` × the size tall (cap: a
    fraction of the size, the font's cap height)."""
    step = 0.25
    current = size
    split = [_words(p) for p in paragraphs]
    while True:
        set_ = [
            (line, indent, n)
            for n, (words, gaps) in enumerate(split)
            for line, indent in _lines(words, gaps, current, width, wrap, cap, apart.hang)
        ]
        lines = [line for line, _, _ in set_]
        indents = tuple(indent for _, indent, _ in set_)
        numbers = tuple(n for _, _, n in set_)
        widths = [sum(_width(p, current, cap) for p in line) + indent for line, indent, _ in set_]
        tall = block(len(lines), current, leading, numbers, apart.gap)
        fits = all(w <= width for w in widths) and tall <= height + 0.01
        if fits or current - step < minimum - 1e-9:
            spans = tuple(_spans(line, current, cap) for line in lines)
            return FittedMarks(spans, current, fits, indents, numbers)
        current -= step


def _words(pieces: Sequence[Piece]) -> tuple[list[Word], list[str]]:
    """The paragraph's words, and between each two the font its space is written in."""
    words: list[Word] = []
    gaps: list[str] = []
    current: list[Piece] = []
    gap = ""
    for piece in pieces:
        parts: list[Piece | None] = [piece] if isinstance(piece, Picture) else []
        if isinstance(piece, Letters):
            for k, part in enumerate(piece.text.split(" ")):
                if k:  # a space ends the word; several spaces are one, as in `fit`
                    parts.append(None)
                if part:
                    parts.append(Letters(part, piece.font))
        for part in parts:
            if part is None:
                if current:
                    words.append(tuple(current))
                    current = []
                gap = piece.font if isinstance(piece, Letters) else gap
                continue
            if not current and words:
                gaps.append(gap)
            current.append(part)
    if current:
        words.append(tuple(current))
    return words, gaps


def _width(piece: Piece, size: float, cap: float) -> float:
    if isinstance(piece, Picture):
        return cap * size * piece.aspect
    return stringWidth(piece.text, piece.font, size)


def _lines(
    words: list[Word], gaps: list[str], size: float, width: float, wrap: bool, cap: float, hang: bool
) -> list[tuple[list[Piece], float]]:
    """Greedy lines of pieces, the spaces between words kept as letters of their face; each with
    its indent (pt): a wrapped line of a list item hangs under the words after its mark."""
    first = words[0] if words else ()
    marked = hang and len(words) > 1 and len(first) == 1 and isinstance(first[0], Letters) and MARK.match(first[0].text)
    indent = _width(first[0], size, cap) + _width(Letters(" ", gaps[0]), size, cap) if marked else 0.0
    lines: list[tuple[list[Piece], float]] = [([], 0.0)]
    used = 0.0
    for i, word in enumerate(words):
        w = sum(_width(p, size, cap) for p in word)
        line, start = lines[-1]
        if i and line:
            space = Letters(" ", gaps[i - 1])
            trial = used + _width(space, size, cap) + w
            if wrap and trial > width - start:
                lines.append((list(word), indent))
                used = w
                continue
            line += [space, *word]
            used = trial
        else:
            line += list(word)
            used = w
    return lines


def _spans(line: list[Piece], size: float, cap: float) -> tuple[Span, ...]:
    """The line's pieces as drawing spans in mm: neighbouring letters of one face joined."""
    out: list[Span] = []
    for piece in line:
        if isinstance(piece, Picture):
            side = cap * size * PT
            out.append(TextIcon(piece.icon, piece.colour, side * piece.aspect, side))
        elif out and isinstance(out[-1], TextRun) and out[-1].font == piece.font:
            text = out[-1].text + piece.text
            out[-1] = TextRun(text, piece.font, stringWidth(text, piece.font, size) * PT)
        else:
            out.append(TextRun(piece.text, piece.font, stringWidth(piece.text, piece.font, size) * PT))
    return tuple(out)
