"""The Saltmarsh Harbour pack's pictures, drawn from scratch: every ship's picture (PNG, JPEG or
SVG), the logo on the cards' backs and the game's icons. Deterministic: the same files every run.

    python examples/harbour/art/make_art.py        # rewrites examples/harbour/images/ and icons/

A ship is a few numbers (hull, masts, sails, colours, the hour of the day); the same ship can be
drawn with Pillow, for a PNG or a JPEG, or written as SVG vectors. The pictures are 940 × 720 px:
over 320 ppi on the card's 69 × 53 mm art box (its bleed included), so no print warning.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

PACK = Path(__file__).resolve().parent.parent
SIZE = (940, 720)
HORIZON = 470  # px from the top: sky above, sea below


@dataclass(frozen=True)
class Ship:
    file: str  # under images/ships/, with its format's suffix
    masts: int  # 0 (a steamer's funnel instead), 1, 2 or 3
    rig: str  # "square", "fore" (triangular sails) or "lateen"
    hull: str  # colours as #rrggbb
    sail: str
    flag: str
    hour: str  # "day", "dusk", "night" or "storm": the sky and the sea
    length: float = 1.0  # of the hull, a fraction of the usual
    seed: int = 0


SKIES = {  # top and horizon colours of the sky, the sea's colour
    "day": ("#7fb8e0", "#d8ecf6", "#2f6f95"),
    "dusk": ("#41406e", "#f0a35e", "#3b4a6b"),
    "night": ("#0d1630", "#2d3d66", "#142540"),
    "storm": ("#4a5560", "#9aa5ad", "#38505a"),
}

SHIPS = (
    Ship("galleon.jpg", 3, "square", "#6b3a1e", "#f4ead2", "#b22a22", "dusk", 1.15, 1),
    Ship("sloop.png", 1, "fore", "#2f4858", "#fbf6e9", "#e0a800", "day", 0.8, 2),
    Ship("brig.png", 2, "square", "#5a3420", "#efe3c5", "#1f4e9e", "day", 1.0, 3),
    Ship("cog.png", 1, "square", "#7a4a26", "#d9c08a", "#2e7d32", "day", 0.85, 4),
    Ship("dhow.png", 1, "lateen", "#8a5a2b", "#f7efe0", "#b22a22", "dusk", 0.9, 5),
    Ship("steamer.jpg", 0, "square", "#23313b", "#ffffff", "#b22a22", "storm", 1.2, 6),
    Ship("schooner.png", 2, "fore", "#1e3a4c", "#fdfaf2", "#e0a800", "day", 1.0, 7),
    Ship("caravel.svg", 3, "lateen", "#7b4b2a", "#f5ecd8", "#1f4e9e", "day", 1.0, 8),
    Ship("clipper.png", 3, "square", "#1b1b1b", "#ffffff", "#2e7d32", "night", 1.2, 9),
    Ship("junk.png", 2, "lateen", "#9c2f1f", "#e6b15c", "#e0a800", "dusk", 0.95, 10),
    Ship("trawler.jpg", 0, "fore", "#2e6a4f", "#ffffff", "#1f4e9e", "storm", 0.8, 11),
    Ship("ketch.png", 2, "fore", "#4b2e1e", "#f0e2c0", "#b22a22", "night", 0.9, 12),
    Ship("barge.svg", 1, "square", "#5c4a32", "#c9a86a", "#2e7d32", "day", 1.1, 13),
    Ship("frigate.png", 3, "square", "#2b2b40", "#f7f3e8", "#1f4e9e", "storm", 1.15, 14),
    Ship("yawl.png", 2, "fore", "#31596e", "#fffaf0", "#e0a800", "dusk", 0.85, 15),
    Ship("packet.png", 1, "fore", "#6e2c2c", "#f3ead5", "#2e7d32", "day", 0.9, 16),
    Ship("whaler.jpg", 2, "square", "#3d3d3d", "#e8dcc0", "#b22a22", "night", 1.05, 17),
    Ship("felucca.png", 1, "lateen", "#a0522d", "#fbf4e4", "#1f4e9e", "day", 0.75, 18),
    Ship("tug.svg", 0, "fore", "#b22a22", "#ffffff", "#e0a800", "dusk", 0.7, 19),
    Ship("carrack.png", 3, "lateen", "#5b3a29", "#eadbb8", "#b22a22", "storm", 1.1, 20),
    Ship("lugger.png", 2, "lateen", "#3a5a40", "#d6b88a", "#1f4e9e", "night", 0.85, 21),
    Ship("pinnace.png", 1, "square", "#27476e", "#fdf8ec", "#e0a800", "day", 0.8, 22),
)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def mix(a: str, b: str, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(rgb(a), rgb(b), strict=True))  # type: ignore[return-value]


# --- The ship as shapes: polygons in the picture's pixels, each with its colour ---------------


def shapes(ship: Ship) -> list[tuple[str, list[tuple[float, float]]]]:
    """The ship's hull, masts, sails and flags as filled polygons, back to front."""
    rng = random.Random(ship.seed)
    cx, water = SIZE[0] / 2 + rng.uniform(-40, 40), HORIZON + 70
    half = 250 * ship.length
    out: list[tuple[str, list[tuple[float, float]]]] = []
    hull = [
        (cx - half, water - 55),
        (cx + half + 40, water - 70),
        (cx + half - 30, water + 25),
        (cx - half + 40, water + 25),
    ]
    out.append((ship.hull, hull))
    out.append(
        (
            "#e9dfc8",
            [
                (cx - half + 8, water - 40),
                (cx + half + 25, water - 52),
                (cx + half + 22, water - 44),
                (cx - half + 10, water - 32),
            ],
        )
    )
    if ship.masts == 0:  # a steamer: cabin and funnel
        out.append(
            (
                "#f1ebdc",
                [(cx - 90, water - 58), (cx + 110, water - 62), (cx + 110, water - 130), (cx - 90, water - 126)],
            )
        )
        out.append(
            (ship.flag, [(cx - 10, water - 125), (cx + 40, water - 126), (cx + 45, water - 250), (cx - 5, water - 249)])
        )
        out.append(
            ("#1b1b1b", [(cx - 6, water - 235), (cx + 44, water - 236), (cx + 45, water - 250), (cx - 5, water - 249)])
        )
        for i in range(4):
            r = 22 + 10 * i
            x, y = cx + 30 + 45 * i, water - 285 - 38 * i
            out.append(("#d6d6d6", _circle(x, y, r, 18)))
        return out
    spacing = 2 * half / (ship.masts + 1)
    for m in range(ship.masts):
        x = cx - half + spacing * (m + 1) + 20
        tall = 300 - 40 * abs(m - (ship.masts - 1) / 2) + rng.uniform(-15, 15)
        top = water - 60 - tall
        out.append(("#3b2a1c", [(x - 5, water - 60), (x + 5, water - 60), (x + 4, top), (x - 4, top)]))
        if ship.rig == "square":
            for k in range(3):
                y0 = top + 25 + k * (tall - 40) / 3
                y1 = y0 + (tall - 40) / 3 - 12
                w = min(95 - 18 * k + 10 * ship.length, spacing * 0.48 - 8 * k)
                belly = 14
                out.append((ship.sail, [(x - w, y0), (x + w, y0), (x + w + belly, y1), (x - w + belly, y1)]))
        elif ship.rig == "fore":
            out.append((ship.sail, [(x + 8, top + 10), (x + 8, water - 75), (x + 150 * ship.length, water - 75)]))
            out.append((ship.sail, [(x - 8, top + 30), (x - 8, water - 80), (x - 110, water - 80)]))
        else:  # lateen: one long slanted yard
            out.append(
                (ship.sail, [(x - 130, top + 150), (x + 60, top + 5), (x + 40, water - 78), (x - 70, water - 82)])
            )
        out.append((ship.flag, [(x + 4, top), (x + 60, top + 14 + rng.uniform(-6, 6)), (x + 4, top + 28)]))
    return out


