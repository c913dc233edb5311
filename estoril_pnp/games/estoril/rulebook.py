"""What City of Spies' rulebook shows: the facts its template states, its worked examples
(the scoring one computed by the scorer) and its pictures, drawn from the real pieces.

Everything here is data for the template (templates/rulebook/) and for the builders; no
sentence is written here, and no number is typed that the pack does not give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import Finding, InputError
from ...i18n.catalogs import Texts
from ...render.geometry import Box
from ...render.layout import Design
from ...render.ops import LineOp, Op, RectOp, ShapeOp, TextOp
from ...render.piece import Piece
from ...rulebook.document import Picture, Placed
from ...scoring.calc import Played, Result, score
from ...scoring.record import read
from ...scoring.sheet import Sheet
from ...source.packfiles import PackFiles
from .faces import ability_text, rule_text
from .model import Estoril, Location

EXAMPLE_RECORD = "examples/scoring.yaml"
PT = 25.4 / 72  # mm per point
CORNERS = ("TL", "TR", "BR", "BL")  # clockwise: a quarter turn moves a corner one step on
CELL = {"TL": (0, 0), "TR": (0, 1), "BR": (1, 1), "BL": (1, 0)}  # (row, column) inside a tile

# The town of the grid pictures: which tile lies where and how far it is turned. Fixed, so
# the pictures do not change from build to build; any tiles of the pack will do.
TOWN = ((3, 1), (5, 2), (8, 0), (2, 3), (6, 1), (4, 2))

# The callouts of the explained pieces, in the order of their numbers (the template's legend).
CHARACTER_CALLOUTS = ("flag", "name", "owner", "symbols", "strength", "woman", "vp")
TILE_CALLOUTS = ("number", "name", "reward", "numeral", "top_secret", "peek", "rule")


def context(pack: Estoril, sheet: Sheet, files: PackFiles, t: Texts, copies: Mapping[str, int]) -> dict[str, Any]:
    """The facts the template states; `copies` counts the printed pieces of each kind."""
    g = pack.game
    example = scoring_example(pack, sheet, files)
    town = town_spaces(pack)
    return {
        "game": g,
        "components": [
            ("reward", len(pack.reward)),
            ("starting", len(pack.starting) * len(g.colours)),
            ("missions", len(pack.missions)),
            ("locations", len(pack.locations)),
            ("aids", g.counts.player_aids),  # the box's count; this edition prints each aid as two cards
            ("first_player", copies.get("first_player", 0)),
            ("markers", copies.get("marker", 0) * (len(g.colours) + 1)),
            ("dice", g.dice),
            ("enigma", copies.get("enigma", 0)),
        ],
        "numbers_for_ability": {s: pack.ability_values(s) for s in g.symbols},
        "markers": sorted(g.markers_per_player.items()),
        "symbols": [
            {"id": s, "reach": g.abilities[s].reach if s in g.abilities else None, "text": ability_text(t, pack, s)}
            for s in g.symbols
        ],
        "peeks": [r for r in g.reaches if any(s.peek == r for p in pack.locations for s in p.spaces)],
        "locations": [_location(pack, t, p) for p in pack.locations],
        "setup": g.setup,
        "callouts": {"character": CHARACTER_CALLOUTS, "tile": TILE_CALLOUTS},
        "placing": placing_example(pack, town),
        "all_outer": [p.name for p in pack.locations if pack.rule_by_id[p.rule].all_outer],
        "scoring": _scoring_view(pack, sheet, t, example),
        "credits": {
            "designers": t.list(g.designers),
            "fonts": "Vollkorn (SIL OFL 1.1), Oswald (SIL OFL 1.1), Special Elite (Apache 2.0)",
            "icons": "Lorc, Delapouite, Skoll",
            "icon_licence": "Creative Commons Attribution 3.0 (CC BY 3.0)",
            "flag_licence": "MIT",
        },
    }


def _location(pack: Estoril, t: Texts, place: Location) -> dict[str, Any]:
    rule = pack.rule_by_id[place.rule]
    if rule.blocks:
        detail = "no_assassin"
    elif rule.bonus:
        detail = "bonus"
    elif rule.face_up:
        detail = "no_top_secret"
    elif rule.all_outer:
        detail = "all_outer"
    elif rule.dice:
        detail = "casino_dice"
    elif rule.weakest_loses:
        detail = "weakest_loses"
    else:
        detail = "museum"
    return {
        "number": place.number,
        "name": place.name,
        "rule": place.rule,
        "text": rule_text(t, pack, place.rule),
        "detail": detail,
        "numbers": rule.values(),
    }


# ---- the worked scoring example ----------------------------------------------------------


def scoring_example(pack: Estoril, sheet: Sheet, files: PackFiles) -> tuple[Played, Result]:
    """The example game of the pack, checked and scored by the scorer itself."""
    game = read(sheet, str(files.path(EXAMPLE_RECORD)), {}, pack.catalogs)
    return game, score(sheet, game)


def _scoring_view(pack: Estoril, sheet: Sheet, t: Texts, example: tuple[Played, Result]) -> dict[str, Any]:
    game, result = example
    order = [p.id for p in game.players]
    by_colour = {p.seat.id: p for p in result.players}
    names = {c: t(f"colour.{c}") for c in order}
    cards = {p.id: t.list(pack.characters[c].name for c in p.values["hand"]) for p in game.players}
    discards = {p.id: _count(p.values["discards"]) for p in game.players}
    contests = [(c, piece) for c in sheet.categories for piece in result.contests.get(c["id"], ())]
    missions = []
    for _, m in contests:
        title = t(f"mission.{m.id}.title")
        if not m.points:
            missions.append({"kind": "nobody", "mission": title})
        elif len(m.first) == 1:
            first = m.first[0]
            missions.append(
                {
                    "kind": "alone",
                    "mission": title,
                    "player": names[first],
                    "count": m.counts[first],
                    "vp": m.points[first],
                }
            )
        else:
            joined = t.list(names[c] for c in m.first)
            first = m.first[0]
            missions.append(
                {"kind": "shared", "mission": title, "players": joined, "count": m.counts[first], "vp": m.points[first]}
            )
    rows: list[tuple[str, list[int]]] = []  # the sheet's categories in play, then the total
    for category in sheet.categories:
        ident = category["id"]
        if ident in result.contests:
            rows += [(f"mission.{m.id}.title", [m.points.get(c, 0) for c in order]) for m in result.contests[ident]]
        elif ident in result.categories:
            rows.append((category["label"], [by_colour[c].figures[ident] for c in order]))
    total = next(x for x in sheet.tallies if x["figure"] == "total")
    rows.append((total["label"], [by_colour[c].total for c in order]))
    winners = [names[c] for c in result.winners]
    return {
        "players": [
            {
                "name": names[c],
                "cards": cards[c],
                "discards": discards[c],
            }
            for c in order
        ],
        "player_names": [names[c] for c in order],
        "count": len(order),
        "missions_in_play": t.list(t(f"mission.{m}.title") for m in game.values["missions"]),
        # the table's Enigma row needs a line saying who holds the card
        "enigma": names.get(game.values.get("enigma")),
        "missions": missions,
        "rows": rows,
        "winners": t.list(winners),
        "shared": len(winners) > 1,
        "tiebreak": result.tiebreak not in (None, "shared"),
        "total": by_colour[result.winners[0]].total,
    }


def _count(discards: Any) -> int:
    """Discards as a record gives them: their number, or the discarded characters."""
    return discards if isinstance(discards, int) else len(discards)


# ---- the town: where each action space lies in the grid ----------------------------------


@dataclass(frozen=True)
class TownSpace:
    tile: int  # index into TOWN
    location: Location
    numeral: str
    corner: str  # where the space lies once the tile is turned
    row: int  # in the grid of spaces: 2 per tile each way
    col: int
    outer: bool


def turned(corner: str, turns: int) -> str:
    return CORNERS[(CORNERS.index(corner) + turns) % 4]


def town_tiles(pack: Estoril) -> list[tuple[Location, int]]:
    """TOWN's tiles where the pack has them, then its other tiles unturned, as many as a round lays out."""
    by_number = {p.number: p for p in pack.locations}
    tiles = [(by_number[n], turns) for n, turns in TOWN if n in by_number]
    chosen = {place.number for place, _ in tiles}
    tiles += [(p, 0) for p in pack.locations if p.number not in chosen]
    return tiles[: pack.game.locations_per_round]


