"""Who has a column in a scored game: the seat, its rules written here and nowhere else.

A record's item of `players:` is a seat: a player, or in a partnership game (`teams:`) a team
with its members, keyed by the `colours` piece that names it. In a co-operative game (`outcome:
together`) the record's players are the members of the one seat, `team`. The scorer computes
per seat, the table and the JSON give each seat a column and an object, and a sheet's checks
point at a seat's place in the record. The score page builds and heads its seats the same way
(`seats`, `label` in templates/scorepage/scoring/seats.js).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n.catalogs import Texts
from .sheet import TEAM, Sheet


@dataclass(frozen=True)
class Seat:
    """A player, a team with its members, or a co-operative game's team."""

    id: str  # the `colours` piece that names it (a record's `colour:`), or TEAM
    name: str | None  # a player's name, if the record gives one
    values: Mapping[str, Any]  # its own (`per: player`) entries: id -> value (ids, not pieces)
    members: tuple[str, ...] = ()  # a team's players


def seats(sheet: Sheet, players: Sequence[Seat]) -> Sequence[Seat]:
    """A record's seats in the colours' order (which equal ranks keep), or a co-operative game's one
    team, whose members are the players: by name, else by colour."""
    order = [c.id for c in sheet.colours.items]
    placed = sorted(players, key=lambda p: order.index(p.id))
    if sheet.together:
        return (Seat(TEAM, None, {}, tuple(p.name or p.id for p in placed)),)
    return placed


def place(players: Sequence[Seat], seat: Seat) -> int | None:
    """Where a seat stands in the record's `players:`, where a finding about it points; None for the
    co-operative team, which stands for all of them."""
    return next((i for i, p in enumerate(players) if p is seat), None)


def label(sheet: Sheet, seat: Seat, t: Texts) -> str:
    """A seat's heading: its colour and its player's name or team's members ("the team" in a
    co-operative game, whose members without a name are shown by their colour's name)."""
    name = t("score.team.name") if seat.id == TEAM else t(f"colour.{seat.id}")
    known = sheet.colours.by_id if seat.id == TEAM else {}
    members = [t(f"colour.{m}") if m in known else m for m in seat.members]
    who = ", ".join(members) if members else seat.name
    return f"{name} ({who})" if who else name
