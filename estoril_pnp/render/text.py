"""Fitting text into a box: wrap at spaces, shrink to a minimum size, else report."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

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
