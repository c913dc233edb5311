"""Which pieces a Tabletop Simulator export makes into decks and which into single images: the
pack's `tts.yaml`, or, for a pack without one, a deck per group whose pieces share one back.

Decks and singles are named by key patterns (see `pieces/selection.py:matches`); every fault is a finding
with the file, line and key of the pattern or deck at fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import Finding, InputError
from ..pack.ttsspec import SPEC_FILE, DeckSpec, TtsSpec
from ..source import yamlsrc

if TYPE_CHECKING:  # the pack reads tts.yaml; the pieces come only when an export resolves it
    from ..pack.load import Pack
    from ..render.layout import Design
    from ..render.ops import Op
    from ..render.piece import Piece


@dataclass(frozen=True)
class Deck:
    name: str  # file names: <name>-faces.png, <name>-back.png, <name>.json
    title: str
    cards: tuple[Piece, ...]
    names: tuple[str, ...]  # each card's nickname
    back: tuple[Op, ...]  # the back all its cards share, also the hidden-card image


def default_spec(pieces: Sequence[Piece]) -> TtsSpec:
    """A deck per group of two or more cards (rect or rounded) that all share one back; every other
    group as single images (round and hexagonal ones also as custom tiles)."""
    groups: dict[str, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(piece.group, []).append(piece)
    decks, singles = {}, []
    for group, members in groups.items():
        backs = {p.back for p in members}
        # round and hexagonal pieces are tiles of their own shape on the table, never cards
        cards = all(p.outline.shape in ("rect", "rounded") for p in members)
        if cards and len(members) > 1 and all(p.shared_back for p in members) and len(backs) == 1 and None not in backs:
            decks[group] = DeckSpec(title=group, cards=[group])
        else:
            singles.append(group)
    return TtsSpec(decks=decks, singles=singles)


def resolve(
    spec: TtsSpec, src: yamlsrc.Located | None, pieces: Sequence[Piece], faces: Mapping[str, Mapping[str, Any]]
) -> tuple[list[Deck], list[Piece]]:
    """The decks and the pieces shown as single images; InputError for a pattern that matches
    nothing, or a deck whose cards differ in size or back."""
    from ..pieces.selection import matches

    where = src.finding if src is not None else yamlsrc.Located(SPEC_FILE, None).finding
    problems: list[Finding] = []
    decks = []
    for name, deck in spec.decks.items():
        cards: list[Piece] = []
        for i, pattern in enumerate(deck.cards):
            found = [p for p in pieces if matches(p.key, pattern) and p.key not in {c.key for c in cards}]
            if not found:
                problems.append(where(("decks", name, "cards", i), f"'{pattern}' matches no piece"))
            cards += found
        if not cards:
            continue
        first = cards[0]
        for card in cards:
            if (card.width, card.height) != (first.width, first.height):
                problems.append(where(("decks", name), _differs(card, first, "is another size than")))
                break
            if card.back is None or not card.shared_back or card.back != first.back:
                problems.append(where(("decks", name), _differs(card, first, "has another back than")))
                break
        else:
            names = tuple(_nickname(card, faces.get(card.key, {}), deck.card_name) for card in cards)
            assert first.back is not None
            decks.append(Deck(name, deck.title, tuple(cards), names, first.back))
    singles: list[Piece] = []
    for i, pattern in enumerate(spec.singles):
        found = [p for p in pieces if matches(p.key, pattern) and p.key not in {s.key for s in singles}]
        if not found:
            problems.append(where(("singles", i), f"'{pattern}' matches no piece"))
        singles += found
    if problems:
        raise InputError(problems)
    return decks, singles


def plan_decks(
    pack: Pack, design: Design, laid_out: Mapping[str, Sequence[Piece]]
) -> dict[str, tuple[list[Deck], list[Piece]]]:
    """Each language's decks and single images, every deck checked in every language before a file is written."""
    from ..pieces.lay_out import faces

    plans = {}
    for code, pieces in laid_out.items():
        spec, src = pack.tts if pack.tts is not None else (default_spec(pieces), None)
        plans[code] = resolve(spec, src, pieces, faces(pack, design, code))
    return plans


def _differs(card: Piece, first: Piece, what: str) -> str:
    return f"'{card.key}' {what} '{first.key}': the cards of a deck share one size and one back"


def _nickname(card: Piece, face: Mapping[str, Any], element: str) -> str:
    """The card's name as the face shows it, else its key without the group."""
    value = face.get(element)
    return value if isinstance(value, str) and value.strip() else card.key.split("/", 1)[-1]
