"""The score sheet is read in stages, one module each (scoring/sheet/): a stage uses only the stages
before it, so a newcomer reads them in this order and none reaches ahead for what is not read yet."""

from __future__ import annotations

import ast
from pathlib import Path

import estoril_pnp.scoring.sheet

SHEET = Path(estoril_pnp.scoring.sheet.__file__).parent
# the vocabulary and the model first, then the stages in reading order, then what runs them
ORDER = ["keys", "model", "checks", "names", "order", "pieces", "entries", "exprs", "verdict", "read", "page"]


def sheet_imports(path: Path) -> set[str]:
    """The modules of scoring/sheet/ that `path` imports (relative imports of one dot)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
    return found


def test_every_stage_uses_only_the_stages_before_it() -> None:
    modules = {p.stem for p in SHEET.glob("*.py")} - {"__init__"}
    assert modules == set(ORDER)
    for i, name in enumerate(ORDER):
        later = sheet_imports(SHEET / f"{name}.py") - set(ORDER[:i])
        assert later == set(), f"{name}.py uses {sorted(later)}, read after it"


def test_the_public_names_stay_where_callers_import_them() -> None:
    from estoril_pnp.scoring import sheet

    for name in ("load", "Sheet", "Piece", "Collection", "resolved", "catalog_keys", "shown_keys", "call_values"):
        assert hasattr(sheet, name), name
