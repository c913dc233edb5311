"""How many pieces of each size the solver puts on a page: the table in the README."""

from __future__ import annotations

from collections.abc import Mapping

from .imposition import PAPERS, Backs, DoesNotFit, plan

Sizes = Mapping[str, tuple[float, float]]  # piece kind -> (width, height) in mm


def pieces_per_page(sizes: Sizes, bleed: float, backs: Backs = Backs.none) -> dict[str, dict[str, int]]:
    """paper -> piece kind -> pieces per front page; 0 where the piece does not fit."""
    return {paper: {kind: _count(paper, w, h, bleed, backs) for kind, (w, h) in sizes.items()} for paper in PAPERS}


def markdown(sizes: Sizes, counts: Mapping[str, Mapping[str, int]]) -> str:
    papers = list(counts)
    head = ["| piece | size (mm) | " + " | ".join(PAPERS[p].name for p in papers) + " |"]
    head.append("|---|---|" + "---:|" * len(papers))
    rows = [
        f"| {kind} | {w:g} × {h:g} | " + " | ".join(str(counts[p][kind]) for p in papers) + " |"
        for kind, (w, h) in sizes.items()
    ]
    return "\n".join(head + rows)


def _count(paper: str, width: float, height: float, bleed: float, backs: Backs) -> int:
    try:
        return len(plan(PAPERS[paper], width, height, bleed, backs).slots)
    except DoesNotFit:
        return 0
