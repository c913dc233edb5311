"""Image exports, the edge that writes them: pictures drawn as single PDF pages (the drawing every
other output uses), rasterized at an exact size in pixels, written atomically as PNG files;
and Tabletop Simulator decks built from those pictures.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from ..errors import Finding, InputError
from ..files.atomic import atomic_path
from ..pieces.selection import Picture, back_names, pictures
from ..render.docinfo import untitled
from ..render.draw import new_canvas
from ..render.geometry import Box
from ..render.ops import Op
from ..render.options import DEFAULT_BLEED
from ..render.outline import cut_line
from ..render.piece import Piece
from ..render.sheets import Progress, draw_single
from ..render.srgb import srgb
from .raster import PageBox, cut_out, pixels, rasterize
from .tts import TILE_TYPES, Grid, Sheet, Tile, grid, saved_object, sheet, split, tiles_object
from .ttsdecks import Deck

MIN_DPI, MAX_DPI = 10, 1200
TTS_DPI = 300  # the resolution aimed at for Tabletop Simulator, before a sheet is scaled to 4096 px


def check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError([Finding("--dpi", None, "", f"must be between {MIN_DPI} and {MAX_DPI} (got {dpi})")])


def check_base_url(url: str | None) -> None:
    if url is not None and not url.startswith(("https://", "http://", "file:///")):
        raise InputError([Finding("--base-url", None, "", f"expected an http(s):// or file:/// URL (got '{url}')")])


def size(picture: Picture, dpi: int, bleed: bool) -> tuple[int, int]:
    """The picture's size in pixels: its trim size, or with `bleed` the trim plus the default bleed on every side."""
    extra = 2 * DEFAULT_BLEED if bleed else 0.0
    return pixels(picture.width + extra, dpi), pixels(picture.height + extra, dpi)


def images(
    found: Sequence[Picture], sizes: Sequence[tuple[int, int]], box: PageBox, bleed: float
) -> Iterator[tuple[Picture, Image.Image]]:
    """Each picture as an image of its size: drawn as a page with `bleed` (mm), TrimBox and BleedBox,
    then the page's own box rendered. Each output passes its own bleed: what bleeds reaches it."""
    if not found:
        return  # a PDF needs a page
    with tempfile.TemporaryDirectory(prefix="estoril-pnp-") as folder:
        pdf = Path(folder) / "pictures.pdf"
        canvas = new_canvas(pdf, untitled("pictures"))  # rendered to images, never shown
        pages = [Piece(p.name, p.group, "", p.width, p.height, p.ops, None, outline=p.outline) for p in found]
        draw_single(canvas, pages, bleed, lambda _: None)
        canvas.save()
        yield from zip(found, rasterize(pdf, sizes, box), strict=True)


def shaped(picture: Picture, image: Image.Image, extra: float = 0.0) -> Image.Image:
    """The picture's image with nothing outside its cut (or, with `extra` mm of bleed, outside
    that): transparent around a round or hexagonal piece; a plain rectangle as it is."""
    if picture.outline.plain:
        return image
    line = cut_line(picture.outline, picture.width, picture.height, extra)
    return cut_out(image, line, Box(-extra, -extra, picture.width + 2 * extra, picture.height + 2 * extra))


def export_png(pieces: Sequence[Piece], out_dir: Path, dpi: int, bleed: bool, progress: Progress) -> list[Path]:
    """A PNG per face, shared back and own second side in `out_dir`, named by key; the paths."""
    found = pictures(pieces)
    box = PageBox.bleed if bleed else PageBox.trim
    written = []
    extra = DEFAULT_BLEED if bleed else 0.0
    for picture, image in images(found, [size(p, dpi, bleed) for p in found], box, DEFAULT_BLEED):
        written.append(save(shaped(picture, image, extra), out_dir / f"{picture.name}.png", dpi, out_dir))
        progress(1)
    return written


@dataclass(frozen=True)
class TtsFiles:
    decks: list[Path]  # the saved objects (JSON), one per deck
    sheets: list[Path]  # face sheets and backs
    singles: list[Path]  # the single images
    tiles: list[Path] = field(default_factory=list)  # saved objects of round and hexagonal singles, one per group

    @property
    def images(self) -> list[Path]:
        return self.sheets + self.singles


