"""Reading a sheet, its last stage: the order of its steps, each category, figure and the total
after everything it reads (`deps`, recorded as expressions were read); a cycle is a finding."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...source.yamlsrc import Path_
from ..forms import TOTAL


@dataclass(frozen=True)
class Order:
    steps: tuple[str, ...]  # as far as they could be ordered
    cycle: tuple[Path_, str] | None = None  # where a cycle is written, and the finding's message


def order(
    categories: Iterable[str], figures: Iterable[str], deps: Mapping[str, set[str]], dep_at: Mapping[str, Path_]
) -> Order:
    """Categories, figures and total, each after everything it reads; the first cycle found stops it."""
    steps = list(categories)
    nodes = [*steps, *figures]
    reads = {n: set(deps.get(n, ())) for n in nodes}
    reads[TOTAL] = set(steps)
    done: list[str] = []
    state: dict[str, int] = {}
    cycle: list[tuple[Path_, str]] = []

    def visit(node: str, trail: list[str]) -> bool:
        if state.get(node) == 2:
            return True
        if state.get(node) == 1:
            found = [*trail[trail.index(node) :], node]
            cycle.append((dep_at.get(found[0], ()), f"a cycle between computed figures: {' -> '.join(found)}"))
            return False
        state[node] = 1
        ok = all(visit(d, [*trail, node]) for d in sorted(reads[node]) if d in reads)
        state[node] = 2
        done.append(node)
        return ok

    for node in [*nodes, TOTAL]:
        if not visit(node, []):
            break
    return Order(tuple(done), cycle[0] if cycle else None)
