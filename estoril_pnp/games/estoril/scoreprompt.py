"""`score --interactive`: asks for a game record line by line (works from a pipe too)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import typer

from ...i18n import Texts
from ...yamlsrc import Located
from . import record as records
from .model import Estoril, StrengthMission
from .record import VARIANTS, Names, Record, Vocabulary, missions_wanted

T = TypeVar("T")


def interview(pack: Estoril, t: Texts) -> Record:
    """Asks until every answer makes sense; the whole record is then checked as a file would be."""
    names = Vocabulary.of(pack)
    game = pack.game
    count = _ask(t("score.ask.players"), partial(_number, low=game.players.min, high=game.players.max))
    variants = _ask(t("score.ask.variants", variants=", ".join(VARIANTS)), partial(_names, names.variants), default="")
    players: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        players.append(_player(pack, names, t, n, players, "secret_recruitment" in variants))
    wanted = missions_wanted(game, count, variants)
    free = [m.id for m in pack.missions if m.id not in {p.get("recruitment") for p in players}]
    missions = _ask(t("score.ask.missions", n=wanted), partial(_missions, names.missions, wanted, free))
    playing = [p["colour"] for p in players]
    enigma = _ask(t("score.ask.enigma"), partial(_optional, names.colours, allowed=playing), default="")
    data: dict[str, Any] = {"players": players, "missions": missions, "variants": variants}
    if enigma:
        data["enigma"] = enigma
    return records.parse(pack, Located("<interactive>", data))


def _player(
    pack: Estoril, names: Vocabulary, t: Texts, n: int, before: list[dict[str, Any]], recruiting: bool
) -> dict[str, Any]:
    free = [c for c in names.colours.shown if c not in {p["colour"] for p in before}]
    colour = _ask(t("score.ask.colour", n=n, free=", ".join(free)), partial(_one_of, names.colours, allowed=free))
    player: dict[str, Any] = {"colour": colour}
    name = _ask(t("score.ask.name"), str.strip, default="")
    if name:
        player["name"] = name
    # reward cards are unique in the whole game; starting cards only within one player
    taken = {c for p in before for c in (*p["hand"], *_listed(p["discards"])) if c not in pack.starting_ids}
    hand = _ask(t("score.ask.hand"), partial(_cards, names, taken=taken, limit=pack.game.hand_limit), default="")
    player["hand"] = hand
    discards = partial(_discards, names, taken=taken | set(hand), as_list=recruiting)
    player["discards"] = _ask(t("score.ask.discards"), discards, default="" if recruiting else "0")
    if recruiting:
        taken_missions = {p.get("recruitment") for p in before}
        allowed = [m.id for m in pack.missions if not isinstance(m, StrengthMission) and m.id not in taken_missions]
        player["recruitment"] = _ask(t("score.ask.recruitment"), partial(_one_of, names.missions, allowed=allowed))
    return player


def offer_save(record: Record, t: Texts) -> None:
    answer = typer.prompt(t("score.ask.save"), default="", show_default=False).strip()
    if answer:
        Path(answer).write_text(records.dump(record), encoding="utf-8")
        typer.echo(t("score.saved", path=answer))


def _ask(question: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Asks again after an answer that cannot be used, saying why."""
    while True:
        answer = typer.prompt(question, default=default, show_default=bool(default))
        try:
            return parse(answer)
        except ValueError as exc:
            typer.echo(f"  {exc}")


def _number(text: str, low: int, high: int) -> int:
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise ValueError(f"a number from {low} to {high}, please")
    return int(text)


def _names(names: Names, text: str) -> list[str]:
    """Comma-separated names: exact, a unique part, or a single close spelling (shown back)."""
    found = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            found.append(names.resolve(part))
        except ValueError:
            close = names.closest(part)
            if names.matches(part) or len(close) != 1:
                raise
            found.append(close[0])
    if found:
        typer.echo(f"  → {', '.join(map(names.label, found))}")
    return found


def _one_of(names: Names, text: str, allowed: list[str]) -> str:
    found = _names(names, text)
    if len(found) != 1 or found[0] not in allowed:
        raise ValueError(f"one {names.what}, please: {', '.join(allowed)}")
    return found[0]


def _optional(names: Names, text: str, allowed: list[str]) -> str | None:
    return _one_of(names, text, allowed) if text.strip() else None


def _missions(names: Names, n: int, allowed: list[str], text: str) -> list[str]:
    found = _names(names, text)
    if len(found) != n or len(set(found)) != n or not set(found) <= set(allowed):
        raise ValueError(f"{n} different missions, please, of: {', '.join(allowed)}")
    return found


def _cards(names: Vocabulary, text: str, taken: set[str], limit: int | None = None) -> list[str]:
    found = _names(names.characters, text)
    if limit is not None and len(found) > limit:
        raise ValueError(f"at most {limit} characters in hand")
    twice = [c for c in found if c in taken or found.count(c) > 1]
    if twice:
        raise ValueError(f"already taken: {', '.join(map(names.characters.label, dict.fromkeys(twice)))}")
    return found


def _discards(names: Vocabulary, text: str, taken: set[str], as_list: bool) -> int | list[str]:
    """A number of cards, or their names; Secret Recruitment needs the names."""
    if not text.strip().isdigit():
        return _cards(names, text, taken)
    if as_list:
        raise ValueError("secret_recruitment needs the discarded characters by name")
    return int(text)


def _listed(discards: int | list[str]) -> list[str]:
    return [] if isinstance(discards, int) else discards
