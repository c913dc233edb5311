"""A scored game shown to people (a rich table and the verdict) or to programs (JSON), from the sheet."""

from __future__ import annotations

from typing import Any

from ..i18n.catalogs import Texts
from .calc import Result
from .seats import label
from .sheet import TOTAL, Sheet


def piece_name(sheet: Sheet, ident: str, t: Texts) -> str:
    """A contested piece's name in `t`'s language."""
    for collection in sheet.collections.values():
        piece = collection.by_id.get(ident)
        if piece is not None:
            return t(piece.name_key) if piece.name_key else piece.name
    return ident


def rows(sheet: Sheet, result: Result, t: Texts) -> list[tuple[str, list[str], bool]]:
    """(heading, one cell per player, strong): a row per category in play (a contest: one per
    contest, 'points (measure)'), then the tallies, the ends met, then the rank where the ranking placed them."""
    out: list[tuple[str, list[str], bool]] = []
    for category in sheet.categories:
        ident = category["id"]
        if ident not in result.categories:
            continue
        if ident in result.contests:
            for c in result.contests[ident]:
                heading = piece_name(sheet, c.id, t) if category["contest"]["each"] else t(category["label"])
                out.append(
                    (heading, [f"{c.points.get(p.seat.id, 0)} ({c.counts[p.seat.id]})" for p in result.players], False)
                )
        else:
            out.append((t(category["label"]), [str(p.figures[ident]) for p in result.players], False))
    for tally in sheet.tallies:
        out.append((t(tally["label"]), [str(p.figures[tally["figure"]]) for p in result.players], tally["strong"]))
    for end in sheet.outcome["ends"]:
        out.append((t(end["label"]), ["✓" if end["id"] in p.ended else "" for p in result.players], False))
    # places by the ranking alone: a game still going has none yet, and one a condition decided has
    # its winner's row ticked above, which a place by points would only contradict or repeat
    if not sheet.together and result.outcome == "ranked":
        out.append((t("score.rank"), [str(p.rank) for p in result.players], False))
    return out


def table(sheet: Sheet, result: Result, t: Texts) -> Any:
    """One column per player, best first. Names and texts go in as Text: `[/bold]` is shown, not obeyed."""
    from rich.table import Table
    from rich.text import Text

    from ..terminal import plain

    out = Table(title=plain(t(sheet.title)), caption=plain(t(sheet.legend)) if sheet.legend else None)
    out.add_column("")
    for p in result.players:
        out.add_column(plain(label(sheet, p.seat, t)), justify="right")
    for heading, cells, strong in rows(sheet, result, t):
        if strong:
            out.add_row(plain(heading, "bold"), *(Text(v, "bold") for v in cells))
        else:
            out.add_row(plain(heading), *cells)
    return out


def verdict(sheet: Sheet, result: Result, t: Texts) -> str:
    """Who won and which rule decided it; no winner yet; or a team's win or loss."""
    outcome = sheet.outcome
    end = next((e for e in outcome["ends"] if e["id"] == result.end), None)
    why_end = t(end["why"] if end else outcome["otherwise"]["why"])
    if result.outcome == "unfinished":
        return f"{t(outcome['otherwise']['label'])} — {why_end}"
    if result.outcome in ("won", "lost"):
        return f"{t(f'score.team.{result.outcome}')}{total(sheet, result.players[0].total, t)} — {why_end}"
    best = [p for p in result.players if p.rank == 1]
    names = t.list(label(sheet, p.seat, t) for p in best)
    who = t("score.winners" if len(result.winners) > 1 else "score.winner", names=names)
    ranking = sheet.ranking
    if result.outcome == "ended" or result.tiebreak is None:
        why = end["why"] if end else ranking["why"]
    elif result.tiebreak == "shared":
        why = ranking["shared"]["why"]
    else:
        why = next(tb["why"] for tb in ranking["tiebreaks"] if tb["id"] == result.tiebreak)
    return f"{who}{total(sheet, best[0].total, t)} — {t(why)}"


def total(sheet: Sheet, points: int, t: Texts) -> str:
    """The verdict's total ("· 33 VP"), in the sheet's word for it; nothing in a game without points."""
    return f" · {t.plural(sheet.points, points)}" if sheet.points else ""


def render(sheet: Sheet, result: Result, t: Texts) -> Any:
    from rich.console import Group

    from ..terminal import plain

    return Group(table(sheet, result, t), plain(verdict(sheet, result, t), "bold"))


def to_json(sheet: Sheet, result: Result) -> dict[str, Any]:
    """The documented JSON shape of `estoril-pnp score --json` (docs/score-sheet.md)."""
    shown = [x["figure"] for x in sheet.tallies if x["figure"] != TOTAL]
    out: dict[str, Any] = {
        "categories": list(result.categories),
        "players": [
            {
                "colour": p.seat.id,
                "name": p.seat.name,
                **({"members": list(p.seat.members)} if sheet.teams or sheet.together else {}),
                "total": p.total,
                "breakdown": {c["id"]: p.figures[c["id"]] for c in sheet.categories},
                **{f: p.figures[f] for f in shown},
                "rank": p.rank if result.winners else None,  # no places while there is no winner
                **({"ended": list(p.ended)} if sheet.outcome["ends"] else {}),
            }
            for p in result.players
        ],
    }
    for category in sheet.categories:
        contests = result.contests.get(category["id"])
        if contests is not None:
            key = category["contest"]["each"] or category["id"]
            out[key] = [{"id": c.id, "counts": dict(c.counts), "points": dict(c.points)} for c in contests]
    out |= {"winners": list(result.winners), "tiebreak": result.tiebreak}
    if sheet.outcome["ends"] or sheet.outcome["otherwise"]["result"] != "rank":
        out |= {"outcome": result.outcome, "end": result.end}
    return out
