"""`score --interactive`: the score sheet's entries asked line by line (works from a pipe too).

Every answer is checked as it is given against what the sheet says (bounds, pieces named at
most `once`, no more pieces than exist, a switch's player counts, a team's members), so a
typed-in game is refused at the end only by the sheet's own `checks`, which read several
answers together, and then in the asked language; the record is offered for saving first.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import typer

from ..errors import Finding, InputError
from ..files.atomic import atomic_path
from ..i18n import answers
from ..i18n.catalogs import MissingText, Texts
from ..source.yamlsrc import Located
from ..terminal import clean
from . import rules
from .calc import Played, needs_pieces
from .record import MAX_NAME, AmbiguousName, Names, Unresolved, names, parse, variant_names
from .sheet import Sheet

T = TypeVar("T")
MAX_ANSWER = 1000  # characters: longer is a paste gone wrong
WHOLE = re.compile(r"-?[0-9]+")  # a number typed in: a score before the last hand may be below 0


def interview(sheet: Sheet, t: Texts) -> dict[str, Any]:
    """The answers as record data (ids only), each checked when it is given."""
    low, high = sheet.players
    count = low  # a game for a fixed number of players does not ask how many play
    if high > low:
        question = t("score.ask.teams" if sheet.teams else "score.ask.players", players_min=low, players_max=high)
        count = ask(question, partial(_number, t, low=low, high=high), t)
    data: dict[str, Any] = {}
    variants = [s for s in sheet.switches if s["kind"] == "variant"]
    if variants:
        known = variant_names(sheet, t.catalogs, t)
        offered = ", ".join(t(v["label"]) for v in variants)
        pick = partial(_variants, t, known, sheet=sheet, players=count)
        data["variants"] = ask(t("score.ask.variants", variants=offered), pick, t, default="")
    switches = sheet.defaults() | dict.fromkeys(data.get("variants", []), True)
    _, entries = sheet.apply(switches, count)
    entries = tuple(e for e in entries if rules.in_play(e, switches))
    session = _Session(sheet, t, count, needs_pieces(sheet, switches, count))
    players: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        players.append(session.player(n, players, [e for e in entries if e["per"] == "player" and not e.get("round")]))
    session.rounds(players, [e for e in entries if e.get("round")])
    data["players"] = players
    for entry in (e for e in entries if e["per"] == "game"):
        answer = session.entry(entry, {}, [p["colour"] for p in players])
        if answer is not None and answer != {}:
            data[entry["id"]] = answer
    if not data.get("variants"):
        data.pop("variants", None)
    return {"players": data.pop("players"), **data}


def settle(sheet: Sheet, t: Texts, data: dict[str, Any], overrides: Mapping[str, Any]) -> Played:
    """The checked game; the answers are offered for saving first, even if the check then fails."""
    if overrides:
        data = {**data, "options": dict(overrides)}
    from ..source.yamlparse import dump  # PyYAML's import, only once there is a record to save

    offer_save(dump(data), t)
    # a refused check is said in the sheet's words of the asked language: its catalog in English's place
    asked = {**t.catalogs, "en": {**t.catalogs.get("en", {}), **t.catalogs.get(t.lang, {})}}
    return parse(sheet, Located("<interactive>", data), {}, asked)


class _Session:
    """What has been answered so far: the pieces already named, and how many each player holds."""

    def __init__(self, sheet: Sheet, t: Texts, players: int, listed: frozenset[str]):
        self.sheet, self.t, self.players, self.listed = sheet, t, players, listed
        self.taken: set[str] = set()  # pieces of `once: game` collections named by anyone
        self.held: dict[tuple[str, ...], int] = {}  # collections of per-player pieces -> pieces held by all

    def player(self, n: int, before: list[dict[str, Any]], entries: list[dict[str, Any]]) -> dict[str, Any]:
        sheet, t = self.sheet, self.t
        colours = _colours(sheet, t)
        free = [c.id for c in sheet.colours.items if c.id not in {p["colour"] for p in before}]
        offered = ", ".join(colours.shown[c] for c in free)
        question = t("score.ask.team" if sheet.teams else "score.ask.colour", n=n, free=offered)
        player: dict[str, Any] = {"colour": ask(question, partial(_one, t, colours, allowed=free), t)}
        if sheet.teams:  # a seat is a team: its members instead of a name
            low, high = sheet.teams
            question = t("score.ask.members_exact", n=low) if low == high else t("score.ask.members", min=low, max=high)
            player["members"] = ask(question, partial(_members, t, low=low, high=high), t)
        elif name := ask(t("score.ask.name"), partial(_name, t), t, default=""):
            player["name"] = name
        mine: set[str] = set()  # this player's own pieces, once each
        held: dict[tuple[str, ...], int] = {}
        for entry in entries:
            if rules.has_entry(entry, player["colour"]):  # another seat's entry is not asked
                player[entry["id"]] = self.entry(entry, {"mine": mine, "held": held, "seat": player["colour"]}, [])
        return player

    def rounds(self, players: list[dict[str, Any]], entries: list[dict[str, Any]]) -> None:
        """The round entries, asked round by round, in each round seat by seat: "Red: bid, round 3"."""
        if not entries:
            return
        t, shown = self.t, _colours(self.sheet, self.t).shown
        for p in players:
            p.update({e["id"]: [] for e in entries if rules.has_entry(e, p["colour"])})
        for r in range(1, (self.sheet.rounds or 0) + 1):
            for p in players:
                for e in (e for e in entries if e["id"] in p):
                    low, high = rules.bounds(e, self.players, r)
                    default = rules.default(e, self.players, r)
                    question = f"  {shown[p['colour']]}: {t('score.round', label=t(e['ask']).strip(), round=r)}"
                    number = partial(_number, t, low=low, high=high)
                    p[e["id"]].append(ask(question, number, t, default=None if default is None else str(default)))

    def entry(self, entry: Mapping[str, Any], own: dict[str, Any], playing: list[str]) -> Any:
        sheet, t, kind = self.sheet, self.t, entry["kind"]
        question = t(entry["ask"])
        if entry["per"] == "player" and not question.startswith(" "):  # under its player, as the name
            question = f"  {question}"
        if kind == "number":
            low, high = rules.bounds(entry, self.players)
            default = rules.default(entry, self.players)
            shown = None if default is None else str(default)
            return ask(question, partial(_number, t, low=low, high=high), t, default=shown)
        if kind == "yesno":
            return answers.confirm(question, t)
        if kind == "holder":
            colours = _colours(sheet, t)
            return ask(question, partial(_optional, t, colours, allowed=playing), t, default="")
        if kind == "holders":
            return self.holders(entry, question, playing)
        known = names(sheet, entry["of"], t.catalogs, entry["noun"], t.lang)
        allowed = [p for p in known.shown if p not in entry.get("except", ()) and p not in self.taken]
        if "seat" in own:  # a player's choice: only the pieces that seat may choose (`mine`)
            allowed = [p for p in allowed if rules.may_choose(sheet, entry, p, own["seat"])]
        if kind == "choice":
            found = ask(question, partial(_one, t, known, allowed=allowed), t)
        elif kind == "choices":
            low, high = rules.choosable(self.sheet, entry, self.players)
            # with none allowed, an empty answer is none (a prompt without a default asks again)
            found = ask(
                t(entry["ask"], n=high), partial(_choices, t, known, (low, high), allowed), t, "" if low == 0 else None
            )
        else:
            found = ask(
                question,
                partial(self.pieces, entry, known, own),
                t,
                default="" if entry["id"] in self.listed or not entry["count_ok"] else "0",
            )
        self.note(found, own)
        return found

    def holders(self, entry: Mapping[str, Any], question: str, playing: list[str]) -> dict[str, str]:
        """Who holds each piece of the entry's collection, asked piece by piece (empty: nobody)."""
        t = self.t
        typer.echo(clean(question))
        known = names(self.sheet, entry["of"], t.catalogs, entry["noun"], t.lang)
        colours = _colours(self.sheet, t)
        held: dict[str, str] = {}
        for ident in known.shown:
            seat = ask(f"  {known.shown[ident]}", partial(_optional, t, colours, allowed=playing), t, default="")
            if seat is not None:
                held[ident] = seat
        return held

    def pieces(self, entry: Mapping[str, Any], known: Names, own: dict[str, Any], text: str) -> int | list[str]:
        """A list of pieces (or, where a number will do, how many): never more than exist."""
        t, group, label = self.t, tuple(entry["of"]), self.t(entry["label"])
        counted = entry["count_ok"] and text.strip().isdigit()
        if counted and entry["id"] in self.listed:
            raise ValueError(t("score.answer.names_needed", entry=label))
        found: int | list[str] = int(text) if counted else _cards(t, known, text, self.taken | own.get("mine", set()))
        number = found if isinstance(found, int) else len(found)
        most = rules.most(entry, self.players)
        if most is not None and number > most:
            raise ValueError(t("score.answer.most", entry=label, n=most))
        each, together = rules.room(self.sheet, group, self.players)
        room = min(each - own.get("held", {}).get(group, 0), together - self.held.get(group, 0))
        if number > room:
            raise ValueError(t("score.answer.no_more", entry=label, n=max(room, 0)))
        own.setdefault("held", {})[group] = own.get("held", {}).get(group, 0) + number
        self.held[group] = self.held.get(group, 0) + number
        return found

    def note(self, found: Any, own: dict[str, Any]) -> None:
        """Pieces now named: a `once: game` piece for everyone, a `once: player` one for this player."""
        ids = [found] if isinstance(found, str) else found if isinstance(found, list) else []
        owners = rules.owners(self.sheet)
        for ident in ids:
            once = owners[ident].once
            if once == "game":
                self.taken.add(ident)
            elif once == "player":
                own.setdefault("mine", set()).add(ident)


