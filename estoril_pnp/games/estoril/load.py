"""Reads City of Spies' own files (game, characters, missions, locations) into the typed model."""

from __future__ import annotations

from typing import Any

from ...errors import Finding, InputError, written
from ...i18n.catalogs import Catalogs
from ...source import typed, yamlsrc
from ...source.packfiles import PackFiles
from ...source.yamlsrc import Located
from .model import (
    NUMERALS,
    CharacterFile,
    Estoril,
    FlagsMission,
    Game,
    LocationFile,
    MissionFile,
    NationalityMission,
    SymbolMission,
)

FILES: dict[str, tuple[str, type[typed.Record]]] = {
    "game": ("game.yaml", Game),
    "characters": ("characters.yaml", CharacterFile),
    "missions": ("missions.yaml", MissionFile),
    "locations": ("locations.yaml", LocationFile),
}


def load_estoril(files: PackFiles, catalogs: Catalogs) -> Estoril:
    """The game in the pack's files, or InputError listing every fault found."""
    findings: list[Finding] = []
    sources: dict[str, Located] = {}
    parsed: dict[str, Any] = {}
    for name, (filename, model) in FILES.items():
        try:
            src = yamlsrc.read(files.path(filename))
        except InputError as exc:
            findings += exc.findings
            continue
        sources[name] = src
        try:
            parsed[name] = typed.load(model, src)
        except InputError as exc:
            findings += exc.findings
    if findings:
        raise InputError(findings)
    findings += _check_references(sources, parsed)
    if findings:
        raise InputError(findings)
    chars: CharacterFile = parsed["characters"]
    places: LocationFile = parsed["locations"]
    return Estoril(
        game=parsed["game"],
        starting=chars.starting,
        reward=chars.reward,
        missions=parsed["missions"].missions,
        rules=places.rules,
        locations=places.locations,
        catalogs=catalogs,
    )


