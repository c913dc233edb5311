"""City of Spies' end-of-game scoring: its score sheet (data/scoring.yaml) applied to a checked Record.

The rules live in the sheet; this glue only restates a Record (read by record.py, whose
messages stay the game's own) in the sheet's terms: entries by id, variants and options as switches.
"""

from __future__ import annotations

from ...scorecalc import Played, PlayerEntry, Result
from ...scorecalc import score as score_played
from ...scoresheet import Sheet
from .record import VARIANTS, Options, Record


def played(record: Record, options: Options) -> Played:
    switches: dict[str, bool | str] = {v: v in record.variants for v in VARIANTS}
    switches |= options.model_dump()
    players = tuple(
        PlayerEntry(p.colour, p.name, {"hand": p.hand, "discards": p.discards, "recruitment": p.recruitment})
        for p in record.players
    )
    return Played(players, {"missions": record.missions, "enigma": record.enigma}, switches)


def score(sheet: Sheet, record: Record, options: Options) -> Result:
    """Every player's points and the winners; `record` must be legal, as record.parse makes it.

    `options` is usually `record.options`, with the command line's overrides applied.
    """
    return score_played(sheet, played(record, options))