def _colours(sheet: Sheet, t: Texts) -> Names:
    """The seats' colours as the table names them: the pack's word, else the engine's, else the id."""
    shown = {p.name_key: t(p.name_key) for p in sheet.colours.items if p.name_key}
    return names(sheet, ["colours"], {**t.catalogs, t.lang: {**shown, **t.catalogs.get(t.lang, {})}}, "colour", t.lang)


def offer_save(text: str, t: Texts) -> None:
    """Asks for a file name until the record is saved or the answer is empty; never overwrites unasked."""
    while True:
        answer = ask(t("score.ask.save"), str.strip, t, default="")
        if not answer:
            return
        path = Path(answer).expanduser()
        problem = _unusable(path, t)
        if problem:
            typer.echo(f"  {clean(problem)}")
            continue
        if path.exists() and not answers.confirm(t("score.ask.overwrite", path=path), t):
            continue
        try:
            with atomic_path(path) as temp:
                temp.write_text(text, encoding="utf-8")
        except OSError as exc:  # a folder we may not write in, a full disk: ask for another place
            typer.echo(f"  {clean(t('score.answer.cannot_write', path=path, reason=exc.strerror or exc))}")
            continue
        typer.echo(clean(t("score.saved", path=path)))
        return


def _unusable(path: Path, t: Texts) -> str | None:
    """Why `path` cannot take the record, or None."""
    if path.is_dir():
        return t("score.answer.folder", path=path)
    if not path.parent.is_dir():
        return t("score.answer.no_folder", path=path.parent)
    if path.exists() and not path.is_file():
        return t("score.answer.not_file", path=path)
    return None


