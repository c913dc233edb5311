"""Fitting text into a box: wrap at spaces, shrink to a minimum size, else report.

Plain text is fitted as a string in one font. Marked text (runs in several faces, inline icons)
is fitted by the same rule, word by word: a word's width is its runs' widths in their own faces
plus its icons' widths, a space is measured in the face it is written in, and only a plain space
breaks a line, so an icon stays with the word it touches ("[coin],").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from .ops import Span, TextIcon, TextRun

PT = 25.4 / 72  # one point in millimetres: text sizes are points, everything else is mm


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: float  # points
    fits: bool  # False: even the minimum size overflows the box (it is still set at that size)


def fit(
    text: str, font: str, width: float, height: float, size: float, minimum: float, leading: float, wrap: bool
) -> Fitted:
    """Largest size from `size` down to `minimum` (pt) at which `text` fits width × height (pt)."""
    step = 0.25
    current = size
    while True:
        lines = _wrap(text, font, current, width) if wrap else [text]
        fits_width = all(stringWidth(line, font, current) <= width for line in lines)
        if fits_width and len(lines) * current * leading <= height + 0.01:
            return Fitted(tuple(lines), current, True)
        if current - step < minimum - 1e-9:
            return Fitted(tuple(lines), current, False)
        current -= step


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        # only plain spaces break a line: a no-break space keeps e.g. Polish "w domu" together
        for word in (w for w in paragraph.split(" ") if w):
            trial = f"{line} {word}" if line else word
            if line and stringWidth(trial, font, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
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


def fit_marked(
    paragraphs: Sequence[Sequence[Piece]],
    width: float,
    height: float,
    size: float,
    minimum: float,
    leading: float,
    wrap: bool,
    cap: float,
) -> FittedMarks:
    """As `fit`, for paragraphs of runs and icons; an icon is `cap` × the size tall (cap: a
    fraction of the size, the font's cap height)."""
    step = 0.25
    current = size
    split = [_words(p) for p in paragraphs]
    while True:
        lines = [line for words, gaps in split for line in _lines(words, gaps, current, width, wrap, cap)]
        widths = [sum(_width(p, current, cap) for p in line) for line in lines]
        if all(w <= width for w in widths) and len(lines) * current * leading <= height + 0.01:
            return FittedMarks(tuple(_spans(line, current, cap) for line in lines), current, True)
        if current - step < minimum - 1e-9:
            return FittedMarks(tuple(_spans(line, current, cap) for line in lines), current, False)
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


def _lines(words: list[Word], gaps: list[str], size: float, width: float, wrap: bool, cap: float) -> list[list[Piece]]:
    """Greedy lines of pieces, the spaces between words kept as letters of their face."""
    lines: list[list[Piece]] = [[]]
    used = 0.0
    for i, word in enumerate(words):
        w = sum(_width(p, size, cap) for p in word)
        if i and lines[-1]:
            space = Letters(" ", gaps[i - 1])
            trial = used + _width(space, size, cap) + w
            if wrap and trial > width:
                lines.append(list(word))
                used = w
                continue
            lines[-1] += [space, *word]
            used = trial
        else:
            lines[-1] += list(word)
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
