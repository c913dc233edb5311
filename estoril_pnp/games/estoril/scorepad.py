"""The printed score pad of City of Spies: which rows, columns and notes, from the scorer's own data.

Rows are categories.CATEGORIES and TALLIES, so a category the scorer gains is a row here too; the
numbers come from game.yaml through the catalogs' placeholders. render/scorepad.py draws it.
"""

from __future__ import annotations

from typing import get_args

from ...i18n import Texts
from ...render.scorepad import Column, Note, Pad, Row
from .categories import CATEGORIES, TALLIES, Category
from .model import Estoril, Game, TieBreak
from .record import VARIANTS, Variant, fold, missions_wanted

TIEBREAKS: tuple[TieBreak, ...] = get_args(TieBreak)


def mission_slots(game: Game) -> list[Variant | None]:
    """One entry per mission row: None if every game needs the row, else the variant that adds it.

    As many rows as the largest game takes: Secret Missions with the most players it allows.
    """
    counts = range(game.players.min, game.players.max + 1)

    def most(variant: Variant) -> int:
        allowed = [n for n in counts if variant != "secret_missions" or n >= game.secret_missions.min_players]
        return max((missions_wanted(game, n, {variant}) for n in allowed), default=0)

    extra = {v: most(v) for v in VARIANTS}
    rows = max(game.missions_in_play, *extra.values())
    return [
        None if slot <= game.missions_in_play else next(v for v in VARIANTS if extra[v] >= slot)
        for slot in range(1, rows + 1)
    ]


def score_pad(pack: Estoril, t: Texts) -> Pad:
    game = pack.game
    rows: list[Row] = []
    for category in CATEGORIES:
        if category.per_mission:
            rows += [_row(category, t, variant, n) for n, variant in enumerate(mission_slots(game), start=1)]
        else:
            rows.append(_row(category, t, category.variant))
    rows += [Row(t(x.label), t(x.hint) if x.hint else "", strong=x.strong) for x in TALLIES]
    columns = tuple(Column(t(f"colour.{c.id}"), c.shape, c.rgb) for c in game.colours)
    order = [f"{i}. {t(f'score.tiebreak.{tiebreak}')}" for i, tiebreak in enumerate(game.tiebreak, 1)]
    notes = [
        Note(t("score.pad.ties"), "\n".join([*order, t("score.tiebreak.shared")])),
        Note(t("score.pad.variants"), t("score.pad.shaded")),
        *(Note(t(f"score.variant.{v}.name"), t(f"score.variant.{v}.rule")) for v in VARIANTS),
    ]
    return Pad(t("score.title"), game.title, t("score.pad.name"), columns, tuple(rows), tuple(notes))


def _row(category: Category, t: Texts, variant: Variant | None, n: int | None = None) -> Row:
    label = t(category.label, n=n) if n else t(category.label)
    name = t(f"score.variant.{variant}.name") if variant else ""
    # a row that already bears its variant's name (Secret Recruitment) is not tagged with it again
    tag = name if fold(name) != fold(label) else ""
    return Row(label, t(category.hint), tag, shaded=variant is not None, write_in=category.per_mission)


def required_keys() -> list[str]:
    """The catalog keys the pad reads, derived from the scorer's data and the record's variants."""
    keys = [key for c in CATEGORIES for key in (c.label, c.hint)]
    keys += [key for x in TALLIES for key in (x.label, x.hint) if key]
    keys += [f"score.variant.{v}.{part}" for v in VARIANTS for part in ("name", "rule")]
    keys += [f"score.tiebreak.{tiebreak}" for tiebreak in (*TIEBREAKS, "shared")]
    return [*keys, "score.title", "score.pad.name", "score.pad.ties", "score.pad.variants", "score.pad.shaded"]
