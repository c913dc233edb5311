"""Random legal game records: for property tests and the scoring benchmark."""

from __future__ import annotations

import random
from collections.abc import Collection

from .model import Estoril, StrengthMission
from .record import VARIANTS, PlayerRecord, Record, Variant, missions_wanted


def random_record(pack: Estoril, rng: random.Random, variants: Collection[Variant] | None = None) -> Record:
    """A record that could end a real game: no card twice, hands within the limit."""
    game = pack.game
    n = rng.randint(game.players.min, game.players.max)
    chosen = set(rng.sample(VARIANTS, rng.randint(0, len(VARIANTS))) if variants is None else variants)
    if n < game.secret_missions.min_players:
        chosen.discard("secret_missions")
    wanted = missions_wanted(game, n, chosen)
    missions = rng.sample([m.id for m in pack.missions], len(pack.missions))
    in_play, rest = missions[:wanted], missions[wanted:]
    recruitable = [m for m in rest if not isinstance(pack.mission_by_id[m], StrengthMission)]
    deck = rng.sample([c.id for c in pack.reward], len(pack.reward))
    players = []
    for colour in rng.sample([c.id for c in game.colours], n):
        won = [deck.pop() for _ in range(rng.randint(0, len(deck) // n))]
        cards = rng.sample([*(c.id for c in pack.starting), *won], len(pack.starting) + len(won))
        held = rng.randint(0, min(game.hand_limit, len(cards)))
        discarded = tuple(cards[held:])
        recruiting = "secret_recruitment" in chosen
        players.append(
            PlayerRecord(
                colour=colour,
                hand=tuple(cards[:held]),
                discards=discarded if recruiting or rng.random() < 0.5 else len(discarded),
                name=rng.choice([None, f"{colour} player"]),
                recruitment=recruitable.pop() if recruiting else None,
            )
        )
    enigma = rng.choice([None, *(p.colour for p in players)])
    return Record(tuple(players), tuple(in_play), enigma, frozenset(chosen))