def town_spaces(pack: Estoril) -> list[TownSpace]:
    grid = pack.game.grid
    rows, cols = 2 * grid.rows, 2 * grid.cols
    out = []
    for i, (place, turns) in enumerate(town_tiles(pack)):
        tile_row, tile_col = divmod(i, grid.cols)
        everywhere = pack.rule_by_id[place.rule].all_outer
        for space in place.spaces:
            corner = turned(space.at, turns)
            dr, dc = CELL[corner]
            r, c = 2 * tile_row + dr, 2 * tile_col + dc
            edge = r in (0, rows - 1) or c in (0, cols - 1)
            out.append(TownSpace(i, place, space.numeral, corner, r, c, edge or everywhere))
    return out


def placing_example(pack: Estoril, town: list[TownSpace]) -> dict[str, Any]:
    """A: an outer space with an inner neighbour B; C: an inner space touching neither."""
    at = {(s.row, s.col): s for s in town}

    def neighbours(s: TownSpace) -> list[TownSpace]:
        return [
            at[p] for p in ((s.row - 1, s.col), (s.row + 1, s.col), (s.row, s.col - 1), (s.row, s.col + 1)) if p in at
        ]

    for a in town:
        inner = [b for b in neighbours(a) if not b.outer]
        if a.outer and inner:
            b = inner[0]
            far = [c for c in town if not c.outer and c not in (a, b) and c not in neighbours(a)]
            if far:
                c = far[-1]
                return {"a": a, "b": b, "c": c}
    raise InputError([Finding("locations.yaml", None, "locations", "no tiles give the rulebook a placing example")])


