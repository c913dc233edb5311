"""City of Spies records as plain values, for tests: written by hand or drawn by `sample.random_record`,
turned into a record file's data, checked and scored by the engine (scorerecord, scorecalc), and
handed as they are to the frozen oracle (oracle_scoring.py).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

import yaml

from estoril_pnp.games.estoril.sample import VARIANTS
from estoril_pnp.scoring import calc as scorecalc
from estoril_pnp.scoring import record as scorerecord
from estoril_pnp.scoring.calc import Played, Result
from estoril_pnp.scoring.seats import Seat
from estoril_pnp.scoring.sheet import Sheet
from estoril_pnp.source.yamlsrc import Located

Variant = Literal["secret_missions", "secret_recruitment", "important_second_place"]
Rounding = Literal["down", "up"]


@dataclass(frozen=True)
class Options:
    """Where the rulebooks are silent or disagree; the defaults are the project's decisions."""

    zero_wins: bool = False
    rounding: Rounding = "down"
    recruit_starting: bool = False


@dataclass(frozen=True)
class PlayerRecord:
    colour: str
    hand: tuple[str, ...]
    discards: int | tuple[str, ...]  # a count, or the discarded characters themselves
    name: str | None = None
    recruitment: str | None = None

    @property
    def discard_count(self) -> int:
        return self.discards if isinstance(self.discards, int) else len(self.discards)


@dataclass(frozen=True)
class Record:
    players: tuple[PlayerRecord, ...]
    missions: tuple[str, ...]
    enigma: str | None = None
    variants: frozenset[str] = frozenset()
    options: Options = field(default_factory=Options)


def from_data(data: dict[str, Any]) -> Record:
    """A record file's data (ids only, as `random_record` gives it) as a Record."""
    players = tuple(
        PlayerRecord(
            p["colour"],
            tuple(p["hand"]),
            p["discards"] if isinstance(p["discards"], int) else tuple(p["discards"]),
            p.get("name"),
            p.get("recruitment"),
        )
        for p in data["players"]
    )
    options = Options(**data.get("options", {}))
    return Record(players, tuple(data["missions"]), data.get("enigma"), frozenset(data.get("variants", ())), options)


def to_data(record: Record) -> dict[str, Any]:
    """The record as a record file holds it: ids only, defaults left out."""
    players = []
    for p in record.players:
        entry: dict[str, Any] = {"colour": p.colour}
        if p.name is not None:
            entry["name"] = p.name
        entry["hand"] = list(p.hand)
        entry["discards"] = p.discards if isinstance(p.discards, int) else list(p.discards)
        if p.recruitment is not None:
            entry["recruitment"] = p.recruitment
        players.append(entry)
    data: dict[str, Any] = {"players": players, "missions": list(record.missions)}
    if record.enigma is not None:
        data["enigma"] = record.enigma
    if record.variants:
        data["variants"] = [v for v in VARIANTS if v in record.variants]
    options = {k: v for k, v in asdict(record.options).items() if v != getattr(Options(), k)}
    if options:
        data["options"] = options
    return data


def dump(record: Record | dict[str, Any]) -> str:
    """The record as the YAML of a record file."""
    data = to_data(record) if isinstance(record, Record) else record
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)


def played(record: Record, options: Options | None = None) -> Played:
    """The record in the sheet's terms, unchecked (a hand-written case may leave out what it does
    not test); `options` replace the record's own."""
    switches: dict[str, bool | str] = {v: v in record.variants for v in VARIANTS}
    switches |= asdict(options or record.options)
    players = tuple(
        Seat(p.colour, p.name, {"hand": p.hand, "discards": p.discards, "recruitment": p.recruitment})
        for p in record.players
    )
    return Played(players, {"missions": record.missions, "enigma": record.enigma}, switches)


def checked(sheet: Sheet, record: Record, options: Options | None = None) -> Played:
    """The record as `score` reads it: written out, then checked by the engine."""
    data = to_data(record if options is None else replace(record, options=options))
    return scorerecord.parse(sheet, Located("<record>", data), {}, {})


def score(sheet: Sheet, record: Record, options: Options | None = None) -> Result:
    return scorecalc.score(sheet, played(record, options))
