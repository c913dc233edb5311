"""Hexagons in a honeycomb and circles in staggered rows: more to a sheet than their bounding
boxes in a grid, each still with room for its own marks. Pure; `imposition.plan` takes a
packing only where it holds more pieces than the grid.

Every column of a packing is shifted half a step from its neighbours. A flat hexagon's
columns lean into each other, their slanted edges `gutter` apart; a pointy hexagon is the same
packing turned a quarter (rows instead of columns); circles sit in the hollows of the column
beside, as close as two facing marks allow.
"""

from __future__ import annotations

import math

from .geometry import Box
from .outline import Outline

SPARE = 0.5  # mm between the ends of the marks that meet where three hexagons meet


def packed(
    page_w: float,
    page_h: float,
    room: float,
    width: float,
    height: float,
    reach: float,
    outline: Outline,
    bleed: float = 0.0,
) -> list[Box]:
    """The trim boxes of a packing on a `page_w` × `page_h` frame, `room` kept clear at every
    edge, for pieces whose marks (or, with none, bleeds) end `reach` beyond their outline and
    whose bleeds never overlap; [] for a shape with no packing."""
    transposed = outline.shape == "hexagon" and outline.orientation == "pointy"
    w, h = (height, width) if transposed else (width, height)
    if outline.shape == "hexagon":
        # three marks meet where three hexagons do: at a gutter of √3·reach they just touch
        gutter = max(math.sqrt(3) * (reach + SPARE), 2 * bleed)
        slant = (h / 2) / math.hypot(h / 2, w / 4)  # the slanted edges' normal, across the columns
        along, across = h + gutter, 3 * w / 4 + gutter / slant
    elif outline.shape == "circle" and width == height:
        along = w + 2 * reach  # two facing marks between neighbours in a column, and across
        across = along * math.sqrt(3) / 2
    else:
        return []
    frame_w, frame_h = (page_h, page_w) if transposed else (page_w, page_h)
    cells = _columns(frame_w - 2 * room, frame_h - 2 * room, w, h, along, across)
    if not cells:
        return []
    span_w = max(x for x, _ in cells) + w
    span_h = max(y for _, y in cells) + h
    x0, y0 = (frame_w - span_w) / 2, (frame_h - span_h) / 2
    boxes = [(x0 + x, y0 + y) for x, y in cells]
    if transposed:
        return [Box(y, x, width, height) for x, y in boxes]
    return [Box(x, y, width, height) for x, y in boxes]


def _columns(
    room_w: float, room_h: float, w: float, h: float, along: float, across: float
) -> list[tuple[float, float]]:
    """Lower-left corners of columns `across` apart, each piece `along` above the last, every
    other column half a step up (one piece fewer if the shift leaves no room for it)."""
    if room_w < w or room_h < h:
        return []
    columns = int((room_w - w) // across) + 1
    rows = int((room_h - h) // along) + 1
    shifted = rows if h + (rows - 1) * along + along / 2 <= room_h else rows - 1
    return [
        (i * across, j * along + (along / 2 if i % 2 else 0.0))
        for i in range(columns)
        for j in range(shifted if i % 2 else rows)
    ]
