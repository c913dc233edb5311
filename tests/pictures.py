"""The picture fixture (`tests/fixtures/picture_game`) copied with its pictures made by Pillow, and
the bad pictures a designer may hand over: nothing binary is committed."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image, ImageDraw

FIXTURE = Path(__file__).parent / "fixtures" / "picture_game"

# the ship card's art box is 63 × 50 mm, 69 × 56 mm with the bleed: at 300 ppi, 815 × 661 px
RED, GREEN, BLUE, YELLOW = (220, 30, 30), (30, 170, 60), (30, 60, 220), (240, 200, 20)

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="120" height="100" viewBox="0 0 120 100">
  <rect x="0" y="0" width="120" height="100" fill="#f0c814"/>
  <circle cx="60" cy="50" r="30" fill="#1e3cdc"/>
</svg>
"""


def quarters(
    size: tuple[int, int], colours: tuple[tuple[int, int, int], ...] = (RED, GREEN, BLUE, YELLOW)
) -> Image.Image:
    """A picture in four bands from left to right: where a crop cuts shows in which colours remain."""
    image = Image.new("RGB", size, colours[0])
    draw = ImageDraw.Draw(image)
    w, h = size
    for i, colour in enumerate(colours):
        draw.rectangle((i * w // 4, 0, (i + 1) * w // 4 - 1, h - 1), fill=colour)
    return image


def logo(size: int = 400) -> Image.Image:
    """A red disc on a transparent square."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((size // 4, size // 4, 3 * size // 4, 3 * size // 4), fill=(*RED, 255))
    return image


def make_pictures(pack: Path) -> None:
    """Every picture the fixture names, each at print resolution."""
    ships = pack / "images" / "ships"
    ships.mkdir(parents=True, exist_ok=True)
    quarters((1000, 800)).save(ships / "galleon.jpg", quality=90)
    quarters((900, 720), (GREEN, BLUE, YELLOW, RED)).save(ships / "sloop.png")
    quarters((900, 720), (BLUE, YELLOW, RED, GREEN)).save(ships / "brig.webp", lossless=True)
    (ships / "junk.svg").write_text(SVG, encoding="utf-8")
    logo().save(pack / "images" / "logo.png")


def picture_pack(tmp: Path) -> Path:
    """A copy of the fixture with its pictures, ready to build."""
    pack = tmp / "picture_game"
    shutil.copytree(FIXTURE, pack)
    make_pictures(pack)
    return pack
