"""Random legal game records, as a record file holds them: for property tests and the scoring benchmark."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from .model import Estoril, StrengthMission

VARIANTS = ("secret_missions", "secret_recruitment", "important_second_place")  # the score sheet's variants


def random_record(pack: Estoril, rng: random.Random, variants: Collection[str] | None = None) -> dict[str, Any]:
    """A record that could end a real game (no card twice, hands within the limit), with ids only."""
    game = pack.game
    n = rng.randint(game.players.min, game.players.max)
    chosen = set(rng.sample(VARIANTS, rng.randint(0, len(VARIANTS))) if variants is None else variants)
    if n < game.secret_missions.min_players:
        chosen.discard("secret_missions")
    wanted = game.secret_missions.face_up + n if "secret_missions" in chosen else game.missions_in_play
    missions = rng.sample([m.id for m in pack.missions], len(pack.missions))
    in_play, rest = missions[:wanted], missions[wanted:]
    recruitable = [m for m in rest if not isinstance(pack.mission_by_id[m], StrengthMission)]
    deck = rng.sample([c.id for c in pack.reward], len(pack.reward))
    recruiting = "secret_recruitment" in chosen
    players = []
    for colour in rng.sample([c.id for c in game.colours], n):
        won = [deck.pop() for _ in range(rng.randint(0, len(deck) // n))]
        cards = rng.sample([*(c.id for c in pack.starting), *won], len(pack.starting) + len(won))
        held = rng.randint(0, min(game.hand_limit, len(cards)))
        discarded = cards[held:]
        kept = discarded if recruiting or rng.random() < 0.5 else len(discarded)
        player: dict[str, Any] = {"colour": colour}
        if name := rng.choice([None, f"{colour} player"]):
            player["name"] = name
        player |= {"hand": cards[:held], "discards": kept}
        if recruiting:
            player["recruitment"] = recruitable.pop()
        players.append(player)
    record: dict[str, Any] = {"players": players, "missions": in_play}
    if enigma := rng.choice([None, *(p["colour"] for p in players)]):
        record["enigma"] = enigma
    if chosen:
        record["variants"] = [v for v in VARIANTS if v in chosen]
    return record
