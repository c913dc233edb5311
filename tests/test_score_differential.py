"""The two interpreters of the score sheet agree: the Python scorer (scoring/) and the phone page's
(templates/scorepage/scoring/), on at least 1,000 random records per sheet, in a real headless
Chromium. Every sheet-driven pack is taken: Stawka, 1762–1955, the fixture sheets that use every
construct of docs/score-sheet.md (tests/fixtures/sheets/), and each game of the gallery
(examples/sheets/*/) as it is added; City of Spies is compared the same way by test_score_page.py.
A record one side refuses must be refused by the other."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from sheet_records import dump, random_record
from test_score_page import CHROMIUM, Watched

from estoril_pnp.errors import InputError
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack
from estoril_pnp.scoring import calc, record, table
from estoril_pnp.source.yamlsrc import Located

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
ROOT = Path(__file__).parent.parent
PACKS = sorted(
    [
        ROOT / "packs" / "stawka",
        ROOT / "packs" / "espionage_1762",
        *(Path(__file__).parent / "fixtures" / "sheets").iterdir(),
        *(ROOT / "examples" / "sheets").glob("*/"),
    ]
)
RECORDS = 1000


def python_json(pack: Any, text: str) -> dict[str, Any]:
    """What `score --json` prints for `text`, or that it refuses it."""
    import yaml

    try:
        played = record.parse(pack.sheet, Located("record", yaml.safe_load(text)), {}, pack.catalogs)
    except InputError:
        return {"refused": True}
    return table.to_json(pack.sheet, calc.score(pack.sheet, played))


def drawn(pack: Any, resolved: dict[str, Any], rng: random.Random) -> tuple[list[str], list[dict[str, Any]]]:
    """RECORDS random records and what Python says of each, a quarter of them at least legal: a
    sheet's checks (hearts adding up to 13, an ending threshold) refuse most records drawn blindly,
    so drawing goes on, keeping refused ones only up to three quarters (at most 50 draws a record)."""
    texts: list[str] = []
    want: list[dict[str, Any]] = []
    refused_room = RECORDS - RECORDS // 4
    for _ in range(50 * RECORDS):
        if len(texts) == RECORDS:
            break
        text = dump(random_record(resolved, rng))
        said = python_json(pack, text)
        if "refused" in said:
            if refused_room == 0:
                continue
            refused_room -= 1
        texts.append(text)
        want.append(said)
    return texts, want


@pytest.mark.slow  # 1,000 records per sheet in a browser: CI runs it, the quick loop does not
@pytest.mark.parametrize("folder", PACKS, ids=[p.name for p in PACKS])
def test_the_page_scores_random_records_as_python(folder: Path, browser: Any, tmp_path: Path) -> None:
    pack = load_pack(folder)
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    texts, want = drawn(pack, resolved, random.Random(folder.name))
    scored = [w for w in want if "refused" not in w]
    assert len(scored) >= RECORDS // 4, f"only {len(scored)} of {RECORDS} random records are legal"
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, resolved, [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", texts)
    got = [{"refused": True} if "faults" in g else g for g in got]
    differ = [(t, w, g) for t, w, g in zip(texts, want, got, strict=True) if w != g]
    assert differ == [], json.dumps(differ[:2], indent=1, ensure_ascii=False)
    assert watched.errors == []
    watched.close()
