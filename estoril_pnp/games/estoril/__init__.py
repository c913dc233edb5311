"""City of Spies: Estoril 1942 — the game behind the engine's boundary (pack/model.py: GameModel).

Everything that names a character, a mission or a location lives in this package: the
model and its loader, the pieces' data, the scorer, game records, the tables and the score pad.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ...errors import Finding, InputError
from ...i18n.catalogs import Catalogs, Texts
from ...pack.manifest import Manifest
from ...scoring import sheet as scoresheet
from ...scoring.sheet import Piece as SheetPiece
from ...source.packfiles import PackFiles
from .load import load_estoril
from .model import Character, Estoril

# the pieces, the score pad and the rulebook load when a command uses them: reading the
# pack for a rebuild with nothing to do, or for one score, needs none of them
if TYPE_CHECKING:
    from rich.table import Table

    from ...pack.items import Item
    from ...render.layout import Design
    from ...render.piece import Piece
    from ...rulebook.document import Picture


@dataclass(frozen=True)
class CityOfSpies:
    """The engine's view of the game: numbers for texts, items for pieces, the game's own checks."""

    data: Estoril

    def numbers(self) -> Mapping[str, int]:
        g = self.data.game
        return {
            "rounds": g.rounds,
            "hand_limit": g.hand_limit,
            "colours": len(g.colours),
            "players_min": g.players.min,
            "players_max": g.players.max,
            "locations_per_round": g.locations_per_round,
            "grid_rows": g.grid.rows,
            "grid_cols": g.grid.cols,
            "missions_in_play": g.missions_in_play,
            "vp_discard": g.vp.discard,
            "vp_mission": g.vp.mission,
            "vp_second_place": g.vp.second_place,
            "vp_enigma": g.vp.enigma,
            "vp_recruitment": g.vp.recruitment,
            "secret_face_up": g.secret_missions.face_up,
            "secret_min_players": g.secret_missions.min_players,
            "dice": g.dice,
            "reward_characters": len(self.data.reward),
            "starting_characters": len(self.data.starting),
            "missions_total": len(self.data.missions),
            "locations_total": len(self.data.locations),
            "vp_shared_first": g.vp.mission + g.vp.second_place,  # Important Second Place: a shared first place
            **{f"markers_{n}": m for n, m in g.markers_per_player.items()},
        }

    def score_pieces(self) -> Mapping[str, tuple[SheetPiece, ...]]:
        """What a score sheet's `from: model` collections hold: colours, characters, missions."""
        d = self.data

        def character(c: Character, collection: str) -> SheetPiece:
            fields = {"nationality": c.nationality, "strength": c.strength, "vp": c.vp}
            return SheetPiece(c.id, collection, c.name, None, fields, c.symbols)

        return {
            "colours": tuple(
                SheetPiece(c.id, "colours", c.id, f"colour.{c.id}", {"shape": c.shape, "rgb": c.rgb})
                for c in d.game.colours
            ),
            "starting": tuple(character(c, "starting") for c in d.starting),
            "reward": tuple(character(c, "reward") for c in d.reward),
            "missions": tuple(SheetPiece(m.id, "missions", m.id, f"mission.{m.id}.title") for m in d.missions),
        }

    def call_values(self) -> Mapping[str, frozenset[str]]:
        d = self.data
        out = {f"rule.{r.id}": frozenset(r.values()) for r in d.rules}
        out |= {f"symbol.{s}.ability": frozenset(d.ability_values(s)) for s in d.game.symbols}
        return out

    def items(self, source: str, design: Design, t: Texts) -> list[Item] | None:
        from .faces import SOURCES

        make = SOURCES.get(source)
        return make(self.data, design, t) if make else None

    def rulebook(
        self, files: PackFiles, manifest: Manifest, design: Design, pieces: Sequence[Piece], t: Texts
    ) -> tuple[dict[str, Any], dict[str, Picture]]:
        """The facts the rulebook's template states, and its pictures drawn from `pieces`."""
        from . import rulebook

        unprinted = self._unprinted(files, manifest)
        if unprinted:  # the pictures show a piece of every kind: said as the check says it, not as a crash
            raise InputError(unprinted)
        copies = {name: kind.copies for name, kind in manifest.pieces.items()}
        sheet = scoresheet.load(files.path(scoresheet.SHEET), self.numbers(), self.score_pieces())
        return rulebook.context(self.data, sheet, files, t, copies), rulebook.pictures(self.data, design, pieces)

    def required_keys(self) -> list[str]:
        """Keys the pieces and tables need for every symbol, flag, mission, rule and colour.

        The score sheet's keys are checked with the sheet (scoresheet.catalog_keys)."""
        d = self.data
        keys = [f"nationality.{c}" for c in d.game.nationalities]
        keys += [f"symbol.{s}.{part}" for s in d.game.symbols for part in ("name", "ability")]
        keys += [f"mission.{m.id}.{part}" for m in d.missions for part in ("title", "counts")]
        keys += [f"rule.{r.id}" for r in d.rules]
        keys += [f"colour.{c.id}" for c in (*d.game.colours, d.game.neutral_colour)]
        return keys

    def tables(self) -> dict[str, Callable[[Texts], Table]]:
        from .tables import TABLES

        return {name: partial(table, self.data) for name, table in TABLES.items()}

    def summary(self) -> str:
        d, colours = self.data, len(self.data.game.colours)
        return (
            f"{len(d.reward)} reward characters, {len(d.starting) * colours} starting cards "
            f"({len(d.starting)} × {colours} colours), {len(d.missions)} missions, {len(d.locations)} locations"
        )

    def check(self, files: PackFiles, manifest: Manifest) -> list[Finding]:
        """The pack against the published game: its counts, and every piece of it printed."""
        d = self.data
        want = d.game.counts
        have = {
            "reward_characters": (len(d.reward), "characters.yaml", "reward"),
            "starting_characters": (len(d.starting), "characters.yaml", "starting"),
            "missions": (len(d.missions), "missions.yaml", "missions"),
            "locations": (len(d.locations), "locations.yaml", "locations"),
        }
        return self._unprinted(files, manifest) + [
            Finding(files.root / file, None, key, f"{n} entries, but the game has {getattr(want, name)}")
            for name, (n, file, key) in have.items()
            if n != getattr(want, name)
        ]

    def _unprinted(self, files: PackFiles, manifest: Manifest) -> list[Finding]:
        from .faces import SOURCES

        printed = {kind.items for kind in manifest.pieces.values()}
        return [
            Finding(files.root / "components.yaml", None, "pieces", f"no piece kind prints the game's '{source}'")
            for source in SOURCES
            if source not in printed
        ]


def load(files: PackFiles, catalogs: Catalogs) -> CityOfSpies:
    return CityOfSpies(load_estoril(files, catalogs))
