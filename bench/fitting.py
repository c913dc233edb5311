"""Fitting every text of City of Spies (every language) three ways; prints the time of each and how
often they agree. The question (issue 33): set marked text with ReportLab's `Paragraph`, which lays
out runs and inline images, or extend the project's own fitting (render/text.py)?

  own         render/text.fit: the string in one font (how plain text is set)
  own marked  render/text.fit_marked: the same text as runs (how marked text is set)
  Paragraph   ReportLab's Paragraph, wrapped at each size from `size` down to `min` until it fits

Run: python bench/fitting.py [runs]
"""

from __future__ import annotations

import sys
import time
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.render import resolve, text
from estoril_pnp.render.fonts import register_fonts
from estoril_pnp.render.layout import load_design


def calls() -> list[tuple[Any, ...]]:
    """Every call of `fit` that laying out the shipped game in every language makes."""
    seen: list[tuple[Any, ...]] = []
    real = resolve.fit

    def record(*args: Any) -> text.Fitted:
        seen.append(args)
        return real(*args)

    resolve.fit = record
    try:
        pack = load_pack(default_pack())
        design = load_design(pack.files)
        for lang in pack.languages:
            lay_out(pack, design, lang)
    finally:
        resolve.fit = real
    return seen


def paragraph_fit(
    body: str, font: str, width: float, height: float, size: float, minimum: float, leading: float, wrap: bool
) -> tuple[tuple[str, ...], float]:
    current = size
    while True:
        style = ParagraphStyle("p", fontName=font, fontSize=current, leading=current * leading)
        p = Paragraph(escape(body).replace("\n", "<br/>"), style)
        _, h = p.wrap(width if wrap else 1e9, 1e9)
        lines = tuple(" ".join(w for w in line[1]) for line in p.blPara.lines) if p.blPara.kind == 0 else ()
        if (p.minWidth() <= width and h <= height + 0.01) or current - 0.25 < minimum - 1e-9:
            return lines, current
        current -= 0.25


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    register_fonts()
    todo = calls()
    print(f"{len(todo)} texts fitted (City of Spies, every language)")
    best: dict[str, float] = {}
    results: dict[str, list[Any]] = {}
    for name, fn in (
        ("own", lambda a: text.fit(*a)),
        ("own marked", lambda a: text.fit_marked([[text.Letters(p, a[1])] for p in a[0].split("\n")], *a[2:], 0.7)),
        ("Paragraph", lambda a: paragraph_fit(*a)),
    ):
        for _ in range(runs):
            start = time.perf_counter()
            results[name] = [fn(a) for a in todo]
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - start)
        print(f"{name:>11}: {best[name] * 1000:7.1f} ms")
    own, marked, para = results["own"], results["own marked"], results["Paragraph"]
    same_marked = sum(
        o.size == m.size and o.lines == tuple("".join(s.text for s in line) for line in m.lines)
        for o, m in zip(own, marked, strict=True)
    )
    same_para = sum(o.size == p[1] and o.lines == p[0] for o, p in zip(own, para, strict=True))
    print(f"own marked sets {same_marked}/{len(todo)} texts at the same size in the same lines as own")
    print(f" Paragraph sets {same_para}/{len(todo)} texts at the same size in the same lines as own")


if __name__ == "__main__":
    main()
