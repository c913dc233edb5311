"""The printed score pad of any game with a score sheet: rows, columns and notes from the sheet.

A category is a row (a contest over chosen pieces: as many write-in rows as the largest game
has); the tallies follow, then a tick box per seat for each condition that ends the game; the
variants' rows are shaded and tagged. A column per seat: a player colour, a team, or the one team
of a co-operative game. render/scorepad.py draws it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n.catalogs import Texts
from ..i18n.folding import fold
from ..render.scorepad import Column, Note, Pad, Row
from . import rules
from .sheet import Sheet, evaluate_num

TEAM_COLUMN = ("star", "#ffffff")  # the one column of a co-operative game: no player colour is the team's


def variants(sheet: Sheet) -> list[dict[str, Any]]:
    return [s for s in sheet.switches if s["kind"] == "variant"]


def _player_counts(sheet: Sheet, switch: Mapping[str, Any] | None) -> list[int]:
    low, high = sheet.players
    return [n for n in range(low, high + 1) if switch is None or rules.players_outside(switch, n) is None]


def slots(sheet: Sheet, entry_id: str) -> list[str | None]:
    """One item per row of a contest over entry `entry_id`: None if every game needs the row,
    else the variant that adds it. As many rows as the largest game takes."""

    def most(switch: Mapping[str, Any] | None) -> int:
        values = sheet.defaults() | ({switch["id"]: True} if switch else {})
        _, entries = sheet.apply(values)
        entry = next(e for e in entries if e["id"] == entry_id)
        counts = [
            evaluate_num(entry["count"], n) if entry["kind"] == "choices" else 1 for n in _player_counts(sheet, switch)
        ]
        return max(counts, default=0)

    base = most(None)
    extra = {s["id"]: most(s) for s in variants(sheet)}
    rows = max(base, *extra.values()) if extra else base
    return [None if slot <= base else next(v for v in extra if extra[v] >= slot) for slot in range(1, rows + 1)]


def score_pad(sheet: Sheet, subtitle: str, t: Texts) -> Pad:
    rows: list[Row] = []
    names = {s["id"]: t(s["label"]) for s in variants(sheet)}
    for category in sheet.categories:
        contest = category["contest"]
        hint = t(category["hint"]) if category["hint"] else ""
        if contest and contest["each"]:
            for n, variant in enumerate(slots(sheet, contest["each"]), start=1):
                label = t(category["label"], n=n)
                rows.append(Row(label, hint, names.get(variant, "") if variant else "", variant is not None, True))
        elif category.get("round"):  # a row per round, its hint under the first
            rows += round_rows(sheet, category, hint, t)
        else:
            label, variant = t(category["label"]), category["when"]
            name = t(sheet.switch(variant)["label"]) if variant else ""
            # a row that already bears its variant's name (Secret Recruitment) is not tagged with it again
            tag = name if fold(name) != fold(label) else ""
            rows.append(Row(label, hint, tag, shaded=variant is not None))
    rows += [Row(t(x["label"]), t(x["hint"]) if x["hint"] else "", strong=x["strong"]) for x in sheet.tallies]
    rows += [Row(t(end["label"]), tick=True) for end in sheet.outcome["ends"]]
    if sheet.together:
        columns: tuple[Column, ...] = (Column(t("score.team.name"), *TEAM_COLUMN),)
    else:
        columns = tuple(
            Column(t(c.name_key) if c.name_key else c.name, str(c.fields["shape"]), str(c.fields["rgb"]))
            for c in sheet.colours.items
        )
    caption = t("score.pad.members" if sheet.teams or sheet.together else "score.pad.name")
    return Pad(t(sheet.title), subtitle, caption, columns, tuple(rows), tuple(_notes(sheet, t)))


def round_rows(sheet: Sheet, category: Mapping[str, Any], hint: str, t: Texts) -> list[Row]:
    """A round category's rows: "Score, round 1" … one per round (docs/score-sheet.md, Rounds)."""
    label, variant = t(category["label"]), category["when"]
    tag = t(sheet.switch(variant)["label"]) if variant else ""
    rounds = range(1, (sheet.rounds or 0) + 1)
    return [Row(t("score.round", label=label, round=r), hint * (r == 1), tag, variant is not None) for r in rounds]


def _notes(sheet: Sheet, t: Texts) -> list[Note]:
    """How the game ends and who wins (lower is better, together, ties), then the variants."""
    notes: list[Note] = []
    outcome, ranking = sheet.outcome, sheet.ranking
    if outcome["ends"]:
        notes.append(Note(t("score.pad.ends"), t("score.pad.tick")))
    otherwise = outcome["otherwise"]
    if otherwise["label"]:
        notes.append(Note(t(otherwise["label"]), _sentence(t(otherwise["why"]))))
    if sheet.together:
        notes.append(Note(t("score.pad.together"), t("score.pad.together_rule")))
    else:
        if ranking["lowest"]:
            notes.append(Note(t("score.pad.lowest"), t("score.pad.lowest_rule")))
        order = [f"{i}. {t(tb['label'])}" for i, tb in enumerate(ranking["tiebreaks"], 1)]
        notes.append(Note(t("score.pad.ties"), "\n".join([*order, t(ranking["shared"]["label"])])))
    if variants(sheet):
        notes.append(Note(t("score.pad.variants"), t("score.pad.shaded")))
        notes += [Note(t(v["label"]), t(v["rule"])) for v in variants(sheet)]
    return notes


def _sentence(text: str) -> str:
    """A verdict's reason ("nobody has met …", said after a dash on the page) as the pad's own
    sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]
