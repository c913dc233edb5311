"""The package reads as the pipeline: each stage imports only the stages below it, and no
module imports, however indirectly, one that imports it back.

Imports are read from the source (every `import` and `from … import`, at module level or inside a
function, since a lazy import still runs); only those under `if TYPE_CHECKING:` are left out:
they name a type for the checker and never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "estoril_pnp"

# bottom to top, as ARCHITECTURE.md draws them; a module at the package's top is in the stage named here
STAGES = ["base", "files", "source", "i18n", "render", "scoring", "pack", "pieces", "rulebook", "games"]
STAGES += ["export", "preflight", "build", "checks", "watch", "cli"]  # watch checks the pack as build does
TOP = {"__init__": "base", "errors": "base", "terminal": "base", "validate": "checks", "cli": "cli", "__main__": "cli"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def stage(module: str) -> str:
    parts = module.split(".")[1:]
    if not parts:
        return "base"
    return TOP.get(parts[0], parts[0])


def _type_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def runtime_imports(path: Path) -> set[str]:
    """The estoril_pnp modules `path` imports when it runs."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_only(child):
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith("estoril_pnp"))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, *([child.module] if child.module else [])])
                if base.startswith("estoril_pnp"):
                    for alias in child.names:  # `from . import names` imports a module
                        sub = f"{base}.{alias.name}"
                        found.add(sub if _exists(sub) else base)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found - {here}


def _exists(module: str) -> bool:
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").is_file() or (PACKAGE / rel / "__init__.py").is_file()


GRAPH = {module_name(p): runtime_imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_the_stage_list_names_every_folder_of_the_package() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == set(STAGES) - {"base", "checks", "cli"}
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top == set(TOP) and len(top) <= 8


def upward(graph: dict[str, set[str]], module: str) -> list[str]:
    rank = STAGES.index(stage(module))
    return sorted(m for m in graph[module] if STAGES.index(stage(m)) > rank)


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph` (its modules in order, the first repeated last), or None."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for other in sorted(graph.get(module, ())):
            if found := walk(other, [*path, module]):
                return found
        done.add(module)
        return None

    return next((c for m in sorted(graph) if (c := walk(m, []))), None)


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_a_module_imports_only_its_own_stage_and_those_below(module: str) -> None:
    assert not upward(GRAPH, module), f"{module} ({stage(module)}) imports up the pipeline: {upward(GRAPH, module)}"


def test_no_module_imports_itself_through_others() -> None:
    found = circle(GRAPH)
    assert found is None, "import circle: " + " → ".join(found or [])


def test_the_checks_see_real_edges_a_circle_and_an_upward_import() -> None:
    assert "estoril_pnp.pack.load" in GRAPH["estoril_pnp.pieces.lay_out"]
    assert "estoril_pnp.scoring.sheet" in GRAPH["estoril_pnp.pack.load"]
    # the circle this layout removed: the pack reader → the TTS decks → the pictures → the pack reader
    old = {"estoril_pnp.pack": {"estoril_pnp.ttsdecks"}, "estoril_pnp.ttsdecks": {"estoril_pnp.pictures"}}
    old["estoril_pnp.pictures"] = {"estoril_pnp.pack"}
    assert circle(old) == ["estoril_pnp.pack", "estoril_pnp.ttsdecks", "estoril_pnp.pictures", "estoril_pnp.pack"]
    assert upward({"estoril_pnp.pack.load": {"estoril_pnp.export.ttsdecks"}}, "estoril_pnp.pack.load")
