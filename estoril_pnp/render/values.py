"""What each piece shows: one function per kind turns the model into layout values.

Values are keyed by layout element name; a missing element value leaves that element out.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Texts
from ..model import Character, Colour, FlagsMission, Location, Mission, NationalityMission, Pack, SymbolMission
from .layout import Design

Values = dict[str, Any]


def flag(code: str) -> str:
    return f"flags/{code.lower()}"


def character(design: Design, t: Texts, card: Character, owner: Colour | None) -> Values:
    return {
        "flag": flag(card.nationality),
        "name": card.name,
        "nation": t(f"nationality.{card.nationality}"),
        "owner": {"shape": owner.shape, "fill": owner.rgb} if owner else None,
        "symbols": [design.icons[s] for s in card.abilities],
        "symbol_names": " · ".join(t(f"symbol.{s}.name") for s in card.abilities).upper() or None,
        "woman": design.icons["woman"] if card.woman else None,
        "strength": str(card.strength),
        "vp": str(card.vp),
    }


def mission(design: Design, t: Texts, pack: Pack, m: Mission) -> Values:
    values: Values = {
        "title": t(f"mission.{m.id}.title"),
        "counts": t(f"mission.{m.id}.counts"),
        "vp": str(pack.game.vp.mission),
    }
    if isinstance(m, SymbolMission):
        values["counted"] = [design.icons[m.symbol]]
    elif isinstance(m, NationalityMission):
        values["counted"] = {"icons": [flag(m.nationality)], "colour": "none"}
    elif isinstance(m, FlagsMission):
        half = (len(m.flags) + 1) // 2
        values["counted_small"] = [flag(c) for c in m.flags[:half]]
        values["counted_small2"] = [flag(c) for c in m.flags[half:]]
        values["flag_names"] = " · ".join(t(f"nationality.{c}") for c in m.flags)
    else:
        values["counted"] = [design.icons["strength"]]
    return values


def enigma(pack: Pack) -> Values:
    return {"vp": str(pack.game.vp.enigma)}


# Peek reach as a tiny board diagram: columns, rows, filled cells.
PEEK_GRIDS = {
    "this": {"cols": 1, "rows": 1, "cells": [(0, 0)]},
    "adjacent": {"cols": 3, "rows": 3, "cells": [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]},
    "any": {"cols": 3, "rows": 2, "cells": [(c, r) for c in range(3) for r in range(2)]},
}


def location(design: Design, t: Texts, place: Location) -> Values:
    out: Values = {
        "name": f"{place.number} · {place.name}",
        "number": str(place.number),
        "rule_icon": {"icon": design.icons[f"rule.{place.rule}"], "colour": _icon_colour(design, f"rule.{place.rule}")},
        "rule": t(f"rule.{place.rule}"),
    }
    secret = t("piece.top_secret")
    for space in place.spaces:
        space_values: Values = {"numeral": space.numeral, "top_secret": secret if space.top_secret else None}
        if space.peek != "none":
            space_values["peek_icon"] = design.icons["peek_any" if space.peek == "any" else "peek"]
            space_values["peek_grid"] = PEEK_GRIDS[space.peek]
        out[f"space_{space.at}"] = {"layout": f"action_space_{space.at}", "values": space_values}
    reward_layout = "reward_centre" if place.reward.at == "C" else "reward_space"
    out[f"space_{place.reward.at}"] = {
        "layout": reward_layout,
        "values": {"top_secret": secret if place.reward.top_secret else None},
    }
    return out


def _icon_colour(design: Design, concept: str) -> str:
    """Flags keep their own colours; game icons take the ink."""
    return "none" if design.icons[concept].startswith("flags/") else "ink"


def first_player(pack: Pack) -> Values:
    rounds = [{"layout": "round_cell", "values": {"number": str(n)}} for n in range(1, pack.game.rounds + 1)]
    return {"track": rounds}


def marker(colour: Colour) -> Values:
    return {"paper": {"fill": colour.rgb}, "mark": {"shape": colour.shape}}


def aid_front(design: Design, t: Texts, pack: Pack) -> Values:
    rows = [
        {
            "layout": "ability_row",
            "values": {
                "icon": design.icons[s],
                "name": t(f"symbol.{s}.name").upper(),
                "text": t(f"symbol.{s}.ability"),
            },
        }
        for s in pack.game.symbols
    ]
    return {"abilities": rows}


def aid_back(design: Design, t: Texts, pack: Pack) -> Values:
    rows = [
        {
            "layout": "location_row",
            "values": {
                "number": str(p.number),
                "name": p.name,
                "text": t(f"rule.{p.rule}"),
                "icon": {"icon": design.icons[f"rule.{p.rule}"], "colour": _icon_colour(design, f"rule.{p.rule}")},
            },
        }
        for p in pack.locations
    ]
    return {"locations": rows}
