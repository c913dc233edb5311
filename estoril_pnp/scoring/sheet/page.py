"""The checked sheet as the page and the catalogs see it: the catalog keys it shows and requires,
the placeholders of its texts, and `resolved()`: the sheet and every piece and text it needs as
plain JSON, which the phone page scores from alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...i18n.catalogs import ENGINE_WORDS, Catalogs, MissingText, Texts
from .model import VERSION, Piece, Sheet


def catalog_keys(sheet: Sheet) -> list[str]:
    """The catalog keys the pack must have: every one the sheet's writer wrote. A key left to its
    default (Sheet.unwritten) and the engine's own words (i18n's ENGINE_WORDS, from the shipped
    catalogs) are not required."""
    return [k for k in shown_keys(sheet) if k not in sheet.unwritten and not k.startswith(ENGINE_WORDS)]


def shown_keys(sheet: Sheet) -> list[str]:
    """Every catalog key the table, the pad, the questions and the phone page show for the sheet."""
    keys = [sheet.title, *([sheet.legend] if sheet.legend else [])]
    for c in sheet.categories:
        keys += [c["label"], *([c["hint"]] if c["hint"] else [])]
    for e in sheet.entries:
        keys += [e["ask"], e["label"]]
    for s in sheet.switches:
        keys += [s["label"], s["rule"], *option_value_keys(s)]
    for x in sheet.tallies:
        keys += [x["label"], *([x["hint"]] if x["hint"] else [])]
    ranking = sheet.ranking
    keys += [ranking["why"], ranking["shared"]["label"], ranking["shared"]["why"]]
    keys += [k for tb in ranking["tiebreaks"] for k in (tb["label"], tb["why"])]
    outcome = sheet.outcome
    keys += [k for end in outcome["ends"] for k in (end["label"], end["why"])]
    keys += [outcome["otherwise"]["label"], outcome["otherwise"]["why"], *(c["message"] for c in sheet.checks)]
    if sheet.together:
        keys += ["score.team.name", "score.team.won", "score.team.lost"]
    keys += [p.name_key for c in sheet.collections.values() for p in c.items if p.name_key]
    keys += ["score.rank", "score.winner", "score.winners", "score.pad.name", "score.pad.ties"]
    keys += instant_keys(sheet)
    keys += [f"{sheet.points}.other"] if sheet.points else []
    keys = [k for k in keys if k]  # a co-operative game's ranking names nothing
    # the questions' own words (score.ask.players, answer.*) are the page's and the scorer's own
    if any(s["kind"] == "variant" for s in sheet.switches):
        keys += ["score.pad.variants", "score.pad.shaded", "score.ask.variants"]
    if sheet.rounds:  # a row, a question, an input per round: "Bid, round 3"
        keys += ["score.round"]
    return list(dict.fromkeys(keys))


def instant_keys(sheet: Sheet) -> list[str]:
    """The engine's words for an instant loss (`result: lose` in a competitive game): the verdict's
    who is left to win, or that nobody is, and the pad's rule (said for two sides, or for more)."""
    return ["score.instant.wins", "score.instant.nobody", loses_rule(sheet)] if instant_losses(sheet) else []


def loses_rule(sheet: Sheet) -> str:
    """The pad's rule for an instant loss, said for two sides (the other wins) or for more."""
    return "score.pad.loses_two" if sheet.players[1] == 2 else "score.pad.loses"


def instant_losses(sheet: Sheet) -> list[dict[str, Any]]:
    """The end conditions a seat loses by at once: `result: lose` in a competitive game."""
    return [] if sheet.together else [e for e in sheet.outcome["ends"] if e["result"] == "lose"]


CHECK_VALUES = frozenset({"value", "least", "most"})  # what a check's message may say
END_VALUES = frozenset({"names"})  # what an end's `why` may say: the seats that meet it
ROUND_CHECK_VALUES = CHECK_VALUES | {"round"}  # and a round check's: which round fails it


def call_values(sheet: Sheet) -> dict[str, frozenset[str]]:
    """The placeholders the scorer fills in the sheet's own texts: a check's message, and a
    `choices` question how many to name (scoring/ask.py)."""
    asked = {e["ask"]: frozenset({"n"}) for e in sheet.entries if e["kind"] == "choices"}
    ends = {e["why"]: END_VALUES for e in sheet.outcome["ends"] if not sheet.together}
    checks = {c["message"]: ROUND_CHECK_VALUES if c.get("round") else CHECK_VALUES for c in sheet.checks}
    return asked | ends | checks


def option_value_keys(switch: Mapping[str, Any]) -> list[str]:
    """The catalog keys naming a valued option's values (the phone page's house rules)."""
    return [f"score.variant.{switch['id']}.value.{v}" for v in switch.get("values") or ()]


def plurals(sheet: Sheet) -> tuple[str, ...]:
    """The texts the page says with a form per CLDR plural category: the verdict's total."""
    return (sheet.points,) if sheet.points else ()


def resolved(sheet: Sheet, catalogs: Catalogs, shipped: Callable[[], Catalogs] | None = None) -> dict[str, Any]:
    """The sheet and every piece and text it needs as plain JSON data: a client (the phone page)
    scores from this alone, with the semantics of docs/score-sheet.md. Texts are looked up as
    the scorer does (Texts: the language, English, the `shipped` engine words, the sheet's defaults)."""
    words = {lang: Texts(catalogs, lang, shipped=shipped, defaults=sheet.unwritten) for lang in sorted(catalogs)}
    # a plural's forms (score.points.one …), not a key that only begins alike (score.points_won)
    stems = plurals(sheet)
    keys = [k for k in shown_keys(sheet) if not k.startswith(tuple(f"{stem}." for stem in stems))]

    def look_up(t: Texts, key: str) -> str | None:
        try:
            return t.raw(key)
        except MissingText:  # a fault validate reports
            return None

    def texts(t: Texts) -> dict[str, Any]:
        out: dict[str, Any] = {k: text for k in keys if (text := look_up(t, k)) is not None}
        return out | {stem: t.forms(stem) for stem in stems}

    def name(piece: Piece) -> dict[str, str]:
        found = {lang: look_up(t, piece.name_key) if piece.name_key else None for lang, t in words.items()}
        return {lang: text or piece.name for lang, text in found.items()}

    return {
        "sheet": VERSION,
        "languages": sorted(catalogs),
        "texts": {lang: texts(t) for lang, t in words.items()},
        "numbers": dict(sheet.numbers),
        "players": {"min": sheet.players[0], "max": sheet.players[1]},
        "title": sheet.title,
        "legend": sheet.legend,
        "points": sheet.points,
        "pieces": {
            c.id: {
                "once": c.once,
                "what": c.what,
                "items": [
                    {"id": p.id, "name": name(p), "fields": dict(p.fields), "symbols": list(p.symbols)} for p in c.items
                ],
            }
            for c in sheet.collections.values()
        },
        "measures": dict(sheet.measures),
        "entries": list(sheet.entries),
        "switches": list(sheet.switches),
        "categories": list(sheet.categories),
        "changes": list(sheet.changes),
        "figures": dict(sheet.figures),
        "tallies": list(sheet.tallies),
        "ranking": dict(sheet.ranking),
        "order": list(sheet.order),
        "steps": [{"step": step.kind, "id": step.id} for step in sheet.steps],
        "teams": None if sheet.teams is None else {"min": sheet.teams[0], "max": sheet.teams[1]},
        "outcome": dict(sheet.outcome),
        "checks": list(sheet.checks),
        **({"rounds": {"count": sheet.rounds}} if sheet.rounds else {}),  # only a sheet with rounds
    }
