"""A pack's `tts.yaml`: which pieces a Tabletop Simulator export makes into decks and which
into single images, by key patterns (see `pieces/selection.py:matches`). Read with the pack, so a
fault stops every command before it writes; `export/ttsdecks.py` resolves it against the pieces.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from ..source import typed, yamlsrc
from ..source.names import Name
from ..source.packfiles import PackFiles
from ..source.typed import Limits, Record

SPEC_FILE = "tts.yaml"
Pattern = Annotated[str, Limits(pattern=r"^[A-Za-z0-9_*?\[\]!-]+(/[A-Za-z0-9_*?\[\]!-]+)*$", max_length=200)]


class DeckSpec(Record):
    title: Annotated[str, Limits(min_length=1, max_length=200)]  # the deck's name on the table
    cards: Annotated[list[Pattern], Limits(min_length=1)]
    card_name: str = "name"  # the face element whose text names each card (its nickname)


class TtsSpec(Record):
    decks: dict[Name, DeckSpec]
    singles: list[Pattern] = field(default_factory=list)


def read_spec(files: PackFiles) -> tuple[TtsSpec, yamlsrc.Located] | None:
    """The pack's `tts.yaml`, or None when it has none."""
    path = files.path(SPEC_FILE)
    if not path.is_file():
        return None
    src = yamlsrc.read(path)
    return typed.load(TtsSpec, src), src
