"""Image exports read back with PIL: exact pixel sizes, file names by key, pictures cut at the trim."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from estoril_pnp.cli import app
from tests.conftest import PACK, SHIPPED

runner = CliRunner()
COLOURS = ("red", "green", "blue", "yellow")


def _export(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["export", *args])
    return result.exit_code, result.stdout, result.stderr


def _png(out: Path, name: str, lang: str = "en") -> Image.Image:
    with Image.open(out / lang / "png" / f"{name}.png") as image:
        return image.convert("RGB")


def _files(folder: Path, suffix: str = ".png") -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(f"*{suffix}")}


def _error(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0–255."""
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def _px(mm: float, dpi: int) -> int:
    return int(mm / 25.4 * dpi + 0.5)


# --- PNG ------------------------------------------------------------------------------------


def test_a_character_at_300_dpi_is_exactly_827_px_and_898_with_bleed(tmp_path: Path) -> None:
    code, _, err = _export("png", "--only", "characters/lucky_luciano", "--out", str(tmp_path / "trim"))
    assert code == 0, err
    assert _png(tmp_path / "trim", "characters/lucky_luciano").size == (827, 827)
    assert _png(tmp_path / "trim", "characters/back").size == (827, 827)
    code, _, err = _export("png", "--only", "characters/lucky_luciano", "--bleed", "--out", str(tmp_path / "bleed"))
    assert code == 0, err
    assert _png(tmp_path / "bleed", "characters/lucky_luciano").size == (898, 898)
    with Image.open(tmp_path / "bleed" / "en" / "png" / "characters" / "lucky_luciano.png") as image:
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # a print program opens it at 70 + 6 mm


def test_without_bleed_the_image_is_the_trim_box_of_the_bleed_image(tmp_path: Path) -> None:
    # 127 dpi is 5 px per mm: the 3 mm bleed is exactly 15 px on every side
    for flag in ("", "--bleed"):
        args = ["png", "--dpi", "127", "--only", "missions/strongest", "--out", str(tmp_path / (flag or "trim"))]
        assert _export(*args, *([flag] if flag else []))[0] == 0
    trim, bleed = _png(tmp_path / "trim", "missions/strongest"), _png(tmp_path / "--bleed", "missions/strongest")
    assert (trim.size, bleed.size) == ((350, 350), (380, 380))
    assert _error(bleed.crop((15, 15, 365, 365)), trim) < 1.5
    # the background reaches into the bleed: its outermost pixels are the card's paper, not white
    assert bleed.getpixel((1, 190)) == bleed.getpixel((20, 190)) != (255, 255, 255)


def test_every_piece_has_a_file_named_by_its_key_at_its_size(tmp_path: Path) -> None:
    dpi = 20  # small: this test reads sizes and names, not pictures
    code, _, err = _export("png", "--dpi", str(dpi), "--out", str(tmp_path))
    assert code == 0, err
    files = _files(tmp_path / "en" / "png")
    reward = {f"characters/{c.id}.png" for c in PACK.reward}
    starting = {f"characters/{c.id}/{colour}.png" for c in PACK.starting for colour in COLOURS}
    missions = {f"missions/{m.id}.png" for m in PACK.missions}
    locations = {f"locations/{place.number}.png" for place in PACK.locations}
    backs = {f"{group}/back.png" for group in ("characters", "missions", "locations", "first_player", "enigma")}
    aids = {"player_aids/aid.png", "player_aids/aid-reverse.png"}  # one image for the 4 copies, and its own back
    markers = {f"markers/{c}.png" for c in ("red", "green", "blue", "yellow", "white")}  # both sides alike: no reverse
    assert files == reward | starting | missions | locations | backs | aids | markers | {
        "first_player/card.png",
        "enigma/card.png",
    }
    sizes = {"characters": (70, 70), "locations": (166, 166), "player_aids": (100, 148), "markers": (16, 16)}
    for name in files:
        width, height = sizes.get(name.split("/")[0], (70, 120) if name.startswith("first_player") else (70, 70))
        with Image.open(tmp_path / "en" / "png" / name) as image:
            assert image.size == (_px(width, dpi), _px(height, dpi)), name


def test_the_reverse_is_the_aids_other_side_and_a_colour_is_its_own_card(tmp_path: Path) -> None:
    code, _, _ = _export("png", "--dpi", "40", "--only", "player_aids,characters/hans_r/*", "--out", str(tmp_path))
    assert code == 0
    assert _files(tmp_path / "en" / "png") == {
        "player_aids/aid.png",
        "player_aids/aid-reverse.png",
        "characters/back.png",
        *(f"characters/hans_r/{c}.png" for c in COLOURS),
    }
    assert _error(_png(tmp_path, "player_aids/aid"), _png(tmp_path, "player_aids/aid-reverse")) > 5
    red, blue = _png(tmp_path, "characters/hans_r/red"), _png(tmp_path, "characters/hans_r/blue")
    assert 0 < _error(red, blue) < 5  # the same card but for its colour's mark


def test_every_language_gets_its_own_folder_with_its_own_text(tmp_path: Path) -> None:
    only = ["--only", "missions/strongest"]
    code, _, err = _export("png", "--lang", "all", "--dpi", "60", *only, "--out", str(tmp_path))
    assert code == 0, err
    assert {p.name for p in tmp_path.iterdir()} == set(SHIPPED.languages)
    assert _error(_png(tmp_path, "missions/strongest", "en"), _png(tmp_path, "missions/strongest", "de")) > 0.5


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--dpi", "0"], "--dpi"),
        (["--dpi", "5000"], "--dpi"),
        (["--lang", "xx"], "--lang"),
        (["--only", "nothing"], "--only"),
        (["--only", "characters/no_such_card"], "--only"),
    ],
)
def test_bad_options_stop_with_one_line_and_write_nothing(tmp_path: Path, args: list[str], names: str) -> None:
    code, _, err = _export("png", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {names}"), err
    assert not (tmp_path / "out").exists()
