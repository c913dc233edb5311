from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from estoril_pnp.files.resources import default_pack
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.fonts import register_fonts

# Every test parses what it reads, as a first run does: the cache of parsed YAML (on for users,
# source/yamlcache.py) is tested on its own, in test_yamlcache.py. Set before the first read.
os.environ["ESTORIL_PNP_CACHE"] = ""
# A suite started in the background (`nohup … &` from a script) inherits SIGINT ignored, and so would
# every program a test starts: a test's Ctrl-C would never reach it. A handler of our own is reset to
# the default in a child, as a terminal gives it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
SHIPPED = load_pack(default_pack())
PACK = SHIPPED.model.data  # module level too: hypothesis strategies need it at import
ROOT = Path(__file__).parent.parent


def all_packs() -> list[Path]:
    """Every pack the per-catalog and per-piece tests run over: the shipped one (always), each
    `packs/*/` with a pack.yaml, the designer's examples (`examples/*/`), the model-less fixture
    and the gallery's score sheets, so a new pack is tested by adding it."""
    found = sorted(p.parent for p in (ROOT / "packs").glob("*/pack.yaml"))
    examples = sorted(p.parent for p in (ROOT / "examples").glob("*/pack.yaml"))  # a designer's packs
    return [default_pack(), *found, *examples, ROOT / "tests" / "fixtures" / "tiny_game", *gallery_packs()]


def gallery_packs() -> list[Path]:
    """The gallery of well-known games' scoring: `examples/sheets/*/`, a score sheet each."""
    return sorted(p.parent for p in (ROOT / "examples" / "sheets").glob("*/pack.yaml"))


def pack_languages() -> list[tuple[Path, str]]:
    """(pack, language) for every catalog of every pack."""
    return [(pack, lang) for pack in all_packs() for lang in load_pack(pack).languages]


def pack_id(value: object) -> str:
    """A readable test id: the pack's folder name (the shipped pack is `data`), or the language."""
    return value.name if isinstance(value, Path) else str(value)


@pytest.fixture(scope="session")
def pack() -> Estoril:
    return PACK


@pytest.fixture
def pack_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped pack, for planting one fault at a time."""
    target = tmp_path / "pack"
    shutil.copytree(default_pack(), target)
    return target


def replace_once(file: Path, old: str, new: str) -> int:
    """Replaces the one occurrence of `old` and returns its 1-based line number."""
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {file}"
    file.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


@pytest.fixture(scope="session", autouse=True)
def fonts() -> None:
    register_fonts()


def assert_clean_outcome(result: Result, *codes: int) -> None:
    """The only outcomes a user may see: a result, findings (validate), or our own error lines; no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in codes, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert lines, "exit 2 says why"
        assert all(line.startswith("error: ") for line in lines), result.stderr


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (which never downloads a browser of its own here)."""
    playwright = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield launched
        launched.close()


def alive_in_group(pgid: int) -> list[int]:
    """The processes of a process group still running (zombies are gone already)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive
