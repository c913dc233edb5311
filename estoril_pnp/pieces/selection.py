"""The pictures an image export writes, and their names: one per face, one per shared back in a
group, one per a piece's own second side. Pure: pieces in, named drawing operations out.

Names are paths without a suffix, the piece's key being its name:
    characters/lucky_luciano        a face
    characters/back                 the back every character shares (back-2, back-3 … if a group has several)
    player_aids/aid-reverse         a piece's own second side (left out when it shows the face again)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase

from ..errors import Finding, InputError
from ..pack.load import Pack
from ..render.ops import Op
from ..render.outline import RECT, Outline
from ..render.piece import Piece

REVERSE = "-reverse"


@dataclass(frozen=True)
class Picture:
    name: str  # e.g. "characters/lucky_luciano"; the file is name + ".png"
    group: str
    width: float  # trim size, mm
    height: float
    ops: tuple[Op, ...]  # in mm from the trim box's lower-left corner; may reach into the bleed
    outline: Outline = RECT  # a back's is its piece's turned over, as the back is seen


def one_of_each(pack: Pack) -> Pack:
    """The pack with one copy of every item: copies print the same picture, an image shows it once.
    Keys then carry no copy number (`player_aids/aid`, not `player_aids/aid/1`)."""
    kinds = {name: replace(kind, copies=1) for name, kind in pack.manifest.pieces.items()}
    return replace(pack, manifest=replace(pack.manifest, pieces=kinds))


def each_item(pieces: Sequence[Piece]) -> list[Piece]:
    """The laid-out pieces with one copy of every item, its key without a copy number: what shows
    an item once (a shop's upload, the rulebook's figures), where one_of_each is too early."""
    return [replace(p, key=p.item, copy=0) for p in pieces if p.copy <= 1]


def matches(key: str, pattern: str) -> bool:
    """A pattern of one part names a group (`cards`); a longer one matches a key part by part,
    `*` standing for any one part (`cards/*` matches `cards/lamp` but not `cards/lamp/2`)."""
    parts, want = key.split("/"), pattern.split("/")
    if len(want) == 1:
        return fnmatchcase(parts[0], want[0])
    return len(parts) == len(want) and all(fnmatchcase(p, w) for p, w in zip(parts, want, strict=True))


def select(pieces: Sequence[Piece], patterns: Sequence[str], option: str = "--only") -> list[Piece]:
    """The pieces any pattern matches, in their order; InputError for a pattern that matches none."""
    if not patterns:
        return list(pieces)
    empty = [p for p in patterns if not any(matches(piece.key, p) for piece in pieces)]
    if empty:
        groups = ", ".join(dict.fromkeys(piece.group for piece in pieces))
        example = pieces[-1].key if pieces else "group/item"
        why = f"matches no piece; name a group ({groups}) or a key pattern such as {example}"
        raise InputError([Finding(option, None, "", f"'{p}' {why}") for p in empty])
    return [piece for piece in pieces if any(matches(piece.key, p) for p in patterns)]


def pictures(pieces: Sequence[Piece]) -> list[Picture]:
    """Every face, each group's shared backs once, every own second side that differs from its face."""
    out: list[Picture] = []
    backs: dict[str, list[tuple[Op, ...]]] = {}  # group -> its distinct shared backs, in order
    for piece in pieces:
        out.append(Picture(piece.key, piece.group, piece.width, piece.height, piece.front, piece.outline))
        if piece.back is None:
            continue
        turned = piece.outline.flipped("x", piece.width, piece.height)
        if not piece.shared_back:
            if piece.back != piece.front:
                out.append(Picture(piece.key + REVERSE, piece.group, piece.width, piece.height, piece.back, turned))
            continue
        seen = backs.setdefault(piece.group, [])
        if piece.back not in seen:
            seen.append(piece.back)
            name = back_name(piece.group, len(seen))
            out.append(Picture(name, piece.group, piece.width, piece.height, piece.back, turned))
    _unique(out)
    return out


def back_names(pieces: Sequence[Piece]) -> dict[str, str]:
    """Each piece's key with the name of the picture of its back, as `pictures` names them; a
    piece whose back shows its face again is named by its face, one with no back left out."""
    out: dict[str, str] = {}
    backs: dict[str, list[tuple[Op, ...]]] = {}
    for piece in pieces:
        if piece.back is None:
            continue
        if not piece.shared_back:
            out[piece.key] = piece.key + REVERSE if piece.back != piece.front else piece.key
            continue
        seen = backs.setdefault(piece.group, [])
        if piece.back not in seen:
            seen.append(piece.back)
        out[piece.key] = back_name(piece.group, seen.index(piece.back) + 1)
    return out


def back_name(group: str, n: int = 1) -> str:
    """The name of a group's n-th distinct shared back."""
    return f"{group}/back" + (f"-{n}" if n > 1 else "")


def _unique(found: Sequence[Picture]) -> None:
    """Two pictures for one file (an item whose id is `back`) would overwrite each other: refused."""
    names: set[str] = set()
    clashes = []
    for picture in found:
        if picture.name in names:
            clashes.append(Finding(picture.name + ".png", None, "", "two pictures would get this file name"))
        names.add(picture.name)
    if clashes:
        raise InputError(clashes)