# ---- pictures ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """Badges and lines drawn over pictures, in the design's colours and fonts."""

    design: Design

    def badge(self, label: str, x: float, y: float, r: float = 3.4, fill: str = "navy") -> list[Op]:
        size = r * 1.35 / PT
        box = Box(x - r, y - r, 2 * r, 2 * r)
        ink, paper = self.design.palette.get(fill, "#1c2a43"), self.design.palette.get("white", "#ffffff")
        font = self.design.fonts.get("heading", next(iter(self.design.fonts.values())))
        baseline = y - size * PT * 0.36
        return [
            ShapeOp("circle", box, ink, paper, 0.4),
            TextOp(font, size * PT, paper, ((x, baseline, label),), "center", 0.0, (x, y)),
        ]

    def leader(self, x0: float, y0: float, x1: float, y1: float) -> Op:
        return LineOp(x0, y0, x1, y1, self.design.palette.get("stamp", "#9e1b1b"), 0.35)

    def dot(self, x: float, y: float) -> Op:
        ink = self.design.palette.get("stamp", "#9e1b1b")
        return ShapeOp("circle", Box(x - 0.9, y - 0.9, 1.8, 1.8), ink, None, 0.0)

    def outline(self, box: Box, colour: str = "stamp", width: float = 0.7) -> Op:
        return RectOp(box, None, self.design.palette.get(colour, "#9e1b1b"), width, 0.8, False)


def _element(design: Design, layout: str, name: str) -> Box:
    """Where a layout draws an element; a pack's own layout without it leaves its centre to point at."""
    found = design.layouts[layout]
    box = next((el.box for el in found.elements if el.name == name), None)
    return box or Box(found.width / 2, found.height / 2, 0.0, 0.0)


