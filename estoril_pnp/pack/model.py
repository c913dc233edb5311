"""The boundary between the engine and a game: what a pack's `model` must provide.

The engine names games only here, by module path, and talks to them only through
`GameModel`; a pack without a model is plain data and needs no code at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import Finding, InputError
from ..i18n.catalogs import Catalogs, Texts
from ..source.packfiles import PackFiles
from .manifest import Manifest

if TYPE_CHECKING:
    from rich.table import Table

    from ..render.layout import Design
    from ..render.piece import Piece
    from ..rulebook.document import Picture
    from ..scoring.sheet import Piece as SheetPiece
    from .items import Item

MODELS = {"estoril": "estoril_pnp.games.estoril"}


class GameModel(Protocol):
    def numbers(self) -> Mapping[str, int]:
        """The game's numbers that every catalog may use as {placeholders}."""
        ...

    def score_pieces(self) -> Mapping[str, tuple[SheetPiece, ...]]:
        """The pieces a score sheet's `from: model` collections name (colours, cards …), by collection."""
        ...

    def call_values(self) -> Mapping[str, frozenset[str]]:
        """Placeholders that particular texts may use besides the numbers (a rule's own bonus…)."""
        ...

    def items(self, source: str, design: Design, t: Texts) -> list[Item] | None:
        """The pieces' data for a manifest's `items:` source; None for a source it does not know."""
        ...

    def rulebook(
        self, files: PackFiles, manifest: Manifest, design: Design, pieces: Sequence[Piece], t: Texts
    ) -> tuple[dict[str, Any], dict[str, Picture]]:
        """The facts the rulebook template (templates/rulebook/) states, and the pictures it names."""
        ...

    def required_keys(self) -> list[str]:
        """Catalog keys the game's data needs (one per symbol, flag, mission …), derived from the data."""
        ...

    def tables(self) -> Mapping[str, Callable[[Texts], Table]]:
        """The tables `list` offers (what a player checks a piece against), by name; empty for none."""
        ...

    def summary(self) -> str:
        """One line on what the pack holds, for `validate`."""
        ...

    def check(self, files: PackFiles, manifest: Manifest) -> list[Finding]:
        """Checks beyond the types, such as the published counts and every item list printed."""
        ...


def load_model(name: str, files: PackFiles, catalogs: Catalogs, where: Finding) -> GameModel:
    """The model named by a pack, read from the pack's files."""
    if name not in MODELS:
        raise InputError(
            [Finding(where.file, where.line, "model", f"unknown game model '{name}'; known: {', '.join(MODELS)}")]
        )
    return importlib.import_module(MODELS[name]).load(files, catalogs)
