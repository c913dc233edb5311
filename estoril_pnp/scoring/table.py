"""A scored game shown to people (a rich table and the verdict) or to programs (JSON), from the sheet."""

from __future__ import annotations

from typing import Any

from ..i18n.catalogs import Texts
from .calc import ContestResult, Result
from .rounds import round_categories
from .seats import label
from .sheet import TOTAL, Sheet


def piece_name(sheet: Sheet, ident: str, t: Texts) -> str:
    """A contested piece's name in `t`'s language."""
    for collection in sheet.collections.values():
        piece = collection.by_id.get(ident)
        if piece is not None:
            return t(piece.name_key) if piece.name_key else piece.name
    return ident


def contest_cell(contest: ContestResult, seat: str) -> str:
    """A seat's cell of a contest row: 'points (measure)', or a dash for a seat that did not enter."""
    if contest.entered is not None and seat not in contest.entered:
        return "—"
    return f"{contest.points.get(seat, 0)} ({contest.counts[seat]})"


def _lost_at_once(sheet: Sheet, result: Result) -> bool:
    """Whether the game was decided by a seat's instant loss: the rest keep their places by the ranking."""
    return result.outcome == "ended" and any(
        e["id"] == result.end and e["result"] == "lose" for e in sheet.outcome["ends"]
    )


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
                out.append((heading, [contest_cell(c, p.seat.id) for p in result.players], False))
        else:
            out += round_rows(sheet, result, category, t)
            out.append((t(category["label"]), [str(p.figures[ident]) for p in result.players], False))
    for tally in sheet.tallies:
        out.append((t(tally["label"]), [str(p.figures[tally["figure"]]) for p in result.players], tally["strong"]))
    for end in sheet.outcome["ends"]:
        out.append((t(end["label"]), ["✓" if end["id"] in p.ended else "" for p in result.players], False))
    # places by the ranking alone: none in a game still going or lost by all, none by points where a
    # condition won it (its row is ticked above); after an instant loss, the places of those left
    if not sheet.together and result.winners and (result.outcome == "ranked" or _lost_at_once(sheet, result)):
        out.append((t("score.rank"), [str(p.rank) for p in result.players], False))
    return out


def round_rows(sheet: Sheet, result: Result, category: dict[str, Any], t: Texts) -> list[tuple[str, list[str], bool]]:
    """A round category's row per round ("Score, round 3"), before its total; none for another."""
    if not category.get("round"):
        return []
    label, ident = t(category["label"]), category["id"]
    return [
        (t("score.round", label=label, round=r), [str(p.rounds[ident][r - 1]) for p in result.players], False)
        for r in range(1, (sheet.rounds or 0) + 1)
    ]


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
    if end and end["result"] == "lose":
        return lost(sheet, result, end, t)
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
    return f"{who}{total(sheet, best[0].total, t)} — {t(why, names=names)}"


def lost(sheet: Sheet, result: Result, end: dict[str, Any], t: Texts) -> str:
    """An instant loss: who lost and why, then who is left to win ("Blue touched the assassin and
    lost — Red wins"), or that nobody is left."""
    losers = t.list(label(sheet, p.seat, t) for p in result.players if end["id"] in p.ended)
    best = [p for p in result.players if p.rank == 1 and p.seat.id in result.winners]
    if not best:
        return f"{t(end['why'], names=losers)} — {t('score.instant.nobody')}"
    names = t.list(label(sheet, p.seat, t) for p in best)
    wins = t("score.instant.wins", names=names, n=len(best))
    return f"{t(end['why'], names=losers)} — {wins}{total(sheet, best[0].total, t)}"


def total(sheet: Sheet, points: int, t: Texts) -> str:
    """The verdict's total ("· 33 VP"), in the sheet's word for it; nothing in a game without points."""
    return f" · {t.plural(sheet.points, points)}" if sheet.points else ""


def render(sheet: Sheet, result: Result, t: Texts) -> Any:
    from rich.console import Group

    from ..terminal import plain

    return Group(table(sheet, result, t), plain(verdict(sheet, result, t), "bold"))


def by_round(sheet: Sheet, rounds: dict[str, list[int]] | Any) -> dict[str, list[int]]:
    """Each round category's points per round (every round 0 for one not in play)."""
    return {c: list(rounds.get(c, [0] * (sheet.rounds or 0))) for c in round_categories(sheet)}


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
                **({"rounds": by_round(sheet, p.rounds)} if round_categories(sheet) else {}),
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
            out[key] = [
                {
                    "id": c.id,
                    "counts": dict(c.counts),
                    "points": dict(c.points),
                    **({"entered": list(c.entered)} if c.entered is not None else {}),
                }
                for c in contests
            ]
    out |= {"winners": list(result.winners), "tiebreak": result.tiebreak}
    if sheet.outcome["ends"] or sheet.outcome["otherwise"]["result"] != "rank":
        out |= {"outcome": result.outcome, "end": result.end}
    return out
