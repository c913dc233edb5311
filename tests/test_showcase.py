"""`export showcase` read back with PIL: the cards are `export png`'s pictures pixel for pixel where
the plan puts them, turned in a hand, each with a soft shadow on a transparent or chosen background."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export.raster import pixels
from estoril_pnp.export.showcase import Style, plan, to_image
from tests.conftest import assert_clean_outcome

runner = CliRunner()
DPI = 127  # 5 px per mm: a 16 mm marker is 80 px
MARKERS = ("red", "green", "blue", "yellow")
MARKER_PX = pixels(16, DPI)


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["export", *args])
    assert_clean_outcome(result, 0, 2)
    return result.exit_code, result.stdout, result.stderr


def _markers(tmp_path: Path, style: str, *extra: str) -> Image.Image:
    only = ",".join(f"markers/{c}" for c in MARKERS)
    args = ["--style", style, "--dpi", str(DPI), "--only", only, *extra, "--out", str(tmp_path)]
    code, out, err = _run("showcase", *args)
    assert code == 0, err
    assert f"{len(MARKERS)} cards" in out
    with Image.open(tmp_path / "en" / f"showcase-{style}.png") as image:
        return image.copy()


def _close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_a_spread_shows_each_card_pixel_for_pixel_as_export_png_draws_it(tmp_path: Path) -> None:
    shown = _markers(tmp_path / "showcase", "spread", "--columns", "2")
    code, _, err = _run("png", "--dpi", str(DPI), "--only", "markers", "--out", str(tmp_path / "png"))
    assert code == 0, err
    layout = plan(Style.spread, [(MARKER_PX, MARKER_PX)] * len(MARKERS), DPI, columns=2)
    assert shown.size == layout.size
    rows = [card.centre[1] for card in layout.cards]
    assert rows[0] == rows[1] < rows[2] == rows[3]  # two rows of two
    for colour, card in zip(MARKERS, layout.cards, strict=True):
        left, top = round(card.centre[0] - MARKER_PX / 2), round(card.centre[1] - MARKER_PX / 2)
        region = shown.crop((left, top, left + MARKER_PX, top + MARKER_PX))
        with Image.open(tmp_path / "png" / "en" / "png" / "markers" / f"{colour}.png") as png:
            # the same picture: pdfium's anti-aliasing of the card's edge may differ by a shade
            diff = ImageChops.difference(region.convert("RGB"), png.convert("RGB"))
            assert max(high for _, high in diff.getextrema()) <= 8, colour
        assert region.getchannel("A").getextrema() == (255, 255), colour  # the card is opaque


def test_the_shadow_is_soft_and_falls_to_the_lower_right_on_a_transparent_background(tmp_path: Path) -> None:
    shown = _markers(tmp_path, "spread", "--columns", "4")
    layout = plan(Style.spread, [(MARKER_PX, MARKER_PX)] * len(MARKERS), DPI, columns=4)
    alpha = shown.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0  # nothing drawn in the margin's corner
    card = layout.cards[-1]
    right, bottom = round(card.centre[0] + MARKER_PX / 2), round(card.centre[1] + MARKER_PX / 2)
    below = [alpha.getpixel((round(card.centre[0]), bottom + d)) for d in (1, 3, 6, 9)]
    assert 0 < below[-1] < below[0] < 255, below  # fading away from the card's edge
    above = alpha.getpixel((round(card.centre[0]), round(card.centre[1] - MARKER_PX / 2) - 6))
    assert above < below[2]  # the light comes from the upper left
    assert 0 < alpha.getpixel((right + 3, bottom + 3)) < 255
    assert shown.getpixel((right + 3, bottom + 3))[:3] == (0, 0, 0)  # a shadow is black, made see-through


def test_a_chosen_background_fills_the_image(tmp_path: Path) -> None:
    shown = _markers(tmp_path, "spread", "--background", "#20303c")
    assert shown.getpixel((0, 0)) == (0x20, 0x30, 0x3C, 255)
    assert shown.getchannel("A").getextrema() == (255, 255)


def test_a_hand_fans_the_cards_left_to_right_each_turned(tmp_path: Path) -> None:
    shown = _markers(tmp_path, "hand").convert("RGBA")
    layout = plan(Style.hand, [(MARKER_PX, MARKER_PX)] * len(MARKERS), DPI)
    assert shown.size == layout.size
    angles = [card.angle for card in layout.cards]
    assert angles == sorted(angles) and angles[0] < 0 < angles[-1]  # the first on the left, leaning left
    red = layout.cards[0]
    # near the red card's own top-left corner, where its turn takes it: red
    corner = to_image(red, 6, 6)
    assert _close(shown.getpixel((round(corner[0]), round(corner[1])))[:3], (178, 42, 34))

    # its left edge leans as far as its turn says: 40 px apart, the rows' first red pixels are
    # 40 × tan(angle) apart
    def first_red(y: int) -> int:
        return next(x for x in range(shown.width) if _close(shown.getpixel((x, y))[:3], (178, 42, 34), 30))

    cy = round(red.centre[1])
    lean = first_red(cy + 20) - first_red(cy - 20)
    assert lean == pytest.approx(40 * math.tan(math.radians(-red.angle)), abs=2)
    assert lean > 8
    # the last card lies on top, its colour where the cards overlap
    yellow = layout.cards[-1]
    inner = to_image(yellow, 6, MARKER_PX / 2)
    assert _close(shown.getpixel((round(inner[0]), round(inner[1])))[:3], (224, 168, 0))


def test_every_language_gets_its_own_showcase(tmp_path: Path) -> None:
    code, _, err = _run("showcase", "--lang", "all", "--dpi", "20", "--only", "missions", "--out", str(tmp_path))
    assert code == 0, err
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.png"))
    assert written == sorted(f"{lang}/showcase-hand.png" for lang in ("de", "en", "es", "hu", "pl", "pt"))


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--style", "fan"], "error: --style: expected hand or spread (got 'fan')"),
        (["--background", "sea"], "error: --background: expected 'transparent' or a colour"),
        (["--only", "nothing"], "error: --only: 'nothing' matches no piece"),
        (["--columns", "0"], "error: --columns: must be 1 or more (got 0)"),
        (["--dpi", "5"], "error: --dpi: must be between 10 and 1200 (got 5)"),
        (["--only", "characters"], "error: --only: chooses 51 cards; a showcase shows at most 40"),
    ],
)
def test_bad_options_are_one_line_and_write_nothing(tmp_path: Path, args: list[str], line: str) -> None:
    code, _, err = _run("showcase", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.startswith(line), err
    assert not (tmp_path / "out").exists()


def test_a_round_piece_is_shown_round_with_a_round_shadow(tmp_path: Path) -> None:
    shapes = Path(__file__).parent / "fixtures" / "shapes_game"
    code, _, err = _run(
        "showcase", "--pack", str(shapes), "--style", "spread", "--only", "tokens/one", "--dpi", str(DPI),
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    with Image.open(tmp_path / "en" / "showcase-spread.png") as image:
        alpha = image.getchannel("A")
    side = pixels(25, DPI)
    [coin] = plan(Style.spread, [(side, side)], DPI).cards
    cx, cy = round(coin.centre[0]), round(coin.centre[1])
    assert alpha.getpixel((cx, cy)) == 255
    # the corner of its square is outside the disc: no card there, only a little of the shadow
    corner = (cx - side // 2 + 3, cy - side // 2 + 3)
    assert alpha.getpixel(corner) < 40
    # the disc's own edge, halfway along its top: the card is there
    assert alpha.getpixel((cx, cy - side // 2 + 3)) == 255
