"""Translated text: a language's catalog with English as fallback, numbers from the game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .model import Pack

FALLBACK = "en"


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
            text = self.pack.catalogs[FALLBACK].get(key)
        if text is None:
            raise KeyError(f"no text for '{key}' in any catalog")
        return text.format(**{**self.numbers, **values}) if "{" in text else text


def required_keys(pack: Pack) -> list[str]:
    """Keys the pieces and tables need for every symbol, flag, mission, rule and colour."""
    keys = [f"nationality.{c}" for c in pack.game.nationalities]
    keys += [f"symbol.{s}.{part}" for s in pack.game.symbols for part in ("name", "ability")]
    keys += [f"mission.{m.id}.{part}" for m in pack.missions for part in ("title", "counts")]
    keys += [f"rule.{r.id}" for r in pack.rules]
    keys += [f"colour.{c.id}" for c in (*pack.game.colours, pack.game.neutral_colour)]
    return keys
