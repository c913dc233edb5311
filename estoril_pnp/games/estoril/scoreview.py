"""A scoring Result shown to people (a rich table and the verdict) or to programs (JSON data)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...i18n import Texts
from ...terminal import plain
from .categories import TALLIES, in_play
from .scoring import PlayerScore, Result


def player_label(p: PlayerScore, t: Texts) -> str:
    colour = t(f"colour.{p.colour}")
    return f"{colour} ({p.name})" if p.name else colour


def table(result: Result, t: Texts) -> Table:
    """One column per player, best first; one row per category in play (categories.py), then the tallies.

    Names and catalog texts go in as Text, so a name like `[/bold]` is shown, not obeyed.
    """
    out = Table(title=plain(t("score.title")), caption=plain(t("score.legend")))
    out.add_column("")
    for p in result.players:
        out.add_column(plain(player_label(p, t)), justify="right")
    rows: list[tuple[str | Text, list[str] | list[Text]]] = []
    for category in in_play(result.variants):
        if category.per_mission:
            for m in result.missions:
                cells = [f"{m.points.get(p.colour, 0)} ({m.counts[p.colour]})" for p in result.players]
                rows.append((t(f"mission.{m.id}.title"), cells))
        else:
            rows.append((t(category.label), [str(getattr(p.breakdown, category.id)) for p in result.players]))
    for tally in TALLIES:
        label, values = t(tally.label), [str(getattr(p, tally.id)) for p in result.players]
        if tally.strong:
            rows.append((plain(label, "bold"), [Text(v, "bold") for v in values]))
        else:
            rows.append((label, values))
    rows.append((t("score.rank"), [str(p.rank) for p in result.players]))
    for heading, cells in rows:
        out.add_row(plain(heading) if isinstance(heading, str) else heading, *cells)
    return out


def verdict(result: Result, t: Texts) -> str:
    """Who won and which rule decided it."""
    best = [p for p in result.players if p.rank == 1]
    names = t.list(player_label(p, t) for p in best)
    who = t("score.winners" if len(result.winners) > 1 else "score.winner", names=names)
    why = t(f"score.why.{result.tiebreak or 'none'}")
    return f"{who} · {t.plural('score.points', best[0].total)} — {why}"


def render(result: Result, t: Texts) -> Group:
    return Group(table(result, t), plain(verdict(result, t), "bold"))


def to_json(result: Result) -> dict[str, Any]:
    """The documented JSON shape of `estoril-pnp score --json`."""
    return {
        "categories": [c.id for c in in_play(result.variants)],  # the breakdown's entries this game scored
        "players": [
            {
                "colour": p.colour,
                "name": p.name,
                "total": p.total,
                "breakdown": asdict(p.breakdown),
                "missions_completed": p.missions_completed,
                "rank": p.rank,
            }
            for p in result.players
        ],
        "missions": [{"id": m.id, "counts": dict(m.counts), "points": dict(m.points)} for m in result.missions],
        "winners": list(result.winners),
        "tiebreak": result.tiebreak,
    }