def ask(question: str, parse_answer: Callable[[str], T], t: Texts, default: str | None = None) -> T:
    """Asks again after an answer that cannot be used, saying why."""
    while True:
        try:
            answer = typer.prompt(clean(question), default=default, show_default=bool(default))
        except UnicodeDecodeError:  # the terminal or pipe sent bytes that are not UTF-8
            raise InputError([Finding("<stdin>", None, "", "not UTF-8 text")]) from None
        try:
            return parse_answer(_typed(t, answer))
        except ValueError as exc:
            typer.echo(f"  {clean(str(exc))}")


def _typed(t: Texts, answer: str) -> str:
    """The answer, if it is text a person typed: no control characters (arrow keys), not a runaway paste."""
    if len(answer) > MAX_ANSWER:
        raise ValueError(t("score.answer.too_long", length=len(answer), n=MAX_ANSWER))
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in answer):
        raise ValueError(t("score.answer.control"))
    return answer


def _number(t: Texts, text: str, low: int, high: int) -> int:
    if not WHOLE.fullmatch(text.strip()) or not low <= int(text) <= high:
        raise ValueError(t("score.answer.number", min=low, max=high))
    return int(text)


def _name(t: Texts, text: str) -> str:
    if len(text.strip()) > MAX_NAME:
        raise ValueError(t("score.answer.name_long", n=MAX_NAME))
    return text.strip()


