"""No function of the scorer over 80 lines: a reader follows each one on one screen or two."""

from __future__ import annotations

import ast
from pathlib import Path

import estoril_pnp.scoring

MOST = 80
SCORING = Path(estoril_pnp.scoring.__file__).parent


def lengths(source: str) -> dict[str, int]:
    """Every function's lines (from its `def` to its last line), by its qualified name."""
    out: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out[prefix + child.name] = (child.end_lineno or child.lineno) - child.lineno + 1
                walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.")
            else:
                walk(child, prefix)

    walk(ast.parse(source), "")
    return out


def test_no_function_in_scoring_is_over_80_lines() -> None:
    files = sorted(SCORING.rglob("*.py"))
    assert len(files) > 10
    long = {
        f"{path.relative_to(SCORING)}: {name}": n
        for path in files
        for name, n in lengths(path.read_text(encoding="utf-8")).items()
        if n > MOST
    }
    assert long == {}


def test_a_long_function_is_measured() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(81))
    found = lengths(f"class A:\n    def f(self):\n    {body.replace(chr(10), chr(10) + '    ')}\n")
    assert found == {"A.f": 82}
