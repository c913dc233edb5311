"""The City of Spies scorer as it was before the score sheet (frozen copy, commit c7b535e): the oracle
the sheet-driven scorer is compared with. Do not edit; delete once the comparison is no longer wanted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Literal

from records import Options, PlayerRecord, Record, Rounding

from estoril_pnp.games.estoril.model import (
    Character,
    Estoril,
    FlagsMission,
    Mission,
    NationalityMission,
    StrengthMission,
    SymbolMission,
)

TieBreak = Literal["missions_completed", "hand_vp"]
TIEBREAK_ORDER: tuple[TieBreak, ...] = ("missions_completed", "hand_vp")  # game.yaml's `tiebreak` at c7b535e
Decider = TieBreak | Literal["shared"] | None


@dataclass(frozen=True)
class Breakdown:
    """A player's points by source: one field per categories.CATEGORIES entry, in its order (a test checks)."""

    discards: int
    hand: int  # the printed VP of the characters in hand; also a tie-break
    missions: int
    enigma: int
    recruitment: int

    @property
    def total(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self))


@dataclass(frozen=True)
class PlayerScore:
    colour: str
    name: str | None
    breakdown: Breakdown
    missions_completed: int  # won alone or first place shared
    rank: int  # 1 for every winner; players tied through every tie-break share a rank

    @property
    def total(self) -> int:
        return self.breakdown.total


@dataclass(frozen=True)
class MissionResult:
    id: str
    counts: Mapping[str, int]  # colour -> what the mission counts in that hand
    points: Mapping[str, int]  # colour -> VP, only for players who score
    first: tuple[str, ...]  # the colours that completed it


@dataclass(frozen=True)
class Result:
    players: tuple[PlayerScore, ...]  # best first; equal ranks in the pack's colour order
    missions: tuple[MissionResult, ...]
    winners: tuple[str, ...]
    tiebreak: Decider  # what separated the winners from the other leaders; "shared" if nothing did
    variants: frozenset[str] = frozenset()  # the variants that were played


def measure(mission: Mission, cards: Iterable[Character]) -> int:
    """What `mission` counts among `cards`."""
    if isinstance(mission, SymbolMission):
        return sum(c.symbols.count(mission.symbol) for c in cards)
    if isinstance(mission, NationalityMission):
        return sum(c.nationality == mission.nationality for c in cards)
    if isinstance(mission, FlagsMission):
        return len({c.nationality for c in cards} & set(mission.flags))
    assert isinstance(mission, StrengthMission)
    return sum(c.strength for c in cards)


def split(vp: int, ways: int, rounding: Rounding) -> int:
    return vp // ways if rounding == "down" else -(-vp // ways)


def score_mission(
    pack: Estoril, mission: Mission, hands: Mapping[str, list[Character]], second_place: bool, options: Options
) -> MissionResult:
    """First place, and the runner-up with Important Second Place, of one mission."""
    vp = pack.game.vp
    counts = {colour: measure(mission, hand) for colour, hand in hands.items()}
    contenders = {c: n for c, n in counts.items() if n > 0 or options.zero_wins}
    first = _leaders(contenders)
    if not second_place:
        points = {c: split(vp.mission, len(first), "down") for c in first}  # the base rule rounds down
    elif len(first) == 1:
        second = _leaders({c: n for c, n in contenders.items() if c not in first})
        points = {c: split(vp.second_place, len(second), options.rounding) for c in second} | {first[0]: vp.mission}
    else:  # a shared first place takes both prizes and leaves no runner-up
        points = {c: split(vp.mission + vp.second_place, len(first), options.rounding) for c in first}
    return MissionResult(mission.id, counts, {c: v for c, v in points.items() if v}, tuple(first))


def _leaders(counts: Mapping[str, int]) -> list[str]:
    best = max(counts.values(), default=None)
    return [c for c, n in counts.items() if n == best]


