"""Every piece of the game for one language: which layout, with which values, how many.

`specs` decides what is printed (pure); `resolve_specs` fits texts and reports what does
not fit; `piece_groups` turns resolved specs into drawable pieces for the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..errors import Finding, InputError
from ..i18n import Texts
from ..model import Pack
from . import values
from .draw import draw
from .icons import icon_path
from .layout import Design, layout_file, load_design
from .ops import Op
from .piece import Piece
from .resolve import resolve
from .values import Values


@dataclass(frozen=True)
class Side:
    layout: str
    values: Values


@dataclass(frozen=True)
class PieceSpec:
    key: str
    kind: str  # the component whose size it has (components.yaml)
    front: Side
    back: Side | None


def specs(pack: Pack, design: Design, t: Texts) -> dict[str, list[PieceSpec]]:
    """The groups of pieces, one PDF each, in print order."""
    character_back = Side("character_back", {})
    groups: dict[str, list[PieceSpec]] = {
        "characters": [],
        "missions": [],
        "locations": [],
        "player_aids": [],
        "first_player": [],
        "enigma": [],
        "markers": [],
    }
    for colour in pack.game.colours:
        for card in pack.starting:
            front = Side("character", values.character(design, t, card, colour))
            groups["characters"].append(
                PieceSpec(f"character/{card.id}/{colour.id}", "character", front, character_back)
            )
    for card in pack.reward:
        front = Side("character", values.character(design, t, card, None))
        groups["characters"].append(PieceSpec(f"character/{card.id}", "character", front, character_back))
    for m in pack.missions:
        front = Side("mission", values.mission(design, t, pack, m))
        groups["missions"].append(PieceSpec(f"mission/{m.id}", "mission", front, Side("mission_back", {})))
    for n in range(pack.components.copies.enigma):
        groups["enigma"].append(
            PieceSpec(f"enigma/{n + 1}", "enigma", Side("enigma", values.enigma(pack)), Side("enigma_back", {}))
        )
    for place in pack.locations:
        front = Side("location", values.location(design, t, place))
        groups["locations"].append(PieceSpec(f"location/{place.number}", "location", front, Side("location_back", {})))
    aid = (
        Side("player_aid", values.aid_front(design, t, pack)),
        Side("player_aid_back", values.aid_back(design, t, pack)),
    )
    for n in range(pack.components.copies.player_aid):
        groups["player_aids"].append(PieceSpec(f"player_aid/{n + 1}", "player_aid", *aid))
    for n in range(pack.components.copies.first_player):
        front = Side("first_player", values.first_player(pack))
        groups["first_player"].append(
            PieceSpec(f"first_player/{n + 1}", "first_player", front, Side("first_player_back", {}))
        )
    for colour in (*pack.game.colours, pack.game.neutral_colour):
        token = Side("marker", values.marker(colour))
        for n in range(pack.components.copies.markers_per_colour):
            groups["markers"].append(PieceSpec(f"marker/{colour.id}/{n + 1}", "marker", token, token))
    return groups


@dataclass(frozen=True)
class ResolvedPiece:
    spec: PieceSpec
    width: float
    height: float
    front: tuple[Op, ...]
    back: tuple[Op, ...] | None


LAYOUTS = (
    "character",
    "character_back",
    "mission",
    "mission_back",
    "enigma",
    "enigma_back",
    "location",
    "location_back",
    "action_space_TL",
    "action_space_TR",
    "action_space_BL",
    "action_space_BR",
    "reward_space",
    "reward_centre",
    "player_aid",
    "player_aid_back",
    "ability_row",
    "location_row",
    "first_player",
    "first_player_back",
    "round_cell",
    "marker",
)


def check_design(pack: Pack, design: Design) -> None:
    """Every layout, icon concept and icon file the pieces use exists; else InputError."""
    file = layout_file()
    concepts = [*pack.game.symbols, "strength", "peek", "peek_any", *(f"rule.{r.id}" for r in pack.rules)]
    problems = [
        Finding(file, None, f"layouts.{name}", "layout missing") for name in LAYOUTS if name not in design.layouts
    ]
    problems += [Finding(file, None, f"icons.{c}", "no icon named for this") for c in concepts if c not in design.icons]
    used = {*design.icons.values()} | {
        el.style["icon"] for layout in design.layouts.values() for el in layout.elements if "icon" in el.style
    }
    problems += [
        Finding(icon_path(i), None, "", "icon file not found") for i in sorted(used) if not icon_path(i).is_file()
    ]
    if problems:
        raise InputError(problems)


def resolve_specs(
    pack: Pack, lang: str, design: Design | None = None
) -> tuple[dict[str, list[ResolvedPiece]], list[Finding]]:
    """Every piece laid out, and every text that did not fit; InputError for a broken design."""
    design = design or load_design()
    check_design(pack, design)
    t = Texts(pack, lang)
    findings: list[Finding] = []
    out: dict[str, list[ResolvedPiece]] = {}
    for group, items in specs(pack, design, t).items():
        out[group] = []
        for spec in items:
            size = pack.components.pieces[spec.kind]
            sides = []
            for side in (spec.front, spec.back):
                if side is None:
                    sides.append(None)
                    continue
                resolved = resolve(design, design.layouts[side.layout], side.values, t)
                findings += [
                    Finding(
                        f"{spec.key} [{lang}]",
                        None,
                        o.element,
                        f"text does not fit even at its minimum size: {o.text!r}",
                    )
                    for o in resolved.overflows
                ]
                sides.append(resolved.ops)
            out[group].append(ResolvedPiece(spec, size.width, size.height, sides[0], sides[1]))
    return out, findings


def piece_groups(pack: Pack, lang: str) -> tuple[dict[str, list[Piece]], list[Finding]]:
    """Drawable pieces per group, and what did not fit (drawn at its minimum size anyway)."""
    resolved, findings = resolve_specs(pack, lang)
    groups = {
        group: [
            Piece(r.spec.key, r.width, r.height, partial(draw, r.front), partial(draw, r.back) if r.back else None)
            for r in items
        ]
        for group, items in resolved.items()
    }
    return groups, findings
