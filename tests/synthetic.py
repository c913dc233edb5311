"""Synthetic pieces: a grey bleed rectangle with the key (or back-key) written at the centre."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from estoril_pnp.render.geometry import Box
from estoril_pnp.render.ops import Op, RectOp, TextOp
from estoril_pnp.render.piece import Piece
from estoril_pnp.render.text import PT


def labelled(text: str, width: float, height: float) -> tuple[Op, ...]:
    return (
        RectOp(Box(0, 0, width, height), "#cccccc", None, 0, 0, True),
        TextOp("Vollkorn-Regular", 7 * PT, "#000000", ((width / 2, height / 2, text),), "center", 0, (0, 0)),
    )


def pieces(
    n: int, width: float = 70, height: float = 70, backs: bool = True, prefix: str = "p", group: str = "g"
) -> list[Piece]:
    return [
        Piece(
            f"{prefix}{i}",
            group,
            "en",
            width,
            height,
            labelled(f"{prefix}{i}", width, height),
            labelled(f"back-{prefix}{i}", width, height) if backs else None,
            shared_back=backs,
        )
        for i in range(n)
    ]


def grouped(groups: Mapping[str, Sequence[Piece]]) -> list[Piece]:
    """The pieces of each named group, in order, as one list (what the build takes)."""
    return [replace(p, group=name) for name, members in groups.items() for p in members]
