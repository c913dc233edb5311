"""`score --interactive`: asks for a game record line by line (works from a pipe too).

Every answer is checked as it is given, so a typed-in game is never refused at the end; and
the record is offered for saving before it is checked as a whole or scored.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import typer
import yaml

from ... import answers
from ...atomic import atomic_path
from ...errors import Finding, InputError
from ...i18n import Texts
from ...terminal import clean
from ...yamlsrc import Located
from . import record as records
from .model import Estoril, StrengthMission
from .record import MAX_NAME, VARIANTS, Names, Record, Vocabulary, missions_wanted

T = TypeVar("T")
MAX_ANSWER = 1000  # characters: longer is a paste gone wrong


def interview(pack: Estoril, t: Texts) -> dict[str, Any]:
    """The answers as record data (ids only), each checked when it is given."""
    names = Vocabulary.of(pack, t.lang)  # asked and echoed in the language; any language's titles understood
    game = pack.game
    count = _ask(t("score.ask.players"), partial(_number, low=game.players.min, high=game.players.max))
    pick_variants = partial(_variants, names.variants, players=count, least=game.secret_missions.min_players)
    offered = ", ".join(names.variants.shown[v] for v in VARIANTS)
    variants = _ask(t("score.ask.variants", variants=offered), pick_variants, default="")
    players: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        players.append(_player(pack, names, t, n, count, players, "secret_recruitment" in variants))
    wanted = missions_wanted(game, count, variants)
    free = [m.id for m in pack.missions if m.id not in {p.get("recruitment") for p in players}]
    missions = _ask(t("score.ask.missions", n=wanted), partial(_missions, names.missions, wanted, free))
    playing = [p["colour"] for p in players]
    enigma = _ask(t("score.ask.enigma"), partial(_optional, names.colours, allowed=playing), default="")
    data: dict[str, Any] = {"players": players, "missions": missions, "variants": variants}
    if enigma:
        data["enigma"] = enigma
    return data


def settle(pack: Estoril, t: Texts, data: dict[str, Any], options: Mapping[str, Any]) -> Record:
    """The checked record; the answers are offered for saving first, even if the check then fails."""
    if options:
        data = {**data, "options": dict(options)}
    try:
        record = records.parse(pack, Located("<interactive>", data))
    except InputError:
        offer_save(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None), t)
        raise
    offer_save(records.dump(record), t)
    return record


def _player(
    pack: Estoril, names: Vocabulary, t: Texts, n: int, count: int, before: list[dict[str, Any]], recruiting: bool
) -> dict[str, Any]:
    free = [c for c in names.colours.shown if c not in {p["colour"] for p in before}]
    offered = ", ".join(names.colours.shown[c] for c in free)
    colour = _ask(t("score.ask.colour", n=n, free=offered), partial(_one_of, names.colours, allowed=free))
    player: dict[str, Any] = {"colour": colour}
    name = _ask(t("score.ask.name"), _name, default="")
    if name:
        player["name"] = name
    # reward cards are unique in the whole game; starting cards only within one player
    taken = {c for p in before for c in (*p["hand"], *_listed(p["discards"])) if c not in pack.starting_ids}
    hand = _ask(t("score.ask.hand"), partial(_cards, names, taken=taken, limit=pack.game.hand_limit), default="")
    player["hand"] = hand
    # no more characters than exist: this player's own, and all players' together
    room = records.most_cards(pack) - len(hand)
    held = sum(len(p["hand"]) + _count(p["discards"]) for p in before) + len(hand)
    room = min(room, count * len(pack.starting) + len(pack.reward) - held)
    discards = partial(_discards, names, taken=taken | set(hand), as_list=recruiting, most=room)
    player["discards"] = _ask(t("score.ask.discards"), discards, default="" if recruiting else "0")
    if recruiting:
        taken_missions = {p.get("recruitment") for p in before}
        allowed = [m.id for m in pack.missions if not isinstance(m, StrengthMission) and m.id not in taken_missions]
        player["recruitment"] = _ask(t("score.ask.recruitment"), partial(_one_of, names.missions, allowed=allowed))
    return player


def offer_save(text: str, t: Texts) -> None:
    """Asks for a file name until the record is saved or the answer is empty; never overwrites unasked."""
    while True:
        answer = _ask(t("score.ask.save"), str.strip, default="")
        if not answer:
            return
        path = Path(answer).expanduser()
        problem = _unusable(path)
        if problem:
            typer.echo(f"  {clean(problem)}")
            continue
        if path.exists() and not answers.confirm(t("score.ask.overwrite", path=path), t):
            continue
        try:
            with atomic_path(path) as temp:
                temp.write_text(text, encoding="utf-8")
        except OSError as exc:  # a folder we may not write in, a full disk: ask for another place
            typer.echo(f"  {clean(f'cannot write {path}: {exc.strerror or exc}')}")
            continue
        typer.echo(clean(t("score.saved", path=path)))
        return


def _unusable(path: Path) -> str | None:
    """Why `path` cannot take the record, or None."""
    if path.is_dir():
        return f"{path} is a folder; give a file name"
    if not path.parent.is_dir():
        return f"there is no folder {path.parent}"
    if path.exists() and not path.is_file():
        return f"{path} is not a regular file"
    return None


def _ask(question: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Asks again after an answer that cannot be used, saying why."""
    while True:
        try:
            answer = typer.prompt(clean(question), default=default, show_default=bool(default))
        except UnicodeDecodeError:  # the terminal or pipe sent bytes that are not UTF-8
            raise InputError([Finding("<stdin>", None, "", "not UTF-8 text")]) from None
        try:
            return parse(_typed(answer))
        except ValueError as exc:
            typer.echo(f"  {clean(str(exc))}")


def _typed(answer: str) -> str:
    """The answer, if it is text a person typed: no control characters (arrow keys), not a runaway paste."""
    if len(answer) > MAX_ANSWER:
        raise ValueError(f"that answer is {len(answer)} characters long; at most {MAX_ANSWER}, please")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in answer):
        raise ValueError("that answer holds control characters (arrow keys?); please type it again")
    return answer


def _number(text: str, low: int, high: int) -> int:
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise ValueError(f"a number from {low} to {high}, please")
    return int(text)


def _name(text: str) -> str:
    if len(text.strip()) > MAX_NAME:
        raise ValueError(f"at most {MAX_NAME} characters, please")
    return text.strip()


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
        typer.echo(clean(f"  → {', '.join(map(names.label, found))}"))
    return found


def _variants(names: Names, text: str, players: int, least: int) -> list[str]:
    """Variants, checked against the number of players at once."""
    found = _names(names, text)
    if "secret_missions" in found and players < least:
        raise ValueError(f"secret_missions needs at least {least} players; this game has {players}")
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


def _discards(names: Vocabulary, text: str, taken: set[str], as_list: bool, most: int) -> int | list[str]:
    """A number of cards, or their names; Secret Recruitment needs the names."""
    found = _cards(names, text, taken) if not text.strip().isdigit() else None
    if found is None and as_list:
        raise ValueError("secret_recruitment needs the discarded characters by name")
    count = int(text) if found is None else len(found)
    if count > most:
        raise ValueError(f"at most {max(most, 0)} discards: no more characters exist")
    return int(text) if found is None else found


def _listed(discards: int | list[str]) -> list[str]:
    return [] if isinstance(discards, int) else discards


def _count(discards: int | list[str]) -> int:
    return discards if isinstance(discards, int) else len(discards)