def _circle(x: float, y: float, r: float, n: int) -> list[tuple[float, float]]:
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def waves(ship: Ship) -> list[list[tuple[float, float]]]:
    """Crests across the sea, nearer ones lower and larger."""
    rng = random.Random(ship.seed * 7 + 1)
    out = []
    for row in range(7):
        y = HORIZON + 30 + row * row * 6 + row * 18
        size = 10 + row * 5
        for _ in range(6 + row):
            x = rng.uniform(-20, SIZE[0])
            out.append([(x, y), (x + size, y - size * 0.45), (x + 2 * size, y), (x + size, y - size * 0.2)])
    return out


# --- Pillow: PNG and JPEG ------------------------------------------------------------------


def raster(ship: Ship) -> Image.Image:
    top, low, sea = SKIES[ship.hour]
    image = Image.new("RGB", SIZE)
    draw = ImageDraw.Draw(image)
    for y in range(HORIZON):
        draw.line([(0, y), (SIZE[0], y)], fill=mix(top, low, y / HORIZON))
    for y in range(HORIZON, SIZE[1]):
        draw.line([(0, y), (SIZE[0], y)], fill=mix(sea, "#0b1d2a", (y - HORIZON) / (SIZE[1] - HORIZON) * 0.6))
    if ship.hour == "night":
        rng = random.Random(ship.seed)
        for _ in range(60):
            x, y = rng.uniform(0, SIZE[0]), rng.uniform(0, HORIZON - 60)
            draw.ellipse([x, y, x + 3, y + 3], fill="#fff8d8")
        draw.ellipse([690, 60, 770, 140], fill="#f6efcf")
    elif ship.hour in ("day", "dusk"):
        sun = "#fff3c4" if ship.hour == "day" else "#ffd089"
        draw.ellipse([110, 70, 210, 170] if ship.hour == "day" else [600, 300, 720, 420], fill=sun)
    for colour, polygon in shapes(ship):
        draw.polygon(polygon, fill=colour)
    for crest in waves(ship):
        draw.polygon(crest, fill=mix(sea, "#ffffff", 0.45))
    if ship.hour == "storm":  # rain, and a softer look
        rng = random.Random(ship.seed)
        for _ in range(160):
            x, y = rng.uniform(0, SIZE[0]), rng.uniform(0, SIZE[1])
            draw.line([(x, y), (x - 12, y + 30)], fill="#c8d2d8", width=2)
        image = image.filter(ImageFilter.GaussianBlur(1.2))
    return image


