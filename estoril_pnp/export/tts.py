"""Tabletop Simulator decks: face sheets of at most 10 × 7 cards and 4096 px a side with the
hidden-card image in the last slot, and the saved-object JSON that describes them.

Pure apart from composing images in memory: what the cards look like comes in as pictures,
what goes to disk is decided by `images.py`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

MAX_COLS, MAX_ROWS = 10, 7  # Tabletop Simulator reads no larger grid
MAX_SIDE = 4096  # px: the largest texture it takes for a sheet
MAX_CARDS = MAX_COLS * MAX_ROWS - 1  # per sheet: the last slot holds the hidden-card image
ID_FACTOR = 100  # CardID = deck id × 100 + the card's slot on its sheet
BLANK = (255, 255, 255)


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    cell: tuple[int, int]  # px, width × height of every slot

    @property
    def slots(self) -> int:
        return self.cols * self.rows

    @property
    def hidden(self) -> int:
        """The slot of the hidden-card image: the last one, where Tabletop Simulator looks for it."""
        return self.slots - 1

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell[0], self.rows * self.cell[1]

    def box(self, slot: int) -> tuple[int, int, int, int]:
        """The slot's pixels (left, top, right, bottom), counting along rows from the top-left."""
        w, h = self.cell
        x, y = slot % self.cols * w, slot // self.cols * h
        return x, y, x + w, y + h


def split(count: int) -> list[int]:
    """How many cards go on each sheet: as few sheets as hold them, filled evenly."""
    sheets = max(1, math.ceil(count / MAX_CARDS))
    base, extra = divmod(count, sheets)
    return [base + (1 if i < extra else 0) for i in range(sheets)]


def grid(cards: int, card: tuple[int, int]) -> Grid:
    """The grid for `cards` cards plus the hidden-card image: the largest cells (never above
    `card`, the card's own size in px) that keep the sheet within 4096 px, then the fewest
    empty slots, then the squarest sheet, wider rather than taller."""
    if not 1 <= cards <= MAX_CARDS:
        raise ValueError(f"a sheet holds 1 to {MAX_CARDS} cards, not {cards}")
    width, height = card
    best: tuple[tuple[float, ...], Grid] | None = None
    for cols in range(1, MAX_COLS + 1):
        for rows in range(1, MAX_ROWS + 1):
            if cols * rows < cards + 1:
                continue
            scale = min(1.0, MAX_SIDE / (cols * width), MAX_SIDE / (rows * height))
            cell = (max(1, math.floor(width * scale)), max(1, math.floor(height * scale)))
            candidate = Grid(cols, rows, cell)
            sheet_w, sheet_h = candidate.size
            rank = (-cell[0] * cell[1], cols * rows, abs(sheet_w - sheet_h), -cols)
            if best is None or rank < best[0]:
                best = (rank, candidate)
    assert best is not None
    return best[1]


def sheet(layout: Grid, faces: Sequence[Image.Image], hidden: Image.Image) -> Image.Image:
    """The face sheet: cards along rows from the top-left, the hidden-card image in the last slot."""
    if len(faces) > layout.hidden:
        raise ValueError(f"{len(faces)} cards do not fit a {layout.cols} × {layout.rows} sheet with its hidden card")
    out = Image.new("RGB", layout.size, BLANK)
    for slot, image in [*enumerate(faces), (layout.hidden, hidden)]:
        if image.size != layout.cell:
            raise ValueError(f"slot {slot}: a {image.size} image in a {layout.cell} cell")
        out.paste(image, layout.box(slot)[:2])
    return out


@dataclass(frozen=True)
class Sheet:
    """One face sheet as a saved object names it."""

    deck_id: int  # unique in an export, so every deck can be loaded into one table
    layout: Grid
    face_url: str
    back_url: str
    names: tuple[str, ...]  # the cards' nicknames, in slot order

    def card_ids(self) -> list[int]:
        return [self.deck_id * ID_FACTOR + slot for slot in range(len(self.names))]


def saved_object(title: str, sheets: Sequence[Sheet]) -> dict[str, Any]:
    """A saved object (the file Tabletop Simulator keeps in Saves/Saved Objects/) holding one
    face-down deck: a `DeckCustom` with every card as a `Card` in `ContainedObjects`."""
    custom = {str(s.deck_id): _custom_deck(s) for s in sheets}
    cards = [
        {
            "Name": "Card",
            "Nickname": name,
            "CardID": card_id,
            "Transform": _transform(),
            "CustomDeck": {str(s.deck_id): custom[str(s.deck_id)]},
        }
        for s in sheets
        for name, card_id in zip(s.names, s.card_ids(), strict=True)
    ]
    deck = {
        "Name": "DeckCustom",
        "Nickname": title,
        "Transform": _transform(face_down=True),
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    return {"SaveName": title, "ObjectStates": [deck]}


def _custom_deck(s: Sheet) -> dict[str, Any]:
    return {
        "FaceURL": s.face_url,
        "BackURL": s.back_url,
        "NumWidth": s.layout.cols,
        "NumHeight": s.layout.rows,
        # every card shares its back, which is also the hidden-card image in the last slot
        "BackIsHidden": True,
        "UniqueBack": False,
    }


def _transform(face_down: bool = False) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


TILE_TYPES = {"hexagon": 1, "circle": 2}  # Tabletop Simulator's CustomTile.Type (0 box, 3 rounded box)
TILE_THICKNESS = 0.1  # in the table's units (about an inch): a thin card tile
TILE_SPACING = 2.5  # between the tiles of one saved object, laid out in a row


@dataclass(frozen=True)
class Tile:
    """A round or hexagonal piece as a custom tile: its two sides' images."""

    name: str  # its nickname
    shape: str  # a key of TILE_TYPES
    face_url: str
    back_url: str  # the face again when the piece has no back


def tiles_object(title: str, tiles: Sequence[Tile]) -> dict[str, Any]:
    """A saved object of `Custom_Tile`s: each a circle or a hexagon, its picture on top and its
    back below, the tile shaped like its image rather than squared (`Stretch` off)."""
    states = [
        {
            "Name": "Custom_Tile",
            "Nickname": tile.name,
            "Transform": {**_transform(), "posX": i * TILE_SPACING},
            "CustomImage": {
                "ImageURL": tile.face_url,
                "ImageSecondaryURL": tile.back_url,
                "ImageScalar": 1.0,
                "CustomTile": {
                    "Type": TILE_TYPES[tile.shape],
                    "Thickness": TILE_THICKNESS,
                    "Stackable": False,
                    "Stretch": False,
                },
            },
        }
        for i, tile in enumerate(tiles)
    ]
    return {"SaveName": title, "ObjectStates": states}