def _members(t: Texts, text: str, low: int, high: int) -> list[str]:
    found = [m.strip() for m in text.split(",") if m.strip()]
    if low == high != len(found):
        raise ValueError(t("score.answer.members_exact", n=len(found), count=low))
    if not low <= len(found) <= high:
        raise ValueError(t("score.answer.members", n=len(found), min=low, max=high))
    return [_name(t, m) for m in found]


def _noun(t: Texts, what: str) -> str:
    """The sheet's noun for a kind of piece in the player's language (`score.noun.<noun>`), else as written."""
    try:
        return t(f"score.noun.{what.replace(' ', '_')}")
    except MissingText:
        return what


def _names(t: Texts, known: Names, text: str) -> list[str]:
    """Comma-separated names: exact, a unique part, or a single close spelling (shown back)."""
    found = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            found.append(known.resolve(part))
        except Unresolved as exc:
            if isinstance(exc, AmbiguousName) or len(exc.candidates) != 1:
                raise ValueError(_unresolved(t, known, exc)) from None
            found.append(exc.candidates[0])
    if found:
        typer.echo(clean(f"  → {t.list(map(known.printed, found))}"))
    return found


def _unresolved(t: Texts, known: Names, exc: Unresolved) -> str:
    """The name that named no one piece, said in the player's language."""
    what, text = _noun(t, known.what), exc.text.strip()
    offered = t.list(map(known.printed, exc.candidates), "or")
    if isinstance(exc, AmbiguousName):
        return t("score.answer.ambiguous", what=what, text=text, names=offered)
    unknown = t("score.answer.unknown", what=what, text=text)
    return f"{unknown} {t('score.answer.did_you_mean', names=offered)}" if exc.candidates else unknown


def _variants(t: Texts, known: Names, text: str, sheet: Sheet, players: int) -> list[str]:
    """Variants, checked against the number of players at once."""
    found = _names(t, known, text)
    for ident in found:
        outside = rules.players_outside(sheet.switch(ident), players)
        if outside is not None:
            bound, n = outside
            key = "score.answer.players_min" if bound == "min" else "score.answer.players_max"
            raise ValueError(t(key, variant=known.printed(ident), n=n, players=players))
    return found


def _one(t: Texts, known: Names, text: str, allowed: list[str]) -> str:
    found = _names(t, known, text)
    if len(found) != 1 or found[0] not in allowed:
        offered = t.list(map(known.printed, allowed), "or")
        raise ValueError(t("score.answer.one", what=_noun(t, known.what), names=offered))
    return found[0]


def _optional(t: Texts, known: Names, text: str, allowed: list[str]) -> str | None:
    return _one(t, known, text, allowed) if text.strip() else None


def _choices(t: Texts, known: Names, wanted: tuple[int, int], allowed: list[str], text: str) -> list[str]:
    found = _names(t, known, text)
    low, high = wanted
    if not low <= len(found) <= high or len(set(found)) != len(found) or not set(found) <= set(allowed):
        offered = t.list(map(known.printed, allowed))
        what = _noun(t, known.what)
        if low == high:
            raise ValueError(t("score.answer.choices", what=what, n=low, names=offered))
        raise ValueError(t("score.answer.choices_between", what=what, least=low, most=high, names=offered))
    return found


def _cards(t: Texts, known: Names, text: str, taken: set[str]) -> list[str]:
    found = _names(t, known, text)
    twice = [c for c in found if c in taken or found.count(c) > 1]
    if twice:
        raise ValueError(t("score.answer.taken", names=t.list(map(known.printed, dict.fromkeys(twice)))))
    return found