def export_tts(
    decks: Sequence[Deck],
    singles: Sequence[Piece],
    out_dir: Path,
    url_root: Path,
    base_url: str | None,
    progress: Progress,
) -> TtsFiles:
    """Face sheets, a back and a saved object per deck, and the singles as PNG, in `out_dir`.
    Images are named by `file:///` URLs, or by `base_url` plus their path under `url_root`."""

    def url(path: Path) -> str:
        if base_url is None:
            return path.resolve().as_uri()
        # each part percent-encoded: a name is data, never a query, a fragment or another folder
        return base_url.rstrip("/") + "/" + "/".join(quote(part, safe="") for part in path.relative_to(url_root).parts)

    saved, written = [], []
    deck_id = 1
    for deck in decks:
        card = (pixels(deck.cards[0].width, TTS_DPI), pixels(deck.cards[0].height, TTS_DPI))
        counts = split(len(deck.cards))
        back_file = out_dir / f"{deck.name}-back.png"
        sheets, start = [], 0
        for n, count in enumerate(counts, 1):
            cards = deck.cards[start : start + count]
            names = deck.names[start : start + count]
            start += count
            layout = grid(count, card)
            faces, hidden = _deck_images(cards, deck.back, layout)
            suffix = f"-{n}" if len(counts) > 1 else ""
            face_file = save(sheet(layout, faces, hidden), out_dir / f"{deck.name}-faces{suffix}.png", None, out_dir)
            if n == 1:
                written.append(save(hidden, back_file, None, out_dir))
            written.append(face_file)
            sheets.append(Sheet(deck_id, layout, url(face_file), url(back_file), tuple(names)))
            deck_id += 1
            progress(count)
        target = out_dir / f"{deck.name}.json"
        with atomic_path(target, out_dir) as temp:
            text = json.dumps(saved_object(deck.title, sheets), ensure_ascii=False, indent=2)
            temp.write_text(text + "\n", encoding="utf-8")
        saved.append(target)
    images = export_png(singles, out_dir, TTS_DPI, False, progress)
    return TtsFiles(saved, written, images, _tiles(singles, out_dir, url))


def _tiles(singles: Sequence[Piece], out_dir: Path, url: Callable[[Path], str]) -> list[Path]:
    """A saved object per group of round or hexagonal singles, each a custom tile of that shape
    whose sides are the single images just written."""
    backs = back_names(singles)
    groups: dict[str, list[Tile]] = {}
    for piece in singles:
        if piece.outline.shape in TILE_TYPES:
            face = url(out_dir / f"{piece.key}.png")
            back = url(out_dir / f"{backs[piece.key]}.png") if piece.key in backs else face
            name = piece.key.split("/", 1)[-1]
            groups.setdefault(piece.group, []).append(Tile(name, piece.outline.shape, face, back))
    written = []
    for group, tiles in groups.items():
        target = out_dir / f"{group}-tiles.json"
        with atomic_path(target, out_dir) as temp:
            text = json.dumps(tiles_object(group, tiles), ensure_ascii=False, indent=2)
            temp.write_text(text + "\n", encoding="utf-8")
        written.append(target)
    return written


def _deck_images(cards: Sequence[Piece], back: tuple[Op, ...], layout: Grid) -> tuple[list[Image.Image], Image.Image]:
    """The cards' faces and their shared back, each drawn at the sheet's cell size."""
    found = [Picture(c.key, c.group, c.width, c.height, c.front) for c in cards]
    found.append(Picture(f"{cards[0].group}/back", cards[0].group, cards[0].width, cards[0].height, back))
    drawn = [image for _, image in images(found, [layout.cell] * len(found), PageBox.trim, DEFAULT_BLEED)]
    return drawn[:-1], drawn[-1]


def save(image: Image.Image, target: Path, dpi: int | None, within: Path) -> Path:
    with atomic_path(target, within) as temp:
        # the resolution is stored so a print or layout program opens the image at its true size
        image.save(temp, format="PNG", pnginfo=srgb(), **({"dpi": (dpi, dpi)} if dpi else {}))
    return target
