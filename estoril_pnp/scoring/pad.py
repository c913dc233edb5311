"""The printed score pad of any game with a score sheet: rows, columns and notes from the sheet.

A category is a row (a contest over chosen pieces: as many write-in rows as the largest game
has); the tallies follow, then a tick box per seat for each condition that ends the game; the
variants' rows are shaded and tagged. A column per seat: a player colour, a team, or the one team
of a co-operative game. A row that reads only entries a seat does not have (`only:`) is not for
that seat: its cell is hatched. render/scorepad.py draws it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n.catalogs import MissingText, Texts
from ..i18n.folding import fold
from ..render.scorepad import Column, Line, Note, Pad, Row
from . import rules
from .forms import IT, PIECE_KEYS, TABLE, TOTAL, Expr
from .sheet import Sheet, instant_losses, loses_rule

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
        counts = []
        for n in _player_counts(sheet, switch):
            entry = next(e for e in sheet.apply(values, n)[1] if e["id"] == entry_id)
            counts.append(rules.choosable(sheet, entry, n)[1] if entry["kind"] == "choices" else 1)
        return max(counts, default=0)

    base = most(None)
    extra = {s["id"]: most(s) for s in variants(sheet)}
    rows = max(base, *extra.values()) if extra else base
    return [None if slot <= base else next(v for v in extra if extra[v] >= slot) for slot in range(1, rows + 1)]


# the keys by which an expression names one entry (a measure's chosen piece, `also`, and the entry
# forms: holds, yes, value); PIECE_KEYS name lists of them
_ENTRY_KEYS = ("measure", "also", *(name for name, form in TABLE.items() if form.reads))


def _reads(sheet: Sheet, x: Expr) -> frozenset[str]:
    """The entries an expression reads, through the figures, categories and contests it names,
    under any switches (a change may rewrite a category)."""
    categories: dict[str, list[Any]] = {}
    for category in sheet.categories:
        categories.setdefault(category["id"], []).extend([category["points"], category["contest"]])
    for change in sheet.changes:
        for ident, patch in change["categories"].items():
            categories.setdefault(ident, []).append(patch)
    found: set[str] = set()
    seen: set[str] = set()

    def step(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        if name == TOTAL:
            for other in categories:
                step(other)
        for part in categories.get(name, ()):
            walk(part)
        walk(sheet.figures.get(name))

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for key, value in x.items():
                if key in PIECE_KEYS and isinstance(value, list):
                    found.update(v for v in value if v != IT)
                elif key in (*_ENTRY_KEYS, "each") and isinstance(value, str):
                    found.add(value)
                elif key in ("figure", "won") and isinstance(value, str):
                    step(value)
                else:
                    walk(value)
        elif isinstance(x, list):
            for value in x:
                walk(value)

    walk(x)
    return frozenset(found)


def _absent(sheet: Sheet, x: Expr) -> tuple[int, ...]:
    """The columns of the seats a row computed by `x` is not for: every entry it reads is a
    player's, and one these seats do not have (a seat without an entry has it empty: no, none, 0)."""
    if sheet.together:
        return ()
    entries = {e["id"]: e for e in sheet.entries}
    read = [entries[name] for name in _reads(sheet, x) if name in entries]
    if not read or any(e["per"] != "player" for e in read):
        return ()
    return tuple(i for i, seat in enumerate(sheet.colours.items) if not any(rules.has_entry(e, seat.id) for e in read))


def score_pad(sheet: Sheet, subtitle: str, t: Texts) -> Pad:
    rows: list[Row] = []
    names = {s["id"]: t(s["label"]) for s in variants(sheet)}
    for category in sheet.categories:
        contest = category["contest"]
        hint = t(category["hint"]) if category["hint"] else ""
        absent = _absent(sheet, {"figure": category["id"]})
        if contest and contest["each"]:
            for n, variant in enumerate(slots(sheet, contest["each"]), start=1):
                label = t(category["label"], n=n)
                tag = names.get(variant, "") if variant else ""
                rows.append(Row(label, hint, tag, variant is not None, True, absent=absent))
        elif category.get("round"):  # a row per round, its hint under the first
            rows += round_rows(sheet, category, hint, t)
        else:
            label, variant = t(category["label"]), category["when"]
            name = t(sheet.switch(variant)["label"]) if variant else ""
            # a row that already bears its variant's name (Secret Recruitment) is not tagged with it again
            tag = name if fold(name) != fold(label) else ""
            rows.append(Row(label, hint, tag, shaded=variant is not None, absent=absent))
    rows += [
        Row(t(x["label"]), t(x["hint"]) if x["hint"] else "", strong=x["strong"], absent=_absent(sheet, x))
        for x in sheet.tallies
    ]
    rows += [Row(t(end["label"]), tick=True, absent=_absent(sheet, end["met"])) for end in sheet.outcome["ends"]]
    if sheet.together:
        columns: tuple[Column, ...] = (Column(t("score.team.name"), *TEAM_COLUMN),)
    else:
        columns = tuple(
            Column(t(c.name_key) if c.name_key else c.name, str(c.fields["shape"]), str(c.fields["rgb"]))
            for c in sheet.colours.items
        )
    caption = t("score.pad.members" if sheet.teams or sheet.together else "score.pad.name")
    lines = tuple(_choice_lines(sheet, t))
    return Pad(t(sheet.title), subtitle, caption, columns, tuple(rows), tuple(_notes(sheet, t)), lines)


def _choice_lines(sheet: Sheet, t: Texts) -> list[Line]:
    """A line to write each seat's choice on (its main state), for a choice no category's row
    already scores: the end conditions that read it are ticked, so the choice itself must be
    kept somewhere."""
    scored = frozenset[str]().union(*(_reads(sheet, {"figure": c["id"]}) for c in sheet.categories))
    seats = () if sheet.together else sheet.colours.items
    return [
        Line(
            _caption(t, entry),
            shaded=entry["when"] is not None,
            absent=tuple(i for i, seat in enumerate(seats) if not rules.has_entry(entry, seat.id)),
        )
        for entry in sheet.entries
        if entry["per"] == "player" and entry["kind"] == "choice" and entry["id"] not in scored
    ]


def _caption(t: Texts, entry: dict[str, Any]) -> str:
    """The entry's noun as the questions name it (`score.noun.<noun>`: "Main state"), else its label."""
    try:
        return t(f"score.noun.{entry['noun'].replace(' ', '_')}")
    except MissingText:
        return t(entry["label"])


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
    notes += [Note(t(end["label"]), t(loses_rule(sheet))) for end in instant_losses(sheet)]
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
    if _enters(sheet):
        notes.append(Note(t("score.pad.out"), t("score.pad.out_rule")))
    if variants(sheet):
        notes.append(Note(t("score.pad.variants"), t("score.pad.shaded")))
        notes += [Note(t(v["label"]), t(v["rule"])) for v in variants(sheet)]
    return notes


def _enters(sheet: Sheet) -> bool:
    """Whether a contest says who enters it (`enters`), as written or as a change sets it."""
    written = [c["contest"] for c in sheet.categories if c["contest"]]
    changed = [keys for change in sheet.changes for keys in change["categories"].values()]
    return any(c.get("enters") is not None for c in (*written, *changed))


def _sentence(text: str) -> str:
    """A verdict's reason ("nobody has met …", said after a dash on the page) as the pad's own
    sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]
