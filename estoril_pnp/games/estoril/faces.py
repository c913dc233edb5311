"""What each City of Spies piece shows: one function per `items:` source of components.yaml
turns the model into the items' layout values.

Values are keyed by layout element name; a missing element value leaves that element out.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n.catalogs import Texts
from ...pack.items import Item, Values
from ...render.layout import Design
from .model import Character, Colour, Estoril, FlagsMission, Location, Mission, NationalityMission, SymbolMission


def flag(code: str) -> str:
    return f"flags/{code.lower()}"


def character(design: Design, t: Texts, card: Character, owner: Colour | None) -> Values:
    return {
        "flag": flag(card.nationality),
        "name": card.name,
        "nation": t(f"nationality.{card.nationality}"),
        "owner": {"shape": owner.shape, "fill": owner.rgb} if owner else None,
        "symbols": [design.icon(s) for s in card.abilities],
        "symbol_names": " · ".join(t(f"symbol.{s}.name") for s in card.abilities).upper() or None,
        "woman": design.icon("woman") if card.woman else None,
        "strength": str(card.strength),
        "vp": str(card.vp),
    }


def mission(design: Design, t: Texts, pack: Estoril, m: Mission) -> Values:
    values: Values = {
        "title": t(f"mission.{m.id}.title"),
        "counts": t(f"mission.{m.id}.counts"),
        "vp": str(pack.game.vp.mission),
    }
    if isinstance(m, SymbolMission):
        values["counted"] = [design.icon(m.symbol)]
    elif isinstance(m, NationalityMission):
        values["counted"] = {"icons": [flag(m.nationality)], "colour": "none"}
    elif isinstance(m, FlagsMission):
        half = (len(m.flags) + 1) // 2
        values["counted_small"] = [flag(c) for c in m.flags[:half]]
        values["counted_small2"] = [flag(c) for c in m.flags[half:]]
        values["flag_names"] = " · ".join(t(f"nationality.{c}") for c in m.flags)
    else:
        values["counted"] = [design.icon("strength")]
    return values


def enigma_face(pack: Estoril) -> Values:
    return {"vp": str(pack.game.vp.enigma)}


def peek_grid(pack: Estoril, reach: str) -> Values:
    """A peek mark's reach as a tiny board diagram: columns, rows, filled cells (game.yaml: reaches)."""
    cols, rows, cells = pack.game.reaches[reach].cells(pack.game.grid)
    return {"cols": cols, "rows": rows, "cells": list(cells)}


def peek_icon(pack: Estoril, reach: str) -> str:
    """The spyglass marks a peek at any board, the eye a nearer one."""
    return "peek_any" if pack.game.reaches[reach].steps is None else "peek"


def rule_text(t: Texts, pack: Estoril, rule: str) -> str:
    """A location's special rule, its numbers filled from locations.yaml: one text for tile, aid and rulebook."""
    return t(f"rule.{rule}", **pack.rule_by_id[rule].values())


def ability_text(t: Texts, pack: Estoril, symbol: str) -> str:
    return t(f"symbol.{symbol}.ability", **pack.ability_values(symbol))


def location_face(design: Design, t: Texts, pack: Estoril, place: Location) -> Values:
    out: Values = {
        "name": f"{place.number} · {place.name}",
        "number": str(place.number),
        "rule_icon": {"icon": design.icon(f"rule.{place.rule}"), "colour": _icon_colour(design, f"rule.{place.rule}")},
        "rule": rule_text(t, pack, place.rule),
    }
    secret = t("piece.top_secret")
    for space in place.spaces:
        space_values: Values = {"numeral": space.numeral, "top_secret": secret if space.top_secret else None}
        if space.peek != "none":
            space_values["peek_icon"] = design.icon(peek_icon(pack, space.peek))
            space_values["peek_grid"] = peek_grid(pack, space.peek)
        out[f"space_{space.at}"] = {"layout": f"action_space_{space.at.lower()}", "values": space_values}
    reward_layout = "reward_centre" if place.reward.at == "C" else "reward_space"
    out[f"space_{place.reward.at}"] = {
        "layout": reward_layout,
        "values": {"top_secret": secret if place.reward.top_secret else None},
    }
    return out


def _icon_colour(design: Design, concept: str) -> str:
    """Flags keep their own colours; game icons take the ink."""
    return "none" if design.icon(concept).startswith("flags/") else "ink"


def first_player_face(pack: Estoril) -> Values:
    rounds = [{"layout": "round_cell", "values": {"number": str(n)}} for n in range(1, pack.game.rounds + 1)]
    return {"track": rounds}


def marker_face(colour: Colour) -> Values:
    return {"paper": {"fill": colour.rgb}, "mark": {"shape": colour.shape}}


def aid_abilities(design: Design, t: Texts, pack: Estoril) -> Values:
    """The first aid's reverse: each symbol's icon, name and ability."""
    rows = [
        {
            "layout": "ability_row",
            "values": {
                "icon": design.icon(s),
                "name": t(f"symbol.{s}.name").upper(),
                "text": ability_text(t, pack, s),
            },
        }
        for s in pack.game.symbols
    ]
    return {"abilities": rows}


def aid_locations(design: Design, t: Texts, pack: Estoril) -> Values:
    """The second aid's face: each location's number, name, rule icon and rule."""
    rows = [
        {
            "layout": "location_row",
            "values": {
                "number": str(p.number),
                "name": p.name,
                "text": rule_text(t, pack, p.rule),
                "icon": {"icon": design.icon(f"rule.{p.rule}"), "colour": _icon_colour(design, f"rule.{p.rule}")},
            },
        }
        for p in pack.locations
    ]
    return {"locations": rows}


def characters(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    """Each starting character once per player colour, then the reward deck."""
    starting = [
        Item(f"{card.id}/{colour.id}", character(design, t, card, colour))
        for colour in pack.game.colours
        for card in pack.starting
    ]
    return starting + [Item(card.id, character(design, t, card, None)) for card in pack.reward]


def missions(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    return [Item(m.id, mission(design, t, pack, m)) for m in pack.missions]


def locations(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    return [Item(str(place.number), location_face(design, t, pack, place)) for place in pack.locations]


def player_aid(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    """The round and the end of the game (texts of the catalogs) on its face, the abilities on its reverse."""
    return [Item("aid", {}, aid_abilities(design, t, pack))]


def location_aid(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    return [Item("locations", aid_locations(design, t, pack))]


def first_player(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    return [Item("card", first_player_face(pack))]


def enigma(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    return [Item("card", enigma_face(pack))]


def markers(pack: Estoril, design: Design, t: Texts) -> list[Item]:
    """One token per colour, the neutral white included; alike on both sides."""
    return [
        Item(colour.id, marker_face(colour), marker_face(colour))
        for colour in (*pack.game.colours, pack.game.neutral_colour)
    ]


SOURCES: dict[str, Callable[[Estoril, Design, Texts], list[Item]]] = {
    "characters": characters,
    "missions": missions,
    "locations": locations,
    "player_aid": player_aid,
    "location_aid": location_aid,
    "first_player": first_player,
    "enigma": enigma,
    "markers": markers,
}