def _callouts(
    marks: Marks, targets: Sequence[tuple[float, float, str]], left: float, right: float, top: float, bottom: float
) -> list[Op]:
    """Numbered badges beside the piece, each with a line to its point; `targets` are (x, y, side).

    A badge sits level with its point where it can; badges of one side are pushed apart just
    enough not to touch, in the order of their points' heights, so no two lines cross. A point
    on the "below" side gets its badge straight under it, beneath the piece.
    """
    gap = 8.0
    ops: list[Op] = []
    sides: dict[str, list[tuple[int, float, float]]] = {"left": [], "right": [], "below": []}
    for n, (x, y, side) in enumerate(targets, start=1):
        sides[side].append((n, x, y))
    for side in ("left", "right"):
        entries = sorted(sides[side], key=lambda e: -e[2])
        ys = [min(max(y, bottom), top) for _, _, y in entries]
        for i in range(1, len(ys)):  # downwards: keep each badge a gap below the one above
            ys[i] = min(ys[i], ys[i - 1] - gap)
        if ys and ys[-1] < bottom:  # then back up from the bottom, if that pushed any too low
            ys[-1] = bottom
            for i in range(len(ys) - 2, -1, -1):
                ys[i] = max(ys[i], ys[i + 1] + gap)
        bx = left if side == "left" else right
        for (n, x, y), by in zip(entries, ys, strict=True):
            ops += [marks.leader(bx + (3.4 if side == "left" else -3.4), by, x, y), marks.dot(x, y)]
            ops += marks.badge(str(n), bx, by)
    for n, x, y in sides["below"]:
        by = bottom - gap
        ops += [marks.leader(x, by + 3.4, x, y), marks.dot(x, y)]
        ops += marks.badge(str(n), x, by)
    return ops


def pictures(pack: Estoril, design: Design, pieces: Sequence[Piece]) -> dict[str, Picture]:
    by_key = {p.key: p for p in pieces}
    marks = Marks(design)
    return {
        "components": _components(pack, by_key),
        "character": _character(pack, design, marks, by_key),
        "tile": _tile(pack, design, marks, by_key),
        "grid": _grid(pack, design, marks, by_key, example=False),
        "placing": _grid(pack, design, marks, by_key, example=True),
    }


def _first(by_key: Mapping[str, Piece], prefix: str) -> Piece:
    return next(p for k, p in by_key.items() if k.startswith(prefix))


def _components(pack: Estoril, by_key: Mapping[str, Piece]) -> Picture:
    scale, gap = 0.5, 6.0
    row = [
        _first(by_key, f"characters/{pack.reward[0].id}"),
        _first(by_key, f"missions/{pack.missions[0].id}"),
        _first(by_key, "enigma/"),
    ]
    height = 120 * scale
    placed, x = [], 0.0
    for piece in row:
        placed.append(Placed(piece, x, (height - piece.height * scale) / 2, scale))
        x += piece.width * scale + gap
    tokens = [_first(by_key, f"markers/{c.id}") for c in (*pack.game.colours, pack.game.neutral_colour)]
    token = tokens[0].width * scale * 1.2
    for i, piece in enumerate(tokens):
        placed.append(Placed(piece, x, height - (i + 1) * (token + 2), scale * 1.2))
    x += token + gap
    first = _first(by_key, "first_player/")
    placed.append(Placed(first, x, 0, scale))
    return Picture(x + first.width * scale, height, tuple(placed))


def _character(pack: Estoril, design: Design, marks: Marks, by_key: Mapping[str, Piece]) -> Picture:
    card = next(c for c in pack.starting if c.woman and c.abilities)
    colour = pack.game.colours[0].id
    piece = by_key[f"characters/{card.id}/{colour}"]
    x0, y0, margin = 22.0, 12.0, 22.0
    names = {"symbols": "symbols", "vp": "vp_badge", "strength": "strength_icon"}
    side = {
        "flag": "left",
        "name": "right",
        "owner": "right",
        "symbols": "left",
        "strength": "left",
        "woman": "below",
        "vp": "right",
    }
    targets = []
    for callout in CHARACTER_CALLOUTS:
        box = _element(design, "character", names.get(callout, callout))
        fx = {"left": 0.2, "right": 0.8, "below": 0.5}[side[callout]] if callout != "name" else 0.45
        targets.append((x0 + box.x + box.width * fx, y0 + box.cy, side[callout]))
    width = x0 + piece.width + margin
    ops = _callouts(marks, targets, 6.0, width - 6.0, y0 + piece.height - 4, y0 + 4)
    return Picture(width, piece.height + y0 + 2, (Placed(piece, x0, y0),), tuple(ops))