def write_raster(ship: Ship, target: Path) -> None:
    image = raster(ship)
    if target.suffix == ".jpg":
        image.save(target, "JPEG", quality=72, optimize=True)
    else:  # few colours: a palette keeps the PNG small and sharp
        image.quantize(48, dither=Image.Dither.NONE).save(target, "PNG", optimize=True)


# --- SVG: the same ship as vectors -----------------------------------------------------------


def svg(ship: Ship) -> str:
    top, low, sea = SKIES[ship.hour]
    w, h = SIZE

    def poly(colour: str, points: list[tuple[float, float]]) -> str:
        return f'<polygon fill="{colour}" points="{" ".join(f"{x:.0f},{y:.0f}" for x, y in points)}"/>'

    # the sky in bands, not a gradient: the project's SVG renderer draws no gradients
    bands = 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">']
    for k in range(bands):
        colour = "#{:02x}{:02x}{:02x}".format(*mix(top, low, k / (bands - 1)))
        y0, y1 = HORIZON * k // bands, HORIZON * (k + 1) // bands
        parts.append(f'<rect y="{y0}" width="{w}" height="{y1 - y0 + 1}" fill="{colour}"/>')
    parts.append(f'<rect y="{HORIZON}" width="{w}" height="{h - HORIZON}" fill="{sea}"/>')
    if ship.hour == "day":
        parts.append('<circle cx="160" cy="120" r="50" fill="#fff3c4"/>')
    parts += [poly(colour, polygon) for colour, polygon in shapes(ship)]
    crest = "#{:02x}{:02x}{:02x}".format(*mix(sea, "#ffffff", 0.45))
    parts += [poly(crest, polygon) for polygon in waves(ship)]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# --- The logo on the backs: a compass rose on a transparent ground --------------------------


