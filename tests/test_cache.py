"""Rebuilds skip what has not changed, and only that: read from what each build drew."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from estoril_pnp.build.printset import build_set
from estoril_pnp.cli import app
from estoril_pnp.files.resources import resource_dir
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.options import resolve_options

runner = CliRunner()


def _build(pack_dir: Path, out: Path, **opts: str) -> list[str]:
    pack = load_pack(pack_dir)
    done = build_set(pack, ["en", "de"], resolve_options(**{"paper": "a4", **opts}), out, lambda n: None)
    return sorted(f"{p.parent.parent.name}/{p.name}" for p in done.drawn)


def test_nothing_changed_draws_nothing_and_says_so_in_one_line(tmp_path: Path) -> None:
    first = runner.invoke(app, ["build", "--out", str(tmp_path), "-q"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["build", "--out", str(tmp_path)])
    assert again.exit_code == 0
    assert again.stdout.strip().splitlines() == [f"Nothing changed: all 11 files under {tmp_path}/ are up to date."]


def test_one_character_changed_redraws_only_the_characters(pack_copy: Path, tmp_path: Path) -> None:
    assert len(_build(pack_copy, tmp_path)) == 14
    assert _build(pack_copy, tmp_path) == []
    characters = pack_copy / "characters.yaml"
    text = characters.read_text(encoding="utf-8")
    characters.write_text(text.replace("strength: 5,", "strength: 4,", 1), encoding="utf-8")
    assert _build(pack_copy, tmp_path) == ["de/characters.pdf", "en/characters.pdf"]


def test_an_edited_layout_redraws_what_uses_it(pack_copy: Path, tmp_path: Path) -> None:
    _build(pack_copy, tmp_path)
    (pack_copy / "layouts").mkdir()
    shipped = (resource_dir("templates") / "layouts" / "pieces.yaml").read_text(encoding="utf-8")
    moved = shipped.replace("title: {verb: text, box: [6, 17, 58, 9]", "title: {verb: text, box: [6, 18, 58, 9]")
    assert moved != shipped
    (pack_copy / "layouts" / "pieces.yaml").write_text(moved, encoding="utf-8")
    assert _build(pack_copy, tmp_path) == ["de/missions.pdf", "en/missions.pdf"]


def test_other_options_or_a_deleted_file_are_built_again(pack_copy: Path, tmp_path: Path) -> None:
    _build(pack_copy, tmp_path)
    (tmp_path / "en" / "a4" / "enigma.pdf").unlink()
    assert _build(pack_copy, tmp_path) == ["en/enigma.pdf"]
    assert len(_build(pack_copy, tmp_path, bleed=2.0)) == 14  # every PDF depends on the bleed


def test_a_rebuild_swaps_the_whole_folder_keeping_unchanged_files(pack_copy: Path, tmp_path: Path) -> None:
    _build(pack_copy, tmp_path)
    before = {p.name: p.stat().st_ino for p in (tmp_path / "en" / "a4").glob("*.pdf")}
    characters = pack_copy / "characters.yaml"
    characters.write_text(characters.read_text(encoding="utf-8").replace("strength: 5,", "strength: 4,", 1))
    _build(pack_copy, tmp_path)
    after = {p.name: p.stat().st_ino for p in (tmp_path / "en" / "a4").glob("*.pdf")}
    assert after.keys() == before.keys()
    assert after["characters.pdf"] != before["characters.pdf"]
    assert all(after[n] == before[n] for n in before if n != "characters.pdf")  # the same files, linked over
    leftovers = [p.name for p in (tmp_path / "en").iterdir() if p.name not in ("a4", ".a4.lock")]
    assert leftovers == []


def test_output_inside_the_pack_is_refused(pack_copy: Path) -> None:
    result = runner.invoke(app, ["build", "--pack", str(pack_copy), "--out", str(pack_copy / "out")])
    assert result.exit_code == 2
    assert "cannot write output here: it would overlap" in result.stderr
    assert not (pack_copy / "out" / "en" / "a4").exists()


@pytest.mark.slow
def test_an_icon_redrawn_redraws_the_rulebook_whose_figures_show_it(pack_copy: Path, tmp_path: Path) -> None:
    def build(out: Path) -> list[str]:
        done = runner.invoke(app, ["build", "--pack", str(pack_copy), "--lang", "en", "--out", str(out), "--jobs", "1"])
        assert done.exit_code == 0, done.output
        return sorted(Path(line).name for line in done.stdout.splitlines() if line.startswith(str(out)))

    build(tmp_path / "out")
    fist = pack_copy / "icons" / "game" / "fist.svg"  # the strength on every character card
    fist.write_text(fist.read_text(encoding="utf-8").replace('fill="#000"', 'fill="#c00"'), encoding="utf-8")
    drawn = build(tmp_path / "out")
    assert {"characters.pdf", "rulebook.pdf"} <= set(drawn) and "enigma.pdf" not in drawn, drawn
    build(tmp_path / "fresh")
    for name in ("characters.pdf", "rulebook.pdf"):  # as a first build draws them
        kept, fresh = (tmp_path / folder / "en" / "a4" / name for folder in ("out", "fresh"))
        assert kept.read_bytes() == fresh.read_bytes()
