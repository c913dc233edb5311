"""Readable tables of the pack for `estoril-pnp list`: what a player checks a card against.

Every cell is a Text: pack names and catalog texts are shown as written, never as markup.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ...i18n.catalogs import Texts
from ...terminal import plain
from .faces import rule_text
from .model import Estoril, FlagsMission, NationalityMission, StrengthMission, SymbolMission


def _table(title: str) -> Table:
    return Table(title=plain(title))


def characters_table(pack: Estoril, t: Texts) -> Table:
    table = _table(t("list.characters"))
    for key in ("id", "name", "deck", "nationality", "strength", "vp", "abilities"):
        table.add_column(plain(t(f"list.{key}")), justify="right" if key in ("strength", "vp") else "left")
    for deck, cards in (("starting", pack.starting), ("reward", pack.reward)):
        for c in cards:
            cells = (
                c.id,
                c.name,
                t(f"list.deck_{deck}"),
                t(f"nationality.{c.nationality}"),
                str(c.strength),
                str(c.vp),
                ", ".join(t(f"symbol.{s}.name") for s in c.symbols),
            )
            table.add_row(*map(plain, cells))
    return table


def missions_table(pack: Estoril, t: Texts) -> Table:
    table = _table(t("list.missions"))
    for key in ("id", "name", "kind", "vp"):
        table.add_column(plain(t(f"list.{key}")))
    for m in pack.missions:
        cells = (m.id, t(f"mission.{m.id}.title"), _counted(m, t), str(pack.game.vp.mission))
        table.add_row(*map(plain, cells))
    return table


def _counted(m: object, t: Texts) -> str:
    if isinstance(m, SymbolMission):
        return t(f"symbol.{m.symbol}.name")
    if isinstance(m, NationalityMission):
        return t(f"nationality.{m.nationality}")
    if isinstance(m, FlagsMission):
        return " · ".join(t(f"nationality.{c}") for c in m.flags)
    assert isinstance(m, StrengthMission)
    return t("list.strength")


def locations_table(pack: Estoril, t: Texts) -> Table:
    table = _table(t("list.locations"))
    for key in ("number", "name", "reward", "spaces", "rule"):
        table.add_column(plain(t(f"list.{key}")))
    for p in pack.locations:
        secret = f" ({t('list.top_secret')})"
        spaces = [plain(f"{s.numeral} {s.at}{secret if s.top_secret else ''}") for s in p.spaces]
        reward = plain(f"{p.reward.at}{secret if p.reward.top_secret else ''}")
        table.add_row(
            plain(str(p.number)), plain(p.name), reward, Text("\n").join(spaces), plain(rule_text(t, pack, p.rule))
        )
    return table


TABLES = {"characters": characters_table, "missions": missions_table, "locations": locations_table}
