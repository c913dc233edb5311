"""`score --interactive` for a game scored by its sheet: the questions are the sheet's entries.

Each answer is checked as it is given (bounds, names); the whole record is checked by
scorerecord, after it has been offered for saving, so a typed-in game is never lost.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import typer
import yaml

from .atomic import atomic_path
from .errors import Finding, InputError
from .i18n import Texts
from .scorecalc import Played
from .scorerecord import MAX_NAME, Names, names, parse
from .scoresheet import Sheet, evaluate_num
from .terminal import clean
from .yamlsrc import Located

T = TypeVar("T")
MAX_ANSWER = 1000  # characters: longer is a paste gone wrong


def interview(sheet: Sheet, t: Texts) -> dict[str, Any]:
    """The answers as record data (ids only), each checked when it is given."""
    low, high = sheet.players
    count = ask(t("score.ask.players", players_min=low, players_max=high), partial(_number, low=low, high=high))
    data: dict[str, Any] = {}
    variants = [s for s in sheet.switches if s["kind"] == "variant"]
    if variants:
        known = Names.of("variant", ((v["id"], [t(v["label"])]) for v in variants))
        offered = ", ".join(t(v["label"]) for v in variants)
        chosen = ask(t("score.ask.variants", variants=offered), partial(_some, known), default="")
        data["variants"] = chosen
    switches = sheet.defaults() | dict.fromkeys(data.get("variants", []), True)
    _, entries = sheet.apply(switches)
    entries = tuple(e for e in entries if e["when"] is None or switches.get(e["when"]) is True)
    colours = names(sheet, ["colours"], t.catalogs, "colour")
    players: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        free = [c.id for c in sheet.colours.items if c.id not in {p["colour"] for p in players}]
        offered = ", ".join(t(f"colour.{c}") for c in free)
        player = {"colour": ask(t("score.ask.colour", n=n, free=offered), partial(_one, colours, allowed=free))}
        name = ask(t("score.ask.name"), _name, default="")
        if name:
            player["name"] = name
        for entry in (e for e in entries if e["per"] == "player"):
            player[entry["id"]] = _entry(sheet, t, entry, count, [])
        players.append(player)
    data["players"] = players
    for entry in (e for e in entries if e["per"] == "game"):
        answer = _entry(sheet, t, entry, count, [p["colour"] for p in players])
        if answer is not None:
            data[entry["id"]] = answer
    return data


def settle(sheet: Sheet, t: Texts, data: dict[str, Any], overrides: Mapping[str, Any]) -> Played:
    """The checked game; the answers are offered for saving first, even if the check then fails."""
    if overrides:
        data = {**data, "options": dict(overrides)}
    offer_save(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None), t)
    return parse(sheet, Located("<interactive>", data), {}, t.catalogs)


def _entry(sheet: Sheet, t: Texts, entry: Mapping[str, Any], players: int, playing: list[str]) -> Any:
    kind, question = entry["kind"], t(entry["ask"])
    if kind == "number":
        low, high = evaluate_num(entry["min"], players), evaluate_num(entry["max"], players)
        default = None if entry["default"] is None else str(evaluate_num(entry["default"], players))
        return ask(question, partial(_number, low=low, high=high), default=default)
    if kind == "yesno":
        return typer.confirm(clean(question), default=False)
    if kind == "holder":
        colours = names(sheet, ["colours"], t.catalogs, "colour")
        return ask(question, partial(_optional, colours, allowed=playing), default="")
    pieces = names(sheet, entry["of"], t.catalogs, sheet.collections[entry["of"][0]].what)
    if kind == "choice":
        allowed = [p for c in entry["of"] for p in sheet.collections[c].by_id if p not in entry["except"]]
        return ask(question, partial(_one, pieces, allowed=allowed))
    if kind == "choices":
        wanted = evaluate_num(entry["count"], players)
        return ask(question, partial(_exactly, pieces, wanted))
    if entry["count_ok"]:
        return ask(question, partial(_count_or_some, pieces), default="0")
    return ask(question, partial(_some, pieces), default="")


def offer_save(text: str, t: Texts) -> None:
    """Asks for a file name until the record is saved or the answer is empty; never overwrites unasked."""
    while True:
        answer = ask(t("score.ask.save"), str.strip, default="")
        if not answer:
            return
        path = Path(answer).expanduser()
        if path.is_dir() or not path.parent.is_dir() or (path.exists() and not path.is_file()):
            typer.echo(f"  {clean(f'{path} cannot be written; give a file name in an existing folder')}")
            continue
        if path.exists() and not typer.confirm(clean(t("score.ask.overwrite", path=path)), default=False):
            continue
        try:
            with atomic_path(path) as temp:
                temp.write_text(text, encoding="utf-8")
        except OSError as exc:
            typer.echo(f"  {clean(f'cannot write {path}: {exc.strerror or exc}')}")
            continue
        typer.echo(clean(t("score.saved", path=path)))
        return


def ask(question: str, parse_answer: Callable[[str], T], default: str | None = None) -> T:
    """Asks again after an answer that cannot be used, saying why."""
    while True:
        try:
            answer = typer.prompt(clean(question), default=default, show_default=bool(default))
        except UnicodeDecodeError:
            raise InputError([Finding("<stdin>", None, "", "not UTF-8 text")]) from None
        try:
            if len(answer) > MAX_ANSWER or any(unicodedata.category(ch) in ("Cc", "Cs") for ch in answer):
                raise ValueError("that answer is too long or holds control characters; please type it again")
            return parse_answer(answer)
        except ValueError as exc:
            typer.echo(f"  {clean(str(exc))}")


def _number(text: str, low: int, high: int) -> int:
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise ValueError(f"a number from {low} to {high}, please")
    return int(text)


def _name(text: str) -> str:
    if len(text.strip()) > MAX_NAME:
        raise ValueError(f"at most {MAX_NAME} characters, please")
    return text.strip()


def _some(known: Names, text: str) -> list[str]:
    found = [known.resolve(part.strip()) for part in text.split(",") if part.strip()]
    twice = sorted({x for x in found if found.count(x) > 1})
    if twice:
        raise ValueError(f"named twice: {', '.join(twice)}")
    if found:
        typer.echo(clean(f"  → {', '.join(found)}"))
    return found


def _one(known: Names, text: str, allowed: list[str]) -> str:
    found = _some(known, text)
    if len(found) != 1 or found[0] not in allowed:
        raise ValueError(f"one {known.what}, please: {', '.join(allowed)}")
    return found[0]


def _optional(known: Names, text: str, allowed: list[str]) -> str | None:
    return _one(known, text, allowed) if text.strip() else None


def _exactly(known: Names, n: int, text: str) -> list[str]:
    found = _some(known, text)
    if len(found) != n:
        raise ValueError(f"{n} different {known.what}s, please")
    return found


def _count_or_some(known: Names, text: str) -> int | list[str]:
    return int(text) if text.strip().isdigit() else _some(known, text)
