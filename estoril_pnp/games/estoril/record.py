"""A finished game's record (YAML or JSON) -> a validated Record; names resolve to pack ids."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import yaml
from pydantic import Field, StrictBool, StrictStr, ValidationError

from ... import yamlsrc
from ...errors import Finding, InputError, shown
from ...i18n import FALLBACK
from ...pydantic_findings import pydantic_finding
from ...scorerecord import Names
from ...yamlsrc import Located, Path_
from .model import Estoril, Frozen, Game, StrengthMission

Variant = Literal["secret_missions", "secret_recruitment", "important_second_place"]
VARIANTS: tuple[Variant, ...] = get_args(Variant)
Rounding = Literal["down", "up"]

STDIN = "-"

# A record names a few dozen things; these caps only keep a hostile file from making the
# name matching (with its spelling suggestions) do millions of lookups.
MAX_PLAYERS = 16
MAX_CARDS = 64  # names in a hand, a discard list or the missions
MAX_NAME = 100  # characters in a player's name


def missions_wanted(game: Game, players: int, variants: Collection[str]) -> int:
    """Missions in play: the base game's number, or Secret Missions' face-up ones plus one per player."""
    return game.secret_missions.face_up + players if "secret_missions" in variants else game.missions_in_play


class Options(Frozen):
    """Where the rulebooks are silent or disagree; the defaults are the project's decisions."""

    zero_wins: StrictBool = False  # silent rules: we let nobody win a mission with none of it
    rounding: Rounding = "down"  # Important Second Place splits: PL text down, HU text up
    recruit_starting: StrictBool = False  # Secret Recruitment: HU text excludes starting cards


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
    """A legal end-of-game position: every id exists and no card is held twice."""

    players: tuple[PlayerRecord, ...]
    missions: tuple[str, ...]
    enigma: str | None = None
    variants: frozenset[Variant] = frozenset()
    options: Options = field(default_factory=Options)


@dataclass(frozen=True)
class Vocabulary:
    """Everything a record may name, for one pack; titles count in every catalog's language."""

    characters: Names
    missions: Names
    colours: Names
    variants: Names

    @classmethod
    def of(cls, pack: Estoril, lang: str = FALLBACK) -> Vocabulary:
        """Names shown in `lang`; an answer may use the title in any catalog's language."""

        def entry(ident: str, key: str) -> tuple[str, str, list[str]]:
            printed = pack.catalogs.get(lang, {}).get(key) or pack.catalogs[FALLBACK].get(key, ident)
            return ident, printed, [catalog[key] for catalog in pack.catalogs.values() if catalog.get(key)]

        return cls(
            characters=Names.of("character", ((c.id, c.name, ()) for c in pack.characters.values())),
            missions=Names.of("mission", (entry(m.id, f"mission.{m.id}.title") for m in pack.missions)),
            colours=Names.of("colour", (entry(c.id, f"colour.{c.id}") for c in pack.game.colours)),
            variants=Names.of("variant", (entry(v, f"score.variant.{v}.name") for v in VARIANTS)),
        )


class _RawPlayer(Frozen):
    colour: StrictStr
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] | None = None
    hand: Annotated[list[StrictStr], Field(max_length=MAX_CARDS)]
    discards: Any  # a count or a list: checked by hand for one clear message, not two
    recruitment: StrictStr | None = None


class _RawRecord(Frozen):
    players: Annotated[list[_RawPlayer], Field(max_length=MAX_PLAYERS)]
    missions: Annotated[list[StrictStr], Field(max_length=MAX_CARDS)]
    enigma: StrictStr | None = None
    variants: Annotated[list[StrictStr], Field(max_length=len(VARIANTS) * 2)] = Field(default_factory=list)
    options: Options = Options()


def read(pack: Estoril, source: str) -> Record:
    """The record in file `source` (`-`: standard input), or InputError naming every fault.

    A record needs no YAML aliases, so they are refused rather than counted.
    """
    if source == STDIN:
        stdin = sys.stdin
        return parse(pack, yamlsrc.read_stream(getattr(stdin, "buffer", None), "<stdin>", aliases=False))
    return parse(pack, yamlsrc.read(Path(source), aliases=False))


