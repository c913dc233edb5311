"""The rules' facts live in the pack: tiles and aids state the numbers the pack gives them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.games.estoril.model import Estoril

runner = CliRunner()


def _text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


def test_peek_reach_diagrams_follow_the_grid_and_the_reaches(pack: Estoril) -> None:
    grid = pack.game.grid
    assert (grid.rows, grid.cols, pack.game.locations_per_round) == (2, 3, 6)
    reaches = pack.game.reaches
    assert reaches["this"].cells(grid) == (1, 1, ((0, 0),))
    assert set(reaches["adjacent"].cells(grid)[2]) == {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)}
    assert (1, 1) not in reaches["neighbours"].cells(grid)[2]
    assert reaches["any"].cells(grid)[:2] == (3, 2) and len(reaches["any"].cells(grid)[2]) == 6
    assert {s.peek for p in pack.locations for s in p.spaces} == {"none", "this", "adjacent", "any"}


@pytest.mark.slow
def test_changed_rule_numbers_reach_the_tiles_and_the_aid(pack_copy: Path, tmp_path: Path) -> None:
    replace_once(pack_copy / "locations.yaml", "{nationality: GB, strength: 1}", "{nationality: GB, strength: 2}")
    replace_once(pack_copy / "locations.yaml", "{id: casino_dice, dice: 2}", "{id: casino_dice, dice: 3}")
    replace_once(pack_copy / "game.yaml", "{reach: adjacent, bonus: 1}", "{reach: adjacent, bonus: 4}")
    replace_once(pack_copy / "game.yaml", "grid: {rows: 2, cols: 3}", "grid: {rows: 4, cols: 2}")
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--layout", "single", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    tiles = _text(tmp_path / "en" / "a4" / "locations-single.pdf")
    aid = _text(tmp_path / "en" / "a4" / "player_aids-single.pdf")
    for text in (tiles, aid):
        assert "British characters get +2 strength here." in text
        assert "roll 3 dice for each character" in text
    assert "+4 strength for every other face-up card" in aid
    assert "Draw 8 location tiles at random and lay them out in 4 rows of 2" in aid
