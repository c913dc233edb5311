"""Reading a sheet, before any stage: the names of its categories, contests and figures, known
before any expression is read, so that an expression may name a category or figure written
after it (the order of steps is found later, order.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Declared:
    categories: frozenset[str]
    contests: frozenset[str]  # the categories that are contests
    figures: Mapping[str, None]  # in the file's order: the steps' order must not vary between runs


def declared(data: Any) -> Declared:
    """The names a sheet's `categories:` and `figures:` declare, whatever else is wrong with it."""
    top = data if isinstance(data, dict) else {}
    figures = top.get("figures") or {}
    categories = top.get("categories")
    listed = categories if isinstance(categories, list) else []
    written = [c for c in listed if isinstance(c, dict) and isinstance(c.get("id"), str)]
    return Declared(
        categories=frozenset(c["id"] for c in written),
        contests=frozenset(c["id"] for c in written if "contest" in c),
        figures=dict.fromkeys(f for f in figures if isinstance(f, str)) if isinstance(figures, dict) else {},
    )
