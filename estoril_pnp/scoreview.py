"""A scoring Result shown to people (a rich table and the verdict) or to programs (JSON data)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .i18n import Texts
from .scoring import PlayerScore, Result
from .terminal import plain


def player_label(p: PlayerScore, t: Texts) -> str:
    colour = t(f"colour.{p.colour}")
    return f"{colour} ({p.name})" if p.name else colour


def table(result: Result, t: Texts) -> Table:
    """One column per player, best first; one row per source of points.

    Names and catalog texts go in as Text, so a name like `[/bold]` is shown, not obeyed.
    """
    out = Table(title=plain(t("score.title")), caption=plain(t("score.legend")))
    out.add_column("")
    for p in result.players:
        out.add_column(plain(player_label(p, t)), justify="right")
    rows: list[tuple[str | Text, list[str] | list[Text]]] = [
        (t("score.discards"), [str(p.breakdown.discards) for p in result.players]),
        (t("score.hand"), [str(p.breakdown.hand) for p in result.players]),
    ]
    for m in result.missions:
        cells = [f"{m.points.get(p.colour, 0)} ({m.counts[p.colour]})" for p in result.players]
        rows.append((t(f"mission.{m.id}.title"), cells))
    rows.append((t("score.enigma"), [str(p.breakdown.enigma) for p in result.players]))
    if "secret_recruitment" in result.variants:
        rows.append((t("score.recruitment"), [str(p.breakdown.recruitment) for p in result.players]))
    rows += [
        (plain(t("score.total"), "bold"), [Text(str(p.total), "bold") for p in result.players]),
        (t("score.completed"), [str(p.missions_completed) for p in result.players]),
        (t("score.rank"), [str(p.rank) for p in result.players]),
    ]
    for heading, cells in rows:
        out.add_row(plain(heading) if isinstance(heading, str) else heading, *cells)
    return out


def verdict(result: Result, t: Texts) -> str:
    """Who won and which rule decided it."""
    names = ", ".join(player_label(p, t) for p in result.players if p.rank == 1)
    who = t("score.winners" if len(result.winners) > 1 else "score.winner", names=names)
    why = t(f"score.why.{result.tiebreak or 'none'}")
    return f"{who} — {why}"


def render(result: Result, t: Texts) -> Group:
    return Group(table(result, t), plain(verdict(result, t), "bold"))


def to_json(result: Result) -> dict[str, Any]:
    """The documented JSON shape of `estoril-pnp score --json`."""
    return {
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