def logo() -> Image.Image:
    """A compass rose, anti-aliased by drawing large and scaling down; transparent around it."""
    big = 1600
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = big / 2
    draw.ellipse([c - 700, c - 700, c + 700, c + 700], outline="#e0b84f", width=40)
    draw.ellipse([c - 560, c - 560, c + 560, c + 560], outline="#e0b84f", width=16)
    for k in range(16):
        a = math.pi / 8 * k
        long = 690 if k % 4 == 0 else 520 if k % 2 == 0 else 380
        width = 120 if k % 4 == 0 else 80
        tip = (c + long * math.sin(a), c - long * math.cos(a))
        left = (c + width * math.sin(a - math.pi / 2), c - width * math.cos(a - math.pi / 2))
        right = (c + width * math.sin(a + math.pi / 2), c - width * math.cos(a + math.pi / 2))
        draw.polygon([left, tip, (c, c)], fill="#f4e7c3" if k % 2 == 0 else "#c99a2e")
        draw.polygon([(c, c), tip, right], fill="#c99a2e" if k % 2 == 0 else "#8a6a1e")
    draw.ellipse([c - 60, c - 60, c + 60, c + 60], fill="#f4e7c3")
    return image.resize((600, 600), Image.Resampling.LANCZOS)


# --- Icons: one colour each, filled shapes only (the layouts tint them) ------------------------

ICONS = {
    "coin": '<path fill-rule="evenodd" d="M256 24a232 232 0 1 0 0.1 0zM256 80a176 176 0 1 1-0.1 0z'
    'M256 120l40 90 96 8-73 63 22 94-85-50-85 50 22-94-73-63 96-8z"/>',
    "anchor": '<path d="M236 40h40v36a40 40 0 1 1-40 0zM256 96a16 16 0 1 0 0.1 0zM180 150h152v36H276v214'
    "c60-8 104-50 116-110l-40 10 70-80 40 100-34-14c-14 90-86 150-172 156-86-6-158-66-172-156l-34 14 40-100"
    ' 70 80-40-10c12 60 56 102 116 110V186h-56z"/>',
    "fish": '<path d="M40 256c60-90 170-130 270-90l110-80-20 170 20 170-110-80c-100 40-210 0-270-90z'
    'M130 232a20 20 0 1 0 0.1 0z" fill-rule="evenodd"/>',
    "barrel": '<path fill-rule="evenodd" d="M150 40h212c40 70 40 362 0 432H150c-40-70-40-362 0-432z'
    'M128 130h256v28H128zM128 354h256v28H128z"/>',
    "cloth": '<path d="M60 120l196-80 196 80-196 80zM60 170l196 80 196-80v60l-196 80-196-80zM60 290l196 80'
    ' 196-80v60l-196 80-196-80z"/>',
    "wind": '<path d="M40 200h300a50 50 0 1 0-50-50h-40a90 90 0 1 1 90 90H40zM40 280h360a60 60 0 1 1-60 60'
    'h40a20 20 0 1 0 20-20H40zM40 360h180v40H40z"/>',
    "lighthouse": '<path d="M226 40h60v30h20v40H206V70h20zM206 130h100l30 300H176zM140 440h232v40H140z'
    'M120 80l70 20-70 20zM392 80l-70 20 70 20z"/>',
    "crane": '<path d="M90 460V420h60V120l220 0v30H190v40l180 120h-20V180l-160 0v240h60v40zM356 310h28v50h-28z"/>',
}


def icon_svg(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" fill="#000">{body}</svg>\n'


def main() -> None:
    ships = PACK / "images" / "ships"
    ships.mkdir(parents=True, exist_ok=True)
    for old in ships.iterdir():
        old.unlink()
    for ship in SHIPS:
        target = ships / ship.file
        if target.suffix == ".svg":
            target.write_text(svg(ship), encoding="utf-8")
        else:
            write_raster(ship, target)
    logo().save(PACK / "images" / "logo.png", "PNG", optimize=True)
    icons = PACK / "icons" / "harbour"
    icons.mkdir(parents=True, exist_ok=True)
    for name, body in ICONS.items():
        (icons / f"{name}.svg").write_text(icon_svg(body), encoding="utf-8")
    total = sum(p.stat().st_size for folder in ("images", "icons") for p in (PACK / folder).rglob("*") if p.is_file())
    print(f"{len(SHIPS)} ships, a logo and {len(ICONS)} icons: {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