def score(pack: Estoril, record: Record, options: Options) -> Result:
    """Every player's points and the winners; `record` must be legal, as record.parse makes it.

    `options` is usually `record.options`, with the command line's overrides applied.
    """
    order = [c.id for c in pack.game.colours]
    players = sorted(record.players, key=lambda p: order.index(p.colour))
    hands = {p.colour: [pack.characters[c] for c in p.hand] for p in players}
    second_place = "important_second_place" in record.variants
    missions = [score_mission(pack, pack.mission_by_id[m], hands, second_place, options) for m in record.missions]
    unranked = [_player(pack, p, hands[p.colour], missions, record, options) for p in players]
    keys = [_sort_key(pack, p) for p in unranked]
    ranked = [
        PlayerScore(p.colour, p.name, p.breakdown, p.missions_completed, 1 + sum(k > key for k in keys))
        for p, key in zip(unranked, keys, strict=True)
    ]
    ranked.sort(key=lambda p: p.rank)  # stable: equal ranks stay in colour order
    winners = tuple(p.colour for p in ranked if p.rank == 1)
    return Result(tuple(ranked), tuple(missions), winners, _decider(pack, ranked), frozenset(record.variants))


def _player(
    pack: Estoril,
    p: PlayerRecord,
    hand: list[Character],
    missions: list[MissionResult],
    record: Record,
    options: Options,
) -> PlayerScore:
    vp = pack.game.vp
    recruited = 0
    if p.recruitment is not None and not isinstance(p.discards, int):
        cards = [pack.characters[c] for c in (*p.hand, *p.discards)]
        if not options.recruit_starting:
            cards = [c for c in cards if c.id not in pack.starting_ids]
        recruited = measure(pack.mission_by_id[p.recruitment], cards) * vp.recruitment
    breakdown = Breakdown(
        discards=p.discard_count * vp.discard,
        hand=sum(c.vp for c in hand),
        missions=sum(m.points.get(p.colour, 0) for m in missions),
        enigma=vp.enigma if record.enigma == p.colour else 0,
        recruitment=recruited,
    )
    return PlayerScore(p.colour, p.name, breakdown, sum(p.colour in m.first for m in missions), rank=0)


TIEBREAKS: Mapping[TieBreak, Callable[[PlayerScore], int]] = {
    "missions_completed": lambda p: p.missions_completed,
    "hand_vp": lambda p: p.breakdown.hand,
}


def _sort_key(pack: Estoril, p: PlayerScore) -> tuple[int, ...]:
    return (p.total, *(TIEBREAKS[t](p) for t in TIEBREAK_ORDER))


def _decider(pack: Estoril, players: list[PlayerScore]) -> Decider:
    """The first tie-break that leaves one leader, "shared" if none does, None if VP alone did."""
    leaders = [p for p in players if p.total == players[0].total]
    if len(leaders) == 1:
        return None
    for tiebreak in TIEBREAK_ORDER:
        best = max(TIEBREAKS[tiebreak](p) for p in leaders)
        leaders = [p for p in leaders if TIEBREAKS[tiebreak](p) == best]
        if len(leaders) == 1:
            return tiebreak
    return "shared"


CATEGORIES = (
    ("discards", None),
    ("hand", None),
    ("missions", None),
    ("enigma", None),
    ("recruitment", "secret_recruitment"),
)


def to_json(result: Result) -> dict[str, object]:
    """`score --json` as it was (scoreview.to_json at c7b535e)."""
    from dataclasses import asdict

    return {
        "categories": [c for c, v in CATEGORIES if v is None or v in result.variants],
        "players": [
            {
                "colour": p.colour,
                "name": p.name,
                "total": p.total,
                "breakdown": asdict(p.breakdown),
                "missions_completed": p.missions_completed,
                "rank": p.rank,
            }
            for p in result.players
        ],
        "missions": [{"id": m.id, "counts": dict(m.counts), "points": dict(m.points)} for m in result.missions],
        "winners": list(result.winners),
        "tiebreak": result.tiebreak,
    }