def _tile(pack: Estoril, design: Design, marks: Marks, by_key: Mapping[str, Piece]) -> Picture:
    place = next(
        p
        for p in pack.locations
        if p.reward.at != "C"
        and any(s.top_secret for s in p.spaces)
        and any(s.peek != "none" and pack.game.reaches[s.peek].steps for s in p.spaces)
    )
    piece = by_key[f"locations/{place.number}"]
    scale, x0, y0 = 0.62, 22.0, 12.0
    size = piece.width * scale
    first = place.spaces[0]
    peeking = next(s for s in place.spaces if s.peek != "none" and pack.game.reaches[s.peek].steps)

    def at(box: Box, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
        return x0 + (box.x + box.width * fx) * scale, y0 + (box.y + box.height * fy) * scale

    def in_space(corner: str, element: str) -> Box:
        slot = _element(design, "location", f"space_{corner}")
        inner = _element(design, f"action_space_{corner.lower()}", element)
        return inner.moved(slot.x, slot.y)

    points = {
        "number": at(_element(design, "location", "number_disc")),
        "name": at(_element(design, "location", "name"), 0.3),
        "reward": at(_element(design, "location", f"space_{place.reward.at}")),
        "numeral": at(in_space(first.at, "numeral_disc")),
        "top_secret": at(in_space(first.at, "top_secret"), 0.35),
        "peek": at(in_space(peeking.at, "peek_icon")),
        "rule": at(_element(design, "location", "rule"), 0.1),
    }

    def side(callout: str, x: float) -> str:
        return "below" if callout == "number" else "left" if x < x0 + size / 2 else "right"

    targets = [(x, y, side(c, x)) for c, (x, y) in ((c, points[c]) for c in TILE_CALLOUTS)]
    width = x0 + size + 22.0
    ops = _callouts(marks, targets, 6.0, width - 6.0, y0 + size - 4, y0 + 4)
    return Picture(width, size + y0 + 2, (Placed(piece, x0, y0, scale),), tuple(ops))


def _grid(pack: Estoril, design: Design, marks: Marks, by_key: Mapping[str, Piece], example: bool) -> Picture:
    grid = pack.game.grid
    tiles = town_tiles(pack)
    tile = by_key[f"locations/{tiles[0][0].number}"].width
    scale = 170.0 / (grid.cols * tile)
    side = tile * scale
    height = grid.rows * side
    placed = []
    for i, (place, turns) in enumerate(tiles):
        row, col = divmod(i, grid.cols)
        placed.append(Placed(by_key[f"locations/{place.number}"], col * side, height - (row + 1) * side, scale, turns))

    def space_box(s: TownSpace) -> Box:
        row, col = divmod(s.tile, grid.cols)
        slot = _element(design, "location", f"space_{s.corner}")
        return Box(
            col * side + slot.x * scale,
            height - (row + 1) * side + slot.y * scale,
            slot.width * scale,
            slot.height * scale,
        )

    town = town_spaces(pack)
    ops: list[Op] = [marks.outline(space_box(s).inset(0.6)) for s in town if s.outer]
    if example:
        chosen = placing_example(pack, town)
        a = space_box(chosen["a"])
        red = pack.game.colours[0].id
        card = by_key[f"characters/{pack.starting[0].id}/{red}"]
        token = _first(by_key, f"markers/{red}")
        secret = next(s.top_secret for s in chosen["a"].location.spaces if s.numeral == chosen["a"].numeral)
        placed.append(Placed(card, a.x, a.y, a.width / card.width, back=secret))
        placed.append(Placed(token, a.right - 8, a.top - 8, 6 / token.width))
        for letter in ("a", "b", "c"):
            box = space_box(chosen[letter])
            ops += marks.badge(letter.upper(), box.x + box.width * 0.5, box.y + box.height * 0.2, 3.2, "stamp")
    return Picture(grid.cols * side, height, tuple(placed), tuple(ops))
