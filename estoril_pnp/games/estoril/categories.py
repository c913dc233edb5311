"""Where a player's points come from, as data: the scorer's Breakdown, the score table and the
printed score pad all read these lists, so a new category appears on each without editing them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .record import Variant


@dataclass(frozen=True)
class Category:
    """One source of points: a field of scoring.Breakdown and a row (or rows) of the table and the pad."""

    id: str  # the Breakdown field, and its key in the JSON breakdown
    label: str  # catalog key of its row's heading
    hint: str  # catalog key: how the row is scored, its numbers as {placeholders}
    variant: Variant | None = None  # the variant that adds it; None: every game has it
    per_mission: bool = False  # one row per mission in play; the Breakdown holds their sum


@dataclass(frozen=True)
class Tally:
    """A figure made from the categories that decides the game: an attribute of a PlayerScore."""

    id: str  # the PlayerScore attribute, and its key in the JSON
    label: str  # catalog key
    hint: str | None = None  # catalog key, if the figure needs saying how it is counted
    strong: bool = False  # the figure that decides first: set in bold


# Important Second Place adds no category: the runner-up's prize is scored in the mission's own
# row (scoring.score_mission puts it in that mission's points), so it changes who writes there.
CATEGORIES: tuple[Category, ...] = (
    Category("discards", "score.discards", "score.hint.discards"),
    Category("hand", "score.hand", "score.hint.hand"),
    Category("missions", "score.mission", "score.hint.missions", per_mission=True),
    Category("enigma", "score.enigma", "score.hint.enigma"),
    Category("recruitment", "score.recruitment", "score.hint.recruitment", variant="secret_recruitment"),
)

TALLIES: tuple[Tally, ...] = (
    Tally("total", "score.total", strong=True),
    Tally("missions_completed", "score.completed", "score.hint.completed"),
)


def in_play(variants: Collection[str]) -> tuple[Category, ...]:
    """The categories of a game played with `variants`, in row order."""
    return tuple(c for c in CATEGORIES if c.variant is None or c.variant in variants)