def _check_references(src: dict[str, Located], parsed: dict[str, Any]) -> list[Finding]:
    """Cross-file consistency: ids unique, every symbol, flag, rule and numeral known."""
    game: Game = parsed["game"]
    chars: CharacterFile = parsed["characters"]
    out: list[Finding] = []
    flags, symbols = set(game.nationalities), set(game.symbols)

    out += _duplicates(src["game"], "colours", [c.id for c in game.colours], "id")
    out += _duplicates(src["game"], "nationalities", list(game.nationalities))
    out += _duplicates(src["game"], "symbols", list(game.symbols))
    out += _player_counts(src["game"], game, len(parsed["missions"].missions))
    places = len(parsed["locations"].locations)
    if game.locations_per_round > places:
        message = f"{game.grid.rows} × {game.grid.cols} locations a round, but the pack has {places}"
        out.append(src["game"].finding(("grid",), message))
    out += _duplicates(src["game"], "setup", list(game.setup))
    for symbol, ability in game.abilities.items():
        if symbol not in symbols:
            out.append(src["game"].finding(("abilities", symbol), f"unknown symbol '{symbol}'"))
        if ability.reach not in game.reaches:
            out.append(
                src["game"].finding(
                    ("abilities", symbol, "reach"), f"unknown reach '{ability.reach}'; known: {', '.join(game.reaches)}"
                )
            )
    wanted = set(range(game.players.min, game.players.max + 1))
    if set(game.markers_per_player) != wanted:
        out.append(src["game"].finding(("markers_per_player",), f"needs exactly the player counts {sorted(wanted)}"))

    deck = [("starting", c) for c in chars.starting] + [("reward", c) for c in chars.reward]
    seen: dict[str, tuple[str, int]] = {}
    for index, (group, card) in enumerate(deck):
        i = index if group == "starting" else index - len(chars.starting)
        where = (group, i)
        if card.id in seen:
            other = seen[card.id]
            out.append(
                src["characters"].finding((*where, "id"), f"duplicate id '{card.id}' (also {other[0]}[{other[1]}])")
            )
        seen.setdefault(card.id, where)
        if card.nationality not in flags:
            out.append(
                src["characters"].finding(
                    (*where, "nationality"),
                    f"unknown nationality '{card.nationality}'; known: {', '.join(game.nationalities)}",
                )
            )
        for j, sym in enumerate(card.abilities):
            if sym == "woman":
                out.append(
                    src["characters"].finding((*where, "abilities", j), "Woman is not an ability: write 'woman: true'")
                )
            elif sym not in symbols:
                out.append(
                    src["characters"].finding(
                        (*where, "abilities", j), f"unknown symbol '{sym}'; known: {', '.join(game.symbols)}"
                    )
                )
        if len(card.abilities) > 2:
            out.append(src["characters"].finding((*where, "abilities"), "a card carries at most 2 ability symbols"))

    missions = parsed["missions"].missions
    out += _duplicates(src["missions"], "missions", [m.id for m in missions], "id")
    for i, m in enumerate(missions):
        where = ("missions", i)
        if isinstance(m, SymbolMission) and m.symbol not in symbols:
            out.append(src["missions"].finding((*where, "symbol"), f"unknown symbol '{m.symbol}'"))
        if isinstance(m, NationalityMission) and m.nationality not in flags:
            out.append(src["missions"].finding((*where, "nationality"), f"unknown nationality '{m.nationality}'"))
        if isinstance(m, FlagsMission):
            for j, code in enumerate(m.flags):
                if code not in flags:
                    out.append(src["missions"].finding((*where, "flags", j), f"unknown nationality '{code}'"))

    places: LocationFile = parsed["locations"]
    rule_ids = [r.id for r in places.rules]
    out += _duplicates(src["locations"], "rules", rule_ids, "id")
    out += _duplicates(src["locations"], "locations", [p.number for p in places.locations], "number")
    for i, rule in enumerate(places.rules):
        if rule.blocks is not None and rule.blocks not in game.abilities:
            out.append(src["locations"].finding(("rules", i, "blocks"), f"'{rule.blocks}' is not an ability"))
        if rule.bonus is not None and rule.bonus.nationality not in flags:
            out.append(
                src["locations"].finding(
                    ("rules", i, "bonus", "nationality"), f"unknown nationality '{rule.bonus.nationality}'"
                )
            )
    face_up = {r.id for r in places.rules if r.face_up}
    for i, place in enumerate(places.locations):
        where = ("locations", i)
        for j, space in enumerate(place.spaces):
            if space.peek != "none" and space.peek not in game.reaches:
                out.append(
                    src["locations"].finding(
                        (*where, "spaces", j, "peek"),
                        f"unknown peek '{space.peek}'; known: none, {', '.join(game.reaches)}",
                    )
                )
            if place.rule in face_up and space.top_secret:
                out.append(
                    src["locations"].finding(
                        (*where, "spaces", j, "top_secret"), f"rule '{place.rule}' lays every card here face up"
                    )
                )
        if place.rule in face_up and place.reward.top_secret:
            out.append(
                src["locations"].finding(
                    (*where, "reward", "top_secret"), f"rule '{place.rule}' lays every card here face up"
                )
            )
        if place.rule not in rule_ids:
            out.append(
                src["locations"].finding((*where, "rule"), f"unknown rule '{place.rule}'; known: {', '.join(rule_ids)}")
            )
        if len(place.spaces) < game.min_action_spaces:
            out.append(
                src["locations"].finding(
                    (*where, "spaces"),
                    f"{len(place.spaces)} action spaces; a location has at least {game.min_action_spaces}"
                    " (game.yaml: min_action_spaces)",
                )
            )
        numerals = [s.numeral for s in place.spaces]
        expected = list(NUMERALS[: len(numerals)])
        if numerals != expected:
            bad = next(j for j, (a, b) in enumerate(zip(numerals, expected, strict=True)) if a != b)
            out.append(
                src["locations"].finding(
                    (*where, "spaces", bad, "numeral"), f"space numerals must run {', '.join(expected)} in order"
                )
            )
        corners = [place.reward.at] + [s.at for s in place.spaces]
        for j, s in enumerate(place.spaces):
            if corners.count(s.at) > 1:
                out.append(src["locations"].finding((*where, "spaces", j, "at"), f"two spaces share position {s.at}"))
                break
    return out


def _player_counts(src: Located, game: Game, missions: int) -> list[Finding]:
    """Numbers that would make every record impossible, or an interactive question unanswerable."""
    out = []
    least, most = game.players.min, game.players.max
    if least > most:
        out.append(src.finding(("players",), f"min {least} is more than max {most}"))
    if most > len(game.colours):
        out.append(src.finding(("players", "max"), f"{most} players need {most} colours; {len(game.colours)} given"))
    if game.missions_in_play > missions:
        out.append(src.finding(("missions_in_play",), f"{game.missions_in_play} in play, but only {missions} missions"))
    secret = game.secret_missions
    if secret.min_players > most:
        out.append(
            src.finding(
                ("secret_missions", "min_players"),
                f"{secret.min_players} players, but the game takes at most {most}: the variant could never be played",
            )
        )
    elif secret.face_up + most > missions:
        out.append(
            src.finding(
                ("secret_missions", "face_up"),
                f"{secret.face_up} face up + 1 for each of {most} players is more than the {missions} missions",
            )
        )
    return out


def _duplicates(src: Located, key: str, values: list[Any], field: str | None = None) -> list[Finding]:
    out, seen = [], set()
    for i, value in enumerate(values):
        if value in seen:
            path = (key, i, field) if field else (key, i)
            out.append(src.finding(path, f"duplicate {field or 'entry'} {written(value)}"))
        seen.add(value)
    return out
