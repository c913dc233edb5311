"""Translated text: a language's catalog with English as fallback, numbers from the game."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cached_property

from .errors import Finding, InputError
from .model import Pack

FALLBACK = "en"

# The values the code passes with a key, beyond the game numbers every text may use.
# A catalog text may use these and nothing else; `validate` holds every catalog to it.
CALL_VALUES: Mapping[str, frozenset[str]] = {
    "sheets.calibration.front": frozenset({"paper", "backs", "x", "y"}),
    "sheets.calibration.back": frozenset({"paper", "backs", "x", "y"}),
    "score.winner": frozenset({"names"}),
    "score.winners": frozenset({"names"}),
    "score.saved": frozenset({"path"}),
    "score.ask.variants": frozenset({"variants"}),
    "score.ask.colour": frozenset({"n", "free"}),
    "score.ask.missions": frozenset({"n"}),
    "score.ask.overwrite": frozenset({"path"}),
}

# `{{` and `}}`, a field `{...}`, or a lone brace. Only a field holding a plain name is
# filled: str.format would also follow `{x.attr}` and `{x[0]}` into the values' internals.
_BRACES = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def fill(text: str, values: Mapping[str, object]) -> str:
    """`text` with each `{name}` of `values` filled in; anything else is left as written, never an error."""

    def one(match: re.Match[str]) -> str:
        token, name = match.group(), match.group(1)
        if token in ("{{", "}}"):
            return token[0]
        return str(values[name]) if name in values else token

    return _BRACES.sub(one, text)


def placeholder_problems(text: str, allowed: Collection[str]) -> list[str]:
    """What `fill` would leave unfilled in `text`: unknown names and malformed braces."""
    problems = []
    for match in _BRACES.finditer(text):
        token, name = match.group(), match.group(1)
        if token in ("{{", "}}"):
            continue
        if name is None:
            problems.append(f"a lone {token!r} (write {token * 2} for a brace)")
        elif not _NAME.fullmatch(name):
            problems.append(f"malformed placeholder {token!r}: only {{name}} is allowed")
        elif name not in allowed:
            problems.append(f"unknown placeholder {token!r}")
    return problems


def allowed_values(pack: Pack, key: str) -> frozenset[str]:
    """The placeholders the text for `key` may use."""
    return frozenset(game_numbers(pack)) | CALL_VALUES.get(key, frozenset())


def game_numbers(pack: Pack) -> dict[str, int]:
    """The values every catalog may use as {placeholders}, so no text restates a number."""
    g = pack.game
    return {
        "rounds": g.rounds,
        "hand_limit": g.hand_limit,
        "colours": len(g.colours),
        "players_min": g.players.min,
        "players_max": g.players.max,
        "locations_per_round": g.locations_per_round,
        "missions_in_play": g.missions_in_play,
        "vp_discard": g.vp.discard,
        "vp_mission": g.vp.mission,
        "vp_second_place": g.vp.second_place,
        "vp_enigma": g.vp.enigma,
        **{f"markers_{n}": m for n, m in g.markers_per_player.items()},
    }


@dataclass(frozen=True)
class Texts:
    """Looks up catalog keys in one language."""

    pack: Pack
    lang: str = FALLBACK

    @cached_property
    def numbers(self) -> dict[str, int]:
        return game_numbers(self.pack)  # once per Texts: every piece's texts go through here

    def __call__(self, key: str, **values: object) -> str:
        text = self.pack.catalogs.get(self.lang, {}).get(key)
        if text is None:
            text = self.pack.catalogs.get(FALLBACK, {}).get(key)
        if text is None:  # a pack whose English catalog lost a key the code needs
            raise InputError([Finding(f"i18n/{FALLBACK}.yaml", None, key, "missing in the English catalog")])
        return fill(text, {**self.numbers, **values}) if "{" in text or "}" in text else text


def required_keys(pack: Pack) -> list[str]:
    """Keys the pieces and tables need for every symbol, flag, mission, rule and colour."""
    keys = [f"nationality.{c}" for c in pack.game.nationalities]
    keys += [f"symbol.{s}.{part}" for s in pack.game.symbols for part in ("name", "ability")]
    keys += [f"mission.{m.id}.{part}" for m in pack.missions for part in ("title", "counts")]
    keys += [f"rule.{r.id}" for r in pack.rules]
    keys += [f"colour.{c.id}" for c in (*pack.game.colours, pack.game.neutral_colour)]
    return keys