def most_cards(pack: Estoril) -> int:
    """The most characters one player can end with, in hand and discarded: own starting ones and every reward."""
    return len(pack.starting) + len(pack.reward)


def parse(pack: Estoril, src: Located) -> Record:
    try:
        raw = _RawRecord.model_validate(src.data)
    except ValidationError as exc:
        raise InputError([pydantic_finding(src, err) for err in exc.errors()]) from None
    check = _Check(pack, src, Vocabulary.of(pack))
    record = check.record(raw)
    if check.findings:
        raise InputError(check.findings)
    return record


@dataclass
class _Check:
    """Turns a well-typed raw record into a Record, collecting every fault on the way."""

    pack: Estoril
    src: Located
    names: Vocabulary
    findings: list[Finding] = field(default_factory=list)

    def fault(self, path: Path_, message: str) -> None:
        self.findings.append(self.src.finding(path, message))

    def resolve(self, names: Names, text: str, path: Path_) -> str | None:
        try:
            return names.resolve(text)
        except ValueError as exc:
            self.fault(path, str(exc))
            return None

    def record(self, raw: _RawRecord) -> Record:
        game = self.pack.game
        n = len(raw.players)
        if not game.players.min <= n <= game.players.max:
            self.fault(("players",), f"{n} players; the game takes {game.players.min} to {game.players.max}")
        variants = self.variants(raw, n)
        players = tuple(self.player(p, ("players", i), variants) for i, p in enumerate(raw.players))
        self.cards_exist(players)
        self.colours_once(players)
        self.reward_cards_once(players)
        missions = tuple(self.resolve(self.names.missions, m, ("missions", i)) for i, m in enumerate(raw.missions))
        wanted = missions_wanted(game, n, variants)
        if len(missions) != wanted:
            how = (
                f"secret_missions: {game.secret_missions.face_up} face up + 1 per player"
                if "secret_missions" in variants
                else "in play"
            )
            self.fault(("missions",), f"{len(missions)} missions given; {wanted} expected ({how})")
        self.mission_cards_once(missions, players)
        enigma = None if raw.enigma is None else self.resolve(self.names.colours, raw.enigma, ("enigma",))
        if enigma and enigma not in {p.colour for p in players}:
            self.fault(("enigma",), f"the Enigma holder {enigma!r} is not playing")
        return Record(
            players=players,
            missions=tuple(m for m in missions if m),
            enigma=enigma,
            variants=variants,
            options=raw.options,
        )

    def variants(self, raw: _RawRecord, players: int) -> frozenset[Variant]:
        out: set[Variant] = set()
        for i, text in enumerate(raw.variants):
            variant = self.resolve(self.names.variants, text, ("variants", i))
            least = self.pack.game.secret_missions.min_players
            if variant == "secret_missions" and players < least:
                self.fault(("variants", i), f"secret_missions needs at least {least} players")
            if variant:
                out.add(variant)  # type: ignore[arg-type]  # resolved against VARIANTS
        return frozenset(out)

    def player(self, raw: _RawPlayer, at: Path_, variants: frozenset[Variant]) -> PlayerRecord:
        colour = self.resolve(self.names.colours, raw.colour, (*at, "colour")) or raw.colour
        hand = self.characters(raw.hand, (*at, "hand"))
        limit = self.pack.game.hand_limit
        if len(raw.hand) > limit:
            self.fault((*at, "hand"), f"{len(raw.hand)} characters in hand; the hand limit is {limit}")
        discards = self.discards(raw.discards, (*at, "discards"))
        recruitment = None
        if raw.recruitment is not None:
            recruitment = self.recruitment(raw.recruitment, at, variants, discards)
        elif "secret_recruitment" in variants:
            self.fault(at, "missing key 'recruitment' (the secret_recruitment variant is on)")
        self.starting_cards_once(hand, discards, at)
        return PlayerRecord(colour, hand, discards, raw.name, recruitment)

    def characters(self, texts: Iterable[str], at: Path_) -> tuple[str, ...]:
        found = (self.resolve(self.names.characters, t, (*at, j)) for j, t in enumerate(texts))
        return tuple(c or "" for c in found)  # "" keeps list positions for later messages

    def discards(self, value: Any, at: Path_) -> int | tuple[str, ...]:
        most = most_cards(self.pack)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most:
            return value
        if isinstance(value, list) and len(value) <= MAX_CARDS and all(isinstance(v, str) for v in value):
            return self.characters(value, at)
        what = f"a number of cards (0 to {most}) or a list of the discarded characters"
        self.fault(at, f"must be {what} (got {shown(value)})")
        return 0

    def cards_exist(self, players: tuple[PlayerRecord, ...]) -> None:
        """No player, nor all of them together, can hold or discard more characters than the game has."""
        starting, reward = len(self.pack.starting), len(self.pack.reward)
        held = [len(p.hand) + p.discard_count for p in players]
        for i, n in enumerate(held):
            if n > starting + reward:
                self.fault(
                    ("players", i, "discards"),
                    f"{n} characters in hand and discarded; a player can have at most {starting + reward} "
                    f"({starting} own starting characters and {reward} reward cards)",
                )
                return
        exist = len(players) * starting + reward
        if sum(held) > exist:
            self.fault(
                ("players",),
                f"{sum(held)} characters in hands and discards; {len(players)} players have only {exist} "
                f"({starting} starting characters each and {reward} reward cards)",
            )

    def recruitment(
        self, text: str, at: Path_, variants: frozenset[Variant], discards: int | tuple[str, ...]
    ) -> str | None:
        if "secret_recruitment" not in variants:
            self.fault((*at, "recruitment"), "a recruitment mission needs the secret_recruitment variant")
            return None
        mission = self.resolve(self.names.missions, text, (*at, "recruitment"))
        if mission and isinstance(self.pack.mission_by_id[mission], StrengthMission):
            self.fault((*at, "recruitment"), f"{mission!r} cannot be recruited for: the strength mission is replaced")
        if isinstance(discards, int):
            self.fault((*at, "discards"), "secret_recruitment needs the discarded characters as a list, not a number")
        return mission

    def starting_cards_once(self, hand: tuple[str, ...], discards: int | tuple[str, ...], at: Path_) -> None:
        """Each colour has its own copy of every starting character, so one per player."""
        places = _card_places(hand, discards, at)
        self.once([(path, c) for path, c in places if c in self.pack.starting_ids], "this player's starting character")

    def reward_cards_once(self, players: tuple[PlayerRecord, ...]) -> None:
        places = [pc for i, p in enumerate(players) for pc in _card_places(p.hand, p.discards, ("players", i))]
        self.once([(path, c) for path, c in places if c and c not in self.pack.starting_ids], "reward card")

    def colours_once(self, players: tuple[PlayerRecord, ...]) -> None:
        self.once([(("players", i, "colour"), p.colour) for i, p in enumerate(players)], "colour")

    def mission_cards_once(self, missions: tuple[str | None, ...], players: tuple[PlayerRecord, ...]) -> None:
        places = [(("missions", i), m) for i, m in enumerate(missions) if m]
        places += [(("players", i, "recruitment"), p.recruitment) for i, p in enumerate(players) if p.recruitment]
        self.once(places, "mission card")

    def once(self, places: list[tuple[Path_, str]], what: str) -> None:
        """One card, one place: every later mention of the same id is a fault."""
        first: dict[str, Path_] = {}
        for path, ident in places:
            if ident in first:
                self.fault(path, f"{what} {ident!r} appears twice (also at {yamlsrc.dotted(first[ident])})")
            first.setdefault(ident, path)


def _card_places(hand: tuple[str, ...], discards: int | tuple[str, ...], at: Path_) -> list[tuple[Path_, str]]:
    """Where each of a player's named cards stands in the record: hand, then listed discards."""
    places = [((*at, "hand", j), c) for j, c in enumerate(hand)]
    if not isinstance(discards, int):
        places += [((*at, "discards", j), c) for j, c in enumerate(discards)]
    return places


def dump(record: Record) -> str:
    """The record as YAML that `read` turns back into the same Record."""
    return yaml.safe_dump(to_data(record), sort_keys=False, allow_unicode=True, default_flow_style=None)


def to_data(record: Record) -> dict[str, Any]:
    """The record as plain data with ids only, the names a record file uses."""
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
    options = record.options.model_dump(exclude_defaults=True)
    if options:
        data["options"] = options
    return data
