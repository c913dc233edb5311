"""City of Spies as typed, immutable values: read by load.py, then by the pieces, the scorer and the tables."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Literal

from ...source.names import Name as Id
from ...source.typed import Limits, Record, Tag

# Bounds keep hostile numbers (a million rounds or copies) from turning into endless work.
Count = Annotated[int, Limits(ge=0, le=99)]
Positive = Annotated[int, Limits(gt=0, le=99)]
Code = Annotated[str, Limits(pattern=r"^[A-Z]{2}$")]
Shape = Literal["circle", "triangle", "square", "diamond", "star"]
Corner = Literal["TL", "TR", "BR", "BL", "C"]
Numeral = Literal["I", "II", "III", "IV"]

NUMERALS: tuple[Numeral, ...] = ("I", "II", "III", "IV")


class PlayerRange(Record):
    min: Positive
    max: Positive


class VictoryPoints(Record):
    discard: Count
    mission: Count
    second_place: Count
    enigma: Count
    recruitment: Count


class SecretMissions(Record):
    face_up: Count
    min_players: Positive


class Colour(Record):
    id: Id
    shape: Shape
    rgb: Annotated[str, Limits(pattern=r"^#[0-9a-fA-F]{6}$")]


class Grid(Record):
    """The tiles of a round: rows x cols, each touching its neighbours along an edge."""

    rows: Positive
    cols: Positive


class Reach(Record):
    """How far an effect reaches over the grid, in steps between edge-touching boards."""

    steps: Count | None = None  # None: any board of the grid
    own: bool = True  # False: the neighbours only, never the effect's own board

    def cells(self, grid: Grid) -> tuple[int, int, tuple[tuple[int, int], ...]]:
        """A small picture of the reach: columns, rows and the boards it takes, the own board in the centre."""
        if self.steps is None:
            return grid.cols, grid.rows, tuple((c, r) for c in range(grid.cols) for r in range(grid.rows))
        side, mid = 2 * self.steps + 1, self.steps
        cells = tuple(
            (c, r)
            for r in range(side)
            for c in range(side)
            if abs(c - mid) + abs(r - mid) <= self.steps and (self.own or (c, r) != (mid, mid))
        )
        return side, side, cells


class Ability(Record):
    reach: Id
    bonus: Count | None = None  # strength gained per card counted (the Nationalist)


class PeekRule(Record):
    rewards: bool  # a face-down reward card may be the one peeked at


class Game(Record):
    title: str
    publisher: str
    designers: tuple[str, ...]
    year: Annotated[int, Limits(gt=0, le=9999)]
    players: PlayerRange
    rounds: Positive
    hand_limit: Positive
    markers_per_player: dict[int, Positive]
    missions_in_play: Positive
    vp: VictoryPoints
    secret_missions: SecretMissions
    colours: Annotated[tuple[Colour, ...], Limits(max_length=10)]
    neutral_colour: Colour
    nationalities: Annotated[tuple[Code, ...], Limits(max_length=50)]
    symbols: Annotated[tuple[Id, ...], Limits(max_length=50)]
    counts: Counts
    min_action_spaces: Positive  # on every location: the rules' three (the Museum has one more)
    dice: Positive
    grid: Grid
    reaches: dict[Id, Reach]
    abilities: dict[Id, Ability]
    peek: PeekRule
    setup: tuple[Id, ...]

    @property
    def locations_per_round(self) -> int:
        return self.grid.rows * self.grid.cols


class Character(Record):
    id: Id
    name: str
    nationality: Code
    strength: Count
    vp: Count
    abilities: Annotated[tuple[Id, ...], Limits(max_length=10)]
    woman: bool

    @property
    def symbols(self) -> tuple[str, ...]:
        """Every symbol printed on the card; Woman is a symbol without an ability."""
        return self.abilities + (("woman",) if self.woman else ())


class SymbolMission(Record):
    id: Id
    kind: Literal["symbol"]
    symbol: Id


class NationalityMission(Record):
    id: Id
    kind: Literal["nationality"]
    nationality: Code


class FlagsMission(Record):
    id: Id
    kind: Literal["flags"]
    flags: Annotated[tuple[Code, ...], Limits(min_length=1, max_length=50)]


class StrengthMission(Record):
    id: Id
    kind: Literal["strength"]


Mission = Annotated[
    SymbolMission | NationalityMission | FlagsMission | StrengthMission,
    Tag("kind"),
]


class Reward(Record):
    at: Corner
    top_secret: bool


class Space(Record):
    numeral: Numeral
    at: Corner
    top_secret: bool
    peek: Id  # none, or a reach of game.yaml


class StrengthBonus(Record):
    nationality: Code
    strength: Positive


class Rule(Record):
    """A location's special rule: its wording lives in the catalogs, its facts here."""

    # a catalog key and an icon concept, never a file name: the nationality code keeps its capitals
    id: Annotated[str, Limits(pattern=r"^[a-z][a-zA-Z0-9_]*$")]
    blocks: Id | None = None  # an ability that cannot be used here
    bonus: StrengthBonus | None = None
    face_up: bool = False  # every card here face up, the reward too
    all_outer: bool = False  # every action space here counts as outer
    dice: Positive | None = None  # each character here rolls this many dice, gaining the difference
    weakest_loses: bool = False  # the weakest player present removes a character of theirs from the game

    def values(self) -> dict[str, int]:
        """The rule's numbers, for its text's {placeholders}."""
        out = {"bonus": self.bonus.strength if self.bonus else None, "dice": self.dice}
        return {k: v for k, v in out.items() if v is not None}


class Location(Record):
    number: Positive
    name: str
    rule: str
    reward: Reward
    spaces: Annotated[tuple[Space, ...], Limits(max_length=len(NUMERALS))]


class Counts(Record):
    """How many of each card the published game has; the validator compares."""

    reward_characters: Count
    starting_characters: Count
    missions: Count
    locations: Count
    player_aids: Count


class CharacterFile(Record):
    starting: Annotated[tuple[Character, ...], Limits(max_length=50)]
    reward: Annotated[tuple[Character, ...], Limits(max_length=200)]


class MissionFile(Record):
    missions: Annotated[tuple[Mission, ...], Limits(max_length=100)]


class LocationFile(Record):
    rules: Annotated[tuple[Rule, ...], Limits(max_length=100)]
    locations: Annotated[tuple[Location, ...], Limits(max_length=100)]


class Estoril(Record):
    """The whole game: what the pieces, the scorer and the tables read. Cross-references are checked."""

    game: Game
    starting: tuple[Character, ...]
    reward: tuple[Character, ...]
    missions: tuple[Mission, ...]
    rules: tuple[Rule, ...]
    locations: tuple[Location, ...]
    catalogs: Mapping[str, Mapping[str, str]]  # language -> dotted key -> text

    @cached_property
    def characters(self) -> dict[str, Character]:
        return {c.id: c for c in (*self.starting, *self.reward)}

    @cached_property
    def starting_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.starting)

    @cached_property
    def mission_by_id(self) -> dict[str, Mission]:
        return {m.id: m for m in self.missions}

    @cached_property
    def rule_by_id(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    def ability_values(self, symbol: str) -> dict[str, int]:
        """An ability's numbers, for its text's {placeholders}."""
        ability = self.game.abilities.get(symbol)
        return {"bonus": ability.bonus} if ability and ability.bonus is not None else {}
